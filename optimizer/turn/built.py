"""A turn position prepared and modelled once: `Built(scenario)`; each solve and each what-if works on a
copy of its model.

A copy is the same model as building afresh would give (a test holds it to that, proto for proto): with
more of a resource (`more`: a naval air rate, 27.61, or a construction limit no naval chart reads, 27.31
and 27.34, is one constant of the copy, raised there; any other relaxation moves domains, and the position
is built again from the prepared data, relaxed), or with decisions fixed or forbidden past its own
(`fixed`, posted on the copy as `optimizer.turn.fix` posts them while building).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Self

from ortools.sat.python import cp_model

from models.io import InputError
from models.scenario import Scenario
from optimizer.rules.grants.prepare import fixed_grant_breaches
from optimizer.rules.guards import Guards
from optimizer.rules.limits.constraints import raise_limits
from optimizer.rules.naval_air.constraints import raise_rates
from optimizer.turn.decision_forms import Decision
from optimizer.turn.fix import post_decisions, raise_bad_decisions
from optimizer.turn.model import build_model
from optimizer.turn.prepare import Prepared, Relaxation, prepare, relax_prepared
from optimizer.turn.progress import OnProgress
from optimizer.turn.solve import Solved, solve_stages
from optimizer.turn.variables import Variables

# Constraints of a caller's own, posted on a solve's copy of the model (alternatives' cuts, a player's
# decisions priced).
Constrain = Callable[[cp_model.CpModel, Prepared, Variables], None]


class Built:
    """The turn model of `scenario` with the player's fixed and forbidden `decisions`, prepared and built
    once. Raises `InputError` for a fixed grant that rule 40 forbids (40.3) or a decision naming what the
    position does not have. `guarded` builds every rule family behind a literal (`ExplainGuards`, named
    `guard[RULE|SUBJECT]`), for pricing a plan that breaks rules (`awaw compare`). `prepared`: the data of
    another position of this scenario, used again (relaxed by `relax`) instead of preparing anew."""

    scenario: Scenario
    data: Prepared
    variables: Variables
    model: cp_model.CpModel  # as built: never solved itself, each solve has a copy
    relaxation: Relaxation  # what this position has more of than the scenario (`more`)
    guarded: bool
    build_seconds: float
    spent: bool  # its model solved itself (`solve(keep=False)`): nothing is left to copy

    def __init__(
        self,
        scenario: Scenario,
        decisions: Sequence[Decision] = (),
        *,
        relax: Relaxation | None = None,
        guarded: bool = False,
        prepared: Prepared | None = None,
    ) -> None:
        breaches = fixed_grant_breaches(scenario)
        if breaches:
            raise InputError(scenario.name, breaches)  # 40.3: a fixed grant no rule allows is bad input
        started = time.perf_counter()
        fixes = tuple(decisions)
        if prepared is not None:
            data = replace(prepared if relax is None else relax_prepared(prepared, relax), decisions=fixes)
        else:
            data = prepare(scenario, relax, fixes)
        raise_bad_decisions(data)
        model, variables, _ = build_model(data, explain=guarded)
        self._set(scenario, data, variables, model, relax or Relaxation(), guarded)
        self.build_seconds = time.perf_counter() - started

    def _set(
        self,
        scenario: Scenario,
        data: Prepared,
        variables: Variables,
        model: cp_model.CpModel,
        relaxation: Relaxation,
        guarded: bool,
    ) -> None:
        self.scenario, self.data, self.variables, self.model = scenario, data, variables, model
        self.relaxation, self.guarded, self.spent = relaxation, guarded, False

    def _copy(self, data: Prepared, model: cp_model.CpModel, relaxation: Relaxation, started: float) -> Self:
        """A position of the same kind holding a copy of this model (a copy keeps every index, so the
        variables name its variables too)."""
        assert not self.spent, "a position solved without `keep` has no model left to copy"
        copy = object.__new__(type(self))
        copy._set(self.scenario, data, replace(self.variables, data=data), model, relaxation, self.guarded)
        copy.build_seconds = time.perf_counter() - started
        return copy

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The player's fixed and forbidden decisions this position holds."""
        return self.data.decisions

    def solve(
        self,
        time_limit: float | None = None,
        workers: int = 1,
        *,
        hint: dict[str, int] | None = None,
        constrain: Constrain | None = None,
        one_call: bool = False,
        light_presolve: bool = False,
        explain_infeasible: bool = True,
        keep: bool = True,
        on_progress: OnProgress | None = None,
    ) -> Solved:
        """The best plan for each priority in order (`optimizer.turn.solve.solve_stages`), on a copy of the
        model: `constrain` posts constraints of its own on the copy first; `hint` starts the search from
        another solve's decisions (`Solved.decisions`, by variable name). Without `keep`, the model itself
        is solved, not a copy (a position asked nothing more: the one-call solve), and the position may not
        be used again. `on_progress` is told of each better plan (`optimizer.turn.progress`)."""
        assert not self.spent, "a position solved without `keep` has no model left to copy"
        started = time.perf_counter()
        model = self.model.clone() if keep else self.model
        self.spent = not keep
        if constrain is not None:
            constrain(model, self.data, self.variables)
        if hint:
            for var in self.variables.decisions():
                if var.name in hint:
                    model.add_hint(var, hint[var.name])
        ready = time.perf_counter()
        solved = solve_stages(
            self.scenario,
            model,
            self.data,
            self.variables,
            None if time_limit is None else time_limit - (ready - started),
            workers,
            one_call=one_call,
            light_presolve=light_presolve,
            explain_infeasible=explain_infeasible,
            on_progress=on_progress,
        )
        solved.build_seconds = self.build_seconds + ready - started
        return solved

    def copyable(self, relax: Relaxation) -> bool:
        """Whether `more` takes this relaxation on a copy of the model: naval air rates (27.61), and
        construction limits (27.31, 27.34) when no naval chart reads them; each then one constant of the
        copy."""
        limits = relax.limit if self.variables.naval is None else {}
        return relax == Relaxation(naval_air=relax.naval_air, limit=limits)

    def more(self, relax: Relaxation) -> Self:
        """This position with more of some resources (`Relaxation`: BRPs, a construction limit, a naval air
        rate, an oil counter, stacking room, shipbuilding points): a copy of the model when one constant
        changes (`copyable`), else built again from this position's prepared data, relaxed."""
        combined = self.relaxation.plus(relax)
        if not self.copyable(relax):
            rebuilt = type(self)(
                self.scenario, self.decisions, relax=relax, guarded=self.guarded, prepared=self.data
            )
            rebuilt.relaxation = combined
            return rebuilt
        started = time.perf_counter()
        model = self.model.clone()
        raise_rates(model, relax.naval_air)
        if relax.limit:
            raise_limits(model, self.variables, relax.limit)
        return self._copy(relax_prepared(self.data, relax), model, combined, started)

    def fixed(self, decisions: Sequence[Decision]) -> Self:
        """This position with more decisions fixed or forbidden (`optimizer.turn.decision_forms`), posted on
        a copy of the model, the model then the same as built with them. Raises `InputError` for a decision
        naming what the position does not have."""
        assert not self.guarded, "a guarded model takes decisions through `constrain`"
        started = time.perf_counter()
        data = replace(self.data, decisions=(*self.decisions, *decisions))
        raise_bad_decisions(data, tuple(decisions))
        model = self.model.clone()
        post_decisions(model, data, self.variables, Guards(), tuple(decisions))
        return self._copy(data, model, self.relaxation, started)

    def with_guards(self) -> Self:
        """This position built again with every rule family behind a literal (see `Built`), from the same
        prepared data."""
        guarded = type(self)(self.scenario, self.decisions, guarded=True, prepared=self.data)
        guarded.relaxation = self.relaxation
        return guarded
