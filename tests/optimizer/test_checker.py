"""The independent checker, rule family by rule family.

Each rule has a legal plan (no violation) and a plan that breaks it (exactly
the violations of that rule). Expected numbers come from the rules text of
rule 27 and the README's "How the rules are read".
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from models.plan import BuildLine, Plan
from models.scenario import Scenario
from models.tables import Dominion, Faction, Power
from optimizer.checker import (
    Violation,
    check,
    construction_limit,
    derive_oil,
    derive_report,
    dominion_limit,
    naval_air_rate,
    supplied_sites,
)

# --------------------------------------------------------------------------- fixtures

AX, WA, RU = Faction.EUROPEAN_AXIS, Faction.WESTERN_ALLIES, Faction.RUSSIA

AXIS: dict[str, Any] = {
    "name": "axis test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "european_axis",
    "oil_counters": 2,
    "powers": {
        "germany": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "armor", "unit": "armor", "factors": 2, "count": 10},
                {
                    "id": "armor-iso",
                    "unit": "armor",
                    "factors": 2,
                    "count": 3,
                    "eliminated_this_turn": "isolated",
                },
                {"id": "para", "unit": "airborne", "count": 2, "eliminated_this_turn": "other"},
                {"id": "para-old", "unit": "airborne", "count": 2},
                {"id": "nas", "unit": "naval_air", "count": 4},
                {"id": "sb", "unit": "strategic_bomber", "count": 2},
                {"id": "air", "unit": "army_air", "count": 3},
                {"id": "fort", "unit": "fortification", "count": 3},
                {"id": "beach", "unit": "beach_defense", "count": 4},
                {"id": "vlasov", "unit": "infantry", "count": 1, "rebuild_prohibited": "27.22 B: Vlasov"},
            ],
        },
        "italy": {
            "brps": 40,
            "brp_base": 60,  # limit 20
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "nas", "unit": "naval_air", "count": 3},
                {"id": "sb", "unit": "strategic_bomber", "count": 1},
            ],
        },
    },
}

ALLIES: dict[str, Any] = {
    "name": "allies test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "western_allies",
    "oil_counters": 1,
    "us_at_war": {"europe": False, "pacific": True},
    "powers": {
        "britain": {
            "brps": 80,
            "brp_base": 90,  # limit 30
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 30},
                {"id": "inf3", "unit": "infantry", "factors": 3, "count": 10},
                {"id": "indian", "unit": "infantry", "count": 6, "nationality": "indian"},
                {"id": "australian", "unit": "infantry", "count": 12, "nationality": "australian"},
                {"id": "canadian", "unit": "infantry", "count": 6, "nationality": "canadian"},
                {"id": "south-african", "unit": "infantry", "count": 4, "nationality": "south_african"},
                {"id": "chindit", "unit": "chindit", "count": 1},
            ],
        },
        "france": {
            "brps": 30,
            "brp_base": 45,  # limit 15
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 10},
                {
                    "id": "colonial",
                    "unit": "infantry",
                    "count": 2,
                    "nationality": "french_colonial",
                    "sites": ["algiers"],
                },
            ],
        },
        "usa": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "sb", "unit": "strategic_bomber", "count": 2},
                {"id": "nas", "unit": "naval_air", "count": 6},
            ],
        },
    },
}

JAPAN: dict[str, Any] = {
    "name": "japan test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "japan",
    "powers": {
        "japan": {
            "brps": 80,
            "brp_base": 90,  # limit 30
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 10},
                {"id": "armor", "unit": "armor", "factors": 2, "count": 4},
                {"id": "nas", "unit": "naval_air", "count": 8},
                {"id": "kamikaze", "unit": "kamikaze", "count": 4},
            ],
        }
    },
}

RUSSIA: dict[str, Any] = {
    "name": "russia test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "russia",
    "oil_counters": 1,
    "powers": {
        "russia": {
            "brps": 60,
            "brp_base": 120,  # limit 40
            "force_pool": [
                {"id": "inf", "unit": "infantry", "count": 40},
                {"id": "armor", "unit": "armor", "factors": 3, "count": 4},
                {
                    "id": "armor-iso",
                    "unit": "armor",
                    "factors": 3,
                    "count": 1,
                    "eliminated_this_turn": "voluntary",
                },
                {"id": "fort", "unit": "fortification", "count": 2},
                {"id": "sb", "unit": "strategic_bomber", "count": 2},
            ],
        }
    },
}


def scenario(base: dict[str, Any], **changes: Any) -> Scenario:
    """A copy of `base` with top-level fields replaced, validated."""
    data = copy.deepcopy(base)
    data.update(changes)
    return Scenario.model_validate(data)


def edited(base: dict[str, Any], power: str, **fields: Any) -> Scenario:
    """`base` with fields of one power replaced."""
    data = copy.deepcopy(base)
    data["powers"][power].update(fields)
    return Scenario.model_validate(data)


def line(
    power: str,
    entry: str,
    unit: str,
    site: str | None,
    counters: int,
    factors: int,
    brps: int,
    oil: int = 0,
) -> BuildLine:
    return BuildLine(
        power=Power(power),
        entry=entry,
        unit=unit,
        site=site,
        counters=counters,
        factors=factors,
        oil_units=oil,
        brps=brps,
    )


def plan(*lines: BuildLine, spent: dict[Faction, int] | None = None) -> Plan:
    """A plan of these build lines, spending `spent` oil counters per faction (none by default)."""
    return Plan(scenario="test", builds=list(lines), oil_counters_spent=spent or {})


def rules(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


# --------------------------------------------------------------------------- costs (27.11-27.14)


def test_legal_axis_plan_has_no_violation() -> None:
    """27.11: infantry 1 BRP per factor, armor 2; 23 BRPs fit the 25-BRP threshold (27.35 A)."""
    result = check(
        scenario(AXIS),
        plan(
            line("germany", "inf", "infantry", "berlin", 10, 10, 10),
            line("germany", "armor", "armor", "ruhr", 2, 4, 8),
            line("italy", "inf", "infantry", "rome", 5, 5, 5),
        ),
    )
    assert result == []


def test_price_must_match_the_chart() -> None:
    """27.11 B: armor costs 2 BRPs per factor, so 2 counters of 2 factors cost 8, not 4."""
    result = check(scenario(AXIS), plan(line("germany", "armor", "armor", "ruhr", 2, 4, 4)))
    assert rules(result) == ["27.12"]
    assert "8 BRPs, not 4" in result[0].message
    assert result[0].kind == "rule"


def test_works_are_priced_per_counter_and_beach_defenses_per_pair() -> None:
    """27.11 D: fortifications 5 per counter; 27.11 E: beach defenses 5 per two counters, an odd
    counter costing as a pair (3 counters = 2 pairs = 10 BRPs)."""
    legal = plan(
        line("germany", "fort", "fortification", "berlin", 2, 2, 10),
        line("germany", "beach", "beach_defense", "kiel", 3, 3, 10),
    )
    assert check(scenario(AXIS), legal) == []
    cheap = plan(line("germany", "beach", "beach_defense", "kiel", 3, 3, 5))
    assert rules(check(scenario(AXIS), cheap)) == ["27.12"]


def test_rebuild_in_turn_of_elimination_costs_double() -> None:
    """27.13 A: an isolated armor unit rebuilt this turn costs x2: 2 factors x 2 BRPs x 2 = 8."""
    assert check(scenario(AXIS), plan(line("germany", "armor-iso", "armor", "ruhr", 1, 2, 8))) == []
    normal = plan(line("germany", "armor-iso", "armor", "ruhr", 1, 2, 4))
    assert rules(check(scenario(AXIS), normal)) == ["27.12"]


def test_isolated_rebuild_past_threshold_costs_triple() -> None:
    """27.14, 27.35 E: 25 BRPs of infantry fill the threshold (no oil counter); an isolated
    2-factor armor rebuilt past it costs 2 x 3 x 2 = 12 BRPs; at x2 (8) it is mispriced."""
    infantry = line("germany", "inf", "infantry", "berlin", 25, 25, 25)
    legal = plan(infantry, line("germany", "armor-iso", "armor", "ruhr", 1, 2, 12, oil=2))
    assert check(scenario(AXIS), legal) == []
    doubled = plan(infantry, line("germany", "armor-iso", "armor", "ruhr", 1, 2, 8, oil=2))
    result = check(scenario(AXIS), doubled)
    assert rules(result) == ["27.12"]
    assert "12 BRPs, not 8" in result[0].message


def test_brps_spent_exceed_brps_available() -> None:
    """27.11: Italy has 40 BRPs less 10 of fixed spending (a minor declaration of war, 27.12):
    building 31 BRPs is more than the 30 available."""
    data = copy.deepcopy(AXIS)
    data["powers"]["italy"].update(
        brps=40, brp_base=150, fixed_spending=[{"kind": "declaration_of_war_minor"}]
    )
    s = Scenario.model_validate(data)
    assert s.brps_available(Power.ITALY) == 30
    over = plan(line("italy", "inf", "infantry", "rome", 31, 31, 31), spent={AX: 1})
    assert rules(check(s, over)) == ["27.11"]
    exact = plan(line("italy", "inf", "infantry", "rome", 30, 30, 30), spent={AX: 1})
    assert check(s, exact) == []


# --------------------------------------------------------------------------- force pool (27.2, 27.5)


def test_force_pool_count() -> None:
    """27.5: at most the counters in the force pool: 3 isolated armor counters, not 4."""
    over = plan(
        line("germany", "armor-iso", "armor", "ruhr", 2, 4, 16),
        line("germany", "armor-iso", "armor", "berlin", 2, 4, 16),
    )
    result = check(scenario(AXIS, oil_counters=2), plan(*over.builds, spent={AX: 1}))
    assert rules(result) == ["27.5"]
    assert "4 counters built, 3 in the force pool" in result[0].message


def test_line_must_match_its_entry() -> None:
    """27.5: a line builds its entry's counters: unknown entry, wrong unit type, wrong factors."""
    s = scenario(AXIS)
    assert rules(check(s, plan(line("germany", "panzer", "armor", "ruhr", 1, 2, 4)))) == ["27.5"]
    assert rules(check(s, plan(line("germany", "armor", "infantry", "ruhr", 1, 2, 4)))) == ["27.5"]
    assert rules(check(s, plan(line("germany", "armor", "armor", "ruhr", 1, 3, 4)))) == ["27.5"]
    assert rules(check(s, plan(line("russia", "inf", "infantry", "moscow", 1, 1, 1)))) == ["27.5"]


