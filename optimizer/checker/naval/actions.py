"""One ship and one chart action on the Naval Construction Chart: yards, states, costs, where the action
takes the ship and why it may not (27.712-27.7274), read from the README's "How rule 27.7 is read"."""

from __future__ import annotations

from dataclasses import dataclass

from models.map_data import SITE_BY_ID, Country
from models.naval import NavalState, ShipDesign, Shipyard
from models.naval_tables import (
    ACCELERATE_MIN_FACTORS,
    CAPTURED_CAPACITY,
    CAPTURED_RATE,
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
    SHIPYARD_RATES,
    SUNK,
    US_BOX_CAPACITY,
    US_BOX_CAPACITY_RATE,
    WAITING,
    ChartAction,
    ShipState,
)
from models.scenario import Scenario
from models.settings import Settings
from models.tables import Power, UnitType
from optimizer.checker.sites import US_ATLANTIC_BOX, US_PACIFIC_BOX

US_BOXES: frozenset[str] = frozenset({US_ATLANTIC_BOX, US_PACIFIC_BOX})


CHART_MOVES = (ChartAction.CONTINUE, ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT)


ACCELERATIONS = (ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT)


# Columns a move of 27.7272 A-C shifts the ship by (rows: one down for the first three).
COLUMN_SHIFTS: dict[ChartAction, int] = {
    ChartAction.CONTINUE: 0,  # A: the same column
    ChartAction.ACCELERATE: -1,  # B: one column to the left
    ChartAction.ACCELERATE_KNIGHT: 2,  # B: two columns over, either way
    ChartAction.DEFER: 1,  # C: one column to the right, winter to spring
}


NAVAL_ACTION_RULES: dict[ChartAction, str] = {
    ChartAction.LAY_DOWN: "27.7251",
    ChartAction.START_REPAIR: "27.7267",
    ChartAction.RAISE: "27.7262",
}


@dataclass(frozen=True)
class YardInfo:
    """A shipyard's rate (27.724 A, 27.731; a captured yard 1, 27.713) and capacity (27.741, 27.743, 27.713)."""

    power: Power
    site: str
    rate: int
    capacity: int
    capacity_rule: str
    captured: bool
    builds: bool = True  # 27.712 A: controlled and fully supplied (`standing.yard_standing`)
    repairs: bool = True  # 27.7264
    lost: bool = False  # 27.71: held by an opposing faction
    raises: bool = True  # 27.7263: controlled by its power, supplied or not
    # 27.44, 27.45: why no new ship is laid down there this turn (`standing.yard_standing`)
    lay_down_placement: tuple[tuple[str, str], ...] = ()

    @property
    def one_factor_points(self) -> int:
        """27.7221 A: at most half the rate, rounded up, on one-factor units."""
        return (self.rate + 1) // 2


def shipyard_info(power: Power, yard: Shipyard) -> YardInfo:
    """The yard's rate: the scenario's, else 27.731's; a captured yard 1 (27.713). Its capacity:
    twice the rate (27.741), 10 for a U.S. box until its rate passes 5 (27.743), 2 captured (27.713)."""
    if yard.captured:
        return YardInfo(power, yard.id, CAPTURED_RATE, CAPTURED_CAPACITY, "27.713", True)
    rate = yard.rate if yard.rate is not None else SHIPYARD_RATES.get(power, {}).get(yard.id, 0)
    if yard.id in US_BOXES and rate <= US_BOX_CAPACITY_RATE:
        return YardInfo(power, yard.id, rate, US_BOX_CAPACITY, "27.743", False)
    return YardInfo(power, yard.id, rate, 2 * rate, "27.741", False)


def turn_column(scenario: Scenario, turn: int) -> int:
    """The chart column of turn `turn` of the horizon: the scenario's season, one column a turn."""
    return (SEASONS.index(scenario.turn.season.value) + turn) % COLUMNS


def describe_ship_state(state: ShipState) -> str:
    """'row 3 spring', 'launch fall', or 'new', 'waiting', 'launched', 'scuttled' (the plan's wording)."""
    if isinstance(state, tuple):
        row, column = state
        return f"{'launch' if row == LAUNCH_ROW else f'row {row}'} {SEASONS[column]}"
    return state


