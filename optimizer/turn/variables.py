"""The decision variables of the turn model, one container per rule family, and the BRP and limit
accounts that several families share (27.11, 27.31, 27.35, 40.23, 40.244).

`Variables.create` makes variables only; every constraint is posted by a rule
family's `constraints` module (`optimizer.turn.model`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

from models.tables import Dominion, Faction, Power
from optimizer.rules.force_pool.variables import BuildVariables, Slot
from optimizer.rules.grants.prepare import MAX_OIL_SHIPPED
from optimizer.rules.grants.variables import GrantVariables
from optimizer.rules.limits.variables import LIMIT_RANGE, LimitVariables
from optimizer.rules.linear import LinearExpr, floor_growth, growth_fraction
from optimizer.rules.naval.variables import NavalVariables
from optimizer.rules.oil.variables import OilGroup, OilVariables
from optimizer.turn.prepare import Prepared

if TYPE_CHECKING:
    from optimizer.rules.sw.variables import SWVariables

EXPLAIN_EXTRA_COUNTERS = 1000


@dataclass
class Variables:
    """Builds (27.1-27.5), naval construction (27.7), oil (27.35), grants (rule 40), and the
    construction limits the grants move (27.334, 27.34)."""

    data: Prepared
    builds: BuildVariables
    oil: OilVariables
    naval: NavalVariables | None = None
    grants: GrantVariables | None = None
    limits: LimitVariables | None = None
    sw: SWVariables | None = None  # rule 25: the deployment with the plan's new SW units
    # 40.244: per Commonwealth country whose builds count against Britain's limit and that may receive a
    # U.S. grant, its construction less that grant, at least 0 (`add_dominion_shares` defines each).
    british_dominion_counted: dict[Dominion, cp_model.IntVar] = field(default_factory=dict)
    # With `objective.unspent_brp_growth`: per planned power, the BRPs its BRPs kept grow next year's base
    # by, rounded down: x `growth_rate` (to the thousandth), defined where made (`floor_growth`), never
    # guarded, so the growth is that floor whatever the stage solved.
    growth: dict[Power, cp_model.IntVar] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        model: cp_model.CpModel,
        data: Prepared,
        *,
        unbounded: bool = False,
        chart: tuple[NavalVariables, int] | None = None,
    ) -> Variables:
        """Variables of every family; builds bounded by the force pool unless `unbounded`
        (explanations, where the force pool is a guarded constraint of its own). `chart`: for a turn
        without a chart of its own, the chart (and its turn) whose naval steps this turn's oil threshold
        prices (a season's later turn, on turn 0's chart: `optimizer.season.model`)."""
        extra = EXPLAIN_EXTRA_COUNTERS if unbounded else 0
        builds = BuildVariables.create(model, data.entries, extra)
        naval = NavalVariables.create(model, data.naval) if data.naval is not None else None
        # Russia may also spend oil counters shipped to it this turn (40.25), bounded by the grants family.
        counters_most = {
            faction: available + (MAX_OIL_SHIPPED if data.network and faction is Faction.RUSSIA else 0)
            for faction, available in data.oil_counters.items()
        }
        priced, turn = (naval, 0) if chart is None else chart
        oil = OilVariables.create(model, builds, priced, counters_most, extra, naval_turn=turn)
        grants = limits = None
        if data.network is not None:
            brps = {power: pdata.brps_available for power, pdata in data.powers.items()}
            grants = GrantVariables.create(model, data.network, brps)
            limits = LimitVariables.create(
                model,
                grants.pairs(),
                data.powers,
                per_turn_total=data.scenario.settings.grant_limit_reduction_per_turn_total,
            )
        sw = None
        if data.scenario.sw is not None:  # the SW family loads with an `sw:` section (optimizer/planners)
            from optimizer.rules.sw.builds import turn_sw_variables

            sw = turn_sw_variables(model, data.scenario, naval)
        variables = cls(data, builds, oil, naval, grants, limits, sw)
        if Power.BRITAIN in data.powers:
            settings = data.scenario.settings
            for dominion in variables.british_limit_dominions():
                if (
                    variables.may_receive_grant(dominion)
                    and not settings.us_paid_builds_count_against_british_limit
                ):
                    variables.british_dominion_counted[dominion] = model.new_int_var(
                        0, LIMIT_RANGE, f"britain_limit_counted_{dominion.value}"
                    )
        growth = data.scenario.objective.unspent_brp_growth
        if growth is not None:
            rate = growth_fraction(growth.growth_rate)
            for power in data.powers:
                variables.growth[power] = floor_growth(
                    model, variables.kept(power), rate, f"kept_growth_{power.value}"
                )
        return variables

    def decisions(self) -> list[cp_model.IntVar]:
        """Every decision variable, to hint the next priority's solve with this one's plan."""
        found = [*self.builds.decisions(), *self.oil.decisions()]
        if self.grants is not None:
            found += self.grants.decisions()
        if self.naval is not None:
            found += self.naval.decisions()
        return found

    def naval_brps(self, power: Power) -> LinearExpr:
        """This turn's naval BRPs of `power` before oil (27.72)."""
        return self.naval.brps(power, 0) if self.naval is not None else 0

    def _paid(self, chosen: list[Slot], naval: Power | None = None) -> LinearExpr:
        """BRPs paid for these build lines (and `naval`'s naval construction this turn), oil included."""
        members = set(chosen)
        groups: list[OilGroup] = [
            g
            for g, slots in self.oil.groups.items()
            if (slots and slots[0] in members)
            or (naval is not None and self.oil.naval_groups.get(g) is naval)
        ]
        total = sum(self.builds.paid_inside(*slot) for slot in chosen) + self.oil.extra_brps(groups)
        return total + (self.naval_brps(naval) if naval is not None else 0)

    def spending(self, power: Power) -> LinearExpr:
        """BRPs of all lines of `power`'s force pool and its naval construction, whoever pays."""
        return self._paid(self.builds.slots(power), naval=power)

    def dominion_naval(self, dominion: Dominion) -> LinearExpr:
        """This turn's shipbuilding at a Commonwealth country's yard, at normal cost (27.473, 27.475 B)."""
        return self.naval.dominion_brps(dominion.value) if self.naval is not None else 0

    def dominion_spending(self, dominion: Dominion, limit_only: bool = False) -> LinearExpr:
        """BRPs of a Commonwealth country's construction: the lines of its units and the shipbuilding
        at its yard (27.47, 40.244 "including shipbuilding"; ships at normal cost [reading]); with
        `limit_only`, only what counts against a construction limit (27.31)."""
        lines = self._paid(
            [
                slot
                for slot in self.builds.slots()
                if self.builds.entry(slot[0]).dominion is dominion
                and (self.builds.entry(slot[0]).counts_against_limit or not limit_only)
            ]
        )
        return lines + self.dominion_naval(dominion)

    def dominion_grant(self, dominion: Dominion) -> LinearExpr:
        """BRPs the U.S. grants a Commonwealth country this turn (40.244)."""
        if self.grants is not None:
            return self.grants.received(dominion.value)
        return self.data.dominion_grants[dominion]

    def may_receive_grant(self, dominion: Dominion) -> bool:
        """Whether the U.S. may grant a Commonwealth country BRPs this turn: a fixed grant, or a pair
        of the grant network (40.244)."""
        planned = self.grants is not None and any(r == dominion.value for _, r in self.grants.pairs())
        return bool(self.data.dominion_grants[dominion]) or planned

    def british_limit_dominions(self) -> list[Dominion]:
        """Commonwealth countries whose construction counts against Britain's limit: India (27.474 C),
        Canada and South Africa (Britain builds their units, 27.47), Australia with the setting
        `australian_builds_count_against_british_limit` (27.473 B)."""
        counted = [Dominion.INDIA, Dominion.CANADA, Dominion.SOUTH_AFRICA]
        if self.data.scenario.settings.australian_builds_count_against_british_limit:
            counted.append(Dominion.AUSTRALIA)
        return counted

    def british_dominion_share(self, dominion: Dominion) -> LinearExpr:
        """A Commonwealth country's construction counted against Britain's limit: what counts against a
        limit (27.31), less the U.S. grant to that country, never below 0 (40.244: American grants to
        Commonwealth countries "have no effect on ... the British construction limit", so a grant
        beyond that country's counted builds frees no room for Britain's own [reading]): the variable
        `add_dominion_shares` sets to max(0, builds - grant) where a grant may come. With the setting
        `us_paid_builds_count_against_british_limit`, its builds in full (27.474 C's plain words)."""
        if dominion in self.british_dominion_counted:
            return self.british_dominion_counted[dominion]
        return self.dominion_spending(dominion, limit_only=True)

    def pays(self, power: Power) -> LinearExpr:
        """BRPs `power` pays for construction: Britain less the U.S. grants to Commonwealth countries (40.244)."""
        if power is Power.BRITAIN:
            return self.spending(power) - sum(self.dominion_grant(d) for d in Dominion)
        return self.spending(power)

    def grant_balance(self, power: Power) -> LinearExpr:
        """BRPs received less BRPs granted and route openings paid this turn (40.23, 40.521, 40.72);
        of grants that may be intercepted, only those expected to arrive (40.23 B, `GrantVariables.spendable`)."""
        if self.grants is None:
            return 0
        return self.grants.spendable(power.value) - self.grants.sent(power) - self.grants.opening_brps(power)

    def available(self, power: Power) -> LinearExpr:
        """BRPs available for construction after this turn's grants."""
        return self.data.powers[power].brps_available + self.grant_balance(power)

    def kept(self, power: Power) -> LinearExpr:
        """BRPs left unspent (27.11)."""
        return self.available(power) - self.pays(power)

    def limit(self, power: Power) -> LinearExpr:
        """Construction limit this turn (27.31), moved by this turn's planned grants, and by the U.S.
        share of lend-lease transports when it is a grant to Britain (setting lend_lease_as_grant)."""
        if self.limits is not None:
            limit: LinearExpr = self.limits.limits[power]
            floored: LinearExpr = self.limits.floored[power]
        else:
            limit = self.data.powers[power].limit
            floored = max(0, self.data.powers[power].limit_breakdown.before_clamp)
        naval = self.naval
        if naval is not None and naval.lend_grant_third is not None and naval.us_limit_floored is not None:
            if power is Power.USA:  # 27.334: the reduction, which stops at 0
                return limit - floored + naval.us_limit_floored
            if power is Power.BRITAIN:  # 27.34: the same, after Britain's reductions
                return limit + naval.lend_grant_third
        return limit

    def limit_counted(self, power: Power) -> LinearExpr:
        """BRPs counted against `power`'s construction limit (27.31, 27.474 C, 40.244): for the U.S.
        also its grants to Commonwealth countries, in full (40.23 A, 40.244); for Britain each
        counted Commonwealth country's builds less the U.S. grant to it, country by country and never
        below 0 (`british_dominion_share`: a grant to Canada frees nothing for Britain's own builds)."""
        own = self._paid(
            [
                slot
                for slot in self.builds.slots(power)
                if self.builds.entry(slot[0]).dominion is None
                and self.builds.entry(slot[0]).counts_against_limit
            ],
            naval=power,
        )
        # Setting lend_lease_as_grant: the U.S. share of lend-lease transports is granted to Britain,
        # whose limit counts the transports' whole cost (27.7322 B) [reading].
        lend_grant = self.naval.lend_lease_grant() if self.naval is not None else 0
        if power is Power.USA:
            return own - lend_grant + sum(self.dominion_grant(d) for d in Dominion)
        if power is not Power.BRITAIN:
            return own
        # British naval BRPs at the Canada and Australia yards are those countries' (27.473, 40.244).
        dominion_ships = sum(self.dominion_naval(d) for d in Dominion)
        shares = sum(self.british_dominion_share(d) for d in self.british_limit_dominions())
        return own + lend_grant - dominion_ships + shares