def test_specialized_unit_eliminated_this_turn_not_rebuilt() -> None:
    """27.21: specialized units (airborne) may not be rebuilt in the turn they are eliminated;
    airborne eliminated earlier may (3 BRPs a factor, 27.12)."""
    assert check(scenario(AXIS), plan(line("germany", "para-old", "airborne", "berlin", 1, 1, 3))) == []
    result = check(scenario(AXIS), plan(line("germany", "para", "airborne", "berlin", 1, 1, 3)))
    assert rules(result) == ["27.21"]


def test_rebuild_prohibited() -> None:
    """27.22 B: Vlasov units may not be rebuilt."""
    result = check(scenario(AXIS), plan(line("germany", "vlasov", "infantry", "berlin", 1, 1, 1)))
    assert rules(result) == ["27.22"]


# --------------------------------------------------------------------------- construction limits (27.3)


def test_over_construction_limit() -> None:
    """27.31, 27.32 A: Italy's BRP base 60 gives a limit of 20; 21 BRPs of builds break it."""
    s = scenario(AXIS)
    assert construction_limit(s, Power.ITALY) == 20
    assert check(s, plan(line("italy", "inf", "infantry", "rome", 20, 20, 20), spent={AX: 0})) == []
    result = check(s, plan(line("italy", "inf", "infantry", "rome", 21, 21, 21)))
    assert rules(result) == ["27.31"]
    assert result[0].message == "italy: 21 BRPs count against a construction limit of 20"


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
        brp_base=30,
        limit_modifiers={"bombing_losses": 45},
        grants_received=[{"from": "usa", "brps": 9}],
    )
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.RUSSIA) == 3


