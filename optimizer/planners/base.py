"""The shape every planner has: the limits a solve is given, the result it returns, and the protocol.

A planner answers one kind of question: the turn plan (rules 27 and 40, with the rule 25 report), the
submarine warfare deployment (rule 25), Gathering Storm mobilization (rule 14) or Europa engineer tasks.
Each reads its scenario kind (`accepts` says whether a file's data is one it plans, `refusal` what it is
instead), validates it, solves it within `Limits` into a `Result` of one shape, checks a player's plan or
schedule with its family's independent checker, and renders a result as tables and JSON. The command line,
the batch, the web page and `awaw schema` reach the planners through `optimizer.planners` (the registry)
and never ask which kind a scenario is.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from models.errors import indented
from models.io import Lines
from models.plan import Status

if TYPE_CHECKING:
    from rich.console import RenderableType

    from optimizer.checker.violations import Violation
    from optimizer.turn.progress import OnProgress

__all__ = ["Limits", "Planner", "Printables", "Result", "Status", "Verdict", "Work"]

S = TypeVar("S")  # the scenario a planner reads
P = TypeVar("P")  # the plan, deployment or schedule it returns
Q = TypeVar("Q")  # another planner's plan (`Result.carried`)


@dataclass(frozen=True)
class Limits:
    """How long a solve may take: seconds of the clock, and work in CP-SAT's deterministic seconds (the
    same count on every run, so a search stopped by it returns the same answer every time). None: the
    planner's own default (`Planner.limits`).

    `deadline` (a `time.perf_counter()` reading; the web page's, counted from the request) ends the time
    limit sooner: the turn planner gives the search only what building its model left (`left`); the
    others take `time_limit` as given (the web page sets it to what is left when it calls them). `on_progress` is told of each better plan as the turn planner finds it
    (`optimizer.turn.progress`); the other planners report nothing."""

    time_limit: float | None = None
    work_limit: float | None = None
    deadline: float | None = None
    on_progress: OnProgress | None = None

    def left(self) -> float | None:
        """The seconds of the clock the search may take from now: the time limit, or what is left before
        the deadline if that is sooner."""
        if self.deadline is None:
            return self.time_limit
        left = max(0.0, self.deadline - time.perf_counter())
        return left if self.time_limit is None else min(self.time_limit, left)

    def or_defaults(self, time_limit: float | None = None, work_limit: float | None = None) -> Limits:
        """These limits, with a planner's defaults for those not given."""
        return Limits(
            time_limit if self.time_limit is None else self.time_limit,
            work_limit if self.work_limit is None else self.work_limit,
            self.deadline,
            self.on_progress,
        )


@dataclass(frozen=True)
class Work:
    """What a solve took: preparing and building its model, solving it (seconds of the clock), and CP-SAT's
    deterministic seconds of work."""

    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    deterministic_seconds: float = 0.0

    @property
    def seconds(self) -> float:
        return self.build_seconds + self.solve_seconds


@dataclass(frozen=True)
class Result(Generic[P]):
    """What every planner returns. `status`: optimal (proven best), feasible (the best found within the
    limits, with its `bound`: nothing is worth more), infeasible (the requirements cannot all be met:
    `explanation` says why and `rules` names the rules that block them) or unknown (nothing found within
    the limits). `plan` is the plan, deployment or schedule when one was found; `message` says in a phrase
    why there is none."""

    planner: str  # the planner's name, the command that prints it: plan, sw, mobilize, engineers
    scenario: str  # the scenario's name
    status: Status
    plan: P | None = None
    objective: float | None = None
    bound: float | None = None
    gap: float | None = None
    work: Work = field(default_factory=Work)
    explanation: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    message: str = ""

    def carried(self, planner: str, plan: Q | None) -> Result[Q]:
        """The same result under another planner's name with `plan` in place of its own (a one-turn season's,
        which is its turn position's result)."""
        same: Result[Any] = self  # any plan in place of its own: `replace` keeps every other field
        return replace(same, planner=planner, plan=plan)

    @property
    def exit_code(self) -> int:
        """0 with a plan, 1 when the requirements cannot all be met, 3 when none was found in time."""
        if self.plan is not None:
            return 0
        return 1 if self.status is Status.INFEASIBLE else 3

    def failure(self, label: str) -> str:
        """No plan: why, as the commands and the batch say it, after the file's (or row's) label."""
        return f"{label}: {self.message}{indented(self.explanation)}"

    def failure_json(self) -> str:
        """No plan, as every command's `--json` prints it: one object with the same fields."""
        data = {
            "scenario": self.scenario,
            "status": self.status.value,
            "message": self.message,
            "explanation": list(self.explanation),
            "rules": list(self.rules),
        }
        return json.dumps(data, indent=2) + "\n"


def rules_named(lines: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The rule numbers that lines of an explanation name as blocking ('blocked by 27.5 force pool ...'),
    sorted, each once."""
    found = {match.group(1) for line in lines for match in re.finditer(r"by (\d+\.\d+)", line)}
    return tuple(sorted(found))


@dataclass(frozen=True)
class Verdict:
    """A checker's verdict on a player's plan or schedule: each violation (rule, kind, message), and the
    sentence a legal one gets."""

    violations: list[Violation]
    legal: str  # "the plan is legal (rules 27 and 40) and meets the scenario's requirements"
    labels: dict[str, str]  # how each kind of violation is labelled ("requirement" -> "requirement not met")

    def lines(self) -> list[str]:
        return [f"{v.rule}: {self.labels.get(v.kind, 'violates')}: {v.message}" for v in self.violations]


@dataclass(frozen=True)
class Printables:
    """What the web page offers beside a result's tables: an order sheet to print (a whole HTML page) and a
    picture (SVG); empty where a planner has none."""

    sheet_html: str = ""
    svg: str = ""


class Planner(Protocol[S, P]):
    """One kind of question, planned alike by every surface."""

    name: str  # the command: plan, sw, mobilize, engineers
    title: str  # what it plans, as help and messages name it
    scenario_kind: str  # which scenario model reads its files (optimizer.planners.SCENARIO_KINDS)

    def refusal(self, data: Any) -> str | None:
        """None when `data` (a scenario file, parsed) is a scenario this planner plans; else what it is
        instead, in a phrase ('an engineers scenario')."""
        ...

    def claims(self, data: Any) -> bool:
        """Whether a scenario file's data is this planner's by default (`optimizer.planners.planner_for`):
        the file of its kind, where another planner could plan it too."""
        ...

    def validate(self, data: Any, file: str, lines: Lines | None = None) -> S:
        """The scenario, validated as its command validates a file; raises `InputError`."""
        ...

    def limits(self, given: Limits) -> Limits:
        """The limits with this planner's defaults where none is given."""
        ...

    def solve(self, scenario: S, limits: Limits) -> Result[P]:
        """The best plan within the limits."""
        ...

    def check(self, scenario: S, text: str, file: str) -> Verdict:
        """A player's plan or schedule (`text`, from the file named `file`) checked by the family's
        independent checker; raises `InputError` for one that cannot be read."""
        ...

    def tables(self, scenario: S, result: Result[P]) -> RenderableType:
        """The result as the command prints it (Rich tables; the web page shows them as HTML)."""
        ...

    def dumps(self, result: Result[P], compact: bool = False) -> str:
        """The plan as the command's `--json` prints it (indented), or `compact` on one line (the batch)."""
        ...

    def printables(self, scenario: S, result: Result[P]) -> Printables:
        """The order sheet and picture of a result with a plan, where the planner has them."""
        ...
