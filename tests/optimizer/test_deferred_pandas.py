"""OR-Tools' CP-SAT layer loaded without pandas (optimizer/deferred_pandas.py): each test runs in a fresh
process, since what it checks is what a process has loaded."""

from __future__ import annotations

import textwrap

import pytest

from tests.processes import run_python

HOOKED = "import sys\nfrom optimizer.deferred_pandas import defer_pandas\ndefer_pandas()\n"


def run(code: str) -> list[str]:
    """The lines `code` prints, run in a fresh process after `defer_pandas()`."""
    return run_python(HOOKED + textwrap.dedent(code)).split("\n")[:-1]


def test_the_solver_loads_without_pandas_and_still_solves():
    lines = run(
        """
        from ortools.sat.python import cp_model
        print('pandas' in sys.modules)
        model = cp_model.CpModel()
        x = model.new_int_var(0, 5, 'x')
        y = model.new_bool_var('y')
        model.add(x + 3 * y <= 6)
        model.maximize(2 * x + 5 * y)
        solver = cp_model.CpSolver()
        print(solver.solve(model) == cp_model.OPTIMAL, solver.objective_value)
        print('pandas' in sys.modules)
        """
    )
    # x + 3y <= 6 with x <= 5: y = 1 leaves x = 3, worth 2*3 + 5 = 11; y = 0 gives x = 5, worth 10.
    assert lines == ["False", "True 11.0", "False"]


def test_the_solvers_pandas_helpers_load_the_real_pandas_when_used():
    """`new_int_var_series` takes a pandas Index and gives a pandas Series, as without the hook."""
    lines = run(
        """
        from ortools.sat.python import cp_model
        import pandas as pd
        series = cp_model.CpModel().new_int_var_series('x', pd.Index(['a', 'b']), 0, 3)
        print(type(series) is pd.Series, list(series.index), series['b'].name)
        print(cp_model.pd.DataFrame is pd.DataFrame)
        """
    )
    assert lines == ["True ['a', 'b'] x[b]", "True"]


def test_the_solver_module_keeps_its_source_and_file():
    """Its loader answers for the wrapped one: the module's source and file, as `inspect` and tracebacks
    ask them of its `__loader__`."""
    lines = run(
        """
        from ortools.sat.python import cp_model
        loader = cp_model.__loader__
        print(loader.get_filename(cp_model.__name__) == cp_model.__file__)
        print('class CpModel' in loader.get_source(cp_model.__name__))
        """
    )
    assert lines == ["True", "True"]


def test_pandas_imported_elsewhere_is_the_real_one():
    lines = run(
        """
        from ortools.sat.python import cp_model
        import pandas
        print(pandas.__name__, hasattr(pandas, 'DataFrame'), pandas.Series([1, 2]).sum())
        """
    )
    assert lines == ["pandas True 3"]


def test_with_pandas_loaded_first_the_solver_keeps_it():
    lines = run(
        """
        import pandas
        from ortools.sat.python import cp_model
        print(cp_model.pd is pandas)
        """
    )
    assert lines == ["True"]


def test_a_module_that_uses_more_of_pandas_while_it_loads_gets_the_real_pandas(tmp_path):
    """The fallback: a module whose body asks pandas for more than Index and Series is loaded as it is."""
    (tmp_path / "uses_pandas.py").write_text("import pandas as pd\nFRAME = pd.DataFrame\n")
    code = f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        from optimizer.deferred_pandas import defer_pandas
        defer_pandas('uses_pandas')
        import uses_pandas, pandas
        print(uses_pandas.FRAME is pandas.DataFrame, uses_pandas.pd is pandas)
        """
    assert run_python(textwrap.dedent(code)).split() == ["True", "True"]


@pytest.mark.parametrize(
    "module",
    [
        "optimizer.batch.warm",  # what the batch's fork server preloads
        "optimizer.web.forkserver",  # what the page's fork server preloads
        "optimizer.batch.worker",  # what a Dask worker imports with its first position
    ],
)
def test_the_project_s_worker_processes_load_the_solver_without_pandas(module):
    """A fork server is a new interpreter: the hook of the command that started it is not in it, so each
    server's preload installs its own before the solver loads."""
    code = (
        f"import sys, {module}\nprint('ortools.sat.python.cp_model' in sys.modules, 'pandas' in sys.modules)"
    )
    assert run_python(code).split() == ["True", "False"]
