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
`optimizer/planners/__init__.py`. Python's collector is tuned (`optimizer.collect_less`) before Typer
loads, and `main` loads the module of the command it runs only (`app_for`) and ends the process without
Python's teardown once its output is written (`quick_exit`). Annotations of command parameters use only the
standard library and Typer (choices are plain strings, checked by the models
when the command runs); other names go under `TYPE_CHECKING`. A test
(`tests/optimizer/cli/test_startup.py`) holds `--help`, `schema`, `sites`, `legs` and
`new` to importing neither ortools nor matplotlib; `python -m benchmarks.startup`
measures start-up against the bare import of ortools, networkx and pydantic.
"""

from __future__ import annotations

from optimizer import collect_less, one_blas_thread
from optimizer.deferred_pandas import defer_pandas

collect_less()  # before Typer and the rest load: `awaw` is one process that loads much (optimizer/__init__.py)
one_blas_thread()  # before numpy loads (optimizer/__init__.py)
defer_pandas()  # before the solver loads: OR-Tools' CP-SAT layer without pandas (optimizer/deferred_pandas.py)

import importlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable, Iterable, Sequence  # noqa: E402
from typing import Any  # noqa: E402

import typer  # noqa: E402

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
# In the order `awaw --help` lists them: each command's name, and the module of `optimizer.cli` and the
# function that run it.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("plan", "plan", "plan"),
    ("season", "season", "season"),
    ("next", "next", "next_turn"),  # `next` is a builtin's name
    ("limits", "tools", "limits"),
    ("routes", "tools", "routes"),
    ("check", "check", "check"),
    ("schema", "tools", "schema"),
    ("sites", "tools", "sites"),
    ("legs", "tools", "legs"),
    ("new", "tools", "new"),
    ("sw", "sw", "sw"),
    ("mobilize", "mobilize", "mobilize"),
    ("batch", "batch", "batch"),
    ("engineers", "engineers", "engineers"),
    ("serve", "serve", "serve"),
    ("compare", "check", "compare"),
)


def command(name: str) -> Callable[..., None]:
    """The function that runs the command of this name (its module loaded when first asked)."""
    # (Not the builtin `next` here: loading `optimizer.cli.next` sets this package's `next` to that module.)
    module, function = {n: (m, f) for n, m, f in COMMANDS}[name]
    run: Callable[..., None] = getattr(importlib.import_module(f"optimizer.cli.{module}"), function)
    return run


NAMES = tuple(name for name, _, _ in COMMANDS)


def build(names: Iterable[str] = NAMES) -> typer.Typer:
    """The `awaw` group holding the commands of these names (every command by default)."""
    group = typer.Typer(**SETTINGS)
    for name in names:
        run = command(name)
        # The list of commands shows each one's whole summary (its docstring's first paragraph), not a cut.
        summary = " ".join((run.__doc__ or "").split("\n\n")[0].split())
        group.command(name=name, short_help=summary)(run)
    return group


def __getattr__(name: str) -> Any:
    """`app` (the whole group, built when first asked: `main` builds only the command it runs) and
    `PresetName` (optimizer.cli.common)."""
    if name == "app":
        whole = build()
        globals()["app"] = whole
        return whole
    if name == "PresetName":
        from optimizer.cli.common import PresetName

        return PresetName
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def app_for(args: Sequence[str]) -> typer.Typer:
    """The group `awaw ARGS` runs: the named command alone when ARGS start with a command's name, so that
    only its module loads and Typer builds the parameters of that one command, not of all sixteen
    (start-up); the whole group otherwise (`awaw --help`, no command, a misspelt one). A group of one
    command is still a group: its callback does nothing and has no options, so `awaw plan ...` parses,
    prints its help and its errors as the whole group does (tests/optimizer/cli/test_startup.py holds the
    two alike)."""
    if not args or args[0] not in NAMES:
        return build()  # as `app`
    group = build([args[0]])
    group.callback()(_group)
    return group


def _group() -> None:
    """The group's callback in `app_for`: nothing to do before the command runs."""


# Commands whose process ends without Python's teardown (`quick_exit`): every one but those that start
# other processes (the batch's workers and cluster, the web page's server), whose clean-up runs at exit.
QUICK = frozenset(NAMES) - {"batch", "serve"}


def main() -> None:
    args = sys.argv[1:]
    run = app_for(args)
    if not args or args[0] not in QUICK:
        run()
        return
    try:
        run()
    except SystemExit as end:
        quick_exit(end.code)
    quick_exit(0)


def quick_exit(code: int | str | None) -> None:
    """End a command's process once its output is written, without Python's teardown: freeing every
    module and object that ortools, pandas, numpy and the models loaded is about a tenth of a second of
    `awaw plan`, and nothing in a command that starts no other process needs it (its files are closed and
    its threads joined by then; `QUICK`). The exit code is Python's for the same `SystemExit` (a message
    goes to standard error with code 1); output that cannot be written (a closed pipe) ends with 1."""
    if isinstance(code, str):
        sys.stderr.write(code + "\n")
        code = 1
    status = code or 0
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = status or 1
    os._exit(status)
