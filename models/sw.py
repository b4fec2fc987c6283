"""Submarine warfare (rule 25): the scenario's `sw:` section, its deployment plan and the rule tables.

The SW Combat Modifiers Table of 25.61 is written once here, row by row with its rule numbers,
and read by both the solver (`optimizer/rules/sw/`) and the independent checker
(`optimizer/checker/sw/`). Positive modifiers favour the submarines (25.61).

Control of ports: the ports of the bundled map (Brest, Lorient, Hamburg, ...) are read from the
scenario's `map` section (controller, supply traced over the map); the other ports the rules name
(St. Nazaire, Gibraltar, Colombo, Manila, ...) are given here in `sw.ports`, each with a default
controller at the start of the war.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, NamedTuple

from pydantic import Field, NonNegativeInt, model_validator

from models.base import Strict
from models.map_data import SITE_BY_ID
from models.sw_ports import SW_PORTS, all_ports
from models.tables import Power


class SWBox(StrEnum):
    """The three SW boxes (25.3)."""

    ATLANTIC = "atlantic"
    INDIAN = "indian"
    PACIFIC = "pacific"


def _did_you_mean(name: str, known: Iterable[str]) -> str:
    """'; did you mean 'brest'?' for a misspelled port, or '' when nothing is close."""
    close = difflib.get_close_matches(name.lower(), sorted(known), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


class SWUnit(StrEnum):
    """Units that count in an SW box (25.4, 25.361, 25.362)."""

    SUBMARINE = "submarine"  # factors: the attacker's submarine level (25.41)
    ASW = "asw"  # factors: the defender's ASW level (25.42)
    CVE = "cve"  # counters: the CVE steps of 25.64
    DESTROYER = "destroyer"  # factors: absorb onboard submarine losses only (25.361)
    ADVANCED_SUBMARINE = "advanced_submarine"  # German factors: a separate Atlantic roll (25.73)


class Campaign(StrEnum):
    """The possible submarine warfare campaigns (25.671, 25.7-25.9)."""

    GERMAN_ATLANTIC = "german_atlantic"
    GERMAN_INDIAN = "german_indian"
    JAPANESE_INDIAN = "japanese_indian"
    JAPANESE_PACIFIC = "japanese_pacific"
    AMERICAN_PACIFIC = "american_pacific"


AXIS_POWERS: frozenset[Power] = frozenset({Power.GERMANY, Power.ITALY, Power.JAPAN})


def is_axis(power: Power | None) -> bool:
    return power in AXIS_POWERS


def is_allied(power: Power | None) -> bool:
    """The Western Allies and their allies (Russia, China) against the Axis [reading]."""
    return power is not None and power not in AXIS_POWERS


class CampaignSpec(NamedTuple):
    box: SWBox
    attacker: Power  # whose submarines
    axis_attacks: bool  # the Axis attack Western Allied transports (True) or the reverse


CAMPAIGNS: dict[Campaign, CampaignSpec] = {
    Campaign.GERMAN_ATLANTIC: CampaignSpec(SWBox.ATLANTIC, Power.GERMANY, True),  # 25.71
    Campaign.GERMAN_INDIAN: CampaignSpec(SWBox.INDIAN, Power.GERMANY, True),  # 25.83
    Campaign.JAPANESE_INDIAN: CampaignSpec(SWBox.INDIAN, Power.JAPAN, True),  # 25.81, 25.83
    Campaign.JAPANESE_PACIFIC: CampaignSpec(SWBox.PACIFIC, Power.JAPAN, True),  # 25.91
    Campaign.AMERICAN_PACIFIC: CampaignSpec(SWBox.PACIFIC, Power.USA, False),  # 25.91
}


# --- The SW Combat Modifiers Table (25.61) -------------------------------------------------------


class Row(NamedTuple):
    """One row of the SW Combat Modifiers Table (25.61)."""

    key: str
    rule: str
    text: str
    campaigns: frozenset[Campaign]


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


def rows_of(campaign: Campaign) -> tuple[Row, ...]:
    """The table's rows that apply to a campaign, in the table's order (25.61)."""
    return tuple(row for row in MODIFIER_ROWS if campaign in row.campaigns)


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


MAX_GROUP_FACTORS = 500  # factors of one group of SW units: force pools hold tens

# --- The `sw:` section ------------------------------------------------------------------------


class SWPort(Strict):
    """Control and supply of a port of rule 25 that is not on the bundled map."""

    controller: Power | None = Field(description="Who controls it now (none: neutral).")
    fully_supplied: bool = Field(
        default=True, description="The controller fully supplies it (25.723, 25.811, 25.92 A)."
    )


class ForceGroup(Strict):
    """SW units of one power, kind and state: in an SW box or at a base (25.3)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_.\-]+$", description="Unique name of the group.")
    power: Power = Field(description="Whose units (for ASW: the nation of the building yard, 25.22).")
    unit: SWUnit = Field(
        description=(
            "submarine, asw, cve (counters), destroyer, or advanced_submarine (German only) "
            "(25.4, 25.361, 25.362, 25.73)."
        )
    )
    factors: int = Field(ge=0, le=MAX_GROUP_FACTORS, description="Factors (CVEs: counters).")
    base: str = Field(
        description=(
            "The port or mapboard box the units are based at or would withdraw to (25.31, 25.37): a port "
            "of the map, a box, or a port of `sw.ports`."
        )
    )
    box: SWBox | None = Field(default=None, description="The SW box they are in now; none: at the base.")
    inverted: bool = Field(
        default=False,
        description=(
            "Inverted: ASW and CVEs count in no SW combat of the next opposing player turn (25.34, 25.362). "
            "Submarines are available for SW in the owner's next player turn either way (25.121)."
        ),
    )
    new: bool = Field(
        default=False,
        description="Built this turn: uninverted at the end of the turn they redeploy to an SW box (27.91).",
    )


