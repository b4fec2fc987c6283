"""What-ifs of `awaw plan --why` solved on a copy of the plan's model against built again (issue 14).

    python -m benchmarks.model_copy [--repeats 3] [--scenario TEXT]

For each bundled scenario that `awaw plan` plans, every what-if `--why` solves on a copy of the plan's
model (`Built.more`, `Built.fixed`: one more naval air factor, one more limit point where no naval chart reads
the limit, and the declined decisions priced) is solved both ways, one after the other: on the copy, and
built again from the prepared data (`Built(..., prepared=...)`). The least CPU time of this process
(`time.process_time`) over `--repeats` runs of each is printed with their ratio, and the load average.
The two give the same optima and plans (tests/optimizer/turn/test_model_copy.py); nothing here is asserted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from benchmarks.figures import load_average
from benchmarks.why import plannable_bundled
from optimizer.turn.built import Built
from optimizer.turn.decision_forms import Decision
from optimizer.turn.prepare import Relaxation
from optimizer.turn.solve import Solved
from optimizer.whatif.why import one_more_unit, resources
from optimizer.whatif.why_not import declined


def least_cpu(run: Callable[[], None], repeats: int) -> float:
    """Least CPU seconds of `repeats` runs of `run()`."""
    times = []
    for _ in range(repeats):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times)


What = tuple[Relaxation | None, tuple[Decision, ...]]  # a relaxation, or one more decision fixed


def what_ifs(position: Built, base: Solved) -> list[What]:
    """The what-ifs of `base` the copy takes: a relaxation, or a declined decision fixed."""
    assert base.plan is not None and base.solver is not None
    found: list[What] = []
    for use in resources(position.data, base.plan, position.variables, base.solver):
        relax = one_more_unit(use) if use.binding else None
        if relax is not None and position.copyable(relax):
            found.append((relax, ()))
    found += [(None, (decision,)) for decision in declined(position, base)]
    return found


def solving(position: Built, base: Solved, runs: list[What], *, copied: bool) -> Callable[[], None]:
    """Solve every what-if of `runs` as `--why` does, on the copy or built again from the prepared data."""

    def run_all() -> None:
        for relax, more in runs:
            if copied:
                what_if = position.more(relax) if relax is not None else position.fixed(more)
            else:
                fixes = (*position.decisions, *more)
                what_if = Built(position.scenario, fixes, relax=relax, prepared=position.data)
            what_if.solve(hint=base.decisions, one_call=True)

    return run_all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scenario", action="append", default=[])
    args = parser.parse_args()
    table = Table(title="--why what-ifs: built again against copied (CPU ms)", title_justify="left")
    for column in ("scenario", "what-ifs", "built again", "copied", "copied / built"):
        table.add_column(column, justify="left" if column == "scenario" else "right")
    for path, scenario in plannable_bundled(args.scenario):
        position = Built(scenario)
        base = position.solve()
        if base.plan is None:
            continue
        runs = what_ifs(position, base)
        if not runs:
            continue
        rebuilt = least_cpu(solving(position, base, runs, copied=False), args.repeats)
        copied = least_cpu(solving(position, base, runs, copied=True), args.repeats)
        table.add_row(
            path.name,
            str(len(runs)),
            f"{rebuilt * 1000:.0f}",
            f"{copied * 1000:.0f}",
            f"{copied / rebuilt:.2f}",
        )
    console = Console(width=120)
    console.print(table)
    console.print(load_average())


if __name__ == "__main__":
    main()