def test_flying_bomb_gains() -> None:
    """27.341: Germany's limit +1 per BRP Britain or Russia lost to German flying bombs."""
    s = edited(AXIS, "germany", limit_modifiers={"flying_bomb_gains": 4})
    assert construction_limit(s, Power.GERMANY) == 54


# --------------------------------------------------------------------------- Commonwealth (27.47, 40.244)


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


def test_us_grant_to_canada() -> None:
    """40.23 A, 40.244: a U.S. grant of 6 BRPs to Canada costs the U.S. 6 of its limit (1:1),
    pays for Canadian builds, which then do not count against the British limit; the grant
    must not exceed what is spent on Canadian units."""
    data = copy.deepcopy(ALLIES)
    data["powers"]["usa"]["grants_made"] = [{"to": "canada", "brps": 6}]
    data["powers"]["britain"].update(brps=0, brp_base=0)  # Britain can pay nothing, limit 0
    s = Scenario.model_validate(data)
    assert construction_limit(s, Power.USA) == 50 - 6
    assert construction_limit(s, Power.BRITAIN) == 0
    paid_by_grant = plan(line("britain", "canadian", "infantry", "canada_box", 6, 6, 6))
    assert check(s, paid_by_grant) == []
    report = derive_report(s, paid_by_grant)
    assert report[Power.BRITAIN].construction_brps == 0
    assert report[Power.USA].brps_available == 94
    result = check(s, plan(line("britain", "canadian", "infantry", "canada_box", 5, 5, 5)))
    assert rules(result) == ["40.244"]


def test_dominion_units_only_in_their_country() -> None:
    """27.475 A: Canadian units are built in Canada; 27.472 A: South African units in the South
    Africa box."""
    s = scenario(ALLIES)
    assert check(s, plan(line("britain", "south-african", "infantry", "south_africa_box", 2, 2, 2))) == []
    assert rules(check(s, plan(line("britain", "canadian", "infantry", "london", 1, 1, 1)))) == ["27.475"]
    assert rules(check(s, plan(line("britain", "south-african", "infantry", "canada_box", 1, 1, 1)))) == [
        "27.472"
    ]


def test_french_colonial_units_in_their_colony() -> None:
    """27.477: the French 1-3 infantry may only be rebuilt in the colony where it began."""
    s = scenario(ALLIES)
    assert check(s, plan(line("france", "colonial", "infantry", "algiers", 1, 1, 1))) == []
    assert rules(check(s, plan(line("france", "colonial", "infantry", "tunis", 1, 1, 1)))) == ["27.477"]
    assert rules(check(s, plan(line("france", "colonial", "infantry", "paris", 1, 1, 1)))) == ["27.477"]


# --------------------------------------------------------------------------- oil (27.35)


def test_axis_shared_threshold_fifteen_brps_past_it() -> None:
    """27.35 A, D, I: Germany builds 30 BRPs and Italy 10 (normal cost) with no oil counter: the
    first 25 are at normal cost, 15 BRPs' worth pay double: Germany 20 armor + 10 infantry all
    past (20 BRPs), Italy 5 inside and 5 past (5 + 10)."""
    s = scenario(AXIS)
    legal = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 20, oil=10),
        line("italy", "inf", "infantry", "rome", 10, 10, 15, oil=5),
    )
    assert check(s, legal) == []
    [oil] = derive_oil(s, legal)
    assert (oil.threshold_brps, oil.normal_cost_brps, oil.oil_affected_brps) == (25, 25, 30)
    fewer_past = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 20, oil=10),
        line("italy", "inf", "infantry", "rome", 10, 10, 14, oil=4),
    )
    result = check(s, fewer_past)
    assert rules(result) == ["27.35"]
    assert "26 BRPs of builds inside an oil threshold of 25" in result[0].message


def test_italian_builds_past_threshold_once_germany_fills_it() -> None:
    """27.35 I: building Italian units at normal cost requires oil if Germany spends 25 BRPs or
    more: Germany 25 inside + 5 past, Italy all 10 past at double cost (20 BRPs)."""
    s = scenario(AXIS)
    legal = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 15, oil=5),
        line("italy", "inf", "infantry", "rome", 10, 10, 20, oil=10),
    )
    assert check(s, legal) == []


