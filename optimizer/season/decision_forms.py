"""The forms of a season's decisions (`awaw season --fix`, `--forbid`, and `awaw batch`'s for season
positions), parsed from their text: `awaw plan`'s forms (`optimizer.turn.decision_forms`), each with the turn
of the season it is for. Pure parsing, loading no solver (the batch checks its options' syntax with it
before it starts); whether a turn has the names is `optimizer.season.decisions.with_decisions`'s to say.
See `optimizer.season.decisions` for the forms' readings."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from models.io import InputError
from models.quantities import MAX_TURNS
from optimizer.turn.decision_forms import SOURCE, Decision, Kind, bad, parse_decision

# `@turnN` at the end of a form, or before its `=N` or another `@`; what follows `@turn` is read whole, so
# that `@turn-1` or `@turn1.5` is a turn that is no number, not a site named 'turn-1' (no site's name
# starts with 'turn').
TURN_SUFFIX = re.compile(r"@turn([^=@]*)(?=$|=|@)")


def season_turn(decision: Decision, model_turn: int) -> int:
    """The season's turn (0 this turn) a decision posted in `model_turn`'s model is for, as the player
    names it (@turnN, N-1): a chart action's is its chart turn (the chart is planned in turn 1's model,
    27.7), any other's the turn of its model."""
    return decision.turn if decision.kind is Kind.ACTION else model_turn


@dataclass(frozen=True)
class SeasonDecision:
    """One decision (`decision`) for one turn of the season (`turn`: 0 this turn, 1 the next)."""

    decision: Decision
    turn: int = 0

    @property
    def model_turn(self) -> int:
        """The turn whose model posts it: a chart action's is turn 0's (the chart is planned there)."""
        return 0 if self.decision.kind is Kind.ACTION else self.turn


def parse_season_decision(option: str, text: str, length: int | None) -> SeasonDecision:
    """The decision `text` given to `option`, for a season of `length` turns (None: a season of any length,
    the syntax only, as `awaw batch` checks its options before it reads a position); raises `InputError`
    naming the option and the problem. A chart action's turn is the chart's (0 this turn), which may run
    past the season (`with_decisions` holds it to the chart's horizon)."""
    turns = "turn1, turn2, ..." if length is None else f"turn1 to turn{length}"
    spec = text.strip()
    found = list(TURN_SUFFIX.finditer(spec.lower()))
    if len(found) > 1:
        raise bad(option, text, "give @turnN once")
    number = None
    if found:
        match = found[0]
        digits = match.group(1)
        if not digits:
            raise bad(option, text, f"no number after '@turn' ({turns})")
        if not re.fullmatch(r"[0-9]+", digits):
            raise bad(option, text, f"'{digits}' after '@turn' is not a turn number ({turns})")
        number = int(digits) if len(digits) <= 9 else 10**9  # past any season, and never a 4,300-digit read
        if number < 1:
            season = "a season's" if length is None else f"the season's {length}"
            raise bad(option, text, f"turn {number} is out of {season} turns ({turns})")
        spec = spec[: match.start()] + spec[match.end() :]
    try:
        decision = replace(parse_decision(option, spec), text=text)
    except InputError as error:  # the problem names the form as the player typed it
        raise InputError(
            SOURCE, [(o, p.replace(f"'{spec}'", f"'{text}'", 1)) for o, p in error.problems]
        ) from None
    if decision.kind is Kind.ACTION:
        if number is not None and decision.turn != 0:
            raise bad(option, text, "a chart action takes its turn once: @K (0 this turn) or @turnN")
        if number is not None:
            if number - 1 > MAX_TURNS:
                raise bad(option, text, f"turn {number} is past any naval chart's horizon ({MAX_TURNS + 1})")
            decision = replace(decision, turn=number - 1)
        return SeasonDecision(decision, decision.turn)
    if number is not None and length is not None and number > length:
        raise bad(
            option,
            text,
            f"turn {number} is out of the season's {length} turns (turn1 to turn{length}; only a chart "
            "action reaches past the season, to the chart's horizon)",
        )
    return SeasonDecision(decision, 0 if number is None else number - 1)


def parse_season_decisions(
    fix: Sequence[str], forbid: Sequence[str], length: int | None
) -> tuple[SeasonDecision, ...]:
    """Every --fix, then every --forbid, for a season of `length` turns (None: of any length); all mistakes
    at once in one `InputError`."""
    found: list[SeasonDecision] = []
    problems: list[tuple[str, str]] = []
    for option, texts in (("--fix", fix), ("--forbid", forbid)):
        for text in texts:
            try:
                found.append(parse_season_decision(option, text, length))
            except InputError as error:
                problems += error.problems
    if problems:
        raise InputError(SOURCE, problems)
    return tuple(found)
