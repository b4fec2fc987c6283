"""The base of every input model: an unknown field is refused (a misspelling is never silently
ignored) and a validated value is frozen."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
