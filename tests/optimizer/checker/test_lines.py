"""The checker's build lines: each line priced from its force pool entry (27.11-27.14)."""

from __future__ import annotations

from optimizer.checker import check

from .helpers import AXIS, line, plan, rules, scenario


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
    assert rules(check(scenario(AXIS), cheap)) == ["27.11 E"]
    mispriced = plan(line("germany", "beach", "beach_defense", "kiel", 3, 3, 7))  # no whole number of pairs
    result = check(scenario(AXIS), mispriced)
    assert rules(result) == ["27.12"]
    assert "= 10 BRPs, not 7" in result[0].message


def test_beach_defenses_pair_across_the_turn() -> None:
    """27.11 E: five BRPs per two counters over the turn: one counter at Kiel and one at Hamburg are
    one pair, 5 BRPs written on either line; paying 5 on each (the planner's old answer) is a pair
    too many."""
    one_pair = plan(
        line("germany", "beach", "beach_defense", "kiel", 1, 1, 5),
        line("germany", "beach", "beach_defense", "hamburg", 1, 1, 0),
    )
    assert check(scenario(AXIS), one_pair) == []
    per_line = plan(
        line("germany", "beach", "beach_defense", "kiel", 1, 1, 5),
        line("germany", "beach", "beach_defense", "hamburg", 1, 1, 5),
    )
    result = check(scenario(AXIS), per_line)
    assert rules(result) == ["27.11 E"]
    assert "2 beach defense counters make 1 pairs this turn, but the lines pay for 2" in result[0].message


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
