"""The account of this turn's grants: grants made, routes opened and oil shipped (40.23, 40.25, 40.521, 40.72)."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

from models.plan import GrantLine, Plan
from models.route_data import LEG_BY_ID, RECIPIENT_NODES
from models.scenario import GrantsState, Scenario
from models.tables import POWER_FACTION, Dominion, Faction, Power
from optimizer.checker.naval.us_transports import lend_lease_grant

DOMINION_IDS: frozenset[str] = frozenset(d.value for d in Dominion)


Grant = tuple[Power, str, int]  # (grantor, recipient, BRPs): one grant made this turn


def grants_state(scenario: Scenario) -> GrantsState:
    """The scenario's rule 40 state, or its defaults outside grant mode."""
    return scenario.grants if scenario.grants is not None else GrantsState()


def resolved_grant_lines(scenario: Scenario, plan: Plan | None) -> list[tuple[int, GrantLine]]:
    """The plan's grant lines that enter the sums, with their index: in grant mode, those of a
    planned grantor to a recipient of the route map. The others are reported by
    `check_grant_lines` and left out of every sum."""
    if scenario.grants is None or plan is None:
        return []
    return [
        (index, grant)
        for index, grant in enumerate(plan.grants)
        if grant.grantor in scenario.powers and grant.recipient in RECIPIENT_NODES
    ]


def pair_totals(scenario: Scenario, plan: Plan | None) -> dict[tuple[Power, str], int]:
    """g(grantor, recipient): BRPs of the plan's grant lines of each pair, summed over their
    paths (40.23); empty outside grant mode."""
    totals: dict[tuple[Power, str], int] = defaultdict(int)
    for _, grant in resolved_grant_lines(scenario, plan):
        totals[(grant.grantor, grant.recipient)] += grant.brps
    return dict(totals)


@dataclass(frozen=True)
class GrantAccount:
    """What this turn's grants do to BRP levels and construction limits (40.23, 40.253, 40.521, 40.72).

    `made` lists the grants made by planned powers: outside grant mode each `grants_made`
    entry of the scenario (fixed inputs, as before rule 40 was planned), in grant mode one per
    (grantor, recipient) pair with the pair's total over the plan's lines. `openings` are the
    BRPs each planned power pays to open routes this turn; `oil_shipped` the oil counters the
    Western Allies ship to Russia.
    """

    made: tuple[Grant, ...] = ()
    openings: dict[Power, int] = field(default_factory=dict)
    oil_shipped: int = 0
    # 40.23 B: BRPs granted to each recipient that may be lost to interception and so are not
    # available to it this turn (the grant less the BRPs expected to arrive, rounded down).
    held_back: dict[str, int] = field(default_factory=dict)
    # Setting lend_lease_as_grant: the U.S. share of lend-lease transports, a grant of its own to
    # Britain (27.7322 B, 27.334, 27.34), apart from `made` (its BRPs are paid on the transport lines).
    lend_lease: int = 0


def grant_account(scenario: Scenario, plan: Plan | None = None) -> GrantAccount:
    """The grants made, route openings paid and oil shipped by `plan` (none without a plan in
    grant mode; the scenario's fixed `grants_made` outside it)."""
    if scenario.grants is None:
        made = tuple(
            (power, grant.to.value, grant.brps)
            for power, state in scenario.powers.items()
            for grant in state.grants_made
        )
        return GrantAccount(made=made, lend_lease=lend_lease_grant(scenario, plan))
    if plan is None:
        return GrantAccount()
    totals = pair_totals(scenario, plan)
    openings: dict[Power, int] = defaultdict(int)
    for opening in plan.route_openings:
        if opening.paid_by in scenario.powers:
            openings[opening.paid_by] += opening.brps
    oil = sum(
        grant.oil_counters
        for _, grant in resolved_grant_lines(scenario, plan)
        if POWER_FACTION[grant.grantor] is Faction.WESTERN_ALLIES
    )
    return GrantAccount(
        made=tuple((g, r, brps) for (g, r), brps in totals.items() if brps > 0),
        openings=dict(openings),
        oil_shipped=oil,
        held_back=held_back(scenario, plan),
        lend_lease=lend_lease_grant(scenario, plan),
    )


def held_back(scenario: Scenario, plan: Plan) -> dict[str, int]:
    """Per recipient, granted BRPs it may not plan to spend: the BRPs received less those expected
    to arrive (each line's BRPs times the product of 1 - loss rate over its legs), rounded down
    (40.23 B: the recipient adds a grant by sea or air "after any enemy interception is resolved").
    None when the setting `spend_grants_lost_to_interception` lets it plan with the whole grant."""
    rates = grants_state(scenario).loss_rates
    if not rates or scenario.settings.spend_grants_lost_to_interception:
        return {}
    received: dict[str, int] = defaultdict(int)
    expected: dict[str, float] = defaultdict(float)
    for _, grant in resolved_grant_lines(scenario, plan):
        share = 1.0
        for source, target in zip(grant.path, grant.path[1:], strict=False):
            if f"{source}->{target}" in LEG_BY_ID:
                share *= 1.0 - rates.get(f"{source}->{target}", 0.0)
        received[grant.recipient] += grant.brps
        expected[grant.recipient] += grant.brps * share
    return {
        recipient: brps - math.floor(expected[recipient] + 1e-6)
        for recipient, brps in received.items()
        if brps - math.floor(expected[recipient] + 1e-6) > 0
    }


def resolve_account(scenario: Scenario, plan: Plan | None, account: GrantAccount | None) -> GrantAccount:
    return account if account is not None else grant_account(scenario, plan)


def us_grant_to_dominion(account: GrantAccount, dominion: Dominion) -> int:
    """G_d: BRPs the planned U.S. grants to a Commonwealth country this turn (40.23 A, 40.244)."""
    return sum(brps for grantor, to, brps in account.made if grantor is Power.USA and to == dominion.value)