def design_copy(naval: NavalState, name: str) -> ShipDesign | None:
    """The design of a new ship named '<design id>#<n>', 1 <= n <= the design's count, or None."""
    design_id, sep, number = name.rpartition("#")
    if not sep or not (number.isascii() and number.isdigit()) or str(int(number)) != number:
        return None
    design = next((d for d in naval.designs if d.id == design_id), None)
    if design is None or not 1 <= int(number) <= design.count:
        return None
    return design


def naval_action_cost(unit: UnitType, action: ChartAction, free_brps: bool = False) -> tuple[int, int]:
    """(SB, BRPs) of one action: continue 1 + 3, accelerate 1 + 6 or 1 + 9, defer free (27.7272 A-C);
    a lay-down 1 + 3 whatever the ship (27.7251); a repair 1 + 3 for a named ship, free for a cruiser
    (27.7267); raising a ship sunk in port 1 + 3 (27.7262); launching and scuttling free (27.7272 D,
    E). With `free_brps` (a Vichy ship before Vichy France associates or activates, 27.7265) the
    BRPs are 0 and the SB stay."""
    sb, brps = 0, 0
    if action in MOVES:
        sb, brps, _, _ = MOVES[action]
    elif action is ChartAction.LAY_DOWN:
        sb, brps = LAY_DOWN_SB, LAY_DOWN_BRPS
    elif action is ChartAction.START_REPAIR:
        sb, brps = (0, 0) if unit is UnitType.CRUISER else (REPAIR_SB, REPAIR_BRPS)
    elif action is ChartAction.RAISE:
        sb, brps = RAISE_SB, RAISE_BRPS
    return sb, 0 if free_brps else brps


def oil_exempt_brps(action: ChartAction, brps: int) -> int:
    """Of an action's BRPs, those that are not construction proper (27.35 with 27.72) under the
    setting naval_oil_only_construction: all of a repair (27.7267) or of raising a ship (27.7262),
    and of an accelerated step what is paid "beyond the normal three BRP cost of using a
    shipbuilding point" (27.7272 B); laying down and continuing are construction."""
    if action in (ChartAction.START_REPAIR, ChartAction.RAISE):
        return brps
    if action in (ChartAction.ACCELERATE, ChartAction.ACCELERATE_KNIGHT):
        return max(0, brps - MOVES[ChartAction.CONTINUE][1])
    return 0


@dataclass
class TrackedShip:
    """A ship followed through the replay: on a chart, waiting for repair, sunk in port, or a design
    copy not yet laid down.

    `power` is the chart's (the yard's) power; `owner` the ship's owning power when the scenario
    names another (27.7264) or, for a British CVE, Britain (27.7223 B); `minor` a minor country's
    ship (27.7266 C); `payer` who pays the BRPs of its actions (27.7264); `free_brps` a Vichy ship
    before Vichy France associates or activates (27.7265); `raised_turn` the turn it was raised
    from the bottom of a port (27.7262).
    """

    power: Power
    yard: str
    name: str
    unit: UnitType
    factors: int
    state: ShipState
    design: ShipDesign | None = None
    damaged_this_turn: bool = False
    owner: Power | None = None
    minor: bool = False
    payer: Power | None = None
    free_brps: bool = False
    raised_turn: int | None = None

    @property
    def owned_by(self) -> Power:
        """The power whose ship it is: its owner, else the yard's power (a minor's ship included)."""
        return self.owner if self.owner is not None else self.power

    @property
    def paid_by(self) -> Power:
        return self.payer if self.payer is not None else self.power

    @property
    def british_cve(self) -> bool:
        """27.7223 B: a CVE the U.S. builds for Britain."""
        return self.design is not None and self.design.for_britain


