"""Naval construction over a horizon (27.7): yards, ships, designs, later turns' budgets, and the
U.S. rules before war (27.7223, 27.7322, 40.331 A), as plain data for the naval model.

Each ship (on a chart, waiting for repair, or one that may be laid down) is a
small state machine over the turns of the horizon (`chart.py`); the model posts,
per yard and turn, shipbuilding points and the one-factor half-rate (27.7221),
shipyard capacity after the phase (27.741-27.743), and per power and turn the
BRPs spent; this turn's naval BRPs join the power's other construction (limit
and oil, 27.31, 27.35), later turns' must fit the expected BRPs and limits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from models.map_data import HOME_COUNTRIES, SITE_BY_ID, Country
from models.naval import ChartShip, DamagedShip, NavalState, column_number, row_number
from models.naval_tables import (
    AMERICAN_CVE_USAT,
    AUSTRALIAN_IN_PLAY,
    AXIS_FACTIONS,
    BRITISH_CVE_USAT,
    CASH_AND_CARRY_LOSSES,
    COLUMNS,
    DISPLACED,
    DISPLACED_ROWS,
    ELIMINATED,
    LEND_LEASE_USAT,
    SHIPYARD_RATES,
    yard_capacity,
)
from models.route_data import usat_grant_cap
from models.scenario import Scenario
from models.tables import POWER_FACTION, Power, UnitType
from optimizer.rules.naval.chart import NEW, SUNK, WAITING, ShipData, State, sw_ports, yard_builds
from optimizer.rules.naval_air.prepare import naval_air_rate
from optimizer.rules.placement.prepare import zoc_and_hold_refusal
from optimizer.rules.placement.supply import build_map, supplied_sites


@dataclass(frozen=True)
class YardData:
    key: str  # "power/yard"
    power: Power
    site: str
    rate: int
    capacity: int
    captured: bool
    sw_ports: tuple[str, ...] = ()  # 27.711: where SW units paid with its points are built (chart.sw_ports)
    # 27.44, 27.45: ports 27.711 names for its SW units where none may be placed this turn, with the rule
    sw_barred: tuple[tuple[str, str], ...] = ()
    builds: bool = True  # 27.712 A: its points may be spent on its chart (controlled, fully supplied)
    # 27.7251 with 27.44, 27.45 (`yard_standing`): the rule barring new ships there in turn 0 of the
    # horizon, and whether it bars them in the later turns too (27.44: the map holds; 27.45 lifts)
    lay_down_barred: str | None = None
    lay_down_barred_later: bool = False
    repairs: bool = True  # 27.7264: repairs may start (fully supplied, held by the owner's faction)
    raises: bool = True  # 27.7263: its point may raise a ship sunk in port (controlled by its power)


@dataclass(frozen=True)
class LendLease:
    """U.S. transports for the Western Allies before war with Germany (27.7322 A, B)."""

    builds: tuple[str, ...]  # U.S. transport builds subject to the rule
    most: int | None  # transports allowed this turn (None: as many as points allow)
    us_brps: int  # most BRPs the U.S. pays for them (USAT - 25, at most 25)
    britain_pays: bool  # Britain is planned and may pay the rest
    sunk_by_japan: int  # 27.7322 C: rebuilt in the Pacific box at U.S. expense, outside the count and cap
    as_grant: bool = False  # setting lend_lease_as_grant: the U.S. share is a BRP grant to Britain


@dataclass(frozen=True)
class NavalData:
    """Prepared naval data: yards, ships, turns, budgets of later turns."""

    yards: dict[str, YardData]
    ships: dict[str, ShipData]
    seasons: tuple[int, ...]  # column of each turn of the horizon
    discount: float
    future_brps: dict[tuple[int, Power], int]
    future_limits: dict[tuple[int, Power], int]
    deferring_allowed: dict[Power, bool]
    sw_builds: dict[str, tuple[Power, UnitType, int]]  # id -> (power, unit, factors available)
    design_counts: dict[str, int]  # "power/design" -> most ships laid down over the horizon
    fast_carrier_caps: dict[Power, int]
    cve_caps: dict[Power, int]
    lend_lease: LendLease | None = None  # 27.7322, the U.S. before war with Germany
    us_grant_cap: int | None = None  # 40.331 A left after fixed grants, before war with Germany
    british_cve_caps: dict[Power, int] = field(default_factory=dict)  # 27.7223 B, keyed by the builder
    australian_caps: dict[UnitType, int] = field(default_factory=dict)  # 27.712 D
    # 27.35 with 27.72: only construction proper is priced by the oil threshold (setting
    # naval_oil_only_construction); otherwise every naval BRP of this turn is.
    oil_only_construction: bool = False
    lost_ships: dict[Power, list[str]] = field(
        default_factory=dict
    )  # 27.71: "yard/ship displaced|eliminated"


def prepare_naval(
    scenario: Scenario,
    brps: dict[Power, int],
    limits: dict[Power, int],
    extra_rates: dict[str, int] | None = None,
) -> NavalData | None:
    """Yards, ships and the horizon from the scenario (27.7); `brps` and `limits` of this turn stand
    for later turns the scenario does not give. `extra_rates`: shipbuilding points a yard ("power/yard")
    has beyond its rate, in a what-if (`awaw plan --why`), its capacity following (27.724 B)."""
    powers = {p: s.naval for p, s in scenario.powers.items() if s.naval is not None}
    if not powers:
        return None
    start = column_number(scenario.turn.season.value)
    turns = scenario.horizon.turns
    yards: dict[str, YardData] = {}
    ships: dict[str, ShipData] = {}
    sw: dict[str, tuple[Power, UnitType, int]] = {}
    designs: dict[str, int] = {}
    fast_caps: dict[Power, int] = {}
    cve_caps: dict[Power, int] = {}
    graph = build_map(scenario.map)
    lost: dict[Power, list[str]] = {}
    # 27.7264: the U.S. boxes repair only while the U.S. is at war with Germany (`us_at_war.europe`)
    # or Japan (`us_at_war.pacific`).
    us_box_repairs = any(scenario.us_at_war.values())
    lay_down_limits = scenario.settings.naval_lay_downs_obey_placement_limits
    # 27.44, 27.45: ports (the boxes among them) where no new unit is placed this turn, for SW units.
    barred = {
        site: refusal
        for site, port in graph.nodes(data="port")
        if port and (refusal := new_unit_refusal(graph, site)) is not None
    }
    for power, naval in powers.items():
        held = held_ports(graph, power)
        home = tuple(sorted(s for s in held if graph.nodes[s]["country"] in HOME_COUNTRIES[power]))
        standing = {
            yard.id: yard_standing(graph, power, yard.id, held, us_box_repairs, lay_down_limits)
            for yard in naval.shipyards
        }
        _yards_and_ships(
            power,
            naval,
            yards,
            ships,
            home,
            standing,
            lost.setdefault(power, []),
            extra_rates or {},
            scenario.settings.french_ships_never_scuttled,
            barred,
        )
        _designs(power, naval, yards, ships, designs)
        for build in naval.sw_units:
            sw[f"{power.value}/{build.id}"] = (power, build.unit, build.count)
        if power is Power.USA and not scenario.us_at_war.get("pacific"):
            fast_caps[power] = naval.fast_carrier_permits  # 27.7325
        if power is Power.USA:
            # 27.7223 C: American CVEs once USAT reach 35, no more a turn than the naval air rate.
            usat_ok = scenario.usat is None or scenario.usat >= AMERICAN_CVE_USAT
            cve_caps[power] = naval_air_rate(scenario, Power.USA) if usat_ok else 0
    future_brps, future_limits = _future_budgets(scenario, brps, limits)
    return NavalData(
        yards=yards,
        ships=ships,
        seasons=tuple((start + t) % COLUMNS for t in range(turns)),
        discount=scenario.horizon.discount,
        future_brps=future_brps,
        future_limits=future_limits,
        deferring_allowed={p: n.deferring_allowed for p, n in powers.items()},
        sw_builds=sw,
        lend_lease=_lend_lease(scenario, sw),
        us_grant_cap=_us_grant_cap(scenario),
        british_cve_caps=_british_cve_caps(scenario),
        australian_caps=_australian_caps(scenario),
        design_counts=designs,
        lost_ships={power: names for power, names in lost.items() if names},
        fast_carrier_caps=fast_caps,
        cve_caps=cve_caps,
        oil_only_construction=scenario.settings.naval_oil_only_construction,
    )


def new_unit_refusal(graph: nx.Graph, site: str) -> tuple[str, str] | None:
    """Why no newly constructed unit may be placed at `site` this turn by 27.44 or 27.45, or None;
    control by the power and supply are `held_ports`'s (27.45's first words, 27.43).

    27.41: "The placement of newly constructed units is subject to the following limitations";
    27.44: "Units may not be constructed in hexes which are in an enemy ZoC" (the scenario's
    `enemy_zoc`, set only for a ZoC that counts: 27.44's border exception between countries not at
    war is the player's to apply, as for land units); 27.45: hexes "controlled by the constructing
    major power at the beginning of the player turn of construction", and not "recaptured from the
    enemy until the player turn following their recapture". The reasons are those of land
    placement (`optimizer.rules.placement.prepare.state_refusal`, what `awaw sites` prints)."""
    return zoc_and_hold_refusal(graph.nodes[site])


def held_ports(graph: nx.Graph, power: Power) -> frozenset[str]:
    """Ports `power` controls and fully supplies (27.711 A, 27.712 A), traced as for placement (27.43)."""
    supplied = supplied_sites(graph, power)
    return frozenset(
        site for site in supplied if graph.nodes[site]["port"] and graph.nodes[site]["controller"] is power
    )


@dataclass(frozen=True)
class YardStanding:
    """Whether a yard builds (27.712 A), repairs (27.7264), or is lost to an opposing faction (27.71),
    and the rule barring new ships there (27.7251 with 27.44, 27.45): this turn, and later."""

    builds: bool
    repairs: bool
    lost: bool
    raises: bool = True
    lay_down_barred: str | None = None
    lay_down_barred_later: bool = False


def yard_standing(
    graph: nx.Graph,
    power: Power,
    site: str,
    held: frozenset[str],
    us_box_repairs: bool,
    lay_down_limits: bool = True,
) -> YardStanding:
    """A yard's standing this turn, read from the scenario's map (control and supply traced as for
    placement, 27.43); it holds over the horizon [reading: the player plans again when it changes].

    27.712 A: a home-country yard builds only while the power controls it and it is fully supplied
    (`held`); 27.712 B-D name the U.S., Canada and Australia boxes without that condition. 27.7264:
    repairs need a fully supplied port held by the owner's faction (the boxes again without: "Western
    Allied ships may also be repaired in Australia, Canada and, if the U.S. is at war with Germany or
    Japan, in either U.S. box", so a U.S. box repairs only when `us_box_repairs`, the U.S. at war in
    either theater, U.S. ships included). 27.71:
    a yard held by an opposing alliance faction is captured. 27.7263: the point that raises a ship sunk
    in port comes from "any shipyard controlled by the owning major power": control only, not supply.

    Laying down a new ship (27.7251) is constructing a unit in the yard's hex, so with `lay_down_limits`
    (the setting naval_lay_downs_obey_placement_limits, default true) the yard must also pass 27.44 (not
    in an enemy ZoC) and 27.45 (controlled since the start of the player turn, not recaptured this
    turn): `new_unit_refusal` [reading: 27.41's limitations on "the placement of newly constructed
    units"; players who read 27.7's locations as the whole rule for ships turn the setting off]. An
    enemy ZoC holds over the horizon, as control does; 27.45's conditions are this turn's ("until the
    player turn following their recapture"), so in later turns a yard still held lays down again.
    Continuing construction and repairs of ships already on the chart are not newly constructed
    units: `builds` and `repairs` ignore 27.44 and 27.45.
    """
    refusal = new_unit_refusal(graph, site) if lay_down_limits else None
    barred = refusal[0] if refusal is not None else None
    later = lay_down_limits and bool(graph.nodes[site]["enemy_zoc"])
    controller = graph.nodes[site]["controller"]
    faction = POWER_FACTION[power]
    lost = controller is not None and (POWER_FACTION[controller] in AXIS_FACTIONS) != (
        faction in AXIS_FACTIONS
    )
    if graph.nodes[site]["box"]:
        us_box = SITE_BY_ID[site].country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX)
        return YardStanding(
            not lost,
            not lost and (us_box_repairs or not us_box),
            lost,
            lay_down_barred=barred,
            lay_down_barred_later=later,
        )
    supplied = site in supplied_sites(graph, power)
    friendly = controller is not None and POWER_FACTION[controller] is faction
    return YardStanding(
        site in held,
        supplied and friendly,
        lost,
        raises=controller is power,
        lay_down_barred=barred,
        lay_down_barred_later=later,
    )


def _yards_and_ships(
    power: Power,
    naval: NavalState,
    yards: dict[str, YardData],
    ships: dict[str, ShipData],
    home_ports: tuple[str, ...],
    standing: dict[str, YardStanding],
    lost: list[str],
    extra_rates: dict[str, int],
    french_kept: bool,
    barred: dict[str, tuple[str, str]],
) -> None:
    """A power's yards with their rates (plus `extra_rates`, a what-if) and capacities (27.724, 27.741-27.743; a captured yard has rate
    1, 27.713) and the ports where their points build SW units (27.711), the ships on their charts and
    waiting for repair, and ships sunk in port (27.7262). At a yard an opposing faction holds the ships
    on the chart are gone (27.71): those of row 2 and the Launch row displaced (27.7281), the others
    eliminated (27.7282); ships waiting for repair stay there, unrepaired (27.7264). `french_kept`: the
    setting french_ships_never_scuttled (27.7272 E). `barred`: ports where 27.44 or 27.45 places no new
    unit this turn (`new_unit_refusal`), taken out of the SW ports: SW units are placed in a port
    (27.93), so they obey 27.41's limitations whatever the setting on lay-downs."""
    vichy_free = power is Power.FRANCE and not naval.vichy_activated
    for yard in naval.shipyards:
        key = f"{power.value}/{yard.id}"
        rate = yard.rate if yard.rate is not None else SHIPYARD_RATES[power][yard.id]
        if yard.captured:
            rate = 1
        else:
            rate += extra_rates.get(key, 0)
        us_box = SITE_BY_ID[yard.id].country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX)
        ports = () if yard.captured else sw_ports(power, yard.id, home_ports)
        yards[key] = YardData(
            key,
            power,
            yard.id,
            rate,
            yard_capacity(rate, us_box, yard.captured),
            yard.captured,
            sw_ports=tuple(p for p in ports if p not in barred),
            sw_barred=tuple((p, barred[p][0]) for p in ports if p in barred),
            builds=standing[yard.id].builds,
            lay_down_barred=standing[yard.id].lay_down_barred,
            lay_down_barred_later=standing[yard.id].lay_down_barred_later,
            repairs=standing[yard.id].repairs,
            raises=standing[yard.id].raises,
        )
        for ship in yard.chart:
            position = (row_number(ship.row), column_number(ship.column))
            if standing[yard.id].lost:
                fate = DISPLACED if position[0] in DISPLACED_ROWS else ELIMINATED
                lost.append(f"{yard.id}/{ship.id} {fate}")
                continue
            ships[f"{key}/{ship.id}"] = _ship_data(
                key, power, yard.captured, ship, position, vichy_free, french_kept
            )
        for damaged in yard.waiting_for_repair:
            ships[f"{key}/{damaged.id}"] = _ship_data(
                key, power, yard.captured, damaged, WAITING, vichy_free, french_kept
            )
    for sunk in naval.sunk_in_port:
        key = f"{power.value}/{sunk.yard}"
        ships[f"{key}/{sunk.id}"] = ShipData(
            f"{key}/{sunk.id}",
            power,
            key,
            sunk.id,
            sunk.unit,
            sunk.factors,
            SUNK,
            fast_carrier=sunk.unit is UnitType.CARRIER,
        )


