"""Construction limits (27.3) and the dominions' own limits (27.473 B, 27.474 B)."""

from __future__ import annotations

from collections.abc import Iterable

from models.plan import Plan
from models.scenario import Scenario
from models.tables import (
    DOMINION_LIMITS,
    DOMINION_REDUCTION_CAP,
    IRON_ORE_REDUCTION,
    LIMIT_DIVISOR,
    RUSSIA_REDUCTION_CAP,
    Dominion,
    Power,
    UnitType,
)
from optimizer.checker.brps import construction_of_dominions
from optimizer.checker.grants.accounts import (
    DOMINION_IDS,
    GrantAccount,
    resolve_account,
    us_grant_to_dominion,
)
from optimizer.checker.lines import PricedLine, dominion_of, planned_powers
from optimizer.checker.naval.spending import NavalSpendings, dominion_naval, naval_paid
from optimizer.checker.violations import Violation

# The rule that sets each dominion's own per-turn limit (27.473 B, 27.474 B).
DOMINION_LIMIT_RULES: dict[Dominion, str] = {Dominion.AUSTRALIA: "27.473", Dominion.INDIA: "27.474"}


def basic_construction_limit(scenario: Scenario, power: Power) -> int:
    """One third of the BRP base (+ Russian ICs), rounded down, after deducting each enemy-held
    original key economic area less its bombing losses in the turn of capture (27.32 A, 27.335)."""
    state = scenario.powers[power]
    base = state.brp_base + state.ic_values
    base -= sum(max(0, kea.value - kea.bombed_this_turn) for kea in state.enemy_held_keas)
    return max(0, base) // LIMIT_DIVISOR


def grants_made_reduction(power: Power, account: GrantAccount, *, per_turn_total: bool = False) -> int:
    """floor(g / 3) per grant made to a major power (27.334; in grant mode g is the pair's
    total), or with `per_turn_total` (the setting `grant_limit_reduction_per_turn_total`)
    floor(G / 3) of all the BRPs it grants major powers this turn [reading]. U.S. grants to
    Canada, South Africa, Australia and India are no reduction: they count against the U.S.
    limit in full (40.23 A, 40.244; `limit_used`)."""
    made = [brps for grantor, to, brps in account.made if grantor is power and to not in DOMINION_IDS]
    total = sum(made) // LIMIT_DIVISOR if per_turn_total else sum(brps // LIMIT_DIVISOR for brps in made)
    if power is Power.USA:  # setting lend_lease_as_grant: a grant of its own to Britain (27.7322 B)
        total += account.lend_lease // LIMIT_DIVISOR
    return total


def limit_reductions(scenario: Scenario, power: Power, account: GrantAccount) -> int:
    """Transport shortage + bombing + adjacency losses pooled then divided by 3 (27.331), iron ore
    -5 (27.332), rockets 1:1 (27.333), Russia's reduction from those causes at most 15 (27.33),
    and grants made (27.334, per grant or per turn's total by the setting)."""
    mods = scenario.powers[power].limit_modifiers
    pooled = (mods.transport_shortage_losses + mods.bombing_losses + mods.adjacency_losses) // LIMIT_DIVISOR
    losses = pooled + mods.rocket_losses
    if power is Power.RUSSIA and scenario.settings.russian_cap_urals_only:
        # Only the reduction from Urals box losses is capped (setting) [reading].
        urals = mods.urals_pooled_losses // LIMIT_DIVISOR + mods.urals_rocket_losses
        losses -= max(0, urals - RUSSIA_REDUCTION_CAP)
    elif power is Power.RUSSIA:
        losses = min(losses, RUSSIA_REDUCTION_CAP)
    iron = IRON_ORE_REDUCTION if mods.iron_ore_cut else 0
    per_turn_total = scenario.settings.grant_limit_reduction_per_turn_total
    return losses + iron + grants_made_reduction(power, account, per_turn_total=per_turn_total)


