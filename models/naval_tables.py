"""Rule tables of naval construction and repair (27.7), read by the solver and the checker.

The Naval Construction Chart has one column per season (spring, summer, fall,
winter) and rows Launch, 2, 3, 4, 5. Here a row is a number, the Launch row
being 1, and a column is the season's index (spring 0 ... winter 3).
"""

from __future__ import annotations

from enum import StrEnum

from models.tables import Faction, Power, UnitType

LAUNCH_ROW = 1
SEASONS = ("spring", "summer", "fall", "winter")
COLUMNS = len(SEASONS)


class ChartAction(StrEnum):
    """What a ship in the turn's column may do (27.7272), and how ships get on the chart."""

    CONTINUE = "continue"  # A: 1 SB + 3 BRPs, one row down
    ACCELERATE = "accelerate"  # B: 1 SB + 6 BRPs, one row down and one column left
    ACCELERATE_KNIGHT = "accelerate_knight"  # B: 1 SB + 9 BRPs, one row down and two columns over
    DEFER = "defer"  # C: free, one column right
    LAUNCH = "launch"  # D: from the Launch row
    SCUTTLE = "scuttle"  # E
    LAY_DOWN = "lay_down"  # 27.7251
    START_REPAIR = "start_repair"  # 27.7267
    RAISE = "raise"  # 27.7262: a named ship sunk in port


# (SB, BRPs, rows down, columns moved) for the moves of 27.7272 A, B and C.
MOVES: dict[ChartAction, tuple[int, int, int, int]] = {
    ChartAction.CONTINUE: (1, 3, 1, 0),
    ChartAction.ACCELERATE: (1, 6, 1, -1),
    ChartAction.ACCELERATE_KNIGHT: (1, 9, 1, 2),
    ChartAction.DEFER: (0, 0, 0, 1),
}
# 27.7272 B: only three-, four- and five-factor ships may be accelerated.
ACCELERATE_MIN_FACTORS = 3
LAY_DOWN_SB, LAY_DOWN_BRPS = 1, 3  # 27.7251: whatever the ship's size
REPAIR_SB, REPAIR_BRPS = 1, 3  # 27.7267: named ships; cruisers are repaired free
RAISE_SB, RAISE_BRPS = 1, 3  # 27.7262
SW_SB_PER_FACTOR, SW_BRPS_PER_FACTOR = 1, 3  # 27.721 A: subs, ASW, transports, launched at once

CHART_UNITS = frozenset(
    {UnitType.DESTROYER, UnitType.ESCORT_CARRIER, UnitType.CRUISER, UnitType.CAPITAL_SHIP, UnitType.CARRIER}
)
NAMED_UNITS = frozenset({UnitType.CAPITAL_SHIP, UnitType.CARRIER})
SW_UNITS = frozenset({UnitType.SUBMARINE, UnitType.ASW, UnitType.TRANSPORT})
# 27.7221 A: one-factor units use at most half (round up) of a yard's rate a turn.
ONE_FACTOR_UNITS = frozenset({UnitType.DESTROYER, UnitType.ESCORT_CARRIER}) | SW_UNITS


def lay_down_position(unit: UnitType, factors: int, column: int) -> tuple[int, int]:
    """Where a new ship goes (27.7251 A-C): (row, column)."""
    if unit in NAMED_UNITS:
        return factors, column  # A: the row of its size, this turn's column
    if unit is UnitType.CRUISER:
        return 2, (column + 2) % COLUMNS  # B: row 2, two columns on
    return LAUNCH_ROW, (column + 1) % COLUMNS  # C: destroyers and CVEs, Launch row, next column


def repair_position(unit: UnitType, column: int) -> tuple[int, int]:
    """Where a ship starting repairs goes (27.7267): named ships two turns, cruisers one."""
    if unit is UnitType.CRUISER:
        return LAUNCH_ROW, (column + 1) % COLUMNS
    return LAUNCH_ROW, (column + 2) % COLUMNS


def move(row: int, column: int, action: ChartAction) -> tuple[int, int] | None:
    """Position after a move of 27.7272 A-C; None when the ship is launched by it.

    Reading: a ship moved into the Launch row by continuing or accelerating is
    launched in that phase, which is what gives the times of 27.721 (a
    cruiser two turns, a 5-factor ship sixteen); a ship placed in the Launch
    row (destroyers, CVEs, repairs) launches when its column comes round.
    """
    _, _, down, columns = MOVES[action]
    new_row = row - down
    if down and new_row <= LAUNCH_ROW:
        return None
    return new_row, (column + columns) % COLUMNS