def _designs(
    power: Power,
    naval: NavalState,
    yards: dict[str, YardData],
    ships: dict[str, ShipData],
    designs: dict[str, int],
) -> None:
    """Ships that may be laid down (27.7251): each copy of a design at each yard that may build it
    (27.712 A: controlled and fully supplied; C, D; captured yards only repair, 27.713; 27.44 and 27.45
    bar lay-downs turn by turn, `constraints._yard_standing`), and the most copies of each design."""
    for design in naval.designs:
        designs[f"{power.value}/{design.id}"] = design.count
        for yard in naval.shipyards:
            if (
                yard.captured
                or not yards[f"{power.value}/{yard.id}"].builds
                or (design.yards is not None and yard.id not in design.yards)
            ):
                continue
            if not yard_builds(yard.id, design.unit, design.factors):
                continue
            key = f"{power.value}/{yard.id}"
            for copy in range(design.count):
                name = f"{design.id}#{copy + 1}"
                ships[f"{key}/{name}"] = ShipData(
                    f"{key}/{name}",
                    power,
                    key,
                    name,
                    design.unit,
                    design.factors,
                    NEW,
                    design=f"{power.value}/{design.id}",
                    fast_carrier=design.unit is UnitType.CARRIER,
                    owner=Power.BRITAIN if design.for_britain else None,
                    british_cve=design.for_britain,
                )


