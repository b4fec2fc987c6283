"""The season's turns as turn positions: one scenario per turn of the horizon, each prepared by the turn
model's own preparation (`optimizer.turn.prepare.prepare`), with what carries from turn to turn left to
the season model (`optimizer.season.model`).

Turn 0 is this turn: the scenario itself, its naval chart planned whole over the chart's own horizon (27.7:
as `awaw plan` plans it; `this_turn`), the chart's turns within the season with their naval budgets left
to the BRP flow. A later turn t is the scenario advanced t turns (season and year), with that turn's
expectations: its BRP base and limit inputs (27.32-27.34), its force pool holding at most every counter
it could have (what was there, what comes back, what arrives: 27.5, 14.81), its oil counters at most all
the season's (27.35), the routes that may have been opened earlier marked open (40.54, 40.71: the season
model lets them be used only after the turn they are opened), and the Murmansk convoys one turn further
on (40.411). What each later turn really has (BRPs, counters, oil counters) is a flow in the model.

Readings written here [reading]:
- the player's requirements (minimum builds, BRPs kept, BRPs delivered, `avoid_oil_effect`) are this
  turn's: later turns carry none;
- a later turn has no fixed spending, grants made or received of its own but its expectations
  (`spending`, `brps_received`); its BRPs received from powers not planned are one grant received that
  turn, which raises its construction limit by a third of them, rounded down (27.34, 40.23 B);
- 27.13 A's doubled price is for units eliminated this turn: in a later turn an entry's counters are
  rebuilt at normal cost;
- a later turn's construction limit inputs are its expectations', or none: this turn's losses reduce
  this turn's limit (27.33); but Swedish iron ore cut off stays cut off until an expectation's inputs
  say otherwise (27.332: "negated if iron ore shipments are restored", a standing condition);
- a key economic area bombed in the turn of its capture has that bombing off its value in that turn
  only (27.335: "bombed in the turn in which it is captured"): later turns deduct its whole value;
- the map (supply, sites, stacking) is this turn's in every turn of the season, but a site recaptured
  or taken this turn is held at the start of the later turns and may be built on then (27.45: "until
  the player turn following their recapture").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from models.grant_state import GrantsState
from models.map_data import SITE_BY_ID
from models.map_state import MapState
from models.naval import FutureTurn, Horizon
from models.powers import ConstructionLimitInputs, Elimination, ForcePoolEntry, PowerState
from models.quantities import MAX_BRPS, MAX_COUNTERS
from models.route_data import Route
from models.scenario import Objective, Scenario
from models.season import SeasonSection, TurnExpectation, chart_horizon, turn_after
from models.tables import LIMIT_DIVISOR, Dominion, Faction, Power
from optimizer.rules.grants.prepare import MAX_OIL_SHIPPED, route_openings
from optimizer.rules.limits.prepare import LimitLine, dominion_limit
from optimizer.turn.prepare import Prepared, Relaxation, more_limit, prepare

# A bound no turn's BRPs reach, for the later turns' naval budgets that the BRP flow replaces (27.11, 27.31).
NO_BUDGET = MAX_BRPS


@dataclass
class SeasonData:
    """The season's turns, each a turn position prepared by the turn model, and what the season adds."""

    scenario: Scenario  # as the player gave it
    season: SeasonSection
    turns: list[Prepared]
    # Routes closed at the season's start that a turn's plan may use only once opened in an earlier turn
    # of the season (40.54, 40.71): Persia, the Alaska highway. In `Route`'s order, so that the model's
    # constraints over them are posted in one order whatever Python's string hashing (a set's order moved
    # from one process to the next, and with it, among equal plans, the plan).
    gated: tuple[Route, ...] = ()
    # What-ifs (`--why`): oil counters more from a later turn on, added to what that turn carries.
    extra_oil: dict[tuple[int, Faction], int] = field(default_factory=dict)

    @property
    def length(self) -> int:
        return len(self.turns)

    def expected(self, t: int) -> TurnExpectation:
        return self.season.expected(t)

    def start_count(self, t: int, power: Power, entry_id: str) -> int:
        """Counters of an entry the force pool has at most by turn t: those of this turn, those returned
        and those received by then (27.5, 14.81)."""
        count = next((e.count for e in self.scenario.powers[power].force_pool if e.id == entry_id), 0)
        return count + sum(self.added(s, power, entry_id) for s in range(1, t + 1))

    def added(self, t: int, power: Power, entry_id: str) -> int:
        """Counters of an entry that come into the force pool at the start of turn t (t >= 1)."""
        expected = self.expected(t).powers.get(power)
        if expected is None:
            return 0
        received = sum(e.count for e in expected.received if e.id == entry_id)
        return received + expected.returned.get(entry_id, 0)


