"""A power's naval state checked against the rules of who builds what where (27.711, 27.712, 27.7222,
27.7223, 27.7266 C): the shipyards of its home country and their capacities, its charts' ships, the
Australian counts in play. Part of `Scenario`'s validation; raises ValueError naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from models.base import did_you_mean
from models.map_data import HOME_COUNTRIES, SITE_BY_ID, Country
from models.naval import ChartShip, DamagedShip, NavalState
from models.naval_tables import FAST_CARRIER_CLASSES, SHIPYARD_RATES, yard_capacity
from models.tables import POWER_FACTION, Power, UnitType

Theater = Literal["europe", "pacific"]  # the U.S. wars of 40.33 and 25.22


def check_naval(where: str, power: Power, naval: NavalState, us_at_war: Mapping[Theater, bool]) -> None:
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
        if yard.captured:
            # 27.713: a captured yard repairs cruisers and named ships, "but not to build new ships"; a
            # repair begun stands in the Launch row (27.7267) and repairs and construction are then one
            # (27.7271), so a ship above it, or a destroyer or CVE (never repaired), is one being built.
            for j, on_chart in enumerate(yard.chart):
                if on_chart.unit in (UnitType.DESTROYER, UnitType.ESCORT_CARRIER) or on_chart.row != "launch":
                    raise ValueError(
                        f"{where}.naval.shipyards[{i}].chart[{j}]: {on_chart.id} is under construction, but a "
                        f"captured yard builds no new ships, it only repairs cruisers and named ships, "
                        f"which wait in the Launch row (27.713, 27.7267)"
                    )
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
        # 27.7262: raised, it waits for repair at that yard, whose ships are told apart by name.
        at_yard = next(yard for yard in naval.shipyards if yard.id == sunk.yard)
        named = {ship.id for ship in at_yard.chart} | {ship.id for ship in at_yard.waiting_for_repair}
        named |= {other.id for other in naval.sunk_in_port[:i] if other.yard == sunk.yard}
        if sunk.id in named:
            raise ValueError(
                f"{where}.naval.sunk_in_port[{i}].id: ship '{sunk.id}' is already at {sunk.yard}, where a ship "
                "raised waits for repair (27.7262): give each ship its own name"
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
            british_cve = ship.unit is UnitType.ESCORT_CARRIER and ship.owner == Power.BRITAIN.value
            if (
                ship.owner not in (None, "minor", power.value)
                and yard.id.startswith("us_")
                and not any(us_at_war.values())
                and not (british_cve and isinstance(ship, ChartShip))  # 27.7223 B: built, not repaired
            ):
                raise ValueError(
                    f"{where}.naval.shipyards[{i}] {ship.id}: U.S. boxes repair others' ships only while the U.S. "
                    "is at war (27.7264)"
                )
            if ship.vichy and (power is not Power.FRANCE or yard.id != "marseilles"):
                raise ValueError(
                    f"{where}.naval.shipyards[{i}] {ship.id}: Vichy ships are at Marseilles (27.7265)"
                )
    _check_minor_ships(where, naval)
    _check_australian_in_play(where, naval)
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


def _check_minor_ships(where: str, naval: NavalState) -> None:
    """27.7266 C: "Minor country cruisers may be repaired in a shipyard belonging to a major power":
    a minor country's ship in a major power's yard (`owner: minor`) is a cruiser; no rule brings a minor
    country's capital ship, carrier, destroyer or CVE there."""
    for i, yard in enumerate(naval.shipyards):
        boxes: tuple[tuple[str, Sequence[ChartShip | DamagedShip]], ...] = (
            ("chart", yard.chart),
            ("waiting_for_repair", yard.waiting_for_repair),
        )
        for box, ships in boxes:
            for j, ship in enumerate(ships):
                if ship.owner == "minor" and ship.unit is not UnitType.CRUISER:
                    raise ValueError(
                        f"{where}.naval.shipyards[{i}].{box}[{j}].owner: 'minor' is for cruisers only, "
                        "as minor country cruisers may be repaired in a shipyard belonging to a major power "
                        f"(27.7266 C); {ship.id} is a {ship.factors}-factor {ship.unit.value}"
                    )


def _check_australian_in_play(where: str, naval: NavalState) -> None:
    """27.712 D: Australian destroyer factors and CA2s "in play", counted with those on charts, are at
    least the Australian ships under construction on the Australia chart: its destroyers (one-factor
    units are never damaged, so never repaired there, 27.721) and its cruisers in row 2 (a cruiser in
    the Launch row there is a repair, 27.7267, and may be British) [reading]."""
    for yard in naval.shipyards:
        if yard.id != "australia_box":
            continue
        on_chart = {
            "australian_destroyers_in_play": sum(
                ship.factors for ship in yard.chart if ship.unit is UnitType.DESTROYER
            ),
            "australian_cruisers_in_play": sum(
                1 for ship in yard.chart if ship.unit is UnitType.CRUISER and ship.row == 2
            ),
        }
        for name, building in on_chart.items():
            given = getattr(naval, name)
            if building > given:
                kind = "destroyer factors" if "destroyers" in name else "cruisers (CA2)"
                raise ValueError(
                    f"{where}.naval.{name}: {given}, but {building} Australian {kind} are under construction "
                    "on the Australia chart, and the count includes those on charts (27.712 D)"
                )