def test_one_oil_counter_none_past() -> None:
    """27.35 B: with one oil counter the first 50 BRPs are at normal cost: the 40 BRPs of
    builds all pay normal cost, and a unit priced past the threshold would have fitted."""
    s = scenario(AXIS)
    legal = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 10),
        line("italy", "inf", "infantry", "rome", 10, 10, 10),
        spent={AX: 1},
    )
    assert check(s, legal) == []
    assert [o.threshold_brps for o in derive_oil(s, legal)] == [50]
    needless = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 10),
        line("italy", "inf", "infantry", "rome", 10, 10, 15, oil=5),
        spent={AX: 1},
    )
    result = check(s, needless)
    assert rules(result) == ["27.35"]
    assert "fits inside" in result[0].message


def test_unit_past_threshold_only_if_it_would_not_fit() -> None:
    """27.35 A [reading]: 20 German armor BRPs and 4 Italian infantry inside (24 of 25): an
    Italian infantry factor (1 BRP) would still fit, so none may be past the threshold."""
    s = scenario(AXIS)
    result = check(
        s,
        plan(
            line("germany", "armor", "armor", "ruhr", 5, 10, 20),
            line("italy", "inf", "infantry", "rome", 10, 10, 16, oil=6),
        ),
    )
    assert rules(result) == ["27.35"]


def test_oil_counters_spent_at_most_available() -> None:
    """27.35: the faction spends only the oil counters it has (2 here)."""
    result = check(scenario(AXIS), plan(line("italy", "inf", "infantry", "rome", 1, 1, 1), spent={AX: 3}))
    assert rules(result) == ["27.35"]


def test_threshold_counts_rebuilds_at_normal_cost() -> None:
    """27.35 [reading, setting oil_threshold_counts_normal_cost]: an isolated armor rebuilt inside
    the threshold (8 BRPs) takes its normal cost (4) of it: 21 + 4 = 25 fits; counting the
    doubled price (21 + 8 = 29) does not."""
    builds = plan(
        line("germany", "inf", "infantry", "berlin", 21, 21, 21),
        line("germany", "armor-iso", "armor", "ruhr", 1, 2, 8),
    )
    assert check(scenario(AXIS), builds) == []
    doubled = scenario(AXIS, settings={"oil_threshold_counts_normal_cost": False})
    assert rules(check(doubled, builds)) == ["27.35"]


def test_us_builds_ignore_oil() -> None:
    """27.35 J: American construction costs are ignored (unlimited oil): 40 U.S. BRPs leave the
    British threshold free, and no U.S. unit is ever past it."""
    s = scenario(ALLIES)
    legal = plan(
        line("usa", "inf", "infantry", "us_atlantic_box", 40, 40, 40),
        line("britain", "inf", "infantry", "london", 25, 25, 25),
    )
    assert check(s, legal) == []
    report = derive_report(s, legal)
    assert report[Power.USA].oil_effect_incurred is None
    assert report[Power.BRITAIN].oil_effect_incurred is True
    result = check(s, plan(line("usa", "inf", "infantry", "us_atlantic_box", 2, 2, 4, oil=2)))
    assert rules(result) == ["27.35 J"]


def test_oil_effect_incurred_unless_an_oil_counter_is_spent() -> None:
    """27.35 H: a power incurs the oil effect unless its faction spends an oil counter."""
    s = scenario(AXIS)
    builds = [line("germany", "inf", "infantry", "berlin", 5, 5, 5)]
    assert derive_report(s, plan(*builds))[Power.ITALY].oil_effect_incurred is True
    assert derive_report(s, plan(*builds, spent={AX: 1}))[Power.ITALY].oil_effect_incurred is False


# --------------------------------------------------------------------------- several factions (27.35 I, J; 40.3)

JOINT: dict[str, Any] = {
    "name": "joint allies test",
    "turn": {"season": "spring", "year": 1942},
    "faction": "western_allies",
    "oil_counters": {"western_allies": 1, "russia": 2},
    "us_at_war": {"europe": True, "pacific": True},
    "powers": {
        # listed out of POWER_ORDER on purpose: plans list germany, italy, britain, france, usa, russia, ...
        "russia": {
            "brps": 60,
            "brp_base": 120,  # limit 40
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 40}],
        },
        "usa": {
            "brps": 100,
            "brp_base": 150,  # limit 50
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 40}],
        },
        "britain": {
            "brps": 80,
            "brp_base": 90,  # limit 30
            "force_pool": [{"id": "inf", "unit": "infantry", "count": 30}],
        },
    },
}


def test_each_faction_has_its_own_threshold() -> None:
    """27.35 I, J: each faction has its own oil threshold: 25 British BRPs fill the Western
    Allies' 25 and 25 Russian BRPs fill Russia's, none past it (one shared threshold would put
    25 past); U.S. builds count toward neither. A 26th Russian BRP at normal cost breaks
    Russia's threshold only."""
    s = scenario(JOINT)
    assert s.factions() == [WA, RU]
    legal = plan(
        line("britain", "inf", "infantry", "london", 25, 25, 25),
        line("russia", "inf", "infantry", "moscow", 25, 25, 25),
        line("usa", "inf", "infantry", "us_atlantic_box", 10, 10, 10),
    )
    assert check(s, legal) == []
    reports = derive_oil(s, legal)
    assert [(o.faction, o.counters_available, o.threshold_brps, o.normal_cost_brps) for o in reports] == [
        (WA, 1, 25, 25),
        (RU, 2, 25, 25),
    ]
    over = plan(
        line("britain", "inf", "infantry", "london", 25, 25, 25),
        line("russia", "inf", "infantry", "moscow", 26, 26, 26),
    )
    result = check(s, over)
    assert rules(result) == ["27.35"]
    assert result[0].message.startswith("russia: 26 BRPs of builds inside an oil threshold of 25")
    # Russia's oil counter opens Russia's threshold, not the Western Allies'.
    assert check(s, plan(*over.builds, spent={RU: 1})) == []
    assert rules(check(s, plan(*over.builds, spent={WA: 1}))) == ["27.35"]


