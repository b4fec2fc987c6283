"""Every naval power's charts replayed turn by turn through the plan's actions (27.7)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

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
    ChartAction,
    ShipState,
)
from models.plan import NavalAction, Plan
from models.scenario import Scenario
from models.season import turn_name
from models.tables import NAVAL_AIR_RATES, Power, UnitType
from optimizer.checker.naval.actions import (
    CHART_MOVES,
    NAVAL_ACTION_RULES,
    TrackedShip,
    YardInfo,
    describe_ship_state,
    design_copy,
    naval_action_breaches,
    naval_action_cost,
    naval_action_result,
    oil_exempt_brps,
    turn_column,
)
from optimizer.checker.naval.charts import (
    NavalReplay,
    Ships,
    Yards,
    describe_naval_action,
    load_charts,
    naval_state_of,
    record_charts,
    record_dominion_brps,
    record_unfinished,
)
from optimizer.checker.naval.sw_builds import sw_build_points
from optimizer.checker.naval_air import naval_air_rate
from optimizer.checker.violations import REPORT, Violation

# 27.712 D: Australian ships in play, per unit, from Britain's naval state.
AUSTRALIAN_CAPS: dict[UnitType, Callable[[NavalState], int]] = {
    UnitType.DESTROYER: lambda naval: naval.australian_destroyers_in_play,
    UnitType.CRUISER: lambda naval: naval.australian_cruisers_in_play,
}


def site_country(site: str) -> str | None:
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
    `sw_build_points`. Deferrals without `deferring_allowed` are recorded, each with its turn, for
    `check_restricted_deferrals`, which needs the turn's money (27.7272 C), and scuttles for
    `check_restricted_scuttles` (27.7272 E).
    """
    replay = NavalReplay()
    yards, ships = load_charts(scenario, replay)
    report_lost_ships(replay, plan)
    run = Replaying(scenario, replay, yards, ships)
    by_turn = actions_by_turn(scenario, plan, replay, yards)
    for turn in range(scenario.horizon.turns):
        replay_turn(run, plan, turn, by_turn[turn])
    record_charts(replay, yards, ships, scenario.horizon.turns)
    record_unfinished(replay, ships)
    check_horizon(run)
    return replay


def report_lost_ships(replay: NavalReplay, plan: Plan) -> None:
    """The plan's `lost_ships` of each naval report against the replay's (27.71; report)."""
    derived: dict[Power, list[str]] = defaultdict(list)
    for (power, yard, name), fate in replay.lost.items():
        derived[power].append(f"{yard}/{name} {fate}")
    for report in plan.naval:
        if sorted(report.lost_ships) != sorted(derived.get(report.power, [])):
            replay.reports.append(
                Violation(
                    REPORT,
                    f"{report.power.value}: lost ships {report.lost_ships} in the plan, "
                    f"{derived.get(report.power, [])} by 27.71",
                    REPORT,
                )
            )


@dataclass
class Replaying:
    """A replay under way: the scenario, its record, the yards and ships followed, and what is laid
    down over the horizon (designs 27.7251, fast carriers 27.7325, at the Australia yard 27.712 D)."""

    scenario: Scenario
    replay: NavalReplay
    yards: Yards
    ships: Ships
    laid_down: dict[tuple[Power, str], int] = field(default_factory=lambda: defaultdict(int))
    fast_carriers: dict[Power, int] = field(default_factory=lambda: defaultdict(int))
    australian: dict[UnitType, int] = field(default_factory=lambda: defaultdict(int))


@dataclass
class TurnTally:
    """What one turn's actions use: SB per yard, of which on one-factor units (27.724 A, 27.7221 A),
    and CVEs laid down per power, American and British (27.7223 B, C)."""

    points: dict[tuple[Power, str], int] = field(default_factory=lambda: defaultdict(int))
    one_factor: dict[tuple[Power, str], int] = field(default_factory=lambda: defaultdict(int))
    cves: dict[Power, int] = field(default_factory=lambda: defaultdict(int))
    british_cves: dict[Power, int] = field(default_factory=lambda: defaultdict(int))


