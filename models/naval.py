"""Scenario models of naval construction (27.7): shipyards, their charts, ships to lay down, SW units."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from models.base import NAME, Strict
from models.map_data import SITE_BY_ID
from models.naval_tables import (
    CHART_UNITS,
    LAUNCH_ROW,
    NAMED_UNITS,
    SEASONS,
    SW_UNITS,
    CarrierClass,
)
from models.quantities import Brps, Counters, Level
from models.tables import Power, UnitType

Row = Literal["launch", 2, 3, 4, 5]
SeasonName = Literal["spring", "summer", "fall", "winter"]


def row_number(row: Row) -> int:
    return LAUNCH_ROW if row == "launch" else int(row)


def column_number(season: str) -> int:
    return SEASONS.index(season)


def _check_ship(unit: UnitType, factors: int, carrier_class: CarrierClass | None) -> None:
    if unit not in CHART_UNITS:
        raise ValueError(f"'{unit.value}' is not built on a Naval Construction Chart (27.723)")
    if unit in NAMED_UNITS and not 2 <= factors <= 5:
        raise ValueError("named ships have 2 to 5 factors (27.721 C)")
    if unit is UnitType.CRUISER and factors != 2:
        raise ValueError("cruisers are built in two-factor increments (27.7251 B)")
    if unit in (UnitType.DESTROYER, UnitType.ESCORT_CARRIER) and factors != 1:
        raise ValueError("destroyers and CVEs are one-factor units (27.7221)")
    if carrier_class is not None and unit is not UnitType.CARRIER:
        raise ValueError("carrier_class is for fast carriers only")


class OwnedShip(Strict):
    """Who a ship in a yard belongs to, when not the yard's power."""

    owner: str | None = Field(
        default=None,
        description=(
            "Whose ship, if not the yard's power: a power (27.7264), or 'minor' for a minor country's cruiser "
            "(27.7266 C: only cruisers)."
        ),
    )
    vichy: bool = Field(default=False, description="A Vichy French ship at Marseilles (27.7265).")


class ChartShip(OwnedShip):
    """A ship under construction or repair on a Naval Construction Chart (27.724)."""

    id: str = Field(description="The ship's name or a unique label (no ':', '>', '@' or '=').", pattern=NAME)
    unit: UnitType = Field(description="destroyer, escort_carrier, cruiser, capital_ship or carrier.")
    factors: int = Field(ge=1, le=5, description="The ship's combat factors (27.7).")
    row: Row = Field(description="'launch' or 2-5.")
    column: SeasonName = Field(description="The chart's column (season) the ship is in (27.74).")
    carrier_class: CarrierClass | None = Field(
        default=None, description="Fast carriers only: CV, CVB or CVL (27.7222)."
    )

    @model_validator(mode="after")
    def _ship(self) -> ChartShip:
        _check_ship(self.unit, self.factors, self.carrier_class)
        if self.unit in NAMED_UNITS and row_number(self.row) > self.factors:
            raise ValueError(f"a {self.factors}-factor ship is never above row {self.factors} (27.7251 A)")
        if self.unit is UnitType.CRUISER and row_number(self.row) > 2:
            raise ValueError("cruisers are never above row 2 (27.7251 B)")
        if self.unit in (UnitType.DESTROYER, UnitType.ESCORT_CARRIER) and self.row != "launch":
            raise ValueError("destroyers and CVEs wait in the Launch row (27.7251 C)")
        return self


class DamagedShip(OwnedShip):
    """A damaged cruiser or named ship in a yard's Waiting for Repair box (27.7261)."""

    id: str = Field(description="The ship's name or a unique label (no ':', '>', '@' or '=').", pattern=NAME)
    unit: UnitType = Field(description="cruiser, capital_ship or carrier.")
    factors: int = Field(ge=2, le=5, description="The ship's combat factors.")
    damaged_this_turn: bool = Field(default=False, description="27.7266 A: repairs may not start this turn.")
    carrier_class: CarrierClass | None = Field(
        default=None, description="Fast carriers only: CV, CVB or CVL (27.7222)."
    )

    @model_validator(mode="after")
    def _ship(self) -> DamagedShip:
        _check_ship(self.unit, self.factors, self.carrier_class)
        return self


