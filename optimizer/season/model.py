"""The CP-SAT model of a season: one turn model per turn of the horizon in one CP-SAT model, each built
by the turn model's own families (`optimizer.turn.model.DEFINITIONS`, `RULE_FAMILIES`), and what carries
from turn to turn posted between them.

What carries, each with its reading [reading]:
- BRPs (27.11): a power's BRPs at turn t+1 are what it kept at turn t (after its construction, its grants
  and route openings, 40.23, 40.521, 40.72) plus that turn's expectations: BRPs received and gains, less
  losses and spending; never below 0 (losses past what a power has take what it has).
- The force pool (27.5): the counters of an entry built in turn t are gone from turn t+1; counters
  returned and units received (14.81) come in at the start of their turn.
- Oil counters (27.35, 40.25): those a faction did not spend on construction or ship to Russia carry to
  the next turn, where that turn's new counters are added and those kept back are taken off (27.35 F:
  kept back, they are used on uninverting and exploitation). Oil counters shipped to Russia and not
  spent by it carry as Russia's.
- Routes (40.54, 40.71): Persia opened, or the Alaska highway built, in turn t carries grants from turn
  t+1 on; each is opened at most once.
- The naval chart (27.7) is planned whole in turn 0's model over its own horizon (the scenario's
  `horizon.turns`, at least the season's: `models.season.chart_horizon`), as `awaw plan` plans it. The
  naval BRPs of the chart's turn t within the season come out of season turn t's BRPs and count against
  its construction limit (27.72, 27.31); its 3-BRP steps are priced by turn t's oil threshold as this
  turn's are by this turn's (27.35: "the first 25 BRPs of builds" of the turn, naval construction among
  them, each step past the threshold at double cost), in the turn's own oil variables
  (`Variables.create(chart=...)`); and its BRPs at the Canada and Australia yards are those countries'
  shipbuilding as this turn's are (27.473, 27.475 B, 40.244: Canada's counted against the British limit
  with Canada's other construction, Australia's against Australia's 9 BRPs, 27.473 B, and payable by a
  U.S. grant to that country). The chart's turns past the season are `awaw plan`'s later turns: within
  the BRPs and limits the scenario's `horizon.future` gives them (else this turn's), charged at
  `horizon.brp_value` (`optimizer.season.objective.chart_past_season`), not priced by an oil threshold.

With `explain`, every rule of every turn and every carry between turns is guarded by a literal of its
own turn (`optimizer.season.guards`), for the explanation of an infeasible season (`optimizer.season.explain`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.route_data import Route
from models.tables import Dominion, Faction, Power
from optimizer.rules.grants.prepare import path_route
from optimizer.rules.guards import Guards
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.constraints import involuntary_deferral, restricted_scuttling
from optimizer.rules.naval.variables import NavalVariables
from optimizer.season.guards import SeasonGuards
from optimizer.season.prepare import SeasonData, oil_coming
from optimizer.turn.model import DEFINITIONS, RULE_FAMILIES
from optimizer.turn.variables import Variables

PLAIN = Guards()  # a normal solve: no literal
GuardsOf = Callable[[int], Guards]  # each turn's guards
# The rule by which a route closed at the season's start is opened (40.54 Persia, 40.71 the Alaska highway).
OPENING_RULES = {Route.PERSIA: "40.54", Route.SIBERIA: "40.71"}


@dataclass
class TurnVariables(Variables):
    """One turn's variables within a season: the turn model's, with the BRPs it starts with a flow from
    the turn before (`inflow`) and, in a later turn, its naval BRPs read off turn 0's chart."""

    index: int = 0
    inflow: dict[Power, LinearExpr] = field(default_factory=dict)
    chart: NavalVariables | None = None  # turn 0's, for a later turn's naval BRPs

    def available(self, power: Power) -> LinearExpr:
        """BRPs available for construction after this turn's grants: the flow in, in a later turn."""
        if self.index == 0:
            return super().available(power)
        return self.inflow[power] + self.grant_balance(power)

    def naval_brps(self, power: Power) -> LinearExpr:
        """This turn's naval BRPs: in a later turn, turn 0's chart's actions of this turn (27.72)."""
        if self.index > 0 and self.chart is not None:
            return self.chart.brps(power, self.index)
        return super().naval_brps(power)

    def dominion_naval(self, dominion: Dominion) -> LinearExpr:
        """This turn's shipbuilding at a Commonwealth country's yard: in a later turn, turn 0's chart's
        actions of this turn at that country's yard (27.473, 27.475 B, 40.244)."""
        if self.index > 0 and self.chart is not None:
            return self.chart.dominion_brps(dominion.value, self.index)
        return super().dominion_naval(dominion)