def actions_by_turn(
    scenario: Scenario, plan: Plan, replay: NavalReplay, yards: Yards
) -> dict[int, list[tuple[int, NavalAction]]]:
    """The plan's actions with their index, by turn; an action of a power without naval construction,
    past the horizon (27.7) or at a yard without a chart of the power (27.723) is reported and left out."""
    turns = scenario.horizon.turns
    by_turn: dict[int, list[tuple[int, NavalAction]]] = defaultdict(list)
    for index, action in enumerate(plan.naval_actions):
        what = describe_naval_action(scenario, index, action)
        if naval_state_of(scenario, action.power) is None:
            replay.rules.append(
                Violation("27.7", f"{what}: {action.power.value} has no naval construction in the scenario")
            )
        elif action.turn >= turns:
            replay.rules.append(
                Violation(
                    "27.7",
                    f"{what}: past the horizon of {turns} turns ({turn_name(scenario.turn)} to "
                    f"{turn_name(scenario.turn, turns - 1)})",
                )
            )
        elif (action.power, action.yard) not in yards:
            replay.rules.append(
                Violation(
                    "27.723", f"{what}: {action.power.value} has no Naval Construction Chart at {action.yard}"
                )
            )
        else:
            by_turn[action.turn].append((index, action))
    return by_turn


def replay_turn(run: Replaying, plan: Plan, turn: int, actions: list[tuple[int, NavalAction]]) -> None:
    """One turn of the horizon (column season + turn): its actions, in turn 0 its SW builds, then the
    checks of the turn's ships, yards and CVEs (27.7272, 27.724 A, 27.7221 A, 27.74, 27.7223)."""
    column = turn_column(run.scenario, turn)
    record_charts(run.replay, run.yards, run.ships, turn)
    at_start = {key: ship.state for key, ship in run.ships.items()}
    acted: set[tuple[Power, str, str]] = set()
    tally = TurnTally()
    for index, action in actions:
        apply_action(run, tally, acted, turn, column, index, action)
    if turn == 0:
        for (power, site), factors in sw_build_points(run.scenario, plan, run.replay, run.yards).items():
            tally.points[(power, site)] += factors
            tally.one_factor[(power, site)] += factors
    check_unmoved_ships(run, at_start, acted, turn, column)
    check_yards(run, tally, turn, column)
    check_cves(run, tally, turn)


def action_kind(replay: NavalReplay, what: str, action: NavalAction) -> ChartAction | None:
    """The action's kind, or None (reported) when 27.7272 and the plan know no such action."""
    try:
        return ChartAction(action.action)
    except ValueError:
        replay.rules.append(
            Violation(
                "27.7272",
                f"{what}: unknown action (lay_down, start_repair, raise, continue, accelerate, "
                "accelerate_knight, defer, launch, scuttle)",
            )
        )
        return None


def action_ship(
    run: Replaying, naval: NavalState, key: tuple[Power, str, str], what: str, action: NavalAction
) -> TrackedShip | None:
    """The ship the action moves: one followed at the yard, else a new copy '<design>#<n>' of a design
    of the power, n at most its count (27.7251), a British CVE owned by Britain (27.7223 B); None
    (reported) when it is neither."""
    ship = run.ships.get(key)
    if ship is not None:
        return ship
    fate = run.replay.lost.get(key)
    if fate is not None:
        run.replay.rules.append(
            Violation("27.71", f"{what}: {action.yard} is held by an opposing faction; the ship was {fate}")
        )
        return None
    design = design_copy(naval, action.ship)
    if design is None:
        run.replay.rules.append(
            Violation(
                "27.7251",
                f"{what}: no such ship on the chart or waiting for repair at {action.yard}, "
                f"nor a new ship '<design>#<n>' of a {action.power.value} design (n at most its count)",
            )
        )
        return None
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
    run.ships[key] = ship
    return ship


