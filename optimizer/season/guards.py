"""The season's guard literals for an explanation (`optimizer.season.explain`): one literal per rule,
subject and turn, so that the infeasible core names the turn whose rule blocks the season.

A rule's subject in turn t is its turn model's subject with ', turn t+1' after it ('27.31', 'germany,
turn 2'); the player's requirements keep their own words (a decision names its turn: 'fix
germany:armor-4-6@turn2')."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.rules.guards import ExplainGuards, Guards


class SeasonGuards(ExplainGuards):
    """One literal per (rule, subject) of each turn; `turn(t)` is turn t's guards."""

    def turn(self, t: int) -> Guards:
        return _TurnGuards(self, t)


class _TurnGuards(Guards):
    def __init__(self, season: SeasonGuards, t: int) -> None:
        self.season = season
        self.t = t

    def of(self, rule: str, subject: str) -> list[cp_model.IntVar]:
        if rule == "requirement":
            return self.season.of(rule, subject)
        return self.season.of(rule, f"{subject}, turn {self.t + 1}")


def turn_of(subject: str) -> tuple[str, int | None]:
    """A season literal's subject split into the turn model's subject and its turn (1 this turn), or
    (subject, None) for a requirement."""
    head, sep, tail = subject.rpartition(", turn ")
    if sep and tail.isdigit():
        return head, int(tail)
    return subject, None
