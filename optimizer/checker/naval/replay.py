"""Every naval power's charts replayed turn by turn through the plan's actions (27.7)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from models.map_data import SITE_BY_ID, Country
from models.naval import NavalState
from models.naval_tables import (
    AMERICAN_CVE_USAT,
    AUSTRALIAN_IN_PLAY,
    BRITISH_CVE_USAT,
    LAUNCH_ROW,
    LAUNCHED,
    NEW,
    ONE_FACTOR_UNITS,
    SEASONS,
    SUNK,
    WAITING,
    ChartAction,
)
from models.plan import NavalAction, Plan
from models.scenario import Scenario
from models.tables import NAVAL_AIR_RATES, Power, UnitType
from optimizer.checker.naval.actions import (
    NAVAL_ACTION_RULES,
    TrackedShip,
    YardInfo,
    describe_ship_state,
    design_copy,
    naval_action_breaches,
    naval_action_cost,
    naval_action_result,
    shipyard_info,
    turn_column,
)
from optimizer.checker.naval.charts import (
    ChartView,
    NavalReplay,
    describe_naval_action,
    naval_powers,
    naval_state_of,
    tracked_ship,
)
from optimizer.checker.naval.sw_builds import sw_build_points
from optimizer.checker.naval_air import naval_air_rate
from optimizer.checker.violations import REPORT, Violation

# 27.712 D: Australian ships in play, per unit, from Britain's naval state.
AUSTRALIAN_CAPS: dict[UnitType, Callable[[NavalState], int]] = {
    UnitType.DESTROYER: lambda naval: naval.australian_destroyers_in_play,
    UnitType.CRUISER: lambda naval: naval.australian_cruisers_in_play,
}


def site_country(site: str) -> Country | None:
    return SITE_BY_ID[site].country if site in SITE_BY_ID else None


def british_naval_air_rate(scenario: Scenario) -> int:
    """27.7223 B: British CVEs a turn, at most Britain's naval air training rate (27.61: 2, plus its
    RP increases when Britain is planned)."""
    if Power.BRITAIN in scenario.powers:
        return naval_air_rate(scenario, Power.BRITAIN)
    return NAVAL_AIR_RATES[Power.BRITAIN]


def replay_naval(scenario: Scenario, plan: Plan) -> NavalReplay:
    """Replay every naval power's charts turn by turn (turn t has column season + t) through the plan's
    actions and SW builds, and check each turn's actions, yards and powers (27.7).

    Each action: the ship is on the yard's chart, waiting there, sunk in port with the yard as its
    `yard` (27.7263), or a copy '<design>#<n>' of a design (n at most its count); the action's
    power is the chart's, the yard's power, whoever owns the ship; one action a ship and turn;
    legal from the ship's state (`naval_action_breaches`); its `before` and `after` are the
    replay's (report); its SB and BRPs those of the tables (27.7251, 27.7262, 27.7267, 27.7272),
    no BRPs for a Vichy ship before activation (27.7265). The BRPs are charged to the yard's power,
    at a captured yard to the ship's owning power (27.7264). Each turn: every ship in the turn's
    column acts (27.7272); each yard uses at most its rate (27.724 A), at most half of it rounded
    up on one-factor units (27.7221 A: raising is not one), and holds at most its capacity after
    the phase (27.741, 27.743, 27.713); the U.S. lays down at most its naval air rate of American
    CVEs, none below USAT 35 (27.7223 C), and at most Britain's rate of British CVEs, none below
    USAT 28 (27.7223 B). Over the horizon: each design is laid down at most `count` times
    (27.7251), the U.S. before war with Japan lays down at most `fast_carrier_permits` fast
    carriers (27.7325), the Australia yard at most 2 - in play destroyer factors and CA2s (27.712
    D). SW builds (turn 0):
    `sw_build_points`. This turn's deferrals without `deferring_allowed` are recorded for
    `check_restricted_deferrals`, which needs the turn's money (27.7272 C).
    """
    replay = NavalReplay()
    turns = scenario.horizon.turns
    yards: dict[tuple[Power, str], YardInfo] = {}
    ships: dict[tuple[Power, str, str], TrackedShip] = {}
    for power in naval_powers(scenario):
        naval = scenario.powers[power].naval
        assert naval is not None
        replay.brps[power] = [0] * turns
        for yard in naval.shipyards:
            info = yards[(power, yard.id)] = shipyard_info(power, yard)
            for ship in yard.chart:
                row = LAUNCH_ROW if ship.row == "launch" else int(ship.row)
                ships[(power, yard.id, ship.id)] = tracked_ship(
                    scenario, replay, power, info, ship, (row, SEASONS.index(ship.column))
                )
            for damaged in yard.waiting_for_repair:
                ships[(power, yard.id, damaged.id)] = tracked_ship(
                    scenario, replay, power, info, damaged, WAITING
                )
        for sunk in naval.sunk_in_port:
            key = (power, sunk.yard, sunk.id)
            if key in ships:
                replay.rules.append(
                    Violation(
                        "27.7262",
                        f"{power.value} {sunk.yard}: ship '{sunk.id}' is both sunk in port and on the yard's chart",
                    )
                )
                continue
            ships[key] = TrackedShip(power, sunk.yard, sunk.id, sunk.unit, sunk.factors, SUNK)

    by_turn: dict[int, list[tuple[int, NavalAction]]] = defaultdict(list)
    for index, action in enumerate(plan.naval_actions):
        what = describe_naval_action(index, action)
        if naval_state_of(scenario, action.power) is None:
            replay.rules.append(
                Violation("27.7", f"{what}: {action.power.value} has no naval construction in the scenario")
            )
        elif action.turn >= turns:
            replay.rules.append(
                Violation("27.7", f"{what}: turn {action.turn} is past the horizon of {turns} turns")
            )
        elif (action.power, action.yard) not in yards:
            replay.rules.append(
                Violation(
                    "27.723", f"{what}: {action.power.value} has no Naval Construction Chart at {action.yard}"
                )
            )
        else:
            by_turn[action.turn].append((index, action))

    laid_down: dict[tuple[Power, str], int] = defaultdict(int)
    fast_carriers: dict[Power, int] = defaultdict(int)
    australian: dict[UnitType, int] = defaultdict(int)  # lay-downs at the Australia yard (27.712 D)

    def snapshot(turn: int) -> None:
        for power, site in yards:
            on_chart: list[ChartView] = []
            waiting: list[str] = []
            for ship in ships.values():
                if (ship.power, ship.yard) != (power, site):
                    continue
                if isinstance(ship.state, tuple):
                    row, col = ship.state
                    label = "launch" if row == LAUNCH_ROW else str(row)
                    on_chart.append((ship.name, ship.unit.value, ship.factors, label, SEASONS[col]))
                elif ship.state == WAITING:
                    waiting.append(ship.name)
            replay.charts[(power, site, turn)] = (sorted(on_chart), sorted(waiting))

    for turn in range(turns):
        column = turn_column(scenario, turn)
        season = SEASONS[column]
        snapshot(turn)
        at_start = {key: ship.state for key, ship in ships.items()}
        acted: set[tuple[Power, str, str]] = set()
        points: dict[tuple[Power, str], int] = defaultdict(int)
        one_factor: dict[tuple[Power, str], int] = defaultdict(int)
        cves: dict[Power, int] = defaultdict(int)
        british_cves: dict[Power, int] = defaultdict(int)
        for index, action in by_turn[turn]:
            what = describe_naval_action(index, action)
            naval = naval_state_of(scenario, action.power)
            assert naval is not None
            try:
                kind = ChartAction(action.action)
            except ValueError:
                replay.rules.append(
                    Violation(
                        "27.7272",
                        f"{what}: unknown action (lay_down, start_repair, raise, continue, accelerate, "
                        "accelerate_knight, defer, launch, scuttle)",
                    )
                )
                continue
            key = (action.power, action.yard, action.ship)
            ship = ships.get(key)
            if ship is None:
                design = design_copy(naval, action.ship)
                if design is None:
                    replay.rules.append(
                        Violation(
                            "27.7251",
                            f"{what}: no such ship on the chart or waiting for repair at {action.yard}, "
                            f"nor a new ship '<design>#<n>' of a {action.power.value} design (n at most its count)",
                        )
                    )
                    continue
                ship = TrackedShip(
                    action.power,
                    action.yard,
                    action.ship,
                    design.unit,
                    design.factors,
                    NEW,
                    design=design,
                    owner=Power.BRITAIN if design.for_britain else None,
                )
                ships[key] = ship
            if key in acted and not (kind is ChartAction.START_REPAIR and ship.raised_turn == turn):
                # (A repair in the turn of the raise is refused by 27.7262, below.)
                replay.rules.append(
                    Violation("27.7272", f"{what}: a second action for the ship in the same turn")
                )
            acted.add(key)
            if (action.unit, action.factors) != (ship.unit, ship.factors):
                replay.reports.append(
                    Violation(
                        REPORT,
                        f"{what}: a {action.factors}-factor {action.unit.value} in the plan, a "
                        f"{ship.factors}-factor {ship.unit.value} by the scenario",
                        REPORT,
                    )
                )
            before = describe_ship_state(ship.state)
            if action.before != before:
                replay.reports.append(
                    Violation(
                        REPORT,
                        f"{what}: before '{action.before}' in the plan, '{before}' by the charts",
                        REPORT,
                    )
                )
            yard = yards[(action.power, action.yard)]
            for rule, reason in naval_action_breaches(ship, kind, column, turn, naval, yard):
                replay.rules.append(Violation(rule, f"{what}: {reason}"))
            if (
                kind is ChartAction.DEFER
                and turn == 0
                and not naval.deferring_allowed
                and isinstance(ship.state, tuple)
            ):
                replay.restricted_deferrals.append((what, action.power, action.yard))
            sb, brps = naval_action_cost(ship.unit, kind, ship.free_brps)
            if (action.sb, action.brps) != (sb, brps):
                replay.rules.append(
                    Violation(
                        NAVAL_ACTION_RULES.get(kind, "27.7272"),
                        f"{what}: costs {sb} SB and {brps} BRPs, not {action.sb} SB and {action.brps} BRPs",
                    )
                )
            points[(action.power, action.yard)] += sb
            if ship.unit in ONE_FACTOR_UNITS:
                one_factor[(action.power, action.yard)] += sb
            payer = ship.paid_by
            if payer in replay.brps:
                replay.brps[payer][turn] += brps
            elif brps:
                replay.rules.append(
                    Violation(
                        "27.7264",
                        f"{what}: at a captured shipyard the ship's owner pays, but {payer.value} is not planned",
                    )
                )
            result = naval_action_result(ship, kind, column)
            if kind is ChartAction.LAY_DOWN and result is not None and ship.design is not None:
                laid_down[(action.power, ship.design.id)] += 1
                if ship.unit is UnitType.CARRIER:
                    fast_carriers[action.power] += 1
                if ship.british_cve:
                    british_cves[action.power] += 1
                    replay.british_cve_brps[turn] += brps
                elif ship.unit is UnitType.ESCORT_CARRIER:
                    cves[action.power] += 1
                if site_country(yard.site) == Country.AUSTRALIA and ship.unit in AUSTRALIAN_CAPS:
                    australian[ship.unit] += 1
            if kind is ChartAction.RAISE and result is not None:
                ship.raised_turn = turn
            if result == LAUNCHED and ship.state != LAUNCHED:
                replay.launched.append((ship.owned_by, ship.unit, ship.factors, turn))
            if result is not None:
                ship.state = result
            after = describe_ship_state(ship.state)
            if action.after != after:
                replay.reports.append(
                    Violation(
                        REPORT, f"{what}: after '{action.after}' in the plan, '{after}' by the charts", REPORT
                    )
                )
        if turn == 0:
            for (power, site), factors in sw_build_points(scenario, plan, replay, yards).items():
                points[(power, site)] += factors
                one_factor[(power, site)] += factors

        for key, state in at_start.items():
            if isinstance(state, tuple) and state[1] == column and key not in acted:
                power, site, name = key
                replay.rules.append(
                    Violation(
                        "27.7272",
                        f"{power.value} {site} turn {turn} ({season}): '{name}' is in the {season} column "
                        f"({describe_ship_state(state)}) with no action; each ship in the turn's column "
                        "continues, accelerates, defers, launches or is scuttled",
                    )
                )
        for (power, site), yard in yards.items():
            where = f"{power.value} {site} turn {turn} ({season})"
            used = points[(power, site)]
            replay.points[(power, site, turn)] = used
            if used > yard.rate:
                replay.rules.append(
                    Violation("27.724 A", f"{where}: {used} shipbuilding points used, rate {yard.rate}")
                )
            if one_factor[(power, site)] > yard.one_factor_points:
                replay.rules.append(
                    Violation(
                        "27.7221 A",
                        f"{where}: {one_factor[(power, site)]} shipbuilding points on one-factor units, at most "
                        f"{yard.one_factor_points} (half of rate {yard.rate}, rounded up)",
                    )
                )
            held = sum(
                1
                for ship in ships.values()
                if (ship.power, ship.yard) == (power, site) and isinstance(ship.state, tuple)
            )
            if held > yard.capacity:
                replay.rules.append(
                    Violation(
                        yard.capacity_rule,
                        f"{where}: {held} ships on the Naval Construction Chart after the phase, capacity {yard.capacity}",
                    )
                )
        for power, count in sorted(cves.items()):
            usat = scenario.powers[power].naval.usat  # type: ignore[union-attr]
            if usat is not None and usat < AMERICAN_CVE_USAT:
                replay.rules.append(
                    Violation(
                        "27.7223 C",
                        f"{power.value} turn {turn}: {count} CVEs laid down, but USAT {usat} is below "
                        f"{AMERICAN_CVE_USAT}",
                    )
                )
            elif count > (cap := naval_air_rate(scenario, power)):
                replay.rules.append(
                    Violation(
                        "27.7223 C",
                        f"{power.value} turn {turn}: {count} CVEs laid down, naval air training rate {cap}",
                    )
                )
        for power, count in sorted(british_cves.items()):
            usat = scenario.powers[power].naval.usat  # type: ignore[union-attr]
            if usat is not None and usat < BRITISH_CVE_USAT:
                replay.rules.append(
                    Violation(
                        "27.7223 B",
                        f"{power.value} turn {turn}: {count} British CVEs laid down, but USAT {usat} is below "
                        f"{BRITISH_CVE_USAT}",
                    )
                )
            elif count > (cap := british_naval_air_rate(scenario)):
                replay.rules.append(
                    Violation(
                        "27.7223 B",
                        f"{power.value} turn {turn}: {count} British CVEs laid down, British naval air "
                        f"training rate {cap}",
                    )
                )
    snapshot(turns)

    britain = naval_state_of(scenario, Power.BRITAIN)
    for unit, count in sorted(australian.items()):
        in_play = AUSTRALIAN_CAPS[unit](britain) if britain is not None else 0
        most = max(0, AUSTRALIAN_IN_PLAY - in_play)
        if count > most:
            kind = "destroyer factors" if unit is UnitType.DESTROYER else "cruisers (CA2)"
            replay.rules.append(
                Violation(
                    "27.712 D",
                    f"australia_box: {count} Australian {kind} laid down over the horizon, at most "
                    f"{AUSTRALIAN_IN_PLAY} - {in_play} in play = {most}",
                )
            )

    for (power, design_id), count in sorted(laid_down.items()):
        naval = naval_state_of(scenario, power)
        design = next(d for d in naval.designs if d.id == design_id)  # type: ignore[union-attr]
        if count > design.count:
            replay.rules.append(
                Violation(
                    "27.7251",
                    f"{power.value} design '{design_id}': laid down {count} times over the horizon, count {design.count}",
                )
            )
    for power, count in sorted(fast_carriers.items()):
        naval = naval_state_of(scenario, power)
        assert naval is not None
        if (
            power is Power.USA
            and not scenario.us_at_war.get("pacific")
            and count > naval.fast_carrier_permits
        ):
            replay.rules.append(
                Violation(
                    "27.7325",
                    f"usa: {count} fast carriers laid down before war with Japan, "
                    f"{naval.fast_carrier_permits} permitted (fast_carrier_permits)",
                )
            )
    return replay
