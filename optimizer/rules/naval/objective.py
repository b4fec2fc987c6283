"""What naval construction is worth to the player over the horizon (27.7) [reading]."""

from __future__ import annotations

from collections.abc import Callable, Collection

from models.naval_tables import construction_progress
from models.scenario import Scenario
from models.tables import Power, UnitType
from optimizer.rules.linear import LinearExpr, scaled
from optimizer.rules.naval.variables import NavalVariables

SW_VALUED_UNITS = frozenset({UnitType.SUBMARINE, UnitType.ASW, UnitType.ESCORT_CARRIER})


def naval_value(
    scenario: Scenario,
    naval: NavalVariables | None,
    powers: Collection[Power],
    units: Collection[UnitType] | None,
) -> LinearExpr:
    """Ships valued from the turn they launch, discounted per turn; ships still on a chart at the end
    of the horizon for the share of their construction done; SW units when built (27.7) [reading]."""
    if naval is None:
        return 0
    objective = scenario.objective
    horizon = len(naval.naval.seasons)
    discount = naval.naval.discount
    terms: list[LinearExpr] = []
    # With an `sw:` section, submarines, ASW and CVEs are worth what they add to the SW campaigns
    # (optimizer/rules/sw/turn.py), not a value per factor.
    sw_valued = SW_VALUED_UNITS if scenario.sw is not None else frozenset()
    for ship, turn, var in naval.launches():
        if ship.valued_for in powers and (units is None or ship.unit in units) and ship.unit not in sw_valued:
            worth = objective.value_of(ship.unit) * ship.factors * discount**turn
            terms.append(scaled(worth) * var)
    for (key, turn, state), var in naval.state.items():
        ship = naval.naval.ships[key]
        if (
            turn == horizon
            and isinstance(state, tuple)
            and ship.valued_for in powers
            and (units is None or ship.unit in units)
            and ship.unit not in sw_valued
        ):
            progress = construction_progress(ship.unit, ship.factors, state[0])
            worth = objective.value_of(ship.unit) * ship.factors * discount**horizon * progress
            terms.append(scaled(worth) * var)
    for (build, _), var in naval.sw.items():
        power, unit, _ = naval.naval.sw_builds[build]
        if power in powers and (units is None or unit in units) and unit not in sw_valued:
            terms.append(scaled(objective.value_of(unit)) * var)
    # BRPs spent on ships in later turns are not free: they would have built something else then.
    brp_value = scenario.horizon.brp_value
    for t in range(1, horizon):
        for power in powers:
            terms.append(-scaled(brp_value * discount**t) * naval.brps(power, t))
    return sum(terms)


def naval_factors(
    naval: NavalVariables | None, powers: Collection[Power], units: Collection[UnitType] | None
) -> LinearExpr:
    """Naval factors launched within the horizon, and SW factors built (27.7, 27.9)."""
    if naval is None:
        return 0
    launched = sum(
        ship.factors * var
        for ship, _, var in naval.launches()
        if ship.valued_for in powers and (units is None or ship.unit in units)
    )
    built = sum(
        var
        for (build, _), var in naval.sw.items()
        if naval.naval.sw_builds[build][0] in powers
        and (units is None or naval.naval.sw_builds[build][1] in units)
    )
    return launched + built


def built_this_turn(naval: NavalVariables | None, wanted: Callable[[UnitType, Power], bool]) -> LinearExpr:
    """SW factors built and factors of ships launched this turn that a minimum build counts (27.7)."""
    if naval is None:
        return 0
    sw = sum(var for (build, _), var in naval.sw.items() if wanted(*naval.naval.sw_builds[build][1::-1]))
    launched = sum(
        ship.factors * var
        for ship, t, var in naval.launches()
        if t == 0 and wanted(ship.unit, ship.valued_for)
    )
    return sw + launched
