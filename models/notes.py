"""Notes on what a scenario leaves out: sections whose defaults are the game's starting state.

A scenario may leave out the map, the war states and the route states; each then
defaults to the position at the start of the 1939 campaign. That is rarely what a
player planning 1942 means, so the plan (and `awaw routes`, `awaw sites`) says so
at the top instead of letting a closed route or a lost city surprise him.
"""

from __future__ import annotations

from models.scenario import Scenario
from models.tables import Power

# What each left-out part of `grants:` means, in the state rule 40 then reads.
GRANT_SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "germany_russia_war_turns",
        "Germany and Russia are not at war (the 1939 state), so the Murmansk route is closed (40.411)",
    ),
    ("murmansk", "Russia holds Murmansk, Archangel and Vologda with supply to the eastern edge (40.412)"),
    ("persia", "the Persian route was not opened in an earlier turn (40.54)"),
    ("turkey", "Ankara is not Allied, so the Turkish route is closed (40.61 A)"),
    (
        "siberia",
        "the Alaska highway was not built in an earlier turn (40.71) and Japan is not at war with Russia",
    ),
    (
        "china",
        "no Chinese port recaptured, Haiphong not Allied, the Burma road open, no air transport (40.8)",
    ),
)


def starting_state_notes(scenario: Scenario) -> list[str]:
    """One note per left-out section that defaults to the game's starting state, in a fixed order."""
    notes = []
    given = scenario.model_fields_set
    if "map" not in given:
        notes.append(
            "map: no `map` section, so every site has its 1939 controller, held since the start of the "
            "turn, outside enemy zones of control, supplied wherever a supply line is traced, with room "
            "for any number of units (27.4)"
        )
    if scenario.grants is None:
        notes.append(
            "grants: no `grants` section, so grants are not planned (`grants_made` are fixed and taken to meet "
            "the conditions only that section states) and the routes are in rule 40's starting state: Germany "
            "and Russia not at war (the 1939 state; the Murmansk route closed, 40.411), no route opened earlier "
            "(40.54, 40.71), Ankara not Allied (40.61 A)"
        )
    else:
        stated = scenario.grants.model_fields_set
        for field, meaning in GRANT_SECTIONS:
            if field not in stated:
                notes.append(f"grants.{field}: not given, so {meaning}")
    uses_us_war = {Power.USA, Power.JAPAN} & set(scenario.powers) or scenario.grants is not None
    if "us_at_war" not in given and uses_us_war:
        notes.append(
            "us_at_war: not given, so the U.S. is at war in neither theater (the 1939 state; 27.92, 40.33)"
        )
    return notes
