"""A breach found by the checker: its rule number, what breaks it, and its kind (rule, requirement, report)."""

from __future__ import annotations

from dataclasses import dataclass

RULE = "rule"


REQUIREMENT = "requirement"


REPORT = "report"


@dataclass(frozen=True)
class Violation:
    """One breach: the rule number, what breaks it (power, entry, site, numbers), and its kind.

    kind is "rule" for the game rules, "requirement" for the player's objective
    requirements (minimum builds, reserves, avoiding the oil effect) and "report"
    for a plan whose own accounting disagrees with the rules.
    """

    rule: str
    message: str
    kind: str = RULE
