"""Construction limits (27.32-27.341): numbers from the rules text."""

import pytest

from models.tables import Dominion, Power
from optimizer.rules.limits.prepare import construction_limit, dominion_limit


def test_basic_limit_is_a_third_of_the_base_rounded_down(scenario_of):
    """27.32 A: one-third of the BRP base, rounded down: 236 -> 78."""
    scenario = scenario_of({"germany": {"brp_base": 236}})
    assert construction_limit(scenario, Power.GERMANY).limit == 78


def test_losses_are_pooled_before_dividing(scenario_of):
    """27.331: 4 BRPs of transport shortage + 5 of bombing = 9 -> -3 (not -1 - 1 = -2)."""
    scenario = scenario_of(
        {
            "britain": {
                "brp_base": 120,
                "limit_modifiers": {"transport_shortage_losses": 4, "bombing_losses": 5},
            }
        },
        faction="western_allies",
    )
    assert construction_limit(scenario, Power.BRITAIN).limit == 40 - 3


def test_russian_reduction_capped_at_15(scenario_of):
    """27.33: bombing, rockets and adjacency reduce Russia's limit by no more than 15 a turn."""
    scenario = scenario_of(
        {
            "russia": {
                "brp_base": 150,
                "limit_modifiers": {"bombing_losses": 40, "adjacency_losses": 20, "rocket_losses": 4},
            }
        },
        faction="russia",
    )
    # 60 / 3 = 20, + 4 rockets = 24 -> capped at 15: 50 - 15.
    assert construction_limit(scenario, Power.RUSSIA).limit == 35


def test_russian_cap_on_urals_losses_only(scenario_of):
    """27.33 read as capping only the reduction from Urals box losses (setting): bombing 40 and adjacency
    20 pool to 60 / 3 = 20 (27.331), + 4 rockets = 24 (27.333). If 30 of the pooled losses and 2 rockets
    fell on the Urals box, that part is 10 + 2 = 12, under 15: the whole 24 counts, limit 50 - 24 = 26.
    If all 60 and all 4 did, the Urals part is 24, capped at 15: limit 35, as with the default reading."""

    def russia(urals_pooled, urals_rockets):
        mods = {
            "bombing_losses": 40,
            "adjacency_losses": 20,
            "rocket_losses": 4,
            "urals_pooled_losses": urals_pooled,
            "urals_rocket_losses": urals_rockets,
        }
        return scenario_of(
            {"russia": {"brp_base": 150, "limit_modifiers": mods}},
            faction="russia",
            settings={"russian_cap_urals_only": True},
        )

    assert construction_limit(russia(30, 2), Power.RUSSIA).limit == 26
    assert construction_limit(russia(60, 4), Power.RUSSIA).limit == 35


def test_russian_ics_added_to_the_base(scenario_of):
    """27.32 A: Russia includes the BRP value of the ICs it controls."""
    scenario = scenario_of({"russia": {"brp_base": 100, "ic_values": 20}}, faction="russia")
    assert construction_limit(scenario, Power.RUSSIA).limit == 40


def test_iron_ore_and_rockets(scenario_of):
    """27.332: -5 while Swedish ore is cut; 27.333: -1 per BRP lost to rockets."""
    scenario = scenario_of(
        {"germany": {"brp_base": 240, "limit_modifiers": {"iron_ore_cut": True, "rocket_losses": 2}}}
    )
    assert construction_limit(scenario, Power.GERMANY).limit == 80 - 5 - 2


def test_enemy_held_kea_bombed_in_its_capture_turn(scenario_of):
    """27.335: KEA value (8) less that turn's bombing losses (2) leaves the base: (120 - 6) / 3 = 38."""
    scenario = scenario_of(
        {
            "russia": {
                "brp_base": 120,
                "enemy_held_keas": [{"name": "Donbas", "value": 8, "bombed_this_turn": 2}],
            }
        },
        faction="russia",
    )
    assert construction_limit(scenario, Power.RUSSIA).limit == 38


