"""The state of the grant routes in a scenario (rule 40): Murmansk, Persia, Turkey, Siberia and the Chinese
routes, and the grants section that plans them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator, model_validator

from models.base import Strict, did_you_mean
from models.map_state import MapState
from models.naval import usat_given_once
from models.powers import GrantRecipient
from models.quantities import (
    Brps,
    Counters,
    Turns,
)
from models.route_data import LEG_BY_ID, LegCondition, Ocean
from models.tables import POWER_FACTION, SIDE_FACTIONS, Faction, Power


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
        default=False,
        description="Capacity 5, not 10 (40.73 B); true when the map has Vladivostok Japanese.",
    )


class ChinaRoutesState(Strict):
    """The routes to China (40.8). Each flag is the player's reading of the map [input]: a route is open
    only where "all land hexes along the route" are "under Allied control and free of Japanese ZoCs"
    (40.82); where they are not, its flag is false."""

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
        default=True,
        description=(
            "An Allied port in Burma or India reached through the Pacific (40.82 A). As for every route to "
            "China, the player reads the map: its land hexes on to Kunming must be Allied and free of "
            "Japanese ZoCs (40.82); where they are not, set the route's flag false."
        ),
    )
    air_transport_factors: Counters = Field(
        default=0,
        description=(
            "Uninverted Western Allied air transport factors for the Hump (40.851). Give 0 when the Hump "
            "cannot be flown this turn: an air base in India or Burma and Kunming must both be operational, "
            "and the air route may not pass over hexes under Japanese control (40.851; read off the map "
            "by the player)."
        ),
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
    paris_allied: bool = Field(
        default=True,
        description=(
            "Paris is under Allied control (40.331 A, 40.34 A); as the map's controller of Paris says "
            "(France when not given), or the scenario is refused."
        ),
    )
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

    def holds(self, condition: LegCondition) -> bool:
        """Whether the fact of the map a leg condition reads is true in this section: its dotted field
        ('china.burma_port') is (`models.route_data.LEG_CONDITIONS`: 40.252, 40.412, 40.53, 40.62,
        40.82 A). Plain reading of the section, the same for the planner and the checker; each applies
        the conditions itself."""
        value: object = self
        for part in condition.field.split("."):
            value = getattr(value, part)
        return bool(value)


def paris_allied_on_map(map_state: MapState) -> bool:
    """Whether the map has Paris under Allied control, on which grants to France depend (40.331 A, 40.34 A):
    its controller, its 1939 owner France when not given (`MapState.controller_of`)."""
    paris = map_state.controller_of("paris")
    return paris is not None and POWER_FACTION[paris] in SIDE_FACTIONS[Faction.WESTERN_ALLIES]


def map_disagreement(grants: GrantsState, map_state: MapState) -> str | None:
    """A fact the `grants:` section and the map both state, stated two ways: Paris under Allied control
    (`paris_allied`; the map's controller of Paris, its 1939 owner France when not given), and Japan
    holding Vladivostok (the map's controller) while `siberia.japan_controls_vladivostok_or_dutch_harbor`
    is false (the flag may be true with Vladivostok Russian: Dutch Harbor is not on the map). The
    planner and the checker read the map for 40.21 and the flags for 40.331 A, 40.34 A and 40.73 B, so
    the scenario is refused rather than one of the two guessed. The message names the field the
    scenario wrote."""
    paris = map_state.controller_of("paris")
    allied = paris_allied_on_map(map_state)
    if grants.paris_allied != allied:
        holder = paris.value if paris is not None else "no one"
        fact = "Allied control of Paris is one fact (40.21, 40.331 A, 40.34 A): make the two agree"
        if "paris_allied" not in grants.model_fields_set:
            return (
                f"map.sites.paris.controller: {holder} holds Paris, but grants.paris_allied is not given and "
                f"is true by default; {fact}"
            )
        given = "paris" in map_state.sites and map_state.sites["paris"].controller is not None
        where = "map.sites.paris.controller" if given else "its 1939 owner, map.sites.paris not naming one"
        stated = str(grants.paris_allied).lower()
        return f"grants.paris_allied: {stated}, but on the map {holder} holds Paris ({where}); {fact}"
    japanese = map_state.controller_of("vladivostok") is Power.JAPAN
    if japanese and not grants.siberia.japan_controls_vladivostok_or_dutch_harbor:
        return (
            "grants.siberia.japan_controls_vladivostok_or_dutch_harbor: false, but on the map japan holds "
            "Vladivostok (map.sites.vladivostok.controller); Japanese control of Vladivostok is one fact "
            "(40.73 B: the Siberian route carries 5 BRPs, not 10): make the two agree"
        )
    return None
