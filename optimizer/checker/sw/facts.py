"""The facts of the turn rule 25 reads, as the checker finds them: ports, wars and tension (25.5, 25.81,
25.91)."""

from __future__ import annotations

from collections.abc import Callable

from models.map_data import SITE_BY_ID
from models.scenario import Scenario, SupplyOverride
from models.sw import SWSection
from models.sw_ports import SW_PORTS, port_front
from models.tables import Power
from optimizer.checker.placement import site_state, supplied_sites

AXIS = {Power.GERMANY, Power.ITALY, Power.JAPAN}


def on_axis_side(power: Power | None) -> bool:
    return power in AXIS


def on_allied_side(power: Power | None) -> bool:
    return power is not None and power not in AXIS


def port_state(scenario: Scenario, sw: SWSection, name: str) -> tuple[Power | None, bool, bool]:
    """(controller, fully supplied, operational) of a port: map ports from the map section with
    supply traced by the checker's own search (27.43); the others from `sw.ports` or their owner."""
    operational = name not in sw.inoperative_ports
    if name in SW_PORTS:
        given = sw.ports.get(name)
        if given is None:
            return SW_PORTS[name].owner, SW_PORTS[name].owner is not None, operational
        return given.controller, given.fully_supplied and given.controller is not None, operational
    controller = scenario.map.controller_of(name)
    if controller is None:
        return None, False, operational
    full = (
        name in supplied_sites(scenario, controller)
        and site_state(scenario, name).supply is SupplyOverride.TRACED
    )
    return controller, full, operational


def held_supplied(
    scenario: Scenario, sw: SWSection, names: tuple[str, ...], test: Callable[[Power | None], bool]
) -> bool:
    """One of `names` controlled (`test`) and fully supplied (25.723, 25.811, 25.92 A) and operational:
    25.65, "The control of specified operational ports modifies submarine warfare"."""
    for name in names:
        controller, full, operational = port_state(scenario, sw, name)
        if test(controller) and full and operational:
            return True
    return False


def port_names(scenario: Scenario) -> list[str]:
    return sorted({s.id for s in SITE_BY_ID.values() if s.port} | set(SW_PORTS))


def wars(scenario: Scenario) -> tuple[bool, bool, int]:
    """(Japan-U.S. war, Japan-Britain war, USJT) as the scenario states them (25.81, 25.91)."""
    japan_us = bool(scenario.us_at_war.get("pacific"))
    britain = scenario.japan_at_war_with_britain
    return japan_us, japan_us if britain is None else britain, scenario.usjt or 0


def at_war(scenario: Scenario, one: Power, other: Power) -> bool:
    """25.11: submarines attack enemy transports, so a campaign needs its attacker and defender at
    war [reading]. Germany and Britain are at war from the start of the game (the scenario has no
    field for it); Germany and the U.S. as `us_at_war.europe`, Japan and the U.S. as
    `us_at_war.pacific`, Japan and Britain as `japan_at_war_with_britain` (unset: as the Pacific)."""
    japan_us, japan_britain, _ = wars(scenario)
    pairs = {
        frozenset({Power.GERMANY, Power.BRITAIN}): True,
        frozenset({Power.GERMANY, Power.USA}): bool(scenario.us_at_war.get("europe")),
        frozenset({Power.JAPAN, Power.USA}): japan_us,
        frozenset({Power.JAPAN, Power.BRITAIN}): japan_britain,
    }
    return pairs.get(frozenset({one, other}), False)


def front(sw: SWSection, name: str) -> str | None:
    """The front of a port (25.31, 25.51); Konigsberg's as `sw.konigsberg_western_front` says. Gibraltar:
    25.65 ("DISTANCE FROM SUBMARINE BASES") reads the ports of 25.723, Gibraltar among them, as bases of
    the Atlantic campaign, and 25.51 A has that campaign conducted "only from an Axis-controlled
    operational port on the western front": a western front port, or a Mediterranean one with
    `sw.gibraltar_western_front: false` [setting]."""
    if name == "konigsberg" and not sw.konigsberg_western_front:
        return "eastern"
    if name == "gibraltar" and not sw.gibraltar_western_front:
        return "mediterranean"
    return port_front(name)
