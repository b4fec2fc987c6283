"""Naval construction and repair on the Naval Construction Charts (27.7), over a horizon of turns.

Each ship (on a chart, waiting for repair, or one that may be laid down) is a
small state machine: in each turn of the horizon it is in one state (a chart
position, not yet laid down, waiting, launched, scuttled) and, when its column
is the turn's, takes one action of 27.7272. The model posts, per yard and turn,
shipbuilding points and the one-factor half-rate (27.7221), shipyard capacity
after the phase (27.741-27.743), and per power and turn the BRPs spent; this
turn's naval BRPs join the power's other construction (limit and oil, 27.31,
27.35), later turns' must fit the expected BRPs and limits of the horizon.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

from models.map_data import SITE_BY_ID, Country
from models.naval import column_number, row_number
from models.naval_tables import (
    ACCELERATE_MIN_FACTORS,
    COLUMNS,
    LAUNCH_ROW,
    LAY_DOWN_BRPS,
    LAY_DOWN_SB,
    MOVES,
    NAMED_UNITS,
    ONE_FACTOR_UNITS,
    RAISE_BRPS,
    RAISE_SB,
    REPAIR_BRPS,
    REPAIR_SB,
    SEASONS,
    SHIPYARD_RATES,
    SW_BRPS_PER_FACTOR,
    SW_SB_PER_FACTOR,
    ChartAction,
    lay_down_position,
    move,
    one_factor_points,
    repair_position,
    yard_capacity,
)
from models.scenario import Scenario
from models.tables import NAVAL_AIR_RATES, Power, UnitType

if TYPE_CHECKING:
    from optimizer.guards import Guards
    from optimizer.prepare import Prepared
    from optimizer.variables import Variables

LEND_LEASE_USAT = 25  # 27.7322 B: over 25
CASH_AND_CARRY_LOSSES = 5  # 27.7322 A: more than five transports lost
LEND_LEASE_MAX_BRPS = 25  # 40.331 A
BRITISH_CVE_USAT = 28  # 27.7223 B
AUSTRALIAN_MOST = 2  # 27.712 D: destroyer factors, and CA2s

# States other than chart positions.
NEW, WAITING, LAUNCHED, SCUTTLED, SUNK = "new", "waiting", "launched", "scuttled", "sunk"
State = tuple[int, int] | str


@dataclass(frozen=True)
class YardData:
    key: str  # "power/yard"
    power: Power
    site: str
    rate: int
    capacity: int
    captured: bool


@dataclass(frozen=True)
class ShipData:
    key: str  # "power/yard/ship"
    power: Power
    yard: str  # yard key
    name: str
    unit: UnitType
    factors: int
    start: State
    design: str | None = None  # for ships that may be laid down
    repairable_now: bool = True  # 27.7266 A
    fast_carrier: bool = False
    owner: Power | None = None  # whose ship, when not the payer's; None for a minor country's (27.7266 C)
    free_brps: bool = False  # Vichy ships before activation (27.7265)
    british_cve: bool = False  # built by the U.S. for Britain (27.7223 B)

    @property
    def valued_for(self) -> Power:
        """Whose ship it is, for the objective."""
        return self.owner or self.power


@dataclass(frozen=True)
class LendLease:
    """U.S. transports for the Western Allies before war with Germany (27.7322 A, B)."""

    builds: tuple[str, ...]  # U.S. transport builds subject to the rule
    most: int | None  # transports allowed this turn (None: as many as points allow)
    us_brps: int  # most BRPs the U.S. pays for them (USAT - 25, at most 25)
    britain_pays: bool  # Britain is planned and may pay the rest
    sunk_by_japan: int  # 27.7322 C: rebuilt in the Pacific box at U.S. expense, outside the count and cap


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


def yard_builds(site: str, unit: UnitType, factors: int) -> bool:
    """What the Canadian and Australian yards may build (27.712 C, D): Canada destroyers, cruisers and
    two-factor named ships; Australia destroyers and cruisers."""
    country = SITE_BY_ID[site].country
    if country == Country.CANADA:
        return unit in (UnitType.DESTROYER, UnitType.CRUISER) or (unit in NAMED_UNITS and factors == 2)
    if country == Country.AUSTRALIA:
        return unit in (UnitType.DESTROYER, UnitType.CRUISER)
    return True


def prepare_naval(scenario: Scenario, brps: dict[Power, int], limits: dict[Power, int]) -> NavalData | None:
    """Yards, ships and the horizon from the scenario (27.7)."""
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
    for power, naval in powers.items():
        vichy_free = power is Power.FRANCE and not naval.vichy_activated
        for yard in naval.shipyards:
            key = f"{power.value}/{yard.id}"
            rate = yard.rate if yard.rate is not None else SHIPYARD_RATES[power][yard.id]
            if yard.captured:
                rate = 1
            us_box = SITE_BY_ID[yard.id].country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX)
            yards[key] = YardData(
                key, power, yard.id, rate, yard_capacity(rate, us_box, yard.captured), yard.captured
            )
            for ship in yard.chart:
                ships[f"{key}/{ship.id}"] = _ship_data(
                    key,
                    power,
                    yard.captured,
                    ship,
                    (row_number(ship.row), column_number(ship.column)),
                    vichy_free,
                )
            for ship in yard.waiting_for_repair:
                ships[f"{key}/{ship.id}"] = _ship_data(key, power, yard.captured, ship, WAITING, vichy_free)
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
        for design in naval.designs:
            designs[f"{power.value}/{design.id}"] = design.count
            for yard in naval.shipyards:
                if yard.captured or (design.yards is not None and yard.id not in design.yards):
                    continue  # 27.713: captured yards only repair
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
        for build in naval.sw_units:
            sw[f"{power.value}/{build.id}"] = (power, build.unit, build.count)
        if power is Power.USA and not scenario.us_at_war.get("pacific"):
            fast_caps[power] = naval.fast_carrier_permits  # 27.7325
        if power is Power.USA:
            # 27.7223 C: American CVEs once USAT reach 35, no more a turn than the naval air rate.
            usat_ok = naval.usat is None or naval.usat >= 35
            cve_caps[power] = (
                NAVAL_AIR_RATES[Power.USA] + scenario.powers[power].naval_air.rp_increase if usat_ok else 0
            )
    future_brps: dict[tuple[int, Power], int] = {}
    future_limits: dict[tuple[int, Power], int] = {}
    for t in range(1, turns):
        given = scenario.horizon.future[t - 1] if t - 1 < len(scenario.horizon.future) else None
        for power in brps:  # every planned power: one may pay for ships at another's captured yard (27.7264)
            given_brps = given.brps.get(power.value) if given else None
            given_limit = given.limits.get(power.value) if given else None
            future_brps[t, power] = brps[power] if given_brps is None else given_brps
            future_limits[t, power] = limits[power] if given_limit is None else given_limit
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
        fast_carrier_caps=fast_caps,
        cve_caps=cve_caps,
    )


def _involuntary_deferral(
    model: cp_model.CpModel, variables: Variables, yard: YardData, used: list, guards: Guards
) -> None:
    """27.7272 C restricts voluntary deferring: without it, a ship in its column waits only when its
    yard has used every point, or its power cannot pay another step (3 BRPs) within its BRPs or its
    construction limit [reading]."""
    deferred = [
        var for _, _, action, var in variables.naval.actions(0, yard=yard.key) if action is ChartAction.DEFER
    ]
    if not deferred:
        return
    power = yard.power
    no_points = model.NewBoolVar(f"no_points_{yard.key}")
    no_brps = model.NewBoolVar(f"no_brps_{yard.key}")
    no_limit = model.NewBoolVar(f"no_limit_{yard.key}")
    model.Add(sum(used) >= yard.rate).OnlyEnforceIf(no_points)
    model.Add(variables.kept(power) <= LAY_DOWN_BRPS - 1).OnlyEnforceIf(no_brps)
    model.Add(variables.limit_counted(power) + LAY_DOWN_BRPS >= variables.limit(power) + 1).OnlyEnforceIf(
        no_limit
    )
    for var in deferred:
        model.AddBoolOr([no_points, no_brps, no_limit]).OnlyEnforceIf(
            [var, *guards.of("27.7272 C", yard.key)]
        )


def _copy_pairs(naval: NavalData) -> list[tuple[str, str]]:
    """Consecutive copies of one design at one yard."""
    groups: dict[tuple[str, str], list[str]] = {}
    for key, ship in naval.ships.items():
        if ship.design is not None:
            groups.setdefault((ship.design, ship.yard), []).append(key)
    return [(keys[i], keys[i + 1]) for keys in groups.values() for i in range(len(keys) - 1)]


def _us_grant_cap(scenario: Scenario) -> int | None:
    """40.331 A before war with Germany: USAT - 25 (at most 25) less the fixed U.S. grants to Britain,
    France, Canada and South Africa (when grants are not planned)."""
    usa = scenario.powers.get(Power.USA)
    if usa is None or usa.naval is None or scenario.us_at_war.get("europe"):
        return None
    usat = usa.naval.usat or 0
    fixed = sum(
        g.brps for g in usa.grants_made if g.to.value in ("britain", "france", "canada", "south_africa")
    )
    return max(0, min(LEND_LEASE_MAX_BRPS, usat - LEND_LEASE_USAT) - fixed)


def _british_cve_caps(scenario: Scenario) -> dict[Power, int]:
    """27.7223 B: British CVEs once USAT reach 28, no more a turn than Britain's naval air rate."""
    usa = scenario.powers.get(Power.USA)
    if usa is None or usa.naval is None:
        return {}
    if usa.naval.usat is not None and usa.naval.usat < BRITISH_CVE_USAT:
        return {Power.USA: 0}
    britain = scenario.powers.get(Power.BRITAIN)
    rp = britain.naval_air.rp_increase if britain else 0
    return {Power.USA: NAVAL_AIR_RATES[Power.BRITAIN] + rp}


