"""`awaw season --why`: which turn's construction limit or oil counters bind, and what one more is worth.

Each turn's construction limit of each power (27.31) and oil counters of each faction (27.35: one more
counter raises that turn's threshold by 25 BRPs, and carries if unspent) are given one more unit in that
turn alone, and the season re-solved; the gain of its first priority is what one more is worth, and a
resource binds when that gain is above 0. Route capacities and BRPs are not asked (not done)."""

from __future__ import annotations

from models.scenario import Scenario
from models.season_plan import SeasonPlan, SeasonResource
from optimizer.season.solve import solve_season
from optimizer.turn.prepare import Relaxation


def season_why(scenario: Scenario, plan: SeasonPlan, time_limit: float | None = None) -> list[SeasonResource]:
    """Every turn's limits and oil counters, binding ones first (most worth first), then the rest in turn order."""
    base = plan.objective.stages[0].value
    found: list[SeasonResource] = []
    for t, turn in enumerate(plan.turns):
        for power, report in turn.plan.powers.items():
            more = solve_season(scenario, time_limit, relax={t: Relaxation(limit={power: 1})})
            found.append(
                SeasonResource(
                    turn=t + 1,
                    resource="construction limit (27.31)",
                    subject=power.value,
                    used=report.limit_used,
                    available=report.construction_limit,
                    worth=_gain(more.plan, base),
                )
            )
        for faction, have in turn.oil_counters.items():
            more = solve_season(scenario, time_limit, relax={t: Relaxation(oil_counters={faction: 1})})
            found.append(
                SeasonResource(
                    turn=t + 1,
                    resource="oil counters (27.35)",
                    subject=faction.value,
                    used=turn.plan.oil_counters_spent.get(faction, 0),
                    available=have,
                    worth=_gain(more.plan, base),
                )
            )
    return sorted(found, key=lambda r: (not r.binding, -r.worth, r.turn))


def _gain(plan: SeasonPlan | None, base: float) -> float:
    return 0.0 if plan is None else round(plan.objective.stages[0].value - base, 6)
