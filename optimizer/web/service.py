"""What the web page does, without HTTP: the same loading, solving, checking and tables as the CLI.

Presentation only, for every planner alike: a scenario's kind picks its planner (`optimizer.planners`),
which validates, solves, checks and renders it as its command does; this module turns the results into
plain data for the templates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from optimizer.render.blocks import Block, blocks
from optimizer.render.blocks import TableBlock as TableBlock  # the names the page and its tests use
from optimizer.render.blocks import TextBlock as TextBlock

if TYPE_CHECKING:
    from optimizer.planners.base import Limits, Planner

UPLOAD_NAME = "scenario.yaml"  # the file name errors name when the page's editor has no file behind it
OPTIONS_NAME = "objective controls"  # the file name errors name for the page's objective controls


@dataclass(frozen=True)
class Problem:
    """One problem of bad input, as the page shows it: the field, the problem, the line (when known)."""

    field: str
    problem: str
    line: int | None


_LINE = re.compile(r"\bline (\d+)\b")


def problems_of(error: Any) -> list[Problem]:
    """The problems of an `InputError`, each with the line of the file it names when known.

    The line comes from the error's `lines` where it has them, else from a field written as
    "line N, column M" (YAML syntax errors)."""
    lines: list[int | None] = list(getattr(error, "lines", None) or [None] * len(error.problems))
    out = []
    for (field_name, problem), known in zip(error.problems, lines, strict=False):
        line = known
        if line is None and (match := _LINE.search(field_name)):
            line = int(match.group(1))
        out.append(Problem(field_name, problem, line))
    return out


@dataclass(frozen=True)
class Loaded:
    """A scenario from the page, validated, with the planner it is planned by (the one its kind is for,
    or the one the page picked among `choices`, the planners that plan it)."""

    planner: Planner[Any, Any]
    scenario: Any
    choices: tuple[str, ...] = ()


PLANNER_NAME = "planner"  # the file name errors name for the page's choice of planner


def read_scenario(text: str, file: str = UPLOAD_NAME, planner: str | None = None) -> Loaded:
    """Scenario YAML from the page, validated by the planner its kind is for (`planner_for`: engineers,
    mobilization or the turn plan), or by the planner named (`awaw sw` for a scenario with an `sw:`
    section), as that planner's command validates a file (fixed grants that rule 40 forbids are bad input
    too, 40.3); a scenario past the page's size limits (`limits.py`) is refused before it is validated.
    Raises `InputError`, naming the planner when it does not plan this scenario."""
    from models.io import InputError, parse_yaml
    from optimizer.planners import PLANNERS, planner_for
    from optimizer.web.limits import check_scenario_size, check_text_size

    check_text_size(text, file)
    data, lines = parse_yaml(text, file)
    check_scenario_size(data, lines, file)
    choices = tuple(name for name, candidate in PLANNERS.items() if candidate.refusal(data) is None)
    if planner:
        chosen = PLANNERS.get(planner)
        if chosen is None:
            raise InputError(
                PLANNER_NAME, [("", f"{planner[:40]!r} is not a planner ({', '.join(PLANNERS)})")]
            )
        refused = chosen.refusal(data)
        if refused is not None:
            problem = f"awaw {chosen.name} does not plan this scenario: it is {refused}"
            raise InputError(PLANNER_NAME, [("", problem)])
    else:
        chosen = planner_for(data)
    return Loaded(chosen, chosen.validate(data, file, lines), choices)


def describe(loaded: Loaded, options: Any) -> dict[str, Any]:
    """What the page shows of a valid scenario besides its validity: the planners that plan it (the one in
    use first), the objective controls set that do not apply to it, and the SW builds its what-ifs may
    name (`sw_choices`)."""
    return {
        "planners": planner_choices(loaded),
        "option_problems": option_problems(loaded, options),
        "sw_lines": sw_choices(loaded),
    }


def sw_choices(loaded: Loaded) -> list[dict[str, str]]:
    """The SW builds the what-ifs of a turn or season plan may name, read from the scenario: each line of a
    power's `naval: sw_units` (27.9), paid by any of the power's yards, then by each yard whose points
    build SW units (27.711: a home country's yard while a controlled, fully supplied home port is left,
    either U.S. box or Canada, where 27.44 and 27.45 let new units be placed; never Australia or a
    captured yard: `sw_yard_breaches`, as the checker reads it), each as `decision`, the CLI's form (`POWER:SWLINE[@YARD]`, which the page sends to `--fix`,
    `--forbid` or `--why-not` as typed), and a `label`. None for the other planners, which have
    no what-ifs; a season's are its first turn's (SW units are built this turn)."""
    from optimizer.checker.naval.sw_builds import sw_yard_breaches
    from optimizer.planners.season import SEASON
    from optimizer.planners.turn import TURN

    if loaded.planner not in (TURN, SEASON):
        return []
    found: list[dict[str, str]] = []
    for power, state in loaded.scenario.powers.items():
        if state.naval is None:
            continue
        yards = [
            y.id
            for y in state.naval.shipyards
            if not y.captured and not sw_yard_breaches(loaded.scenario, power, y.id)
        ]
        for line in state.naval.sw_units:
            what = f"{power.value} {line.id} ({line.unit.value}, {line.count} factors)"
            found.append({"decision": f"{power.value}:{line.id}", "label": f"{what}, any yard"})
            for yard in yards:
                found.append({"decision": f"{power.value}:{line.id}@{yard}", "label": f"{what} at {yard}"})
    return found


def planner_choices(loaded: Loaded) -> list[dict[str, str]]:
    """The planners the page may plan this scenario with, each with its command and title; the one in use
    first."""
    from optimizer.planners import PLANNERS

    names = [loaded.planner.name, *(name for name in loaded.choices if name != loaded.planner.name)]
    return [{"name": name, "title": PLANNERS[name].title} for name in names]


class Options(BaseModel):
    """The page's objective controls; each overrides the scenario as the CLI option of the same name.

    `values`, `minimum` and `reserve` are written as on the command line, several separated by
    commas or new lines: `armor=2.5`, `germany:armor:6` (any = any), `italy=10`."""

    model_config = ConfigDict(extra="forbid")

    preset: Literal["max-value", "max-factors"] | None = None
    values: str = Field(default="", max_length=10_000)
    minimum: str = Field(default="", max_length=10_000)
    reserve: str = Field(default="", max_length=10_000)
    unspent_value: float | None = None
    oil_value: float | None = None
    horizon: int | None = None
    discount: float | None = None


def read_options(data: Any) -> Options:
    """The objective controls as sent by the page. Raises `InputError` naming the control."""
    from models.io import validate

    return validate(Options, data if data is not None else {}, OPTIONS_NAME)


def _items(text: str) -> list[str]:
    return [item.strip() for item in re.split(r"[,\n]", text) if item.strip()]


def apply_options(loaded: Loaded, options: Options) -> Loaded:
    """The scenario with its objective and horizon changed by the controls, as `awaw plan`'s options
    change them (the same `models.overrides`), validated like the file. The controls are the turn plan's:
    for a scenario of another planner, any control set is refused, naming the planner. Raises
    `InputError`."""
    from models.io import InputError
    from models.overrides import Overrides, apply_overrides
    from optimizer.planners.turn import TURN

    if loaded.planner is not TURN:
        if options != Options():
            problem = (
                f"apply to turn plans (rules 27 and 40); this scenario is planned as a {loaded.planner.title}"
            )
            raise InputError(OPTIONS_NAME, [("", problem)])
        return loaded
    overrides = Overrides(
        preset=options.preset,
        values=_items(options.values),
        minimum=_items(options.minimum),
        reserve=_items(options.reserve),
        unspent_value=options.unspent_value,
        oil_value=options.oil_value,
        horizon=options.horizon,
        discount=options.discount,
    )
    names = {"values": "value", "minimum": "minimum", "reserve": "reserve"}
    return Loaded(TURN, apply_overrides(loaded.scenario, overrides, OPTIONS_NAME, names), loaded.choices)


def option_flags(options: Options) -> list[str]:
    """The controls set, as the `awaw plan` options that ask the same (`--reserve italy=10`)."""
    flags = [] if options.preset is None else [f"--preset {options.preset}"]
    for name, flag in (("values", "--value"), ("minimum", "--min"), ("reserve", "--reserve")):
        flags += [f"{flag} {item}" for item in _items(getattr(options, name))]
    for name, flag in (
        ("unspent_value", "--unspent-value"),
        ("oil_value", "--oil-value"),
        ("horizon", "--horizon"),
        ("discount", "--discount"),
    ):
        if getattr(options, name) is not None:
            flags.append(f"{flag} {getattr(options, name):g}")
    return flags


def option_problems(loaded: Loaded, data: Any) -> dict[str, str]:
    """Each objective control set that does not apply to this scenario, with why (each tried alone, as
    `apply_options` applies it): the page clears them when another scenario is picked."""
    from models.io import InputError

    try:
        options = read_options(data)
    except InputError as error:
        return {name or "options": problem for name, problem in error.problems}
    found: dict[str, str] = {}
    for name, value in options.model_dump(exclude_defaults=True).items():
        try:
            apply_options(loaded, Options.model_validate({name: value}))
        except InputError as error:
            found[name] = "; ".join(problem for _, problem in error.problems)
    return found


@dataclass
class PlanView:
    """What the page shows of a solve: status and objective plainly, the tables, the route map and the
    plan as `awaw plan --json` prints it (the page asks `check_verdict` for the checker's verdict next)."""

    status: str
    objective: float | None = None
    bound: float | None = None
    gap: float | None = None
    explanation: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    svg: str = ""
    plan_json: str = ""
    seconds: float = 0.0
    sheet: str = (
        ""  # the order sheet, a whole printable page (`optimizer.render.sheet`, as `awaw plan --sheet`)
    )


def plan_view(loaded: Loaded, time_limit: float | None, limits: Limits | None = None) -> PlanView:
    """Solve as the scenario's command does (`awaw plan`, `awaw mobilize`, `awaw engineers`) and lay out the
    result: its tables, its JSON as `--json` prints it, and its order sheet and picture where it has them.
    `limits`, when given, instead of `Limits(time_limit)` (the web workers': a deadline, a progress hook).

    Raises `InputError` for a fixed grant rule 40 forbids (as the turn planner does)."""
    from optimizer.planners import Limits

    chosen = loaded.planner
    asked = limits or Limits(time_limit)
    own = chosen.limits(Limits()).time_limit  # the command's own limit where it has one (awaw sw: 10 s)
    if own is not None and (asked.time_limit is None or own < asked.time_limit):
        asked = replace(asked, time_limit=own)
    result = chosen.solve(loaded.scenario, asked)
    view = PlanView(
        status=result.status.value,
        objective=result.objective,
        bound=result.bound,
        gap=result.gap,
        explanation=list(result.explanation),
        seconds=result.work.seconds,
    )
    if result.plan is None:
        view.explanation = [result.message, *result.explanation]
        return view
    view.blocks = blocks(chosen.tables(loaded.scenario, result))
    view.plan_json = chosen.dumps(result)
    printables = chosen.printables(loaded.scenario, result)
    view.sheet, view.svg = printables.sheet_html, printables.svg
    return view


def check_verdict(loaded: Loaded, plan_text: str, file: str = "plan.json") -> tuple[list[str], str]:
    """The planner's check (`awaw check`, `awaw mobilize --check`, ...): each violation of the plan with
    its rule number, and the sentence the check gives a legal plan ("the plan is legal (rules 27 and 40)
    and meets the scenario's requirements"). Raises `InputError` for a plan that cannot be read."""
    verdict = loaded.planner.check(loaded.scenario, plan_text, file)
    return verdict.lines(), verdict.legal
