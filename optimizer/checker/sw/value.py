"""What an SW deployment is worth to the planning player, computed again from `derive`: the weights, or
the player's results table, in either form (models/sw_results.py), read here with the checker's own
arithmetic: every face of every die enumerated, each loss capped at what is in the box."""

from __future__ import annotations

import itertools
from fractions import Fraction

from models.scenario import Scenario
from models.sw import Shipping, SWDeployment, SWSection
from models.sw_results import (
    SUBMARINE_FACTOR_BRPS,
    TRANSPORT_BRPS,
    AnyResultsTable,
    GameResultsTable,
    ModifierDirection,
    ResultsTable,
    RollTable,
)
from models.tables import Power
from optimizer.checker.sw.deployment import PLANNERS
from optimizer.checker.sw.derive import ATTACKERS, Derived, derive, rules_allow
from optimizer.checker.sw.facts import on_axis_side


def deployment_value(
    scenario: Scenario, deployment: SWDeployment, table: AnyResultsTable | None = None
) -> float:
    """What the deployment is worth to the planning player: per campaign its rules allow (25.11, 25.5,
    25.81, 25.91) and not declined (25.14), + for its own attacks and - for the enemy's: with no
    table the weighted modifier and levels when conventional submarines are in the box, plus three
    submarine-level weights a factor for the advanced ones (25.73 A); with a table the expected BRP
    value lost (3 a transport or submarine factor, 27.12), rolls made only with conventional
    submarines in the box (25.73 C: none against the advanced ones alone)."""
    sw = scenario.sw or SWSection()
    planners = PLANNERS.get(scenario.faction.value, set())
    planner_axis = any(on_axis_side(p) for p in planners)
    total = 0.0
    for campaign, d in derive(scenario, deployment).items():
        power, box = ATTACKERS[campaign]
        if not rules_allow(scenario, campaign) or campaign in sw.declined or campaign in deployment.declined:
            continue  # 25.14: the transports are unaffected by these submarines
        sign = 1 if on_axis_side(power) == planner_axis else -1
        ships = (sw.japanese_shipping if power is Power.USA else sw.shipping.get(box)) or Shipping()
        if table is None:
            w = sw.weights_of(campaign)
            hundredths = round(w.submarine_level * 100) * d.advanced_level  # 25.73 A: three each
            if d.submarines > 0:
                hundredths += (
                    round(w.modifier * 100) * d.total
                    + round(w.submarine_level * 100) * d.submarines
                    - round(w.asw_level * 100) * d.asw
                )
        elif isinstance(table, ResultsTable):
            hundredths = _written(table, d)
        else:
            hundredths = _rolled(table, d, ships)
        total += sign * hundredths / 100
    return total


def _written(table: ResultsTable, d: Derived) -> int:
    """`awaw-sw-results/1`: the expected losses as written, at the levels and net modifier."""
    out = 0
    if d.submarines > 0:
        sub, asw = table.submarine_row(d.submarines, d.total), table.asw_row(d.asw, d.total)
        out += round((TRANSPORT_BRPS * sub.transports_lost + sub.brps_lost) * 100)
        out -= round(SUBMARINE_FACTOR_BRPS * asw.submarines_lost * 100)
    if d.advanced_level:
        # 25.73: a roll at three times the factors, modifier 0, no Allied roll; +1 transport each.
        roll = table.submarine_row(3 * d.advanced, 0)
        out += round((TRANSPORT_BRPS * roll.transports_lost + roll.brps_lost) * 100)
        out += round(TRANSPORT_BRPS * d.advanced * 100)
    return out


def _column(roll: RollTable, level: int) -> int | None:
    """The rightmost column whose figure the level reaches."""
    reached = [i for i, figure in enumerate(roll.columns) if figure <= level]
    return reached[-1] if reached else None


def _expected(
    table: GameResultsTable,
    roll: RollTable,
    level: int,
    modifier: int,
    ships: Shipping,
    submarines: int,
    eliminated: int = 0,
) -> Fraction:
    """The attacker's worth of one roll, over every face of every die: 3 a transport + 1 a BRP - 3 a
    submarine factor, each result at most what is in the box."""
    column = _column(roll, level)
    if column is None and not eliminated:
        return Fraction(0)
    by_roll = {row.roll: row for row in roll.rows}
    lowest, highest = min(by_roll), max(by_roll)
    faces = range(1, table.dice_faces + 1)
    outcomes = list(itertools.product(faces, repeat=table.dice_count))
    worth = Fraction(0)
    for dice in outcomes:
        modified = sum(dice) + (modifier if roll.modifier is ModifierDirection.PLUS else -modifier)
        cell = by_roll[min(highest, max(lowest, modified))].cells[column] if column is not None else None
        transports = (cell.transports if cell else 0) + eliminated
        brps = cell.brps if cell else 0
        sunk = cell.factors if cell else 0
        if ships.transports is not None:
            transports = min(transports, ships.transports)
        if ships.brps is not None:
            brps = min(brps, ships.brps)
        worth += TRANSPORT_BRPS * transports + brps - SUBMARINE_FACTOR_BRPS * min(sunk, submarines)
    return worth / len(outcomes)


def _rolled(table: GameResultsTable, d: Derived, ships: Shipping) -> int:
    """`awaw-sw-results/2`: the attacker's roll at the submarine level and the defender's at the ASW
    level with the net modifier (25.41, 25.42, 25.61), when conventional submarines are there; the
    advanced roll at three times their factors, no modifier, one transport more a factor (25.73)."""
    out = 0
    if d.submarines > 0:
        conventional = _expected(table, table.attacker_roll, d.submarines, d.total, ships, d.submarines)
        conventional += _expected(table, table.defender_roll, d.asw, d.total, ships, d.submarines)
        out += round(conventional * 100)
    if d.advanced_level:
        advanced = _expected(table, table.attacker_roll, 3 * d.advanced, 0, ships, d.advanced, d.advanced)
        out += round(advanced * 100)
    return out
