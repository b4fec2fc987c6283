"""The checker's construction limits (27.3), and the dominions' own limits (27.473 B, 27.474 B)."""

from __future__ import annotations

import copy

from models.scenario import Scenario
from models.tables import Dominion, Power
from optimizer.checker import check
from optimizer.checker.limits import construction_limit, dominion_limit
from optimizer.checker.report import derive_report

from .helpers import ALLIES, AX, AXIS, RU, RUSSIA, WA, edited, line, plan, rules, scenario

ITALIAN_BEACHES = [
    {"id": "inf", "unit": "infantry", "factors": 1, "count": 40},
    {"id": "beach", "unit": "beach_defense", "factors": 1, "count": 4},
]


def test_over_construction_limit() -> None:
    """27.31, 27.32 A: Italy's BRP base 60 gives a limit of 20; 21 BRPs of builds break it."""
    s = scenario(AXIS)
    assert construction_limit(s, Power.ITALY) == 20
    assert check(s, plan(line("italy", "inf", "infantry", "rome", 20, 20, 20), spent={AX: 0})) == []
    result = check(s, plan(line("italy", "inf", "infantry", "rome", 21, 21, 21)))
    assert rules(result) == ["27.31"]
    assert result[0].message == "italy: 21 BRPs count against a construction limit of 20"


def test_beach_defenses_count_against_the_limit_by_the_setting() -> None:
    """27.31 does not name beach defenses among what counts against the limit [reading, setting]:
    Italy's limit is 20; 20 infantry BRPs and 10 BRPs of beach defenses (four counters, 27.11 E)
    break it when they count (the default), and not when they do not."""
    builds = plan(
        line("italy", "inf", "infantry", "rome", 20, 20, 20),
        line("italy", "beach", "beach_defense", "rome", 4, 4, 10),
        spent={AX: 1},
    )
    counted = edited(AXIS, "italy", force_pool=ITALIAN_BEACHES)
    assert rules(check(counted, builds)) == ["27.31"]
    data = copy.deepcopy(AXIS)
    data["powers"]["italy"]["force_pool"] = ITALIAN_BEACHES
    data["settings"] = {"beach_defenses_count_against_limit": False}
    assert check(Scenario.model_validate(data), builds) == []


def test_pooled_reduction_totals_the_causes_before_dividing() -> None:
    """27.331: 4 BRPs of transport-shortage losses and 5 of bombing losses are totalled (9) then
    divided by 3: -3, not -1 -1. Britain's basic limit 90 / 3 = 30 becomes 27."""
    s = edited(ALLIES, "britain", limit_modifiers={"transport_shortage_losses": 4, "bombing_losses": 5})
    assert construction_limit(s, Power.BRITAIN) == 27
    assert check(s, plan(line("britain", "inf3", "infantry", "london", 9, 27, 27), spent={WA: 1})) == []
    over = plan(
        line("britain", "inf3", "infantry", "london", 9, 27, 27),
        line("britain", "inf", "infantry", "london", 1, 1, 1),
        spent={WA: 1},
    )
    assert rules(check(s, over)) == ["27.31"]


def test_russian_reduction_capped_at_15() -> None:
    """27.33: Russia's reduction from bombing, rockets and adjacency is at most 15 a turn:
    (30 + 15) / 3 + 6 rockets = 21, capped to 15; the basic limit 120 / 3 = 40 becomes 25."""
    s = edited(
        RUSSIA, "russia", limit_modifiers={"bombing_losses": 30, "adjacency_losses": 15, "rocket_losses": 6}
    )
    assert construction_limit(s, Power.RUSSIA) == 25
    assert check(s, plan(line("russia", "inf", "infantry", "moscow", 25, 25, 25), spent={RU: 1})) == []
    result = check(s, plan(line("russia", "inf", "infantry", "moscow", 26, 26, 26), spent={RU: 1}))
    assert rules(result) == ["27.31"]