def test_oil_counters_are_spent_per_faction() -> None:
    """27.35: each faction spends only its own oil counters (Western Allies 1, Russia 2); a
    number for `oil_counters` is the planning faction's alone; a faction with no planned power
    spends none."""
    s = scenario(JOINT)
    builds = [line("britain", "inf", "infantry", "london", 1, 1, 1)]
    assert check(s, plan(*builds, spent={WA: 1, RU: 2})) == []
    result = check(s, plan(*builds, spent={WA: 2}))
    assert rules(result) == ["27.35"]
    assert result[0].message == "western_allies: 2 oil counters spent but 1 available"
    assert rules(check(scenario(JOINT, oil_counters=1), plan(*builds, spent={RU: 1}))) == ["27.35"]
    assert rules(check(s, plan(*builds, spent={Faction.JAPAN: 1}))) == ["27.35"]


def test_oil_effect_per_faction() -> None:
    """27.35 H: a power incurs the oil effect unless its own faction spends an oil counter; the
    U.S. never does (27.35 J)."""
    reports = derive_report(scenario(JOINT), plan(spent={WA: 1}))
    assert [(p, r.oil_effect_incurred) for p, r in reports.items()] == [
        (Power.BRITAIN, False),
        (Power.USA, None),
        (Power.RUSSIA, True),
    ]


def test_avoid_oil_effect_for_every_faction() -> None:
    """27.35 H: avoiding the oil effect needs an oil counter spent by every planned faction with
    oil-pooled powers; the Western Allies with only the U.S. planned have none (27.35 J)."""
    s = scenario(JOINT, objective={"avoid_oil_effect": True})
    result = check(s, plan(spent={WA: 1}))
    assert [(v.rule, v.kind) for v in result] == [("27.35 H", "requirement")]
    assert result[0].message.startswith("russia:")
    assert check(s, plan(spent={WA: 1, RU: 1})) == []
    data = copy.deepcopy(JOINT)
    del data["powers"]["britain"]
    data["objective"] = {"avoid_oil_effect": True}
    us_and_russia = Scenario.model_validate(data)
    assert [o.faction for o in derive_oil(us_and_russia, plan())] == [RU]
    assert check(us_and_russia, plan(spent={RU: 1})) == []


def test_reports_listed_in_power_and_faction_order() -> None:
    """Plans list power reports in POWER_ORDER and oil reports in the order of
    `Scenario.factions()` (the planning faction first); another order is a report error."""
    s = scenario(JOINT)
    builds = plan(line("britain", "inf", "infantry", "london", 2, 2, 2))
    reports = derive_report(s, builds)
    assert list(reports) == [Power.BRITAIN, Power.USA, Power.RUSSIA]
    oil = derive_oil(s, builds)
    full = builds.model_copy(update={"powers": reports, "oil": oil})
    assert check(s, full) == []
    shuffled = full.model_copy(update={"powers": dict(reversed(list(reports.items())))})
    result = check(s, shuffled)
    assert [(v.rule, v.message) for v in result] == [
        ("report", "powers: listed as russia, usa, britain, not in POWER_ORDER")
    ]
    assert rules(check(s, full.model_copy(update={"oil": list(reversed(oil))}))) == ["report"]
    assert rules(check(s, full.model_copy(update={"oil": oil[:1]}))) == ["report"]
    russia_first = scenario(JOINT, faction="russia")
    assert [o.faction for o in derive_oil(russia_first, builds)] == [RU, WA]


# --------------------------------------------------------------------------- naval air (27.61)

NAVAL_AIR_CASES = [
    ("usa", "western_allies", "us_pacific_box", 4),
    ("japan", "japan", "tokyo", 3),
    ("britain", "western_allies", "london", 2),
    ("germany", "european_axis", "kiel", 1),
    ("italy", "european_axis", "naples", 1),
]


def naval_air_scenario(power: str, faction: str) -> Scenario:
    return Scenario.model_validate(
        {
            "name": "naval air",
            "turn": {"season": "spring", "year": 1942},
            "faction": faction,
            "powers": {
                power: {
                    "brps": 50,
                    "brp_base": 90,
                    "force_pool": [{"id": "nas", "unit": "naval_air", "count": 10}],
                }
            },
        }
    )


@pytest.mark.parametrize(("power", "faction", "site", "rate"), NAVAL_AIR_CASES)
def test_naval_air_training_rates(power: str, faction: str, site: str, rate: int) -> None:
    """27.61: naval air factors a turn: the U.S. 4, Japan 3, Britain 2, Germany 1, Italy 1."""
    s = naval_air_scenario(power, faction)
    assert naval_air_rate(s, Power(power)) == rate
    assert check(s, plan(line(power, "nas", "naval_air", site, rate, rate, rate))) == []
    result = check(s, plan(line(power, "nas", "naval_air", site, rate + 1, rate + 1, rate + 1)))
    assert rules(result) == ["27.61"]
    assert f"{rate + 1} naval air factors built, training rate {rate}" in result[0].message