def oil_coming(data_scenario: Scenario, season: SeasonSection, t: int, faction: Faction) -> int:
    """Oil counters that come in at the start of turn t, less those kept back then (27.35 F)."""
    expected = season.expected(t)
    return data_scenario.per_faction(expected.oil_counters, faction) - data_scenario.per_faction(
        expected.oil_reserved, faction
    )


def this_turn(scenario: Scenario, season: SeasonSection, length: int) -> Scenario:
    """Turn 0: the scenario with the naval chart's own horizon (`models.season.chart_horizon`: the
    scenario's `horizon.turns`, at least the season's), its turns within the season with their naval
    budgets left to the BRP flow (27.11, 27.31), its turns past the season with the budgets the scenario
    gives them (`horizon.future`, else this turn's BRPs and limits, as `awaw plan` reads them), every turn
    weighted by `season.discount`. No BRP value is charged here: a season turn's naval BRPs are paid out
    of the flow, whose leftover is valued, and those past the season are charged at `horizon.brp_value` by
    the season's objective (`optimizer.season.objective.chart_past_season`). One turn: the turn position
    itself, the scenario with its leftover as the turn's value of the BRPs kept
    (`Scenario.one_turn_position`)."""
    if length == 1:
        return scenario.one_turn_position()
    own = scenario.horizon
    horizon = Horizon(
        turns=chart_horizon(own, length),
        discount=season.discount,
        future=[
            FutureTurn(
                brps=dict.fromkeys(scenario.powers, NO_BUDGET),
                limits=dict.fromkeys(scenario.powers, NO_BUDGET),
            )
            for _ in range(length - 1)
        ]
        + own.future[length - 1 :],
        brp_value=0.0,
    )
    return scenario.model_copy(update={"horizon": horizon, "objective": _valued_at_end(scenario.objective)})


def _valued_at_end(objective: Objective) -> Objective:
    """The objective of a turn of a longer season: BRPs and oil counters kept are valued once, at the
    season's end (`optimizer.season.objective`), not in each turn they are carried through."""
    return objective.model_copy(
        update={"unspent_brp_value": 0.0, "unspent_brp_growth": None, "oil_counter_value": 0.0}
    )


def later_turn(scenario: Scenario, season: SeasonSection, t: int, brps_most: int) -> Scenario:
    """Turn t of the season (t >= 1) as a turn scenario: see the module's readings."""
    powers: dict[Power, PowerState] = {}
    for power, state in scenario.powers.items():
        pool = []
        ids = {e.id for e in state.force_pool}
        for entry in state.force_pool:
            pool.append(_most(scenario, season, t, power, entry))
        for s in range(1, t + 1):
            then = season.expected(s).powers.get(power)
            for entry in [] if then is None else then.received:
                if entry.id not in ids:
                    ids.add(entry.id)
                    pool.append(_most(scenario, season, t, power, entry))
        powers[power] = state.model_copy(
            update={
                "brps": brps_most,
                "brp_base": base_at(scenario, season, t, power),
                "limit_modifiers": _limit_inputs(scenario, season, t, power),
                "enemy_held_keas": [
                    kea.model_copy(update={"bombed_this_turn": 0}) for kea in state.enemy_held_keas
                ],
                "dominion_limit_modifiers": {},
                "grants_made": [],
                "grants_received": [],
                "fixed_spending": [],
                "force_pool": pool,
                "naval": None,
            }
        )
    oil = {
        faction: min(
            MAX_COUNTERS,
            scenario.oil_available(faction)
            + sum(max(0, oil_coming(scenario, season, s, faction)) for s in range(1, t + 1))
            + (t * MAX_OIL_SHIPPED if faction is Faction.RUSSIA else 0),
        )
        for faction in scenario.factions()
    }
    objective = _valued_at_end(scenario.objective).model_copy(
        update={"minimum": [], "reserve": {}, "deliver": {}, "avoid_oil_effect": False}
    )
    return scenario.model_copy(
        update={
            "turn": turn_after(scenario.turn, t),
            "powers": powers,
            "map": _map_later(scenario.map),
            "oil_counters": oil,
            "oil_reserved": 0,
            "grants": _grants_later(scenario.grants, t),
            "horizon": Horizon(),
            "objective": objective,
            "sw": None,
            "mobilization": None,
            "season": None,
        }
    )