def test_russian_cap_on_urals_losses_only() -> None:
    """27.33, read as capping only the reduction from Urals box losses (setting): (30 + 15) / 3 + 6
    rockets = 21; with 15 of the pooled losses and 3 rockets in the Urals box, that part is 5 + 3 = 8,
    under 15, so all 21 count: 40 - 21 = 19, and 20 BRPs of builds break the limit."""
    data = copy.deepcopy(RUSSIA)
    data["powers"]["russia"]["limit_modifiers"] = {
        "bombing_losses": 30,
        "adjacency_losses": 15,
        "rocket_losses": 6,
        "urals_pooled_losses": 15,
        "urals_rocket_losses": 3,
    }
    data["settings"] = {"russian_cap_urals_only": True}
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.RUSSIA) == 19
    assert check(s, plan(line("russia", "inf", "infantry", "moscow", 19, 19, 19), spent={RU: 1})) == []
    result = check(s, plan(line("russia", "inf", "infantry", "moscow", 20, 20, 20), spent={RU: 1}))
    assert rules(result) == ["27.31"]


def test_russian_ics_and_enemy_held_keas() -> None:
    """27.32 A: Russia adds the value of its ICs (120 + 30 = 150 -> 50); 27.335: an enemy-held
    KEA worth 20 bombed for 5 in the turn of its capture deducts 15 (135 -> 45)."""
    s = edited(RUSSIA, "russia", ic_values=30)
    assert construction_limit(s, Power.RUSSIA) == 50
    s = edited(AXIS, "germany", enemy_held_keas=[{"name": "Ruhr", "value": 20, "bombed_this_turn": 5}])
    assert construction_limit(s, Power.GERMANY) == 45


def test_iron_ore_and_rockets() -> None:
    """27.332: -5 while Swedish iron ore is cut; 27.333: -1 per BRP lost to rockets (1:1)."""
    s = edited(AXIS, "germany", limit_modifiers={"iron_ore_cut": True, "rocket_losses": 2})
    assert construction_limit(s, Power.GERMANY) == 50 - 5 - 2


def test_grants_between_planned_powers() -> None:
    """27.334, 27.34: Germany grants 10 BRPs to Italy: Germany's limit -3 (50 -> 47), Italy's +3
    (20 -> 23), and Italy may spend the granted BRPs (40.23)."""
    s = edited(AXIS, "germany", grants_made=[{"to": "italy", "brps": 10}])
    assert construction_limit(s, Power.GERMANY) == 47
    assert construction_limit(s, Power.ITALY) == 23
    assert s.brps_available(Power.ITALY) == 50
    legal = plan(line("italy", "inf", "infantry", "rome", 23, 23, 23), spent={AX: 1})
    assert check(s, legal) == []
    assert rules(check(s, plan(line("italy", "inf", "infantry", "rome", 24, 24, 24), spent={AX: 1}))) == [
        "27.31"
    ]


def test_grants_received_rounded_down_each() -> None:
    """27.34: +floor(r / 3) per grant received: grants of 5 and 4 BRPs give +1 +1 = 2."""
    data = copy.deepcopy(RUSSIA)
    data["powers"]["russia"]["grants_received"] = [{"from": "usa", "brps": 5}, {"from": "britain", "brps": 4}]
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.RUSSIA) == 40 + 1 + 1


def test_increases_come_after_reductions() -> None:
    """27.34: increases from grants are taken into account after all reductions: basic 10,
    reductions 15 -> 0 (not -5), then +3 from a 9-BRP grant -> 3."""
    data = copy.deepcopy(RUSSIA)
    data["powers"]["russia"].update(
        brp_base=30, limit_modifiers={"bombing_losses": 45}, grants_received=[{"from": "usa", "brps": 9}]
    )
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.RUSSIA) == 3


def test_flying_bomb_gains() -> None:
    """27.341: Germany's limit +1 per BRP Britain or Russia lost to German flying bombs."""
    s = edited(AXIS, "germany", limit_modifiers={"flying_bomb_gains": 4})
    assert construction_limit(s, Power.GERMANY) == 54


def test_indian_builds_count_against_the_british_limit() -> None:
    """27.474 C: Indian builds (3 BRPs) count against the British limit: 27 British + 3 Indian
    = 30 fits the limit of 30; 28 + 3 = 31 does not."""
    s = scenario(ALLIES)
    fits = plan(
        line("britain", "inf3", "infantry", "london", 9, 27, 27),
        line("britain", "indian", "infantry", "calcutta", 3, 3, 3),
        spent={WA: 1},
    )
    assert check(s, fits) == []
    over = plan(
        line("britain", "inf3", "infantry", "london", 9, 27, 27),
        line("britain", "inf", "infantry", "london", 1, 1, 1),
        line("britain", "indian", "infantry", "calcutta", 3, 3, 3),
        spent={WA: 1},
    )
    result = check(s, over)
    assert rules(result) == ["27.31"]
    assert "britain: 31 BRPs" in result[0].message


