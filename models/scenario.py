"""Scenario files: the position a player plans a turn for.

A scenario is YAML validated by these pydantic models. Every field is
documented; `awaw schema` prints the JSON Schema for editor completion. Unknown
fields are errors (``extra="forbid"``) so that a typo never falls back to a
default silently.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from models.base import Strict
from models.map_data import FRENCH_COLONIES, HOME_COUNTRIES, SITE_BY_ID, Country
from models.mobilization import MobilizationState
from models.mobilization_history import mobilization_problem
from models.naval import ChartShip, DamagedShip, Horizon, NavalState, usat_given_once
from models.naval_tables import FAST_CARRIER_CLASSES, SHIPYARD_RATES, yard_capacity
from models.quantities import (
    MAX_BRPS,
    MAX_COUNTERS,
    MAX_ELECTION,
    MAX_FACTORS_PER_COUNTER,
    Brps,
    Counters,
    Level,
    Turns,
)
from models.route_data import LEG_BY_ID, Ocean
from models.sw import SWSection, sw_consistency
from models.tables import (
    FACTION_POWERS,
    NAVAL_AIR_NEVER,
    NON_CONSTRUCTION_COSTS,
    PER_FACTOR_SPENDING,
    POWER_FACTION,
    SIDE_FACTIONS,
    TRANSPORT_SHORTAGE_POWERS,
    UNIT_SPECS,
    Category,
    Dominion,
    Faction,
    Power,
    UnitType,
    offensive_ship_brps,
)

Theater = Literal["europe", "pacific"]  # the U.S. wars of 40.33 and 25.22


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """'; did you mean 'berlin'?' for a misspelled name, or '' when nothing is close."""
    close = difflib.get_close_matches(name.lower(), list(known), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


class Season(StrEnum):
    SPRING = "spring"
    SUMMER = "summer"
    FALL = "fall"
    WINTER = "winter"


class Turn(Strict):
    """The game turn being planned."""

    season: Season = Field(description="Season of the game turn.")
    year: int = Field(ge=1939, le=1946, description="Year of the game turn.")


class Elimination(StrEnum):
    """How the counters of a force pool entry came to be in the force pool."""

    NONE = "none"  # not eliminated this turn (new, or eliminated earlier)
    ISOLATED = "isolated"  # eliminated this turn while isolated (27.13 A)
    VOLUNTARY = "voluntary"  # eliminated voluntarily this turn (27.13 A)
    OTHER = "other"  # eliminated this turn in any other way


class Nationality(StrEnum):
    """Whose units these are, when they are not the power's own (27.47)."""

    OWN = "own"
    SOUTH_AFRICAN = "south_african"  # 27.472: South Africa box
    AUSTRALIAN = "australian"  # 27.473: Australian hexes or box
    INDIAN = "indian"  # 27.474: Indian hexes or box
    CANADIAN = "canadian"  # 27.475: Canada
    FRENCH_COLONIAL = "french_colonial"  # 27.477: only in their own colony


NATIONALITY_DOMINION: dict[Nationality, Dominion] = {
    Nationality.SOUTH_AFRICAN: Dominion.SOUTH_AFRICA,
    Nationality.AUSTRALIAN: Dominion.AUSTRALIA,
    Nationality.INDIAN: Dominion.INDIA,
    Nationality.CANADIAN: Dominion.CANADA,
}


