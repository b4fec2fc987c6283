"""The base of every input model: an unknown field is refused (a misspelling is never silently
ignored) and a validated value is frozen."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

# A label the player gives a force pool entry or a group: letters, digits, `_`, `.` and `-`.
LABEL = r"^[A-Za-z0-9_.\-]+$"
# A ship's name, a design's or an SW build line's label: any text but the characters that separate the
# parts of a decision naming it (`usa:iowa:continue@1`, `britain>russia=6`), so that the decision reads
# back as it was written; ships keep their names ("Graf Zeppelin") and the chart's own labels
# ("chitose-cvl#1-fall-1941").
NAME = r"^[^:>@=\x00-\x1f\x7f]+$"


class Strict(BaseModel):
    # `defer_build`: a model builds its validator when first used, not when imported (models/lazy.py).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """'; did you mean 'berlin'?' for a misspelled name, or '' when nothing is close."""
    close = difflib.get_close_matches(name.lower(), list(known), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
