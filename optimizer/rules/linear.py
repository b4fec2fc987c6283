"""CP-SAT expression types and the integer scaling of values, shared by every rule family."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from ortools.sat.python import cp_model

# A linear expression over the model's variables, or a plain integer where a rule has no decision.
LinearExpr = cp_model.LinearExpr | int

# Values are taken to 1/1000: CP-SAT objectives are integers, and exact
# integers are what let a later priority keep an earlier one's optimum exactly.
VALUE_SCALE = 1000
GROWTH_SCALE = 1000  # a growth rate of BRPs kept (`unspent_brp_growth`, `season.leftover`) in thousandths


@lru_cache(maxsize=4096)
def scaled(value: float) -> int:
    """A value in thousandths, rounded to the nearest fraction with denominator at most 1000.

    Remembered (a pure function of one float): the naval objective scales the same worths and discounts
    over and over, and `Fraction.limit_denominator` was 0.16 s of 12 naval tail positions (cProfile)."""
    return round(Fraction(value).limit_denominator(VALUE_SCALE) * VALUE_SCALE)


def growth_fraction(rate: float) -> Fraction:
    """A growth rate of BRPs kept as the nearest fraction with denominator at most GROWTH_SCALE."""
    return Fraction(rate).limit_denominator(GROWTH_SCALE)


def floor_growth(model: cp_model.CpModel, expr: LinearExpr, rate: Fraction, name: str) -> cp_model.IntVar:
    """A new variable `name` that is rate x expr rounded down, BRPs kept grown into next year's base by
    whole BRPs [reading] (`growth_fraction`): rate x expr less it is at least 0 and less than one BRP, so
    it is that floor in every plan, whatever is maximized or minimized. Its domain is the floors of
    `expr`'s least and greatest values (`expression_range`)."""
    low, high = expression_range(model, expr)
    grown = model.new_int_var(math.floor(rate * low), math.floor(rate * high), name)
    model.add_linear_constraint(rate.numerator * expr - rate.denominator * grown, 0, rate.denominator - 1)
    return grown


def value(solver: cp_model.CpSolver, expr: LinearExpr) -> int:
    """The integer value of an expression in the solver's last solution."""
    return int(solver.value(expr))


def expression_range(model: cp_model.CpModel, expr: LinearExpr) -> tuple[int, int]:
    """The least and greatest values `expr` can take over its variables' domains.

    The terms are read off the expression itself (`FlatIntExpr`), the model left as it is: setting the
    objective only to read them back cost more than the rest of the stage set-up (measured with
    cProfile on benchmarks/tail.py's naval suite)."""
    if isinstance(expr, int):
        return expr, expr
    flat = cp_model.FlatIntExpr(expr)
    variables = model.proto.variables
    low = high = int(flat.offset)
    for var, coeff in zip(flat.vars, flat.coeffs, strict=True):
        domain = variables[var.index].domain  # the binding's repeated field takes no negative index
        ends = (coeff * domain[0], coeff * domain[len(domain) - 1])
        low += min(ends)
        high += max(ends)
    return low, high
