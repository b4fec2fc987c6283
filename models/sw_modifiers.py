"""The SW Combat Modifiers Table of 25.61, row by row with its rule numbers, and the arithmetic of its
rows (25.64 CVE steps, 25.66 war turns, 25.67 codebreaking, 25.73 advanced submarines).

Written once here and read by both the solver (`optimizer/rules/sw/`) and the independent checker
(`optimizer/checker/sw/`). Positive modifiers favour the submarines (25.61).
"""

from __future__ import annotations

from typing import NamedTuple

from models.sw import Campaign, SWBox, SWSection


class Row(NamedTuple):
    """One row of the SW Combat Modifiers Table (25.61)."""

    key: str
    rule: str
    text: str
    campaigns: frozenset[Campaign]
    setting: str | None = None  # the row applies only when this `sw:` setting is true


_ALL = frozenset(Campaign)
_ATL = frozenset({Campaign.GERMAN_ATLANTIC})
_IND = frozenset({Campaign.GERMAN_INDIAN, Campaign.JAPANESE_INDIAN})
_PAC = frozenset({Campaign.JAPANESE_PACIFIC, Campaign.AMERICAN_PACIFIC})

MODIFIER_ROWS: tuple[Row, ...] = (
    Row("nationality", "25.621", "Naval Nationality DRMs compared (attacker - defender)", _ALL),
    Row("air_range", "25.623", "air range research levels compared (attacker - defender)", _ALL),
    Row("torpedo", "25.622", "+ attacker torpedo research level", _ALL),
    Row("asw_research", "25.622", "- defender ASW research level", _ALL),
    Row("cves", "25.64 A, 25.722", "-1 for every 6 CVEs in the Atlantic SW box (max -4)", _ATL),
    Row("cves", "25.64 B", "-1 for every 3 CVEs in the Indian Ocean SW box (max -4)", _IND),
    Row("cves", "25.64 B", "-1 for every 3 CVEs in the Pacific SW box (max -4)", _PAC),
    Row("biscay_ports", "25.723", "+2 Axis control Brest, Lorient, St. Nazaire or La Rochelle", _ATL),
    Row("iberian_ports", "25.723", "+1 Axis control La Coruna, Vigo, Lisbon or Cadiz", _ATL),
    Row("gibraltar", "25.723", "+1 Axis control Gibraltar", _ATL),
    Row("us_war", "25.66 A, 25.724", "+1 Germany and the U.S. are at war", _ATL),
    Row("us_war_first_turns", "25.66 B", "Germany and the U.S. at war: first turn +2, second +1", _ATL),
    Row("ireland", "25.725", "+1 a diplomatic result for Ireland of 7 or more", _ATL),
    Row("ultra", "25.67, 25.726", "+/-1 Ultra codebreaking advantage", _ATL),
    Row(
        "us_war",
        "25.66 A",
        "+1 Germany and the U.S. are at war (`sw.us_war_rows_in_indian_ocean`)",
        frozenset({Campaign.GERMAN_INDIAN}),
        "us_war_rows_in_indian_ocean",
    ),
    Row(
        "us_war_first_turns",
        "25.66 B",
        "Germany and the U.S. at war: first turn +2, second +1 (`sw.us_war_rows_in_indian_ocean`)",
        frozenset({Campaign.GERMAN_INDIAN}),
        "us_war_rows_in_indian_ocean",
    ),
    Row(
        "colombo",
        "25.811",
        "+1 Japan controls Colombo (Japanese submarines only)",
        frozenset({Campaign.JAPANESE_INDIAN}),
    ),
    Row(
        "ultra",
        "25.671 A",
        "+/-1 Ultra codebreaking advantage (German submarines only)",
        frozenset({Campaign.GERMAN_INDIAN}),
    ),
    Row(
        "magic",
        "25.671 B",
        "+/-1 Magic codebreaking advantage (Japanese submarines only)",
        frozenset({Campaign.JAPANESE_INDIAN}),
    ),
    Row(
        "pacific_ports",
        "25.92 A",
        "+1 Japan controls Townsville, Noumea, Suva or any port in the Hawaiian Islands (Japanese submarines only)",
        frozenset({Campaign.JAPANESE_PACIFIC}),
    ),
    Row(
        "manila",
        "25.92 B",
        "+2 Allies control Manila (American submarines only)",
        frozenset({Campaign.AMERICAN_PACIFIC}),
    ),
    Row("magic", "25.671 B, C", "+/-1 Magic codebreaking advantage", _PAC),
)


