"""The Naval Construction Chart's arithmetic (27.7251, 27.7267, 27.7272, 27.721): the rules' worked examples."""

from models.naval_tables import (
    LAUNCH_ROW,
    SEASONS,
    ChartAction,
    lay_down_position,
    move,
    one_factor_points,
    repair_position,
    yard_capacity,
)
from models.tables import UnitType

SPRING, SUMMER, FALL, WINTER = range(4)


def test_three_factor_ship_laid_down_in_spring():
    """27.7251 A: a 3-factor ship laid down in spring is placed in the 3 row of the Spring column."""
    assert lay_down_position(UnitType.CAPITAL_SHIP, 3, SPRING) == (3, SPRING)


def test_cruiser_laid_down_in_spring():
    """27.7251 B: a cruiser laid down in spring is placed on the 2 row in the Fall column."""
    assert lay_down_position(UnitType.CRUISER, 2, SPRING) == (2, FALL)


def test_destroyer_laid_down_in_winter():
    """27.7251 C: destroyers built in winter go to the Launch row of the Spring column."""
    assert lay_down_position(UnitType.DESTROYER, 1, WINTER) == (LAUNCH_ROW, SPRING)


def test_named_ship_repaired_from_spring():
    """27.7267: a damaged named ship starting repairs in spring goes to the Launch row of the Fall column."""
    assert repair_position(UnitType.CAPITAL_SHIP, SPRING) == (LAUNCH_ROW, FALL)


def test_cruiser_repair_takes_one_turn():
    """27.7267: cruisers go to the Launch row of the column for the following turn."""
    assert repair_position(UnitType.CRUISER, SPRING) == (LAUNCH_ROW, SUMMER)


def test_acceleration_by_six_and_nine():
    """27.7272 B: 6 BRPs move one row down and one column left; 9 BRPs a knight's move (two columns over)."""
    assert move(4, SPRING, ChartAction.ACCELERATE) == (3, WINTER)
    assert move(4, SPRING, ChartAction.ACCELERATE_KNIGHT) == (3, FALL)
    assert move(4, SPRING, ChartAction.CONTINUE) == (3, SPRING)
    assert move(4, SPRING, ChartAction.DEFER) == (4, SUMMER)


def turns_to_launch(unit, factors, season):
    """Lay down, then continue each time the column comes round: turns until launched."""
    row, column = lay_down_position(unit, factors, season)
    turn = 0
    while True:
        turn += 1
        if (season + turn) % 4 != column:
            continue
        if row == LAUNCH_ROW:
            return turn
        after = move(row, column, ChartAction.CONTINUE)
        if after is None:
            return turn
        row, column = after


def test_construction_times_of_27_721():
    """27.721: DDs and CVEs 1 turn, cruisers 2, 2-factor named ships 4, 3-factor 8, 4-factor 12, 5-factor 16."""
    assert turns_to_launch(UnitType.DESTROYER, 1, SPRING) == 1
    assert turns_to_launch(UnitType.CRUISER, 2, SPRING) == 2
    for factors, turns in ((2, 4), (3, 8), (4, 12), (5, 16)):
        assert turns_to_launch(UnitType.CAPITAL_SHIP, factors, SUMMER) == turns


def test_capacity_and_half_rate():
    """27.741: capacity twice the rate; 27.743: U.S. boxes 10 until the rate passes 5; 27.713: captured 2;
    27.7221 A: one-factor units at most half the rate, rounded up (rate 3 -> 2)."""
    assert yard_capacity(4, us_box=False, captured=False) == 8
    assert yard_capacity(3, us_box=True, captured=False) == 10
    assert yard_capacity(6, us_box=True, captured=False) == 12
    assert yard_capacity(4, us_box=False, captured=True) == 2
    assert one_factor_points(3) == 2
    assert SEASONS[SPRING] == "spring"
