"""What the web page does, without HTTP: the same loading, solving, checking and tables as the CLI.

Presentation only: scenarios are read by `models.io`, plans come from `optimizer.turn.solve.solve`, checks
from `optimizer.checker.check`, tables from `optimizer.render.tables` and the route map from
`optimizer.render.picture`. This module turns their results into plain data for the templates.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from optimizer.render.blocks import Block, blocks
from optimizer.render.blocks import TableBlock as TableBlock  # the names the page and its tests use
from optimizer.render.blocks import TextBlock as TextBlock

if TYPE_CHECKING:
    from models.plan import Plan
    from models.scenario import Scenario

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


def read_scenario(text: str, file: str = UPLOAD_NAME) -> Scenario:
    """Scenario YAML from the page, validated as `awaw plan` validates a file (fixed grants that rule
    40 forbids are bad input too, 40.3). Raises `InputError`."""
    from models.io import located, parse_scenario_lines
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    scenario, lines = parse_scenario_lines(text, file)
    breaches = fixed_grant_breaches(scenario)
    if breaches:
        raise located(file, breaches, lines)
    return scenario


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


def apply_options(scenario: Scenario, options: Options) -> Scenario:
    """The scenario with its objective and horizon changed by the controls, as `awaw plan`'s options
    change them (the same `models.overrides`), validated like the file. Raises `InputError`."""
    from models.overrides import Overrides, apply_overrides

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
    return apply_overrides(scenario, overrides, OPTIONS_NAME, names)


@dataclass
class PlanView:
    """What the page shows of a solve: status and objective plainly, the tables, the route map and the
    plan as `awaw plan --json` prints it (the page asks `check_plan` for the checker's verdict next)."""

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


def plan_view(scenario: Scenario, time_limit: float | None) -> PlanView:
    """Solve as `awaw plan` does and lay out the result.

    Raises `InputError` for a fixed grant rule 40 forbids (as `solve` does)."""
    from models.plan import Status
    from optimizer.render.tables import plan_tables
    from optimizer.turn.solve import solve

    result = solve(scenario, time_limit=time_limit)
    view = PlanView(
        status=result.status.value,
        objective=result.objective,
        bound=result.bound,
        gap=result.gap,
        explanation=list(result.explanation),
        seconds=result.build_seconds + result.solve_seconds,
    )
    if result.status is Status.INFEASIBLE:
        view.explanation = ["the requirements cannot all be met", *result.explanation]
    if result.plan is None:
        if result.status is not Status.INFEASIBLE:
            view.explanation = [f"no plan found within the time limit ({result.status.value})"]
        return view
    view.blocks = blocks(plan_tables(scenario, result.plan))
    view.plan_json = result.plan.model_dump_json(indent=2) + "\n"
    from optimizer.render.sheet import sheet_html

    view.sheet = sheet_html(scenario, result.plan)
    view.svg = route_map(scenario, result.plan)
    return view


_MAPS: OrderedDict[tuple[Any, ...], str] = OrderedDict()  # the last few route maps drawn, by what they show
_MAPS_KEPT = 16
_MAPS_LOCK = threading.Lock()


def route_map(scenario: Scenario, plan: Plan | None) -> str:
    """The route map as SVG, with this turn's planned grants when the scenario plans grants.

    The picture shows only the closed legs, the grants and the plan's scenario name, so a re-plan
    that changes none of them (most changes to builds) reuses the SVG already drawn."""
    from optimizer.render.picture import routes_svg
    from optimizer.rules.grants.prepare import grant_network

    network = grant_network(scenario)
    shown = plan if scenario.grants is not None else None
    key = (
        tuple(sorted(network.closed_legs)),
        None if shown is None else shown.model_dump_json(include={"scenario", "grants"}),
    )
    with _MAPS_LOCK:
        if key in _MAPS:
            _MAPS.move_to_end(key)
            return _MAPS[key]
    svg = routes_svg(network, shown)
    with _MAPS_LOCK:
        _MAPS[key] = svg
        while len(_MAPS) > _MAPS_KEPT:
            _MAPS.popitem(last=False)
    return svg


def check_plan(scenario: Scenario, plan_text: str, file: str = "plan.json") -> list[str]:
    """`awaw check`: each violation of the plan with its rule number. Raises `InputError` for a plan
    that cannot be read (`models.io.parse_plan`, as `awaw check` reads a file)."""
    from models.io import parse_plan
    from optimizer.checker import check

    plan = parse_plan(plan_text, file)
    out = []
    for violation in check(scenario, plan):
        label = "requirement not met" if violation.kind == "requirement" else "violates"
        out.append(f"{violation.rule}: {label}: {violation.message}")
    return out
