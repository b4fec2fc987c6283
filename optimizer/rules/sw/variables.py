"""CP-SAT variables of the SW deployment: factors of each group in each SW box (25.3), the CVEs
and levels that follow, and the Indian Ocean ASW split (25.83)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.sw import Campaign, SWBox, SWUnit, is_axis
from models.tables import Power
from optimizer.rules.linear import LinearExpr
from optimizer.rules.sw.deployment import DeploymentData


@dataclass
class SWVariables:
    data: DeploymentData
    placed: dict[tuple[str, SWBox], cp_model.IntVar] = field(default_factory=dict)  # (group, box) -> factors
    split: cp_model.IntVar | None = None  # Allied Indian ASW against the Germans (25.83)
    cve_split: cp_model.IntVar | None = None  # Allied Indian CVEs against the Germans (25.83, a setting)
    engaged: dict[Campaign, cp_model.IntVar] = field(default_factory=dict)  # 25.14: false = declined
    caps: dict[str, LinearExpr] = field(default_factory=dict)  # new units: factors the build plan makes
    value: LinearExpr = 0  # in the turn model: the deployment's worth, in the planner's value units x 1000

    @classmethod
    def create(
        cls, model: cp_model.CpModel, data: DeploymentData, caps: dict[str, LinearExpr] | None = None
    ) -> SWVariables:
        """`caps`: for groups of new units of the turn's build plan, how many factors it builds."""
        variables = cls(data, caps=dict(caps or {}))
        for group in data.groups:
            for box in group.allowed:
                variables.placed[group.id, box] = model.new_int_var(
                    0, group.factors, f"sw_{group.id}_{box.value}"
                )
        return variables

    def level(
        self, box: SWBox, unit: SWUnit, powers: frozenset[Power] | None = None, axis: bool | None = None
    ) -> LinearExpr:
        """Counted factors of `unit` in `box` after deployment: fixed ones and the placed groups that
        count (25.34, 27.91); of `powers`, or of one side."""

        def wanted(power: Power) -> bool:
            return power in powers if powers is not None else is_axis(power) == axis

        fixed = sum(n for (b, p, u), n in self.data.fixed.items() if b is box and u is unit and wanted(p))
        placed = [
            self.placed[g.id, box]
            for g in self.data.groups
            if g.unit is unit and g.counts and wanted(g.power) and (g.id, box) in self.placed
        ]
        return fixed + sum(placed)

    def level_range(
        self, box: SWBox, unit: SWUnit, powers: frozenset[Power] | None = None, axis: bool | None = None
    ) -> tuple[int, int]:
        """The least and most `level(...)` can be: the fixed factors, and those with every group that
        may go there in it."""

        def wanted(power: Power) -> bool:
            return power in powers if powers is not None else is_axis(power) == axis

        fixed = sum(n for (b, p, u), n in self.data.fixed.items() if b is box and u is unit and wanted(p))
        most = sum(
            g.factors
            for g in self.data.groups
            if g.unit is unit and g.counts and wanted(g.power) and (g.id, box) in self.placed
        )
        return fixed, fixed + most

    def fix(self, model: cp_model.CpModel, placements: dict[tuple[str, SWBox], int]) -> None:
        """Fix placements (tests and what-ifs); unnamed (group, box) pairs are left free."""
        for key, value in placements.items():
            model.add(self.placed[key] == value)

    def extract(self, solver: cp_model.CpSolver) -> dict[tuple[str, SWBox], int]:
        return {key: int(solver.value(var)) for key, var in sorted(self.placed.items())}