@dataclass
class SeasonVariables:
    """Every turn's variables, and the season's own: oil counters carried into each turn."""

    data: SeasonData
    turns: list[TurnVariables]
    oil_carried: list[dict[Faction, LinearExpr]]  # available for construction at the start of each turn
    oil_left: dict[Faction, LinearExpr]  # after the last turn
    guards: SeasonGuards | None = None  # an explanation's literals (`build_season(explain=True)`)

    def kept_at_end(self, power: Power) -> LinearExpr:
        """BRPs a power has left after the season's last turn."""
        return self.turns[-1].kept(power)

    def decisions(self) -> list[cp_model.IntVar]:
        return [var for turn in self.turns for var in turn.decisions()]


def build_season(data: SeasonData, *, explain: bool = False) -> tuple[cp_model.CpModel, SeasonVariables]:
    """The season's model: each turn's families, then what carries between turns; with `explain`, every
    rule of every turn guarded by a literal of its own (`SeasonVariables.guards`, for
    `optimizer.season.explain`), builds bounded by the guarded force pool rather than their domains."""
    model = cp_model.CpModel()
    season_guards = SeasonGuards(model) if explain else None
    turns: list[TurnVariables] = []
    for t, prepared in enumerate(data.turns):
        guards = season_guards.turn(t) if season_guards is not None else PLAIN
        chart = turns[0].naval if t > 0 else None
        # A later turn's oil threshold prices its steps on turn 0's chart (27.35, the module's readings).
        variables = TurnVariables.create(
            model, prepared, unbounded=explain, chart=None if chart is None else (chart, t)
        )
        assert isinstance(variables, TurnVariables)  # `create` makes the class it is called on
        variables.index = t
        if t > 0:
            variables.chart = chart
            variables.inflow = _inflow(model, data, turns[-1], t, guards)
        for add in (*DEFINITIONS, *RULE_FAMILIES):
            add(model, prepared, variables, guards)
        turns.append(variables)
    guards_of = season_guards.turn if season_guards is not None else (lambda t: PLAIN)
    _force_pool(model, data, turns, guards_of)
    _routes(model, data, turns, guards_of)
    carried, left = _oil(model, data, turns, guards_of)
    _restricted_deferrals(model, turns, guards_of)
    return model, SeasonVariables(data, turns, carried, left, season_guards)


def _restricted_deferrals(model: cp_model.CpModel, turns: list[TurnVariables], guards: GuardsOf) -> None:
    """27.7272 C in each later turn of the season: a power without `deferring_allowed` defers a ship in
    that turn's column only when it must, judged by that turn's BRPs and construction limit
    (`optimizer.rules.naval.constraints.involuntary_deferral`; turn 1's is posted by its own model) [reading:
    the restriction stands until the events that lift it, which the season does not foresee]. Without
    it the season would expect deferrals the next turn, planned under the restriction, may not make.
    Scuttling is "subject to the same restrictions" (27.7272 E), so in those turns that power scuttles
    no ship (`restricted_scuttling`; turn 1's chart offers none)."""
    chart = turns[0].naval
    if chart is None:
        return
    for t in range(1, min(len(turns), len(chart.naval.seasons))):
        for yard in chart.naval.yards.values():
            if not chart.naval.deferring_allowed[yard.power]:
                involuntary_deferral(model, turns[0], yard, guards(t), t, turns[t])
                restricted_scuttling(model, turns[0], yard, guards(t), t)


def _inflow(
    model: cp_model.CpModel, data: SeasonData, before: TurnVariables, t: int, guards: Guards
) -> dict[Power, LinearExpr]:
    """BRPs each power starts turn t's construction with: kept at t-1, plus that turn's gains, less its
    losses, never below 0 (losses past what the power has take what it has) [reading]; less the turn's
    expected spending (offensives, declarations of war: 27.12's chart), which the power must have: a plan
    that keeps too little for it breaks 27.12 in that turn (27.11: BRPs are spent out of the BRPs a power
    has) [reading]; then plus the BRPs it receives that turn from powers not planned, one grant that
    comes after the turn's losses and spending (40.23 B: by sea, only after interception) [reading]."""
    expected = data.expected(t)
    inflow: dict[Power, LinearExpr] = {}
    for power in data.turns[t].powers:
        mine = expected.powers.get(power)
        income = 0 if mine is None else mine.gains - mine.losses
        spending = 0 if mine is None else mine.spending
        received = 0 if mine is None else mine.brps_received
        most = data.turns[t].powers[power].brps_available
        own: LinearExpr
        if income >= 0:
            own = before.kept(power) + income
        else:
            carried = model.new_int_var(income, most, f"season_carried_{power.value}_{t}")
            model.add(carried == before.kept(power) + income)
            floored = model.new_int_var(0, most, f"season_brps_{power.value}_{t}")
            model.add_max_equality(floored, [carried, 0])
            own = floored
        if spending:
            model.add(own >= spending).only_enforce_if(
                guards.of("27.12", f"{power.value}, expected spending")
            )
        inflow[power] = own - spending + received
    return inflow