class ForcePoolEntry(Strict):
    """Counters of one kind that may be built this turn (27.5)."""

    id: str = Field(
        description="Unique name of the entry within the power, e.g. 'armor-4-5'.",
        pattern=r"^[A-Za-z0-9_.\-]+$",
    )
    unit: UnitType = Field(description="Unit type of the BRP Costs Chart (27.12).")
    factors: int = Field(
        le=MAX_FACTORS_PER_COUNTER,
        default=1,
        ge=1,
        description="Combat factors of one counter (1 for fortifications, railheads, beach defenses, ports).",
    )
    count: Counters = Field(description="How many such counters may be built this turn.")
    nationality: Nationality = Field(
        default=Nationality.OWN,
        description="Dominion or colonial units built and paid for by this power (27.47).",
    )
    eliminated_this_turn: Elimination = Field(
        default=Elimination.NONE,
        description=(
            "Whether these counters were eliminated in this player turn, and how: "
            "isolated or voluntary eliminations cost x2 if rebuilt now (27.13 A), x3 past the oil "
            "threshold (27.14); specialized units may not be rebuilt now at all (27.21)."
        ),
    )
    specialized: bool | None = Field(
        default=None,
        description="Override whether the unit counts as specialized for 27.21 (default from the unit type).",
    )
    rebuild_prohibited: str | None = Field(
        default=None,
        description=(
            "Set when 27.22 bars rebuilding these counters, with the reason "
            "(e.g. '27.22 A: Dutch units in the Pacific'). They are listed but never built."
        ),
    )
    sites: list[str] | None = Field(
        default=None,
        description="Restrict placement to these sites (French colonial units in their colony, 27.477).",
    )

    @model_validator(mode="after")
    def _check(self) -> ForcePoolEntry:
        spec = UNIT_SPECS[self.unit]
        if spec.category is Category.NAVAL:
            raise ValueError(
                f"unit '{self.unit}' is a naval unit: naval units are built on shipyards (27.7); "
                "give them as designs or chart ships in powers.<power>.naval, not in the force pool"
            )
        if spec.category is Category.WORKS and self.factors != 1:
            raise ValueError(f"unit '{self.unit}' is priced per counter (27.11 D-F): factors must be 1")
        for site in self.sites or []:
            if site not in SITE_BY_ID:
                raise ValueError(f"unknown site '{site}'{did_you_mean(site, SITE_BY_ID)}")
        if self.nationality is Nationality.FRENCH_COLONIAL:
            if not self.sites:
                raise ValueError("French colonial units need 'sites': the colony they began in (27.477)")
            for site in self.sites:
                if SITE_BY_ID[site].country not in FRENCH_COLONIES:
                    raise ValueError(f"site '{site}' is not in a French colony (27.477)")
        dominion = NATIONALITY_DOMINION.get(self.nationality)
        for site in self.sites or []:
            if dominion is not None and SITE_BY_ID[site].country != dominion.value:
                raise ValueError(f"site '{site}' is not in {dominion.value} (27.47)")
        return self


class ConstructionLimitInputs(Strict):
    """Inputs of the construction limit modifiers (27.32-27.341). All in BRPs."""

    transport_shortage_losses: Brps = Field(
        default=0, description="BRPs lost to transport shortages (27.331 A; Britain and Japan only)."
    )
    bombing_losses: Brps = Field(default=0, description="BRPs lost to bombing (27.331 B).")
    adjacency_losses: Brps = Field(
        default=0, description="BRPs lost because of Axis units adjacent to mapboard boxes (27.331 C)."
    )
    rocket_losses: Brps = Field(
        default=0, description="BRPs lost to rocket attacks (27.333; -1 limit per BRP)."
    )
    urals_pooled_losses: Brps = Field(
        default=0,
        description=(
            "Russia only: of the bombing and adjacency losses, the BRPs lost in the Urals box (27.33; read "
            "with the setting `russian_cap_urals_only`)."
        ),
    )
    urals_rocket_losses: Brps = Field(
        default=0,
        description=(
            "Russia only: of the rocket losses, the BRPs lost in the Urals box (27.33; read with the "
            "setting `russian_cap_urals_only`)."
        ),
    )
    iron_ore_cut: bool = Field(
        default=False, description="Germany only: Swedish iron ore is cut off (27.332; -5)."
    )
    flying_bomb_gains: Brps = Field(
        default=0,
        description="Germany only: BRPs Britain or Russia lost this turn to German flying bombs and rockets (27.341).",
    )


class EnemyHeldKea(Strict):
    """A key economic area originally this power's, now under enemy control (27.335)."""

    name: str = Field(description="Name of the key economic area.")
    value: Brps = Field(description="Its BRP value.")
    bombed_this_turn: Brps = Field(
        default=0,
        description="BRPs lost to bombing on it in the turn of its capture: deducted from its value first (27.335).",
    )


class DominionLimitInputs(Strict):
    """Losses reducing the Australian or Indian per-turn limit (27.33, last paragraph)."""

    bombing_losses: Brps = Field(default=0, description="BRPs of the country lost to bombing (27.33).")
    adjacency_losses: Brps = Field(
        default=0, description="BRPs lost because of Axis units adjacent to its box (27.33)."
    )
    rocket_losses: Brps = Field(default=0, description="BRPs lost to rockets: -1 limit each (27.33).")


class GrantRecipient(StrEnum):
    """Who may receive a BRP grant (40.11)."""

    GERMANY = "germany"
    ITALY = "italy"
    BRITAIN = "britain"
    FRANCE = "france"
    USA = "usa"
    RUSSIA = "russia"
    JAPAN = "japan"
    CHINA = "china"
    CANADA = "canada"
    SOUTH_AFRICA = "south_africa"
    AUSTRALIA = "australia"
    INDIA = "india"


class GrantMade(Strict):
    """A BRP grant this power makes this turn (an input until grants are planned, 40.23 A)."""

    to: GrantRecipient = Field(description="The recipient: a major power or a Commonwealth country (40.11).")
    brps: int = Field(ge=1, le=MAX_BRPS, description="BRPs granted (40.23 A).")


