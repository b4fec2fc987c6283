"""The plan's stated objective (`objective.stages`) re-derived from the scenario's objective and the plan.

Each stage names its priority as `kind[units](powers)` (models/objective.py: `Priority`, `PriorityKind`);
its value is derived here from the definitions of models/objective.py and the README ("A plan, and how
to read it"; "Opening routes" and "Losses" under rule 40; "Value (horizon)" under rule 27.7; "Submarine
warfare"), over what the checker itself derives of the plan: the build lines resolved against the force
pool, the BRPs kept, the oil counters left, the expected BRPs of each grant, the charts replayed and the
SW deployment's worth.

Values per unit are taken to the thousandth, and the plan prints each stage to the thousandth: a stated
value within half a thousandth of the derivation, plus a thousandth per unit valued at a worth that is
not a whole number of thousandths (a discounted ship, a BRP expected through a loss rate), agrees.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from models.naval_tables import construction_progress
from models.objective import Objective, Priority, PriorityKind
from models.plan import ObjectiveReport, Plan
from models.powers import GrantRecipient
from models.route_data import Route
from models.scenario import Scenario
from models.tables import WORKS_UNIT_TYPES, Power, UnitType
from optimizer.checker.grants.accounts import grant_account
from optimizer.checker.grants.routes import expected_brps, open_route_capacity
from optimizer.checker.lines import PricedLine, planned_powers, resolve_lines
from optimizer.checker.naval.charts import NavalReplay
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import naval_spending
from optimizer.checker.oil import oil_for_construction
from optimizer.checker.report import derive_report
from optimizer.checker.sw import deployment_value, with_builds
from optimizer.checker.violations import REPORT, Violation

PRINTED = Fraction(1, 2000)  # half a thousandth: the plan prints each stage's value to the thousandth
PER_UNIT = Fraction(1, 1000)  # a worth per unit taken to the thousandth moves the value by at most this

# With an `sw:` section, submarines, ASW and CVEs are worth what they add to the SW campaigns, not a
# value per factor (README, "Submarine warfare": "valued by `objective.values` alone" without one).
SW_VALUED_UNITS = frozenset({UnitType.SUBMARINE, UnitType.ASW, UnitType.ESCORT_CARRIER})

# The planner's last stages, tie-breaks among equally good plans, not priorities of the objective: the
# fewest BRPs granted (with a `grants:` section) and the distance from the orders a season expected of
# the turn (`expected_orders`, written by `awaw next`). They claim nothing of the objective.
TIE_BREAKS = frozenset({"fewest_granted", "as_expected"})

_NAME = re.compile(r"^(?P<kind>[a-z_]+)(?:\[(?P<units>[a-z_,]+)\])?(?:\((?P<powers>[a-z_,]+)\))?$")


@dataclass
class Derivation:
    """A priority's value as exact terms: `value`, and `slack`, how far taking each worth to the
    thousandth may move it."""

    value: Fraction = Fraction(0)
    slack: Fraction = Fraction(0)
    terms: list[str] = field(default_factory=list)

    def add(self, worth: float | Fraction, quantity: int | float) -> None:
        """`quantity` units at `worth` each (a Fraction taken as it is: a worth times a turn's weight)."""
        exact = worth if isinstance(worth, Fraction) else as_written(worth)
        self.value += exact * Fraction(quantity)
        if quantity and (exact * 1000).denominator != 1:
            self.slack += PER_UNIT * abs(Fraction(quantity))

    def add_exact(self, value: Fraction) -> None:
        self.value += value


def as_written(number: float) -> Fraction:
    """A number of the scenario as written: 2.2, not its binary neighbour."""
    return Fraction(repr(float(number)))


def parse_priority(name: str) -> Priority | None:
    """The priority a stage names, `kind[unit,...](power,...)` (the plan's wording), or None."""
    match = _NAME.match(name)
    if match is None:
        return None
    try:
        return Priority(
            kind=PriorityKind(match["kind"]),
            units=[UnitType(u) for u in match["units"].split(",")] if match["units"] else None,
            powers=[Power(p) for p in match["powers"].split(",")] if match["powers"] else None,
        )
    except ValueError:
        return None


@dataclass
class Facts:
    """What the checker derives of the plan once, for every priority: its build lines and its naval
    charts replayed (None without a chart); the BRPs each power keeps and the oil counters left, the
    turn's (a season's turns leave them out: the season values what is left at its end,
    `season_stages`)."""

    lines: list[PricedLine]
    replay: NavalReplay | None
    kept: dict[Power, int] = field(default_factory=dict)
    oil_kept: int = 0


def has_charts(scenario: Scenario) -> bool:
    """A power of the scenario has a naval construction chart (27.7)."""
    return any(state.naval is not None for state in scenario.powers.values())


def derive_facts(scenario: Scenario, plan: Plan) -> Facts:
    lines, _ = resolve_lines(scenario, plan)
    replay = replay_naval(scenario, plan)
    reports = derive_report(scenario, plan, naval_spending(scenario, plan, replay))
    account = grant_account(scenario, plan)
    # 27.35, 40.253: the oil counters each planned faction may spend on construction, less those spent.
    oil_kept = sum(
        oil_for_construction(scenario, faction, account=account) - plan.oil_counters_spent.get(faction, 0)
        for faction in scenario.factions()
    )
    return Facts(
        lines=lines,
        replay=replay if has_charts(scenario) else None,
        kept={power: report.brps_kept for power, report in reports.items()},
        oil_kept=oil_kept,
    )


def counts_unit(unit: UnitType, units: list[UnitType] | None) -> bool:
    return units is None or unit in units


def built_factors(line: PricedLine) -> int:
    """Combat factors of a build line, counters for works (27.11): its counters x the entry's factors."""
    return line.line.counters * line.entry.factors


def opened_route(route: str) -> Route:
    """The route a route opening opens: the Persian route (40.52), else the Siberian by the Alaska
    highway (40.72); an opening of any other is a breach of 40.225 (`check_route_openings`)."""
    return Route.PERSIA if route == Route.PERSIA.value else Route.SIBERIA


def delivered_value(
    scenario: Scenario,
    plan: Plan,
    out: Derivation,
    worth_of: Callable[[str], float],
    weight: Fraction = Fraction(1),
) -> None:
    """BRPs expected to arrive by each grant line, with the loss rates of its legs (40.23 B, "Losses"),
    at `worth_of(recipient)` each, times `weight` (a season's turn's)."""
    if scenario.grants is None:
        return
    for grant in plan.grants:
        worth = worth_of(grant.recipient)
        if worth:
            survival = expected_brps(scenario, grant) / grant.brps if grant.brps else 0.0
            out.add(as_written(worth * survival) * weight, grant.brps)


def naval_value(
    scenario: Scenario,
    replay: NavalReplay,
    powers: list[Power],
    units: list[UnitType] | None,
    out: Derivation,
    discount: Fraction,
    charged_from: int,
) -> None:
    """Naval construction over the chart's horizon H (`horizon.turns`, "Value (horizon)", 27.7): a ship
    its value per factor x factors in the chart's turn k it launches (0 this turn), at `discount`^k; a
    ship still on the chart at the end of the horizon for the share of its construction done (SB spent
    over SB needed) at `discount`^H; a BRP spent on ships in a turn k from `charged_from` on charged at
    `horizon.brp_value`, at `discount`^k (the turns before pay it out of their own BRPs, 27.72). A ship
    counts for its owner; with an `sw:` section, SW units count by the SW campaigns (`SW_VALUED_UNITS`)."""
    objective = scenario.objective
    horizon = scenario.horizon
    by_sw = SW_VALUED_UNITS if scenario.sw is not None else frozenset()
    for owner, unit, factors, k in replay.launched:
        if owner in powers and counts_unit(unit, units) and unit not in by_sw:
            out.add(as_written(objective.value_of(unit)) * factors * discount**k, 1)
    for owner, unit, factors, row in replay.unfinished:
        if owner in powers and counts_unit(unit, units) and unit not in by_sw:
            done = as_written(construction_progress(unit, factors, row))
            out.add(as_written(objective.value_of(unit)) * factors * done * discount**horizon.turns, 1)
    charged = as_written(horizon.brp_value)
    for power in powers:
        for k, brps in enumerate(replay.brps.get(power, [])):
            if k >= charged_from:
                out.add(-charged * discount**k, brps)


def sw_built_value(
    scenario: Scenario,
    plan: Plan,
    powers: list[Power],
    units: list[UnitType] | None,
    out: Derivation,
    weight: Fraction = Fraction(1),
) -> None:
    """The SW units the plan builds (27.9) at their value per factor, times `weight` (a season's turn's);
    with an `sw:` section, those the SW campaigns value are left to them ("Submarine warfare")."""
    by_sw = SW_VALUED_UNITS if scenario.sw is not None else frozenset()
    for line in plan.sw_builds:
        if line.power in powers and counts_unit(line.unit, units) and line.unit not in by_sw:
            out.add(as_written(scenario.objective.value_of(line.unit)) * weight, line.factors)


def sw_worth(scenario: Scenario, plan: Plan) -> Fraction | None:
    """What the SW campaigns after the plan's builds are worth, weighted by `sw.weights` (in hundredths;
    "Submarine warfare"); None without the plan's SW deployment."""
    deployment = plan.sw.deployment_after if plan.sw is not None else None
    if deployment is None:
        return None
    return Fraction(round(deployment_value(with_builds(scenario, plan), deployment) * 100), 100)


def kept_value(
    objective: Objective,
    powers: list[Power],
    kept: dict[Power, int],
    out: Derivation,
    weight: Fraction = Fraction(1),
) -> None:
    """The BRPs each power keeps (`kept`, 27.11): each at `unspent_brp_value`; with `unspent_brp_growth`,
    "in place of unspent_brp_value: per planned power, its BRPs kept x growth_rate, rounded down, each at
    base_brp_value" (models/objective.py); times `weight` (the season's last turn's)."""
    growth = objective.unspent_brp_growth
    if growth is None:
        out.add(as_written(objective.unspent_brp_value) * weight, sum(kept.get(p, 0) for p in powers))
        return
    rate = as_written(growth.growth_rate)
    grown = sum(math.floor(rate * kept.get(p, 0)) for p in powers)
    out.add(as_written(growth.base_brp_value) * weight, grown)


def _launched_factors(facts: Facts, plan: Plan, powers: list[Power], units: list[UnitType] | None) -> int:
    """Factors of ships launched within the horizon (27.7, from the chart's replay) and of SW units built
    this turn (27.9, the plan's SW build lines, whether or not a chart is replayed)."""
    launched = sum(
        factors
        for owner, unit, factors, _ in (facts.replay.launched if facts.replay is not None else [])
        if owner in powers and counts_unit(unit, units)
    )
    return launched + sum(
        line.factors for line in plan.sw_builds if line.power in powers and counts_unit(line.unit, units)
    )


def derive_priority(scenario: Scenario, plan: Plan, priority: Priority, facts: Facts) -> Derivation | None:
    """A priority's value in the plan (models/objective.py, `PriorityKind`), or None when the plan does
    not hold what it needs (an SW-valued `value` without the plan's SW deployment)."""
    objective = scenario.objective
    powers = [p for p in planned_powers(scenario) if priority.powers is None or p in priority.powers]
    units = priority.units
    out = Derivation()
    lines = [line for line in facts.lines if line.power in powers]
    if priority.kind is PriorityKind.UNSPENT_BRPS:
        out.add(1, sum(facts.kept.get(p, 0) for p in powers))
    elif priority.kind is PriorityKind.OIL_KEPT:
        out.add(1, facts.oil_kept)
    elif priority.kind is PriorityKind.DELIVERED:
        recipients = None if priority.powers is None else {p.value for p in priority.powers}
        delivered_value(scenario, plan, out, lambda r: 1.0 if recipients is None or r in recipients else 0.0)
    elif priority.kind is PriorityKind.FACTORS:
        # Combat factors: works (fortifications, railheads, beach defenses, ports) only when named.
        for line in lines:
            unit = line.entry.unit
            if (unit in units) if units is not None else (unit not in WORKS_UNIT_TYPES):
                out.add(1, built_factors(line))
        out.add(1, _launched_factors(facts, plan, powers, units))
    else:
        for line in lines:
            if counts_unit(line.entry.unit, units):
                out.add(objective.value_of(line.entry.unit), built_factors(line))
        kept_value(objective, powers, facts.kept, out)
        out.add(objective.oil_counter_value, facts.oil_kept)
        values = objective.delivered_brp_value
        delivered_value(scenario, plan, out, lambda r: values.get(GrantRecipient(r), 0.0))
        if scenario.grants is not None:
            # 40.52, 40.72: a route opened is worth its capacity in each later turn of the horizon,
            # discounted, at the value of a BRP delivered to Russia [reading: an estimate].
            per_brp = values.get(GrantRecipient.RUSSIA, 0.0)
            turns = sum(scenario.horizon.discount**t for t in range(1, scenario.horizon.turns))
            for opening in plan.route_openings:
                out.add(per_brp * open_route_capacity(scenario, opened_route(opening.route)) * turns, 1)
        if facts.replay is not None:
            naval_value(scenario, facts.replay, powers, units, out, as_written(scenario.horizon.discount), 1)
        sw_built_value(scenario, plan, powers, units, out)
        if scenario.sw is not None and units is None:
            worth = sw_worth(scenario, plan)
            if worth is None:
                return None
            out.add_exact(worth)
    return out


def _agrees(stated: float, derived: Derivation) -> bool:
    return abs(Fraction(stated) - derived.value) <= PRINTED + derived.slack + Fraction(1, 10**9)


def _shown(value: Fraction) -> str:
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


def check_stages(
    report: ObjectiveReport | None, derive: Callable[[Priority], Derivation | None], whose: str = ""
) -> list[Violation]:
    """Each stated stage against `derive` of its priority (None: not derived), and `objective.value`
    against the first; `whose` starts each message. No stages: nothing claimed."""
    if report is None or not report.stages:
        return []
    violations: list[Violation] = []
    first: Derivation | None = None
    for index, stage in enumerate(report.stages):
        where = f"{whose}objective.stages[{index}] ({stage.priority})"
        if stage.priority in TIE_BREAKS:
            continue
        priority = parse_priority(stage.priority)
        if priority is None:
            violations.append(
                Violation(
                    REPORT,
                    f"{where}: not a priority (kind[unit,...](power,...); kinds "
                    f"{', '.join(k.value for k in PriorityKind)})",
                    REPORT,
                )
            )
            continue
        derived = derive(priority)
        if index == 0:
            first = derived
        if derived is not None and not _agrees(stage.value, derived):
            violations.append(
                Violation(
                    REPORT,
                    f"{where}: {stage.value} in the plan, {_shown(derived.value)} by the scenario's objective",
                    REPORT,
                )
            )
    if first is not None and not _agrees(report.value, first):
        violations.append(
            Violation(
                REPORT,
                f"{whose}objective.value: {report.value} in the plan, {_shown(first.value)} by the "
                f"scenario's objective (its first priority, {report.stages[0].priority})",
                REPORT,
            )
        )
    return violations


def check_objective(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each stage the plan states (`objective.stages`) has the value its priority takes in the plan,
    derived from the scenario's objective; `objective.value` is the first stage's. A plan without
    stages claims nothing."""
    if plan.objective is None or not plan.objective.stages:
        return []
    facts = derive_facts(scenario, plan)
    return check_stages(plan.objective, lambda priority: derive_priority(scenario, plan, priority, facts))
