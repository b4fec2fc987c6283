"""`awaw season --why`: which turn's construction limit, oil counters, grant routes or BRPs bind, and what
one more of each is worth.

Each resource of each turn is given one more unit in that turn alone and the season re-solved (with the
player's `--fix` and `--forbid` kept); the gain of its first priority is what one more is worth, and a
resource binds when that gain is above 0:
- each power's construction limit (27.31): one more limit point that turn;
- each faction's oil counters (27.35): one more counter that turn (its threshold 25 BRPs higher, 27.35
  B), carried if unspent;
- each route open in that turn (40.4-40.8, the capacity rule of each, `ROUTE_CAPACITY_RULES`): one more
  BRP of its capacity that turn, oil counters counting 10 BRPs of it (40.251) as the turn planner's
  `--why` reads a route's use (`optimizer.whatif.why`); a route closed at the season's start (Persia,
  the Alaska highway) counts as open in a later turn only once the plan has opened it in an earlier one
  (40.54, 40.71);
- each power's BRPs (27.11): one more BRP received in that turn (this turn: one more available for
  construction, as `awaw plan --why` asks it; a later turn: one more `brps_received` in that turn's
  expectations), carried if unspent [reading: the BRP a player would ask about is one that comes in, not
  one the plan could have kept].
Used and available are the plan's own figures for the turn: limit points used of the limit, oil counters
spent of those the turn has, BRPs of the route's capacity sent of its capacity, and BRPs paid for
construction of the BRPs available after the turn's grants. Each resource also carries what the season
plan with one more does differently, per turn (`why_not.season_changes`, as `--why-not` words it), and
whether both optima are proven. The re-solves run side by side, one worker each (`solve_side_by_side`,
as `awaw plan --why`'s), so the answers are the same however many run at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from models.plan import Plan, Status
from models.route_data import OIL_COUNTER_BRPS, ROUTE_CAPACITY_RULES, Route
from models.scenario import Scenario
from models.season import PowerExpectation
from models.season_plan import SeasonPlan, SeasonResource
from models.tables import Power
from optimizer.season.decision_forms import SeasonDecision
from optimizer.season.decisions import with_decisions
from optimizer.season.prepare import SeasonData, prepare_season
from optimizer.season.solve import solve_season
from optimizer.season.why_not import season_changes
from optimizer.turn.prepare import Relaxation
from optimizer.turn.solve import solve_side_by_side

Adjust = Callable[[SeasonData], SeasonData]
# What one more of a resource gives: its worth, whether both optima are proven, and the plan's changes.
OneMore = tuple[float, bool, list[str]]


def season_why(
    scenario: Scenario,
    plan: SeasonPlan,
    time_limit: float | None = None,
    decisions: Sequence[SeasonDecision] = (),
) -> list[SeasonResource]:
    """Every turn's limits, oil counters, open routes and BRPs, binding ones first (most worth first),
    then the rest in turn order; `decisions` are the player's fixes and forbids the plan was made with."""
    base = plan.objective.stages[0].value
    fixed = partial(with_decisions, decisions=tuple(decisions))
    data = fixed(prepare_season(scenario))

    def worth(
        relax: dict[int, Relaxation] | None = None, adjust: Adjust | None = None, asked: Scenario = scenario
    ) -> Callable[[], OneMore]:
        def both(season: SeasonData) -> SeasonData:
            return fixed(season) if adjust is None else adjust(fixed(season))

        return lambda: _one_more(plan, solve_season(asked, time_limit, relax=relax, adjust=both).plan, base)

    # (turn, resource, subject, used, available) of each, and its re-solve, run side by side below.
    pending: list[tuple[tuple[int, str, str, int, int], Callable[[], OneMore]]] = []
    for t, turn in enumerate(plan.turns):
        for power, report in turn.plan.powers.items():
            row = (
                t + 1,
                "construction limit (27.31)",
                power.value,
                report.limit_used,
                report.construction_limit,
            )
            pending.append((row, worth(relax={t: Relaxation(limit={power: 1})})))
        for faction, have in turn.oil_counters.items():
            row = (
                t + 1,
                "oil counters (27.35)",
                faction.value,
                turn.plan.oil_counters_spent.get(faction, 0),
                have,
            )
            pending.append((row, worth(relax={t: Relaxation(oil_counters={faction: 1})})))
        for route, capacity, used in _routes(data, plan, t):
            row = (t + 1, f"route capacity ({ROUTE_CAPACITY_RULES[route]})", route.value, used, capacity)
            pending.append((row, worth(adjust=partial(_more_capacity, t=t, route=route))))
        for power, report in turn.plan.powers.items():
            row = (t + 1, "BRPs (27.11)", power.value, report.construction_brps, report.brps_available)
            more = (
                worth(relax={0: Relaxation(brps={power: 1})})
                if t == 0
                else worth(asked=_one_more_received(scenario, t, power))
            )
            pending.append((row, more))
    # Each re-solve has one worker and a fixed seed: the same answers however many run at once.
    answers = solve_side_by_side({i: call for i, (_, call) in enumerate(pending)})
    found = []
    for i, ((turn_number, resource, subject, used, available), _) in enumerate(pending):
        gain, proven, changes = answers[i]
        found.append(
            SeasonResource(
                turn=turn_number,
                resource=resource,
                subject=subject,
                used=used,
                available=available,
                worth=gain,
                proven=proven,
                changes=changes,
            )
        )
    return sorted(found, key=lambda r: (not r.binding, -r.worth, r.turn))


