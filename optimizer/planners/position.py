"""A turn position prepared and modelled once, with every what-if as a method, and the one-call `solve`
for scripts (rules 27 and 40, with the rule 25 figures of an `sw:` section).

    position = Position(scenario)                  # prepared and modelled once
    best = position.solve()                        # Solved: status, plan, decisions
    richer = position.more(Relaxation(brps={Power.GERMANY: 1})).solve()   # one more BRP
    armor = position.fixed(parse_decisions(["germany:armor-4-6=2"], [])).solve()
    others = position.alternatives(best, 3, parse_tolerance("5%"))
    uses = position.why(best)                      # what binds, what one more of each is worth
    mine = position.compare(decisions, best.plan)  # a player's decisions priced against the best
    asked = position.answer(why=True, alternatives=2)   # the best plan with what `awaw plan` asks of it

Each what-if works on a copy of the built model (`optimizer.turn.built.Built`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from models.plan import Alternative, Plan, ResourceUse, Status, WhyNot
from models.scenario import Scenario
from optimizer.planners.base import Limits, Result, Work, rules_named
from optimizer.turn.built import Built
from optimizer.turn.decision_forms import Decision
from optimizer.turn.progress import OnProgress
from optimizer.turn.solve import Solved

if TYPE_CHECKING:
    from models.comparison import Comparison
    from models.decisions import Decisions
    from optimizer.turn.tolerance import Tolerance
    from optimizer.whatif.compare import Assessed
    from optimizer.whatif.price import Priced

PLANNER = "plan"  # the turn planner's name (optimizer.planners.turn.TURN)
NO_PLAN = {
    Status.INFEASIBLE: "the requirements cannot all be met",
    Status.UNKNOWN: "no plan found within the time limit",
}


class Position(Built):
    """A turn position prepared and modelled once (`Built`: `solve`, `more`, `fixed`), with every what-if
    as a method. The what-ifs run their solves side by side on `threads` threads (the machine's cores by
    default), each on one worker with a fixed seed; `time_limit` applies to each of their solves."""

    def answer(
        self,
        time_limit: float | None = None,
        *,
        why: bool = False,
        why_not: Sequence[Decision] = (),
        alternatives: int | None = None,
        tolerance: Tolerance | None = None,
    ) -> Solved:
        """The best plan, solved once, with what `awaw plan --why`, `--why-not` and `--alternatives` add to
        it (`plan.why`, `plan.why_not`, `plan.alternatives`: up to `alternatives` other plans within
        `tolerance`, 5% when none is given), as the command, the web page and a one-turn season ask them;
        `time_limit` applies to the solve and to each of the what-ifs' solves. Asked none, the model is
        solved itself, not a copy, and the position may not be used again. Raises `InputError` for a
        why-not naming what the position does not have, before anything is solved."""
        from optimizer.turn.fix import raise_bad_decisions

        raise_bad_decisions(self.data, why_not)
        asked = why or bool(why_not) or alternatives is not None
        solved = self.solve(time_limit, keep=asked)
        if solved.plan is None:
            return solved
        if why or why_not:
            self.explain(solved, why, why_not, time_limit)
        if alternatives is not None:
            from optimizer.turn.tolerance import DEFAULT_TOLERANCE, parse_tolerance

            within = parse_tolerance(DEFAULT_TOLERANCE) if tolerance is None else tolerance
            found = self.alternatives(solved, alternatives, within, time_limit)
            solved.plan.alternatives = [alternative for alternative, _ in found]
        return solved

    def why(
        self, base: Solved, time_limit: float | None = None, threads: int | None = None
    ) -> list[ResourceUse]:
        """Every limited resource of `base`'s plan, each binding one with what one more unit of it is worth
        (`awaw plan --why`)."""
        from optimizer.whatif.why import explain_plan

        return explain_plan(self, base, time_limit, threads)

    def why_not(
        self,
        base: Solved,
        decisions: Sequence[Decision],
        time_limit: float | None = None,
        threads: int | None = None,
    ) -> list[WhyNot]:
        """Each decision `base`'s plan leaves out, priced by the best plan that includes it (`--why-not`)."""
        from optimizer.whatif.why_not import why_not

        return why_not(self, base, decisions, time_limit, threads)

    def explain(
        self,
        base: Solved,
        why: bool,
        asked: Sequence[Decision],
        time_limit: float | None = None,
        threads: int | None = None,
    ) -> None:
        """`base`'s plan given what `--why` and `--why-not` add to it (`plan.why`, `plan.why_not`)."""
        from optimizer.whatif.why_not import explain

        explain(self, base, why, asked, time_limit, threads)

    def alternatives(
        self, base: Solved, count: int, tolerance: Tolerance, time_limit: float | None = None
    ) -> list[tuple[Alternative, Plan]]:
        """Up to `count` other plans within `tolerance` of `base`'s, best first (`--alternatives`)."""
        from optimizer.whatif.alternatives import alternatives

        return alternatives(self, base, count, tolerance, time_limit)

    def price(self, decisions: Decisions, time_limit: float | None = None) -> Priced:
        """A player's decisions fixed in a copy of the model and priced by the planner."""
        from optimizer.whatif.price import price

        return price(self, decisions, time_limit)

    def assess(self, decisions: Decisions, time_limit: float | None = None) -> Assessed:
        """A player's decisions priced, and the priced plan checked (`awaw check` on a decisions file)."""
        from optimizer.whatif.compare import assess

        return assess(self, decisions, time_limit)

    def compare(self, decisions: Decisions, best: Plan, time_limit: float | None = None) -> Comparison:
        """A player's decisions priced, checked, scored and compared with `best` (`awaw compare`)."""
        from optimizer.whatif.compare import compare

        return compare(self, decisions, best, time_limit)