def _australian_caps(scenario: Scenario) -> dict[UnitType, int]:
    """27.712 D: at most two Australian destroyer factors and two CA2s in play."""
    britain = scenario.powers.get(Power.BRITAIN)
    if britain is None or britain.naval is None:
        return {}
    naval = britain.naval
    return {
        UnitType.DESTROYER: max(0, AUSTRALIAN_MOST - naval.australian_destroyers_in_play),
        UnitType.CRUISER: max(0, AUSTRALIAN_MOST - naval.australian_cruisers_in_play),
    }


def _ship_data(key: str, power: Power, captured: bool, ship, start: State, vichy_free: bool) -> ShipData:  # noqa: ANN001
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
    usat = usa.naval.usat or 0
    lost = usa.naval.british_transports_lost
    # B: lend lease, any number; A: cash and carry, only after heavy losses, and only to rebuild them.
    most = None if usat > LEND_LEASE_USAT else (lost if lost > CASH_AND_CARRY_LOSSES else 0)
    us_brps = max(0, min(LEND_LEASE_MAX_BRPS, usat - LEND_LEASE_USAT))
    japan = usa.naval.transports_sunk_by_japan if scenario.us_at_war.get("pacific") else 0
    return LendLease(builds, most, us_brps, Power.BRITAIN in scenario.powers, japan)


