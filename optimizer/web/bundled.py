"""The bundled scenarios by name, for the page: names from `scenarios.bundled()`, never a path from a
request. Standard library only, so that the page is served before pydantic and the solver load."""

from __future__ import annotations

import scenarios


def bundled_names() -> list[str]:
    """The bundled scenarios' names, sorted; the default first."""
    names = [p.name for p in scenarios.bundled()]
    return sorted(names, key=lambda name: (name != scenarios.DEFAULT, name))


def bundled_text(name: str) -> str | None:
    """The text of the bundled scenario called `name`, or None: the name is looked up among
    `scenarios.bundled()`, never turned into a path."""
    for path in scenarios.bundled():
        if path.name == name:
            return path.read_text(encoding="utf-8")
    return None
