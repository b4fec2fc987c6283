"""The CP-SAT to MILP translation (`optimizer.turn.milp`, used by the planner and benchmarks/highs.py),
on tiny hand-made models.

Each model is checked two ways: for every assignment of its variables, CP-SAT
and HiGHS agree on whether it is feasible (the MILP's own auxiliary columns
left free); and both solvers find the same optimum.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable

import highspy
import pytest
from ortools.sat.python import cp_model

from benchmarks.highs import solve_cp_sat, solve_highs
from optimizer.turn.milp import Milp, Untranslated, model_proto, translate

Build = Callable[[cp_model.CpModel], list[cp_model.IntVar]]


def milp_feasible(milp: Milp, fixed: list[int]) -> bool:
    """Whether the MILP has a solution with its first columns fixed to `fixed`."""
    pinned = copy.deepcopy(milp)
    pinned.lower[: len(fixed)] = fixed
    pinned.upper[: len(fixed)] = fixed
    pinned.cost = {}
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("threads", 1)
    highs.passModel(pinned.to_highs())
    highs.run()
    status = highs.getModelStatus()
    assert status in (highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible), status
    return bool(status == highspy.HighsModelStatus.kOptimal)


def cp_feasible(model: cp_model.CpModel, variables: list[cp_model.IntVar], fixed: list[int]) -> bool:
    pinned = model.clone()
    pinned.clear_objective()
    for var, value in zip(variables, fixed, strict=True):
        pinned.add(pinned.get_int_var_from_proto_index(var.index) == value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(pinned) == cp_model.OPTIMAL


def check(build: Build) -> Milp:
    """Same feasible assignments, and the same optimum, for the model `build` makes."""
    model = cp_model.CpModel()
    variables = build(model)
    assert [v.index for v in variables] == list(range(len(variables))), "every variable, in order"
    milp = translate(model_proto(model))
    boxes = [range(milp.lower[v.index], milp.upper[v.index] + 1) for v in variables]
    feasible = 0
    for fixed in itertools.product(*boxes):
        expected = cp_feasible(model, variables, list(fixed))
        assert milp_feasible(milp, list(fixed)) == expected, fixed
        feasible += expected
    assert feasible > 0, "a model with no solution checks nothing about the objective"
    if model.has_objective():
        cp = solve_cp_sat(model)
        mip = solve_highs(milp, 10.0)
        assert cp.optimal and mip.optimal
        assert cp.value is not None and mip.value is not None
        assert mip.value == pytest.approx(cp.value, abs=1e-6)
    return milp


def test_linear_two_sided_and_with_holes() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        x, y = m.new_int_var(-3, 4, "x"), m.new_int_var(0, 5, "y")
        m.add_linear_constraint(x + 2 * y, 2, 7)
        m.add(x - y != 1)  # a domain with a hole
        m.add_linear_expression_in_domain(x + y, cp_model.Domain.from_intervals([[-3, -1], [2, 3], [6, 20]]))
        m.maximize(3 * x - y + 4)
        return [x, y]

    check(build)


def test_enforcement_literals() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        x, y = m.new_int_var(0, 4, "x"), m.new_int_var(-2, 3, "y")
        b, c = m.new_bool_var("b"), m.new_bool_var("c")
        m.add(x + y >= 5).only_enforce_if(b)
        m.add(x <= 1).only_enforce_if(~b)
        m.add(x == y).only_enforce_if([b, ~c])
        m.add(x - y != 2).only_enforce_if(c)  # enforced, with a hole
        m.add_linear_constraint(x - 2 * y, -1, 1).only_enforce_if([~b, c])
        m.minimize(x - 3 * b + 2 * c - 1)
        return [x, y, b, c]

    check(build)


def test_boolean_constraints() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        a, b, c, d, e = (m.new_bool_var(n) for n in "abcde")
        m.add_bool_or([a, ~b, c]).only_enforce_if(d)
        m.add_bool_or([~a, ~c])
        m.add_bool_and([b, ~c]).only_enforce_if(~d)
        m.add_exactly_one([a, c, e])
        m.add_at_most_one([~a, c, d])
        m.add_implication(c, b)
        m.maximize(a + 2 * b + 3 * c + 4 * d - 5 * e)
        return [a, b, c, d, e]

    check(build)


def test_enforced_cardinalities() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        a, b, c, x, y = (m.new_bool_var(n) for n in "abcxy")
        m.add_at_most_one([a, b, ~c]).only_enforce_if(x)
        m.add_exactly_one([a, ~b, c]).only_enforce_if([y, ~x])
        m.maximize(a + b + c + x + y)
        return [a, b, c, x, y]

    check(build)


@pytest.mark.parametrize(
    ("low", "high", "divisor"), [(0, 9, 3), (-7, 7, 3), (-8, -1, 2), (-7, 6, -2), (-5, 5, 1)]
)
def test_int_div(low: int, high: int, divisor: int) -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        x, t = m.new_int_var(low, high, "x"), m.new_int_var(-10, 10, "t")
        m.add_division_equality(t, x, divisor)
        m.maximize(2 * t - x)
        return [x, t]

    check(build)


def test_int_div_of_an_expression() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        x, y, t = m.new_int_var(0, 5, "x"), m.new_int_var(-4, 2, "y"), m.new_int_var(-5, 5, "t")
        m.add_division_equality(t, 2 * x + y - 1, 4)
        m.minimize(t + y)
        return [x, y, t]

    check(build)


def test_lin_max_and_min() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        x, y = m.new_int_var(-2, 2, "x"), m.new_int_var(0, 3, "y")
        top, bottom = m.new_int_var(-3, 3, "top"), m.new_int_var(-3, 2, "bottom")
        m.add_max_equality(top, [x, 2 - y, y - 3])
        m.add_min_equality(bottom, [x + y, 1, -x])
        m.minimize(top - bottom)
        return [x, y, top, bottom]

    check(build)


@pytest.mark.parametrize(("low", "high"), [(1, 5), (0, 4), (-5, 0), (-5, -1), (-3, 4)])
def test_lin_max_with_an_expression_that_is_never_the_only_maximum(low: int, high: int) -> None:
    """max(x, 0), x's domain on either side of 0 or across it, and max(x, y, 3) with y never above 3:
    an expression that is never above another's least value is left out of the choice, and the
    translation keeps the same plans."""

    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        x, y = m.new_int_var(low, high, "x"), m.new_int_var(0, 3, "y")
        top, most = m.new_int_var(-6, 6, "top"), m.new_int_var(0, 6, "most")
        m.add_max_equality(top, [x, 0])
        m.add_max_equality(most, [x, y, 3])
        m.maximize(top + most - y)
        return [x, y, top, most]

    check(build)


def test_the_relaxation_of_a_max_with_zero_is_its_convex_hull() -> None:
    """f = max(c, 0) with c in [-4, 12]: the convex hull of the points (c, max(c, 0)) is bounded above by
    the chord from (-4, 0) to (12, 12), f <= 12 (c + 4) / 16, so with c at 0 the linear relaxation lets f
    reach 3 and no more (a big-M from every expression's bound, 12 - (-4), would let it reach 48/7)."""
    model = cp_model.CpModel()
    c, f = model.new_int_var(-4, 12, "c"), model.new_int_var(0, 12, "f")
    model.add_max_equality(f, [c, 0])
    model.add(c == 0)
    model.maximize(f)
    lp = translate(model_proto(model)).to_highs()
    lp.integrality_ = [highspy.HighsVarType.kContinuous] * lp.num_col_
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.passModel(lp)
    highs.run()
    assert highs.getModelStatus() == highspy.HighsModelStatus.kOptimal
    assert highs.getInfo().objective_function_value == pytest.approx(3.0)


def test_int_prod_with_a_boolean_factor() -> None:
    def build(m: cp_model.CpModel) -> list[cp_model.IntVar]:
        b, x, t = m.new_bool_var("b"), m.new_int_var(-3, 4, "x"), m.new_int_var(-5, 5, "t")
        m.add_multiplication_equality(t, [b, x])
        m.maximize(t - x)
        return [b, x, t]

    check(build)


def test_objective_keeps_its_offset_and_direction() -> None:
    for sense in ("maximize", "minimize"):

        def build(m: cp_model.CpModel, sense: str = sense) -> list[cp_model.IntVar]:
            x, y = m.new_int_var(-2, 3, "x"), m.new_int_var(1, 4, "y")
            m.add(x + y <= 5)
            getattr(m, sense)(7 * x - 2 * y + 11)
            return [x, y]

        milp = check(build)
        assert milp.maximize == (sense == "maximize")


def untranslatable(build: Callable[[cp_model.CpModel], object]) -> str:
    model = cp_model.CpModel()
    build(model)
    with pytest.raises(Untranslated) as raised:
        translate(model_proto(model))
    return str(raised.value)


def test_refuses_what_it_does_not_translate() -> None:
    def holes(m: cp_model.CpModel) -> None:
        m.new_int_var_from_domain(cp_model.Domain.from_values([1, 3, 5]), "x")

    def all_different(m: cp_model.CpModel) -> None:
        m.add_all_different([m.new_int_var(0, 2, "x"), m.new_int_var(0, 2, "y")])

    def product(m: cp_model.CpModel) -> None:
        x, y = m.new_int_var(0, 3, "x"), m.new_int_var(0, 3, "y")
        m.add_multiplication_equality(m.new_int_var(0, 9, "t"), [x, y])

    def division_by_variable(m: cp_model.CpModel) -> None:
        x, y = m.new_int_var(0, 3, "x"), m.new_int_var(1, 3, "y")
        m.add_division_equality(m.new_int_var(0, 3, "t"), x, y)

    def element(m: cp_model.CpModel) -> None:
        i = m.new_int_var(0, 2, "i")
        m.add_element(i, [1, 5, 7], m.new_int_var(0, 9, "v"))

    def enforced_max(m: cp_model.CpModel) -> None:
        x, y = m.new_int_var(0, 3, "x"), m.new_int_var(0, 3, "y")
        m.add_max_equality(m.new_int_var(0, 3, "t"), [x, y]).only_enforce_if(m.new_bool_var("b"))

    def scaled_objective(m: cp_model.CpModel) -> None:  # its value would not be exact in integers
        m.minimize(m.new_int_var(0, 3, "x"))
        m.proto.objective.scaling_factor = 0.5

    assert "holes" in untranslatable(holes)
    assert "scaled by 0.5" in untranslatable(scaled_objective)
    assert "lin_max with enforcement" in untranslatable(enforced_max)
    assert "all_diff" in untranslatable(all_different)
    assert "two non-Boolean factors" in untranslatable(product)
    assert "by a variable" in untranslatable(division_by_variable)
    assert "element" in untranslatable(element)
