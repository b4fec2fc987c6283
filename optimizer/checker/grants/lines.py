"""Each grant line of the plan: who may grant to whom (40.3), its path (40.21), its oil (40.25), and the
pair totals against the scenario's grants and the U.S. caps (40.23, 40.331 A, 40.332 A)."""

from __future__ import annotations

from collections import defaultdict

from models import route_data
from models.map_data import HOME_SUPPLY_SOURCES, SITE_BY_ID
from models.plan import GrantLine, Plan
from models.route_data import (
    COUNTRY_NODES,
    GRANTOR_NODES,
    OIL_ROUTE_LIMITS,
    OIL_SOURCE_NODES,
    RECIPIENT_NODES,
    ROUTE_FULL_CAPACITY,
    US_EUROPEAN_RECIPIENTS,
)
from models.scenario import GrantRecipient, GrantsState, Scenario
from models.tables import POWER_FACTION, Faction, Power
from optimizer.checker.grants.accounts import DOMINION_IDS, grants_state, pair_totals
from optimizer.checker.grants.routes import (
    leg_closures,
    oil_allowed,
    path_legs,
    path_route,
    route_capacity,
    route_closure,
)
from optimizer.checker.lines import planned_powers
from optimizer.checker.violations import Violation


def describe_grant(index: int, grant: GrantLine) -> str:
    return f"grant {index + 1}: {grant.grantor.value} -> {grant.recipient} by {' > '.join(grant.path) or '(no path)'}"


def pair_breach(
    scenario: Scenario, grantor: Power, recipient: str, state: GrantsState | None = None
) -> tuple[str, str] | None:
    """Why 40.3 does not allow this grantor to grant to this recipient this turn (rule, reason),
    or None. Amount limits (40.331 A, 40.332 A) are checked on the totals, elsewhere.

    Germany to Italy only (40.32 A); Italy, Japan, Russia, China never grant, Japan never
    receives (40.32 B, C; 40.36; 40.31); nothing to or by a surrendered power or country but
    grants to Russia (40.36); nothing by a grantor that controls no unlimited supply source in its
    home country, where the grant's supply line starts (40.21: Paris for France, London for
    Britain; `models.map_data.HOME_SUPPLY_SOURCES`, control from the scenario's map,
    `MapState.controller_of`); China only from the U.S. (40.332 A); Commonwealth countries only
    from the U.S. (40.11); Britain to France with cooperation lifted and Paris Allied (40.34 A),
    to Russia once Germany and Russia are at war (40.34 B), never to the U.S. (40.34 C); France
    to Russia likewise, never to Britain or the U.S. (40.35); the U.S. to France with Paris
    Allied (40.331 A), to Russia at war with Germany and once Germany and Russia are at war
    (40.331 B), to Australia and India after war with Japan or a British surrender (40.332 B).
    `state` replaces the scenario's rule-40 state when given.
    """
    state = state or grants_state(scenario)
    surrendered = {s.value for s in state.surrendered}
    russia_at_war = state.germany_russia_war_turns > 0
    if recipient == grantor.value:
        return "40.11", "a power does not grant to itself"
    if grantor is Power.JAPAN or recipient == GrantRecipient.JAPAN:
        return "40.32", "Japan may neither grant nor receive BRPs (40.32 C)"
    if grantor is Power.ITALY:
        return "40.32", "Italy may not grant BRPs (40.32 B)"
    if grantor is Power.RUSSIA:
        return "40.36", "Russia may not grant BRPs (but to Germany on surrendering, 60.6)"
    if grantor is Power.CHINA:
        return "40.31", "China may not grant BRPs"
    if grantor.value in surrendered:
        return "40.36", f"{grantor.value} has surrendered"
    if recipient in surrendered and recipient != GrantRecipient.RUSSIA:
        return "40.36", f"{recipient} has surrendered (only Russia receives grants after surrendering)"
    if not scenario.map.holds_home_supply_source(grantor):
        names = " or ".join(SITE_BY_ID[site].name for site in HOME_SUPPLY_SOURCES[grantor])
        return (
            "40.21",
            f"{grantor.value} controls no unlimited supply source in its home country ({names}) to trace "
            "the grant's supply line from",
        )
    if grantor is Power.GERMANY:
        if recipient != GrantRecipient.ITALY:
            return "40.32", "Germany grants only to Italy (40.32 A)"
        return None
    if recipient in (GrantRecipient.GERMANY, GrantRecipient.ITALY):
        return "40.31", "the Western Allies do not grant to the Axis"
    if recipient == GrantRecipient.CHINA and grantor is not Power.USA:
        return "40.332 A", "only the U.S. may grant BRPs to China"
    if recipient in DOMINION_IDS and grantor is not Power.USA:
        return "40.11", "only the U.S. grants BRPs to Canada, South Africa, Australia and India"
    if grantor is Power.BRITAIN:
        if recipient == GrantRecipient.FRANCE:
            if not (state.anglo_french_cooperation_lifted and state.paris_allied):
                return (
                    "40.34 A",
                    "Britain grants to France only once Anglo-French cooperation restrictions are lifted and Paris is Allied",
                )
            return None
        if recipient == GrantRecipient.RUSSIA:
            return None if russia_at_war else ("40.34 B", "Russia and Germany have not gone to war")
        return "40.34 C", f"Britain may not grant BRPs to {recipient}"
    if grantor is Power.FRANCE:
        if recipient == GrantRecipient.RUSSIA:
            return None if russia_at_war else ("40.35", "Russia and Germany have not gone to war")
        return "40.35", f"France grants only to Russia, not to {recipient}"
    # the U.S.
    if recipient == GrantRecipient.FRANCE and not state.paris_allied:
        return "40.331 A", "grants to France need Paris under Allied control"
    if recipient == GrantRecipient.RUSSIA and not (scenario.us_at_war.get("europe") and russia_at_war):
        return (
            "40.331 B",
            "the U.S. grants to Russia only at war with Germany, once Germany and Russia are at war",
        )
    if recipient in (GrantRecipient.AUSTRALIA, GrantRecipient.INDIA) and not (
        scenario.us_at_war.get("pacific") or GrantRecipient.BRITAIN.value in surrendered
    ):
        return (
            "40.332 B",
            "the U.S. grants to Australia and India only after war with Japan or a British surrender",
        )
    return None


