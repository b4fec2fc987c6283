"""Expected SW combat results from the player's table (models/sw_results.py), per deployment level, for
the expected-results objective: the CP-SAT model reads them from a precomputed table (an element
constraint over the small integer levels), so the objective stays linear.

The worth of a campaign is, in BRPs, what the defender is expected to lose less what the attacker is
expected to lose: 3 a transport, 1 a BRP, 3 a submarine factor (27.12). With the game's form of the
table (`awaw-sw-results/2`):

- the attacker's roll reads the column of the submarine level (25.41), the defender's roll the column
  of the ASW level (25.42), each at the dice's sum with the net modifier added or subtracted as the
  table says; a modified roll beyond the table reads its first or last row;
- each expected loss is exact over the dice's distribution and capped at what is in the box,
  E[min(result, present)]: transports and BRPs at `sw.shipping` (none given: no cap), submarine
  factors at the submarines there [reading: each roll is capped at what is in the box before it,
  the rolls of a box being resolved together (25.83)];
- with no conventional submarines in the box there is no roll at all: the advanced submarines face
  no Allied roll (25.73 C);
- the advanced submarines' own roll (25.73) reads the column of three times their factors (A), with
  no modifier (B), and adds one transport eliminated a factor (D) to its transports.

The older form (`awaw-sw-results/1`) gives the expected losses per level and modifier as written.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import NamedTuple

from models.sw_modifiers import ADVANCED_TABLE_FACTORS, ADVANCED_TRANSPORTS_PER_FACTOR
from models.sw_results import (
    SUBMARINE_FACTOR_BRPS,
    TRANSPORT_BRPS,
    AnyResultsTable,
    GameResultsTable,
    ModifierDirection,
    ResultsTable,
    RollTable,
)

SCALE = 100  # worths are kept to 1/100 of a BRP


@functools.cache
def dice_distribution(count: int, faces: int) -> tuple[tuple[int, Fraction], ...]:
    """The probability of each sum of `count` dice of `faces` faces, by convolution."""
    sums = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, chance in sums.items():
            for face in range(1, faces + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + chance / faces
        sums = nxt
    return tuple(sorted(sums.items()))


class Losses(NamedTuple):
    """Expected losses of one or more rolls: the defender's transports and BRPs, the attacker's
    submarine factors."""

    transports: Fraction = Fraction(0)
    brps: Fraction = Fraction(0)
    submarines: Fraction = Fraction(0)

    def __add__(self, other: object) -> Losses:
        assert isinstance(other, Losses)
        return Losses(*(a + b for a, b in zip(self, other, strict=True)))

    @property
    def worth(self) -> Fraction:
        """To the attacker, in BRPs: 3 a transport (27.12), 1 a BRP, less 3 a submarine factor."""
        return TRANSPORT_BRPS * self.transports + self.brps - SUBMARINE_FACTOR_BRPS * self.submarines


def roll_losses(
    table: GameResultsTable,
    roll: RollTable,
    level: int,
    modifier: int,
    transports: int | None,
    brps: int | None,
    submarines: int,
    extra_transports: int = 0,
) -> Losses:
    """One roll's expected losses over the dice, E[min(result, present)] for each: transports and BRPs
    capped at `transports` and `brps` (None: not capped), submarine factors at `submarines`."""
    column = roll.column(level)
    if column is None and not extra_transports:
        return Losses()
    sign = 1 if roll.modifier is ModifierDirection.PLUS else -1
    total = Losses()
    for dice, chance in dice_distribution(table.dice_count, table.dice_faces):
        cell = roll.row(dice + sign * modifier).cells[column] if column is not None else None
        lost = (cell.transports if cell else 0) + extra_transports
        money = cell.brps if cell else 0
        sunk = cell.factors if cell else 0
        lost = lost if transports is None else min(lost, transports)
        money = money if brps is None else min(money, brps)
        total += Losses(chance * lost, chance * money, chance * min(sunk, submarines))
    return total


def campaign_losses(
    table: GameResultsTable,
    submarines: int,
    asw: int,
    modifier: int,
    transports: int | None,
    brps: int | None,
) -> Losses:
    """The attacker's roll at the submarine level and the defender's at the ASW level (25.41, 25.42)."""
    if submarines <= 0:
        return Losses()
    attack = roll_losses(table, table.attacker_roll, submarines, modifier, transports, brps, submarines)
    return attack + roll_losses(table, table.defender_roll, asw, modifier, transports, brps, submarines)


def conventional_worth(
    table: AnyResultsTable,
    submarines: int,
    asw: int,
    modifier: int,
    transports: int | None = None,
    brps: int | None = None,
) -> int:
    """The attacker's and the defender's rolls of a campaign (25.41, 25.42, 25.61), in hundredths of
    a BRP; 0 without conventional submarines (no roll)."""
    if submarines <= 0:
        return 0
    if isinstance(table, ResultsTable):
        sub, asw_row = table.submarine_row(submarines, modifier), table.asw_row(asw, modifier)
        return round((TRANSPORT_BRPS * sub.transports_lost + sub.brps_lost) * SCALE) - round(
            SUBMARINE_FACTOR_BRPS * asw_row.submarines_lost * SCALE
        )
    return round(campaign_losses(table, submarines, asw, modifier, transports, brps).worth * SCALE)


def advanced_worth(
    table: AnyResultsTable, factors: int, transports: int | None = None, brps: int | None = None
) -> int:
    """The advanced submarines' own roll (25.73 A-D), in hundredths of a BRP; 0 without any."""
    if factors <= 0:
        return 0
    level, eliminated = ADVANCED_TABLE_FACTORS * factors, ADVANCED_TRANSPORTS_PER_FACTOR * factors
    if isinstance(table, ResultsTable):
        row = table.submarine_row(level, 0)
        rolled = TRANSPORT_BRPS * row.transports_lost + row.brps_lost
        return round(rolled * SCALE) + round(TRANSPORT_BRPS * eliminated * SCALE)
    losses = roll_losses(table, table.attacker_roll, level, 0, transports, brps, factors, eliminated)
    return round(losses.worth * SCALE)


