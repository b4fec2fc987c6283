"""Submarine warfare (rule 25): the boxes, units and campaigns, the scenario's `sw:` section and its
deployment plan. The SW Combat Modifiers Table is in models/sw_modifiers.py, the ports rule 25 names
in models/sw_ports.py, the player's results table in models/sw_results.py; each is read by both the
solver (`optimizer/rules/sw/`) and the independent checker (`optimizer/checker/sw/`).

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

from models.base import LABEL, Strict
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

    id: str = Field(pattern=LABEL, description="Unique name of the group.")
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
            "The port or mapboard box the units are based at or would withdraw to (25.31, 25.37; a "
            "deployment may withdraw them to another location of their box, `withdraw_to`): a port of the "
            "map, a box, or a port of `sw.ports`."
        )
    )
    box: SWBox | None = Field(default=None, description="The SW box they are in now; none: at the base.")
    inverted: bool = Field(
        default=False,
        description=(
            "Inverted: nothing inverted counts in this turn's SW combats, submarines included (25.121: "
            "'available for SW only during the owning player's next player turn'). ASW and CVEs count in no "
            "SW combat of the next opposing player turn either (25.34, 25.362); submarines are available for "
            "SW in the owner's next player turn (25.121)."
        ),
    )
    new: bool = Field(
        default=False,
        description=(
            "Built this turn. Submarines and ASW: uninverted at the end of the turn they redeploy to an SW "
            "box, so they count there (27.91). CVEs (launched this turn, 27.721 B): inverted (27.81) and, "
            "moved to an SW box, inverted through the next opposing player turn (27.82 B, 25.34), so they "
            "count in no SW combat next (25.362)."
        ),
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


# 25.631: Germany and Japan begin with a +1 Naval Nationality DRM advantage; 25.632: Japan begins with
# one torpedo research result (Long Lance).
STARTING_RESEARCH: dict[Power, Research] = {
    Power.GERMANY: Research(naval_nationality_drm=1),
    Power.JAPAN: Research(naval_nationality_drm=1, torpedo=1),
}


class ResearchDefault(StrEnum):
    """What a power left out of `sw.research` has (25.631, 25.632) [setting]."""

    ZERO = "zero"
    GAME_START = "game_start"


class GibraltarTransfers(StrEnum):
    """Transfers between the Indian Ocean and Atlantic boxes that pass Gibraltar (25.15 B, 25.38) [setting]."""

    BOTH = "both"
    INDIAN_TO_ATLANTIC = "indian_to_atlantic"
    NEITHER = "neither"


class Shipping(Strict):
    """What the defender has in an SW box for SW combat to destroy (caps of the expected losses)."""

    transports: NonNegativeInt | None = Field(default=None, le=1000, description="Transports there.")
    brps: NonNegativeInt | None = Field(
        default=None, le=10000, description="BRPs SW combat there may cost at most."
    )


def never_in_box(power: Power, unit: SWUnit, box: SWBox) -> str:
    """Why units of this power and kind are never in this SW box, whatever the base or the war, or "".

    25.31 D: only British and American naval units among the Western Allies enter SW boxes (and
    25.31 names no Russian or Chinese deployment); 25.31: Germany deploys submarines (advanced ones
    too, 25.73) to the Atlantic and Indian Ocean only, Japan to the Pacific and, submarines only, the
    Indian Ocean (25.31 C); Italy not at all (25.31, 25.151)."""
    submarine = unit in (SWUnit.SUBMARINE, SWUnit.ADVANCED_SUBMARINE)
    if power in (Power.BRITAIN, Power.USA):
        return ""
    if not is_axis(power):
        return f"{power.value} naval units may not enter SW boxes: only British and American ones (25.31 D)"
    if power is Power.GERMANY:
        if not submarine or box is SWBox.PACIFIC:
            return "Germany deploys submarines to the Atlantic and Indian Ocean SW boxes only (25.31)"
        return ""
    if power is Power.JAPAN:
        if box is SWBox.ATLANTIC:
            return "Japanese naval units may not deploy to the Atlantic SW box (25.31 A)"
        if box is SWBox.INDIAN and not submarine:
            return "only Japanese submarines deploy to the Indian Ocean SW box (25.31 C)"
        return ""
    return f"{power.value} naval units do not deploy to SW boxes (25.31)"


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
        default_factory=dict,
        description="Research and Naval Nationality DRMs by power (one left out: `research_left_out`).",
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
        default_factory=list,
        description=(
            "Ports that are not operational this turn [input: the rules text uses 'operational port' without "
            "defining it; the player states which are not]. A port listed here is no base from which "
            "submarines conduct SW (25.51, 25.721) and gives no port modifier (25.65: 'The control of "
            "specified operational ports modifies submarine warfare', the rows of 25.723, 25.811 and 25.92). "
            "Default none: every port operational."
        ),
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
            "American-built ASW factors that may deploy to the Atlantic SW box this turn until the U.S. is at "
            "war in both theaters (25.22 C, D): 25.32 A (USAT) is empty in the rules text, so the player "
            "gives it [input]."
        ),
    )
    us_cves_within_25_32_a: bool = Field(
        default=False,
        description=(
            "25.32 A (empty in the rules text) also covers American CVEs: before the U.S. is at war with "
            "Germany, American CVEs entering the Atlantic SW box count against `us_atlantic_asw_per_turn` "
            "[setting]. Default false: 25.22 C and D name ASW only."
        ),
    )
    german_submarines_past_gibraltar_on_map: NonNegativeInt = Field(
        default=0,
        le=MAX_GROUP_FACTORS,
        description=(
            "German submarine factors already NRed this turn on the map between a western front port and a "
            "Mediterranean port past a Western Allied Gibraltar (25.15 A): they count against the one factor "
            "a turn (25.15) [input]."
        ),
    )
    gibraltar_box_transfers: GibraltarTransfers = Field(
        default=GibraltarTransfers.BOTH,
        description=(
            "Which transfers of German submarines between the Indian Ocean and Atlantic SW boxes pass a "
            "Western Allied Gibraltar (25.15 B, 25.31 C, 25.38) [setting], whatever the group's base: both "
            "(default: each way leads through the Mediterranean, whose ports are where German submarines "
            "enter the Indian Ocean box from, 25.31 C), indian_to_atlantic, or neither (a 25.38 transfer goes "
            "round Africa). Moves between the Atlantic box and a Mediterranean port always pass it."
        ),
    )
    axis_transfers_need_base: bool = Field(
        default=False,
        description=(
            "25.38: 'Naval units and SW units may be transferred between SW boxes during the redeployment "
            "phase' names no base, so by default German and Japanese units in an SW box transfer to another "
            "box their power may use (25.31), when the wars and tension open it (25.22 E, 25.81, 25.91) and "
            "past Singapore and Gibraltar as 25.91 and 25.15 allow, whatever their base [reading]. True: "
            "25.31's 'Western Allied naval units may be freely transferred between all three SW boxes' is "
            "for the Western Allies alone, and an Axis group transfers only to a box its base serves "
            "(25.31 A-C), the base held by its side [setting]."
        ),
    )
    konigsberg_western_front: bool = Field(
        default=True,
        description=(
            "Konigsberg (East Prussia, on the Baltic) is a western front port for German submarines "
            "(25.31 A, 25.51 A, 25.721) [setting]; false: an eastern front port."
        ),
    )
    gibraltar_western_front: bool = Field(
        default=True,
        description=(
            "Gibraltar is a western front port (25.31 A, 25.51 A, 25.721): 25.65 counts the ports of 25.723, "
            "Gibraltar among them, as bases of the Atlantic campaign, which 25.51 A has German submarines "
            "conduct only from western front ports [reading]; false: a Mediterranean port (25.31 C, 25.15) "
            "[setting]."
        ),
    )
    singapore_bars_box_transfers: bool = Field(
        default=False,
        description=(
            "25.91: 'Submarines may not pass by an enemy-controlled Singapore (hex EE11)'. By default a 25.38 "
            "transfer between the Pacific and Indian Ocean SW boxes passes no hex of the map, so an enemy "
            "Singapore does not bar it [reading]; true: Japanese submarines transferring between those boxes, "
            "either way, pass Singapore [setting]. Moves between a port in Japan and the Indian Ocean box "
            "pass it either way."
        ),
    )
    manila_any_allied_control: bool = Field(
        default=False,
        description=(
            "25.92 B: 'The U.S. receives a +2 modifier for submarine warfare in the Pacific if it controls "
            "Manila': by default only a U.S.-controlled Manila gives it [reading: 'it' is the U.S.]; true: "
            "any Allied power's control, as the 25.61 table's row says ('+2 Allies control Manila') [setting]."
        ),
    )
    research_left_out: ResearchDefault = Field(
        default=ResearchDefault.ZERO,
        description=(
            "Research and Naval Nationality DRM of a power left out of `research`: zero (default), or "
            "game_start: Germany and Japan +1 Naval Nationality DRM (25.631), Japan one torpedo result "
            "(25.632) [setting]."
        ),
    )
    us_war_rows_in_indian_ocean: bool = Field(
        default=False,
        description=(
            "The German-U.S. war rows (25.66 A, B: 'German and Western Allied submarine/ASW SW combat dice "
            "rolls') also apply to German submarines in the Indian Ocean [setting]. Default false: the 25.61 "
            "table lists them under the Atlantic."
        ),
    )
    indian_cves_split: bool = Field(
        default=False,
        description=(
            "25.83 splits the Allied CVEs of the Indian Ocean as well as the ASW between the German and "
            "Japanese campaigns when both operate [setting]. Default false: 25.83 names the ASW forces; each "
            "campaign reads every CVE there (25.64 B)."
        ),
    )
    indian_cves_against_germany: NonNegativeInt | None = Field(
        default=None,
        le=MAX_GROUP_FACTORS,
        description=(
            "With `indian_cves_split`: Allied Indian Ocean CVEs set against the German submarines (25.83); "
            "unset: half, rounded down. The Allies' deployment plan decides it."
        ),
    )
    shipping: dict[SWBox, Shipping] = Field(
        default_factory=dict,
        description=(
            "Western Allied transports and BRPs in each SW box that SW combat may destroy: the expected "
            "losses of a results table in the game's form are capped at them. Unset: not capped."
        ),
    )
    japanese_shipping: Shipping = Field(
        default_factory=lambda: Shipping(),
        description="Japanese transports and BRPs in the Pacific SW box (the American campaign's caps).",
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
        for i, group in enumerate(self.forces):
            if group.box is not None and (why := never_in_box(group.power, group.unit, group.box)):
                raise ValueError(f"forces[{i}].box: {why}")
        if self.indian_cves_against_germany is not None and not self.indian_cves_split:
            raise ValueError("indian_cves_against_germany: set, but indian_cves_split is not true (25.83)")
        return self

    def research_of(self, power: Power) -> Research:
        """The power's research; left out, zero or the start of the game (25.631, 25.632) [setting]."""
        if power in self.research:
            return self.research[power]
        if self.research_left_out is ResearchDefault.GAME_START:
            return STARTING_RESEARCH.get(power) or Research()
        return Research()

    def defender_power(self, box: SWBox) -> Power:
        """The Western Allied power whose DRM and research the Allies use in a box [setting]."""
        return self.allied_defender.get(box, transports_of(box))

    def weights_of(self, campaign: Campaign) -> CampaignWeights:
        return self.weights.get(campaign) or CampaignWeights()