class GrantReceived(Strict):
    """A BRP grant this power receives this turn from a power outside the plan (40.23 B)."""

    from_: Power = Field(alias="from", description="The grantor, a power not planned here (40.23 B).")
    brps: int = Field(ge=1, le=MAX_BRPS, description="BRPs received (40.23 B).")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


NonConstructionKind = Literal[
    "declaration_of_war_major",
    "declaration_of_war_minor",
    "full_offensive",
    "limited_offensive",
    "participation_offensive",
    "open_persian_route",
    "open_persian_route_after_war_on_persia",
    "build_alaska_highway",
]


class FixedSpending(Strict):
    """BRP spending already fixed this turn that is not construction (27.12 chart)."""

    kind: NonConstructionKind = Field(description="What is paid for (27.12 chart).")
    factors: Counters = Field(
        default=0,
        description=(
            "For limited or participation offensives: ground, air, destroyer and escort carrier factors "
            "used (1 BRP each, 27.12)."
        ),
    )
    ships: list[Annotated[int, Field(ge=2, le=5)]] = Field(
        default_factory=list,
        description=(
            "For limited or participation offensives: the factors of each cruiser or named ship used "
            "(27.12: 'each 2-factor cruiser or named ship used: 1'; see the setting "
            "offensive_ships_cost_per_two_factors)."
        ),
    )
    note: str = Field(default="", description="Free text for the player.")

    @model_validator(mode="after")
    def _factors(self) -> FixedSpending:
        if self.kind in PER_FACTOR_SPENDING and self.factors < 1 and not self.ships:
            raise ValueError(f"{self.kind}: give the factors or ships used (27.12)")
        if self.kind not in PER_FACTOR_SPENDING and (self.factors or self.ships):
            raise ValueError(f"{self.kind}: costs a fixed amount; 'factors' and 'ships' do not apply")
        return self

    def brps(self, ships_per_two_factors: bool = False) -> int:
        """BRPs of this spending (27.12): a fixed amount, or for offensives 1 a factor used plus the
        cruisers and named ships used (`offensive_ship_brps`)."""
        cost, per_factor, _ = NON_CONSTRUCTION_COSTS[self.kind]
        if not per_factor:
            return cost
        return cost * self.factors + offensive_ship_brps(self.ships, ships_per_two_factors)


class NavalAirState(Strict):
    """Naval air training state (27.61)."""

    kamikazes_formed: bool = Field(
        default=False,
        description="Japan only: kamikazes have been formed; the training rate doubles (27.61).",
    )
    rp_increase: Counters = Field(
        default=0, description="Factors added to the training rate by production RPs (27.61, 42.22 E)."
    )


class PowerState(Strict):
    """One major power's economy and force pool this turn."""

    brps: Brps = Field(
        description=(
            "BRPs of the power this turn before this turn's grants and before the fixed spending listed in "
            "`fixed_spending` (both are subtracted or added by the planner)."
        )
    )
    brp_base: Brps = Field(description="BRP base (27.32 A).")
    ic_values: Brps = Field(
        default=0,
        description="Russia only: BRP value of the ICs Russia controls, added to the base (27.32 A).",
    )
    enemy_held_keas: list[EnemyHeldKea] = Field(
        default_factory=list, description="Key economic areas of this power under enemy control (27.335)."
    )
    limit_modifiers: ConstructionLimitInputs = Field(default_factory=ConstructionLimitInputs)
    dominion_limit_modifiers: dict[Dominion, DominionLimitInputs] = Field(
        default_factory=dict,
        description="Britain only: losses reducing the Australian and Indian per-turn limits (27.33).",
    )
    grants_made: list[GrantMade] = Field(default_factory=list)
    grants_received: list[GrantReceived] = Field(default_factory=list)
    fixed_spending: list[FixedSpending] = Field(default_factory=list)
    naval_air: NavalAirState = Field(default_factory=NavalAirState)
    force_pool: list[ForcePoolEntry] = Field(default_factory=list)
    naval: NavalState | None = Field(
        default=None, description="Shipyards and naval construction (27.7, 27.9)."
    )


class SupplyOverride(StrEnum):
    TRACED = "traced"  # traced over the map (27.43)
    PARTIAL = "partial"  # partially supplied: no construction (27.43 A)
    ISOLATED = "isolated"  # isolated: no construction (27.43 A)


class SiteState(Strict):
    """State of one map location this turn; every field overrides the bundled map."""

    controller: Power | None = Field(default=None, description="Who controls it now.")
    controlled_at_turn_start: bool = Field(
        default=True, description="The current controller held it at the start of the player turn (27.45)."
    )
    recaptured_this_turn: bool = Field(default=False, description="Recaptured this turn (27.45).")
    enemy_zoc: bool = Field(default=False, description="In an enemy zone of control (27.44).")
    supply: SupplyOverride = Field(
        default=SupplyOverride.TRACED, description="Supply: traced over the map, or set by the player."
    )
    ground_capacity: Counters | None = Field(
        default=None, description="Ground counters that may still be placed here (27.46); unlimited if unset."
    )
    air_capacity: Counters | None = Field(
        default=None, description="Air counters that may still be placed here (27.46); unlimited if unset."
    )


