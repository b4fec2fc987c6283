"""The player's fixed and forbidden decisions in a batch: `awaw batch --fix/--forbid`, applied to every
position, and a position's own, where its input has a field for them.

Where a position's own decisions go [reading: what a player scripting many positions writes]:
- a JSON Lines row: `fix` and `forbid` beside the scenario's fields (`{"name": ..., "powers": ...,
  "fix": ["germany:armor-4-6=2"], "forbid": "germany:infantry-3-3"}`), each a list of decisions or one
  text; they are the batch's, taken off before the scenario is validated (a scenario has no such
  fields), and the row's hash is the scenario's without them;
- a sweep table: `fix` and `forbid` columns, like `name` not dotted paths (a CSV cell holds one or
  more decisions separated by `;`, a YAML row a list or one text);
- a scenario file has none: its fields are the scenario's, as `awaw plan` reads it (its decisions are
  the command line's).
A position is planned under the command line's decisions, then its own.

Each position's planner takes them as its command does: the turn planner as `awaw plan --fix/--forbid`
(`optimizer.turn.decision_forms`), the season planner as `awaw season` with `@turnN`
(`optimizer.season.decision_forms`); the other planners take none. Their syntax is checked before any
position is planned: the command line's by `check_options` (exit 2), a sweep table's with the table (exit
2), a JSON Lines row's as the row is read (a bad-input result for that position). A name a position does
not have (an entry not in its force pool, a ship not on its charts), or decisions given to a planner that
takes none, is that position's bad input, its result naming the decision and the problem.

This module loads no solver: the batch's process checks the syntax with it before the workers start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from models.io import InputError
from optimizer.turn.decision_forms import SOURCE

if TYPE_CHECKING:
    from optimizer.planners.base import Limits, Planner, Result

FIELDS = ("fix", "forbid")  # a JSON Lines row's keys and a sweep table's columns
DECIDING = ("plan", "season")  # the planners that take decisions


def check_options(fix: Sequence[str], forbid: Sequence[str], planner: str = "auto") -> None:
    """Raise `InputError` (the command line's, exit 2) for decisions no position could take: a form
    `awaw plan` refuses with `--planner plan`; one `awaw season` refuses in a season of any length
    otherwise (its forms are `awaw plan`'s with `@turnN`); any decision with `--planner sw` or
    `mobilize`."""
    if not fix and not forbid:
        return
    if planner not in (*DECIDING, "auto"):
        raise takes_none(planner, fix)
    syntax(fix, forbid, planner)


def takes_none(planner: str, fix: Sequence[str]) -> InputError:
    """The refusal of decisions given to a planner that takes none, naming the option given."""
    option = "--fix" if fix else "--forbid"
    return InputError(
        SOURCE, [(option, f"awaw {planner} takes no decisions (only awaw plan and awaw season do)")]
    )


def syntax(fix: Sequence[str], forbid: Sequence[str], planner: str = "auto") -> None:
    """Raise `InputError` for a decision the planner (`auto`: either) cannot read."""
    if planner == "plan":
        from optimizer.turn.decision_forms import parse_decisions

        parse_decisions(list(fix), list(forbid))
    else:
        from optimizer.season.decision_forms import parse_season_decisions

        parse_season_decisions(fix, forbid, None)


def field_texts(value: Any, field: str) -> tuple[str, ...]:
    """A `fix` or `forbid` field's decisions: a list of texts, or one text (decisions separated by `;`);
    raises ValueError saying what it should be."""
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(";") if part.strip())
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(item.strip() for item in value if item.strip())
    raise ValueError(f"{field}: expected a list of decisions or one text, got {value!r}")


def own_decisions(row: dict[str, Any], label: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A row's own `fix` and `forbid`, taken off `row`; raises `InputError` naming `label` and the field
    for a field that is no list of decisions or a decision that cannot be read."""
    found: dict[str, tuple[str, ...]] = {}
    problems: list[tuple[str, str]] = []
    for field in FIELDS:
        try:
            found[field] = field_texts(row.pop(field, None), field)
        except ValueError as error:
            problems.append((field, str(error).removeprefix(f"{field}: ")))
            found[field] = ()
    if not problems:
        try:
            syntax(found["fix"], found["forbid"])
        except InputError as error:  # named by the row's field, not the command line's option
            problems += [(option.removeprefix("--"), problem) for option, problem in error.problems]
    if problems:
        raise InputError(label, problems)
    return found["fix"], found["forbid"]


def solve(
    chosen: Planner[Any, Any], scenario: Any, limits: Limits, fix: Sequence[str], forbid: Sequence[str]
) -> Result[Any]:
    """The position's result under the decisions, as the planner's command plans it with `--fix` and
    `--forbid`; raises `InputError` for a decision it cannot take or a name the position does not have."""
    if not fix and not forbid:
        return chosen.solve(scenario, limits)
    if chosen.name not in DECIDING:
        raise takes_none(chosen.name, fix)
    deciding = cast("Deciding", chosen)
    return deciding.solve(scenario, limits, deciding.decisions(scenario, fix, forbid))


class Deciding(Protocol):
    """A planner that takes the player's decisions (`DECIDING`: the turn and season planners): it reads
    them as its command does, and solves under them."""

    def decisions(self, scenario: Any, fix: Sequence[str], forbid: Sequence[str]) -> Sequence[Any]: ...

    def solve(self, scenario: Any, limits: Limits, decisions: Sequence[Any] = ()) -> Result[Any]: ...