def _limit_inputs(scenario: Scenario, season: SeasonSection, t: int, power: Power) -> ConstructionLimitInputs:
    """Turn t's construction limit inputs (27.33-27.341): its expectation's, else none but Swedish iron ore
    still cut off when it was in the turn before (27.332), as the latest inputs given by then say."""
    mine = season.expected(t).powers.get(power)
    if mine is not None and mine.limit_modifiers is not None:
        return mine.limit_modifiers
    cut = scenario.powers[power].limit_modifiers.iron_ore_cut
    for s in range(1, t):
        then = season.expected(s).powers.get(power)
        if then is not None and then.limit_modifiers is not None:
            cut = then.limit_modifiers.iron_ore_cut
    return ConstructionLimitInputs(iron_ore_cut=cut)


def _map_later(state: MapState) -> MapState:
    """The map in a later turn: this turn's, with every site held at the start of the player turn and
    none recaptured in it (27.45)."""
    sites = {
        name: site.model_copy(update={"controlled_at_turn_start": True, "recaptured_this_turn": False})
        for name, site in state.sites.items()
    }
    return state.model_copy(update={"sites": sites})


def _most(
    scenario: Scenario, season: SeasonSection, t: int, power: Power, entry: ForcePoolEntry
) -> ForcePoolEntry:
    """The entry as turn t's force pool may hold it at most; rebuilt at normal cost (27.13 A reading)."""
    count = SeasonData(scenario, season, []).start_count(t, power, entry.id)
    return entry.model_copy(
        update={"count": min(MAX_COUNTERS, count), "eliminated_this_turn": Elimination.NONE}
    )


def _grants_later(grants: GrantsState | None, t: int) -> GrantsState | None:
    """Rule 40's state t turns on: the Murmansk convoys' turn count advanced (40.411); Persia and the
    Alaska highway marked opened, so that the season model may let them carry grants once opened in an
    earlier turn of the season (40.54, 40.71)."""
    closed = _closed(grants, t)
    if closed is None:
        return None
    return closed.model_copy(
        update={
            "persia": closed.persia.model_copy(update={"opened": True}),
            "siberia": closed.siberia.model_copy(update={"highway_built": True}),
        }
    )


def base_at(scenario: Scenario, season: SeasonSection, t: int, power: Power) -> int:
    """The BRP base in turn t (27.32 A): the latest one an expectation gives by then (a year-start
    sequence's base stays until the next), else this turn's."""
    base = scenario.powers[power].brp_base
    for s in range(1, t + 1):
        mine = season.expected(s).powers.get(power)
        if mine is not None and mine.brp_base is not None:
            base = mine.brp_base
    return base


def brps_bound(scenario: Scenario, season: SeasonSection, t: int) -> int:
    """A bound on any planned power's BRPs in turn t: every planned power's BRPs now, with every BRP
    expected to come in by then (grants move BRPs between them, never more)."""
    total = sum(state.brps + sum(g.brps for g in state.grants_received) for state in scenario.powers.values())
    for s in range(1, t + 1):
        for expected in season.expected(s).powers.values():
            total += expected.brps_received + expected.gains
    return min(MAX_BRPS, total)


