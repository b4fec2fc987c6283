"""The checker is an independent derivation: it imports only the standard library and `models/`,
never the solver (STYLE.md, "The checker is separate and simple")."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import optimizer.checker

CHECKER = Path(optimizer.checker.__file__).parent
ALLOWED = ("models", "optimizer.checker")


def imported_modules(path: Path) -> list[str]:
    """Every module an import statement of the file names, relative imports made absolute."""
    # The file's package, for relative imports: a module's parent, or the package of an __init__.py.
    package = ".".join(path.relative_to(CHECKER.parent.parent).with_suffix("").parts).rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.append(".".join(anchor + ([node.module] if node.module else [])))
            else:
                names.append(node.module or "")
    return names


def allowed(module: str) -> bool:
    top = module.split(".")[0]
    return (
        top in sys.stdlib_module_names
        or module == "__future__"
        or any(module == prefix or module.startswith(prefix + ".") for prefix in ALLOWED)
    )


def test_checker_imports_only_the_standard_library_and_models() -> None:
    """Every module of optimizer/checker/ imports the standard library, models or the checker itself."""
    files = sorted(CHECKER.rglob("*.py"))
    assert len(files) > 1
    crossings = [
        f"{path.relative_to(CHECKER)} imports {module}"
        for path in files
        for module in imported_modules(path)
        if not allowed(module)
    ]
    assert crossings == []
