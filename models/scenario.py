"""Scenario files: the position a player plans a turn for.

A scenario is YAML validated by these pydantic models. Every field is
documented; `awaw schema` prints the JSON Schema for editor completion. Unknown
fields are errors (``extra="forbid"``) so that a typo never falls back to a
default silently.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, model_validator

from models.base import Strict

# The sections of a scenario, each in its module, named here too: a scenario file's models in one place.
from models.grant_state import GrantsState as GrantsState
from models.grant_state import map_disagreement, paris_allied_on_map
from models.map_data import HOME_SUPPLY_SOURCES, SITE_BY_ID
from models.map_state import MapState as MapState
from models.map_state import SiteState as SiteState
from models.map_state import SupplyOverride as SupplyOverride
from models.naval import Horizon
from models.naval_checks import Theater, check_naval
from models.objective import DEFAULT_VALUES as DEFAULT_VALUES
from models.objective import MinimumBuild as MinimumBuild
from models.objective import Objective as Objective
from models.objective import Preset as Preset
from models.objective import Priority as Priority
from models.objective import PriorityKind as PriorityKind
from models.order_names import build_problems, chart_problems, yard_problem
from models.orders import TurnOrders
from models.powers import NATIONALITY_DOMINION as NATIONALITY_DOMINION
from models.powers import Elimination as Elimination
from models.powers import FixedSpending as FixedSpending
from models.powers import ForcePoolEntry as ForcePoolEntry
from models.powers import GrantRecipient as GrantRecipient
from models.powers import Nationality as Nationality
from models.powers import PowerState as PowerState
from models.powers import Season as Season
from models.powers import Turn as Turn
from models.quantities import (
    MAX_ELECTION,
    Counters,
    Level,
)
from models.route_data import GRANTOR_NODES
from models.season import SeasonSection as SeasonSection
from models.season import season_problem
from models.settings import Settings as Settings
from models.tables import (
    FACTION_POWERS,
    NAVAL_AIR_NEVER,
    NON_CONSTRUCTION_COSTS,
    POWER_FACTION,
    ROUTE_OPENING_SPENDING,
    SIDE_FACTIONS,
    TRANSPORT_SHORTAGE_POWERS,
    UNIT_SPECS,
    Category,
    Dominion,
    Faction,
    Power,
    UnitType,
)

# The sections most scenarios do not have load with the first file that has them (models/lazy.py).
if TYPE_CHECKING:
    from models.mobilization import MobilizationState
    from models.sw import SWSection
else:
    from models.lazy import lazy_type

    MobilizationState = lazy_type("models.mobilization", "MobilizationState")
    SWSection = lazy_type("models.sw", "SWSection")


class Scenario(Strict):
    """A position to plan: one faction's turn."""

    name: str = Field(description="Short title of the position.")
    description: str = Field(default="", description="Where the numbers come from.")
    turn: Turn
    faction: Faction = Field(
        description="The alliance faction planning; allied factions' powers may be planned with it (grants, 40.3)."
    )
    powers: dict[Power, PowerState] = Field(
        description=(
            "The major powers planned together: the faction's, and for the Allies also Russia and China. "
            "Each faction's powers share one oil threshold (27.35 I, J)."
        )
    )
    oil_counters: Counters | dict[Faction, Counters] = Field(
        default=0,
        description=(
            "Oil counters available for construction (27.35): a number for the planning faction, or a "
            "number per faction."
        ),
    )
    oil_reserved: Counters | dict[Faction, Counters] = Field(
        default=0,
        description=(
            "Oil counters of `oil_counters` kept back this turn for uninverting air and naval factors and "
            "exploiting armor (27.35 F, 33.72): construction and oil grants plan with the rest. A number "
            "for the planning faction, or a number per faction."
        ),
    )
    us_at_war: dict[Theater, bool] = Field(
        default_factory=dict, description="U.S. at war in each theater (27.92 D)."
    )
    japan_at_war_with_britain: bool | None = Field(
        default=None,
        description="Japan and Britain at war (25.81); unset: as `us_at_war.pacific` [reading].",
    )
    usjt: Level | None = Field(
        default=None,
        description="Effective USJT level: U.S. and Japanese submarines in the Pacific from 40 (25.91).",
    )
    usat: Level | None = Field(
        default=None,
        description=(
            "Effective USAT level: U.S. grants before war with Germany (40.331 A), cash and carry or lend "
            "lease (27.7322), U.S. and British CVEs (27.7223). Not given: grants and lend lease read it as 0, "
            "and CVEs are not held back by it."
        ),
    )
    us_election_result: int | None = Field(
        ge=-MAX_ELECTION,
        le=MAX_ELECTION,
        default=None,
        description=(
            "Result of the latest U.S. election (62.4). -7 or below: American grants to the Western Allies "
            "and China are governed by the USAT and USJT levels even at war (40.333, 62.421; see the setting "
            "`post_election_grant_caps`). Not given: no such result."
        ),
    )
    map: MapState = Field(default_factory=MapState)
    grants: GrantsState | None = Field(
        default=None,
        description=(
            "Rule 40 state. When present, the plan decides grants (grants_made become minimums); "
            "when absent, grants_made are fixed amounts."
        ),
    )
    horizon: Horizon = Field(
        default_factory=Horizon, description="Turns of naval construction planned (27.7)."
    )
    objective: Objective = Field(default_factory=Objective)
    settings: Settings = Field(default_factory=Settings)
    sw: SWSection | None = Field(default=None, description="Submarine warfare this turn (rule 25).")
    mobilization: MobilizationState | None = Field(
        default=None, description="Gathering Storm factory conversion and mobilization (rule 14)."
    )
    season: SeasonSection | None = Field(
        default=None,
        description=(
            "A season planned whole: this turn and the later turns of a horizon, with what the player "
            "expects of each (`awaw season`)."
        ),
    )
    expected_orders: list[TurnOrders] = Field(
        default_factory=list,
        description=(
            "The orders a season plan expected of this turn and the season's later ones, written by "
            "`awaw next`: among the plans equally good on every priority, the planner keeps the one "
            "closest to them (a last tie-break, never a rule), so that planning turn after turn gives "
            "the season's orders when its expectations come true. A name the scenario never had "
            "(an entry, a site, a yard, a ship) is refused; an order the position can no longer carry "
            "out (counters past the entry's, a turn past the chart, a route closed) is dropped and the "
            "plan's notes name it."
        ),
    )

    def _expected_orders_problem(self) -> str | None:
        """`expected_orders`: each turn once and within the season (this turn alone without one), of
        planned powers and factions; chart actions in turn 1's orders, the chart being planned whole
        there (27.7)."""
        length = self.turns_planned
        seen: set[int] = set()
        for i, orders in enumerate(self.expected_orders):
            where = f"expected_orders[{i}]"
            if orders.turn > length or orders.turn in seen:
                why = "a second time" if orders.turn in seen else f"past the {length} turn(s) planned"
                return f"{where}.turn: turn {orders.turn} {why}"
            seen.add(orders.turn)
            if orders.naval and orders.turn != 1:
                return f"{where}.naval: chart actions go in turn 1's orders, by the chart's own turn (27.7)"
            powers = [
                *((f"builds[{j}].power", b.power) for j, b in enumerate(orders.builds)),
                *((f"naval[{j}].power", a.power) for j, a in enumerate(orders.naval)),
                *((f"sw_builds[{j}].power", b.power) for j, b in enumerate(orders.sw_builds)),
                *((f"grants[{j}].grantor", g.grantor) for j, g in enumerate(orders.grants)),
                *((f"route_openings[{j}].paid_by", o.paid_by) for j, o in enumerate(orders.route_openings)),
            ]
            for field, power in powers:
                if power not in self.powers:
                    return f"{where}.{field}: {power.value} is not a planned power"
            for faction in orders.oil_counters_spent:
                if faction not in self.factions():
                    return f"{where}.oil_counters_spent.{faction.value}: not a faction planned here"
            if named := self._expected_names_problems(where, orders):
                return f"{named[0][0]}: {named[0][1]}"
        return None

    def _expected_names_problems(self, where: str, orders: TurnOrders) -> list[tuple[str, str]]:
        """Names in expected orders that the scenario never had, as (field, problem) with the nearest
        name it has (`models.order_names`): a force pool entry (in the force pool, or received in a turn
        of the season), a site of the map, a shipyard of the power, a ship at that yard (a design's copy
        `DESIGN#N` whatever N). These are mistakes; an order of a name the position has but can no longer
        carry out (a copy past the design's count, counters past the pool's, a turn past the chart, an
        SW units line the turn does not state) is the planner's to leave out and note
        (`optimizer.turn.expected`)."""
        problems: list[tuple[str, str]] = []
        for j, build in enumerate(orders.builds):
            problems += build_problems(f"{where}.builds[{j}]", build, self._entries_of_season(build.power))
        for j, action in enumerate(orders.naval):
            naval = self.powers[action.power].naval
            problems += chart_problems(f"{where}.naval[{j}]", action, naval, any_copy=True)
        for j, sw in enumerate(orders.sw_builds):
            naval = self.powers[sw.power].naval
            if bad_yard := yard_problem(f"{where}.sw_builds[{j}].yard", sw.yard, naval, sw.power.value):
                problems.append(bad_yard)
        return problems

    def _entries_of_season(self, power: Power) -> list[str]:
        """The ids of `power`'s force pool entries, with those its season expects it to receive."""
        ids = [entry.id for entry in self.powers[power].force_pool]
        for expected in self.season.expectations if self.season is not None else []:
            mine = expected.powers.get(power)
            ids += [entry.id for entry in mine.received if entry.id not in ids] if mine else []
        return ids

    def grantor_problem(self, grantor: Power) -> str | None:
        """Why the map lets `grantor` grant nothing this turn, or None: a grant's supply line starts "from
        an unlimited supply source controlled by the grantor in its home country" (40.21; France's is
        Paris). As the grant-mode planner and checker read it, for the powers that grant over the route
        map (Russia grants only on surrendering, 60.6, which is not planned)."""
        if grantor not in GRANTOR_NODES or self.map.holds_home_supply_source(grantor):
            return None
        held = ", ".join(
            f"{SITE_BY_ID[site].name} is held by "
            f"{holder.value if (holder := self.map.controller_of(site)) is not None else 'no one'} "
            f"(map.sites.{site}.controller)"
            for site in HOME_SUPPLY_SOURCES[grantor]
        )
        return (
            f"{grantor.value} cannot grant: a grant's supply line starts at an unlimited supply source the "
            f"grantor controls in its home country (40.21), and on the map {held}"
        )

    def _france_problem(self, grantor: Power | None, recipient: str) -> str | None:
        """Why the map lets no grant reach France this turn, or None: "Grants to France are allowed only
        if Paris is under Allied control" (40.331 A for the U.S.; 40.34 A for Britain; both for a grantor
        not named)."""
        if recipient != Power.FRANCE.value or paris_allied_on_map(self.map):
            return None
        rule = {Power.USA: "40.331 A", None: "40.331 A, 40.34 A"}.get(grantor, "40.34 A")
        return (
            f"grants to France are allowed only if Paris is under Allied control ({rule}), and on the map "
            "it is not (map.sites.paris.controller)"
        )

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.sw is not None:
            from models.sw import sw_consistency

            if problem := sw_consistency(self.sw, bool(self.us_at_war.get("europe"))):
                raise ValueError(problem)
        members = {p for f in SIDE_FACTIONS[self.faction] for p in FACTION_POWERS[f]}
        if not self.powers:
            raise ValueError("powers: plan at least one major power")
        for faction in Faction:
            kept = self.per_faction(self.oil_reserved, faction)
            if kept > self.per_faction(self.oil_counters, faction):
                raise ValueError(
                    f"oil_reserved: {kept} counters of {faction.value} kept back, but it has only "
                    f"{self.per_faction(self.oil_counters, faction)} (27.35 F)"
                )
        for power, state in self.powers.items():
            where = f"powers.{power.value}"
            if power not in members:
                raise ValueError(
                    f"{where}: {power.value} is not a power of {self.faction.value} or its allies"
                )
            ids = [entry.id for entry in state.force_pool]
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"{where}.force_pool: duplicate entry id {dupes[0]!r}")
            mods = state.limit_modifiers
            if mods.transport_shortage_losses and power not in TRANSPORT_SHORTAGE_POWERS:
                raise ValueError(
                    f"{where}.limit_modifiers.transport_shortage_losses: transport shortages affect "
                    "only Britain and Japan (27.331 A)"
                )
            if (mods.urals_pooled_losses or mods.urals_rocket_losses) and power is not Power.RUSSIA:
                raise ValueError(f"{where}.limit_modifiers: Urals box losses are Russia's only (27.33)")
            if mods.urals_pooled_losses > mods.bombing_losses + mods.adjacency_losses:
                raise ValueError(
                    f"{where}.limit_modifiers.urals_pooled_losses: more than the bombing and adjacency "
                    "losses they are part of (27.33)"
                )
            if mods.urals_rocket_losses > mods.rocket_losses:
                raise ValueError(
                    f"{where}.limit_modifiers.urals_rocket_losses: more than the rocket losses they are "
                    "part of (27.33)"
                )
            if mods.iron_ore_cut and power is not Power.GERMANY:
                raise ValueError(f"{where}.limit_modifiers.iron_ore_cut: Germany only (27.332)")
            if mods.flying_bomb_gains and power is not Power.GERMANY:
                raise ValueError(f"{where}.limit_modifiers.flying_bomb_gains: Germany only (27.341)")
            if state.ic_values and power is not Power.RUSSIA:
                raise ValueError(f"{where}.ic_values: Russia only (27.32 A)")
            if state.dominion_limit_modifiers and power is not Power.BRITAIN:
                raise ValueError(f"{where}.dominion_limit_modifiers: Britain only (27.33)")
            for dominion in state.dominion_limit_modifiers:
                if dominion not in (Dominion.AUSTRALIA, Dominion.INDIA):
                    raise ValueError(
                        f"{where}.dominion_limit_modifiers.{dominion.value}: only Australia and India "
                        "have their own limits (27.473 B, 27.474 B)"
                    )
            if state.naval_air.kamikazes_formed and power is not Power.JAPAN:
                raise ValueError(f"{where}.naval_air.kamikazes_formed: Japan only (27.61)")
            for i, entry in enumerate(state.force_pool):
                at = f"{where}.force_pool[{i}] ({entry.id})"
                spec = UNIT_SPECS[entry.unit]
                if spec.category is Category.NAVAL_AIR and power in NAVAL_AIR_NEVER:
                    raise ValueError(f"{at}: {power.value} may never build naval air units (27.61)")
                if entry.unit is UnitType.KAMIKAZE and power is not Power.JAPAN:
                    raise ValueError(f"{at}: only Japan forms kamikazes (27.61)")
                if entry.unit is UnitType.CHINDIT and (
                    power is not Power.BRITAIN or entry.nationality is not Nationality.OWN
                ):
                    raise ValueError(
                        f"{at}: the Chindit is British and counts only against Britain's limit (27.474 D)"
                    )
                if entry.nationality in NATIONALITY_DOMINION and power is not Power.BRITAIN:
                    raise ValueError(f"{at}: {entry.nationality.value} units are built by Britain (27.47)")
                if entry.nationality is Nationality.FRENCH_COLONIAL and power is not Power.FRANCE:
                    raise ValueError(f"{at}: French colonial units are French (27.477)")
            if state.naval is not None:
                check_naval(where, power, state.naval, self.us_at_war)
            for j, grant in enumerate(state.grants_made):
                if grant.to.value == power.value:
                    raise ValueError(f"{where}.grants_made[{j}]: a power cannot grant to itself")
                if grant.to.value in {d.value for d in Dominion}:
                    if power is not Power.USA:
                        raise ValueError(
                            f"{where}.grants_made[{j}]: only the U.S. grants to Commonwealth countries (40.11)"
                        )
                    if Power.BRITAIN not in self.powers:
                        raise ValueError(
                            f"{where}.grants_made[{j}]: a grant to {grant.to.value} pays for units Britain builds "
                            "(40.244): plan Britain too"
                        )
            if self.grants is not None:
                for j, spent in enumerate(state.fixed_spending):
                    if spent.kind in ROUTE_OPENING_SPENDING:
                        raise ValueError(
                            f"{where}.fixed_spending[{j}].kind: {spent.kind} is planned here "
                            f"({NON_CONSTRUCTION_COSTS[spent.kind][2]}): with a grants section the plan "
                            "opens a route itself, under its conditions, and carries it to the next turn; "
                            "leave it out (a route opened in an earlier turn: grants.persia.opened, "
                            "grants.siberia.highway_built)"
                        )
            if self.grants is None:
                # Fixed grants: in grant mode the plan's grants are held to the same fact (40.21, 40.331 A);
                # a fixed grant's grantor is held to 40.21 with the rest of 40.3 by the planner
                # (`optimizer.rules.grants.prepare.fixed_grant_breaches`).
                for j, grant in enumerate(state.grants_made):
                    if problem := self._france_problem(power, grant.to.value):
                        raise ValueError(f"{where}.grants_made[{j}]: {problem}")
            for j, received in enumerate(state.grants_received):
                if received.from_ in self.powers:
                    raise ValueError(
                        f"{where}.grants_received[{j}]: {received.from_.value} is planned here; "
                        "list the grant under its grants_made"
                    )
                # A grant received is the player's input in either mode: the map must allow it.
                if problem := self.grantor_problem(received.from_):
                    raise ValueError(f"{where}.grants_received[{j}].from: {problem}")
                if problem := self._france_problem(received.from_, power.value):
                    raise ValueError(f"{where}.grants_received[{j}]: {problem}")
        for power in self.powers:
            available = self.brps_available(power)
            if available < 0:
                raise ValueError(
                    f"powers.{power.value}: grants made and fixed spending exceed the BRPs available "
                    f"({self.powers[power].brps} BRPs, {available} left)"
                )
        for power in self.objective.reserve:
            if power not in self.powers:
                raise ValueError(f"objective.reserve.{power.value}: not a planned power")
        for i, minimum in enumerate(self.objective.minimum):
            if minimum.power is not None and minimum.power not in self.powers:
                raise ValueError(
                    f"objective.minimum[{i}].power: {minimum.power.value} is not a planned power"
                )
        if self.grants is not None and (problem := map_disagreement(self.grants, self.map)):
            raise ValueError(problem)
        if self.mobilization is not None:
            from models.mobilization_history import mobilization_problem

            problem = mobilization_problem(
                self.mobilization,
                {power: state.force_pool for power, state in self.powers.items()},
                {
                    power: [y.id for y in state.naval.shipyards] if state.naval else []
                    for power, state in self.powers.items()
                },
            )
            if problem:
                raise ValueError(problem)
        if problem := self._expected_orders_problem():
            raise ValueError(problem)
        if self.season is not None and self.objective.unspent_brp_growth is not None:
            raise ValueError(
                "objective.unspent_brp_growth: with a season: section the BRPs left at its end are valued by "
                "season.leftover (rule growth, with growth_rate and base_brp_value)"
            )
        if self.season is not None and (
            problem := season_problem(
                self.season,
                self.turn,
                set(self.powers),
                set(self.factions()),
                {power: {entry.id for entry in state.force_pool} for power, state in self.powers.items()},
                self.horizon,
            )
        ):
            raise ValueError(problem)
        for i, expected in enumerate(self.season.expectations if self.season is not None else []):
            # BRPs expected from powers not planned are a grant (`TurnExpectation.brps_received`), and
            # `awaw next` carries them as one [reading: the season plans the map as it is now]
            france = expected.powers.get(Power.FRANCE)
            if (
                france is not None
                and france.brps_received
                and (problem := self._france_problem(None, "france"))
            ):
                raise ValueError(f"season.expectations[{i}].powers.france.brps_received: {problem}")
        return self

    @property
    def turns_planned(self) -> int:
        """The turns a plan of this scenario covers: its season's (`season.turns`), else this one."""
        return self.season.length(self.turn) if self.season is not None else 1

    def one_turn_position(self) -> Scenario:
        """A one-turn season's turn position (`season: {turns: 1}`, as `awaw next` writes a season's last
        turn): the scenario with its `season.leftover` as the turn's value of the BRPs kept
        (`Leftover.turn_objective`), for the solve, the what-ifs, `awaw season --check` and `awaw next`
        alike. The scenario itself with the default leftover, so that its plan is `awaw plan`'s."""
        if self.season is None:
            return self
        objective = self.season.leftover.turn_objective(self.objective)
        if objective is self.objective:
            return self
        return self.model_copy(update={"objective": objective})

    def oil_available(self, faction: Faction) -> int:
        """Oil counters of `faction` available for construction (27.35): its counters less those kept
        back for uninverting and exploitation (27.35 F)."""
        return self.per_faction(self.oil_counters, faction) - self.oil_kept_back(faction)

    def oil_kept_back(self, faction: Faction) -> int:
        """Oil counters of `faction` kept back for uninverting and exploitation (27.35 F)."""
        return self.per_faction(self.oil_reserved, faction)

    def per_faction(self, counters: int | dict[Faction, int], faction: Faction) -> int:
        """A number of oil counters given for the planning faction, or per faction (27.35)."""
        if isinstance(counters, dict):
            return counters.get(faction, 0)
        return counters if faction is self.faction else 0

    def factions(self) -> list[Faction]:
        """Planned factions, the planning faction first."""
        planned = {POWER_FACTION[p] for p in self.powers}
        return [f for f in SIDE_FACTIONS[self.faction] if f in planned]

    def grants_between_planned(self, recipient: Power) -> int:
        """BRPs granted to `recipient` this turn by the other planned powers (40.23 B)."""
        return sum(
            grant.brps
            for state in self.powers.values()
            for grant in state.grants_made
            if grant.to.value == recipient.value
        )

    def brps_available(self, power: Power) -> int:
        """BRPs after this turn's grants and fixed non-construction spending (40.23, 27.12)."""
        state = self.powers[power]
        return (
            state.brps
            - sum(grant.brps for grant in state.grants_made)
            + sum(grant.brps for grant in state.grants_received)
            + self.grants_between_planned(power)
            - sum(
                item.brps(self.settings.offensive_ships_cost_per_two_factors) for item in state.fixed_spending
            )
        )