def season_scenarios(scenario: Scenario) -> list[Scenario]:
    """Each turn of the season as the turn scenario the season model prepares (later turns with bounds
    where the model carries a flow): for headings and rule 40's route names in the tables."""
    season = scenario.season
    assert season is not None
    length = season.length(scenario.turn)
    return [this_turn(scenario, season, length)] + [
        later_turn(scenario, season, t, brps_bound(scenario, season, t)) for t in range(1, length)
    ]


def prepare_season(scenario: Scenario, relax: dict[int, Relaxation] | None = None) -> SeasonData:
    """Every turn of the season prepared as a turn position; with `relax`, a what-if with more of some
    resources in some turns (`awaw season --why`): construction limit points, and oil counters (carried
    from that turn on, `SeasonData.extra_oil`)."""
    season = scenario.season
    assert season is not None
    relax = relax or {}
    length = season.length(scenario.turn)
    turns = [prepare(this_turn(scenario, season, length), relax.get(0))]
    for t in range(1, length):
        later = later_turn(scenario, season, t, brps_bound(scenario, season, t))
        more = relax.get(t)
        prepared = prepare(later, None if more is None else replace(more, oil_counters={}))
        if prepared.network is not None:
            # Who may open a route this turn is read with the routes as the season found them (40.521, 40.72).
            closed = route_openings(later.model_copy(update={"grants": _closed(scenario.grants, t)}))
            prepared = replace(prepared, network=replace(prepared.network, openings=closed))
        turns.append(_received(season.expected(t), _dominion_yards(scenario, later, prepared)))
    gated: list[Route] = []
    if scenario.grants is not None:
        if not scenario.grants.persia.opened:
            gated.append(Route.PERSIA)
        if not scenario.grants.siberia.highway_built:
            gated.append(Route.SIBERIA)
    extra_oil = {
        (t, faction): n for t, more in relax.items() if t > 0 for faction, n in more.oil_counters.items()
    }
    return SeasonData(scenario, season, turns, tuple(sorted(gated, key=list(Route).index)), extra_oil)


def _received(expected: TurnExpectation, prepared: Prepared) -> Prepared:
    """A later turn's construction limits with the BRPs each power expects to receive that turn from powers
    not planned, read as one grant: a third of them, rounded down, more (27.34: "in the turn the grant is
    received", after the reductions; 40.23 B)."""
    powers = dict(prepared.powers)
    for power, mine in expected.powers.items():
        gain = mine.brps_received // LIMIT_DIVISOR
        if power in powers and gain:
            why = LimitLine("27.34", f"{mine.brps_received} BRPs received from powers not planned, / 3", gain)
            powers[power] = more_limit(powers[power], gain, why)
    return replace(prepared, powers=powers)


def _dominion_yards(scenario: Scenario, later: Scenario, prepared: Prepared) -> Prepared:
    """A later turn's dominion limits with the shipbuilding turn 0's chart does there that turn: a
    British yard in Australia makes its ships count against Australia's limit (27.473 B), as this turn's
    do (`optimizer.turn.prepare`), though the later turn's scenario has no chart of its own."""
    britain = scenario.powers.get(Power.BRITAIN)
    if britain is None or britain.naval is None:
        return prepared
    limits = dict(prepared.dominion_limits)
    for dominion in (Dominion.AUSTRALIA, Dominion.INDIA):
        own = dominion_limit(later, dominion)
        ships = any(SITE_BY_ID[y.id].country == dominion.value for y in britain.naval.shipyards)
        if own is not None and ships and dominion not in limits:
            limits[dominion] = own.limit
    if limits == prepared.dominion_limits:
        return prepared
    return replace(prepared, dominion_limits=limits)


def _closed(grants: GrantsState | None, t: int) -> GrantsState | None:
    """Rule 40's state t turns on with the routes as the season found them (not opened): the Murmansk
    convoys' turn count advanced (40.411)."""
    if grants is None:
        return None
    war = grants.germany_russia_war_turns
    return grants.model_copy(update={"germany_russia_war_turns": war + t if war > 0 else 0})
