"""Whether a shipyard may build, repair, or is lost, read from the scenario's map (27.71, 27.712 A,
27.7264), supply traced as for placement (27.43)."""

from __future__ import annotations

from dataclasses import dataclass

from models.map_data import SITE_BY_ID, Country
from models.scenario import Scenario, SupplyOverride
from models.tables import POWER_FACTION, Faction, Power
from optimizer.checker.placement import site_state, supplied_sites

# 27.71 "an opposing alliance faction": the European Axis and Japan against the Allied factions.
AXIS_SIDE = frozenset({Faction.EUROPEAN_AXIS, Faction.JAPAN})


@dataclass(frozen=True)
class YardStanding:
    """`builds`: its points may be spent on its chart (27.712 A); `repairs`: repairs may start there
    (27.7264); `lost`: an opposing faction holds it (27.71); `raises`: its point may raise a ship
    sunk in port (27.7263)."""

    builds: bool = True
    repairs: bool = True
    lost: bool = False
    raises: bool = True  # 27.7263: its point may raise a ship sunk in port


def fully_supplied(scenario: Scenario, power: Power, site: str) -> bool:
    """27.43: not marked partially supplied or isolated, and reached by a supply line of `power`."""
    return site_state(scenario, site).supply is SupplyOverride.TRACED and site in supplied_sites(
        scenario, power
    )


def yard_standing(scenario: Scenario, power: Power, site: str) -> YardStanding:
    """A yard's standing for `power` this turn and over the horizon [reading].

    27.712 A: a home-country port builds while `power` controls it and it is fully supplied; the
    boxes of 27.712 B-D carry no such condition. 27.7264: repairs in a fully supplied port held by
    the owner's faction (the yard's power's); "Western Allied ships may also be repaired in
    Australia, Canada and, if the U.S. is at war with Germany or Japan, in either U.S. box": the
    Canada and Australia boxes always, a U.S. box only while `us_at_war` gives a war in either
    theater (europe: with Germany; pacific: with Japan), for the U.S.'s own ships as for any.
    27.71: held by a power of the other side, the yard is captured.
    """
    controller = scenario.map.controller_of(site)
    side = POWER_FACTION[power] in AXIS_SIDE
    lost = controller is not None and (POWER_FACTION[controller] in AXIS_SIDE) is not side
    if SITE_BY_ID[site].box:
        us_box = SITE_BY_ID[site].country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX)
        at_war = bool(scenario.us_at_war.get("europe") or scenario.us_at_war.get("pacific"))
        return YardStanding(builds=not lost, repairs=not lost and (at_war or not us_box), lost=lost)
    supplied = fully_supplied(scenario, power, site)
    friendly = controller is not None and POWER_FACTION[controller] is POWER_FACTION[power]
    # 27.7263: "any shipyard controlled by the owning major power": control, whatever its supply.
    return YardStanding(
        builds=supplied and controller is power,
        repairs=supplied and friendly,
        lost=lost,
        raises=controller is power,
    )
