"""Small SW positions for the tests of rule 25 (solver and checker alike)."""

from __future__ import annotations

import copy
from typing import Any

from models.scenario import Scenario

FRANCE_GERMAN = {
    s: {"controller": "germany"} for s in ("paris", "lille", "metz", "lyon", "bordeaux", "brest", "lorient")
}


def position(faction: str = "european_axis", **sw: Any) -> dict[str, Any]:
    """A scenario dict: the faction's one power with a small force pool, and an `sw` section."""
    power = {"european_axis": "germany", "western_allies": "britain", "japan": "japan"}[faction]
    return {
        "name": "sw test",
        "turn": {"season": "spring", "year": 1942},
        "faction": faction,
        "powers": {power: {"brps": 50, "brp_base": 150}},
        "sw": copy.deepcopy(sw),
    }


def scenario(data: dict[str, Any]) -> Scenario:
    return Scenario.model_validate(data)


def group(
    id: str, power: str, unit: str, factors: int, base: str, box: str | None = None, **more: Any
) -> dict[str, Any]:
    out: dict[str, Any] = {"id": id, "power": power, "unit": unit, "factors": factors, "base": base}
    if box is not None:
        out["box"] = box
    out.update(more)
    return out