class SunkShip(Strict):
    """A named ship sunk in port, which may be raised to be repaired (27.7262)."""

    id: str = Field(description="The ship's name (no ':', '>', '@' or '=').", pattern=NAME)
    unit: UnitType = Field(description="capital_ship or carrier: only named ships are raised (27.7262).")
    factors: int = Field(ge=2, le=5, description="The ship's combat factors.")
    yard: str = Field(
        description="The owner's yard whose point raises it and where it then waits for repair."
    )
    theater: Literal["europe", "pacific"] = Field(default="europe", description="Where it lies (27.7263).")
    carrier_class: CarrierClass | None = Field(
        default=None, description="Fast carriers only: CV, CVB or CVL (27.7222)."
    )

    @model_validator(mode="after")
    def _named(self) -> SunkShip:
        if self.unit not in NAMED_UNITS:
            raise ValueError(
                "only named ships sunk in port are raised; cruisers, destroyers, CVEs are eliminated (27.7262)"
            )
        _check_ship(self.unit, self.factors, self.carrier_class)
        return self


class Shipyard(Strict):
    """One shipbuilding location and its Naval Construction Chart (27.723, 27.724)."""

    id: str = Field(
        description="Site of the map: an anchor port of the home country, Canada, Australia or a U.S. box."
    )
    rate: Level | None = Field(default=None, description="Shipbuilding points a turn; 27.731 if unset.")
    captured: bool = Field(
        default=False,
        description=(
            "A captured enemy yard whose original major power has surrendered (27.713: set it only then; "
            "its hex must be held by the user's faction): repairs only, rate 1, capacity 2."
        ),
    )
    chart: list[ChartShip] = Field(default_factory=list)
    waiting_for_repair: list[DamagedShip] = Field(default_factory=list)

    @model_validator(mode="after")
    def _site(self) -> Shipyard:
        if self.id not in SITE_BY_ID:
            raise ValueError(f"unknown shipyard site '{self.id}'")
        if not SITE_BY_ID[self.id].port:
            raise ValueError(f"'{self.id}' is not a port (27.711, 27.712)")
        ids = [ship.id for ship in self.chart] + [ship.id for ship in self.waiting_for_repair]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"ship '{dupes[0]}' appears twice")
        return self


class ShipDesign(Strict):
    """Ships of one kind the power may lay down (27.7251); counters never limit them (27.7224)."""

    id: str = Field(
        description="A unique label of the design, e.g. 'dd-1' (no ':', '>', '@' or '=').", pattern=NAME
    )
    unit: UnitType = Field(description="destroyer, escort_carrier, cruiser, capital_ship or carrier (27.7).")
    factors: int = Field(ge=1, le=5, description="Combat factors of one ship of the design.")
    count: Counters = Field(description="How many the player is willing to lay down over the horizon.")
    carrier_class: CarrierClass | None = Field(
        default=None, description="cv, cvb or cvl for fast carriers (27.7222)."
    )
    for_britain: bool = Field(default=False, description="U.S. CVEs built for Britain (27.7223 B).")
    yards: list[str] | None = Field(
        default=None, description="Only at these yards (for example Australian ships)."
    )

    @model_validator(mode="after")
    def _ship(self) -> ShipDesign:
        _check_ship(self.unit, self.factors, self.carrier_class)
        if self.unit is UnitType.CARRIER and self.carrier_class is None:
            raise ValueError("a fast carrier needs its carrier_class: cv, cvb or cvl (27.7222)")
        return self


