"""The charts of the scenario as the replay tracks them: the replay's record and the ships of each yard
(27.7262-27.7266)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from models.map_data import SITE_BY_ID
from models.naval import ChartShip, DamagedShip, NavalState
from models.naval_tables import LAUNCH_ROW, SEASONS, SUNK, WAITING, ShipState
from models.plan import NavalAction
from models.scenario import Scenario
from models.season import turn_name
from models.tables import Dominion, Power, UnitType
from optimizer.checker.lines import planned_powers
from optimizer.checker.naval.actions import TrackedShip, YardInfo, shipyard_info
from optimizer.checker.naval.standing import yard_standing
from optimizer.checker.violations import Violation

ChartView = tuple[str, str, int, str, str]  # (ship, unit, factors, row 'launch'/'2'-'5', column)
Yards = dict[tuple[Power, str], YardInfo]  # by (power, yard)
Ships = dict[tuple[Power, str, str], TrackedShip]  # by (power, yard, ship)


@dataclass
class NavalReplay:
    """The charts replayed from the scenario through the plan's naval actions (27.7).

    `rules` are the breaches of the rules, `reports` the plan's wrong statements of a ship's
    position or unit; `brps` each naval power's BRPs per turn of the horizon at normal cost (chart
    actions, and in turn 0 SW units); `charts` what each yard's chart holds at the start of each
    turn (turn = horizon: after the last), ships and the names waiting for repair.
    """

    rules: list[Violation] = field(default_factory=list)
    reports: list[Violation] = field(default_factory=list)
    brps: dict[Power, list[int]] = field(default_factory=dict)
    charts: dict[tuple[Power, str, int], tuple[list[ChartView], list[str]]] = field(default_factory=dict)
    points: dict[tuple[Power, str, int], int] = field(default_factory=dict)  # SB used per yard and turn
    # Deferrals without `deferring_allowed`: (description, power, yard, from the Launch row, the chart's
    # turn, the BRPs of continuing the ship instead at normal cost: 3, none for a Vichy ship before
    # activation, 27.7265), judged by `check_restricted_deferrals` (27.7272 C): this turn's by the turn
    # checker, a season's later turns' by the season checker with that turn's money.
    restricted_deferrals: list[tuple[str, Power, str, bool, int, int]] = field(default_factory=list)
    # Scuttles without `deferring_allowed`: (description, the chart's turn), judged by
    # `check_restricted_scuttles` (27.7272 E) for the turns whose deferrals are restricted.
    restricted_scuttles: list[tuple[str, int]] = field(default_factory=list)
    # SB per yard and turn spent continuing or accelerating ships already in the turn's column
    # (27.7272 A, B): the points that may excuse a restricted deferral (27.7272 C).
    column_points: dict[tuple[Power, str, int], int] = field(default_factory=lambda: defaultdict(int))
    # BRPs spent at the Canada and Australia yards in each turn of the horizon, by (turn, country): their
    # shipbuilding (40.244); a season's later turns are its own turns, with their own shipbuilding of those
    # countries (optimizer/checker/season.py).
    dominion_brps_by_turn: dict[tuple[int, str], int] = field(default_factory=lambda: defaultdict(int))
    # Ships of a yard an opposing faction holds, gone from its chart (27.71): 'displaced' or 'eliminated'.
    lost: dict[tuple[Power, str, str], str] = field(default_factory=dict)
    # Ships launched, by continuing or accelerating into the Launch row or from it: (owning power,
    # unit, factors, turn).
    launched: list[tuple[Power, UnitType, int, int]] = field(default_factory=list)
    # Ships on a chart at the end of the horizon: (owning power, unit, factors, row).
    unfinished: list[tuple[Power, UnitType, int, int]] = field(default_factory=list)
    # BRPs per paying power that are repairs, raising or acceleration extras, in each turn of the horizon,
    # by (turn, paying power): outside the oil threshold under the setting naval_oil_only_construction
    # (27.35, 27.72; `oil_exempt_brps`).
    not_construction_by_turn: dict[tuple[int, Power], int] = field(default_factory=lambda: defaultdict(int))
    # BRPs of the U.S. lay-downs of British CVEs in each turn (27.7223 B: within the grant limit).
    british_cve_brps: dict[int, int] = field(default_factory=lambda: defaultdict(int))


def record_dominion_brps(replay: NavalReplay, site: str, turn: int, brps: int) -> None:
    """BRPs spent this turn at a yard in Canada or Australia count as that country's construction
    (27.473, 27.475 B, 40.244 "including shipbuilding")."""
    country = SITE_BY_ID[site].country if site in SITE_BY_ID else None
    if country in (Dominion.CANADA.value, Dominion.AUSTRALIA.value):
        replay.dominion_brps_by_turn[turn, country] += brps


def naval_powers(scenario: Scenario) -> list[Power]:
    """The planned powers with naval construction (`naval:`), in POWER_ORDER."""
    return [power for power in planned_powers(scenario) if scenario.powers[power].naval is not None]


def naval_state_of(scenario: Scenario, power: Power) -> NavalState | None:
    state = scenario.powers.get(power)
    return state.naval if state is not None else None


def describe_naval_action(scenario: Scenario, index: int, action: NavalAction) -> str:
    """'naval action 2: japan tokyo 'yamato' continue in winter 1941': the plan's line, its turn (the
    plan's `turn`, 0 this turn) named by its season and year, as a player names it."""
    return (
        f"naval action {index + 1}: {action.power.value} {action.yard} '{action.ship}' {action.action} "
        f"in {turn_name(scenario.turn, action.turn)}"
    )