def _routes(data: SeasonData, plan: SeasonPlan, t: int) -> list[tuple[Route, int, int]]:
    """(route, capacity, BRPs of it used) of each route open in turn t, or used then."""
    network = data.turns[t].network
    if network is None:
        return []
    opened_before = {opening.route for earlier in plan.turns[:t] for opening in earlier.plan.route_openings}
    found = []
    for route, status in network.routes.items():
        used = _route_used(plan.turns[t].plan, route)
        usable = status.open and (t == 0 or route not in data.gated or route.value in opened_before)
        if usable or used:
            found.append((route, status.capacity, used))
    return found


def _route_used(plan: Plan, route: Route) -> int:
    return sum(
        line.brps + OIL_COUNTER_BRPS * line.oil_counters  # 40.251
        for line in plan.grants
        if line.route == route.value
    )


def _more_capacity(data: SeasonData, t: int, route: Route) -> SeasonData:
    """The season with one more BRP of `route`'s capacity in turn t (its oil counters as they were)."""
    prepared = data.turns[t]
    network = prepared.network
    assert network is not None
    status = network.routes[route]
    routes = {**network.routes, route: replace(status, capacity=status.capacity + 1)}
    turns = list(data.turns)
    turns[t] = replace(prepared, network=replace(network, routes=routes))
    return replace(data, turns=turns)


def _one_more_received(scenario: Scenario, t: int, power: Power) -> Scenario:
    """The scenario with one more BRP received by `power` in the season's turn t (t >= 1)."""
    season = scenario.season
    assert season is not None
    expected = season.expected(t)
    mine = expected.powers.get(power, PowerExpectation())
    more = mine.model_copy(update={"brps_received": mine.brps_received + 1})
    turn = expected.model_copy(update={"turn": t + 1, "powers": {**expected.powers, power: more}})
    others = [e for e in season.expectations if e.turn != t + 1]
    changed = season.model_copy(update={"expectations": sorted([*others, turn], key=lambda e: e.turn)})
    return scenario.model_copy(update={"season": changed})


def _one_more(plan: SeasonPlan, more: SeasonPlan | None, base: float) -> OneMore:
    """The worth of one more (the re-solved first priority less the plan's), whether both are proven, and
    what the re-solved plan changes; no plan found with one more: worth 0, not proven, no changes."""
    if more is None:
        return 0.0, False, []
    proven = plan.status is Status.OPTIMAL and more.status is Status.OPTIMAL
    return round(more.objective.stages[0].value - base, 6), proven, season_changes(plan, more)
