"""Naval air training rates (27.61) and the units counted against them."""

from __future__ import annotations

from models.scenario import Scenario
from models.tables import KAMIKAZE_RATE_MULTIPLIER, NAVAL_AIR_RATES, Power, UnitType


def naval_air_rate(scenario: Scenario, power: Power) -> int:
    """Naval air training rate (27.61): doubled for Japan once kamikazes are formed, plus RP increases.

    Reading: the doubling applies to the printed rate; RP increases are added after. A power the
    scenario does not plan has its printed rate (a U.S. CVE for Britain counts Britain's, 27.7223 B).
    """
    state = scenario.powers.get(power)
    rate = NAVAL_AIR_RATES[power]
    if state is None:
        return rate
    if power is Power.JAPAN and state.naval_air.kamikazes_formed:
        rate *= KAMIKAZE_RATE_MULTIPLIER
    return rate + state.naval_air.rp_increase


def naval_air_units(scenario: Scenario) -> frozenset[UnitType]:
    """Unit types counted against the naval air training rate (27.61); kamikazes too when the
    setting `kamikazes_use_naval_air_rate` is on [reading]."""
    if scenario.settings.kamikazes_use_naval_air_rate:
        return frozenset({UnitType.NAVAL_AIR, UnitType.KAMIKAZE})
    return frozenset({UnitType.NAVAL_AIR})
