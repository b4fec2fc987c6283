"""The player's fixed and forbidden decisions over a season (`awaw season --fix`, `--forbid`): the forms of
`awaw plan --fix/--forbid` (`optimizer.turn.decision_forms`), each with the turn of the season it is for.

A form may end in `@turnN` (`germany:armor-4-6@turn2`, `germany:armor-4-6=2@turn2`,
`britain>russia:persia@turn3`, `route:persia@turn2`): turn 1 is this turn, turn 2 the next; without it
the decision is this turn's. Each decision is posted in its turn's model by the turn model's own family
(`optimizer.turn.fix.add_decisions`), so it is guarded as a player's requirement and an impossible one is
explained as any is (`optimizer.season.explain`).

A chart action is turn 1's model's: the naval chart is planned whole there over its own horizon (27.7;
`models.season.chart_horizon`: `horizon.turns`, at least the season's), so `usa:iowa:continue@turn2` is
the chart's action of the season's second turn, the same as `awaw plan`'s `usa:iowa:continue@1` (which the
season takes too, meaning the same) [reading]. Both reach the chart's turns past the season's end when its
horizon is longer: in a season of 2 turns beside a chart of 4, `usa:iowa:continue@3` and
`usa:iowa:continue@turn4` are the chart's last turn [reading: a chart action's turn is the chart's, so it
runs to the chart's horizon; a build's or a grant's `@turnN` stays within the season, whose turns alone
plan builds and grants]. Whether the chart has that turn is known once the season is prepared
(`with_decisions`).

Bad input (exit 2): a form `awaw plan` refuses, a turn out of the season's range (a chart action's out of
the chart's), both `@K` and `@turnN` on one chart action, an SW build (an sw_units line, 27.9) in a later turn, or a
name the turn does not have (an entry not in
the force pool by then, a ship not on the charts, a recipient no grant reaches), each in one line naming
the option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from models.io import InputError
from optimizer.season.decision_forms import SeasonDecision
from optimizer.season.prepare import SeasonData
from optimizer.turn.decision_forms import SOURCE, Decision, Kind
from optimizer.turn.fix import check_decisions, sw_line
from optimizer.turn.prepare import Prepared


def with_decisions(data: SeasonData, decisions: Sequence[SeasonDecision]) -> SeasonData:
    """The season with each decision in its turn's prepared data (`Prepared.decisions`, posted by
    `optimizer.turn.fix.add_decisions` when the season model is built); raises `InputError` (bad input)
    for a name a turn does not have, its problem naming the turn, and for a chart action past the chart's
    horizon."""
    if not decisions:
        return data
    problems: list[tuple[str, str]] = []
    turns = list(data.turns)
    for t, prepared in enumerate(data.turns):
        mine = tuple(d.decision for d in decisions if d.model_turn == t)
        if not mine:
            continue
        past = [d for d in mine if _past_chart(prepared, d)]
        problems += [(d.option, _past_chart_problem(prepared, d)) for d in past]
        later_sw = [d for d in mine if t > 0 and sw_line(data.turns[0], d) is not None]
        problems += [(d.option, _later_sw_problem(d, t)) for d in later_sw]
        where = "" if data.length == 1 else f" (turn {t + 1} of the season)"
        named = [d for d in mine if d not in past and d not in later_sw]
        problems += [(option, problem + where) for option, problem in check_decisions(prepared, named)]
        turns[t] = replace(prepared, decisions=(*prepared.decisions, *mine))
    if problems:
        raise InputError(SOURCE, problems)
    return replace(data, turns=turns)


def _past_chart(prepared: Prepared, decision: Decision) -> bool:
    """A chart action on a turn the chart does not have (`check_decisions` names its other problems)."""
    naval = prepared.naval
    return decision.kind is Kind.ACTION and naval is not None and decision.turn >= len(naval.seasons)


def _later_sw_problem(decision: Decision, t: int) -> str:
    """SW units are built this turn (27.9, 27.721 A): the season's later turns plan no naval section of
    their own (the chart is turn 1's, `optimizer.season.prepare`), so no SW build in them."""
    return (
        f"'{decision.text}': SW units are planned in the season's first turn only (27.9), "
        f"not in turn {t + 1}; drop @turn{t + 1}"
    )


def _past_chart_problem(prepared: Prepared, decision: Decision) -> str:
    assert prepared.naval is not None
    turns = len(prepared.naval.seasons)
    return (
        f"'{decision.text}': @turn{decision.turn + 1} (@{decision.turn}) is past the naval chart's "
        f"{turns} turns (@turn1 to @turn{turns}, or @0 to @{turns - 1}; its horizon is horizon.turns)"
    )