def test_grants_move_a_third_of_the_grant(scenario_of):
    """27.334, 27.34: Germany grants 10 to Italy: Germany -3, Italy +3, after Italy's reductions."""
    scenario = scenario_of(
        {
            "germany": {"brp_base": 240, "grants_made": [{"to": "italy", "brps": 10}]},
            "italy": {"brp_base": 60, "limit_modifiers": {"bombing_losses": 90}},
        }
    )
    assert construction_limit(scenario, Power.GERMANY).limit == 80 - 3
    # Italy: 20 - 30 stops at 0 (27.32 B reading), then +3 from the grant (27.34: after reductions).
    assert construction_limit(scenario, Power.ITALY).limit == 3


def test_us_grant_to_canada_counts_one_for_one(scenario_of):
    """40.23 A, 40.244: U.S. -> Canada 9 counts against the U.S. limit (spent from it, so the limit
    itself is not reduced, not even by 27.334's third) and changes nothing for Britain."""
    scenario = scenario_of(
        {
            "usa": {"brp_base": 300, "grants_made": [{"to": "canada", "brps": 9}]},
            "britain": {"brp_base": 120},
        },
        faction="western_allies",
    )
    usa = construction_limit(scenario, Power.USA)
    assert usa.limit == 100
    assert [line.rule for line in usa.lines if "canada" in line.label] == ["40.244"]
    assert construction_limit(scenario, Power.BRITAIN).limit == 40


def test_us_grant_to_britain_moves_six(scenario_of):
    """27.334, 27.34: U.S. -> Britain 20 gives Britain +6 and the U.S. -6."""
    scenario = scenario_of(
        {
            "usa": {"brp_base": 300, "grants_made": [{"to": "britain", "brps": 20}]},
            "britain": {"brp_base": 120},
        },
        faction="western_allies",
    )
    assert construction_limit(scenario, Power.USA).limit == 94
    assert construction_limit(scenario, Power.BRITAIN).limit == 46


def test_flying_bomb_gains(scenario_of):
    """27.341: +1 to Germany's limit per BRP Britain or Russia lost to flying bombs and rockets."""
    scenario = scenario_of({"germany": {"brp_base": 240, "limit_modifiers": {"flying_bomb_gains": 4}}})
    assert construction_limit(scenario, Power.GERMANY).limit == 84


def test_dominion_limits_reduced_by_at_most_three(scenario_of):
    """27.473 B, 27.474 B, 27.33: Australia 9 and India 3 a turn, reduced by no more than 3."""
    scenario = scenario_of(
        {
            "britain": {
                "dominion_limit_modifiers": {
                    "australia": {"bombing_losses": 30},
                    "india": {"rocket_losses": 1},
                }
            }
        },
        faction="western_allies",
    )
    assert dominion_limit(scenario, Dominion.AUSTRALIA).limit == 6
    assert dominion_limit(scenario, Dominion.INDIA).limit == 2


@pytest.mark.parametrize(("per_turn_total", "usa_limit"), [(False, 100 - 1), (True, 100 - 2)])
def test_grant_reduction_per_grant_or_per_turn_total(scenario_of, per_turn_total, usa_limit):
    """27.334: 'for every three BRPs (round down) granted by a major power'. The U.S. (limit 100) grants
    Britain 4 and France 2: per grant floor(4 / 3) + floor(2 / 3) = 1; with the setting
    `grant_limit_reduction_per_turn_total`, floor(6 / 3) = 2. A grant of 3 to Canada counts in full against
    the U.S. limit (40.244), never in the third. The recipients gain floor(r / 3) of each grant received
    either way (27.34): Britain +1, France +0."""
    scenario = scenario_of(
        {
            "usa": {
                "brp_base": 300,
                "grants_made": [
                    {"to": "britain", "brps": 4},
                    {"to": "france", "brps": 2},
                    {"to": "canada", "brps": 3},
                ],
            },
            "britain": {"brp_base": 120},
            "france": {"brp_base": 60},
        },
        faction="western_allies",
        us_at_war={"europe": True, "pacific": True},
        settings={"grant_limit_reduction_per_turn_total": per_turn_total},
    )
    usa = construction_limit(scenario, Power.USA)
    assert usa.limit == usa_limit
    assert sum(line.amount for line in usa.lines if line.rule == "27.334") == usa_limit - 100
    assert construction_limit(scenario, Power.BRITAIN).limit == 40 + 1
    assert construction_limit(scenario, Power.FRANCE).limit == 20