def level_caps(table: AnyResultsTable) -> tuple[int, int]:
    """(submarine level, ASW level) above which a level reads the same results: the last column (or
    row), and for the submarines also the most factors a cell sinks (the cap E[min(result, present)])."""
    if isinstance(table, ResultsTable):
        return max(table.max_level, 1), table.max_level  # a level of 1 or more: submarines, so rolls
    sunk = max(
        (
            c.factors
            for roll in (table.attacker_roll, table.defender_roll)
            for r in roll.rows
            for c in r.cells
        ),
        default=0,
    )
    return max(table.attacker_roll.columns[-1], sunk, 1), table.defender_roll.columns[-1]


def expected_losses(
    table: AnyResultsTable,
    submarines: int,
    asw: int,
    modifier: int,
    transports: int | None = None,
    brps: int | None = None,
) -> dict[str, float]:
    """The expected transports, BRPs and submarine factors lost in a campaign's two rolls (for the
    report), each capped as in `conventional_worth`."""
    if submarines <= 0:
        return {"transports_lost": 0.0, "brps_lost": 0.0, "submarines_lost": 0.0}
    if isinstance(table, ResultsTable):
        sub, asw_row = table.submarine_row(submarines, modifier), table.asw_row(asw, modifier)
        return {
            "transports_lost": sub.transports_lost,
            "brps_lost": sub.brps_lost,
            "submarines_lost": asw_row.submarines_lost,
        }
    losses = campaign_losses(table, submarines, asw, modifier, transports, brps)
    return {
        "transports_lost": round(float(losses.transports), 4),
        "brps_lost": round(float(losses.brps), 4),
        "submarines_lost": round(float(losses.submarines), 4),
    }