def apply_action(
    run: Replaying,
    tally: TurnTally,
    acted: set[tuple[Power, str, str]],
    turn: int,
    column: int,
    index: int,
    action: NavalAction,
) -> None:
    """One action of the turn: one a ship and turn (27.7272), legal from the ship's state
    (`naval_action_breaches`), its `before` and `after` the replay's (report), priced and charged
    (`charge_action`); the ship moves to where the action takes it (`naval_action_result`). A
    deferral without `deferring_allowed` is recorded, with its turn, for `check_restricted_deferrals`
    (27.7272 C), and a scuttle for `check_restricted_scuttles` (27.7272 E)."""
    replay = run.replay
    what = describe_naval_action(run.scenario, index, action)
    naval = naval_state_of(run.scenario, action.power)
    assert naval is not None
    kind = action_kind(replay, what, action)
    if kind is None:
        return
    key = (action.power, action.yard, action.ship)
    ship = action_ship(run, naval, key, what, action)
    if ship is None:
        return
    if key in acted and not (kind is ChartAction.START_REPAIR and ship.raised_turn == turn):
        # (A repair in the turn of the raise is refused by 27.7262, below.)
        replay.rules.append(Violation("27.7272", f"{what}: a second action for the ship in the same turn"))
    acted.add(key)
    report_stated_ship(replay, what, action, ship)
    yard = run.yards[(action.power, action.yard)]
    for rule, reason in naval_action_breaches(ship, kind, column, turn, run.scenario.settings, yard):
        replay.rules.append(Violation(rule, f"{what}: {reason}"))
    if kind is ChartAction.DEFER and not naval.deferring_allowed and isinstance(ship.state, tuple):
        step = naval_action_cost(ship.unit, ChartAction.CONTINUE, ship.free_brps)[1]  # 27.7272 A, 27.7265
        replay.restricted_deferrals.append(
            (what, action.power, action.yard, ship.state[0] == LAUNCH_ROW, turn, step)
        )
    if kind is ChartAction.SCUTTLE and not naval.deferring_allowed and isinstance(ship.state, tuple):
        replay.restricted_scuttles.append((what, turn))
    state = ship.state
    if kind in CHART_MOVES and isinstance(state, tuple) and state[1] == column and state[0] > LAUNCH_ROW:
        # 27.7272 C: a point that went to a ship already in the turn's column (A, B).
        replay.column_points[(action.power, action.yard, turn)] += naval_action_cost(ship.unit, kind)[0]
    brps = charge_action(run, tally, what, action, ship, kind, turn)
    result = naval_action_result(ship, kind, column)
    if kind is ChartAction.LAY_DOWN and result is not None and ship.design is not None:
        count_lay_down(run, tally, action.power, ship, yard, brps, turn)
    if kind is ChartAction.RAISE and result is not None:
        ship.raised_turn = turn
    if result == LAUNCHED and ship.state != LAUNCHED:
        replay.launched.append((ship.owned_by, ship.unit, ship.factors, turn))
    if result is not None:
        ship.state = result
    after = describe_ship_state(ship.state)
    if action.after != after:
        replay.reports.append(
            Violation(REPORT, f"{what}: after '{action.after}' in the plan, '{after}' by the charts", REPORT)
        )


def report_stated_ship(replay: NavalReplay, what: str, action: NavalAction, ship: TrackedShip) -> None:
    """The plan's unit, factors and `before` of the ship against the replay's (report)."""
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
                REPORT, f"{what}: before '{action.before}' in the plan, '{before}' by the charts", REPORT
            )
        )


