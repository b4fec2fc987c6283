"""The state of every ship in every turn of the horizon, the chart actions taken, SW units built,
and the U.S. share of lend-lease transports (27.7, 27.7322)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.map_data import SITE_BY_ID
from models.naval_tables import LAY_DOWN_BRPS, MOVES, NAVAL_STEP_BRPS, SW_BRPS_PER_FACTOR, ChartAction, move
from models.tables import Power
from optimizer.rules.limits.variables import LIMIT_RANGE
from optimizer.rules.linear import LinearExpr
from optimizer.rules.naval.chart import (
    Option,
    ShipData,
    State,
    action_cost,
    chart_walk,
    oil_priced_brps,
)
from optimizer.rules.naval.prepare import NavalData

# The domain of every literal of the charts, made once (`new_int_var_from_domain`): `CpModel.new_bool_var`
# makes a new one per variable, which was a third of its cost over the ~2,800 literals of a naval tail
# position.
BOOLEAN = cp_model.Domain(0, 1)

ShipTurnState = tuple[str, int, State]  # (ship key, turn, state)
ActionKey = tuple[str, int, State, ChartAction]  # (ship key, turn, state before, action)


@dataclass
class NavalVariables:
    naval: NavalData
    state: dict[ShipTurnState, cp_model.IntVar] = field(default_factory=dict)
    act: dict[ActionKey, cp_model.IntVar] = field(default_factory=dict)
    options: dict[ShipTurnState, list[Option]] = field(default_factory=dict)  # per turn of the horizon
    # The states a ship can be in at each turn, 0 to the horizon's end, reached from where it starts:
    # only these have variables (a ship's state in turn 0 is known, and it moves one step a turn).
    reachable: dict[tuple[str, int], list[State]] = field(default_factory=dict)
    sw: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)  # (build, yard) -> factors
    us_paid: cp_model.IntVar | None = None  # 27.7322: BRPs the U.S. pays for lend-lease transports
    japan_rebuilt: cp_model.IntVar | None = None  # 27.7322 C: transports sunk by Japan rebuilt
    # Setting lend_lease_as_grant: floor(us_paid / 3), the limit the grant moves (27.334, 27.34), and
    # the U.S. limit after its reductions with it, not below 0 (27.32 B).
    lend_grant_third: cp_model.IntVar | None = None
    us_limit_floored: cp_model.IntVar | None = None
    # actions() by (turn, yard, power) and launches(), built once the actions exist
    _index: dict[tuple[int, str | None, Power | None], list] = field(default_factory=dict, repr=False)
    _launches: list[tuple[ShipData, int, cp_model.IntVar]] | None = field(default=None, repr=False)
    # brps() by (power, turn), built when first asked: the constraints, the objective and the plan's
    # report each ask for the same expressions (expressions are immutable, so one serves them all)
    _brps: dict[tuple[Power, int], LinearExpr] = field(default_factory=dict, repr=False)

    @classmethod
    def create(cls, model: cp_model.CpModel, naval: NavalData) -> NavalVariables:
        """Per ship, a state in each turn and a literal per action open to it (27.7272); the
        transitions between them are posted by `add_chart_moves`."""
        variables = cls(naval)
        for key, ship in naval.ships.items():
            deferring = naval.deferring_allowed[naval.yards[ship.yard].power]
            for t, states, options in chart_walk(ship, naval.seasons, deferring):
                variables.reachable[key, t] = states
                for state in states:
                    variables.state[key, t, state] = model.new_int_var_from_domain(
                        BOOLEAN, f"ship_{key}_{t}_{state}"
                    )
                for state, opened in options.items():
                    variables.options[key, t, state] = opened
                    for action, _ in opened:
                        if action is not None:
                            variables.act[key, t, state, action] = model.new_int_var_from_domain(
                                BOOLEAN, f"act_{key}_{t}_{state}_{action}"
                            )
        for build, (power, _, count) in naval.sw_builds.items():
            for yard_key, yard in naval.yards.items():
                if yard.power is power and yard.sw_ports:  # 27.711
                    variables.sw[build, yard_key] = model.new_int_var(0, count, f"sw_{build}@{yard_key}")
        lend = naval.lend_lease
        if lend is not None:
            variables.us_paid = model.new_int_var(0, lend.us_brps, "lend_lease_us_brps")
            variables.japan_rebuilt = model.new_int_var(
                0, lend.sunk_by_japan, "transports_sunk_by_japan_rebuilt"
            )
            if lend.as_grant:
                variables.lend_grant_third = model.new_int_var(0, lend.us_brps // 3, "lend_lease_grant_third")
                variables.us_limit_floored = model.new_int_var(0, LIMIT_RANGE, "usa_limit_floored_lend_lease")
        return variables

    def us_grant_use(self) -> LinearExpr:
        """U.S. BRPs this turn within the grant limit of 40.331 A: lend lease (27.7322 B) and British
        CVEs (27.7223 B)."""
        cves = sum(
            LAY_DOWN_BRPS * var
            for ship, _, action, var in self.actions(0)
            if ship.british_cve and action is ChartAction.LAY_DOWN
        )
        return (self.us_paid if self.us_paid is not None else 0) + cves

    def lend_lease_grant(self) -> LinearExpr:
        """The U.S. share of lend-lease transports when it is a BRP grant to Britain (setting
        lend_lease_as_grant, 27.7322 B); 0 otherwise."""
        if self.lend_grant_third is None or self.us_paid is None:
            return 0
        return self.us_paid

    def lend_lease_transports(self) -> LinearExpr:
        lend = self.naval.lend_lease
        if lend is None:
            return 0
        return sum(var for (build, _), var in self.sw.items() if build in lend.builds)

    def britain_pays(self) -> LinearExpr:
        """What Britain pays for U.S.-built transports (27.7322): the cost less the U.S. share."""
        if self.us_paid is None or self.japan_rebuilt is None:
            return 0
        return SW_BRPS_PER_FACTOR * (self.lend_lease_transports() - self.japan_rebuilt) - self.us_paid

    def actions(
        self, t: int, yard: str | None = None, power: Power | None = None
    ) -> list[tuple[ShipData, State, ChartAction, cp_model.IntVar]]:
        """The actions of turn t, optionally of one yard or one paying power (indexed once)."""
        if not self._index:
            for (key, turn, state, action), var in self.act.items():
                ship = self.naval.ships[key]
                item = (ship, state, action, var)
                for where in ((turn, None, None), (turn, ship.yard, None), (turn, None, ship.power)):
                    self._index.setdefault(where, []).append(item)
        if yard is not None and power is not None:
            return [item for item in self._index.get((t, yard, None), []) if item[0].power is power]
        return self._index.get((t, yard, power), [])

    def brps(self, power: Power, t: int) -> LinearExpr:
        """Naval BRPs of `power` in turn t: chart actions, and SW units in this turn (27.72)."""
        known = self._brps.get((power, t))
        if known is not None:
            return known
        items = self.actions(t, power=power)
        total: LinearExpr = cp_model.LinearExpr.weighted_sum(
            [var for _, _, _, var in items], [action_cost(ship, action)[1] for ship, _, action, _ in items]
        )
        if t == 0:
            lend = self.naval.lend_lease.builds if self.naval.lend_lease else ()
            total += sum(
                SW_BRPS_PER_FACTOR * var
                for (build, _), var in self.sw.items()
                if self.naval.sw_builds[build][0] is power and build not in lend
            )
            if self.us_paid is not None and self.japan_rebuilt is not None and power is Power.USA:
                total += self.us_paid + SW_BRPS_PER_FACTOR * self.japan_rebuilt
            if self.us_paid is not None and power is Power.BRITAIN:
                total += self.britain_pays()
        self._brps[power, t] = total
        return total

    def dominion_brps(self, country: str, t: int = 0) -> LinearExpr:
        """Turn t's naval BRPs at the yards of a Commonwealth country (Canada, Australia), at normal
        cost: that country's shipbuilding (27.473, 27.475 B, 40.244); SW units are this turn's."""
        yards = {key for key, yard in self.naval.yards.items() if SITE_BY_ID[yard.site].country == country}
        if not yards:
            return 0
        chart: LinearExpr = sum(
            action_cost(ship, action)[1] * var
            for ship, _, action, var in self.actions(t)
            if ship.yard in yards
        )
        if t > 0:
            return chart
        return chart + sum(SW_BRPS_PER_FACTOR * var for (_, yard), var in self.sw.items() if yard in yards)

    def steps(self, power: Power, t: int = 0) -> LinearExpr:
        """Turn t's naval BRPs in 3-BRP steps: what that turn's oil threshold prices (27.35) [reading];
        with the setting naval_oil_only_construction, only construction proper (`oil_priced_brps`). SW
        units are this turn's; a later turn's steps are priced only by a season's later turn
        (`optimizer.season.model`), `awaw plan` pricing this turn's alone."""
        only = self.naval.oil_only_construction
        items = self.actions(t, power=power)
        chart = cp_model.LinearExpr.weighted_sum(
            [var for _, _, _, var in items],
            [oil_priced_brps(ship, action, only) // NAVAL_STEP_BRPS for ship, _, action, _ in items],
        )
        if t > 0:
            return chart
        return chart + sum(
            var for (build, _), var in self.sw.items() if self.naval.sw_builds[build][0] is power
        )

    def launches(self) -> list[tuple[ShipData, int, cp_model.IntVar]]:
        """(ship, turn, var) for every action that launches a ship (27.7272 D, and moves into the Launch row)."""
        if self._launches is None:
            self._launches = [
                (self.naval.ships[key], t, var)
                for (key, t, state, action), var in self.act.items()
                if action is ChartAction.LAUNCH
                or (action in MOVES and isinstance(state, tuple) and move(state[0], state[1], action) is None)
            ]
        return self._launches

    def decisions(self) -> list[cp_model.IntVar]:
        return [*self.act.values(), *self.sw.values()]

    def extract(self, solver: cp_model.CpSolver) -> tuple[list[ActionKey], dict[tuple[str, str], int]]:
        """The chart actions taken, in every turn of the horizon, and SW factors built per build and yard."""
        actions = [key for key, var in self.act.items() if solver.value(var)]
        sw = {key: int(solver.value(var)) for key, var in self.sw.items() if solver.value(var)}
        return actions, sw

    def fix_sw(self, model: cp_model.CpModel, build: str, yard: str, factors: int) -> None:
        """Build exactly `factors` of SW build `build` ("power/id") at `yard` ("power/yard") this turn."""
        if (build, yard) not in self.sw:
            raise ValueError(f"{build} cannot be built at {yard} (27.711, 27.9)")
        model.add(self.sw[build, yard] == factors)

    def fix(self, model: cp_model.CpModel, ship: str, turn: int, action: ChartAction) -> None:
        """Take `action` with ship `ship` (its key, "power/yard/ship") in turn `turn` (tests and what-ifs)."""
        chosen = [
            var for (key, t, _, a), var in self.act.items() if key == ship and t == turn and a is action
        ]
        if not chosen:
            raise ValueError(f"{ship} cannot {action.value} in turn {turn} (27.7272)")
        model.add(sum(chosen) == 1)
