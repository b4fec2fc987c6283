"""What grants are worth to the player: BRPs expected to arrive, route openings, and the tie-break."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from models.route_data import OIL_COUNTER_BRPS
from models.scenario import GrantRecipient, Scenario
from optimizer.rules.grants.prepare import capacity_once_open, opening_value_turns, survival
from optimizer.rules.grants.variables import GrantVariables
from optimizer.rules.linear import LinearExpr, scaled

OPENING_TIE_BREAK_BRPS = 25  # an opening weighs as much as 25 BRPs granted in the tie-break


def expected_delivered(
    scenario: Scenario,
    grants: GrantVariables | None,
    recipients: set[str] | None,
    values: Mapping[GrantRecipient, float] | None,
) -> LinearExpr:
    """BRPs expected to arrive by grant (x 1000), weighted by `values` per recipient when given (rule 40)."""
    if grants is None:
        return 0
    terms = []
    for (pair, path), var in grants.flows.items():
        recipient = pair[1]
        if recipients is not None and recipient not in recipients:
            continue
        worth = 1.0 if values is None else values.get(GrantRecipient(recipient), 0.0)
        if worth:
            terms.append(scaled(worth * survival(path, scenario, grants.network.legs)) * var)
    return sum(terms)


def route_opening_value(
    scenario: Scenario, grants: GrantVariables | None, later: Iterable[int] | None = None
) -> LinearExpr:
    """Opening Persia or building the Alaska highway, valued over the horizon (40.52, 40.72) [reading].

    Worth: the route's full capacity in each later turn of the horizon,
    discounted, at the objective's value of a BRP delivered to Russia. `later`: the turns of the horizon
    it is valued in (each t weighted `horizon.discount`**t), when not every later one (1 to
    `horizon.turns` - 1; the season values the turns past its end, `optimizer.season.objective`).
    """
    if grants is None:
        return 0
    per_brp = scenario.objective.delivered_brp_value.get(GrantRecipient.RUSSIA, 0.0)
    if later is None:
        turns = opening_value_turns(scenario)
    else:
        turns = sum(scenario.horizon.discount**t for t in later)
    terms = []
    for (route, _), var in grants.openings.items():
        capacity = capacity_once_open(scenario, route)
        terms.append(scaled(per_brp * capacity * turns) * var)
    return sum(terms)


def fewest_granted(grants: GrantVariables) -> LinearExpr:
    """Minus the BRPs and oil counters (10 each) granted, and route openings: a tie-break, never a rule."""
    return -(
        sum(grants.flows.values())
        + OIL_COUNTER_BRPS * grants.oil_shipped()
        + OPENING_TIE_BREAK_BRPS * sum(grants.openings.values())
    )