def transports_of(box: SWBox) -> Power:
    """The Western Allied power whose transports the Axis submarines of a box attack [reading]: the U.S.'s
    in the Pacific, Britain's in the Atlantic and the Indian Ocean; also the default of
    `SWSection.allied_defender`."""
    return Power.USA if box is SWBox.PACIFIC else Power.BRITAIN


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
    at_base: NonNegativeInt = Field(
        default=0,
        le=MAX_GROUP_FACTORS,
        description="Factors out of the SW boxes: left at the base, or withdrawn from the group's box (25.37).",
    )
    boxes: dict[SWBox, Annotated[int, Field(ge=0, le=MAX_GROUP_FACTORS)]] = Field(
        default_factory=dict, description="Factors in each SW box (25.3)."
    )
    withdraw_to: str | None = Field(
        default=None,
        description=(
            "For a group in an SW box: where the factors of `at_base` withdraw to, any location from which "
            "they were eligible to enter that box (25.37: 'a location from which they were eligible to enter "
            "the SW box in question (25.31)'); unset: the group's base."
        ),
    )

    @model_validator(mode="after")
    def _known_place(self) -> GroupPlacement:
        if self.withdraw_to is None:
            return self
        known = all_ports()
        if self.withdraw_to not in known:
            raise ValueError(
                f"withdraw_to: unknown port or box {self.withdraw_to!r}{_did_you_mean(self.withdraw_to, known)}"
            )
        return self


