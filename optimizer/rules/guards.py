"""Enforcement literals that let the solver say which rules block a requirement.

In a normal solve every constraint is posted unconditionally (`Guards` returns
no literal). To explain an infeasible requirement the model is built again with
`ExplainGuards`: each rule family, for each power or site it concerns, gets
one literal, and the solver's infeasible core over those literals names the
rules that block the requirement.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

RULE_TITLES: dict[str, str] = {
    "27.11": "BRPs available",
    "27.21": "specialized units not rebuilt in the turn of elimination",
    "27.22": "reconstruction prohibited",
    "27.31": "construction limit",
    "27.35": "construction oil threshold",
    "27.35 A": "units priced past the oil threshold only when they do not fit",
    "27.44": "no construction in an enemy ZoC",
    "27.45": "construction only in hexes held since the start of the player turn, not recaptured this turn",
    "27.46": "stacking",
    "27.471": "Japan: 3 infantry factors a turn in Korea and Manchuria",
    "27.473 B": "Australian construction limit",
    "27.474 B": "Indian construction limit",
    "27.476": "Russia: 6 BRPs a turn in Siberia",
    "27.5": "force pool",
    "27.61": "naval air training rate",
    "40.244": "U.S. grants to Commonwealth countries limited to their construction",
    "40.54": "the Persian route carries grants from the turn after it is opened",
    "40.71": "the Siberian route carries grants from the turn after the Alaska highway is built",
    "requirement": "requirement",
}


class Guards:
    """Normal solve: no enforcement literals."""

    def of(self, rule: str, subject: str) -> list[cp_model.IntVar]:
        return []


class ExplainGuards(Guards):
    """Explanation solve: one literal per (rule, subject)."""

    def __init__(self, model: cp_model.CpModel) -> None:
        self.model = model
        self.literals: dict[tuple[str, str], cp_model.IntVar] = {}

    def of(self, rule: str, subject: str) -> list[cp_model.IntVar]:
        key = (rule, subject)
        if key not in self.literals:
            self.literals[key] = self.model.new_bool_var(f"guard[{rule}|{subject}]")
        return [self.literals[key]]


def describe(rule: str, subject: str) -> str:
    if rule == "requirement":
        return f"requirement {subject}"
    title = RULE_TITLES.get(rule, "")
    named = f"{rule} {title}" if title else rule
    return f"{named} ({subject})" if subject else named