def _future_budgets(
    scenario: Scenario, brps: dict[Power, int], limits: dict[Power, int]
) -> tuple[dict[tuple[int, Power], int], dict[tuple[int, Power], int]]:
    """BRPs and construction limits of each later turn of the horizon: as the scenario gives them,
    else this turn's. Every planned power has them: one may pay for ships at another's captured
    yard (27.7264)."""
    future_brps: dict[tuple[int, Power], int] = {}
    future_limits: dict[tuple[int, Power], int] = {}
    for t in range(1, scenario.horizon.turns):
        given = scenario.horizon.future[t - 1] if t - 1 < len(scenario.horizon.future) else None
        for power in brps:
            given_brps = given.brps.get(power) if given else None
            given_limit = given.limits.get(power) if given else None
            future_brps[t, power] = brps[power] if given_brps is None else given_brps
            future_limits[t, power] = limits[power] if given_limit is None else given_limit
    return future_brps, future_limits


def _us_grant_cap(scenario: Scenario) -> int | None:
    """40.331 A before war with Germany: USAT - 25 (at most 25) less the fixed U.S. grants to Britain,
    France, Canada and South Africa (when grants are not planned)."""
    usa = scenario.powers.get(Power.USA)
    if usa is None or usa.naval is None or scenario.us_at_war.get("europe"):
        return None
    usat = scenario.usat or 0
    fixed = sum(
        g.brps for g in usa.grants_made if g.to.value in ("britain", "france", "canada", "south_africa")
    )
    return max(0, usat_grant_cap(usat) - fixed)


