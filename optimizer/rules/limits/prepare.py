"""Construction limits (27.31-27.341) and the Australian and Indian per-turn limits (27.473 B, 27.474 B)."""

from __future__ import annotations

from dataclasses import dataclass

from models.scenario import Scenario
from models.tables import (
    DOMINION_LIMITS,
    DOMINION_REDUCTION_CAP,
    IRON_ORE_REDUCTION,
    LIMIT_DIVISOR,
    RUSSIA_REDUCTION_CAP,
    Dominion,
    Power,
)


@dataclass(frozen=True)
class LimitLine:
    """One line of a construction-limit breakdown."""

    rule: str
    label: str
    amount: int  # a signed change, or a value when `total`
    total: bool = False


@dataclass(frozen=True)
class LimitBreakdown:
    power: Power
    lines: tuple[LimitLine, ...]
    limit: int
    before_clamp: int = 0  # basic limit less every fixed reduction (may be negative)
    increases: int = 0  # fixed increases, added after the reductions stop at 0


def dominion_grants(scenario: Scenario) -> dict[Dominion, int]:
    """BRPs the U.S. grants this turn to each Commonwealth country (40.244)."""
    grants = dict.fromkeys(Dominion, 0)
    usa = scenario.powers.get(Power.USA)
    for grant in usa.grants_made if usa else []:
        if grant.to.value in grants:
            grants[Dominion(grant.to.value)] += grant.brps
    return grants


def construction_limit(scenario: Scenario, power: Power) -> LimitBreakdown:
    """Construction limit of `power` this turn, line by line (27.32-27.341).

    Readings (README, "How the rules are read"): a key economic area bombed in
    its turn of capture is deducted less those losses, and the bombing losses
    still count in 27.331; grants made reduce by floor(g / 3) per grant, or by floor(G / 3) of the
    turn's total with the setting `grant_limit_reduction_per_turn_total` (27.334); U.S.
    grants to Commonwealth countries are no reduction: they count against the
    limit like the U.S.'s own builds (40.23 A, 40.244; `Variables.limit_counted`); Russia's reduction from
    bombing, rockets and adjacency is capped at 15 (27.33); the limit after
    reductions is not below 0; increases come after all reductions (27.34).
    When the plan decides grants (a `grants:` section), grants between planned
    powers are left out here: the model adds them (`add_grant_limits`).
    """
    decided = scenario.grants is not None
    lines: list[LimitLine] = []
    basic = _basic_limit(scenario, power, lines)
    reduction = _reductions(scenario, power, lines)
    after = max(0, basic - reduction)
    if basic - reduction < 0:
        lines.append(LimitLine("27.32 B", "reductions stop at 0", -(basic - reduction)))
    increase = _increases(scenario, power, lines)
    limit = after + increase
    if decided:
        lines.append(LimitLine("27.334, 27.34", "grants made and received this turn: decided by the plan", 0))
        lines.append(LimitLine("27.31", "construction limit before this turn's grants", limit, total=True))
    else:
        lines.append(LimitLine("27.31", "construction limit", limit, total=True))
    return LimitBreakdown(power, tuple(lines), limit, before_clamp=basic - reduction, increases=increase)


def _basic_limit(scenario: Scenario, power: Power, lines: list[LimitLine]) -> int:
    """The basic limit: a third of the BRP base, with Russian ICs, less enemy-held key economic areas
    (27.32 A, 27.335), rounded down."""
    state = scenario.powers[power]
    lines.append(LimitLine("27.32 A", "BRP base", state.brp_base, total=True))
    base = state.brp_base
    if state.ic_values:
        lines.append(LimitLine("27.32 A", "Russian ICs controlled", state.ic_values))
        base += state.ic_values
    for kea in state.enemy_held_keas:
        deduction = max(0, kea.value - kea.bombed_this_turn)
        lines.append(LimitLine("27.335", f"key economic area {kea.name} enemy-held", -deduction))
        base -= deduction
    basic = max(0, base) // LIMIT_DIVISOR
    lines.append(LimitLine("27.32 A", "basic limit (base / 3, rounded down)", basic, total=True))
    return basic


def _reductions(scenario: Scenario, power: Power, lines: list[LimitLine]) -> int:
    """Losses, rockets, Swedish iron ore and grants made (27.33-27.334, 40.23 A)."""
    state = scenario.powers[power]
    mods = state.limit_modifiers
    losses = mods.transport_shortage_losses + mods.bombing_losses + mods.adjacency_losses
    pooled = losses // LIMIT_DIVISOR
    if losses:
        lines.append(
            LimitLine(
                "27.331",
                f"transport shortage {mods.transport_shortage_losses} + bombing {mods.bombing_losses}"
                f" + adjacency {mods.adjacency_losses} = {losses} BRPs lost, / 3",
                -pooled,
            )
        )
    if mods.rocket_losses:
        lines.append(LimitLine("27.333", "BRPs lost to rockets", -mods.rocket_losses))
    loss_reduction = pooled + mods.rocket_losses
    urals_only = scenario.settings.russian_cap_urals_only
    if power is Power.RUSSIA and urals_only:
        # Reading: only the reduction from losses in the Urals box is capped; the losses are still
        # pooled as 27.331 says, and what the Urals part is over 15 comes off.
        urals = mods.urals_pooled_losses // LIMIT_DIVISOR + mods.urals_rocket_losses
        if urals > RUSSIA_REDUCTION_CAP:
            lines.append(
                LimitLine(
                    "27.33",
                    f"reduction from Urals box losses ({urals}) capped at {RUSSIA_REDUCTION_CAP}",
                    urals - RUSSIA_REDUCTION_CAP,
                )
            )
            loss_reduction -= urals - RUSSIA_REDUCTION_CAP
    elif power is Power.RUSSIA and loss_reduction > RUSSIA_REDUCTION_CAP:
        lines.append(
            LimitLine(
                "27.33",
                f"Russian reduction capped at {RUSSIA_REDUCTION_CAP}",
                loss_reduction - RUSSIA_REDUCTION_CAP,
            )
        )
        loss_reduction = RUSSIA_REDUCTION_CAP
    reduction = loss_reduction
    if mods.iron_ore_cut:
        lines.append(LimitLine("27.332", "Swedish iron ore cut off", -IRON_ORE_REDUCTION))
        reduction += IRON_ORE_REDUCTION
    return reduction + _grants_made_reduction(scenario, power, lines)


