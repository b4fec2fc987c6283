"""The checker's force pool: counts, entries, and units that may not be rebuilt (27.2, 27.5)."""

from __future__ import annotations

from optimizer.checker import check

from .helpers import AX, AXIS, line, plan, rules, scenario


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
