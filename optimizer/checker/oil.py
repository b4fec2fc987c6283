"""The oil threshold of each faction (27.35), with oil shipped to Russia (40.25, 40.253)."""

from __future__ import annotations

from collections.abc import Iterable

from models.naval_tables import NAVAL_STEP_BRPS
from models.plan import Plan
from models.scenario import Scenario
from models.tables import OIL_EXEMPT_POWERS, POWER_FACTION, POWER_ORDER, Faction, Power, oil_threshold_brps
from optimizer.checker.grants.accounts import GrantAccount, resolve_account
from optimizer.checker.lines import PricedLine, planned_powers
from optimizer.checker.naval.spending import NavalSpendings
from optimizer.checker.violations import Violation


def oil_for_construction(
    scenario: Scenario, faction: Faction, plan: Plan | None = None, *, account: GrantAccount | None = None
) -> int:
    """Oil counters `faction` may spend on construction: its own, less those the Western Allies
    ship to Russia, plus those Russia receives (40.25, 40.253)."""
    shipped = resolve_account(scenario, plan, account).oil_shipped
    available = scenario.oil_available(faction)
    if faction is Faction.WESTERN_ALLIES:
        available -= shipped
    elif faction is Faction.RUSSIA:
        available += shipped
    return available


def oil_pooled_powers(scenario: Scenario, faction: Faction) -> list[Power]:
    """Planned powers of `faction` sharing its oil threshold: all but the U.S. (27.35 I, J)."""
    return [
        power
        for power in planned_powers(scenario)
        if POWER_FACTION[power] is faction and power not in OIL_EXEMPT_POWERS
    ]


def oil_factions(scenario: Scenario) -> list[Faction]:
    """Planned factions with oil-pooled powers, in `Scenario.factions()` order (one oil report each)."""
    return [faction for faction in scenario.factions() if oil_pooled_powers(scenario, faction)]


def inside_threshold_brps(
    scenario: Scenario, lines: Iterable[PricedLine], faction: Faction, naval: NavalSpendings | None = None
) -> int:
    """N_f: BRPs the faction's pooled powers' units inside the threshold take of it (27.35 A-C),
    and their naval steps inside it, 3 BRPs each [reading]."""
    pooled = set(oil_pooled_powers(scenario, faction))
    return sum(
        item.threshold_weight(scenario) * (item.units - item.oil_units)
        for item in lines
        if item.power in pooled
    ) + sum(spending.inside_brps for power, spending in (naval or {}).items() if power in pooled)


def oil_affected_brps(
    scenario: Scenario, lines: Iterable[PricedLine], faction: Faction, naval: NavalSpendings | None = None
) -> int:
    """BRPs paid for the faction's pooled powers' units past the threshold: c x m_past x o (27.35 D,
    E), and 6 BRPs for each of their naval steps past it [reading]."""
    pooled = set(oil_pooled_powers(scenario, faction))
    return sum(
        item.unit_cost * item.multipliers[1] * item.oil_units for item in lines if item.power in pooled
    ) + sum(spending.oil_affected_brps for power, spending in (naval or {}).items() if power in pooled)