def election_holds_grants(scenario: Scenario) -> bool:
    """40.333: after an election result of -7 or below, American grants to the Western Allies and
    China are governed by the USAT and USJT levels (62.421), at war too. 62.421 is not in the rules
    here: its limits are read as those of 40.331 A and 40.332 A [reading: the setting
    `post_election_grant_caps`, on by default]."""
    result = scenario.us_election_result
    if result is None or not scenario.settings.post_election_grant_caps:
        return False
    return result <= route_data.POST_ELECTION_GRANT_RESULT


def usat_grant_cap(scenario: Scenario) -> int | None:
    """Most BRPs the U.S. may grant Britain, France, Canada and South Africa together this turn:
    one per USAT level above 25, at most 25, before war with Germany (40.331 A) or after an
    election result of -7 or below (40.333); None (no cap) otherwise."""
    if scenario.us_at_war.get("europe") and not election_holds_grants(scenario):
        return None
    return route_data.usat_grant_cap(scenario.usat or 0)


def usjt_grant_cap(scenario: Scenario) -> int | None:
    """Most BRPs the U.S. may grant China this turn: the USJT cap of the `grants:` section before war
    with Japan (40.332 A, 40.81) or after an election result of -7 or below (40.333); None (only
    the routes limit them) otherwise."""
    if scenario.us_at_war.get("pacific") and not election_holds_grants(scenario):
        return None
    return grants_state(scenario).usjt_china_cap


def _usat_cap_reason(scenario: Scenario) -> str:
    if scenario.us_at_war.get("europe"):
        return f"after an election result of {scenario.us_election_result} (40.333)"
    return "before war with Germany"


