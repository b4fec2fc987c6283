"""What one request to the page may ask: the size of its scenario, and the time its answer may take.

Every bundled scenario is far inside these (the largest has 356 values and 19 force pool entries); a
scenario past them is bad input naming the limit, answered at once, so that no request holds a solve
slot for long reading or building a position no player has. The command line reads any size
(`models.yaml_limits` still holds: no alias bomb anywhere).

The time limit counts from the request's arrival (`started`, set by `shell.BodyLimit`): reading,
validating and building take from it, the search gets what is left (`optimizer.planners.Limits`'s
`deadline`), and a worker still busy `GRACE` seconds past it is stopped (`optimizer.web.jobs`).
"""

from __future__ import annotations

from typing import Any

from models.errors import InputError, Lines

MAX_LINES = 20_000  # lines of a scenario sent to the page (the largest bundled one has about 480)
MAX_VALUES = 5_000  # values, lists and mappings in a scenario sent to the page
MAX_FORCE_POOL = 300  # force pool entries of all powers together
GRACE = 5.0  # seconds past the time limit a worker may take to lay out its answer before it is stopped
# Of the time limit, what is kept back from the search for laying out the answer (tables, map, sheet).
LAYOUT_SHARE = 0.1
LAYOUT_MOST = 2.0


def check_text_size(text: str, file: str) -> None:
    """Refuse (InputError) a scenario of more lines than the page reads, before it is parsed."""
    count = text.count("\n") + 1
    if count > MAX_LINES:
        problem = (
            f"{count:,} lines: more than the {MAX_LINES:,} the web page reads (plan it with the command line)"
        )
        raise InputError(file, [("", problem, None)])


def check_scenario_size(data: Any, lines: Lines, file: str) -> None:
    """Refuse (InputError) a scenario past the page's limits, before it is validated."""
    if len(lines) > MAX_VALUES:
        problem = (
            f"{len(lines):,} values: more than the {MAX_VALUES:,} the web page plans "
            "(plan it with the command line)"
        )
        raise InputError(file, [("", problem, None)])
    powers = data.get("powers") if isinstance(data, dict) else None
    if isinstance(powers, dict):
        entries = sum(
            len(pool)
            for power in powers.values()
            if isinstance(power, dict) and isinstance(pool := power.get("force_pool"), list)
        )
        if entries > MAX_FORCE_POOL:
            problem = (
                f"{entries:,} force pool entries: more than the {MAX_FORCE_POOL:,} the web page plans "
                "(plan it with the command line)"
            )
            raise InputError(file, [("powers", problem, None)])


def search_budget(left: float | None) -> float | None:
    """Of the seconds left, those the search may take: the rest is kept for laying out the answer."""
    if left is None:
        return None
    return max(0.0, left - min(LAYOUT_MOST, LAYOUT_SHARE * left))
