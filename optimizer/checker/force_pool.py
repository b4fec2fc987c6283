"""The force pool: counters built from each entry, and entries that may not be rebuilt (27.2, 27.5)."""

from __future__ import annotations

from collections import defaultdict

from models.scenario import Elimination, Scenario
from models.tables import Power
from optimizer.checker.lines import PricedLine, find_entry, is_specialized
from optimizer.checker.violations import Violation


def check_force_pool(scenario: Scenario, lines: list[PricedLine]) -> list[Violation]:
    """Counters built from each entry are at most its count (27.5); barred entries are
    never built (27.21: specialized units eliminated this turn; 27.22: prohibited)."""
    violations: list[Violation] = []
    built: dict[tuple[Power, str], int] = defaultdict(int)
    for item in lines:
        built[(item.power, item.entry.id)] += item.line.counters
    for (power, entry_id), counters in sorted(built.items()):
        entry = find_entry(scenario, power, entry_id)
        assert entry is not None
        if counters > entry.count:
            violations.append(
                Violation(
                    "27.5",
                    f"{power.value} '{entry_id}': {counters} counters built, {entry.count} in the force pool",
                )
            )
        if is_specialized(entry) and entry.eliminated_this_turn is not Elimination.NONE:
            violations.append(
                Violation(
                    "27.21",
                    f"{power.value} '{entry_id}': specialized {entry.unit.value} eliminated this turn "
                    f"({entry.eliminated_this_turn.value}) cannot be rebuilt now; {counters} counters built",
                )
            )
        if entry.rebuild_prohibited:
            violations.append(
                Violation(
                    "27.22",
                    f"{power.value} '{entry_id}': may not be rebuilt ({entry.rebuild_prohibited}); "
                    f"{counters} counters built",
                )
            )
    return violations
