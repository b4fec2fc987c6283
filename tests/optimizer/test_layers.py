"""Imports run one way (STYLE.md, "The shape"): models, then the rule families, the turn model, the
season, and only then the what-ifs, planners, renderers and surfaces. The season's what-ifs share what
the turn's use from `optimizer/turn/` (`plan_diff`, `decision_cost`, `tolerance`, `counts`), never from
`optimizer/whatif/`."""

from __future__ import annotations

import ast
from pathlib import Path

import optimizer

OPTIMIZER = Path(optimizer.__file__).parent
ABOVE = ("whatif", "planners", "render", "cli", "web", "batch")  # what the lower layers may not import
LOWER = {"rules": (*ABOVE, "season"), "turn": (*ABOVE, "season"), "season": ABOVE}


def imported(path: Path) -> list[str]:
    """Every absolute module an import statement of the file names (the package uses no relative ones)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: a relative import"
            names.append(node.module or "")
    return names


def test_lower_layers_import_nothing_above_them() -> None:
    """optimizer/rules and optimizer/turn import no season, what-if, planner, renderer or surface module;
    optimizer/season none of those but the season's own."""
    crossings = [
        f"{path.relative_to(OPTIMIZER)} imports {module}"
        for folder, banned in LOWER.items()
        for path in sorted((OPTIMIZER / folder).rglob("*.py"))
        for module in imported(path)
        if any(module == f"optimizer.{b}" or module.startswith(f"optimizer.{b}.") for b in banned)
    ]
    assert crossings == []
