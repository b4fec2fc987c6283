"""A ship on a Naval Construction Chart and what it may do in a turn (27.72, 27.7272), and where new
SW units go (27.93, 27.94): the chart's rules as plain functions, shared by the naval model and its plan."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from models.map_data import HOME_COUNTRIES, SITE_BY_ID, Country
from models.naval_tables import (
    ACCELERATE_MIN_FACTORS,
    COLUMNS,
    LAUNCH_ROW,
    LAUNCHED,
    LAY_DOWN_BRPS,
    LAY_DOWN_SB,
    MOVES,
    NAMED_UNITS,
    NEW,
    RAISE_BRPS,
    RAISE_SB,
    REPAIR_BRPS,
    REPAIR_SB,
    SCUTTLED,
    SEASONS,
    SUNK,
    WAITING,
    ChartAction,
    ShipState,
    lay_down_position,
    move,
    repair_position,
)
from models.tables import Power, UnitType

State = ShipState  # a chart position (row, column) or one of NEW, WAITING, LAUNCHED, SCUTTLED, SUNK
Option = tuple[ChartAction | None, State]  # an action open to a ship (None: it stays), and where it leads


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
    french_ships_never_scuttled: bool = False  # the setting (27.7272 E), read by `scuttled_never`

    @property
    def valued_for(self) -> Power:
        """Whose ship it is, for the objective."""
        return self.owner or self.power

    @property
    def chart_power(self) -> Power:
        """The power whose Naval Construction Chart holds the ship (the yard key's "power/"): the
        player acting on it (27.7272), whoever pays."""
        return Power(self.yard.split("/", 1)[0])

    @property
    def french_abroad(self) -> bool:
        """A French ship on another power's chart (27.7264: an ally's yard repairs it)."""
        return self.valued_for is Power.FRANCE and self.chart_power is not Power.FRANCE

    @property
    def scuttled_never(self) -> bool:
        """27.7272 E "EXCEPTION: France may never scuttle ships" [reading]: the power scuttling a ship is
        the one acting on its chart (27.7272: "on each of his Naval Construction Charts"), so no ship on a
        French chart is scuttled, a minor's or an ally's included, while an ally may scuttle a French ship
        on its own chart; with the setting `french_ships_never_scuttled`, no French ship is scuttled in
        any yard either."""
        return self.chart_power is Power.FRANCE or (self.french_ships_never_scuttled and self.french_abroad)


def yard_builds(site: str, unit: UnitType, factors: int) -> bool:
    """What the Canadian and Australian yards may build (27.712 C, D): Canada destroyers, cruisers and
    two-factor named ships; Australia destroyers and cruisers."""
    country = SITE_BY_ID[site].country
    if country == Country.CANADA:
        return unit in (UnitType.DESTROYER, UnitType.CRUISER) or (unit in NAMED_UNITS and factors == 2)
    if country == Country.AUSTRALIA:
        return unit in (UnitType.DESTROYER, UnitType.CRUISER)
    return True


def ship_states(ship: ShipData) -> list[State]:
    """Every state a ship can be in: a chart position (a named ship starts no higher than its factors,
    a cruiser in row 2, others in the Launch row, 27.7251 A), not yet laid down, waiting for repair,
    sunk in port (27.7262), launched or scuttled."""
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


def ship_actions(ship: ShipData, state: State, column: int, turn: int, deferring: bool) -> list[Option]:
    """The actions open to a ship in `state` in a turn whose column is `column`, with where each leads
    (27.7251 lay down, 27.7262 raise, 27.7267 repair, 27.7272 A-E continue, accelerate, defer, launch,
    scuttle; 27.7273, 27.7274 automatic launches)."""
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
    assert isinstance(state, tuple)  # a chart position
    row, col = state
    # 27.7272 C, E: the scenario's restriction binds this turn here; a plain turn's later turns may defer
    # and scuttle [reading], and a season holds its later turns to it by constraints
    # (constraints.involuntary_deferral, constraints.restricted_scuttling).
    deferring = deferring or turn > 0
    options = []
    if deferring and (turn == 0 or col == column) and not ship.scuttled_never:
        # 27.7272 E: any ship may be scuttled this turn (France never, `scuttled_never`); in later turns
        # of the horizon the plan scuttles only ships of the turn's column [reading: a planning horizon].
        options.append((ChartAction.SCUTTLE, SCUTTLED))
    if col != column:
        return [(None, state), *options]
    # Without voluntary deferring a ship may still wait when it must (27.7272 C restricts "voluntary"
    # deferring); add_naval_construction says when (constraints.involuntary_deferral).
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


def chart_walk(
    ship: ShipData, seasons: Sequence[int], deferring: bool
) -> Iterator[tuple[int, list[State], dict[State, list[Option]]]]:
    """Turn by turn from turn 0 to the horizon's end (turn len(seasons), `seasons` the column of each
    turn): the states the ship can be in, reached from where it starts, in chart order (`ship_states`),
    and the options open from each of them (`ship_actions`; none at the horizon's end)."""
    order = {state: i for i, state in enumerate(ship_states(ship))}
    here: set[State] = {ship.start}
    for t in range(len(seasons) + 1):
        states = sorted(here, key=order.__getitem__)
        if t == len(seasons):
            yield t, states, {}
            return
        options = {state: ship_actions(ship, state, seasons[t], t, deferring) for state in states}
        yield t, states, options
        here = {target for opened in options.values() for _, target in opened}


def action_cost(ship: ShipData, action: ChartAction | None) -> tuple[int, int]:
    """(SB, BRPs) of one action (27.7251, 27.7262, 27.7267, 27.7272); Vichy ships pay no BRPs (27.7265)."""
    sb, brps = _base_cost(ship, action)
    return sb, 0 if ship.free_brps else brps


def oil_priced_brps(ship: ShipData, action: ChartAction | None, only_construction: bool) -> int:
    """BRPs of one action that the oil threshold prices (27.35, 27.72) [reading].

    By default all of them. With `only_construction` only construction proper is: laying down
    (27.7251), continuing (27.7272 A) and the normal 3 BRPs of an accelerated step ("beyond the
    normal three BRP cost of using a shipbuilding point", 27.7272 B); starting a repair (27.7267),
    raising a ship sunk in port (27.7262) and the extra 3 or 6 BRPs of acceleration are not."""
    brps = action_cost(ship, action)[1]
    if not only_construction:
        return brps
    if action in (ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT):
        return min(brps, MOVES[ChartAction.CONTINUE][1])
    if action in (ChartAction.START_REPAIR, ChartAction.RAISE):
        return 0
    return brps


def _base_cost(ship: ShipData, action: ChartAction | None) -> tuple[int, int]:
    """(SB, BRPs) of an action at full price: moves by the 27.7272 table, a lay-down 1 SB and 3 BRPs
    (27.7251), raising (27.7262) and repairing (27.7267; cruisers free) by their costs."""
    if action is not None and action in MOVES:
        sb, brps, _, _ = MOVES[action]
        return sb, brps
    if action is ChartAction.LAY_DOWN:
        return LAY_DOWN_SB, LAY_DOWN_BRPS
    if action is ChartAction.START_REPAIR:
        return (0, 0) if ship.unit is UnitType.CRUISER else (REPAIR_SB, REPAIR_BRPS)
    if action is ChartAction.RAISE:
        return RAISE_SB, RAISE_BRPS
    return 0, 0


def describe_state(state: State) -> str:
    if isinstance(state, tuple):
        row, column = state
        return f"{'launch' if row == LAUNCH_ROW else f'row {row}'} {SEASONS[column]}"
    return state


def sw_ports(power: Power, yard_site: str, home_ports: tuple[str, ...]) -> tuple[str, ...]:
    """Where SW units paid with a yard's shipbuilding points are built (27.711, 27.721 A).

    27.711: submarines, ASW and transports are built in (A) any controlled, fully supplied port of the
    power's home country, (B) either U.S. box (the U.S. only), (C) Canada (Britain only); never in
    Australia. The text ties SW construction to places, a yard's points to its own port (27.724 A), and
    says the loss of a yard leaves the power able to build SW units in other ports (27.71); it does not
    say whose points pay. Reading: a home-country yard's points pay for SW units in any of
    `home_ports` (the power's controlled, fully supplied home-country ports, the yard's own port
    whether held or not); the Canada yard's for Britain's in Canada; a U.S. box's for those in that
    box (27.94 sends them on by where they were built); the Australia yard's for none.
    """
    country = SITE_BY_ID[yard_site].country
    if power is Power.USA:
        return (yard_site,) if country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX) else ()
    if country == Country.CANADA:
        return (yard_site,) if power is Power.BRITAIN else ()
    if country in HOME_COUNTRIES[power]:
        return home_ports
    return ()


def sw_placement(
    power: Power, yard_site: str, ports: tuple[str, ...], barred: tuple[tuple[str, str], ...] = ()
) -> str:
    """Where new submarines, ASW and transports are placed (27.93), among `ports` (27.711); `barred`,
    (port, rule), the ports 27.711 would name where 27.44 or 27.45 places no new unit this turn."""
    country = SITE_BY_ID[yard_site].country
    if country == Country.CANADA:
        where = "Canada (27.93 E)"
    elif power is Power.USA:
        where = "either U.S. box (27.93 F)"
    else:
        where = {
            Power.GERMANY: "any port in Germany (27.93 A)",
            Power.ITALY: "any port in Italy or Sicily (27.93 B)",
            Power.JAPAN: "any port in Japan (27.93 C)",
            Power.BRITAIN: "any port in Britain or Ulster (27.93 D)",
        }.get(power, f"a port of {power.value}'s home country (27.711 A)")
    if power is not Power.USA and country != Country.CANADA:
        where += f" that is controlled and fully supplied (27.711 A): {', '.join(ports)}"
    if barred:
        where += "; not at " + ", ".join(f"{port} ({rule})" for port, rule in barred)
    return where