def naval_action_result(ship: TrackedShip, action: ChartAction, column: int) -> ShipState | None:
    """Where `action` in a turn of column `column` takes the ship (README, "How rule 27.7 is read"),
    or None when the action does not apply to the ship's state (which then stays as it is).

    Lay-down (27.7251): a named ship to the row of its factors in this column, a cruiser to row 2
    two columns on, a destroyer or CVE to the Launch row of the next column. Raise (27.7262): a
    ship sunk in port to the Waiting for Repair box of its yard. Repair (27.7267): a
    named ship to the Launch row two columns on, a cruiser to that of the next column. Moves
    (27.7272 A-C): one row down in the same column, one column left, or two columns over; a
    deferral one column right. A ship moved into the Launch row by a move is launched in that
    phase [reading].
    """
    state = ship.state
    if action is ChartAction.LAY_DOWN:
        if state != NEW:
            return None
        if ship.unit in NAMED_UNITS:
            return ship.factors, column
        if ship.unit is UnitType.CRUISER:
            return 2, (column + 2) % COLUMNS
        return LAUNCH_ROW, (column + 1) % COLUMNS
    if action is ChartAction.RAISE:
        return WAITING if state == SUNK else None
    if action is ChartAction.START_REPAIR:
        if state != WAITING:
            return None
        turns = 1 if ship.unit is UnitType.CRUISER else 2
        return LAUNCH_ROW, (column + turns) % COLUMNS
    if not isinstance(state, tuple):
        return None
    row, col = state
    if action is ChartAction.SCUTTLE:
        return SCUTTLED
    if action is ChartAction.LAUNCH:
        return LAUNCHED
    if action is ChartAction.DEFER:
        return row, (col + COLUMN_SHIFTS[action]) % COLUMNS
    if row - 1 <= LAUNCH_ROW:
        return LAUNCHED
    return row - 1, (col + COLUMN_SHIFTS[action]) % COLUMNS


def dominion_yard_breach(site: str, unit: UnitType, factors: int) -> str | None:
    """Why the Canada or Australia yard may not lay down this ship (27.712 C: British destroyers,
    cruisers and two-factor named ships in Canada; D: Australian destroyers and cruisers), or None."""
    country = SITE_BY_ID[site].country if site in SITE_BY_ID else None
    small = unit in (UnitType.DESTROYER, UnitType.CRUISER)
    if country == Country.CANADA and not (small or (unit in NAMED_UNITS and factors == 2)):
        return f"Canada builds destroyers, cruisers and two-factor named ships, not a {factors}-factor {unit.value}"
    if country == Country.AUSTRALIA and not small:
        return f"Australia builds destroyers and cruisers, not a {factors}-factor {unit.value}"
    return None


def lay_down_breaches(ship: TrackedShip, yard: YardInfo, turn: int = 0) -> list[tuple[str, str]]:
    """Laying down (27.7251, 27.713, 27.712): only a new ship, not at a captured yard (27.713), nor at
    a yard that is not a controlled, fully supplied port (27.712 A) or is held by the enemy (27.71), nor
    (with the setting naval_lay_downs_obey_placement_limits) in an enemy ZoC (27.44, the map holding
    for every turn of the horizon) nor, in `turn` 0, at a yard not held since the start of the player
    turn or recaptured this turn (27.45: "until the player turn following their recapture"; later
    turns begin with the yard held) (`yard.lay_down_placement`), at
    one of its design's yards (27.712), at the Canada yard only destroyers, cruisers and two-factor
    named ships, at the Australia yard only destroyers and cruisers (27.712 C, D)."""
    if ship.state != NEW:
        return [("27.7251", f"only a new ship is laid down; this one is {describe_ship_state(ship.state)}")]
    breaches = []
    if yard.captured:
        breaches.append(("27.713", "a captured shipyard only repairs ships, it builds none"))
    if yard.lost:
        breaches.append(("27.71", f"{yard.site} is held by an opposing faction"))
    elif not yard.builds:
        breaches.append(("27.712 A", f"{yard.site} is not a controlled, fully supplied port"))
    breaches.extend(b for b in yard.lay_down_placement if turn == 0 or b[0] == "27.44")
    breach = dominion_yard_breach(yard.site, ship.unit, ship.factors)
    if breach is not None:
        breaches.append(("27.712", breach))
    design = ship.design
    if design is not None and design.yards is not None and yard.site not in design.yards:
        breaches.append(("27.712", f"design '{design.id}' is laid down only at {', '.join(design.yards)}"))
    return breaches