def tracked_ship(
    scenario: Scenario,
    replay: NavalReplay,
    power: Power,
    yard: YardInfo,
    ship: ChartShip | DamagedShip,
    state: ShipState,
) -> TrackedShip:
    """A ship of the scenario on a chart or waiting at `yard` of `power`: its owner (27.7264, a power
    or 'minor', 27.7266 C; the yard's power by default), who pays for it (the yard's power, but at
    a captured yard the owning power, 27.7264; a minor's ship the yard's power) and whether it is a
    Vichy ship repaired or completed free (27.7265: until France's `vichy_activated`)."""
    owner = Power(ship.owner) if ship.owner not in (None, "minor") else None
    minor = ship.owner == "minor"
    payer = owner if yard.captured and owner is not None else power
    if payer in scenario.powers and payer not in replay.brps:
        replay.brps[payer] = [0] * scenario.horizon.turns
    france = naval_state_of(scenario, Power.FRANCE)
    free = ship.vichy and not (france is not None and france.vichy_activated)
    return TrackedShip(
        power,
        yard.site,
        ship.id,
        ship.unit,
        ship.factors,
        state,
        damaged_this_turn=isinstance(ship, DamagedShip) and ship.damaged_this_turn,
        owner=owner if owner is not power else None,
        minor=minor,
        payer=payer,
        free_brps=free,
    )


def load_charts(scenario: Scenario, replay: NavalReplay) -> tuple[Yards, Ships]:
    """The yards of every naval power, as they stand (`yard_standing`: 27.71, 27.712 A, 27.7264), and
    the ships of the scenario at the start of the horizon: on a chart at their row and column, waiting
    for repair, or sunk in port; a ship is not both sunk in port and on its yard's chart (27.7262). At a
    yard an opposing faction holds, the chart's ships are gone (27.71), recorded in `replay.lost`."""
    turns = scenario.horizon.turns
    yards: Yards = {}
    ships: Ships = {}
    for power in naval_powers(scenario):
        naval = scenario.powers[power].naval
        assert naval is not None
        replay.brps[power] = [0] * turns
        for yard in naval.shipyards:
            standing = yard_standing(scenario, power, yard.id)
            info = yards[(power, yard.id)] = replace(
                shipyard_info(power, yard),
                builds=standing.builds,
                repairs=standing.repairs,
                lost=standing.lost,
                raises=standing.raises,
                lay_down_placement=standing.lay_down_breaches,
            )
            for ship in yard.chart:
                row = LAUNCH_ROW if ship.row == "launch" else int(ship.row)
                if standing.lost:
                    # 27.71: rows 2 and Launch are displaced (27.7281), the rest eliminated (27.7282).
                    replay.lost[(power, yard.id, ship.id)] = "displaced" if row <= 2 else "eliminated"
                    continue
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
    return yards, ships


def record_charts(replay: NavalReplay, yards: Yards, ships: Ships, turn: int) -> None:
    """What each yard's chart holds at the start of `turn`: its ships and the names waiting for repair."""
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


def record_unfinished(replay: NavalReplay, ships: Ships) -> None:
    """The ships still on a chart at the end of the horizon, with their owners and rows."""
    for ship in ships.values():
        if isinstance(ship.state, tuple):
            replay.unfinished.append((ship.owned_by, ship.unit, ship.factors, ship.state[0]))
