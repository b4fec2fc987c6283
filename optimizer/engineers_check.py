"""`awaw engineers SCENARIO --check SCHEDULE.json`: the independent checker's verdict on a schedule.

Exit codes as for `awaw mobilize --check`: 0 the schedule keeps every rule of the article and the
scenario's requirements, 1 it breaks one (each breach printed with the article's section), 2 the
schedule file cannot be read, or has a line for a turn outside the scenario (file, line, field and
problem named).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from models.engineers import EngineerScenario
from models.engineers_plan import load_engineer_plan
from models.io import InputError
from optimizer.checker.engineers import check_engineers
from optimizer.checker.violations import REPORT, REQUIREMENT

LABELS = {REQUIREMENT: "requirement not met", REPORT: "the schedule's own figures are wrong"}


def check_engineer_file(scenario: EngineerScenario, path: Path, out: Console) -> int:
    """Print the verdict on the schedule in `path`; return the exit code (0, 1 or 2)."""
    try:
        plan = load_engineer_plan(path, scenario)
    except InputError as error:
        Console(stderr=True).print(error.render(), markup=False, emoji=False, highlight=False, soft_wrap=True)
        return 2
    violations = check_engineers(scenario, plan)
    if not violations:
        out.print(
            f"{path}: the schedule keeps the rules of the Europa engineers article and the "
            "scenario's requirements.",
            markup=False,
        )
        return 0
    for violation in violations:
        label = LABELS.get(violation.kind, "violates")
        out.print(f"{violation.rule}: {label}: {violation.message}", markup=False, soft_wrap=True)
    return 1
