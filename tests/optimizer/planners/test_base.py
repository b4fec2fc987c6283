"""The shape every planner returns (`optimizer.planners.base`)."""

from dataclasses import fields

from models.plan import Status
from optimizer.planners.base import Result, Work


def test_a_carried_result_keeps_every_field_but_its_planner_and_plan():
    """A one-turn season's result is its turn position's (`Result.carried`): the status, figures, work and
    explanation as they were (the rule numbers named by the explanation, 27.5 here), under the season
    planner's name with the season plan in place of the turn plan."""
    turn = Result(
        planner="plan",
        scenario="a turn",
        status=Status.FEASIBLE,
        plan="the turn plan",
        objective=84.0,
        bound=86.0,
        gap=0.02,
        work=Work(0.1, 0.2, 0.3),
        explanation=("blocked by 27.5 force pool",),
        rules=("27.5",),
        message="",
    )
    season = turn.carried("season", ["the season plan"])
    assert season.planner == "season" and season.plan == ["the season plan"]
    kept = [f.name for f in fields(Result) if f.name not in ("planner", "plan")]
    assert {name: getattr(season, name) for name in kept} == {name: getattr(turn, name) for name in kept}
    assert turn.plan == "the turn plan"  # a copy: the turn's result as it was