def charge_action(
    run: Replaying,
    tally: TurnTally,
    what: str,
    action: NavalAction,
    ship: TrackedShip,
    kind: ChartAction,
    turn: int,
) -> int:
    """The action's SB and BRPs are those of the tables (27.7251, 27.7262, 27.7267, 27.7272), no BRPs
    for a Vichy ship before activation (27.7265); the SB count against the yard's points, on
    one-factor units too (27.7221 A), the BRPs are charged to whoever pays for the ship, at a
    captured yard its owning power (27.7264). Returns the BRPs."""
    replay = run.replay
    sb, brps = naval_action_cost(ship.unit, kind, ship.free_brps)
    if (action.sb, action.brps) != (sb, brps):
        replay.rules.append(
            Violation(
                NAVAL_ACTION_RULES.get(kind, "27.7272"),
                f"{what}: costs {sb} SB and {brps} BRPs, not {action.sb} SB and {action.brps} BRPs",
            )
        )
    tally.points[(action.power, action.yard)] += sb
    if ship.unit in ONE_FACTOR_UNITS:
        tally.one_factor[(action.power, action.yard)] += sb
    payer = ship.paid_by
    if payer in replay.brps:
        replay.brps[payer][turn] += brps
        record_dominion_brps(replay, action.yard, turn, brps)
        replay.not_construction_by_turn[turn, payer] += oil_exempt_brps(kind, brps)
    elif brps:
        replay.rules.append(
            Violation(
                "27.7264",
                f"{what}: at a captured shipyard the ship's owner pays, but {payer.value} is not planned",
            )
        )
    return brps


def count_lay_down(
    run: Replaying, tally: TurnTally, power: Power, ship: TrackedShip, yard: YardInfo, brps: int, turn: int
) -> None:
    """A design copy laid down counts against its design's count (27.7251), the fast carriers
    permitted (27.7325), the turn's CVEs (27.7223 B, C; a British CVE's BRPs against the U.S.
    grant limit) and the Australian ships in play (27.712 D)."""
    assert ship.design is not None
    run.laid_down[(power, ship.design.id)] += 1
    if ship.unit is UnitType.CARRIER:
        run.fast_carriers[power] += 1
    if ship.british_cve:
        tally.british_cves[power] += 1
        run.replay.british_cve_brps[turn] += brps
    elif ship.unit is UnitType.ESCORT_CARRIER:
        tally.cves[power] += 1
    if site_country(yard.site) == Country.AUSTRALIA and ship.unit in AUSTRALIAN_CAPS:
        run.australian[ship.unit] += 1


def check_unmoved_ships(
    run: Replaying,
    at_start: dict[tuple[Power, str, str], ShipState],
    acted: set[tuple[Power, str, str]],
    turn: int,
    column: int,
) -> None:
    """27.7272: each ship in the turn's column continues, accelerates, defers, launches or is scuttled."""
    season = SEASONS[column]
    for key, state in at_start.items():
        if isinstance(state, tuple) and state[1] == column and key not in acted:
            power, site, name = key
            run.replay.rules.append(
                Violation(
                    "27.7272",
                    f"{power.value} {site} in {turn_name(run.scenario.turn, turn)}: '{name}' is in the "
                    f"{season} column "
                    f"({describe_ship_state(state)}) with no action; each ship in the turn's column "
                    "continues, accelerates, defers, launches or is scuttled",
                )
            )