def limit_increases(scenario: Scenario, power: Power, account: GrantAccount) -> int:
    """floor(r / 3) per grant received, each grant separately (27.34, 40.23 B; from planned
    powers in grant mode, per grantor's total), and Germany's flying-bomb gains 1:1 (27.341)."""
    state = scenario.powers[power]
    increase = sum(grant.brps // LIMIT_DIVISOR for grant in state.grants_received)
    increase += sum(
        brps // LIMIT_DIVISOR
        for grantor, to, brps in account.made
        if to == power.value and grantor is not power
    )
    if power is Power.BRITAIN:  # setting lend_lease_as_grant: the U.S. share of transports (27.7322 B)
        increase += account.lend_lease // LIMIT_DIVISOR
    return increase + state.limit_modifiers.flying_bomb_gains


def construction_limit(
    scenario: Scenario, power: Power, plan: Plan | None = None, *, account: GrantAccount | None = None
) -> int:
    """The construction limit (27.32): basic, less reductions but not below 0 (27.33), then the
    increases (27.34: 'after all reductions'). In grant mode the plan's grants count."""
    grants = resolve_account(scenario, plan, account)
    after = max(0, basic_construction_limit(scenario, power) - limit_reductions(scenario, power, grants))
    return after + limit_increases(scenario, power, grants)


def limit_used(
    scenario: Scenario,
    power: Power,
    lines: Iterable[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings | None = None,
) -> int:
    """BRPs counted against the power's limit: what it pays, multipliers included (27.31, 27.35 G),
    this turn's naval construction included (27.72).

    The U.S. counts its grants to Commonwealth countries in full (40.23 A, 40.244).
    Britain counts Indian, Canadian and South African builds (Canadian shipbuilding included)
    less the U.S. grant to that country (27.474 C, 40.244), or in full with the setting
    `us_paid_builds_count_against_british_limit` (27.474 C's plain words); Australian ones (Australian ships
    included) only with the setting
    `australian_builds_count_against_british_limit` (27.473 B) [reading]. The Chindit is
    British and counts here (27.474 D).
    """
    own = [item for item in lines if item.power is power and counts_against_limit(scenario, item)]
    counted = sum(item.line.brps for item in own if dominion_of(item.entry) is None)
    counted += naval_paid(naval, power)
    if power is Power.USA:
        # 40.23 A, 40.244: "count against the American construction limit", with the U.S.'s builds.
        counted += sum(us_grant_to_dominion(account, dominion) for dominion in Dominion)
        # Setting lend_lease_as_grant: the U.S. share of lend-lease transports is a grant, not U.S.
        # construction (27.7322 B); Britain counts the transports' whole cost.
        counted -= account.lend_lease
    if power is Power.BRITAIN:
        # Ships built at the Canada and Australia yards are those countries' construction (27.473, 40.244).
        counted -= sum(dominion_naval(naval).values())
        spent = construction_of_dominions(own, naval)
        counted_dominions = [Dominion.INDIA, Dominion.CANADA, Dominion.SOUTH_AFRICA]
        if scenario.settings.australian_builds_count_against_british_limit:
            counted_dominions.append(Dominion.AUSTRALIA)
        full = scenario.settings.us_paid_builds_count_against_british_limit
        for dominion in counted_dominions:
            paid_by_us = 0 if full else us_grant_to_dominion(account, dominion)
            counted += max(0, spent[dominion] - paid_by_us)
        counted += account.lend_lease
    return counted


def counts_against_limit(scenario: Scenario, item: PricedLine) -> bool:
    """27.31 names what counts against a construction limit: units, fortifications, railheads, ports
    and partisans. Beach defenses, not named, count by the setting `beach_defenses_count_against_limit`
    (on by default) [reading]."""
    if item.entry.unit is UnitType.BEACH_DEFENSE:
        return scenario.settings.beach_defenses_count_against_limit
    return True


def dominion_limit(scenario: Scenario, dominion: Dominion) -> int:
    """Australia 9, India 3 BRPs a turn (27.473 B, 27.474 B), less floor((bombing + adjacency)
    / 3) + rockets, at most 3 (27.33, last paragraph)."""
    base = DOMINION_LIMITS[dominion]
    mods = None
    if Power.BRITAIN in scenario.powers:
        mods = scenario.powers[Power.BRITAIN].dominion_limit_modifiers.get(dominion)
    if mods is None:
        return base
    reduction = (mods.bombing_losses + mods.adjacency_losses) // LIMIT_DIVISOR + mods.rocket_losses
    return max(0, base - min(DOMINION_REDUCTION_CAP, reduction))


def check_limits(
    scenario: Scenario, lines: list[PricedLine], account: GrantAccount, naval: NavalSpendings | None = None
) -> list[Violation]:
    """Construction limits of each planned power (27.31; naval construction counts, 27.72) and of
    Australia and India (27.473 B, 27.474 B; Australian ships count at normal cost)."""
    violations: list[Violation] = []
    for power in planned_powers(scenario):
        limit = construction_limit(scenario, power, account=account)
        used = limit_used(scenario, power, lines, account, naval)
        if used > limit:
            violations.append(
                Violation(
                    "27.31", f"{power.value}: {used} BRPs count against a construction limit of {limit}"
                )
            )
    ships = dominion_naval(naval)  # 27.473 B: Australian shipbuilding counts against Australia's limit
    for dominion, rule in DOMINION_LIMIT_RULES.items():
        spent = (
            sum(
                item.line.brps
                for item in lines
                if dominion_of(item.entry) is dominion and counts_against_limit(scenario, item)
            )
            + ships[dominion]
        )
        limit = dominion_limit(scenario, dominion)
        if spent > limit:
            violations.append(
                Violation(rule, f"{dominion.value}: {spent} BRPs of builds exceed its limit of {limit}")
            )
    return violations