def _grants_made_reduction(scenario: Scenario, power: Power, lines: list[LimitLine]) -> int:
    """Grants made, fixed (no `grants:` section): floor(g / 3) per grant (27.334, 40.23 A), or with
    the setting `grant_limit_reduction_per_turn_total` floor(G / 3) of the turn's total [reading].

    U.S. grants to Canada, South Africa, Australia and India are no reduction: they count against
    the limit like the U.S.'s own builds (40.23 A, 40.244; a reduction would stop at 0, 27.32 B, and
    let the grant pass the limit)."""
    if scenario.grants is not None:
        return 0
    dominions = {d.value for d in Dominion}
    made = []
    for grant in scenario.powers[power].grants_made:
        if grant.to.value in dominions:
            lines.append(
                LimitLine("40.244", f"grant of {grant.brps} to {grant.to.value}: counts against the limit", 0)
            )
        else:
            made.append(grant)
    if scenario.settings.grant_limit_reduction_per_turn_total:
        total = sum(grant.brps for grant in made)
        if not total:
            return 0
        cut = total // LIMIT_DIVISOR
        each = " + ".join(f"{grant.brps} to {grant.to.value}" for grant in made)
        lines.append(LimitLine("27.334", f"grants of {each} = {total} this turn, / 3", -cut))
        return cut
    reduction = 0
    for grant in made:
        cut = grant.brps // LIMIT_DIVISOR
        lines.append(LimitLine("27.334", f"grant of {grant.brps} to {grant.to.value}, / 3", -cut))
        reduction += cut
    return reduction


def _increases(scenario: Scenario, power: Power, lines: list[LimitLine]) -> int:
    """Grants received, a third each, and BRPs lost to flying bombs and rockets (27.34, 27.341)."""
    state = scenario.powers[power]
    mods = state.limit_modifiers
    increases: list[tuple[str, int]] = [
        (f"grant of {g.brps} from {g.from_.value}", g.brps) for g in state.grants_received
    ]
    for other, other_state in [] if scenario.grants is not None else scenario.powers.items():
        for grant in other_state.grants_made:
            if grant.to.value == power.value:
                increases.append((f"grant of {grant.brps} from {other.value}", grant.brps))
    increase = 0
    for label, brps in increases:
        gain = brps // LIMIT_DIVISOR
        lines.append(LimitLine("27.34", f"{label}, / 3 (after reductions)", gain))
        increase += gain
    if mods.flying_bomb_gains:
        lines.append(
            LimitLine("27.341", "BRPs lost to German flying bombs and rockets", mods.flying_bomb_gains)
        )
        increase += mods.flying_bomb_gains
    return increase


def dominion_limit(scenario: Scenario, dominion: Dominion) -> LimitBreakdown | None:
    """Per-turn limit of Australia (9) or India (3), reduced by at most 3 (27.33, 27.473 B, 27.474 B)."""
    if dominion not in DOMINION_LIMITS:
        return None
    britain = scenario.powers.get(Power.BRITAIN)
    mods = britain.dominion_limit_modifiers.get(dominion) if britain else None
    rule = "27.473 B" if dominion is Dominion.AUSTRALIA else "27.474 B"
    lines = [LimitLine(rule, f"{dominion.value} per-turn limit", DOMINION_LIMITS[dominion], total=True)]
    reduction = 0
    if mods:
        reduction = (mods.bombing_losses + mods.adjacency_losses) // LIMIT_DIVISOR + mods.rocket_losses
        if reduction:
            lines.append(LimitLine("27.331, 27.333", "bombing, adjacency and rocket losses", -reduction))
        if reduction > DOMINION_REDUCTION_CAP:
            lines.append(
                LimitLine(
                    "27.33",
                    f"reduction capped at {DOMINION_REDUCTION_CAP}",
                    reduction - DOMINION_REDUCTION_CAP,
                )
            )
            reduction = DOMINION_REDUCTION_CAP
    limit = DOMINION_LIMITS[dominion] - reduction
    lines.append(LimitLine(rule, f"{dominion.value} limit", limit, total=True))
    return LimitBreakdown(Power.BRITAIN, tuple(lines), limit)
