"""Whether a shipyard may build, repair, or is lost, read from the scenario's map (27.71, 27.712 A,
27.7264), supply traced as for placement (27.43); where a new unit may not be placed (27.44, 27.45)."""

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
    sunk in port (27.7263); `lay_down_breaches`: why no new ship may be laid down there this turn by
    27.44 and 27.45 (rule, reason), empty if it may."""

    builds: bool = True
    repairs: bool = True
    lost: bool = False
    raises: bool = True  # 27.7263: its point may raise a ship sunk in port
    lay_down_breaches: tuple[tuple[str, str], ...] = ()


def new_unit_breaches(scenario: Scenario, site: str) -> tuple[tuple[str, str], ...]:
    """Why a newly constructed unit may not be placed at `site` this turn by 27.44 and 27.45 (rule,
    reason), empty if it may; the constructing power's control now and supply are the caller's.

    27.41: "The placement of newly constructed units is subject to the following limitations". 27.44:
    "Units may not be constructed in hexes which are in an enemy ZoC" (the scenario's `enemy_zoc`;
    the border exception for countries not at war is the player's, who leaves it unset). 27.45: "hexes
    which were controlled by the constructing major power at the beginning of the player turn of
    construction" (`controlled_at_turn_start`), not "hexes which are recaptured from the enemy until
    the player turn following their recapture" (`recaptured_this_turn`)."""
    state = site_state(scenario, site)
    breaches = []
    if state.enemy_zoc:
        breaches.append(("27.44", f"{site} is in an enemy ZoC"))
    if not state.controlled_at_turn_start:
        breaches.append(("27.45", f"{site} was not controlled at the start of the player turn"))
    if state.recaptured_this_turn:
        breaches.append(("27.45", f"{site} was recaptured this turn"))
    return tuple(breaches)


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

    A new ship laid down (27.7251) is a unit constructed in the yard's hex: with the setting
    naval_lay_downs_obey_placement_limits (default true) it obeys 27.44 and 27.45 as every newly
    constructed unit does (27.41) [reading], `lay_down_breaches`; with it off, 27.7's locations
    alone. Ships continued or repaired on the chart are not newly constructed: `builds` and `repairs`
    ignore 27.44 and 27.45.
    """
    placement = (
        new_unit_breaches(scenario, site) if scenario.settings.naval_lay_downs_obey_placement_limits else ()
    )
    controller = scenario.map.controller_of(site)
    side = POWER_FACTION[power] in AXIS_SIDE
    lost = controller is not None and (POWER_FACTION[controller] in AXIS_SIDE) is not side
    if SITE_BY_ID[site].box:
        us_box = SITE_BY_ID[site].country in (Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX)
        at_war = bool(scenario.us_at_war.get("europe") or scenario.us_at_war.get("pacific"))
        return YardStanding(
            builds=not lost,
            repairs=not lost and (at_war or not us_box),
            lost=lost,
            lay_down_breaches=placement,
        )
    supplied = fully_supplied(scenario, power, site)
    friendly = controller is not None and POWER_FACTION[controller] is POWER_FACTION[power]
    # 27.7263: "any shipyard controlled by the owning major power": control, whatever its supply.
    return YardStanding(
        builds=supplied and controller is power,
        repairs=supplied and friendly,
        lost=lost,
        raises=controller is power,
        lay_down_breaches=placement,
    )