class MapState(Strict):
    """The scenario's changes to the bundled map (27.4)."""

    sites: dict[str, SiteState] = Field(default_factory=dict)
    cut_links: list[tuple[str, str]] = Field(
        default_factory=list, description="Supply links that cannot be traced this turn."
    )

    @field_validator("sites")
    @classmethod
    def _known_sites(cls, sites: dict[str, SiteState]) -> dict[str, SiteState]:
        for name in sites:
            if name not in SITE_BY_ID:
                raise ValueError(
                    f"unknown site '{name}'"
                    + (did_you_mean(name, SITE_BY_ID) or " (see models/map_data.py for the sites of the map)")
                )
        return sites

    @field_validator("cut_links")
    @classmethod
    def _known_links(cls, links: list[tuple[str, str]]) -> list[tuple[str, str]]:
        for a, b in links:
            for name in (a, b):
                if name not in SITE_BY_ID:
                    raise ValueError(
                        f"cut link ({a}, {b}): unknown site '{name}'{did_you_mean(name, SITE_BY_ID)}"
                    )
        return links


class MurmanskState(Strict):
    """The Russian end of the Murmansk route (40.412)."""

    murmansk_a47: bool = Field(
        default=True,
        description="Russia controls A47 and traces supply from the north edge through it to Vologda.",
    )
    archangel_a50: bool = Field(
        default=True,
        description="Russia controls A50 and traces supply through it to Vologda (used in summer and fall only).",
    )
    vologda_open: bool = Field(
        default=True,
        description="Vologda is Russian, not in an Axis ZoC, and traces supply to the eastern edge (40.412 C).",
    )


class PersiaState(Strict):
    """The Persian route (40.5)."""

    opened: bool = Field(
        default=False, description="Opened in an earlier turn (usable from the turn after, 40.54)."
    )
    partisans: Counters = Field(
        default=0, description="Persian partisans adjacent to Abadan, Ahwaz or Tehran (40.532)."
    )
    supply_line: bool = Field(
        default=True,
        description="The Allies trace the supply line of 40.53 from the South Africa box through Tehran.",
    )
    oil_land_route: bool = Field(
        default=False,
        description=(
            "The Western Allies hold Abadan or Ahwaz and trace a land supply line from it through Tehran to "
            "Russia: Persian oil goes overland, without transports (40.252, 40.53)."
        ),
    )
    war_declared_on_persia: bool = Field(default=False, description="Opening costs 15, not 25 (40.522).")
    axis_controls_tehran: bool = Field(default=False, description="Opening is barred (40.525 C).")
    unconquered_after_allied_declaration: bool = Field(
        default=False, description="Opening is barred (40.525 B)."
    )


class TurkeyState(Strict):
    """The Turkish route (40.6)."""

    ankara_allied: bool = Field(default=False, description="Ankara is controlled by the Allies (40.61 A).")
    partisans: Counters = Field(default=0, description="Axis Turkish partisans on the board (40.65).")
    mosul_land_route: bool = Field(
        default=False,
        description=(
            "The Western Allies hold Mosul and trace a land supply line from it through Turkey to Russia: "
            "oil goes overland, without transports (40.252, 40.62)."
        ),
    )
    supply_line: bool = Field(
        default=True,
        description="A supply line runs from a Turkish port to Russia through Allied hexes (40.62).",
    )


class SiberiaState(Strict):
    """The Siberian route (40.7)."""

    highway_built: bool = Field(
        default=False, description="The Alaska highway was built in an earlier turn (40.71)."
    )
    japan_at_war_with_russia: bool = Field(default=False, description="Capacity 5, not 10 (40.73 B).")
    japan_controls_vladivostok_or_dutch_harbor: bool = Field(
        default=False, description="Capacity 5, not 10 (40.73 B)."
    )


class ChinaRoutesState(Strict):
    """The routes to China (40.8)."""

    port_recaptured: bool = Field(
        default=False, description="A Chinese port recaptured from Japan (40.831 A)."
    )
    haiphong: bool = Field(
        default=False,
        description="The Western Allies control Haiphong with a supply line to Kunming (40.831 B).",
    )
    burma_road: bool = Field(
        default=True,
        description="Supply lines from the India box to Mandalay and from Mandalay to Kunming (40.841).",
    )
    burma_port: bool = Field(
        default=True, description="An Allied port in Burma or India reached through the Pacific."
    )
    air_transport_factors: Counters = Field(
        default=0, description="Uninverted Western Allied air transport factors for the Hump (40.851)."
    )


