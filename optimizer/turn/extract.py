"""The plan from a solved model: each family's part, and the accounts per power (27.11, 27.31, 27.61)."""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from models.notes import starting_state_notes
from models.plan import BuildLine, ObjectiveReport, Plan, PowerReport, Status
from models.tables import OIL_EXEMPT_POWERS, POWER_FACTION, UNIT_SPECS, Category, Faction
from optimizer.rules.force_pool.extract import build_lines, not_buildable
from optimizer.rules.grants.extract import grant_results
from optimizer.rules.linear import value
from optimizer.rules.naval.extract import naval_results
from optimizer.rules.naval_air.prepare import naval_air_units
from optimizer.rules.oil.extract import naval_oil_steps, oil_reports, past_per_slot
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def extract_plan(
    data: Prepared,
    variables: Variables,
    solver: cp_model.CpSolver,
    status: Status,
    objective: ObjectiveReport,
) -> Plan:
    """Plain values from the solver: build lines in a fixed order, and the accounting."""
    builds = build_lines(variables.builds, solver, data.site_order, past_per_slot(variables.oil, solver))
    spent = variables.oil.extract(solver)
    shipped = value(solver, variables.grants.oil_shipped()) if variables.grants is not None else 0
    # Oil counters granted go from the Western Allies to Russia (40.25).
    moved = {Faction.RUSSIA: shipped, Faction.WESTERN_ALLIES: -shipped}
    counted = naval_air_units(data.scenario)
    powers = {}
    for power, pdata in data.powers.items():
        available = value(solver, variables.available(power))
        pays = value(solver, variables.pays(power))
        powers[power] = PowerReport(
            brps_available=available,
            construction_brps=pays,
            brps_kept=available - pays,
            construction_limit=value(solver, variables.limit(power)),
            limit_used=value(solver, variables.limit_counted(power)),
            naval_air_rate=pdata.naval_air_rate,
            naval_air_used=sum(b.factors for b in builds if b.power is power and b.unit in counted),
            oil_effect_incurred=None if power in OIL_EXEMPT_POWERS else spent[POWER_FACTION[power]] == 0,
        )
    oil = oil_reports(
        variables.oil,
        solver,
        data.entries,
        {faction: data.oil_counters[faction] + moved.get(faction, 0) for faction in data.oil_counters},
        data.oil_powers,
    )
    grants, transports, openings = grant_results(data.scenario, variables.grants, solver)
    naval = naval_results(data.scenario, variables.naval, solver, naval_oil_steps(variables.oil, solver))
    return Plan(
        scenario=data.scenario.name,
        notes=starting_state_notes(data.scenario),
        status=status,
        objective=objective,
        oil_counters_spent=spent,
        builds=builds,
        powers=powers,
        oil=oil,
        not_buildable=not_buildable(data.entries),
        grants=grants,
        transports=transports,
        route_openings=openings,
        **naval,
        inverted=inverted(builds, naval),
    )


def inverted(builds: list[BuildLine], naval: dict[str, Any]) -> list[str]:
    """Which new units are inverted and how they may be uninverted (27.81, 27.82, 27.91)."""
    notes = []
    for b in builds:
        if UNIT_SPECS[b.unit].category in (Category.AIR, Category.SW_AIR, Category.NAVAL_AIR):
            notes.append(
                f"{b.power.value} {b.entry} ({b.unit.value}): inverted (27.81); may be uninverted with oil at the "
                "end of the turn unless redeployed to a new base (27.82 A)"
            )
    for a in naval.get("naval_actions", []):
        if a.turn == 0 and a.after == "launched":
            notes.append(
                f"{a.power.value} {a.ship} ({a.unit.value}): launched inverted (27.81); may be uninverted with oil "
                "at the end of the turn unless naval-redeployed (27.82 B)"
            )
    for sw in naval.get("sw_builds", []):
        notes.append(
            f"{sw.power.value} {sw.factors} {sw.unit.value}: uninverted at the end of the turn they redeploy to an "
            "SW box (27.91)"
        )
    return notes