class Codebreaking(Strict):
    """Ultra and Magic cards played this turn (25.67)."""

    axis_ultra_sw: NonNegativeInt = Field(
        default=0, le=20, description="European Axis Ultra SW cards (25.671 A)."
    )
    british_ultra_asw: NonNegativeInt = Field(
        default=0, le=20, description="British Ultra ASW cards (25.671 A)."
    )
    japanese_magic_sw: NonNegativeInt = Field(
        default=0, le=20, description="Japanese Magic SW cards (25.671 B)."
    )
    american_magic_asw: NonNegativeInt = Field(
        default=0, le=20, description="American Magic ASW cards (25.671 B)."
    )
    american_magic_sw: NonNegativeInt = Field(
        default=0, le=20, description="American Magic SW cards (25.671 C)."
    )
    japanese_magic_asw: NonNegativeInt = Field(
        default=0, le=20, description="Japanese Magic ASW cards (25.671 C)."
    )


class Research(Strict):
    """One power's research results that SW reads (25.622, 25.623), and its Naval Nationality DRM."""

    naval_nationality_drm: int = Field(
        default=0, ge=-5, le=5, description="Naval Nationality DRM (22.552 A, 25.631)."
    )
    torpedo: int = Field(
        default=0,
        ge=0,
        le=10,
        description="Torpedo research results (25.622; Japan starts with one, 25.632).",
    )
    asw: int = Field(
        default=0,
        ge=0,
        le=10,
        description="ASW research results in effect this turn (25.622; an 8+ result counts over two turns, 41.84).",
    )
    air_range: int = Field(default=0, ge=0, le=10, description="Air range research results (25.623).")