class GrantsState(Strict):
    """The state that rule 40 reads. With this section, grants are decisions of the plan."""

    _usat = model_validator(mode="before")(usat_given_once)

    @model_validator(mode="before")
    @classmethod
    def _horizon_given_once(cls, data: object) -> object:
        """The planning horizon is one fact, the scenario's `horizon:` section."""
        if isinstance(data, dict) and ("horizon_turns" in data or "discount" in data):
            raise ValueError(
                "the planning horizon is given once, in the scenario's `horizon:` section (`turns`, "
                "`discount`), not in `grants:`"
            )
        return data

    usjt_china_cap: Brps = Field(
        default=0,
        description="BRPs the USJT level allows the U.S. to grant China before war with Japan (40.332 A).",
    )
    germany_russia_war_turns: Turns = Field(
        default=0,
        description="0 before war between Germany and Russia; else this is the Nth Allied player turn since (40.411).",
    )
    paris_allied: bool = Field(default=True, description="Paris is under Allied control (40.331 A, 40.34 A).")
    anglo_french_cooperation_lifted: bool = Field(
        default=False, description="All Anglo-French cooperation restrictions are lifted (40.34 A)."
    )
    surrendered: list[GrantRecipient] = Field(
        default_factory=list, description="Surrendered powers and Commonwealth countries (40.332 B-D, 40.36)."
    )
    transports: dict[Ocean, Counters] = Field(
        default_factory=dict,
        description="Western Allied transports available to escort grants, per ocean (40.221).",
    )
    murmansk: MurmanskState = Field(default_factory=MurmanskState)
    persia: PersiaState = Field(default_factory=PersiaState)
    turkey: TurkeyState = Field(default_factory=TurkeyState)
    siberia: SiberiaState = Field(default_factory=SiberiaState)
    china: ChinaRoutesState = Field(default_factory=ChinaRoutesState)
    loss_rates: dict[str, Annotated[float, Field(ge=0, le=1)]] = Field(
        default_factory=dict,
        description="Expected share of BRPs lost on an interceptable leg ('britain->murmansk_box'); the plan then maximizes expected delivered BRPs.",
    )

    @field_validator("loss_rates")
    @classmethod
    def _known_legs(cls, rates: dict[str, float]) -> dict[str, float]:
        for name in rates:
            leg = LEG_BY_ID.get(name)
            if leg is None:
                raise ValueError(
                    f"unknown route leg '{name}'"
                    + (did_you_mean(name, LEG_BY_ID) or " (legs are 'from->to' of models/route_data.py)")
                )
            if not leg.interceptable:
                raise ValueError(f"leg '{name}' cannot be intercepted (40.223, 40.74): no loss rate")
        return rates


class MinimumBuild(Strict):
    """A requirement: build at least this many factors (counters for works)."""

    factors: int = Field(
        ge=1, le=MAX_COUNTERS, description="At least this many factors (counters for works)."
    )
    unit: UnitType | None = Field(default=None, description="Of this unit type; any if unset.")
    power: Power | None = Field(default=None, description="By this power; any planned power if unset.")

    def describe(self) -> str:
        who = self.power.value if self.power else "the faction"
        what = f"{self.unit.value} " if self.unit else ""
        return f"{who}: at least {self.factors} {what}factors"


class PriorityKind(StrEnum):
    VALUE = "value"  # weighted value: factors x value + unspent BRPs + oil counters kept
    FACTORS = "factors"  # combat factors built
    UNSPENT_BRPS = "unspent_brps"
    OIL_KEPT = "oil_kept"
    DELIVERED = "delivered"  # BRPs delivered by grants (expected, with loss rates)


class Priority(Strict):
    """One objective in the lexicographic order."""

    kind: PriorityKind = Field(
        description="value, factors, unspent_brps, oil_kept or delivered: what this priority maximizes."
    )
    units: list[UnitType] | None = Field(default=None, description="Only these unit types (factors).")
    powers: list[Power] | None = Field(default=None, description="Only these powers.")


class Preset(StrEnum):
    MAX_FACTORS = "max-factors"
    MAX_VALUE = "max-value"