class SWDeployment(Strict):
    """A deployment: each group of the planning side's units, split between its base and SW boxes."""

    placements: list[GroupPlacement] = Field(description="One line per group the planning side moves.")
    indian_asw_against_germany: NonNegativeInt | None = Field(
        default=None,
        le=MAX_GROUP_FACTORS,
        description="Allied Indian Ocean ASW set against the German submarines (25.83); null: not split.",
    )
    indian_cves_against_germany: NonNegativeInt | None = Field(
        default=None,
        le=MAX_GROUP_FACTORS,
        description=(
            "Allied Indian Ocean CVEs set against the German submarines (25.83, `sw.indian_cves_split`); "
            "null: not split."
        ),
    )
    declined: list[Campaign] = Field(
        default_factory=list,
        description="The planning side's campaigns whose submarines decline SW combat (25.14).",
    )


# --- SW units of a build plan (27.9, 27.94) ------------------------------------------------------

# CVEs of a build plan count in no box at the next SW combats: one laid down this turn launches next
# turn (27.721 B); one launched this turn is inverted (27.81) and, moved to an SW box, stays inverted
# through the next opposing player turn (27.82 B, 25.34); only uninverted CVEs count (25.362). (27.91's
# uninversion is for SW units: submarines, ASW and transports.) So only SW units join the deployment.


def build_group_id(power: Power, unit: str, build: str, yard: str) -> str:
    """The id of the group a build plan's new SW units form (`new-<power>-<build>-<yard>`)."""
    return f"new-{power.value}-{unit}-{build}-{yard}"
