"""The page's what-ifs, without HTTP: what `awaw plan --fix/--forbid/--why/--why-not/--alternatives` and
`awaw compare` answer, asked of the scenario in the editor, through the same `Position` methods and the
same renderers as those commands (so the page's answer is the command's, byte for byte in its JSON).

A turn plan is asked every what-if (rules 27 and 40) here; a season plan `awaw season`'s `--fix`,
`--forbid`, `--why`, `--why-not` and `--alternatives` in `optimizer.web.season_whatif`; the other
planners have none on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from optimizer.render.blocks import Block, blocks
from optimizer.web.service import Loaded

if TYPE_CHECKING:
    from optimizer.planners.base import Result

WHATIF_NAME = "what-if controls"  # the file name errors name for the page's what-if controls
MOST = 50  # decisions of each kind one request may ask (the CLI has no such limit; the page keeps it small)


class WhatIf(BaseModel):
    """The what-if controls, each as the `awaw plan` option of the same name: decisions in the CLI's forms
    (`germany:armor-4-6=2`, `britain>russia:murmansk`, `usa:iowa:continue`, `route:persia`)."""

    model_config = ConfigDict(extra="forbid")

    fix: list[str] = Field(default_factory=list, max_length=MOST)
    forbid: list[str] = Field(default_factory=list, max_length=MOST)
    why_not: list[str] = Field(default_factory=list, max_length=MOST)
    why: bool = False
    alternatives: int | None = Field(default=None, ge=1, le=20)
    tolerance: str = Field(default="5%", max_length=40)

    def command(self, file: str, options: list[str] | None = None) -> str:
        """The `awaw plan` command that asks the same, with the objective controls' options first."""
        words = ["awaw plan", file, *(options or [])]
        words += [f"--fix {text}" for text in self.fix]
        words += [f"--forbid {text}" for text in self.forbid]
        words += [f"--why-not {text}" for text in self.why_not]
        if self.why:
            words.append("--why")
        if self.alternatives is not None:
            words += [f"--alternatives {self.alternatives}", f"--tolerance {self.tolerance}"]
        return " ".join(words)


def read_whatif(data: Any) -> WhatIf:
    """The what-if controls as the page sends them. Raises `InputError` naming the control."""
    from models.io import validate

    return validate(WhatIf, data if data is not None else {}, WHATIF_NAME)


@dataclass
class WhatIfView:
    """A what-if's answer: the plan with what was asked of it (its tables as `awaw plan` prints them with
    the same options, and its JSON as `--json` prints it), and how it differs from the best plan."""

    status: str
    command: str
    objective: float | None = None
    best: float | None = None  # the best plan's objective, without the fixes and forbids
    changes: list[str] = field(default_factory=list)  # what the plan asked for does unlike the best
    explanation: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)  # the plan's tables, as `awaw plan` prints them
    answers: list[Block] = field(default_factory=list)  # of them, what --why, --why-not, --alternatives add
    plan_json: str = ""


def answered(result: Result[Any], command: str) -> WhatIfView:
    """A what-if's view of a planner's result (`optimizer.planners.base`): its status, the command shown
    and the objective; without a plan, why not and the failure's JSON, as the command gives them."""
    view = WhatIfView(
        status=result.status.value,
        command=command,
        objective=result.objective,
        explanation=list(result.explanation),
    )
    if result.plan is None:
        view.explanation = [result.message, *result.explanation]
        view.plan_json = result.failure_json()
    return view


def _turn_only(loaded: Loaded, what: str) -> None:
    from models.io import InputError
    from optimizer.planners.turn import TURN

    if loaded.planner is not TURN:
        problem = f"{what} is asked of turn plans (rules 27 and 40); this scenario is planned as a {loaded.planner.title}"
        raise InputError(WHATIF_NAME, [("", problem)])