def rows_of(campaign: Campaign, sw: SWSection | None = None) -> tuple[Row, ...]:
    """The table's rows that apply to a campaign, in the table's order (25.61); a row of a setting
    only when `sw` sets it (25.66 A in the Indian Ocean)."""
    return tuple(
        row
        for row in MODIFIER_ROWS
        if campaign in row.campaigns
        and (row.setting is None or (sw is not None and getattr(sw, row.setting)))
    )


# 25.64: CVEs per step and the cap on the CVE modifier.
CVES_PER_STEP: dict[SWBox, int] = {SWBox.ATLANTIC: 6, SWBox.INDIAN: 3, SWBox.PACIFIC: 3}
CVE_STEP_CAP = 4
# 25.723, 25.811, 25.92: the port groups and what each gives.
BISCAY_PORTS = ("brest", "lorient", "st_nazaire", "la_rochelle")
IBERIAN_PORTS = ("la_coruna", "vigo", "lisbon", "cadiz")
HAWAIIAN_PORTS = ("pearl_harbor", "hilo")
JAPANESE_PACIFIC_PORTS = ("townsville", "noumea", "suva", *HAWAIIAN_PORTS)
PORT_MODIFIERS: dict[str, int] = {
    "biscay_ports": 2,
    "iberian_ports": 1,
    "gibraltar": 1,
    "colombo": 1,
    "pacific_ports": 1,
    "manila": 2,
}
US_WAR_EVERY_TURN = 1  # 25.66 A
US_WAR_FIRST_TURNS = {1: 2, 2: 1}  # 25.66 B: first turn +2, second turn +1
IRELAND_THRESHOLD = 7  # 25.725
CODEBREAKING_CAP = 1  # 25.673
PACIFIC_SUBMARINE_USJT = 40  # 25.91
US_PACIFIC_ASW_USJT = 40  # 25.32 B
US_PACIFIC_ASW_PER_TURN = 1  # 25.32 B
ADVANCED_TABLE_FACTORS = 3  # 25.73 A: each advanced submarine factor counts as three on the SW Combat Table
ADVANCED_TRANSPORTS_PER_FACTOR = 1  # 25.73 D: one Western Allied transport eliminated per advanced submarine


def advanced_submarine_roll(factors: int) -> tuple[int, int]:
    """(level on the SW Combat Table, transports eliminated) of German advanced submarines (25.73 A, D).

    Reading of 25.73 D: "each advanced submarine" is each factor (one-factor counters). The roll has
    no modifiers (25.73 B) and the Western Allies make no roll against them (25.73 C)."""
    return ADVANCED_TABLE_FACTORS * factors, ADVANCED_TRANSPORTS_PER_FACTOR * factors


def cve_modifier(box: SWBox, cves: int) -> int:
    """The CVE modifier of a box (25.64, table of 25.61): -1 a full step of CVEs, at most -4."""
    return -min(CVE_STEP_CAP, cves // CVES_PER_STEP[box])


def us_war_modifier(turn_of_war: int) -> tuple[int, int]:
    """(every turn, first turns) modifiers of war between Germany and the U.S. (25.66 A, B).

    `turn_of_war` is 1 in the first turn of that war; 0 when they are not at war.
    """
    if turn_of_war <= 0:
        return 0, 0
    return US_WAR_EVERY_TURN, US_WAR_FIRST_TURNS.get(turn_of_war, 0)


def codebreaking_modifier(submarine_cards: int, asw_cards: int) -> int:
    """Cards compared, capped at +/-1 (25.671-25.673)."""
    return max(-CODEBREAKING_CAP, min(CODEBREAKING_CAP, submarine_cards - asw_cards))