class SWBuild(Strict):
    """Submarines, ASW or transports the power may build this turn (27.721 A, 27.9)."""

    id: str = Field(
        description="A unique label of the line, e.g. 'subs' (no ':', '>', '@' or '=').", pattern=NAME
    )
    unit: UnitType = Field(description="submarine, asw or transport (27.9).")
    count: Counters = Field(description="Factors (one counter each).")

    @model_validator(mode="after")
    def _sw(self) -> SWBuild:
        if self.unit not in SW_UNITS:
            raise ValueError(f"'{self.unit.value}' is not an SW unit (submarine, asw, transport)")
        return self


USAT_GIVEN_ONCE = "usat is given once, at the top level of the scenario (`usat:`), not in this section"


def usat_given_once(data: object) -> object:
    """Refuse `usat` in a section: the scenario states it once, at the top level."""
    if isinstance(data, dict) and "usat" in data:
        raise ValueError(USAT_GIVEN_ONCE)
    return data


class NavalState(Strict):
    """A power's shipyards and what it may build on them (27.7, 27.9)."""

    _usat = model_validator(mode="before")(usat_given_once)

    shipyards: list[Shipyard] = Field(default_factory=list)
    designs: list[ShipDesign] = Field(default_factory=list)
    sw_units: list[SWBuild] = Field(default_factory=list)
    fast_carrier_permits: Counters = Field(
        default=0,
        description=(
            "U.S. before war with Japan: fast carriers it may lay down, one per Japanese fast carrier launched "
            "or laid down (27.7325) or Axis fast carrier laid down in a European scenario (27.733)."
        ),
    )
    transports_sunk_by_japan: Counters = Field(
        default=0, description="U.S.: transports sunk by Japan, rebuilt in the Pacific box (27.7322 C)."
    )
    australian_destroyers_in_play: Counters = Field(
        default=0, description="Britain: Australian destroyer factors in play, on charts included (27.712 D)."
    )
    australian_cruisers_in_play: Counters = Field(
        default=0, description="Britain: Australian CA2s in play, on charts included (27.712 D)."
    )
    sunk_in_port: list[SunkShip] = Field(
        default_factory=list, description="Named ships sunk in port (27.7262)."
    )
    vichy_activated: bool = Field(
        default=False, description="France: Vichy France has associated or activated (27.7265)."
    )
    british_transports_lost: Counters = Field(
        default=0,
        description="U.S.: British transports lost last Axis player turn, not to Japan (27.7322 A: cash and carry).",
    )
    deferring_allowed: bool = Field(
        default=True,
        description=(
            "27.7272 C, E: whether this power may defer or scuttle now. The seed lists the events (an Italian "
            "declaration of war on Britain or France, the first Axis full offensive or German declaration of war "
            "on a minor country on the western front) without the sentence that ties them to the restriction, "
            "so the player says [input]."
        ),
    )


class FutureTurn(Strict):
    """Expected BRPs and construction limits of a later turn of the horizon."""

    brps: dict[Power, Brps] = Field(default_factory=dict, description="Per power; this turn's if unset.")
    limits: dict[Power, Brps] = Field(default_factory=dict, description="Per power; this turn's if unset.")


class Horizon(Strict):
    """Naval construction planned over several turns (27.7)."""

    turns: int = Field(
        default=1,
        ge=1,
        le=16,
        description=(
            "This turn and the next turns - 1. Beside a season: section, the chart's own horizon, at least the "
            "season's turns (1: the season's) [reading, 27.7]."
        ),
    )
    discount: float = Field(default=1.0, ge=0, le=1, description="Weight of each later turn, per turn.")
    future: list[FutureTurn] = Field(
        default_factory=list,
        description="Turns after this one; missing turns repeat this turn's BRPs and limits.",
    )
    brp_value: float = Field(
        default=1.0,
        ge=0,
        le=100,
        description=(
            "What a BRP spent on ships in a later turn would have been worth on other builds then (charged, "
            "discounted, against the plan) [reading: later turns' land builds are not planned, so their BRPs "
            "are not free]. Beside a season: section, charged only for the chart's turns past the season (the "
            "season's own are paid out of its BRP flow)."
        ),
    )
