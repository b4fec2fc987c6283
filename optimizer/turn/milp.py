"""A turn model's CP-SAT proto as the equivalent MILP, for HiGHS (`optimizer.turn.prove`).

`translate` reads the proto and fails loudly (`Untranslated`) on anything it does not translate
exactly: integer variables keep their bounds (a domain with holes is refused); a linear constraint
keeps its domain, with one binary per interval when the domain has holes; enforcement literals become
big-M terms from the variables' bounds; bool_or, bool_and, exactly_one and at_most_one become sums of
literals; int_div by a constant and int_prod with a 0/1 factor take their standard MILP forms, and lin_max
one binary per expression that can be the only maximum, each with the tightest big-M its bounds allow;
the objective keeps its scaling factor and offset, so that both solvers report the same value.
Variable i of the proto is column i of the MILP; the auxiliary columns come after them.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ortools.sat import cp_model_pb2
from ortools.sat.python import cp_model

if TYPE_CHECKING:
    import highspy

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
# Larger variable bounds would make the big-M terms numerically unsafe for a MILP solver.
MAX_BOUND = 2**40


class Untranslated(ValueError):
    """A part of a CP-SAT model that `translate` does not translate exactly."""


@dataclass
class Affine:
    """sum(coeffs[i] * x_i) + const, in integers."""

    coeffs: dict[int, int] = field(default_factory=dict)
    const: int = 0

    def __add__(self, other: Affine) -> Affine:
        return total((self, other))

    def __mul__(self, factor: int) -> Affine:
        if factor == 0:
            return Affine()
        return Affine({v: c * factor for v, c in self.coeffs.items()}, self.const * factor)

    def __sub__(self, other: Affine) -> Affine:
        return self + other * -1


# An unenforced constraint's enforcement, 0: one shared Affine (every operation makes a new one).
UNENFORCED = Affine()


def constant(value: int) -> Affine:
    return Affine({}, value)


def total(parts: Iterable[Affine], start: Affine | None = None) -> Affine:
    """The sum of `parts` (and `start`), in one pass."""
    coeffs: dict[int, int] = {}
    const = 0
    for part in (start or Affine(), *parts):
        const += part.const
        for var, coeff in part.coeffs.items():
            coeffs[var] = coeffs.get(var, 0) + coeff
    return Affine({v: c for v, c in coeffs.items() if c != 0}, const)


def terms(refs: Iterable[int], coeffs: Iterable[int], offset: int = 0) -> Affine:
    """sum(coeff * ref) + offset, a negative reference -v-1 standing for -v. Summed into one dict, with no
    Affine a term: most of the translation's rows are read here (a season's stage has thousands)."""
    summed: dict[int, int] = {}
    for ref, coeff in zip(refs, coeffs, strict=True):
        if ref < 0:
            ref, coeff = -ref - 1, -coeff
        summed[ref] = summed.get(ref, 0) + coeff
    return Affine({v: c for v, c in summed.items() if c != 0}, offset)


@dataclass
class Milp:
    """A mixed-integer program: maximize or minimize cost . x + offset subject to rows and bounds."""

    lower: list[int] = field(default_factory=list)
    upper: list[int] = field(default_factory=list)
    # Rows: lower <= coeffs . x <= upper, None for an infinite side.
    rows: list[tuple[int | None, dict[int, int], int | None]] = field(default_factory=list)
    cost: dict[int, float] = field(default_factory=dict)
    offset: float = 0.0
    maximize: bool = False

    def add_var(self, lower: int, upper: int) -> int:
        if not -MAX_BOUND <= lower <= upper <= MAX_BOUND:
            raise Untranslated(f"variable bounds [{lower}, {upper}]")
        self.lower.append(lower)
        self.upper.append(upper)
        return len(self.lower) - 1

    def add_binary(self) -> Affine:
        return Affine({self.add_var(0, 1): 1})

    def bounds(self, expr: Affine) -> tuple[int, int]:
        """The least and greatest value of `expr` over the variables' bounds."""
        low = high = expr.const
        for var, coeff in expr.coeffs.items():
            a, b = coeff * self.lower[var], coeff * self.upper[var]
            low += min(a, b)
            high += max(a, b)
        return low, high

    def add_row(self, expr: Affine, lower: int | None, upper: int | None) -> None:
        """lower <= expr <= upper (None: no bound on that side)."""
        if lower is None and upper is None:
            return
        if not expr.coeffs:
            if (lower is not None and expr.const < lower) or (upper is not None and expr.const > upper):
                self.rows.append((1, {}, None))  # 0 >= 1: infeasible, as the constraint is
            return
        self.rows.append(
            (
                None if lower is None else lower - expr.const,
                dict(expr.coeffs),
                None if upper is None else upper - expr.const,
            )
        )

    def at_least_unless(self, expr: Affine, bound: int, off: Affine) -> None:
        """expr >= bound whenever `off` (a nonnegative integer expression) is 0."""
        low, _ = self.bounds(expr)
        if bound > low:
            self.add_row(expr + off * (bound - low), bound, None)

    def at_most_unless(self, expr: Affine, bound: int, off: Affine) -> None:
        """expr <= bound whenever `off` (a nonnegative integer expression) is 0."""
        _, high = self.bounds(expr)
        if bound < high:
            self.add_row(expr - off * (high - bound), None, bound)

    def value(self, values: Sequence[int]) -> int:
        """The objective's value at `values` (by proto index) in exact integers: the translated objective
        is CP-SAT's, integer coefficients and offset, times -1 for a maximization (`translate` takes no
        other scaling)."""
        return int(round(self.offset)) + sum(
            int(round(cost)) * values[var] for var, cost in self.cost.items()
        )

    def to_highs(self) -> highspy.HighsLp:
        import highspy  # noqa: PLC0415 (loaded only when a stage is proven with HiGHS)

        lp = highspy.HighsLp()
        inf = highspy.kHighsInf
        lp.num_col_ = len(self.lower)
        lp.num_row_ = len(self.rows)
        lp.col_lower_ = [float(v) for v in self.lower]
        lp.col_upper_ = [float(v) for v in self.upper]
        lp.col_cost_ = [float(self.cost.get(i, 0.0)) for i in range(lp.num_col_)]
        lp.offset_ = float(self.offset)
        lp.sense_ = highspy.ObjSense.kMaximize if self.maximize else highspy.ObjSense.kMinimize
        lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
        lp.row_lower_ = [-inf if lo is None else float(lo) for lo, _, _ in self.rows]
        lp.row_upper_ = [inf if hi is None else float(hi) for _, _, hi in self.rows]
        starts, index, value = [0], [], []
        for _, coeffs, _ in self.rows:
            for var, coeff in sorted(coeffs.items()):
                index.append(var)
                value.append(float(coeff))
            starts.append(len(index))
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.num_col_ = lp.num_col_
        lp.a_matrix_.num_row_ = lp.num_row_
        lp.a_matrix_.start_ = starts
        lp.a_matrix_.index_ = index
        lp.a_matrix_.value_ = value
        return lp


