"""The Western Allied transports the U.S. builds before war with Germany, and who pays for them
(27.7322): read from the plan's SW build lines."""

from __future__ import annotations

from models.naval_tables import SW_BRPS_PER_FACTOR
from models.plan import Plan, SWBuildLine
from models.scenario import Scenario
from models.tables import Power, UnitType
from optimizer.checker.sites import US_PACIFIC_BOX


def lend_lease_lines(scenario: Scenario, plan: Plan) -> list[SWBuildLine]:
    """U.S. transport lines before war with Germany (27.7322)."""
    if scenario.us_at_war.get("europe"):
        return []
    return [b for b in plan.sw_builds if b.power is Power.USA and b.unit is UnitType.TRANSPORT]


def lend_lease_paid(lines: list[SWBuildLine]) -> dict[Power, int]:
    paid: dict[Power, int] = {}
    for line in lines:
        for power, brps in line.paid_by.items():
            paid[power] = paid.get(power, 0) + brps
    return paid


def japan_rebuilt(scenario: Scenario, lines: list[SWBuildLine]) -> int:
    """27.7322 C: with the U.S. at war with Japan but not with Germany, transports sunk by Japan are
    rebuilt in the Pacific U.S. box whatever the USAT, at U.S. expense, outside the cash-and-carry
    count and the grant limit. A plan's transport lines do not name them: of each U.S. line at
    `us_pacific_box`, the transports the U.S. pays wholly (its `paid_by` share // 3, at most the
    line's factors) may be such rebuilds, and at most `transports_sunk_by_japan` of them are; the
    rest count under A and B [reading: counting the most the lines allow is the plan's best
    labelling, since each one counted lowers both the cash-and-carry count and the U.S. share]."""
    state = scenario.powers.get(Power.USA)
    usa = state.naval if state is not None else None
    if usa is None or not scenario.us_at_war.get("pacific") or scenario.us_at_war.get("europe"):
        return 0
    wholly = sum(
        min(line.factors, line.paid_by.get(Power.USA, 0) // SW_BRPS_PER_FACTOR)
        for line in lines
        if line.yard == US_PACIFIC_BOX
    )
    return min(usa.transports_sunk_by_japan, wholly)


def lend_lease_grant(scenario: Scenario, plan: Plan | None) -> int:
    """What the U.S. pays of the Western Allied transports it builds before war with Germany, less the
    transports sunk by Japan it rebuilds (27.7322 B, C), when that share is a BRP grant to Britain
    (setting lend_lease_as_grant: "rebuilt in the U.S. at American expense, as a BRP grant to
    Britain"); 0 otherwise."""
    if plan is None or not scenario.settings.lend_lease_as_grant:
        return 0
    lines = lend_lease_lines(scenario, plan)
    share = lend_lease_paid(lines).get(Power.USA, 0) - SW_BRPS_PER_FACTOR * japan_rebuilt(scenario, lines)
    return max(0, share)
