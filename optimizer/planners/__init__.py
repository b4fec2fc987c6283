"""The planners, one per kind of question, and the registry every surface goes through.

    from optimizer.planners import Limits, planner, planner_for
    plan = planner("sw")                           # by its command's name
    plan = planner_for(data)                       # the planner a scenario file's data is for
    result = plan.solve(plan.validate(data, "my.yaml"), Limits(time_limit=10))

`Position` and `solve` (the turn planner's position built once, and its one call) are here too.

| name | planner | scenario |
|---|---|---|
| `plan` | `turn.TURN`: the turn plan, rules 27 and 40 (with the rule 25 figures of an `sw:` section) | turn |
| `sw` | `sw.SW`: the submarine warfare deployment, rule 25 | turn, with `sw:` |
| `mobilize` | `mobilization.MOBILIZATION`: Gathering Storm mobilization, rule 14 | turn, with `mobilization:` |
| `season` | `season.SEASON`: a season of whole turns planned whole, this turn's orders first | turn, with `season:` |
| `engineers` | `engineers.ENGINEERS`: Europa engineer tasks | engineers (`kind: engineers`) |

Each has the shape of `base.Planner` and returns a `base.Result`. A fifth family is a folder of rules, a
module here, and a line in `PLANNERS`. `SCENARIO_KINDS` name the scenario files' models (`scenario_model`;
the schema of each is `awaw schema --kind KIND`).

What loads when (each command loads only what its scenario uses; `tests/optimizer/cli/test_startup.py`
holds `awaw plan` on a plain turn to loading no SW, mobilization, engineers, web or Dask module):
- the registry and the planners' modules load the models of a turn scenario only; a planner loads its
  family's solver, checker and renderers in the method that needs them (`solve`, `check`, `tables`), and
  the turn planner networkx (`validate`: the fixed grants of 40.3) and the solver (`Position`) when asked;
- a scenario's `sw:` and `mobilization:` sections and a plan's SW figures load their models with the first
  file that has them (`models/lazy.py`), and pydantic builds a model's validator when it is first used;
- the turn model loads the SW family (rule 25) for a scenario with an `sw:` section only
  (`optimizer/turn/variables.py`, `optimizer/turn/model.py`, and `optimizer/rules/naval/extract.py` for SW
  units built);
- each command imports what it needs when it runs (`optimizer/cli/__init__.py`), and tunes Python's
  collector for a process that loads much (`optimizer.collect_less`);
- `awaw batch` starts the workers' fork server, which loads the turn planner's solver and plans the bundled
  default once (so that every worker starts with the validators built), before it reads its inputs, and
  loads no solver itself; the other planners' solvers load in a worker with its first position of their
  kind (`optimizer/batch/local.py`, `optimizer/batch/warm.py`, `optimizer/batch/worker.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from optimizer.planners.base import Limits, Planner, Result, Status, Verdict, Work
from optimizer.planners.engineers import ENGINEERS
from optimizer.planners.mobilization import MOBILIZATION
from optimizer.planners.season import SEASON
from optimizer.planners.sw import SW
from optimizer.planners.turn import TURN

if TYPE_CHECKING:
    from optimizer.planners.position import Position, solve

__all__ = [
    "PLANNERS",
    "SCENARIO_KINDS",
    "Limits",
    "Planner",
    "Position",
    "Result",
    "Status",
    "Verdict",
    "Work",
    "kind_refusal",
    "planner",
    "planner_for",
    "scenario_model",
    "refusal",
    "solve",
]

# In the order `planner_for` asks them whether a scenario file is theirs.
PLANNERS: dict[str, Planner[Any, Any]] = {p.name: p for p in (ENGINEERS, MOBILIZATION, SEASON, SW, TURN)}
# The scenario files, by kind: where the model that reads each is (`awaw schema --kind KIND`).
SCENARIO_KINDS = {"turn": "models.scenario:Scenario", "engineers": "models.engineers:EngineerScenario"}


def scenario_model(kind: str) -> type[BaseModel]:
    """The model of a scenario kind's files (loaded when asked for: the engineers' models are not loaded
    to plan a turn)."""
    import importlib

    module, _, name = SCENARIO_KINDS[kind].partition(":")
    model: type[BaseModel] = getattr(importlib.import_module(module), name)
    return model


def planner(name: str) -> Planner[Any, Any]:
    """The planner of this name (a command's name: plan, sw, mobilize, engineers)."""
    return PLANNERS[name]


def planner_for(data: Any) -> Planner[Any, Any]:
    """The planner a scenario file's data is for, the first in `PLANNERS` that claims it: an engineers
    scenario (`kind: engineers`) the engineers' planner, one with a `mobilization:` section the
    mobilization planner, any other the turn planner (whose plan carries the rule 25 figures of an `sw:`
    section); data that is no scenario at all the turn planner, whose validation says what is wrong."""
    return next((candidate for candidate in PLANNERS.values() if candidate.claims(data)), TURN)


def refusal(chosen: Planner[Any, Any], data: Any, file: str, checking: str | None = None) -> str | None:
    """None when `chosen` plans this scenario file's data; else the one line that says what the file is
    and which command plans it: `FILE: an engineers scenario: plan it with awaw engineers FILE`; with
    `checking` (the plan file `awaw check` was given), which command checks a plan of it: `check the plan
    with awaw season FILE --check PLAN` (every planner's command takes `--check`)."""
    what = chosen.refusal(data)
    if what is None:
        return None
    name = planner_for(data).name
    if checking is not None:
        return f"{file}: {what}: check the plan with awaw {name} {file} --check {checking}"
    return f"{file}: {what}: plan it with awaw {name} {file}"


def kind_refusal(kind: str, data: Any, file: str) -> str | None:
    """None when a scenario file's data is a scenario of `kind` (`SCENARIO_KINDS`), whichever of its
    planners plans it (`awaw next` carries out a turn plan or a season plan alike); else the one line
    `refusal` gives: `FILE: an engineers scenario: plan it with awaw engineers FILE`."""
    if planner_for(data).scenario_kind == kind:
        return None
    # a planner of the kind says what the file is instead; `planner_for`'s command plans it
    return refusal(next(p for p in PLANNERS.values() if p.scenario_kind == kind), data, file)


def __getattr__(name: str) -> Any:
    """`Position` and `solve` (optimizer.planners.position) load the solver when first asked for, so that
    the registry itself starts fast."""
    if name in ("Position", "solve"):
        from optimizer.planners import position

        return getattr(position, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