def test_japanese_rate_doubled_once_kamikazes_formed() -> None:
    """27.61: Japan's naval air training rate is doubled once kamikazes have been formed: 6."""
    s = edited(JAPAN, "japan", naval_air={"kamikazes_formed": True})
    assert naval_air_rate(s, Power.JAPAN) == 6
    assert check(s, plan(line("japan", "nas", "naval_air", "tokyo", 6, 6, 6))) == []
    assert rules(check(s, plan(line("japan", "nas", "naval_air", "tokyo", 7, 7, 7)))) == ["27.61"]


def test_kamikazes_count_against_the_rate() -> None:
    """27.61 [reading, setting kamikazes_use_naval_air_rate]: 3 naval air + 1 kamikaze factor
    exceed Japan's rate of 3; without the setting they do not."""
    builds = plan(
        line("japan", "nas", "naval_air", "tokyo", 3, 3, 3),
        line("japan", "kamikaze", "kamikaze", "osaka", 1, 1, 1),
    )
    assert rules(check(scenario(JAPAN), builds)) == ["27.61"]
    assert check(scenario(JAPAN, settings={"kamikazes_use_naval_air_rate": False}), builds) == []


def test_rp_increase_raises_the_rate() -> None:
    """27.61, 42.22 E: naval air training rates may be increased by RPs: Germany 1 + 2."""
    s = edited(AXIS, "germany", naval_air={"rp_increase": 2})
    assert naval_air_rate(s, Power.GERMANY) == 3
    assert check(s, plan(line("germany", "nas", "naval_air", "kiel", 3, 3, 3))) == []


# --------------------------------------------------------------------------- placement (27.4, 27.92)


def test_home_country() -> None:
    """27.42 A: East Prussia is part of Germany; 27.42 B: Sicily is part of Italy, Sardinia is
    not; 27.42 C: Japan may not build in Karafuto; 27.42 F: Russia not in eastern Europe or
    the Urals box."""
    axis = scenario(AXIS)
    assert check(axis, plan(line("germany", "inf", "infantry", "konigsberg", 1, 1, 1))) == []
    assert check(axis, plan(line("italy", "inf", "infantry", "palermo", 1, 1, 1))) == []
    assert rules(check(axis, plan(line("italy", "inf", "infantry", "cagliari", 1, 1, 1)))) == ["27.42"]
    assert rules(check(axis, plan(line("germany", "inf", "infantry", "paris", 1, 1, 1)))) != []
    assert rules(check(scenario(JAPAN), plan(line("japan", "inf", "infantry", "toyohara", 1, 1, 1)))) == [
        "27.42"
    ]
    russia = scenario(RUSSIA)
    assert rules(check(russia, plan(line("russia", "inf", "infantry", "lvov", 1, 1, 1)))) == ["27.42"]
    assert rules(check(russia, plan(line("russia", "inf", "infantry", "urals_box", 1, 1, 1)))) == ["27.42"]


def test_japanese_infantry_in_korea_and_manchuria() -> None:
    """27.471: Japan may build up to three infantry factors a turn in Korea and Manchuria
    together (2 at Seoul + 1 at Mukden), infantry only."""
    s = scenario(JAPAN)
    legal = plan(
        line("japan", "inf", "infantry", "seoul", 2, 2, 2),
        line("japan", "inf", "infantry", "mukden", 1, 1, 1),
    )
    assert check(s, legal) == []
    four = plan(
        line("japan", "inf", "infantry", "seoul", 2, 2, 2),
        line("japan", "inf", "infantry", "mukden", 2, 2, 2),
    )
    result = check(s, four)
    assert rules(result) == ["27.471"]
    assert "4 infantry factors" in result[0].message
    armor = plan(line("japan", "armor", "armor", "seoul", 1, 2, 4))
    assert rules(check(s, armor)) == ["27.471"]


def test_russia_in_siberia() -> None:
    """27.476: Russia may build up to six BRPs of ground and air units a turn in Siberia at the
    normal cost (a voluntarily eliminated 3-factor armor rebuilt at x2 = 12 still counts 6);
    never in Mongolia or Tannu Tuva; no fortifications there."""
    s = scenario(RUSSIA)
    assert check(s, plan(line("russia", "armor", "armor", "chita", 1, 3, 6))) == []
    assert check(s, plan(line("russia", "armor-iso", "armor", "vladivostok", 1, 3, 12))) == []
    seven = plan(
        line("russia", "armor", "armor", "chita", 1, 3, 6),
        line("russia", "inf", "infantry", "khabarovsk", 1, 1, 1),
    )
    assert rules(check(s, seven)) == ["27.476"]
    assert rules(check(s, plan(line("russia", "inf", "infantry", "ulan_bator", 1, 1, 1)))) == ["27.476"]
    assert rules(check(s, plan(line("russia", "fort", "fortification", "chita", 1, 1, 5)))) == ["27.476"]


def test_enemy_zoc_refused() -> None:
    """27.44: units may not be constructed in hexes in an enemy ZoC."""
    s = scenario(AXIS, map={"sites": {"konigsberg": {"enemy_zoc": True}}})
    result = check(s, plan(line("germany", "inf", "infantry", "konigsberg", 1, 1, 1)))
    assert rules(result) == ["27.44"]
    assert "konigsberg" in result[0].message