def check_yards(run: Replaying, tally: TurnTally, turn: int, column: int) -> None:
    """Each yard uses at most its rate (27.724 A), at most half of it rounded up on one-factor units
    (27.7221 A: raising is not one), and holds at most its capacity after the phase (27.741,
    27.743, 27.713). Records the points each yard used this turn."""
    replay = run.replay
    for (power, site), yard in run.yards.items():
        where = f"{power.value} {site} in {turn_name(run.scenario.turn, turn)}"
        used = tally.points[(power, site)]
        replay.points[(power, site, turn)] = used
        if used > yard.rate:
            replay.rules.append(
                Violation("27.724 A", f"{where}: {used} shipbuilding points used, rate {yard.rate}")
            )
        if tally.one_factor[(power, site)] > yard.one_factor_points:
            replay.rules.append(
                Violation(
                    "27.7221 A",
                    f"{where}: {tally.one_factor[(power, site)]} shipbuilding points on one-factor units, at most "
                    f"{yard.one_factor_points} (half of rate {yard.rate}, rounded up)",
                )
            )
        held = sum(
            1
            for ship in run.ships.values()
            if (ship.power, ship.yard) == (power, site) and isinstance(ship.state, tuple)
        )
        if held > yard.capacity:
            replay.rules.append(
                Violation(
                    yard.capacity_rule,
                    f"{where}: {held} ships on the Naval Construction Chart after the phase, capacity {yard.capacity}",
                )
            )


def check_cves(run: Replaying, tally: TurnTally, turn: int) -> None:
    """The U.S. lays down at most its naval air rate of American CVEs a turn, none below USAT 35
    (27.7223 C), and at most Britain's rate of British CVEs, none below USAT 28 (27.7223 B)."""
    scenario, replay = run.scenario, run.replay
    when = turn_name(scenario.turn, turn)
    for power, count in sorted(tally.cves.items()):
        usat = scenario.usat
        if usat is not None and usat < AMERICAN_CVE_USAT:
            replay.rules.append(
                Violation(
                    "27.7223 C",
                    f"{power.value} in {when}: {count} CVEs laid down, but USAT {usat} is below "
                    f"{AMERICAN_CVE_USAT}",
                )
            )
        elif count > (cap := naval_air_rate(scenario, power)):
            replay.rules.append(
                Violation(
                    "27.7223 C",
                    f"{power.value} in {when}: {count} CVEs laid down, naval air training rate {cap}",
                )
            )
    for power, count in sorted(tally.british_cves.items()):
        usat = scenario.usat
        if usat is not None and usat < BRITISH_CVE_USAT:
            replay.rules.append(
                Violation(
                    "27.7223 B",
                    f"{power.value} in {when}: {count} British CVEs laid down, but USAT {usat} is below "
                    f"{BRITISH_CVE_USAT}",
                )
            )
        elif count > (cap := british_naval_air_rate(scenario)):
            replay.rules.append(
                Violation(
                    "27.7223 B",
                    f"{power.value} in {when}: {count} British CVEs laid down, British naval air "
                    f"training rate {cap}",
                )
            )


def check_horizon(run: Replaying) -> None:
    """Over the horizon: the Australia yard lays down at most 2 - in play destroyer factors and CA2s
    (27.712 D), each design is laid down at most `count` times (27.7251), and the U.S. before war
    with Japan lays down at most `fast_carrier_permits` fast carriers (27.7325)."""
    scenario, replay = run.scenario, run.replay
    britain = naval_state_of(scenario, Power.BRITAIN)
    for unit, count in sorted(run.australian.items()):
        in_play = AUSTRALIAN_CAPS[unit](britain) if britain is not None else 0
        most = max(0, AUSTRALIAN_IN_PLAY - in_play)
        if count > most:
            ships = "destroyer factors" if unit is UnitType.DESTROYER else "cruisers (CA2)"
            replay.rules.append(
                Violation(
                    "27.712 D",
                    f"australia_box: {count} Australian {ships} laid down over the horizon, at most "
                    f"{AUSTRALIAN_IN_PLAY} - {in_play} in play = {most}",
                )
            )
    for (power, design_id), count in sorted(run.laid_down.items()):
        naval = naval_state_of(scenario, power)
        assert naval is not None
        design = next(d for d in naval.designs if d.id == design_id)
        if count > design.count:
            replay.rules.append(
                Violation(
                    "27.7251",
                    f"{power.value} design '{design_id}': laid down {count} times over the horizon, count {design.count}",
                )
            )
    for power, count in sorted(run.fast_carriers.items()):
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
