"""Construction limits moved by this turn's planned grants (27.334, 27.34, 40.23)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.tables import Power
from optimizer.rules.grants.prepare import Pair

# Far above any limit or grant the game reaches. Cutting each variable's domain to what its definition
# gives from the grants' flows was measured and not kept: the root relaxation of seed 8700183's first
# priority fell from 283,833 to 242,419 (optimum 237,800), but CP-SAT's presolve derives those domains
# itself (the same deterministic time), and on seeds 8700000-8700199 of benchmarks/tail.py p95 went
# 1.05 -> 0.98 s, max 11.0 -> 13.9 s, HiGHS's proofs slower, 107 ties broken otherwise.
LIMIT_RANGE = 10_000


@dataclass
class LimitVariables:
    """Per grantor and recipient the BRPs granted and their third; per grantor the turn's total and its
    third (27.334, per-turn-total reading); per power its limit before and after the reductions stop
    at 0, and its limit this turn."""

    granted: dict[Pair, cp_model.IntVar] = field(default_factory=dict)
    thirds: dict[Pair, cp_model.IntVar] = field(default_factory=dict)
    after_reductions: dict[Power, cp_model.IntVar] = field(default_factory=dict)
    floored: dict[Power, cp_model.IntVar] = field(default_factory=dict)
    limits: dict[Power, cp_model.IntVar] = field(default_factory=dict)
    # 27.334 with the setting `grant_limit_reduction_per_turn_total`: per grantor, the BRPs it grants
    # this turn to major powers and their third.
    turn_granted: dict[Power, cp_model.IntVar] = field(default_factory=dict)
    turn_thirds: dict[Power, cp_model.IntVar] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        model: cp_model.CpModel,
        pairs: Iterable[Pair],
        powers: Iterable[Power],
        *,
        per_turn_total: bool = False,
    ) -> LimitVariables:
        """`per_turn_total`: the setting `grant_limit_reduction_per_turn_total` (27.334); only then
        are the per-grantor totals made."""
        variables = cls()
        for grantor, recipient in pairs:
            pair = (grantor, recipient)
            variables.granted[pair] = model.new_int_var(
                0, LIMIT_RANGE, f"granted_{grantor.value}_{recipient}"
            )
            variables.thirds[pair] = model.new_int_var(
                0, LIMIT_RANGE, f"granted_third_{grantor.value}_{recipient}"
            )
        for grantor in dict.fromkeys(grantor for grantor, _ in variables.granted if per_turn_total):
            variables.turn_granted[grantor] = model.new_int_var(0, LIMIT_RANGE, f"granted_{grantor.value}")
            variables.turn_thirds[grantor] = model.new_int_var(
                0, LIMIT_RANGE, f"granted_third_{grantor.value}"
            )
        for power in powers:
            variables.after_reductions[power] = model.new_int_var(
                -LIMIT_RANGE, LIMIT_RANGE, f"limit_after_reductions_{power.value}"
            )
            variables.floored[power] = model.new_int_var(0, LIMIT_RANGE, f"limit_floored_{power.value}")
            variables.limits[power] = model.new_int_var(0, 2 * LIMIT_RANGE, f"limit_{power.value}")
        return variables

    def extract(self, solver: cp_model.CpSolver) -> dict[Power, int]:
        """Each power's construction limit this turn."""
        return {power: int(solver.value(var)) for power, var in self.limits.items()}

    def fix(self, model: cp_model.CpModel, power: Power, limit: int) -> None:
        """Hold `power`'s construction limit at `limit` (tests and what-ifs)."""
        model.add(self.limits[power] == limit)