def construction_progress(unit: UnitType, factors: int, row: int) -> float:
    """Share of a ship's construction done at `row` (SB spent over SB needed, 27.721)."""
    if unit in NAMED_UNITS:
        needed = factors
        done = 1 + factors - row
    elif unit is UnitType.CRUISER:
        needed, done = 2, 1 + (2 - row)
    else:
        needed, done = 1, 1
    return max(0.0, min(1.0, done / needed))


# Starting shipbuilding rates per yard (27.731).
SHIPYARD_RATES: dict[Power, dict[str, int]] = {
    Power.GERMANY: {"kiel": 2},
    Power.ITALY: {"genoa": 1, "trieste": 1},
    Power.JAPAN: {"tokyo": 3},
    Power.RUSSIA: {"leningrad": 1, "sevastopol": 1},
    Power.BRITAIN: {"glasgow": 4, "canada_box": 1, "australia_box": 1},
    Power.FRANCE: {"lorient": 1, "marseilles": 1},
    Power.USA: {"us_atlantic_box": 1, "us_pacific_box": 1},
}
# 27.724 B, 27.743: each U.S. box, until its rate passes 5 [reading: before and after American entry into
# the war alike; 27.743 states it "prior to American entry", and 27.724 B's exception gives the starting
# capacity of ten with no end but the rate passing five]
US_BOX_CAPACITY = 10
US_BOX_CAPACITY_RATE = 5
CAPTURED_RATE, CAPTURED_CAPACITY = 1, 2  # 27.713


def yard_capacity(rate: int, us_box: bool, captured: bool) -> int:
    """Ships a yard may hold on its chart (27.741, 27.724 B, 27.743, 27.713)."""
    if captured:
        return CAPTURED_CAPACITY
    if us_box and rate <= US_BOX_CAPACITY_RATE:
        return US_BOX_CAPACITY
    return 2 * rate


def one_factor_points(rate: int) -> int:
    """27.7221 A: at most half of a yard's rate, rounded up, on one-factor units."""
    return -(-rate // 2)


class CarrierClass(StrEnum):
    CV = "cv"
    CVB = "cvb"
    CVL = "cvl"


# 27.7222: who may build which fast carriers.
FAST_CARRIER_CLASSES: dict[Power, frozenset[CarrierClass]] = {
    Power.USA: frozenset(CarrierClass),
    Power.JAPAN: frozenset(CarrierClass),
    Power.GERMANY: frozenset({CarrierClass.CVL}),
    Power.ITALY: frozenset({CarrierClass.CVL}),
    Power.BRITAIN: frozenset({CarrierClass.CVL}),
    Power.RUSSIA: frozenset(),
    Power.FRANCE: frozenset(),
    Power.CHINA: frozenset(),
}


# This turn's naval BRPs are priced in 3-BRP steps for the BRP, limit and oil sums (27.72, 27.35) [reading].
NAVAL_STEP_BRPS = 3
LEND_LEASE_USAT = 25  # 27.7322 B: lend lease over USAT 25; cash and carry (A) at 25 or less
CASH_AND_CARRY_LOSSES = 5  # 27.7322 A: only after more than five British transports were lost
BRITISH_CVE_USAT = 28  # 27.7223 B: the U.S. lays down CVEs for Britain from USAT 28
AMERICAN_CVE_USAT = 35  # 27.7223 C: the U.S. lays down its own CVEs from USAT 35
AUSTRALIAN_IN_PLAY = 2  # 27.712 D: two Australian destroyer factors, two CA2s in play at most

# 27.71: a yard is captured by "an opposing alliance faction": the Axis factions oppose the Allied ones.
AXIS_FACTIONS = frozenset({Faction.EUROPEAN_AXIS, Faction.JAPAN})
# 27.71, 27.7281, 27.7282: what befalls a ship on the chart of a captured yard, by its row.
DISPLACED_ROWS = frozenset({LAUNCH_ROW, 2})
DISPLACED, ELIMINATED = "displaced", "eliminated"

# States of a ship besides a chart position (row, column): row 1 is the Launch row, column 0 spring.
NEW, WAITING, LAUNCHED, SCUTTLED, SUNK = "new", "waiting", "launched", "scuttled", "sunk"
ShipState = tuple[int, int] | str
