"""The `awaw` command line: parse, load, call, render; one module per command group, each thin.

Exit codes: 0 success; 1 requirements that cannot all be met, or a plan that
breaks a rule; 2 bad input (one line per mistake: `FILE:LINE: field: problem`);
3 no plan found within the time limit.

Start-up: each command module imports only the standard library and Typer at the top,
so that `awaw --help` and the commands that need no solver start fast. Each
command imports what it needs inside its function: `models` (pydantic) for
anything that reads a scenario, networkx through a rule family's `prepare`,
`optimizer.turn.solve` (ortools) only where a plan is solved, `optimizer.render.picture`
(matplotlib) only where a picture is drawn, `optimizer.render.tables` (Rich tables)
where tables are printed; what a scenario's families load is listed in
`optimizer/planners/__init__.py`. `main` tunes Python's collector (`optimizer.collect_less`). Annotations of command parameters use only the
standard library and Typer (choices are plain strings, checked by the models
when the command runs); other names go under `TYPE_CHECKING`. A test
(`tests/optimizer/cli/test_startup.py`) holds `--help`, `schema`, `sites`, `legs` and
`new` to importing neither ortools nor matplotlib; `python -m benchmarks.startup`
measures start-up against the bare import of ortools, networkx and pydantic.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import typer

from optimizer import collect_less
from optimizer.cli import batch, check, engineers, mobilize, plan, season, serve, sw, tools
from optimizer.cli import next as next_command
from optimizer.cli.plan import PresetName as PresetName

# Help as written, never read as Rich markup: `[@SITE]` is not a tag, `POWER:SHIP:ACTION` not an emoji code.
SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "no_args_is_help": True,
    "pretty_exceptions_enable": False,
    "rich_markup_mode": None,
    "context_settings": {"max_content_width": 120},
    "help": "Plan A World at War: the best builds and grants of a turn (rules 27 and 40), submarine warfare "
    "(rule 25), Gathering Storm mobilization (rule 14) and Europa engineers; check plans, explain limits.",
}
# Commands whose function is not named as the command (`next` is a builtin's name).
NAMES = {"next_turn": "next"}
# In the order `awaw --help` lists them.
COMMANDS: tuple[Callable[..., None], ...] = (
    plan.plan,
    season.season,
    next_command.next_turn,
    tools.limits,
    tools.routes,
    check.check,
    tools.schema,
    tools.sites,
    tools.legs,
    tools.new,
    sw.sw,
    mobilize.mobilize,
    batch.batch,
    engineers.engineers,
    serve.serve,
    check.compare,
)


def name_of(command: Callable[..., None]) -> str:
    """The command's name on the command line."""
    return NAMES.get(command.__name__, command.__name__)


def build(commands: Iterable[Callable[..., None]] = COMMANDS) -> typer.Typer:
    """The `awaw` group holding `commands` (every command by default)."""
    group = typer.Typer(**SETTINGS)
    for command in commands:
        # The list of commands shows each one's whole summary (its docstring's first paragraph), not a cut.
        summary = " ".join((command.__doc__ or "").split("\n\n")[0].split())
        group.command(name=NAMES.get(command.__name__), short_help=summary)(command)
    return group


app = build()


def app_for(args: Sequence[str]) -> typer.Typer:
    """The group `awaw ARGS` runs: the named command alone when ARGS start with a command's name, so that
    Typer builds the parameters of that one command and not of all sixteen (start-up); the whole group
    otherwise (`awaw --help`, no command, a misspelt one). A group of one command is still a group: its
    callback does nothing and has no options, so `awaw plan ...` parses, prints its help and its errors
    as the whole group does (tests/optimizer/cli/test_startup.py holds the two alike)."""
    chosen = [command for command in COMMANDS if args and name_of(command) == args[0]]
    if not chosen:
        return app
    group = build(chosen)
    group.callback()(_group)
    return group


def _group() -> None:
    """The group's callback in `app_for`: nothing to do before the command runs."""


def main() -> None:
    collect_less()
    app_for(sys.argv[1:])()