# Default value per factor (per counter for works) by unit type: a rough worth
# in play, documented in the README. Players set their own in `values:`.
DEFAULT_VALUES: dict[UnitType, float] = {
    UnitType.INFANTRY: 1.0,
    UnitType.REPLACEMENT: 0.8,
    UnitType.NAVAL_AIR: 1.5,
    UnitType.KAMIKAZE: 1.2,
    UnitType.FLAK: 0.6,
    UnitType.ARMOR: 2.2,
    UnitType.PARTISAN: 1.5,
    UnitType.AIRBORNE: 2.5,
    UnitType.CHINDIT: 2.5,
    UnitType.MARINE: 2.5,
    UnitType.COMMANDO: 2.5,
    UnitType.ARMY_AIR: 3.2,
    UnitType.JET: 3.6,
    UnitType.STRATEGIC_BOMBER: 2.4,
    UnitType.INTERCEPTOR: 2.4,
    UnitType.DESTROYER: 3.0,
    UnitType.ESCORT_CARRIER: 3.0,
    UnitType.CRUISER: 3.0,
    UnitType.CAPITAL_SHIP: 3.0,
    UnitType.CARRIER: 3.0,
    UnitType.TRANSPORT: 3.0,
    UnitType.SUBMARINE: 3.0,
    UnitType.ASW: 3.0,
    UnitType.FORTIFICATION: 4.0,
    UnitType.RAILHEAD: 3.0,
    UnitType.BEACH_DEFENSE: 2.0,
    UnitType.PORT: 6.0,
}

PRESET_PRIORITIES: dict[Preset, tuple[PriorityKind, ...]] = {
    Preset.MAX_FACTORS: (PriorityKind.FACTORS, PriorityKind.UNSPENT_BRPS, PriorityKind.OIL_KEPT),
    Preset.MAX_VALUE: (PriorityKind.VALUE, PriorityKind.UNSPENT_BRPS, PriorityKind.OIL_KEPT),
}

Value = Annotated[float, Field(ge=-1000, le=1000)]


class Objective(Strict):
    """What the player wants from this turn (section 3 of the planner's design)."""

    preset: Preset = Field(
        default=Preset.MAX_VALUE,
        description="max-value: most value, then most BRPs kept; max-factors: most combat factors, then most BRPs kept.",
    )
    values: dict[UnitType, Value] = Field(
        default_factory=dict,
        description="Value per factor (per counter for works) by unit type; unset types take the defaults.",
    )
    unspent_brp_value: Value = Field(default=0.0, description="Value of each BRP not spent.")
    oil_counter_value: Value = Field(default=0.0, description="Value of each oil counter kept.")
    minimum: list[MinimumBuild] = Field(default_factory=list, description="Builds that must be made.")
    reserve: dict[Power, Brps] = Field(default_factory=dict, description="BRPs each power must keep unspent.")
    deliver: dict[GrantRecipient, Brps] = Field(
        default_factory=dict, description="Requirement: deliver at least these BRPs by grants (rule 40)."
    )
    delivered_brp_value: dict[GrantRecipient, Value] = Field(
        default_factory=dict,
        description="Value of each BRP delivered by grant to a recipient (expected, with loss rates).",
    )
    avoid_oil_effect: bool = Field(
        default=False,
        description="Require each planned faction to spend at least one oil counter on construction (27.35 H).",
    )
    priorities: list[Priority] | None = Field(
        default=None, description="Ordered objectives solved lexicographically; the preset's if unset."
    )

    def value_of(self, unit: UnitType) -> float:
        return self.values.get(unit, DEFAULT_VALUES[unit])

    def priority_list(self) -> list[Priority]:
        if self.priorities:
            return list(self.priorities)
        return [Priority(kind=kind) for kind in PRESET_PRIORITIES[self.preset]]