def test_indian_limit_is_three() -> None:
    """27.474 B: the Indian construction limit is 3 BRPs a turn."""
    result = check(scenario(ALLIES), plan(line("britain", "indian", "infantry", "india_box", 4, 4, 4)))
    assert rules(result) == ["27.474"]


def test_australian_limit_nine_and_not_against_british_limit() -> None:
    """27.473 B: Australia's limit is 9 BRPs; by default Australian builds do not count against
    the British limit (setting australian_builds_count_against_british_limit)."""
    s = edited(ALLIES, "britain", brp_base=30)  # British limit 10
    nine = plan(line("britain", "australian", "infantry", "darwin", 9, 9, 9))
    assert check(s, nine) == []
    ten = plan(line("britain", "australian", "infantry", "australia_box", 10, 10, 10))
    assert rules(check(s, ten)) == ["27.473"]
    data = copy.deepcopy(ALLIES)
    data["powers"]["britain"]["brp_base"] = 24  # British limit 8
    data["settings"] = {"australian_builds_count_against_british_limit": True}
    assert rules(check(Scenario.model_validate(data), nine)) == ["27.31"]


def test_dominion_limit_reduction_capped_at_three() -> None:
    """27.33 (last paragraph): India's and Australia's limits are reduced by at most 3 BRPs a
    turn from bombing, rockets and adjacency: (9 + 3) / 3 = 4 -> 3."""
    s = edited(
        ALLIES,
        "britain",
        dominion_limit_modifiers={
            "india": {"bombing_losses": 9, "adjacency_losses": 3},
            "australia": {"bombing_losses": 2, "rocket_losses": 1},
        },
    )
    assert dominion_limit(s, Dominion.INDIA) == 0
    assert dominion_limit(s, Dominion.AUSTRALIA) == 8
    assert rules(check(s, plan(line("britain", "indian", "infantry", "calcutta", 1, 1, 1)))) == ["27.474"]


def test_chindit_in_india_against_british_limit_only() -> None:
    """27.474 D: the Chindit (3 BRPs a factor, 27.12) is built in India and counts against the
    British limit, not the Indian one: 3 Indian BRPs + the Chindit fit; in Britain it may not."""
    s = scenario(ALLIES)
    legal = plan(
        line("britain", "chindit", "chindit", "imphal", 1, 1, 3),
        line("britain", "indian", "infantry", "imphal", 3, 3, 3),
    )
    assert check(s, legal) == []
    assert derive_report(s, legal)[Power.BRITAIN].limit_used == 6
    result = check(s, plan(line("britain", "chindit", "chindit", "london", 1, 1, 3)))
    assert rules(result) == ["27.474"]


def test_grant_reduction_per_turn_total_by_the_setting() -> None:
    """27.334: the U.S. (limit 100) grants Britain 4 and France 2: per grant its limit falls by
    floor(4 / 3) + floor(2 / 3) = 1 (99); with the setting `grant_limit_reduction_per_turn_total` by
    floor(6 / 3) = 2 (98). Britain gains floor(4 / 3) = 1 either way (27.34)."""
    data = {
        "name": "27.334",
        "turn": {"season": "summer", "year": 1942},
        "faction": "western_allies",
        "us_at_war": {"europe": True, "pacific": True},
        "powers": {
            "usa": {
                "brps": 200,
                "brp_base": 300,
                "grants_made": [{"to": "britain", "brps": 4}, {"to": "france", "brps": 2}],
            },
            "britain": {"brps": 100, "brp_base": 120},
            "france": {"brps": 30, "brp_base": 60},
        },
    }
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.USA) == 99
    assert construction_limit(s, Power.BRITAIN) == 41
    data["settings"] = {"grant_limit_reduction_per_turn_total": True}
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.USA) == 98
    assert construction_limit(s, Power.BRITAIN) == 41
    assert construction_limit(s, Power.FRANCE) == 20
