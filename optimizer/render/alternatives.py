"""The `awaw plan --alternatives K` table: each other plan within the tolerance, with what differs."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from models.plan import Alternative
from models.season_plan import SeasonAlternative


def alternatives_table(
    alternatives: Sequence[Alternative] | Sequence[SeasonAlternative], tolerance: str, best: float
) -> Table:
    """One row an alternative: its rank, its first priority, how far behind the best it is, and what it
    does differently from the best plan (a season's: per turn, `awaw season --alternatives`)."""
    table = Table(
        title=f"Alternatives within {tolerance} of the best plan ({best:g}), best first",
        title_justify="left",
        caption=None if alternatives else "no other plan is within the tolerance",
    )
    for column in ("rank", "objective", "behind", "differs from the best plan"):
        table.add_column(column, justify="left" if column.startswith("differs") else "right")
    for alternative in alternatives:
        table.add_row(
            str(alternative.rank),
            f"{alternative.objective.value:g}",
            f"{alternative.behind:g}",
            ", ".join(alternative.differences),
        )
    return table
