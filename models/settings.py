"""The scenario's `settings:`: the readings of the rules where players differ, each with its rule and
its default (the project's reading)."""

from __future__ import annotations

from pydantic import Field

from models.base import Strict


class Settings(Strict):
    """Readings of the rules where players may differ."""

    kamikazes_use_naval_air_rate: bool = Field(
        default=True,
        description="Kamikaze factors count against Japan's naval air training rate (27.61) [reading].",
    )
    australian_builds_count_against_british_limit: bool = Field(
        default=False,
        description=(
            "Australian builds paid by Britain also count against the British construction limit; by default "
            "they count only against the Australian 9-BRP limit (27.473 B) [reading]."
        ),
    )
    us_paid_builds_count_against_british_limit: bool = Field(
        default=False,
        description=(
            "Indian, Canadian and South African builds count against the British construction limit in "
            "full, whoever pays for them (27.474 C: 'The cost of Indian unit construction counts against the "
            "British construction limit'), a U.S. grant paying for them counting against the U.S. limit as "
            "well (40.23 A, 40.244). By default a U.S. grant to one of them takes its builds off the British "
            "limit up to the grant [reading]."
        ),
    )
    russian_cap_urals_only: bool = Field(
        default=False,
        description=(
            "27.33 caps Russia's construction limit reduction at 15: by default the reduction from all its "
            "bombing, rocket and adjacency losses [reading]; if true, only the part from losses in the Urals "
            "box (`urals_pooled_losses`, `urals_rocket_losses`), the rest counting in full."
        ),
    )
    beach_defenses_count_against_limit: bool = Field(
        default=True,
        description=(
            "Beach defenses count against the construction limit like fortifications [reading]; 27.31 lists "
            "what counts and does not name them, so if false they are paid from BRPs but not counted against "
            "any construction limit."
        ),
    )
    spend_grants_lost_to_interception: bool = Field(
        default=False,
        description=(
            "BRPs granted by sea or air reach the recipient only after interception (40.23 B): by default "
            "the recipient plans to spend at most the BRPs expected to arrive under the loss rates, rounded "
            "down [reading]; if true it plans with the whole grant, knowing losses will not be available."
        ),
    )
    post_election_grant_caps: bool = Field(
        default=True,
        description=(
            "After a U.S. election result of -7 or below (40.333), 62.421 sets the grant limits; it is not in "
            "the rules here, so by default U.S. grants to Britain, France, Canada and South Africa are held to "
            "the 40.331 A cap (USAT - 25, at most 25) and grants to China to the USJT cap of 40.332 A "
            "(`grants.usjt_china_cap`) even at war [reading]; if false, the result changes no grant limit here."
        ),
    )
    grant_limit_reduction_per_turn_total: bool = Field(
        default=False,
        description=(
            "27.334: 'for every three BRPs (round down) granted by a major power'. By default the grantor's "
            "limit falls by floor(g / 3) for each grant, g the BRPs granted to one recipient, so it always equals "
            "the recipient's increase (27.34) [reading]; if true, by floor(G / 3), G all the BRPs it grants this "
            "turn (U.S. grants to Canada, South Africa, Australia and India apart: they count in full, 40.244)."
        ),
    )
    offensive_ships_cost_per_two_factors: bool = Field(
        default=False,
        description=(
            "Limited and participation offensives (27.12 chart, 'each 2-factor cruiser or named ship used: 1'): "
            "by default 1 BRP per cruiser or named ship used, whatever its factors [reading]; if true, 1 BRP "
            "per two factors of cruisers and named ships used, the offensive's total rounded up."
        ),
    )
    lend_lease_as_grant: bool = Field(
        default=False,
        description=(
            "What the U.S. pays of the Western Allied transports it builds before war with Germany (27.7322 B): "
            "by default construction of the U.S., counted 1:1 against its limit [reading]; if true a BRP grant "
            "to Britain ('at American expense, as a BRP grant to Britain'), a grant of its own: the U.S. limit "
            "loses floor(share / 3) (27.334), Britain's gains as much (27.34), and the transports' whole cost "
            "counts against the British limit. Either way within the 40.331 A cap."
        ),
    )
    naval_oil_only_construction: bool = Field(
        default=False,
        description=(
            "Which naval BRPs of this turn the oil threshold prices (27.35, 27.72): by default all of them, in "
            "3-BRP steps [reading]; if true only construction proper (lay-downs, continuing, the normal 3 BRPs "
            "of an accelerated step, SW units), while repairs (27.7267), raising ships sunk in port (27.7262) "
            "and the extra BRPs of acceleration (27.7272 B) are paid at their cost, outside the threshold."
        ),
    )
    naval_lay_downs_obey_placement_limits: bool = Field(
        default=True,
        description=(
            "27.41 puts 'the placement of newly constructed units' under 27.42-27.47, among them 27.44 ('Units "
            "may not be constructed in hexes which are in an enemy ZoC') and 27.45 (hexes controlled at the "
            "beginning of the player turn of construction, not recaptured this turn). Submarines, ASW and "
            "transports placed in a port (27.93) obey them always. By default a ship laid down at a yard "
            "(27.7251, 27.712) obeys them too: it is constructed in the yard's hex [reading]; if false, only "
            "27.7's own locations govern lay-downs. Continuing construction and repairs of ships already on a "
            "chart are not newly constructed units and obey neither, either way."
        ),
    )
    french_ships_never_scuttled: bool = Field(
        default=False,
        description=(
            "27.7272 E: 'EXCEPTION: France may never scuttle ships'. France is the power that would scuttle: "
            "the player acting on its own Naval Construction Charts (27.7272: 'on each of his Naval "
            "Construction Charts'), so no ship on a French chart is scuttled, a minor country's or an ally's "
            "included, while an ally may scuttle a French ship on its own chart, as at Glasgow [reading]; if "
            "true, no French ship is scuttled in any yard either."
        ),
    )
    oil_threshold_counts_normal_cost: bool = Field(
        default=True,
        description=(
            "The 25 x (n+1) threshold is measured in BRPs of builds at normal cost, so a 27.13 A rebuild "
            "inside it counts its normal cost (27.35) [reading]; if false, it counts the doubled price."
        ),
    )