def ship_states(ship: ShipData) -> list[State]:
    """Every state a ship can be in."""
    if ship.unit in NAMED_UNITS:
        rows = range(LAUNCH_ROW, ship.factors + 1)
    elif ship.unit is UnitType.CRUISER:
        rows = range(LAUNCH_ROW, 3)
    else:
        rows = range(LAUNCH_ROW, 2)
    states: list[State] = [(r, c) for r in rows for c in range(COLUMNS)]
    states += [LAUNCHED, SCUTTLED]
    if ship.start == NEW:
        states.append(NEW)
    if ship.start in (WAITING, SUNK):
        states.append(WAITING)
    if ship.start == SUNK:
        states.append(SUNK)
    return states


def ship_actions(
    ship: ShipData, state: State, column: int, turn: int, deferring: bool
) -> list[tuple[ChartAction | None, State]]:
    """The actions open to a ship in `state` in a turn whose column is `column`, with where each leads."""
    if state in (LAUNCHED, SCUTTLED):
        return [(None, state)]
    if state == NEW:
        return [(None, NEW), (ChartAction.LAY_DOWN, lay_down_position(ship.unit, ship.factors, column))]
    if state == SUNK:
        return [(None, SUNK), (ChartAction.RAISE, WAITING)]  # 27.7262: repairs from the next turn
    if state == WAITING:
        options: list[tuple[ChartAction | None, State]] = [(None, WAITING)]
        if turn > 0 or ship.repairable_now:
            options.append((ChartAction.START_REPAIR, repair_position(ship.unit, column)))
        return options
    row, col = state  # type: ignore[misc]
    # 27.7272 C, E: the scenario's restriction is this turn's; later turns may defer [reading].
    deferring = deferring or turn > 0
    options = []
    if deferring and (turn == 0 or col == column) and ship.valued_for is not Power.FRANCE:
        # 27.7272 E: any ship may be scuttled this turn (France never); in later turns of the
        # horizon the plan scuttles only ships of the turn's column [reading: a planning horizon].
        options.append((ChartAction.SCUTTLE, SCUTTLED))
    if col != column:
        return [(None, state), *options]
    # Without voluntary deferring a ship may still wait when its yard has no point left for it
    # (27.7272 C restricts "voluntary" deferring); add_shipyards holds such a yard to its rate.
    options.append((ChartAction.DEFER, (row, (col + 1) % COLUMNS)))
    if row == LAUNCH_ROW:
        if ship.unit in (UnitType.DESTROYER, UnitType.ESCORT_CARRIER):
            return [(ChartAction.LAUNCH, LAUNCHED)]  # 27.7273, 27.7274: launched automatically
        return [(ChartAction.LAUNCH, LAUNCHED), *options]
    moves = [ChartAction.CONTINUE]
    if ship.unit in NAMED_UNITS and ship.factors >= ACCELERATE_MIN_FACTORS:
        moves += [ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT]
    for action in moves:
        options.append((action, move(row, col, action) or LAUNCHED))
    return options