class Settings(Strict):
    """Readings of the rules where players may differ."""

    kamikazes_use_naval_air_rate: bool = Field(
        default=True,
        description="Kamikaze factors count against Japan's naval air training rate (27.61) [reading].",
    )
    australian_builds_count_against_british_limit: bool = Field(
        default=False,
        description=(
            "Australian builds paid by Britain also count against the British construction limit; by default "
            "they count only against the Australian 9-BRP limit (27.473 B) [reading]."
        ),
    )
    russian_cap_urals_only: bool = Field(
        default=False,
        description=(
            "27.33 caps Russia's construction limit reduction at 15: by default the reduction from all its "
            "bombing, rocket and adjacency losses [reading]; if true, only the part from losses in the Urals "
            "box (`urals_pooled_losses`, `urals_rocket_losses`), the rest counting in full."
        ),
    )
    beach_defenses_count_against_limit: bool = Field(
        default=True,
        description=(
            "Beach defenses count against the construction limit like fortifications [reading]; 27.31 lists "
            "what counts and does not name them, so if false they are paid from BRPs but not counted against "
            "any construction limit."
        ),
    )
    spend_grants_lost_to_interception: bool = Field(
        default=False,
        description=(
            "BRPs granted by sea or air reach the recipient only after interception (40.23 B): by default "
            "the recipient plans to spend at most the BRPs expected to arrive under the loss rates, rounded "
            "down [reading]; if true it plans with the whole grant, knowing losses will not be available."
        ),
    )
    post_election_grant_caps: bool = Field(
        default=True,
        description=(
            "After a U.S. election result of -7 or below (40.333), 62.421 sets the grant limits; it is not in "
            "the rules here, so by default U.S. grants to Britain, France, Canada and South Africa are held to "
            "the 40.331 A cap (USAT - 25, at most 25) and grants to China to the USJT cap of 40.332 A "
            "(`grants.usjt_china_cap`) even at war [reading]; if false, the result changes no grant limit here."
        ),
    )
    grant_limit_reduction_per_turn_total: bool = Field(
        default=False,
        description=(
            "27.334: 'for every three BRPs (round down) granted by a major power'. By default the grantor's "
            "limit falls by floor(g / 3) for each grant, g the BRPs granted to one recipient, so it always equals "
            "the recipient's increase (27.34) [reading]; if true, by floor(G / 3), G all the BRPs it grants this "
            "turn (U.S. grants to Canada, South Africa, Australia and India apart: they count in full, 40.244)."
        ),
    )
    offensive_ships_cost_per_two_factors: bool = Field(
        default=False,
        description=(
            "Limited and participation offensives (27.12 chart, 'each 2-factor cruiser or named ship used: 1'): "
            "by default 1 BRP per cruiser or named ship used, whatever its factors [reading]; if true, 1 BRP "
            "per two factors of cruisers and named ships used, the offensive's total rounded up."
        ),
    )
    lend_lease_as_grant: bool = Field(
        default=False,
        description=(
            "What the U.S. pays of the Western Allied transports it builds before war with Germany (27.7322 B): "
            "by default construction of the U.S., counted 1:1 against its limit [reading]; if true a BRP grant "
            "to Britain ('at American expense, as a BRP grant to Britain'), a grant of its own: the U.S. limit "
            "loses floor(share / 3) (27.334), Britain's gains as much (27.34), and the transports' whole cost "
            "counts against the British limit. Either way within the 40.331 A cap."
        ),
    )
    naval_oil_only_construction: bool = Field(
        default=False,
        description=(
            "Which naval BRPs of this turn the oil threshold prices (27.35, 27.72): by default all of them, in "
            "3-BRP steps [reading]; if true only construction proper (lay-downs, continuing, the normal 3 BRPs "
            "of an accelerated step, SW units), while repairs (27.7267), raising ships sunk in port (27.7262) "
            "and the extra BRPs of acceleration (27.7272 B) are paid at their cost, outside the threshold."
        ),
    )
    oil_threshold_counts_normal_cost: bool = Field(
        default=True,
        description=(
            "The 25 x (n+1) threshold is measured in BRPs of builds at normal cost, so a 27.13 A rebuild "
            "inside it counts its normal cost (27.35) [reading]; if false, it counts the doubled price."
        ),
    )