def _british_cve_caps(scenario: Scenario) -> dict[Power, int]:
    """27.7223 B: British CVEs once USAT reach 28, no more a turn than Britain's naval air rate."""
    usa = scenario.powers.get(Power.USA)
    if usa is None or usa.naval is None:
        return {}
    if scenario.usat is not None and scenario.usat < BRITISH_CVE_USAT:
        return {Power.USA: 0}
    return {Power.USA: naval_air_rate(scenario, Power.BRITAIN)}


def _australian_caps(scenario: Scenario) -> dict[UnitType, int]:
    """27.712 D: at most two Australian destroyer factors and two CA2s in play."""
    britain = scenario.powers.get(Power.BRITAIN)
    if britain is None or britain.naval is None:
        return {}
    naval = britain.naval
    return {
        UnitType.DESTROYER: max(0, AUSTRALIAN_IN_PLAY - naval.australian_destroyers_in_play),
        UnitType.CRUISER: max(0, AUSTRALIAN_IN_PLAY - naval.australian_cruisers_in_play),
    }


def _ship_data(
    key: str,
    power: Power,
    captured: bool,
    ship: ChartShip | DamagedShip,
    start: State,
    vichy_free: bool,
    french_kept: bool,
) -> ShipData:
    """A ship on a chart or waiting: the yard's power pays, or at a captured yard the owner (27.7264)."""
    owner = None if ship.owner in (None, "minor") else Power(ship.owner)
    payer = owner if captured and owner is not None else power
    return ShipData(
        f"{key}/{ship.id}",
        payer,
        key,
        ship.id,
        ship.unit,
        ship.factors,
        start,
        repairable_now=not getattr(ship, "damaged_this_turn", False),
        fast_carrier=ship.unit is UnitType.CARRIER,
        owner=owner if ship.owner is not None else None,
        free_brps=ship.vichy and vichy_free,
        french_ships_never_scuttled=french_kept,
    )


