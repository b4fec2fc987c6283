"""Transports the U.S. builds before war with Germany: cash and carry, lend lease and the U.S. grant
limit (27.7322, 27.7223 B, 40.331 A)."""

from __future__ import annotations

from models import route_data
from models.naval_tables import CASH_AND_CARRY_LOSSES, LEND_LEASE_USAT, SW_BRPS_PER_FACTOR
from models.plan import Plan
from models.route_data import US_EUROPEAN_RECIPIENTS
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker.grants.accounts import grant_account
from optimizer.checker.grants.lines import usat_grant_cap
from optimizer.checker.naval.charts import NavalReplay, naval_state_of
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.us_transports import japan_rebuilt, lend_lease_lines, lend_lease_paid
from optimizer.checker.violations import Violation


def check_lend_lease(scenario: Scenario, plan: Plan, replay: NavalReplay | None = None) -> list[Violation]:
    """27.7322 A, B: before war with Germany, U.S.-built transports: cash and carry (USAT 25 or less)
    only after more than five British transports were lost, at most that many, Britain paying; lend
    lease (USAT over 25) with the U.S. paying at most USAT - 25 (max 25); each line's payments add
    up to 3 BRPs a transport. Transports sunk by Japan (27.7322 C, `japan_rebuilt`) are outside the
    count and the limit. 40.331 A, 27.7223 B: what the U.S. pays of the other transports, the BRPs
    of this turn's British CVE lay-downs, and its grants to Britain, France, Canada and South
    Africa (the plan's in grant mode, else the scenario's `grants_made`) are at most USAT - 25, at
    most 25 [reading]."""
    lines = lend_lease_lines(scenario, plan)
    violations: list[Violation] = []
    for line in lines:
        if sum(line.paid_by.values()) != SW_BRPS_PER_FACTOR * line.factors or set(line.paid_by) - {
            Power.USA,
            Power.BRITAIN,
        }:
            violations.append(
                Violation("27.7322", f"{line.build}: {line.factors} transports paid {dict(line.paid_by)}")
            )
    naval_state = naval_state_of(scenario, Power.USA)
    if naval_state is None or scenario.us_at_war.get("europe"):
        return violations
    usat = scenario.usat or 0
    lost = naval_state.british_transports_lost
    exception = japan_rebuilt(scenario, lines)
    count = sum(line.factors for line in lines) - exception
    if usat <= LEND_LEASE_USAT and count > (lost if lost > CASH_AND_CARRY_LOSSES else 0):
        japan = f" ({exception} more rebuilt for those sunk by Japan, 27.7322 C)" if exception else ""
        violations.append(
            Violation(
                "27.7322 A",
                f"usa: {count} transports before war with Germany at USAT {usat} with {lost} British "
                f"transports lost (cash and carry needs more than five, and rebuilds at most that many){japan}",
            )
        )
    paid = lend_lease_paid(lines)
    us_paid = paid.get(Power.USA, 0) - SW_BRPS_PER_FACTOR * exception
    replay = replay if replay is not None else replay_naval(scenario, plan)
    cves = replay.british_cve_brps.get(0, 0)
    if us_paid + cves > 0:
        grants = sum(
            brps
            for grantor, to, brps in grant_account(scenario, plan).made
            if grantor is Power.USA and to in US_EUROPEAN_RECIPIENTS
        )
        cap = route_data.usat_grant_cap(usat)
        grant_cap = usat_grant_cap(scenario) if scenario.grants is not None else None
        if grant_cap is not None and grant_cap < cap:
            cap = grant_cap
        if us_paid + cves + grants > cap:
            violations.append(
                Violation(
                    "27.7223 B" if cves else "27.7322 B",
                    f"usa: pays {us_paid} BRPs of transports, {cves} BRPs of British CVEs and grants {grants} "
                    f"BRPs to Britain, France, Canada and South Africa, over the grant limit of {cap} "
                    f"(USAT {usat} - 25, 40.331 A)",
                )
            )
    if paid.get(Power.BRITAIN) and Power.BRITAIN not in scenario.powers:
        violations.append(Violation("27.7322 A", "britain pays for transports but is not planned"))
    return violations