def with_sw_report(scenario: Scenario, plan: Plan) -> Plan:
    """The plan with its `sw` figures (rule 25) when the scenario has an `sw:` section: each campaign after
    the best deployment, without and with the plan's new SW units (27.94)."""
    if scenario.sw is None:
        return plan
    from optimizer.rules.sw.solve import sw_plan_report

    return plan.model_copy(update={"sw": sw_plan_report(scenario, plan)})


def result_of(scenario: Scenario, solved: Solved) -> Result[Plan]:
    """A position's solve as the planners' result, the plan with its SW figures."""
    plan = None if solved.plan is None else with_sw_report(scenario, solved.plan)
    explanation = tuple(solved.explanation)
    return Result(
        planner=PLANNER,
        scenario=scenario.name,
        status=solved.status,
        plan=plan,
        objective=solved.objective,
        bound=solved.bound,
        gap=solved.gap,
        work=Work(solved.build_seconds, solved.solve_seconds, solved.deterministic_seconds),
        explanation=explanation,
        rules=rules_named(explanation),
        message="" if plan is not None else NO_PLAN[solved.status],
    )


def solve(
    scenario: Scenario,
    time_limit: float | None = None,
    workers: int = 1,
    *,
    deadline: float | None = None,
    on_progress: OnProgress | None = None,
    decisions: Sequence[Decision] = (),
) -> Result[Plan]:
    """The best plan of the turn, each priority of the scenario's objective in order, keeping every
    earlier optimum; with `time_limit` (seconds, shared by every priority and by the explanation of
    requirements that cannot be met) the best found, with its bound and gap. `deadline` (a
    `time.perf_counter()` reading) ends the time limit sooner, counting the model's building; `on_progress`
    is told of each better plan (`optimizer.turn.progress`); `decisions` are fixed or forbidden, as `awaw
    plan --fix/--forbid` gives them. Raises `InputError` for a fixed grant that rule 40 forbids (40.3), and
    for a decision naming what the position does not have."""
    position = Position(scenario, tuple(decisions))
    left = Limits(time_limit, deadline=deadline).left()
    return result_of(scenario, position.solve(left, workers, keep=False, on_progress=on_progress))