def _lend_lease(scenario: Scenario, sw: dict[str, tuple[Power, UnitType, int]]) -> LendLease | None:
    """27.7322: before war with Germany the U.S. builds Western Allied transports only by cash and
    carry (USAT 25 or less: after more than five British transports were lost, at most that many,
    Britain paying) or lend lease (USAT over 25: any number, the U.S. paying up to USAT - 25)."""
    usa = scenario.powers.get(Power.USA)
    if usa is None or usa.naval is None or scenario.us_at_war.get("europe"):
        return None
    builds = tuple(b for b, (p, unit, _) in sw.items() if p is Power.USA and unit is UnitType.TRANSPORT)
    if not builds:
        return None
    usat = scenario.usat or 0
    lost = usa.naval.british_transports_lost
    # B: lend lease, any number; A: cash and carry, only after heavy losses, and only to rebuild them.
    most = None if usat > LEND_LEASE_USAT else (lost if lost > CASH_AND_CARRY_LOSSES else 0)
    us_brps = usat_grant_cap(usat)
    japan = usa.naval.transports_sunk_by_japan if scenario.us_at_war.get("pacific") else 0
    return LendLease(
        builds, most, us_brps, Power.BRITAIN in scenario.powers, japan, scenario.settings.lend_lease_as_grant
    )


def copy_pairs(naval: NavalData) -> list[tuple[str, str]]:
    """Consecutive copies of one design at one yard: the same ship, laid down in order."""
    groups: dict[tuple[str, str], list[str]] = {}
    for key, ship in naval.ships.items():
        if ship.design is not None:
            groups.setdefault((ship.design, ship.yard), []).append(key)
    return [(keys[i], keys[i + 1]) for keys in groups.values() for i in range(len(keys) - 1)]