def raise_breaches(ship: TrackedShip) -> list[tuple[str, str]]:
    """Raising (27.7262): only a ship sunk in port."""
    if ship.state != SUNK:
        return [
            ("27.7262", f"only a ship sunk in port is raised; this one is {describe_ship_state(ship.state)}")
        ]
    return []


def repair_breaches(ship: TrackedShip, turn: int) -> list[tuple[str, str]]:
    """Starting repairs (27.7267): only from the Waiting for Repair box, not in the turn the ship
    was raised (27.7262) nor in the turn it was damaged (27.7266 A)."""
    if ship.state != WAITING:
        return [
            (
                "27.7267",
                f"repairs start from the Waiting for Repair box; the ship is {describe_ship_state(ship.state)}",
            )
        ]
    if ship.raised_turn == turn:
        return [("27.7262", "repairs may not start in the player turn the ship is raised")]
    if turn == 0 and ship.damaged_this_turn:
        return [("27.7266 A", "repairs may not start in the player turn the ship was damaged")]
    return []


def scuttle_breaches(
    ship: TrackedShip, col: int, column: int, turn: int, settings: Settings
) -> list[tuple[str, str]]:
    """Scuttling a ship in column `col` (27.7272 E): "EXCEPTION: France may never scuttle ships"
    [reading]: the power that scuttles is the one whose chart holds the ship, the player acting on it
    (27.7272: "each naval unit which appears ... on each of his Naval Construction Charts"), so France
    scuttles nothing on its charts, a minor country's or an ally's ship included, while an ally may
    scuttle a French ship on its own chart; with the setting `french_ships_never_scuttled` a French
    ship is not scuttled in an ally's yard either. In later turns of the horizon only ships of the turn's column [reading].
    "Scuttling is subject to the same restrictions as deferring naval construction": without
    `deferring_allowed` the replay records the scuttle, judged for its turn as deferrals are
    (`check_restricted_scuttles`)."""
    breaches = []
    if ship.power is Power.FRANCE:
        breaches.append(("27.7272 E", "France may never scuttle ships: this one is on a French chart"))
    elif settings.french_ships_never_scuttled and ship.owned_by is Power.FRANCE:
        breaches.append(
            (
                "27.7272 E",
                "France may never scuttle ships, read with french_ships_never_scuttled as no French ship "
                f"scuttled: this French ship is on {ship.power.value}'s {ship.yard} chart",
            )
        )
    if turn > 0 and col != column:
        breaches.append(
            (
                "27.7272 E",
                f"in later turns of the horizon only ships of the turn's {SEASONS[column]} column are "
                f"scuttled, not one in the {SEASONS[col]} column [reading]",
            )
        )
    return breaches


def chart_breaches(
    ship: TrackedShip, action: ChartAction, row: int, col: int, column: int
) -> list[tuple[str, str]]:
    """Launching, moving or deferring a ship at (`row`, `col`) (27.7272, 27.7273): only in this
    turn's column (27.7272); launched only from the Launch row (27.7272 D), moved only from rows
    2-5 (27.7272 A); destroyers and CVEs launched automatically (27.7273, 27.7274); accelerated
    only with 3-5 factors, named (27.7272 B). Deferring is open; this turn without
    `deferring_allowed` it must be involuntary, which `check_restricted_deferrals` judges once the
    turn's points and money are known (27.7272 C) [reading]."""
    breaches = []
    if col != column:
        breaches.append(
            (
                "27.7272",
                f"it is in the {SEASONS[col]} column, not this turn's {SEASONS[column]} column "
                "(ships in other columns are ignored unless scuttled)",
            )
        )
    if action is ChartAction.LAUNCH and row != LAUNCH_ROW:
        breaches.append(("27.7272 D", f"ships are launched from the Launch row, not row {row}"))
    if action in CHART_MOVES and row == LAUNCH_ROW:
        breaches.append(("27.7272", "a ship in the Launch row launches, defers or is scuttled"))
    automatic = ship.unit in (UnitType.DESTROYER, UnitType.ESCORT_CARRIER)
    if row == LAUNCH_ROW and automatic and action is not ChartAction.LAUNCH:
        breaches.append(
            ("27.7273", "destroyers and CVEs are launched automatically after one turn (27.7274)")
        )
    if action in ACCELERATIONS and not (ship.unit in NAMED_UNITS and ship.factors >= ACCELERATE_MIN_FACTORS):
        breaches.append(
            (
                "27.7272 B",
                f"only three-, four- and five-factor ships are accelerated, not a {ship.factors}-factor {ship.unit.value}",
            )
        )
    return breaches