def whatif_view(
    loaded: Loaded, asked: WhatIf, file: str, time_limit: float | None, options: list[str] | None = None
) -> WhatIfView:
    """`awaw plan` with the what-if options: the same steps as the command (`optimizer.cli.plan`), with the
    position's best plan beside it when decisions are fixed or forbidden. Raises `InputError` for a
    decision the CLI refuses (an unknown entry, a bad form). `options`: the objective controls applied to
    `loaded`, as the command's options, for the command shown."""
    from models.io import InputError
    from optimizer.planners.position import Position, result_of
    from optimizer.planners.turn import TURN, explanation_tables
    from optimizer.turn.decision_forms import parse_decision, parse_decisions
    from optimizer.turn.plan_diff import changes
    from optimizer.turn.tolerance import parse_tolerance

    _turn_only(loaded, "a what-if")
    scenario = loaded.scenario
    within = None
    if asked.alternatives is not None:
        try:
            within = parse_tolerance(asked.tolerance)
        except ValueError as error:
            raise InputError(WHATIF_NAME, [("tolerance", str(error))]) from None
    fixes = parse_decisions(asked.fix, asked.forbid)
    wanted = [parse_decision("--why-not", text) for text in asked.why_not]
    solved = Position(scenario, fixes).answer(
        time_limit, why=asked.why, why_not=wanted, alternatives=asked.alternatives, tolerance=within
    )
    result = result_of(scenario, solved)
    view = answered(result, asked.command(file, options))
    if result.plan is None:
        return view
    view.blocks = blocks(TURN.tables(scenario, result, asked.tolerance))
    view.answers = [
        block
        for table in explanation_tables(result.plan, asked.tolerance, result.objective)
        for block in blocks(table)
    ]
    view.plan_json = TURN.dumps(result)
    if fixes:
        best = result_of(scenario, Position(scenario).solve(time_limit, keep=False))
        view.best = best.objective
        if best.plan is not None:
            view.changes = changes(best.plan, result.plan)
    return view


@dataclass
class CompareView:
    """`awaw compare`'s answer: its tables and its JSON (`--json`)."""

    legal: bool
    out_of_time: bool
    blocks: list[Block] = field(default_factory=list)
    comparison_json: str = ""


def compare_view(loaded: Loaded, text: str, file: str, time_limit: float | None) -> CompareView:
    """A player's plan (decisions only, or a plan JSON) priced, checked and scored against the best, as
    `awaw compare` does it. Raises `InputError` for a plan that cannot be read, naming `file`."""
    from pydantic import ValidationError

    from models.decisions import Decisions, check_names, decisions_of, parse_player_plan
    from models.io import InputError, validation_problems
    from optimizer.planners.position import Position, result_of
    from optimizer.render.compare import comparison_parts

    _turn_only(loaded, "a comparison")
    scenario = loaded.scenario
    given = parse_player_plan(scenario, text, file)
    if not isinstance(given, Decisions):
        try:
            decisions = decisions_of(given)
            check_names(scenario, decisions, file, {})
        except ValidationError as error:
            raise InputError(file, validation_problems(error)) from None
        given = decisions
    position = Position(scenario)
    result = result_of(scenario, position.solve(time_limit))
    if result.plan is None:
        raise InputError(file, [("", f"the scenario has no best plan to compare with: {result.message}")])
    comparison = position.compare(given, result.plan, time_limit)
    return CompareView(
        legal=comparison.legal,
        out_of_time=comparison.out_of_time,
        blocks=blocks(comparison_parts(comparison)),
        comparison_json=comparison.model_dump_json(indent=2) + "\n",
    )


def decisions_text(loaded: Loaded, plan_text: str) -> str:
    """The decisions of a plan JSON in the decisions-only form (YAML, which `awaw compare` reads), for the
    player to edit. Raises `InputError` for a plan that cannot be read."""
    import yaml

    from models.decisions import decisions_of
    from models.io import parse_plan

    _turn_only(loaded, "a decisions file")
    plan = parse_plan(plan_text, "plan.json")
    data = decisions_of(plan).model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    data = {"format": "awaw-decisions/1", **data}
    header = "# Your decisions: edit them and press Compare (awaw compare reads this file)\n"
    return header + yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)