def _check_naval(where: str, power: Power, naval: NavalState, us_at_war: Mapping[Theater, bool]) -> None:
    """Who builds what where (27.711, 27.712, 27.7222, 27.7223)."""
    homes = HOME_COUNTRIES[power] | ({Country.CANADA, Country.AUSTRALIA} if power is Power.BRITAIN else set())
    yards = [yard.id for yard in naval.shipyards]
    for i, yard in enumerate(naval.shipyards):
        if SITE_BY_ID[yard.id].country not in homes and not yard.captured:
            raise ValueError(
                f"{where}.naval.shipyards[{i}]: {yard.id} is not in {power.value}'s home country (27.712)"
            )
        if yard.rate is None and yard.id not in SHIPYARD_RATES.get(power, {}):
            raise ValueError(f"{where}.naval.shipyards[{i}]: give the rate of {yard.id} (27.731 has none)")
        rate = yard.rate if yard.rate is not None else SHIPYARD_RATES[power][yard.id]
        capacity = yard_capacity(1 if yard.captured else rate, yard.id.startswith("us_"), yard.captured)
        if len(yard.chart) > capacity:
            raise ValueError(
                f"{where}.naval.shipyards[{i}]: {len(yard.chart)} ships on the chart of {yard.id} "
                f"but its capacity is {capacity} (27.741)"
            )
    if len(set(yards)) != len(yards):
        raise ValueError(f"{where}.naval.shipyards: a yard is listed twice")
    for i, build in enumerate(naval.sw_units):
        if power in (Power.GERMANY, Power.ITALY) and build.unit is not UnitType.SUBMARINE:
            raise ValueError(
                f"{where}.naval.sw_units[{i}]: {power.value} builds only submarines (27.93 A, B)"
            )
    if naval.sw_units and not any(not yard.captured for yard in naval.shipyards):
        raise ValueError(f"{where}.naval.sw_units: SW units need a shipyard's points (27.72)")
    for i, sunk in enumerate(naval.sunk_in_port):
        if sunk.yard not in yards:
            raise ValueError(
                f"{where}.naval.sunk_in_port[{i}]: {sunk.yard} is not one of the power's shipyards (27.7263)"
            )
        us_theater = {"us_atlantic_box": "europe", "us_pacific_box": "pacific"}.get(sunk.yard)
        if us_theater is not None and us_theater != sunk.theater:
            raise ValueError(
                f"{where}.naval.sunk_in_port[{i}]: U.S. {us_theater} shipbuilding serves only its own theater (27.7263)"
            )
    faction = POWER_FACTION[power]
    for i, yard in enumerate(naval.shipyards):
        ships: tuple[ChartShip | DamagedShip, ...] = (*yard.chart, *yard.waiting_for_repair)
        for ship in ships:
            if ship.owner not in (None, "minor"):
                try:
                    owner = Power(ship.owner)
                except ValueError:
                    raise ValueError(
                        f"{where}.naval.shipyards[{i}] {ship.id}: unknown owner '{ship.owner}'"
                        + did_you_mean(ship.owner, [*(p.value for p in Power), "minor"])
                    ) from None
                western = {Power.BRITAIN, Power.FRANCE, Power.USA}
                if POWER_FACTION[owner] is not faction and not (owner in western and power in western):
                    raise ValueError(
                        f"{where}.naval.shipyards[{i}] {ship.id}: {owner.value}'s ship in {power.value}'s yard (27.7264)"
                    )
            if (
                ship.owner not in (None, "minor", power.value)
                and yard.id.startswith("us_")
                and not any(us_at_war.values())
            ):
                raise ValueError(
                    f"{where}.naval.shipyards[{i}] {ship.id}: U.S. boxes repair others' ships only while the U.S. "
                    "is at war (27.7264)"
                )
            if ship.vichy and (power is not Power.FRANCE or yard.id != "marseilles"):
                raise ValueError(
                    f"{where}.naval.shipyards[{i}] {ship.id}: Vichy ships are at Marseilles (27.7265)"
                )
    for i, design in enumerate(naval.designs):
        at = f"{where}.naval.designs[{i}] ({design.id})"
        if design.for_britain and (power is not Power.USA or design.unit is not UnitType.ESCORT_CARRIER):
            raise ValueError(f"{at}: only U.S. CVEs are built for Britain (27.7223 B)")
        if design.unit is UnitType.CARRIER and design.carrier_class not in FAST_CARRIER_CLASSES[power]:
            raise ValueError(
                f"{at}: {power.value} may not build {design.carrier_class} fast carriers (27.7222)"
            )
        if design.unit is UnitType.ESCORT_CARRIER and power is not Power.USA:
            raise ValueError(f"{at}: only the U.S. builds CVEs (27.7223 A)")
        for yard_id in design.yards or []:
            if yard_id not in yards:
                raise ValueError(f"{at}: {yard_id} is not one of the power's shipyards")


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

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.sw is not None and (problem := sw_consistency(self.sw, bool(self.us_at_war.get("europe")))):
            raise ValueError(problem)
        members = {p for f in SIDE_FACTIONS[self.faction] for p in FACTION_POWERS[f]}
        if not self.powers:
            raise ValueError("powers: plan at least one major power")
        for faction in Faction:
            kept = self._per_faction(self.oil_reserved, faction)
            if kept > self._per_faction(self.oil_counters, faction):
                raise ValueError(
                    f"oil_reserved: {kept} counters of {faction.value} kept back, but it has only "
                    f"{self._per_faction(self.oil_counters, faction)} (27.35 F)"
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
                _check_naval(where, power, state.naval, self.us_at_war)
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
            for j, received in enumerate(state.grants_received):
                if received.from_ in self.powers:
                    raise ValueError(
                        f"{where}.grants_received[{j}]: {received.from_.value} is planned here; "
                        "list the grant under its grants_made"
                    )
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
        if self.mobilization is not None and (
            problem := mobilization_problem(
                self.mobilization,
                {power: state.force_pool for power, state in self.powers.items()},
                {
                    power: [y.id for y in state.naval.shipyards] if state.naval else []
                    for power, state in self.powers.items()
                },
            )
        ):
            raise ValueError(problem)
        return self

    def oil_available(self, faction: Faction) -> int:
        """Oil counters of `faction` available for construction (27.35): its counters less those kept
        back for uninverting and exploitation (27.35 F)."""
        return self._per_faction(self.oil_counters, faction) - self.oil_kept_back(faction)

    def oil_kept_back(self, faction: Faction) -> int:
        """Oil counters of `faction` kept back for uninverting and exploitation (27.35 F)."""
        return self._per_faction(self.oil_reserved, faction)

    def _per_faction(self, counters: int | dict[Faction, int], faction: Faction) -> int:
        """A number given for the planning faction, or per faction."""
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
