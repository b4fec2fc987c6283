"""Naval air training rates (27.61)."""

from __future__ import annotations

from collections.abc import Iterable

from models.scenario import Scenario
from models.tables import KAMIKAZE_RATE_MULTIPLIER, NAVAL_AIR_RATES, Power, UnitType
from optimizer.checker.lines import PricedLine
from optimizer.checker.violations import Violation


def naval_air_rate(scenario: Scenario, power: Power) -> int:
    """Naval air factors a turn: U.S. 4, Japan 3 (x2 once kamikazes are formed), Britain 2,
    Germany 1, Italy 1, plus RP increases (27.61, 42.22 E)."""
    state = scenario.powers[power].naval_air
    multiplier = KAMIKAZE_RATE_MULTIPLIER if power is Power.JAPAN and state.kamikazes_formed else 1
    return NAVAL_AIR_RATES[power] * multiplier + state.rp_increase


def naval_air_used(scenario: Scenario, power: Power, lines: Iterable[PricedLine]) -> int:
    """Naval air factors built, new or rebuilt, and kamikazes with the setting
    `kamikazes_use_naval_air_rate` (27.61) [reading]."""
    counted = {UnitType.NAVAL_AIR}
    if scenario.settings.kamikazes_use_naval_air_rate:
        counted.add(UnitType.KAMIKAZE)
    return sum(
        item.line.counters * item.entry.factors
        for item in lines
        if item.power is power and item.entry.unit in counted
    )


def check_naval_air(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Naval air factors built are at most the training rate (27.61)."""
    violations: list[Violation] = []
    for power in scenario.powers:
        rate = naval_air_rate(scenario, power)
        used = naval_air_used(scenario, power, lines)
        if used > rate:
            violations.append(
                Violation("27.61", f"{power.value}: {used} naval air factors built, training rate {rate}")
            )
    return violations
