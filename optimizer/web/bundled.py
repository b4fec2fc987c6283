"""The bundled scenarios by name, for the page: names from `scenarios.every()`, never a path from a
request. Standard library only, so that the page is served before pydantic and the solver load."""

from __future__ import annotations

import scenarios


def bundled_names() -> list[str]:
    """The bundled scenarios' names, sorted; the default first."""
    names = list(scenarios.every())
    return sorted(names, key=lambda name: (name != scenarios.DEFAULT, name))


def bundled_text(name: str) -> str | None:
    """The text of the bundled scenario called `name`, or None: the name is looked up among
    `scenarios.every()`, never turned into a path."""
    path = scenarios.every().get(name)
    return None if path is None else path.read_text(encoding="utf-8")