def test_cut_off_from_supply_refused() -> None:
    """27.43 A: units may not be built in isolated hexes: with the Berlin-Konigsberg link cut,
    Konigsberg's only other link leads to Russian Lvov."""
    s = scenario(AXIS, map={"cut_links": [["konigsberg", "berlin"]]})
    assert "konigsberg" not in supplied_sites(s, Power.GERMANY)
    result = check(s, plan(line("germany", "inf", "infantry", "konigsberg", 1, 1, 1)))
    assert rules(result) == ["27.43"]


def test_supply_traced_through_faction_sites_only() -> None:
    """27.43 A: a British-held Naples cuts Messina off from Rome and Milan (Palermo leads only to
    French Tunis)."""
    s = scenario(AXIS, map={"sites": {"naples": {"controller": "britain"}}})
    assert rules(check(s, plan(line("italy", "inf", "infantry", "messina", 1, 1, 1)))) == ["27.43"]


def test_partial_supply_refused() -> None:
    """27.43 A: units may not be built in partially supplied hexes."""
    s = scenario(AXIS, map={"sites": {"munich": {"supply": "partial"}}})
    assert rules(check(s, plan(line("germany", "inf", "infantry", "munich", 1, 1, 1)))) == ["27.43"]


def test_russia_supplied_from_the_urals_box_only() -> None:
    """27.43 B: Russian units are built only where a supply line reaches the Urals box: with
    its western links cut, Moscow is refused and Chita (Siberia) is not."""
    cut = [
        ["urals_box", "gorky"],
        ["urals_box", "stalingrad"],
        ["urals_box", "baku"],
        ["urals_box", "vologda"],
    ]
    s = scenario(RUSSIA, map={"cut_links": cut})
    assert supplied_sites(s, Power.RUSSIA) == {
        "urals_box",
        "chita",
        "khabarovsk",
        "vladivostok",
        "ulan_bator",
        "kyzyl",
    }
    assert rules(check(s, plan(line("russia", "inf", "infantry", "moscow", 1, 1, 1)))) == ["27.43"]
    assert check(s, plan(line("russia", "inf", "infantry", "chita", 1, 1, 1))) == []


def test_hex_control() -> None:
    """27.45: only in hexes controlled at the start of the player turn, not recaptured this turn,
    and controlled by the constructing power."""
    for state in ({"controlled_at_turn_start": False}, {"recaptured_this_turn": True}):
        s = scenario(AXIS, map={"sites": {"munich": state}})
        assert rules(check(s, plan(line("germany", "inf", "infantry", "munich", 1, 1, 1)))) == ["27.45"]
    s = scenario(AXIS, map={"sites": {"trieste": {"controller": "germany"}}})
    result = check(s, plan(line("italy", "inf", "infantry", "trieste", 1, 1, 1)))
    assert rules(result) == ["27.45"]


def test_stacking() -> None:
    """27.46: stacking limits are observed during placement: room for 1 ground and 1 air counter
    at Munich."""
    s = scenario(AXIS, map={"sites": {"munich": {"ground_capacity": 1, "air_capacity": 1}}})
    one_each = plan(
        line("germany", "inf", "infantry", "munich", 1, 1, 1),
        line("germany", "air", "army_air", "munich", 1, 1, 3),
        line("germany", "fort", "fortification", "munich", 1, 1, 5),
    )
    assert check(s, one_each) == []
    assert rules(check(s, plan(line("germany", "inf", "infantry", "munich", 2, 2, 2)))) == ["27.46"]
    assert rules(check(s, plan(line("germany", "air", "army_air", "munich", 2, 2, 6)))) == ["27.46"]


def test_strategic_bombers_to_sw_boxes() -> None:
    """27.92 A: German strategic bombers go to the Atlantic SW box; Italy, not named by 27.92,
    places them as other air units [reading]."""
    s = scenario(AXIS)
    assert check(s, plan(line("germany", "sb", "strategic_bomber", "atlantic_sw_box", 1, 1, 3))) == []
    assert rules(check(s, plan(line("germany", "sb", "strategic_bomber", "berlin", 1, 1, 3)))) == ["27.92"]
    assert rules(check(s, plan(line("germany", "sb", "strategic_bomber", "pacific_sw_box", 1, 1, 3)))) == [
        "27.92"
    ]
    assert check(s, plan(line("italy", "sb", "strategic_bomber", "rome", 1, 1, 3))) == []
    assert rules(check(s, plan(line("italy", "sb", "strategic_bomber", "atlantic_sw_box", 1, 1, 3)))) == [
        "27.42"
    ]
    assert rules(check(s, plan(line("germany", "inf", "infantry", "atlantic_sw_box", 1, 1, 1)))) == ["27.42"]


def test_us_strategic_bombers_in_us_box_where_not_at_war() -> None:
    """27.92 D: U.S. strategic bombers go to the SW box of a theater where the U.S. is at war
    (the Pacific here) and to the U.S. box of a theater where it is not (the Atlantic)."""
    s = scenario(ALLIES)
    assert check(s, plan(line("usa", "sb", "strategic_bomber", "us_atlantic_box", 1, 1, 3))) == []
    assert check(s, plan(line("usa", "sb", "strategic_bomber", "pacific_sw_box", 1, 1, 3))) == []
    assert rules(check(s, plan(line("usa", "sb", "strategic_bomber", "atlantic_sw_box", 1, 1, 3)))) == [
        "27.92"
    ]
    assert rules(check(s, plan(line("usa", "sb", "strategic_bomber", "us_pacific_box", 1, 1, 3)))) == [
        "27.92"
    ]