class CampaignWeights(Strict):
    """What one campaign is worth to the planning player, per point (the `weights` objective)."""

    modifier: float = Field(default=2.0, ge=0, le=100, description="Per point of net modifier.")
    submarine_level: float = Field(default=1.0, ge=0, le=100, description="Per submarine factor.")
    asw_level: float = Field(default=1.0, ge=0, le=100, description="Per ASW factor.")


class SWSection(Strict):
    """Submarine warfare this turn (rule 25): forces, the facts the modifiers read, the objective."""

    forces: list[ForceGroup] = Field(
        default_factory=list,
        description="Submarines, ASW, CVEs and destroyers in or available to the SW boxes (25.1-25.3).",
    )
    research: dict[Power, Research] = Field(
        default_factory=dict, description="Research and Naval Nationality DRMs by power (none given: 0)."
    )
    codebreaking: Codebreaking = Field(
        default_factory=Codebreaking, description="Ultra and Magic cards played this turn (25.67)."
    )
    ports: dict[str, SWPort] = Field(
        default_factory=dict,
        description=(
            "Control and supply of the ports rule 25 names that the bundled map does not hold "
            "(St. Nazaire, La Rochelle, La Coruna, Vigo, Lisbon, Cadiz, Gibraltar, Suez, Colombo, Singapore, "
            "Manila, Pearl Harbor, Hilo, Townsville, Noumea, Suva, Truk, ...); unset ports keep their owner "
            "at the start of the war. Map ports (Brest, Lorient, ...) are set in `map.sites`."
        ),
    )
    inoperative_ports: list[str] = Field(
        default_factory=list, description="Ports that are not operational this turn (25.51, 25.721)."
    )
    germany_us_war_turn: int = Field(
        default=0,
        ge=0,
        le=40,
        description=(
            "Turn of war between Germany and the U.S.: 1 in its first turn, 2 in its second (25.66); 0 not at "
            "war. Must agree with `us_at_war.europe`."
        ),
    )
    ireland_diplomatic_result: int | None = Field(
        default=None, ge=-20, le=20, description="Diplomatic result for Ireland in effect (25.725)."
    )
    allied_defender: dict[SWBox, Power] = Field(
        default_factory=dict,
        description=(
            "Whose Naval Nationality DRM and research stand for the Western Allies in each box (25.62) "
            "[setting]; default Britain in the Atlantic and Indian Ocean, the U.S. in the Pacific."
        ),
    )
    indian_asw_against_germany: NonNegativeInt | None = Field(
        default=None,
        le=500,
        description=(
            "Allied ASW factors in the Indian Ocean set against the German submarines when German and Japanese "
            "both operate there (25.83); the rest face the Japanese. Unset: half, rounded down. The Allies' "
            "deployment plan decides it."
        ),
    )
    us_atlantic_asw_per_turn: NonNegativeInt = Field(
        default=0,
        le=100,
        description=(
            "American-built ASW factors that may deploy to the Atlantic SW box this turn before the U.S. is at "
            "war with Germany: 25.32 A (USAT) is empty in the rules text, so the player gives it [input]."
        ),
    )
    weights: dict[Campaign, CampaignWeights] = Field(
        default_factory=dict, description="The planning player's weights per campaign (default for each)."
    )
    declined: list[Campaign] = Field(
        default_factory=list,
        description=(
            "Campaigns whose submarines decline SW combat (25.14): the defender's transports are then "
            "unaffected by them. For the enemy's submarines the player states it; the planner's own the "
            "deployment decides."
        ),
    )
    japan_attacked_us_this_turn: bool | None = Field(
        default=None,
        description=(
            "Japan attacked the U.S. this turn (25.13 C note): Japanese submarines enter the Pacific and "
            "Indian Ocean boxes in the redeployment phase and make no SW attack this turn. Unset: true in "
            "Winter 1941 when Japan and the U.S. are at war [reading]."
        ),
    )

    @model_validator(mode="after")
    def _check(self) -> SWSection:
        ids = [group.id for group in self.forces]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"forces: duplicate group id {dupes[0]!r}")
        known = set(all_ports())
        for i, group in enumerate(self.forces):
            if group.base not in known:
                raise ValueError(
                    f"forces[{i}].base: unknown port or box {group.base!r}{_did_you_mean(group.base, known)}"
                )
        for i, group in enumerate(self.forces):
            if group.unit is SWUnit.ADVANCED_SUBMARINE and group.power is not Power.GERMANY:
                raise ValueError(f"forces[{i}].unit: advanced submarines are German (25.73)")
        for name in self.ports:
            if name in SITE_BY_ID:
                raise ValueError(
                    f"ports.{name}: {name} is on the bundled map: set its control and supply in map.sites.{name}"
                )
            if name not in SW_PORTS:
                raise ValueError(f"ports.{name}: unknown port{_did_you_mean(name, SW_PORTS)}")
        for name in self.inoperative_ports:
            if name not in known:
                raise ValueError(f"inoperative_ports: unknown port {name!r}{_did_you_mean(name, known)}")
        for box, power in self.allied_defender.items():
            if power not in (Power.BRITAIN, Power.USA):
                raise ValueError(f"allied_defender.{box.value}: Britain or the U.S. (25.31 D)")
        return self

    def research_of(self, power: Power) -> Research:
        return self.research.get(power) or Research()

    def defender_power(self, box: SWBox) -> Power:
        """The Western Allied power whose DRM and research the Allies use in a box [setting]."""
        default = Power.USA if box is SWBox.PACIFIC else Power.BRITAIN
        return self.allied_defender.get(box, default)

    def weights_of(self, campaign: Campaign) -> CampaignWeights:
        return self.weights.get(campaign) or CampaignWeights()


