"""The command-line forms of decisions a player fixes, forbids or asks about (`awaw plan --fix`, `--forbid`,
`--why-not`), parsed from their compact text form. Pure parsing: whether the named entry, ship or
route exists in the position is checked against the prepared data (`optimizer.turn.fix`).

The forms, one a value of the option (each option repeatable):

- a build: `POWER:ENTRY`, optionally `@SITE` and `=COUNTERS` (`germany:armor-4-6`,
  `germany:armor-4-6@berlin=2`). Fixed, at least one counter of the entry (at SITE when given), or
  exactly COUNTERS; forbidden, none (at SITE when given). The same form names an SW build, a line of the
  power's `naval: sw_units` built this turn (27.9), with `@YARD` the shipyard whose points pay
  (`britain:merchant-tonnage@glasgow=2`), COUNTERS its factors: which of the two a name is, the
  position says (`optimizer.turn.fix.sw_line`; a name that is both is refused there).
- a Naval Construction Chart action: `POWER:SHIP:ACTION`, optionally `@TURN` (0 this turn, the default;
  1 the next turn of the horizon...): `usa:iowa:continue`, `japan:hyuga:start_repair@1`. SHIP is the
  ship's name, or `YARD/SHIP` when two yards hold ships of one name. Fixed, the ship takes that action
  on that turn; forbidden, it does not.
- a grant: `FROM>TO`, optionally `:ROUTE` and `=BRPS` (`britain>russia:murmansk=18`). Fixed, at least
  one BRP from FROM to TO (by ROUTE when given), or exactly BRPS; forbidden, none.
- a route: `route:NAME` (`route:persia`). Fixed, the route is opened this turn when it may be
  (40.521, 40.72), else something is sent by it; forbidden, it is neither opened nor used.

`=COUNTERS` (`=FACTORS`) and `=BRPS` are for `--fix` and `--why-not`: exactly that many. Asked of
`--why-not`, the best plan with exactly N [reading: as `awaw season --why-not` reads `=N`
(`optimizer.season.why_not`), "why not N" needs the count, and means what it means to `--fix`]; a
forbidden decision is none, so `--forbid` takes no count.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from models.io import InputError
from models.naval_tables import ChartAction
from models.quantities import MAX_BRPS, MAX_COUNTERS, MAX_TURNS
from models.route_data import Route
from models.tables import Power

SOURCE = "command line"


class Kind(StrEnum):
    BUILD = "build"
    ACTION = "action"
    GRANT = "grant"
    ROUTE = "route"


@dataclass(frozen=True)
class Decision:
    """One decision as the player typed it (`text`), under `option` ('--fix', '--forbid', '--why-not')."""

    option: str
    text: str
    kind: Kind
    power: Power | None = None  # the builder, the ship's power, or the grantor
    entry: str | None = None  # force pool entry id
    site: str | None = None
    amount: int | None = None  # exactly this many counters, factors or BRPs (--fix, --why-not)
    ship: str | None = None  # 'ship' or 'yard/ship'
    action: ChartAction | None = None
    turn: int = 0
    recipient: str | None = None
    route: Route | None = None

    @property
    def forbid(self) -> bool:
        return self.option == "--forbid"

    def describe(self) -> str:
        """The requirement as the explanation of an infeasible position names it."""
        verb = {"--forbid": "forbid", "--why-not": "include"}.get(self.option, "fix")
        return f"{verb} {self.text}"


def suggest(word: str, choices: list[str]) -> str:
    """'; did you mean 'x'?' for the nearest choice, else the choices themselves (at most 12)."""
    near = difflib.get_close_matches(word, choices, n=1, cutoff=0.5)
    if near:
        return f"; did you mean '{near[0]}'?"
    shown = sorted(choices)
    if not shown:
        return ""
    more = ", ..." if len(shown) > 12 else ""
    return "; one of " + ", ".join(shown[:12]) + more


def bad(option: str, text: str, problem: str) -> InputError:
    return InputError(SOURCE, [(option, f"'{text}': {problem}")])


E = TypeVar("E", bound=StrEnum)


def _choice(option: str, text: str, word: str, kind: type[E], what: str) -> E:
    """`word` as a member of `kind`, or `InputError` naming it and the nearest member."""
    try:
        return kind(word)
    except ValueError:
        raise bad(option, text, f"'{word}' is not {what}" + suggest(word, [m.value for m in kind])) from None


def _power(option: str, text: str, word: str) -> Power:
    return _choice(option, text, word, Power, "a power")


def _amount(option: str, text: str, word: str, most: int, what: str) -> int:
    if option == "--forbid":
        raise bad(option, text, f"={what.upper()} is for --fix and --why-not only")
    # ASCII digits, and few enough to read (Python refuses an integer of 4,300 digits; `\d` is any script's)
    if not re.fullmatch(r"[0-9]{1,9}", word) or not 0 <= int(word) <= most:
        raise bad(option, text, f"'{word}' is not a number of {what} (0 to {most})")
    return int(word)


FORMS = (
    "POWER:ENTRY[@SITE][=COUNTERS], POWER:SWLINE[@YARD][=FACTORS], POWER:SHIP:ACTION[@TURN], "
    "FROM>TO[:ROUTE][=BRPS] or route:NAME"
)


def parse_decision(option: str, text: str) -> Decision:
    """The decision `text` given to `option`; raises `InputError` naming the option and the problem."""
    spec = text.strip().lower()
    if not spec:
        raise bad(option, text, "empty; give " + FORMS)
    if spec.startswith("route:"):
        route = _choice(option, text, spec.removeprefix("route:"), Route, "a route")
        return Decision(option, text, Kind.ROUTE, route=route)
    if ">" in spec:
        return _grant(option, text, spec)
    parts = spec.split(":")
    if len(parts) == 2:
        return _build(option, text, parts)
    if len(parts) == 3:
        return _action(option, text, parts)
    raise bad(option, text, "not a decision; give " + FORMS)


def _build(option: str, text: str, parts: list[str]) -> Decision:
    power = _power(option, text, parts[0])
    rest, amount = parts[1], None
    if "=" in rest:
        rest, count = rest.split("=", 1)
        amount = _amount(option, text, count, MAX_COUNTERS, "counters")
    entry, site = rest, None
    if "@" in rest:
        entry, site = rest.split("@", 1)
        if not site:
            raise bad(option, text, "no site after '@'")
    if not entry:
        raise bad(option, text, "no force pool entry after the power")
    return Decision(option, text, Kind.BUILD, power=power, entry=entry, site=site, amount=amount)


def _action(option: str, text: str, parts: list[str]) -> Decision:
    power = _power(option, text, parts[0])
    ship, word, turn = parts[1], parts[2], 0
    if "@" in word:
        word, when = word.split("@", 1)
        if not re.fullmatch(r"[0-9]{1,9}", when) or int(when) > MAX_TURNS:
            raise bad(option, text, f"'{when}' is not a turn (0 this turn, 1 the next...)")
        turn = int(when)
    if not ship:
        raise bad(option, text, "no ship after the power")
    action = _choice(option, text, word, ChartAction, "a chart action")
    return Decision(option, text, Kind.ACTION, power=power, ship=ship, action=action, turn=turn)


def _grant(option: str, text: str, spec: str) -> Decision:
    grantor, rest = spec.split(">", 1)
    power = _power(option, text, grantor)
    amount = None
    if "=" in rest:
        rest, brps = rest.split("=", 1)
        amount = _amount(option, text, brps, MAX_BRPS, "brps")
    recipient, route = rest, None
    if ":" in rest:
        recipient, name = rest.split(":", 1)
        route = _choice(option, text, name, Route, "a route")
    if not recipient:
        raise bad(option, text, "no recipient after '>'")
    return Decision(option, text, Kind.GRANT, power=power, recipient=recipient, route=route, amount=amount)


def parse_decisions(fix: list[str], forbid: list[str]) -> tuple[Decision, ...]:
    """Every --fix, then every --forbid; all mistakes at once in one `InputError`."""
    found: list[Decision] = []
    problems: list[tuple[str, str]] = []
    for option, texts in (("--fix", fix), ("--forbid", forbid)):
        for text in texts:
            try:
                found.append(parse_decision(option, text))
            except InputError as error:
                problems += error.problems
    if problems:
        raise InputError(SOURCE, problems)
    return tuple(found)
