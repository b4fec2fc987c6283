"""The ports rule 25 names that the bundled map does not hold, and the front of every port (25.31, 25.51).

Used by the `sw:` section (models/sw.py), the solver (optimizer/rules/sw/) and the checker alike: it is
map data, like models/map_data.py.
"""

from __future__ import annotations

from typing import NamedTuple

from models.map_data import SITE_BY_ID, Country
from models.tables import Power


class SWPortInfo(NamedTuple):
    """A port rule 25 names that the bundled map does not hold."""

    name: str
    owner: Power | None  # controller at the start of the war; None for neutral ports
    front: str  # "western", "mediterranean", "pacific", "indian"


# Ports of rule 25 that are not on the bundled map, with their owner at the start of the war.
SW_PORTS: dict[str, SWPortInfo] = {
    "st_nazaire": SWPortInfo("St. Nazaire", Power.FRANCE, "western"),
    "la_rochelle": SWPortInfo("La Rochelle", Power.FRANCE, "western"),
    "la_coruna": SWPortInfo("La Coruna", None, "western"),
    "vigo": SWPortInfo("Vigo", None, "western"),
    "lisbon": SWPortInfo("Lisbon", None, "western"),
    "cadiz": SWPortInfo("Cadiz", None, "western"),
    # 25.65, 25.723, 25.51 A: an Atlantic submarine base, so a western front port [reading];
    # `sw.gibraltar_western_front: false` makes it Mediterranean [setting].
    "gibraltar": SWPortInfo("Gibraltar", Power.BRITAIN, "western"),
    "suez": SWPortInfo("Suez", Power.BRITAIN, "mediterranean"),
    "basra": SWPortInfo("Basra", Power.BRITAIN, "indian"),
    "abadan": SWPortInfo("Abadan", Power.BRITAIN, "indian"),
    "colombo": SWPortInfo("Colombo", Power.BRITAIN, "indian"),
    "madras": SWPortInfo("Madras", Power.BRITAIN, "indian"),
    "singapore": SWPortInfo("Singapore", Power.BRITAIN, "pacific"),
    "manila": SWPortInfo("Manila", Power.USA, "pacific"),
    "pearl_harbor": SWPortInfo("Pearl Harbor", Power.USA, "pacific"),
    "hilo": SWPortInfo("Hilo", Power.USA, "pacific"),
    "tahiti": SWPortInfo("Tahiti", Power.FRANCE, "pacific"),
    "townsville": SWPortInfo("Townsville", Power.BRITAIN, "pacific"),
    "noumea": SWPortInfo("Noumea", Power.FRANCE, "pacific"),
    "suva": SWPortInfo("Suva", Power.BRITAIN, "pacific"),
    "truk": SWPortInfo("Truk", Power.JAPAN, "pacific"),
}

# Map ports by front, for 25.31 and 25.51 [reading]: Germany's, France's and Britain's ports and
# Canada's box are on the western front (Hamburg and Kiel included: Germany borders the North
# Sea); Italy's, Marseilles, Corsica's, Algeria's, Tunisia's and Syria's are Mediterranean.
_WESTERN_COUNTRIES = {
    Country.GERMANY,
    Country.EAST_PRUSSIA,
    Country.FRANCE,
    Country.BRITAIN,
    Country.ULSTER,
}
_MEDITERRANEAN_COUNTRIES = {
    Country.ITALY,
    Country.SICILY,
    Country.SARDINIA,
    Country.CORSICA,
    Country.ALGERIA,
    Country.TUNISIA,
    Country.SYRIA,
}
_MEDITERRANEAN_MAP_PORTS = {"marseilles"}


def port_front(port: str) -> str | None:
    """The front of a port (25.31, 25.51) [reading for the map's ports, above]."""
    if port in SW_PORTS:
        return SW_PORTS[port].front
    site = SITE_BY_ID.get(port)
    if site is None or not site.port or site.box:
        return None
    if port in _MEDITERRANEAN_MAP_PORTS or site.country in _MEDITERRANEAN_COUNTRIES:
        return "mediterranean"
    if site.country in _WESTERN_COUNTRIES:
        return "western"
    if site.country in (Country.JAPAN, Country.AUSTRALIA):
        return "pacific"
    if site.country == Country.INDIA:
        return "indian"
    return None


def all_ports() -> list[str]:
    """Every port name an `sw` section may use: the map's ports and boxes and those of SW_PORTS."""
    return sorted({s.id for s in SITE_BY_ID.values() if s.port} | set(SW_PORTS))