def check_grant_lines(scenario: Scenario, plan: Plan) -> list[Violation]:
    """Each grant line: a planned grantor (40.23 A), a recipient of 40.11, a pair 40.3 allows,
    a path of the route map from the grantor's home to the recipient through no third power's home
    country (40.21 [reading]: `models.route_data.COUNTRY_NODES`), every leg open
    (40.412, 40.53, 40.54, 40.61, 40.62, 40.71, 40.82-40.85), no grant through a surrendered
    India or Australia box (40.332 C, D), and oil only to Russia by a route that may carry it
    (40.25, 40.251)."""
    violations: list[Violation] = []
    surrendered = {s.value for s in grants_state(scenario).surrendered}
    recipients = {r.value for r in GrantRecipient}
    for index, grant in enumerate(plan.grants):
        what = describe_grant(index, grant)
        if grant.recipient not in recipients:
            violations.append(Violation("40.11", f"{what}: '{grant.recipient}' may not receive BRP grants"))
            continue
        if grant.grantor not in scenario.powers:
            violations.append(
                Violation(
                    "40.23 A",
                    f"{what}: {grant.grantor.value} is not a planned power and cannot pay the grant",
                )
            )
            continue
        breach = pair_breach(scenario, grant.grantor, grant.recipient)
        if breach is not None:
            violations.append(Violation(breach[0], f"{what}: {breach[1]}"))
            continue
        if grant.recipient not in RECIPIENT_NODES:  # pair_breach bars every such recipient
            violations.append(Violation("40.11", f"{what}: no route reaches {grant.recipient}"))
            continue
        starts = GRANTOR_NODES.get(grant.grantor, ())
        end = RECIPIENT_NODES[grant.recipient]
        legs, missing = path_legs(grant.path)
        if grant.path and grant.path[0] in OIL_SOURCE_NODES:
            # 40.252: Western Allied oil counters may start overland from Abadan, Ahwaz or Mosul;
            # BRPs start in the grantor's home country (40.21).
            if grant.brps > 0:
                violations.append(
                    Violation("40.21", f"{what}: only oil counters go from {grant.path[0]}, not BRPs")
                )
            starts = (*starts, grant.path[0])
        if len(grant.path) < 2 or grant.path[0] not in starts or grant.path[-1] != end:
            violations.append(
                Violation("40.21", f"{what}: a grant's path runs from {' or '.join(starts)} to {end}")
            )
        for source, target in missing:
            violations.append(
                Violation("40.21", f"{what}: no leg of the route map from {source} to {target}")
            )
        # 40.21: the supply line runs from the grantor's home country to the recipient, not on through
        # a third power's home country [reading].
        for node in dict.fromkeys(node for node in grant.path[1:-1] if node in COUNTRY_NODES):
            violations.append(
                Violation(
                    "40.21",
                    f"{what}: passes through {node}, a third power's home country; a grant runs from the "
                    "grantor's home country to the recipient",
                )
            )
        closures: list[tuple[str, str]] = []
        for leg in legs:
            for closure in leg_closures(scenario, leg):
                if closure not in closures:
                    closures.append(closure)
        nodes = set(grant.path)
        if "india_box" in nodes and grant.recipient == GrantRecipient.CHINA and "india" in surrendered:
            closures.append(("40.332 C", "India has surrendered: no grant to China through the India box"))
        if (
            "australia_box" in nodes
            and grant.recipient in (GrantRecipient.CHINA, GrantRecipient.INDIA)
            and "australia" in surrendered
        ):
            closures.append(
                (
                    "40.332 D",
                    "Australia has surrendered: no grant to China or India through the Australia box",
                )
            )
        for rule, reason in closures:
            violations.append(Violation(rule, f"{what}: {reason}"))
        if grant.oil_counters > 0:
            violations += _check_oil_line(scenario, what, grant)
    return violations


def _check_oil_line(scenario: Scenario, what: str, grant: GrantLine) -> list[Violation]:
    """Oil counters go to Russia from the Western Allies, by Murmansk, Persia, Turkey or Siberia
    (40.25), never by a route carrying less than 10 BRPs or reduced (40.251)."""
    oil = f"{what}: {grant.oil_counters} oil counters"
    if grant.recipient != GrantRecipient.RUSSIA:
        return [Violation("40.25", f"{oil}: oil counters are shipped only to Russia")]
    if POWER_FACTION[grant.grantor] is not Faction.WESTERN_ALLIES:
        return [Violation("40.25", f"{oil}: only the Western Allies ship oil counters")]
    route = path_route(grant.path)
    if route is None or route not in OIL_ROUTE_LIMITS:
        name = route.value if route is not None else "no named"
        return [
            Violation("40.25", f"{oil}: oil goes by Murmansk, Persia, Turkey or Siberia, not {name} route")
        ]
    if route_closure(scenario, route) is None and not oil_allowed(scenario, route):
        capacity = route_capacity(scenario, route)
        return [
            Violation(
                "40.251",
                f"{oil}: the {route.value} route carries {capacity} BRPs this turn (full {ROUTE_FULL_CAPACITY[route]}); "
                "oil needs at least 10 and an unreduced route",
            )
        ]
    return []


