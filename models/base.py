"""The base of every input model: an unknown field is refused (a misspelling is never silently
ignored) and a validated value is frozen."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

# A label the player gives a force pool entry, a ship, a design or a group: letters, digits, `_`, `.` and
# `-`, so that the decisions that name it (`germany:armor-4-6@turn2=1`, `usa:iowa:continue`,
# `britain>russia`) read back as they were written.
LABEL = r"^[A-Za-z0-9_.\-]+$"


class Strict(BaseModel):
    # `defer_build`: a model builds its validator when first used, not when imported (models/lazy.py).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """'; did you mean 'berlin'?' for a misspelled name, or '' when nothing is close."""
    close = difflib.get_close_matches(name.lower(), list(known), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
