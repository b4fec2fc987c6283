"""Positions for the batch tests, with figures from the rules text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from models.generate import random_scenario
from tests.conftest import BASE, POWER, merge


def germany(name: str, **objective: Any) -> dict[str, Any]:
    """Germany with a BRP base of 30, so a construction limit of ⌊30 ÷ 3⌋ = 10 BRPs (27.32 A, B),
    ample BRPs, and twenty 1-factor infantry counters at 1 BRP a factor (27.12); no oil counter, so
    the oil threshold is 25 BRPs (27.35 A) and never reached. Most factors: 10 infantry factors."""
    data = merge(BASE, {"name": name, "objective": {"preset": "max-factors", **objective}})
    data["powers"] = {
        "germany": merge(
            POWER,
            {"brp_base": 30, "force_pool": [{"id": "inf", "unit": "infantry", "factors": 1, "count": 20}]},
        )
    }
    return data


def infeasible(name: str = "infeasible") -> dict[str, Any]:
    """12 infantry factors required against a limit of 10 BRPs: the requirement cannot be met (27.31)."""
    return germany(name, minimum=[{"power": "germany", "unit": "infantry", "factors": 12}])


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def write_lines(path: Path, items: list[dict[str, Any] | str]) -> Path:
    """A JSON Lines file; a string item is written as it is (a malformed line)."""
    path.write_text(
        "".join((item if isinstance(item, str) else json.dumps(item)) + "\n" for item in items),
        encoding="utf-8",
    )
    return path


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def mixed_positions(folder: Path) -> list[Path]:
    """Four generated one-turn positions, an infeasible one and a malformed file: the positions on
    which one worker, two workers and the Dask cluster are compared."""
    paths = [
        write(
            folder / f"g{seed}.yaml",
            random_scenario(seed, requirements=False, naval=False).model_dump(mode="json"),
        )
        for seed in range(200, 204)
    ]
    paths.append(write(folder / "blocked.yaml", infeasible()))
    broken = folder / "broken.yaml"
    broken.write_text("powers: [unclosed\n")
    paths.append(broken)
    return paths
