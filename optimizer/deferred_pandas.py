"""OR-Tools' CP-SAT layer without pandas at start-up.

`ortools.sat.python.cp_model` imports pandas at module level for its Series helpers
(`new_int_var_series` and the like), which the planner never calls. pandas is more than half of the
solver's import: `python -X importtime -c "from ortools.sat.python import cp_model"` gives about 0.22 of
0.37 s to it, and with one OpenBLAS thread the import's CPU goes from about 0.46 to 0.15 s without it. That
import comes before every solving command's first plan and before the batch's first worker is forked
(README, "Batch planning"), so it is the floor of both.

`defer_pandas()` hooks that one module's import. While `cp_model` runs its module body, `pandas` is a
stand-in whose only names are `Index` and `Series`, two empty classes: at import time the module uses them
in type annotations and a `Union` alias only. Once loaded, the module's `pd` is a proxy that imports the
real pandas on first use, so the Series helpers work as before (tested), only later. The stand-in is taken
out of `sys.modules` as soon as the module body has run, so `import pandas` anywhere else is the real one.

It does nothing when pandas is already loaded, and falls back to the plain import if the module's body
asks the stand-in for anything else (a later OR-Tools that uses more of pandas while it loads). Like
`one_blas_thread`, it is called by the project's own processes only (a command, the fork servers of the
batch and the page, a batch worker), never on import of the package: a script that imports the planner
keeps its imports as they were.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.abc import Loader
    from importlib.machinery import ModuleSpec

SOLVER_MODULE = "ortools.sat.python.cp_model"


class _Pandas(types.ModuleType):
    """The `pd` that the solver's module keeps once it has loaded: the real pandas, imported on first use."""

    def __getattr__(self, name: str) -> object:
        return getattr(importlib.import_module("pandas"), name)


def _stand_in() -> types.ModuleType:
    """What `import pandas` gives while the solver's module body runs: `Index` and `Series` only."""
    module = types.ModuleType("pandas", "A stand-in for pandas while OR-Tools' CP-SAT layer loads.")
    module.Index = type("Index", (), {"__module__": "pandas"})  # type: ignore[attr-defined]
    module.Series = type("Series", (), {"__module__": "pandas"})  # type: ignore[attr-defined]
    return module


class _Loader:
    """Runs the module's own loader with the stand-in in place, then gives the module the proxy. (The
    import system takes any object with these methods; `importlib.abc` would load importlib.resources.)"""

    def __init__(self, loader: Loader) -> None:
        self.loader = loader

    def __getattr__(self, name: str) -> object:
        """The wrapped loader's other methods (`get_source`, `get_filename`, ...), for `inspect` and the
        like, which ask the module's `__loader__`."""
        return getattr(self.loader, name)

    def create_module(self, spec: ModuleSpec) -> types.ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        if "pandas" in sys.modules:
            self.loader.exec_module(module)
            return
        stand_in = sys.modules["pandas"] = _stand_in()
        try:
            self.loader.exec_module(module)
        except AttributeError:
            # The module asked the stand-in for more than Index and Series: load it as it is, with pandas.
            del sys.modules["pandas"]
            self.loader.exec_module(module)
            return
        finally:
            if sys.modules.get("pandas") is stand_in:
                del sys.modules["pandas"]
        module.pd = _Pandas("pandas")  # type: ignore[attr-defined]


class _Finder:
    """Finds the named module by the other finders, and loads it through `_Loader`."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != self.name:
            return None
        for finder in sys.meta_path:
            if isinstance(finder, _Finder):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None:
                spec.loader = _Loader(spec.loader)  # type: ignore[assignment]  # a Loader by its methods
                return spec
        return None


def defer_pandas(name: str = SOLVER_MODULE) -> None:
    """Load the module `name` (OR-Tools' CP-SAT layer) without pandas; see the module's docstring.
    Nothing is done if that module is loaded already or the hook is in place."""
    if name in sys.modules or any(isinstance(f, _Finder) and f.name == name for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder(name))