def action_cost(ship: ShipData, action: ChartAction | None) -> tuple[int, int]:
    """(SB, BRPs) of one action (27.7251, 27.7262, 27.7267, 27.7272); Vichy ships pay no BRPs (27.7265)."""
    sb, brps = _base_cost(ship, action)
    return sb, 0 if ship.free_brps else brps


def _base_cost(ship: ShipData, action: ChartAction | None) -> tuple[int, int]:
    if action in MOVES:
        sb, brps, _, _ = MOVES[action]  # type: ignore[index]
        return sb, brps
    if action is ChartAction.LAY_DOWN:
        return LAY_DOWN_SB, LAY_DOWN_BRPS
    if action is ChartAction.START_REPAIR:
        return (0, 0) if ship.unit is UnitType.CRUISER else (REPAIR_SB, REPAIR_BRPS)
    if action is ChartAction.RAISE:
        return RAISE_SB, RAISE_BRPS
    return 0, 0


@dataclass
class NavalVariables:
    naval: NavalData
    state: dict[tuple[str, int, State], cp_model.IntVar] = field(default_factory=dict)
    act: dict[tuple[str, int, State, ChartAction | None], cp_model.IntVar] = field(default_factory=dict)
    sw: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)  # (build, yard) -> factors
    us_paid: cp_model.IntVar | None = None  # 27.7322: BRPs the U.S. pays for lend-lease transports
    japan_rebuilt: cp_model.IntVar | None = None  # 27.7322 C: transports sunk by Japan rebuilt
    _by_turn: dict[int, list] = field(default_factory=dict, repr=False)  # actions() index, built once

    @classmethod
    def create(cls, model: cp_model.CpModel, naval: NavalData) -> NavalVariables:
        """The state machine of every ship over the horizon (27.7272)."""
        variables = cls(naval)
        turns = len(naval.seasons)
        for key, ship in naval.ships.items():
            states = ship_states(ship)
            for t in range(turns + 1):
                for state in states:
                    variables.state[key, t, state] = model.new_bool_var(f"ship_{key}_{t}_{state}")
                model.add_exactly_one(variables.state[key, t, s] for s in states)
            model.add(variables.state[key, 0, ship.start] == 1)
            deferring = naval.deferring_allowed[naval.yards[ship.yard].power]
            for t, column in enumerate(naval.seasons):
                incoming: dict[State, list[cp_model.LinearExprT]] = {s: [] for s in states}
                for state in states:
                    here = variables.state[key, t, state]
                    options = ship_actions(ship, state, column, t, deferring)
                    if options == [(None, state)]:
                        incoming[state].append(here)  # nothing to decide: the ship stays
                        continue
                    chosen = []
                    stay = None
                    for action, target in options:
                        if action is None:
                            stay = target
                            continue
                        var = model.new_bool_var(f"act_{key}_{t}_{state}_{action}")
                        variables.act[key, t, state, action] = var
                        incoming[target].append(var)
                        chosen.append(var)
                    if stay is None:
                        model.add(sum(chosen) == here)
                    else:
                        # Staying is what is left when no action is taken.
                        model.add(sum(chosen) <= here)
                        incoming[stay].append(here - sum(chosen))
                for state in states:
                    model.add(variables.state[key, t + 1, state] == sum(incoming[state]))
        # Copies of a design at one yard are the same ship: lay them down in order (symmetry breaking).
        for first, second in _copy_pairs(naval):
            for t in range(turns + 1):
                model.add(variables.state[first, t, NEW] <= variables.state[second, t, NEW])
        for build, (power, _, count) in naval.sw_builds.items():
            built = []
            for yard_key, yard in naval.yards.items():
                if yard.power is power and not yard.captured:
                    var = model.new_int_var(0, count, f"sw_{build}@{yard_key}")
                    variables.sw[build, yard_key] = var
                    built.append(var)
            if built:
                model.add(sum(built) <= count)
        lend = naval.lend_lease
        if lend is not None:
            variables.us_paid = model.new_int_var(0, lend.us_brps, "lend_lease_us_brps")
            variables.japan_rebuilt = model.new_int_var(
                0, lend.sunk_by_japan, "transports_sunk_by_japan_rebuilt"
            )
            pacific = sum(
                var
                for (build, yard), var in variables.sw.items()
                if build in lend.builds and naval.yards[yard].site == "us_pacific_box"
            )
            model.add(variables.japan_rebuilt <= pacific)
            model.add(
                variables.us_paid
                <= SW_BRPS_PER_FACTOR * (variables.lend_lease_transports() - variables.japan_rebuilt)
            )
        return variables

    def us_grant_use(self) -> cp_model.LinearExprT:
        """U.S. BRPs this turn within the grant limit of 40.331 A: lend lease (27.7322 B) and British
        CVEs (27.7223 B)."""
        cves = sum(
            LAY_DOWN_BRPS * var
            for ship, _, action, var in self.actions(0)
            if ship.british_cve and action is ChartAction.LAY_DOWN
        )
        return (self.us_paid if self.us_paid is not None else 0) + cves

    def lend_lease_transports(self) -> cp_model.LinearExprT:
        lend = self.naval.lend_lease
        if lend is None:
            return 0
        return sum(var for (build, _), var in self.sw.items() if build in lend.builds)

    def britain_pays(self) -> cp_model.LinearExprT:
        """What Britain pays for U.S.-built transports (27.7322): the cost less the U.S. share."""
        if self.us_paid is None:
            return 0
        return SW_BRPS_PER_FACTOR * (self.lend_lease_transports() - self.japan_rebuilt) - self.us_paid

    def actions(
        self, t: int, yard: str | None = None, power: Power | None = None
    ) -> list[tuple[ShipData, State, ChartAction, cp_model.IntVar]]:
        """The actions of turn t, optionally of one yard or one paying power."""
        if not self._by_turn:
            for (key, turn, state, action), var in self.act.items():
                if action is not None:
                    self._by_turn.setdefault(turn, []).append((self.naval.ships[key], state, action, var))
        return [
            item
            for item in self._by_turn.get(t, [])
            if (yard is None or item[0].yard == yard) and (power is None or item[0].power is power)
        ]

    def brps(self, power: Power, t: int) -> cp_model.LinearExprT:
        """Naval BRPs of `power` in turn t: chart actions, and SW units in this turn (27.72)."""
        total = sum(
            action_cost(ship, action)[1] * var for ship, _, action, var in self.actions(t, power=power)
        )
        if t == 0:
            lend = self.naval.lend_lease.builds if self.naval.lend_lease else ()
            total += sum(
                SW_BRPS_PER_FACTOR * var
                for (build, _), var in self.sw.items()
                if self.naval.sw_builds[build][0] is power and build not in lend
            )
            if self.us_paid is not None and power is Power.USA:
                total += self.us_paid + SW_BRPS_PER_FACTOR * self.japan_rebuilt
            if self.us_paid is not None and power is Power.BRITAIN:
                total += self.britain_pays()
        return total

    def steps(self, power: Power) -> cp_model.LinearExprT:
        """This turn's naval BRPs in 3-BRP steps: what the oil threshold prices (27.35) [reading]."""
        return sum(
            (action_cost(ship, action)[1] // 3) * var for ship, _, action, var in self.actions(0, power=power)
        ) + sum(var for (build, _), var in self.sw.items() if self.naval.sw_builds[build][0] is power)

    def launches(self) -> list[tuple[ShipData, int, cp_model.IntVar]]:
        """(ship, turn, var) for every action that launches a ship (27.7272 D, and moves into the Launch row)."""
        found = []
        for (key, t, state, action), var in self.act.items():
            if action is ChartAction.LAUNCH or (
                action in MOVES and isinstance(state, tuple) and move(state[0], state[1], action) is None
            ):
                found.append((self.naval.ships[key], t, var))
        return found

    def decisions(self) -> list[cp_model.IntVar]:
        return [*self.act.values(), *self.sw.values()]


def add_shipyards(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Points, the one-factor half-rate, capacity, fast carriers and CVEs, later turns' budgets (27.7)."""
    ships = variables.naval
    if ships is None:
        return
    naval = ships.naval
    chart_index: dict[tuple[int, str], list[cp_model.IntVar]] = {}
    for (k, turn, state), var in ships.state.items():
        if isinstance(state, tuple):
            chart_index.setdefault((turn, naval.ships[k].yard), []).append(var)
    for t in range(len(naval.seasons)):
        for key, yard in naval.yards.items():
            used = [action_cost(ship, action)[0] * var for ship, _, action, var in ships.actions(t, yard=key)]
            one_factor = [
                action_cost(ship, action)[0] * var
                for ship, _, action, var in ships.actions(t, yard=key)
                if ship.unit in ONE_FACTOR_UNITS
            ]
            if t == 0:
                sw = [var for (_, yard_key), var in ships.sw.items() if yard_key == key]
                used += [SW_SB_PER_FACTOR * var for var in sw]
                one_factor += [SW_SB_PER_FACTOR * var for var in sw]
            if used:
                model.Add(sum(used) <= yard.rate).OnlyEnforceIf(guards.of("27.724 A", f"{key} turn {t}"))
            if one_factor:
                model.Add(sum(one_factor) <= one_factor_points(yard.rate)).OnlyEnforceIf(
                    guards.of("27.7221 A", f"{key} turn {t}")
                )
            on_chart = chart_index.get((t + 1, key), [])
            if on_chart:
                model.Add(sum(on_chart) <= yard.capacity).OnlyEnforceIf(
                    guards.of("27.741", f"{key} turn {t}")
                )
            if t == 0 and not naval.deferring_allowed[yard.power]:
                _involuntary_deferral(model, variables, yard, used, guards)
        for power in {ship.power for ship in naval.ships.values()}:
            if t > 0:
                spent = ships.brps(power, t)
                model.Add(spent <= naval.future_brps[t, power]).OnlyEnforceIf(
                    guards.of("27.11", f"{power.value} turn {t}")
                )
                model.Add(spent <= naval.future_limits[t, power]).OnlyEnforceIf(
                    guards.of("27.31", f"{power.value} turn {t}")
                )
            cap = naval.cve_caps.get(power)
            if cap is not None:
                cves = [
                    var
                    for ship, _, action, var in ships.actions(t, power=power)
                    if action is ChartAction.LAY_DOWN
                    and ship.unit is UnitType.ESCORT_CARRIER
                    and not ship.british_cve
                    and not ship.british_cve
                ]
                if cves:
                    model.Add(sum(cves) <= cap).OnlyEnforceIf(guards.of("27.7223", power.value))
    lend = naval.lend_lease
    if lend is not None:
        if lend.most is not None:
            model.Add(ships.lend_lease_transports() - ships.japan_rebuilt <= lend.most).OnlyEnforceIf(
                guards.of("27.7322 A", "usa")
            )
        if not lend.britain_pays:
            model.Add(ships.britain_pays() == 0).OnlyEnforceIf(guards.of("27.7322 B", "usa"))
    if naval.us_grant_cap is not None and data.network is None:
        # 40.331 A: lend lease and British CVEs share the U.S. grant limit with fixed grants.
        model.Add(ships.us_grant_use() <= naval.us_grant_cap).OnlyEnforceIf(guards.of("40.331 A", "usa"))
    for power, cap in naval.british_cve_caps.items():
        for t in range(len(naval.seasons)):
            laid = [
                var
                for ship, _, action, var in ships.actions(t, power=power)
                if action is ChartAction.LAY_DOWN and ship.british_cve
            ]
            if laid:
                model.Add(sum(laid) <= cap).OnlyEnforceIf(guards.of("27.7223 B", f"turn {t}"))
    for kind, most in naval.australian_caps.items():
        laid = [
            var
            for (key, _, _, action), var in ships.act.items()
            if action is ChartAction.LAY_DOWN
            and naval.ships[key].unit is kind
            and naval.yards[naval.ships[key].yard].site == "australia_box"
        ]
        if laid:
            model.Add(sum(laid) <= most).OnlyEnforceIf(guards.of("27.712 D", kind.value))
    for design, count in naval.design_counts.items():
        laid = [
            var
            for (k, _, _, action), var in ships.act.items()
            if action is ChartAction.LAY_DOWN and naval.ships[k].design == design
        ]
        if laid:
            model.Add(sum(laid) <= count)
    for power, cap in naval.fast_carrier_caps.items():
        laid = [
            var
            for (k, _, _, action), var in ships.act.items()
            if action is ChartAction.LAY_DOWN
            and naval.ships[k].fast_carrier
            and naval.ships[k].power is power
        ]
        if laid:
            model.Add(sum(laid) <= cap).OnlyEnforceIf(guards.of("27.7325", power.value))


def describe_state(state: State) -> str:
    if isinstance(state, tuple):
        row, column = state
        return f"{'launch' if row == LAUNCH_ROW else f'row {row}'} {SEASONS[column]}"
    return state


def sw_placement(power: Power, yard_site: str) -> str:
    """Where new submarines, ASW and transports are placed (27.93)."""
    country = SITE_BY_ID[yard_site].country
    if country == Country.CANADA:
        return "Canada (27.93 E)"
    if power is Power.USA:
        return "either U.S. box (27.93 F)"
    return {
        Power.GERMANY: "any port in Germany (27.93 A)",
        Power.ITALY: "any port in Italy or Sicily (27.93 B)",
        Power.JAPAN: "any port in Japan (27.93 C)",
        Power.BRITAIN: "any port in Britain or Ulster (27.93 D)",
    }.get(power, f"a port of {power.value}'s home country (27.711 A)")


def sw_boxes(power: Power, unit: UnitType, yard_site: str) -> list[str]:
    """SW boxes new SW units may redeploy to (27.94): Atlantic from Europe or the Atlantic U.S. box,
    Pacific from Japan or the Pacific U.S. box, Indian Ocean for Japanese submarines."""
    country = SITE_BY_ID[yard_site].country
    if power is Power.USA:
        return ["pacific"] if country == Country.US_PACIFIC_BOX else ["atlantic"]
    if power is Power.JAPAN:
        return ["pacific", "indian"] if unit is UnitType.SUBMARINE else ["pacific"]
    if power is Power.BRITAIN or (power is Power.GERMANY and unit is UnitType.SUBMARINE):
        return ["atlantic"]
    # 25.31: only the U.S., Britain, Japan and German submarines deploy to SW boxes [reading].
    return []
