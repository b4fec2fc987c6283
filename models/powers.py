"""A major power's state in a scenario: its turn, BRPs, force pool, construction limit inputs, grants made
and received, fixed spending and naval air (rules 27 and 40)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from models.base import LABEL, Strict, did_you_mean
from models.map_data import FRENCH_COLONIES, SITE_BY_ID
from models.naval import NavalState
from models.quantities import (
    MAX_BRPS,
    MAX_FACTORS_PER_COUNTER,
    Brps,
    Counters,
)
from models.tables import (
    NON_CONSTRUCTION_COSTS,
    PER_FACTOR_SPENDING,
    UNIT_SPECS,
    Category,
    Dominion,
    Power,
    UnitType,
    offensive_ship_brps,
)


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
        pattern=LABEL,
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