def test_partisans_have_no_site() -> None:
    """27.48, 11.3: partisans (2 BRPs a factor, 27.11 B) are placed by the partisan rules."""
    data = copy.deepcopy(RUSSIA)
    data["powers"]["russia"]["force_pool"].append({"id": "partisan", "unit": "partisan", "count": 2})
    s = Scenario.model_validate(data)
    assert check(s, plan(line("russia", "partisan", "partisan", None, 1, 1, 2))) == []
    assert rules(check(s, plan(line("russia", "partisan", "partisan", "moscow", 1, 1, 2)))) == ["27.48"]
    assert rules(check(s, plan(line("russia", "inf", "infantry", None, 1, 1, 1)))) == ["27.41"]


# --------------------------------------------------------------------------- requirements


def test_minimum_build_requirement() -> None:
    """Objective: at least 6 German armor factors; 4 built is a requirement breach, not a rule one."""
    s = scenario(AXIS, objective={"minimum": [{"factors": 6, "unit": "armor", "power": "germany"}]})
    assert check(s, plan(line("germany", "armor", "armor", "ruhr", 3, 6, 12))) == []
    result = check(s, plan(line("germany", "armor", "armor", "ruhr", 2, 4, 8)))
    assert rules(result) == ["objective.minimum"]
    assert result[0].kind == "requirement"


def test_reserve_requirement() -> None:
    """Objective: Italy keeps 25 of its 40 BRPs, so it may spend 15."""
    s = scenario(AXIS, objective={"reserve": {"italy": 25}})
    assert check(s, plan(line("italy", "inf", "infantry", "rome", 15, 15, 15))) == []
    result = check(s, plan(line("italy", "inf", "infantry", "rome", 16, 16, 16)))
    assert [(v.rule, v.kind) for v in result] == [("objective.reserve", "requirement")]


def test_avoid_oil_effect_requirement() -> None:
    """27.35 H: avoiding the oil effect requires the faction to spend an oil counter."""
    s = scenario(AXIS, objective={"avoid_oil_effect": True})
    builds = [line("italy", "inf", "infantry", "rome", 5, 5, 5)]
    assert check(s, plan(*builds, spent={AX: 1})) == []
    result = check(s, plan(*builds))
    assert [(v.rule, v.kind) for v in result] == [("27.35 H", "requirement")]


# --------------------------------------------------------------------------- the plan's accounting


def test_report_matches_derivation() -> None:
    """The plan's accounting, when present, agrees with the rules (27.11, 27.31, 27.35, 27.61)."""
    s = scenario(AXIS)
    builds = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 20, oil=10),
        line("germany", "nas", "naval_air", "kiel", 1, 1, 2, oil=1),
        line("italy", "inf", "infantry", "rome", 10, 10, 15, oil=5),
    )
    # the naval air factor (1 BRP) is past the threshold as well: 25 inside, 16 BRPs' worth past
    reports = derive_report(s, builds)
    germany = reports[Power.GERMANY]
    assert (germany.brps_available, germany.construction_brps, germany.brps_kept) == (100, 42, 58)
    assert (germany.construction_limit, germany.limit_used) == (50, 42)
    assert (germany.naval_air_rate, germany.naval_air_used, germany.oil_effect_incurred) == (1, 1, True)
    full = builds.model_copy(update={"powers": reports, "oil": derive_oil(s, builds)})
    assert check(s, full) == []

    wrong = reports[Power.ITALY].model_copy(update={"construction_limit": 21})
    tampered = full.model_copy(update={"powers": {**reports, Power.ITALY: wrong}})
    result = check(s, tampered)
    assert [(v.rule, v.kind) for v in result] == [("report", "report")]
    assert result[0].message == "powers.italy.construction_limit: 21 in the plan, 20 by the rules"

    bad_oil = full.model_copy(update={"oil": [full.oil[0].model_copy(update={"normal_cost_brps": 24})]})
    result = check(s, bad_oil)
    assert rules(result) == ["report"]
    assert result[0].message == "oil.european_axis.normal_cost_brps: 24 in the plan, 25 by the rules"


def test_violations_sorted_by_rule_then_message() -> None:
    """Deterministic order: by rule, then message."""
    s = scenario(AXIS, map={"sites": {"munich": {"enemy_zoc": True}}})
    result = check(
        s,
        plan(
            line("italy", "inf", "infantry", "rome", 21, 21, 21),
            line("germany", "inf", "infantry", "munich", 1, 1, 1),
        ),
    )
    assert rules(result) == ["27.31", "27.44"]
    assert result == sorted(result, key=lambda v: (v.rule, v.message))


def test_alternative_sites_are_checked() -> None:
    """27.4: a line's alternative sites must be legal placements too: Kiel is, for German
    infantry built at Berlin; Munich, in an enemy ZoC (27.44), is not."""
    s = scenario(AXIS, map={"sites": {"munich": {"enemy_zoc": True}}})
    good = BuildLine(
        power=Power.GERMANY,
        entry="inf",
        unit="infantry",
        site="berlin",
        counters=2,
        factors=2,
        brps=2,
        alternatives=["kiel", "konigsberg"],
    )
    assert check(s, plan(good)) == []
    bad = good.model_copy(update={"alternatives": ["kiel", "munich"]})
    result = check(s, plan(bad))
    assert [(v.rule, v.kind) for v in result] == [("report", "report")]
    assert "alternative site 'munich'" in result[0].message
    assert "breaks 27.44" in result[0].message