def check_grant_totals(scenario: Scenario, plan: Plan) -> list[Violation]:
    """The scenario's `grants_made` are minimums of the plan's pair totals (40.23) [reading:
    entries of one pair add up]; the U.S. grants Britain, France, Canada and South Africa at
    most USAT - 25 BRPs, at most 25, before war with Germany (40.331 A), and China at most the
    USJT cap before war with Japan (40.332 A); after an election result of -7 or below both caps
    hold at war too (40.333, 62.421 [reading])."""
    violations: list[Violation] = []
    totals = pair_totals(scenario, plan)
    minimums: dict[tuple[Power, str], int] = defaultdict(int)
    for power in planned_powers(scenario):
        for grant in scenario.powers[power].grants_made:
            minimums[(power, grant.to.value)] += grant.brps
    for (grantor, to), minimum in minimums.items():
        granted = totals.get((grantor, to), 0)
        if granted < minimum:
            violations.append(
                Violation(
                    "40.23",
                    f"{grantor.value} -> {to}: {granted} BRPs granted, the scenario's grants_made require {minimum}",
                )
            )
    cap = usat_grant_cap(scenario)
    if cap is not None:
        granted = sum(totals.get((Power.USA, to), 0) for to in sorted(US_EUROPEAN_RECIPIENTS))
        if granted > cap:
            violations.append(
                Violation(
                    "40.331 A" if not scenario.us_at_war.get("europe") else "40.333",
                    f"usa: {granted} BRPs granted to Britain, France, Canada and South Africa "
                    f"{_usat_cap_reason(scenario)}; USAT {scenario.usat or 0} allows {cap}",
                )
            )
    china_cap = usjt_grant_cap(scenario)
    if china_cap is not None:
        granted = totals.get((Power.USA, GrantRecipient.CHINA.value), 0)
        if granted > china_cap:
            at_war = scenario.us_at_war.get("pacific")
            when = (
                f"after an election result of {scenario.us_election_result} (40.333)"
                if at_war
                else "before war with Japan"
            )
            violations.append(
                Violation(
                    "40.333" if at_war else "40.332 A",
                    f"usa: {granted} BRPs granted to China {when}; the USJT level allows {china_cap}",
                )
            )
    return violations


# Outside grant mode nothing states the conditions only the `grants:` section holds (the
# Germany-Russia war, Paris, Anglo-French cooperation, surrenders, the USJT cap): a fixed grant is
# taken to meet them [reading]; who grants to whom and the USAT cap are checked.
FIXED_GRANTS_STATE = GrantsState(
    germany_russia_war_turns=1, paris_allied=True, anglo_french_cooperation_lifted=True, surrendered=[]
)


def check_fixed_grants(scenario: Scenario) -> list[Violation]:
    """The scenario's fixed grants (no `grants:` section) obey the rules a planned grant obeys: who
    may grant to whom (40.31-40.36, 40.11) and, before war with Germany or after an election result
    of -7 or below, at most USAT - 25 BRPs, at most 25, from the U.S. to Britain, France, Canada and
    South Africa together (40.331 A, 40.333). The USJT cap on grants to China is an input of the
    `grants:` section and is not checked here [reading]."""
    if scenario.grants is not None:
        return []
    violations: list[Violation] = []
    cap = usat_grant_cap(scenario)
    us_european = 0
    for power in planned_powers(scenario):
        for index, made in enumerate(scenario.powers[power].grants_made):
            where = f"powers.{power.value}.grants_made[{index}]"
            breach = pair_breach(scenario, power, made.to.value, FIXED_GRANTS_STATE)
            if breach is not None:
                violations.append(
                    Violation(breach[0], f"{where}: {made.brps} BRPs to {made.to.value}: {breach[1]}")
                )
                continue
            if power is Power.USA and made.to.value in US_EUROPEAN_RECIPIENTS:
                us_european += made.brps
                if cap is not None and us_european > cap:
                    violations.append(
                        Violation(
                            "40.331 A" if not scenario.us_at_war.get("europe") else "40.333",
                            f"{where}: {us_european} BRPs granted to Britain, France, Canada and South Africa "
                            f"{_usat_cap_reason(scenario)}; USAT {scenario.usat or 0} allows {cap}",
                        )
                    )
    return violations