def check_oil(
    scenario: Scenario,
    plan: Plan,
    lines: list[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings | None = None,
) -> list[Violation]:
    """Per faction: oil counters spent are available (after oil shipped to Russia, 40.25); the
    units and naval steps inside the threshold fit within 25 x (n_f + 1) BRPs; a unit or naval
    step is past the threshold only if it would not have fitted inside (27.35 A-C) [reading];
    a power has no more naval steps past it than it has steps; U.S. builds and naval steps are
    never past it (27.35 J)."""
    violations = check_oil_spent(scenario, plan, account)
    for faction in oil_factions(scenario):
        violations += check_threshold(scenario, plan, lines, faction, naval)
    return violations + check_oil_exempt(lines, naval)


def check_oil_spent(scenario: Scenario, plan: Plan, account: GrantAccount) -> list[Violation]:
    """Oil counters are spent only by planned factions, at most those available after oil shipped to
    Russia (27.35, 40.25)."""
    violations: list[Violation] = []
    planned = scenario.factions()
    for faction, spent in plan.oil_counters_spent.items():
        if faction not in planned and spent > 0:
            violations.append(
                Violation(
                    "27.35", f"{faction.value}: {spent} oil counters spent, but no power of it is planned"
                )
            )
    for faction in planned:
        spent = plan.oil_counters_spent.get(faction, 0)
        available = oil_for_construction(scenario, faction, account=account)
        if spent > available:
            shipped = ""
            if account.oil_shipped and faction in (Faction.WESTERN_ALLIES, Faction.RUSSIA):
                shipped = f" ({account.oil_shipped} shipped to Russia, 40.25)"
            violations.append(
                Violation(
                    "27.35", f"{faction.value}: {spent} oil counters spent but {available} available{shipped}"
                )
            )
    return violations


def check_threshold(
    scenario: Scenario,
    plan: Plan,
    lines: list[PricedLine],
    faction: Faction,
    naval: NavalSpendings | None,
) -> list[Violation]:
    """The faction's units and naval steps inside the threshold fit within 25 x (n_f + 1) BRPs; a unit
    or naval step is past the threshold only if it would not have fitted inside (27.35 A-C)
    [reading]; a power has no more naval steps past it than it has steps."""
    violations: list[Violation] = []
    spent = plan.oil_counters_spent.get(faction, 0)
    threshold = oil_threshold_brps(spent)
    inside = inside_threshold_brps(scenario, lines, faction, naval)
    if inside > threshold:
        violations.append(
            Violation(
                "27.35",
                f"{faction.value}: {inside} BRPs of builds inside an oil threshold of {threshold} "
                f"BRPs ({spent} oil counters)",
            )
        )
    pooled = set(oil_pooled_powers(scenario, faction))
    for item in lines:
        if item.oil_units <= 0 or item.power not in pooled:
            continue
        weight = item.threshold_weight(scenario)
        if inside + weight <= threshold:
            violations.append(
                Violation(
                    "27.35",
                    f"{item.describe()}: {item.oil_units} units past the oil threshold, but one more unit "
                    f"({weight} BRPs) fits inside it ({inside} of {threshold} BRPs used)",
                )
            )
    for power in sorted(pooled, key=POWER_ORDER.index):
        spending = (naval or {}).get(power)
        if spending is None or spending.oil_steps <= 0:
            continue
        if spending.oil_steps > spending.steps:
            violations.append(
                Violation(
                    "27.35",
                    f"{power.value}: {spending.oil_steps} naval steps past the oil threshold but only "
                    f"{spending.steps} naval steps ({spending.brps} BRPs) this turn",
                )
            )
        elif inside + NAVAL_STEP_BRPS <= threshold:
            violations.append(
                Violation(
                    "27.35",
                    f"{power.value}: {spending.oil_steps} naval steps past the oil threshold, but one more "
                    f"step ({NAVAL_STEP_BRPS} BRPs) fits inside it ({inside} of {threshold} BRPs used)",
                )
            )
    return violations


def check_oil_exempt(lines: list[PricedLine], naval: NavalSpendings | None) -> list[Violation]:
    """U.S. builds and naval steps are never past the oil threshold (27.35 J)."""
    violations: list[Violation] = []
    for power, spending in sorted((naval or {}).items(), key=lambda item: POWER_ORDER.index(item[0])):
        if spending.oil_steps > 0 and power in OIL_EXEMPT_POWERS:
            violations.append(
                Violation(
                    "27.35 J",
                    f"{power.value}: {spending.oil_steps} naval steps past the oil threshold, but U.S. builds "
                    "ignore oil",
                )
            )
    for item in lines:
        if item.oil_units > 0 and item.power in OIL_EXEMPT_POWERS:
            violations.append(
                Violation(
                    "27.35 J",
                    f"{item.describe()}: {item.oil_units} units past the oil threshold, but U.S. builds "
                    "ignore oil",
                )
            )
    return violations


def oil_effect_incurred(scenario: Scenario, plan: Plan, power: Power) -> bool | None:
    """27.35 H: a power incurs the oil effect unless its faction spends an oil counter; the U.S.
    never does (27.35 J)."""
    if power in OIL_EXEMPT_POWERS:
        return None
    return plan.oil_counters_spent.get(POWER_FACTION[power], 0) == 0
