"""BRPs available and paid (27.11, 27.12, 40.23, 40.244)."""

from __future__ import annotations

from collections.abc import Iterable

from models.plan import Plan
from models.scenario import FixedSpending, Scenario
from models.tables import NON_CONSTRUCTION_COSTS, Dominion, Power
from optimizer.checker.grants.accounts import GrantAccount, resolve_account, us_grant_to_dominion
from optimizer.checker.lines import PricedLine, dominion_spending, planned_powers
from optimizer.checker.naval.spending import NavalSpendings, dominion_naval, naval_paid
from optimizer.checker.violations import Violation


def fixed_spending_brps(scenario: Scenario, item: FixedSpending) -> int:
    """BRPs of one fixed non-construction spending, from the 27.12 chart: declarations of war and
    full offensives a fixed amount; limited or participation offensives 1 per ground, air,
    destroyer or escort carrier factor used, and for cruisers and named ships ("each 2-factor
    cruiser or named ship used: 1") 1 per ship, or with `offensive_ships_cost_per_two_factors`
    1 per two factors of them, the total rounded up."""
    cost, per_factor, _ = NON_CONSTRUCTION_COSTS[item.kind]
    if not per_factor:
        return cost
    if scenario.settings.offensive_ships_cost_per_two_factors:
        ships = (sum(item.ships) + 1) // 2
    else:
        ships = len(item.ships)
    return cost * (item.factors + ships)


def brps_available(
    scenario: Scenario, power: Power, plan: Plan | None = None, *, account: GrantAccount | None = None
) -> int:
    """BRPs - grants made + grants received (from outside the plan and between planned powers)
    - fixed non-construction spending - routes opened this turn (40.23, 27.12, 40.521, 40.72), less
    granted BRPs that may be lost to interception (40.23 B; `GrantAccount.held_back`).

    Outside grant mode this is `Scenario.brps_available`; in grant mode the grants between
    planned powers are the plan's pair totals."""
    grants = resolve_account(scenario, plan, account)
    state = scenario.powers[power]
    made = sum(brps for grantor, _, brps in grants.made if grantor is power)
    received = sum(brps for grantor, to, brps in grants.made if to == power.value and grantor is not power)
    return (
        state.brps
        + sum(grant.brps for grant in state.grants_received)
        - sum(fixed_spending_brps(scenario, item) for item in state.fixed_spending)
        - made
        + received
        - grants.openings.get(power, 0)
        - grants.held_back.get(power.value, 0)
    )


def construction_of_dominions(
    lines: Iterable[PricedLine], naval: NavalSpendings | None
) -> dict[Dominion, int]:
    """Each Commonwealth country's construction this turn: its units' lines and the shipbuilding at
    its yard (40.244 "including shipbuilding"; 27.473, 27.475 B)."""
    spent = dominion_spending(lines)
    for dominion, brps in dominion_naval(naval).items():
        spent[dominion] += brps
    return spent


def brps_paid(
    scenario: Scenario,
    power: Power,
    lines: Iterable[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings | None = None,
) -> int:
    """BRPs the power pays for construction (27.11): its lines and this turn's naval construction
    (27.72, oil steps included), less for Britain what the U.S. grants to each dominion, up to what
    is spent on that dominion's units (40.244)."""
    own = [item for item in lines if item.power is power]
    total = sum(item.line.brps for item in own) + naval_paid(naval, power)
    if power is Power.BRITAIN:
        spent = construction_of_dominions(own, naval)
        total -= sum(min(us_grant_to_dominion(account, d), spent[d]) for d in Dominion)
    return total


def check_brps(
    scenario: Scenario, lines: list[PricedLine], account: GrantAccount, naval: NavalSpendings | None = None
) -> list[Violation]:
    """Grants made and routes opened leave no negative BRPs (40.23 A); BRPs paid, naval
    construction included, are at most BRPs available (27.11, 27.12, 27.72); a U.S. grant to a
    dominion is spent there in full (40.244)."""
    violations: list[Violation] = []
    for power in planned_powers(scenario):
        available = brps_available(scenario, power, account=account)
        paid = brps_paid(scenario, power, lines, account, naval)
        if available < 0:
            violations.append(
                Violation(
                    "40.23 A",
                    f"{power.value}: grants made and routes opened exceed its BRPs ({available} BRPs left)",
                )
            )
        if paid > max(0, available):
            violations.append(
                Violation(
                    "27.11",
                    f"{power.value}: {paid} BRPs spent on construction but {available} BRPs available",
                )
            )
    british = [item for item in lines if item.power is Power.BRITAIN]
    spent = construction_of_dominions(british, naval)
    for dominion in Dominion:
        granted = us_grant_to_dominion(account, dominion)
        if granted > spent[dominion]:
            violations.append(
                Violation(
                    "40.244",
                    f"{dominion.value}: the U.S. grants {granted} BRPs but only {spent[dominion]} BRPs are "
                    "spent on its units",
                )
            )
    return violations
