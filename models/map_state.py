"""The state of the map in a scenario: sites' control, supply, zones of control and room (27.4), and the
links cut."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, field_validator

from models.base import Strict, did_you_mean
from models.map_data import HOME_SUPPLY_SOURCES, SITE_BY_ID
from models.quantities import (
    Counters,
)
from models.tables import (
    Power,
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

    def controller_of(self, site: str) -> Power | None:
        """Who controls a site this turn, the control that placement (27.45) and grants (40.21,
        40.331 A, 40.34 A) read: the scenario's `controller`, else the bundled map's owner (None for a
        site no power owns)."""
        state = self.sites.get(site)
        return (state.controller if state is not None else None) or SITE_BY_ID[site].owner

    def holds_home_supply_source(self, power: Power) -> bool:
        """Whether `power` controls an unlimited supply source in its home country, where a grant's supply
        line starts (40.21; `models.map_data.HOME_SUPPLY_SOURCES`: France's is Paris, Britain's London)."""
        return any(self.controller_of(site) is power for site in HOME_SUPPLY_SOURCES[power])
