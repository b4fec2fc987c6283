"""How far below the best plan an alternative may be (`awaw plan --alternatives K --tolerance T`, and
`awaw season`'s: `optimizer.whatif.alternatives`, `optimizer.season.alternatives`).

Tolerance [reading: a player measures "nearly as good" in the objective's own points or as a share of
it]: `2` is two points of the first priority below the best; `5%` is 5 per cent of the best's absolute
value; the default is 5%.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_TOLERANCE = "5%"  # loads nothing: the commands' --help names it without the models
_TOLERANCE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$")


@dataclass(frozen=True)
class Tolerance:
    """How far below the best plan's first priority an alternative may be: `points` of the objective,
    or `percent` of the best's absolute value."""

    points: float = 0.0
    percent: float = 0.0

    def allowed(self, best: float) -> float:
        return self.points + abs(best) * self.percent / 100

    def __str__(self) -> str:
        return f"{self.percent:g}%" if self.percent else f"{self.points:g}"


def parse_tolerance(text: str) -> Tolerance:
    """'2' (objective points) or '5%' (per cent of the best); raises ValueError naming the form."""
    from models.quantities import MAX_PLAN_VALUE  # here, not on import: see DEFAULT_TOLERANCE

    match = _TOLERANCE.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not a tolerance: give objective points (2) or a percentage (5%)")
    amount = float(match.group(1))
    if match.group(2):
        if amount > 100:
            raise ValueError(f"'{text}': a percentage of the best plan is at most 100%")
        return Tolerance(percent=amount)
    if amount > MAX_PLAN_VALUE:
        raise ValueError(
            f"'{text}': at most {MAX_PLAN_VALUE:g} objective points, more than any plan is worth"
        )
    return Tolerance(points=amount)