def _force_pool(
    model: cp_model.CpModel, data: SeasonData, turns: list[TurnVariables], guards: GuardsOf
) -> None:
    """27.5 over the season: an entry's counters built by turn t are at most those it had, returned and
    received by then; so a counter built in one turn is gone from the next."""
    for t in range(1, len(turns)):
        for key, entry in data.turns[t].entries.items():
            power, entry_id = entry.power, entry.entry.id
            earlier = [turns[s].builds for s in range(t + 1)]
            built = sum(
                var for builds in earlier for (slot_key, _), var in builds.counters.items() if slot_key == key
            )
            model.add(built <= data.start_count(t, power, entry_id)).only_enforce_if(
                guards(t).of("27.5", key)
            )


def _routes(model: cp_model.CpModel, data: SeasonData, turns: list[TurnVariables], guards: GuardsOf) -> None:
    """40.54, 40.71: a route closed at the season's start carries grants in turn t only if opened in an
    earlier turn of the season; it is opened once. The routes in `SeasonData.gated`'s order (`Route`'s)."""
    for route in data.gated:
        opened: list[list[cp_model.IntVar]] = []
        for t, variables in enumerate(turns):
            grants = variables.grants
            if grants is None:
                opened.append([])
                continue
            before = [var for s in range(t) for var in opened[s]]
            through = [
                var
                for (_, path), var in grants.flows.items()
                if path_route(path, grants.network.legs) is route
            ]
            through += [
                var for (_, path), var in grants.oil.items() if path_route(path, grants.network.legs) is route
            ]
            if t > 0:
                opened_first = guards(t).of(OPENING_RULES[route], route.value)
                for var in through:
                    if before:
                        most = list(model.proto.variables[var.index].domain)[-1]
                        model.add(var <= most * sum(before)).only_enforce_if(opened_first)
                    else:
                        model.add(var == 0).only_enforce_if(opened_first)
            opened.append([var for (r, _), var in grants.openings.items() if r is route])
        every = [var for group in opened for var in group]
        if len(every) > 1:
            model.add_at_most_one(every)


def _oil(
    model: cp_model.CpModel, data: SeasonData, turns: list[TurnVariables], guards: GuardsOf
) -> tuple[list[dict[Faction, LinearExpr]], dict[Faction, LinearExpr]]:
    """Oil counters carried from turn to turn (27.35, 40.25): see the module's readings."""
    factions = list(data.turns[0].oil_counters)
    carried: list[dict[Faction, LinearExpr]] = [dict(data.turns[0].oil_counters)]
    left: dict[Faction, LinearExpr] = {}
    for t, variables in enumerate(turns):
        shipped = variables.grants.oil_shipped() if variables.grants is not None else 0
        end: dict[Faction, LinearExpr] = {}
        for faction in factions:
            spent = variables.oil.counters.get(faction, 0)
            have = carried[t][faction]
            carries = guards(t).of("27.35", faction.value)
            if faction is Faction.WESTERN_ALLIES:
                if t > 0:
                    model.add(spent + shipped <= have).only_enforce_if(carries)
                end[faction] = have - spent - shipped
            elif faction is Faction.RUSSIA:
                if t > 0:
                    model.add(spent <= have + shipped).only_enforce_if(carries)
                end[faction] = have + shipped - spent
            else:
                if t > 0:
                    model.add(spent <= have).only_enforce_if(carries)
                end[faction] = have - spent
        if t + 1 < len(turns):
            following: dict[Faction, LinearExpr] = {}
            for faction in factions:
                following[faction] = (
                    end[faction]
                    + oil_coming(data.scenario, data.season, t + 1, faction)
                    + data.extra_oil.get((t + 1, faction), 0)
                )
                model.add(following[faction] >= 0)
            carried.append(following)
        else:
            left = end
    return carried, left