def sw_consistency(sw: SWSection, us_at_war_europe: bool) -> str | None:
    """Cross-section checks: the war turn agrees with `us_at_war.europe` (25.66)."""
    if sw.germany_us_war_turn and not us_at_war_europe:
        return "sw.germany_us_war_turn: set, but us_at_war.europe is not true (25.66)"
    if us_at_war_europe and not sw.germany_us_war_turn:
        return (
            "sw.germany_us_war_turn: us_at_war.europe is true: give the turn of that war (1 = first, 25.66)"
        )
    return None


# --- The deployment plan ---------------------------------------------------------------------------


class GroupPlacement(Strict):
    """Where one group's factors are after this turn's deployment."""

    group: str = Field(description="The id of a group of `sw.forces` (or of the plan's new SW units).")
    at_base: NonNegativeInt = Field(default=0, le=MAX_GROUP_FACTORS, description="Factors left at the base.")
    boxes: dict[SWBox, Annotated[int, Field(ge=0, le=MAX_GROUP_FACTORS)]] = Field(
        default_factory=dict, description="Factors in each SW box (25.3)."
    )


class SWDeployment(Strict):
    """A deployment: each group of the planning side's units, split between its base and SW boxes."""

    placements: list[GroupPlacement] = Field(description="One line per group the planning side moves.")
    indian_asw_against_germany: NonNegativeInt | None = Field(
        default=None,
        le=MAX_GROUP_FACTORS,
        description="Allied Indian Ocean ASW set against the German submarines (25.83); null: not split.",
    )
    declined: list[Campaign] = Field(
        default_factory=list,
        description="The planning side's campaigns whose submarines decline SW combat (25.14).",
    )


# --- SW units of a build plan (27.9, 27.94) ------------------------------------------------------

# 27.94 [reading]: CVEs launched this turn or next are counted in the SW value of a build plan, as
# they can be in a box and uninverted by the next turn's SW combats.
CVE_LAUNCH_TURNS = 2


def build_group_id(power: Power, unit: str, build: str, yard: str) -> str:
    """The id of the group a build plan's new SW units form (`new-<power>-<build>-<yard>`)."""
    return f"new-{power.value}-{unit}-{build}-{yard}"