def naval_action_breaches(
    ship: TrackedShip, action: ChartAction, column: int, turn: int, settings: Settings, yard: YardInfo
) -> list[tuple[str, str]]:
    """Why the action is not open to the ship this turn (rule, reason); empty if it is.

    A launched or scuttled ship takes no action (27.7272). A new ship is only laid down
    (`lay_down_breaches`, 27.7251, 27.712, 27.713); at a yard as it stands (`standing_breaches`,
    27.712 A, 27.7264); a ship sunk in port is only raised
    (`raise_breaches`, 27.7262); a waiting ship only starts repairs (`repair_breaches`, 27.7267,
    27.7266 A). A ship on the chart is scuttled (`scuttle_breaches`, 27.7272 E), or launched,
    moved or deferred (`chart_breaches`, 27.7272, 27.7273).
    """
    state = ship.state
    if state in (LAUNCHED, SCUTTLED):
        return [("27.7272", f"the ship is already {state}")]
    if action is ChartAction.LAY_DOWN:
        return lay_down_breaches(ship, yard, turn)
    return standing_breaches(ship, action, yard) + state_breaches(ship, action, column, turn, settings)


def standing_breaches(ship: TrackedShip, action: ChartAction, yard: YardInfo) -> list[tuple[str, str]]:
    """A yard that is not a controlled, fully supplied port spends no shipbuilding point on its chart
    (27.712 A: where ships "may be constructed"). Repairs are not construction: 27.7264 says where
    "Ships may be repaired", "any fully supplied port ... controlled by the owner's alliance faction",
    and 27.713 lets an enemy yard repair "if the hex containing the shipyard is controlled by the
    alliance faction wishing to use it", so starting a repair is judged by that test alone, at a yard
    an ally holds too. The point that raises a ship sunk in port comes from a yard its power
    controls, supplied or not (27.7263)."""
    breaches = []
    if action is ChartAction.RAISE:
        if not yard.raises:
            breaches.append(("27.7263", f"{yard.site} is not controlled by its power: it raises no ship"))
        return breaches
    if action is ChartAction.START_REPAIR:
        if not yard.repairs:
            if yard.site in US_BOXES:
                reason = f"{yard.site} repairs only while the U.S. is at war with Germany or Japan"
            else:
                reason = f"{yard.site} is not a fully supplied port held by the owner's faction"
            breaches.append(("27.7264", reason))
        return breaches
    if not yard.builds and naval_action_cost(ship.unit, action)[0] > 0:
        breaches.append(
            ("27.712 A", f"{yard.site} is not a controlled, fully supplied port: it spends no point")
        )
    return breaches


def state_breaches(
    ship: TrackedShip, action: ChartAction, column: int, turn: int, settings: Settings
) -> list[tuple[str, str]]:
    """Why the action (not a lay-down) is not open to the ship in its state (see `naval_action_breaches`)."""
    state = ship.state
    if action is ChartAction.RAISE:
        return raise_breaches(ship)
    if state == SUNK:
        return [("27.7262", "the ship is sunk in port: it is raised first, and repaired from a later turn")]
    if action is ChartAction.START_REPAIR:
        return repair_breaches(ship, turn)
    if not isinstance(state, tuple):
        return [("27.7272", f"the ship is {state}, not on the chart")]
    row, col = state
    if action is ChartAction.SCUTTLE:
        return scuttle_breaches(ship, col, column, turn, settings)
    return chart_breaches(ship, action, row, col, column)