def model_proto(model: cp_model.CpModel) -> cp_model_pb2.CpModelProto:
    """The model as a protobuf message (exported to a file and read back: the exact proto)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.pb"
        if not model.export_to_file(str(path)):
            raise RuntimeError("CP-SAT could not export the model")
        return cp_model_pb2.CpModelProto.FromString(path.read_bytes())


def _intervals(domain: list[int]) -> list[tuple[int | None, int | None]]:
    """A proto domain [a0, b0, a1, b1, ...] as intervals, None for an infinite end."""
    return [
        (None if lo <= INT64_MIN else lo, None if hi >= INT64_MAX else hi)
        for lo, hi in zip(domain[::2], domain[1::2], strict=True)
    ]


def _maximum(milp: Milp, target: Affine, exprs: list[Affine]) -> None:
    """target = max(exprs): target at least each, and at most the one chosen (one binary per expression
    that can be the only maximum). An expression never above the greatest least value among them is never
    the only maximum, and is left out of the choice: it changes no maximum (a season's BRPs,
    max(carried, 0), where presolve proved carried >= 0, leave no choice at all)."""
    for expr in exprs:
        milp.add_row(target - expr, 0, None)
    bounds = [milp.bounds(e) for e in exprs]
    floor = max(low for low, _ in bounds)
    first = next(i for i, (low, _) in enumerate(bounds) if low == floor)
    choice = [
        (e, b) for i, (e, b) in enumerate(zip(exprs, bounds, strict=True)) if i == first or b[1] > floor
    ]
    if len(choice) == 1:
        milp.add_row(target - choice[0][0], None, 0)
        return
    chosen = [milp.add_binary() for _ in choice]
    milp.add_row(total(chosen), 1, 1)
    for i, (z, (expr, (low, _))) in enumerate(zip(chosen, choice, strict=True)):
        # target <= expr for the expression chosen as the maximum. Otherwise another is chosen and target
        # is at most that one, so target - expr is at most the others' greatest value less this one's
        # least: the tightest big-M, whose relaxation of max(c, 0) is the convex hull (the chord), where
        # the greatest value over every expression is not.
        slack = max(high for j, (_, (_, high)) in enumerate(choice) if j != i) - low
        milp.add_row(target - expr + z * slack, None, slack)


def translate(proto: cp_model_pb2.CpModelProto) -> Milp:
    """The CP-SAT model as an equivalent MILP: variable i of the proto is column i."""
    milp = Milp()
    for i, var in enumerate(proto.variables):
        domain = list(var.domain)
        if len(domain) != 2:
            raise Untranslated(f"variable {i} ({var.name}): a domain with holes {domain}")
        milp.add_var(domain[0], domain[1])

    def literal(ref: int) -> Affine:
        var = ref if ref >= 0 else -ref - 1
        if not 0 <= milp.lower[var] <= milp.upper[var] <= 1:
            raise Untranslated(f"literal {ref} on a variable that is not Boolean")
        return Affine({var: 1}) if ref >= 0 else Affine({var: -1}, 1)

    def linear(expr: cp_model_pb2.LinearExpressionProto) -> Affine:
        return terms(expr.vars, expr.coeffs, expr.offset)

    def in_domain(expr: Affine, domain: list[int], off: Affine) -> None:
        """expr in domain whenever off == 0."""
        low, high = milp.bounds(expr)
        intervals = [
            (lo, hi)
            for lo, hi in _intervals(domain)
            if (lo is None or lo <= high) and (hi is None or hi >= low)
        ]
        if len(intervals) == 1 and not off.coeffs and off.const == 0:
            lo, hi = intervals[0]
            milp.add_row(expr, lo, hi)
            return
        if len(intervals) == 1:
            lo, hi = intervals[0]
            if lo is not None:
                milp.at_least_unless(expr, lo, off)
            if hi is not None:
                milp.at_most_unless(expr, hi, off)
            return
        # No interval or several: one binary per interval, one of them chosen when enforced.
        chosen = [milp.add_binary() for _ in intervals]
        milp.add_row(total(chosen), None, 1)
        milp.add_row(total(chosen, off), 1, None)
        for z, (lo, hi) in zip(chosen, intervals, strict=True):
            if lo is not None:
                milp.at_least_unless(expr, lo, constant(1) - z)
            if hi is not None:
                milp.at_most_unless(expr, hi, constant(1) - z)

    for index, ct in enumerate(proto.constraints):
        kind = ct.WhichOneof("constraint")
        # The enforcement: 0 exactly when every enforcement literal is true, else positive.
        off = (
            total(constant(1) - literal(ref) for ref in ct.enforcement_literal)
            if ct.enforcement_literal
            else UNENFORCED
        )
        if ct.enforcement_literal and kind in ("int_div", "lin_max", "int_prod"):
            raise Untranslated(f"constraint {index}: {kind} with enforcement literals")
        if kind == "linear":
            in_domain(terms(ct.linear.vars, ct.linear.coeffs), list(ct.linear.domain), off)
        elif kind == "bool_or":
            milp.add_row(total((literal(r) for r in ct.bool_or.literals), off), 1, None)
        elif kind == "bool_and":
            for ref in ct.bool_and.literals:
                milp.add_row(literal(ref) + off, 1, None)
        elif kind in ("exactly_one", "at_most_one"):
            refs = ct.exactly_one.literals if kind == "exactly_one" else ct.at_most_one.literals
            count = total(literal(r) for r in refs)
            if len(refs) > 1:
                milp.at_most_unless(count, 1, off)
            if kind == "exactly_one":
                milp.add_row(count + off, 1, None)
        elif kind == "int_div":
            target = linear(ct.int_div.target)
            numerator, denominator = (linear(e) for e in ct.int_div.exprs)
            if denominator.coeffs or denominator.const == 0:
                raise Untranslated(f"constraint {index}: int_div by a variable or by zero")
            d = denominator.const
            if d < 0:  # trunc(n / d) = trunc(-n / -d)
                numerator, d = numerator * -1, -d
            # target = trunc(numerator / d): the remainder g = n - d * target has n's sign
            # and |g| < d. A binary p is n's sign (fixed when n's bounds fix it).
            low, high = milp.bounds(numerator)
            p = constant(1) if low >= 0 else constant(0) if high <= 0 else milp.add_binary()
            if p.coeffs:
                milp.add_row(numerator - (constant(1) - p) * low, 0, None)  # p = 1: n >= 0
                milp.add_row(numerator - p * high, None, 0)  # p = 0: n <= 0
            remainder = numerator - target * d
            milp.add_row(remainder + (constant(1) - p) * (d - 1), 0, None)
            milp.add_row(remainder - p * (d - 1), None, 0)
        elif kind == "lin_max":
            target = linear(ct.lin_max.target)
            exprs = [linear(e) for e in ct.lin_max.exprs]
            if not exprs:
                raise Untranslated(f"constraint {index}: lin_max of nothing")
            _maximum(milp, target, exprs)
        elif kind == "int_prod":
            target = linear(ct.int_prod.target)
            factors = [linear(e) for e in ct.int_prod.exprs]
            if not factors:
                milp.add_row(target, 1, 1)
            elif len(factors) == 1:
                milp.add_row(target - factors[0], 0, 0)
            elif len(factors) == 2:
                binary = [f for f in factors if 0 <= milp.bounds(f)[0] <= milp.bounds(f)[1] <= 1]
                if not binary:
                    raise Untranslated(f"constraint {index}: int_prod of two non-Boolean factors")
                b = binary[0]
                y = factors[1] if b is factors[0] else factors[0]
                low, high = milp.bounds(y)
                # target = b * y with b in {0, 1}: exact.
                milp.add_row(target - b * high, None, 0)
                milp.add_row(target - b * low, 0, None)
                milp.add_row(target - y - b * low, None, -low)
                milp.add_row(target - y - b * high, -high, None)
            else:
                raise Untranslated(f"constraint {index}: int_prod of {len(factors)} factors")
        else:
            raise Untranslated(f"constraint {index}: {kind} is not translated")

    if proto.HasField("floating_point_objective"):
        raise Untranslated("a floating-point objective")
    if proto.assumptions:
        raise Untranslated("assumptions")
    if proto.HasField("objective"):
        objective = proto.objective
        if objective.integer_scaling_factor not in (0, 1):
            raise Untranslated("an objective with an integer scaling factor")
        scaling = objective.scaling_factor or 1.0
        if scaling not in (1.0, -1.0):  # `Milp.value` reads the plan's value in integers
            raise Untranslated(f"an objective scaled by {scaling}")
        expr = terms(objective.vars, objective.coeffs)
        if objective.domain:
            in_domain(expr, list(objective.domain), Affine())
        # CP-SAT minimizes sum + offset and reports scaling_factor * (sum + offset).
        milp.cost = {var: scaling * coeff for var, coeff in expr.coeffs.items()}
        milp.offset = scaling * (objective.offset + expr.const)
        milp.maximize = scaling < 0
    return milp
