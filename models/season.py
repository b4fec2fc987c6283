"""A season planned whole: this turn and the later turns of a horizon of whole turns (`season:`).

The scenario states this turn as ever; the `season:` section says how many turns are planned together
and what the player expects of each later turn: the BRPs that come in and go out by rules the seeds do
not give (conquests, bombing, the year-start sequence), the units returned to or received into the force
pool (eliminations; Gathering Storm's mobilized units by their arrival turn, 14.81, 14.82), the oil
counters that come in (27.35) and that turn's construction limit inputs (27.32-27.34). What is left at the
horizon's end is valued by the player's rule for it (`leftover`).

Turns are counted from 1, this turn; turn 2 is the next, and so on. The rules' per-turn readings are
written where they are encoded (`optimizer/season/`, `optimizer/checker/season.py`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from models.base import Strict
from models.naval import Horizon
from models.objective import GrowthRate, KeptGrowth, Objective
from models.powers import ConstructionLimitInputs, ForcePoolEntry, Season, Turn
from models.quantities import Brps, Counters
from models.tables import Faction, Power

SEASON_ORDER = (Season.SPRING, Season.SUMMER, Season.FALL, Season.WINTER)
MAX_SEASON_TURNS = 8  # two years of turns: past that, the expectations are guesses upon guesses
LAST_YEAR = 1946


def turn_after(turn: Turn, turns: int = 1) -> Turn:
    """The game turn `turns` after `turn`: spring, summer, fall, winter, then the next year's spring."""
    index = SEASON_ORDER.index(turn.season) + turns
    return Turn(season=SEASON_ORDER[index % 4], year=turn.year + index // 4)


def turn_name(turn: Turn, turns: int = 0) -> str:
    """The game turn `turns` after `turn` (`turn_after`) as a player names it, by its season and year:
    'winter 1942'. A naval chart's turn t of a horizon from `turn` is `turn_name(turn, t)`."""
    when = turn_after(turn, turns)
    return f"{when.season.value} {when.year}"


def turns_to_year_end(turn: Turn) -> int:
    """This turn and the turns after it to the end of its year (the winter turn)."""
    return len(SEASON_ORDER) - SEASON_ORDER.index(turn.season)


class PowerExpectation(Strict):
    """What a planned power expects in one later turn of the season, before its construction."""

    brps_received: Brps = Field(
        default=0,
        description=(
            "BRPs received that turn from powers not planned here, read as one grant that comes after that "
            "turn's losses and spending (40.23 B: added to the recipient's total, by sea only after "
            "interception; 27.34: its construction limit a third of them, rounded down, more that turn) "
            "[input]."
        ),
    )
    gains: Brps = Field(
        default=0,
        description=(
            "BRPs gained that turn by rules outside the seeds: conquests, the year-start sequence's new BRP "
            "total [input, outside the seeds]."
        ),
    )
    losses: Brps = Field(
        default=0,
        description=(
            "BRPs lost that turn before construction by rules outside the seeds: strategic bombing, SW "
            "losses, territory lost [input, outside the seeds]; past what the power has, they take what it "
            "has (BRPs are never below 0) [reading]."
        ),
    )
    spending: Brps = Field(
        default=0,
        description=(
            "BRPs the power expects to spend that turn on things other than construction: offensives, "
            "declarations of war (27.12 chart) [input]; paid out of what it has then, so the turns before "
            "keep enough for it (27.11)."
        ),
    )
    brp_base: Brps | None = Field(
        default=None,
        description=(
            "The BRP base from that turn on, whose third is the basic construction limit (27.32 A), when a "
            "year-start sequence changes it [input, outside the seeds]; unset: the turn before's base."
        ),
    )
    limit_modifiers: ConstructionLimitInputs | None = Field(
        default=None,
        description=(
            "That turn's construction limit reductions and increases (27.33-27.341); unset: none, the losses "
            "of this turn reduce only this turn's limit [reading], but Swedish iron ore cut off stays cut off "
            "until a turn's inputs restore it (27.332)."
        ),
    )
    returned: dict[str, Counters] = Field(
        default_factory=dict,
        description=(
            "Counters returned to the force pool that turn, by force pool entry id: units the player expects "
            "to lose and rebuild (27.5) [input]."
        ),
    )
    received: list[ForcePoolEntry] = Field(
        default_factory=list,
        description=(
            "New force pool entries that turn: Gathering Storm's mobilized units in the turn their delay ends "
            "(14.81; they are A World at War's allowable builds, 14.82) [input]."
        ),
    )


class TurnExpectation(Strict):
    """What the player expects of one later turn of the season."""

    turn: int = Field(
        ge=2,
        le=MAX_SEASON_TURNS,
        description="Which turn of the season: 2 is the turn after this one (this turn is 1).",
    )
    powers: dict[Power, PowerExpectation] = Field(
        default_factory=dict, description="Per planned power; a power not named expects nothing."
    )
    oil_counters: Counters | dict[Faction, Counters] = Field(
        default=0,
        description=(
            "Oil counters that come in at the start of that turn, added to those carried (27.35): a number "
            "for the planning faction, or a number per faction [input, outside the seeds]."
        ),
    )
    oil_reserved: Counters | dict[Faction, Counters] = Field(
        default=0,
        description=(
            "Oil counters kept back that turn for uninverting and exploitation (27.35 F, 33.72): a number "
            "for the planning faction, or a number per faction."
        ),
    )


class Leftover(Strict):
    """How the BRPs left at the season's end are valued (the year-start sequence is not in the seeds)."""

    rule: Literal["per_brp", "growth"] = Field(
        default="per_brp",
        description=(
            "per_brp: each BRP left is worth `brp_value`; growth: the BRPs left grow the base at the year-start "
            "sequence by `growth_rate` (rounded down) and each BRP of that growth is worth `base_brp_value` "
            "[input: the growth rule is outside the seeds]."
        ),
    )
    brp_value: float | None = Field(
        default=None,
        ge=0,
        le=100,
        description="per_brp: value of each BRP left at the end; unset: the objective's unspent_brp_value.",
    )
    growth_rate: GrowthRate = Field(
        default=0.0,
        description="growth: share of the BRPs left added to next year's base (for example 0.5) [input].",
    )
    base_brp_value: float = Field(
        default=0.0, ge=0, le=100, description="growth: value of each BRP of next year's base."
    )

    @model_validator(mode="after")
    def _rule(self) -> Leftover:
        if self.rule == "growth" and self.brp_value is not None:
            raise ValueError(
                "brp_value: with rule growth the leftover is valued by growth_rate and base_brp_value"
            )
        if self.rule == "per_brp" and (self.growth_rate or self.base_brp_value):
            raise ValueError("growth_rate: only with rule growth")
        return self

    def turn_objective(self, objective: Objective) -> Objective:
        """The objective of a one-turn season's turn: the BRPs the turn keeps are what is left at the
        season's end, valued by this rule (README "A season planned whole": "what is left at the horizon's
        end is valued by the player's stated rule for it"): per_brp at `brp_value` each, as the turn's
        `unspent_brp_value`; growth as the turn's `unspent_brp_growth`, in place of `unspent_brp_value`.
        The objective itself when the rule is the default (per_brp at the objective's own value)."""
        if self.rule == "growth":
            growth = KeptGrowth(growth_rate=self.growth_rate, base_brp_value=self.base_brp_value)
            return objective.model_copy(update={"unspent_brp_value": 0.0, "unspent_brp_growth": growth})
        if self.brp_value is None or self.brp_value == objective.unspent_brp_value:
            return objective
        return objective.model_copy(update={"unspent_brp_value": self.brp_value})


class SeasonSection(Strict):
    """A season planned whole: this turn and the next turns to the horizon."""

    turns: Annotated[int, Field(ge=1, le=MAX_SEASON_TURNS)] | Literal["year"] = Field(
        description=(
            "Turns planned together, this one included (1 to 8), or 'year': to the end of this turn's year "
            "(its winter turn)."
        ),
    )
    discount: float = Field(
        default=1.0,
        ge=0,
        le=1,
        description=(
            "Weight of each later turn's value, per turn (1: a factor built next turn is worth as much as one "
            "built now) [reading]."
        ),
    )
    expectations: list[TurnExpectation] = Field(
        default_factory=list,
        description="Per later turn, what the player expects; a turn not listed expects nothing.",
    )
    leftover: Leftover = Field(default_factory=Leftover)

    @model_validator(mode="after")
    def _turns(self) -> SeasonSection:
        seen: set[int] = set()
        for i, expected in enumerate(self.expectations):
            if expected.turn in seen:
                raise ValueError(f"expectations[{i}].turn: turn {expected.turn} is listed twice")
            seen.add(expected.turn)
        return self

    def length(self, turn: Turn) -> int:
        """How many turns the season has, starting at `turn`."""
        return turns_to_year_end(turn) if self.turns == "year" else self.turns

    def expected(self, index: int) -> TurnExpectation:
        """What is expected of the season's turn `index` (0 this turn, 1 the next)."""
        for expected in self.expectations:
            if expected.turn == index + 1:
                return expected
        return TurnExpectation(turn=max(2, index + 1))


def chart_horizon(horizon: Horizon, length: int) -> int:
    """The naval chart's horizon beside a season of `length` turns (27.7) [reading]: the scenario's
    `horizon.turns` when given (a chart of 12 turns planned beside a season of 4), else the season's."""
    return max(length, horizon.turns)


def chart_horizon_problem(horizon: Horizon, length: int) -> str | None:
    """What is wrong in a `horizon:` beside a season of `length` turns, or None. The chart's horizon is
    its own (`chart_horizon`), at least the season's; its turns within the season are paid out of the
    season's BRP flow (27.11, 27.72), so `horizon.future` speaks only of turns past the season; every turn
    is weighted by `season.discount`, the chart's too. A one-turn season is the turn itself: its horizon
    is `awaw plan`'s, as given."""
    if 1 < horizon.turns < length:
        return (
            f"horizon.turns: the naval chart's horizon of {horizon.turns} turns is shorter than the season's "
            f"{length}; give {length} or more (or leave it out: the season's turns)"
        )
    if length > 1 and horizon.discount != 1.0:
        return (
            "horizon.discount: with a season: section each turn is weighted by season.discount, the naval "
            "chart's turns past the season too; give it once, in season.discount"
        )
    for i, future in enumerate(horizon.future[: length - 1]):
        if future.brps or future.limits:
            return (
                f"horizon.future[{i}]: turn {i + 2} is a turn of the season, whose BRPs and limit are the "
                "season's flow (season.expectations); horizon.future gives turns past the season only (leave "
                "this one {})"
            )
    return None


def season_problem(
    season: SeasonSection,
    turn: Turn,
    planned: set[Power],
    factions: set[Faction],
    entry_ids: dict[Power, set[str]],
    horizon: Horizon,
) -> str | None:
    """What is wrong in a scenario's `season:` section against the rest of the scenario, or None."""
    length = season.length(turn)
    if turn.year + (SEASON_ORDER.index(turn.season) + length - 1) // 4 > LAST_YEAR:
        return f"season.turns: {length} turns from {turn.season.value} {turn.year} run past {LAST_YEAR}"
    if problem := chart_horizon_problem(horizon, length):
        return problem
    for i, expected in enumerate(season.expectations):
        at = f"season.expectations[{i}]"
        if expected.turn > length:
            return f"{at}.turn: turn {expected.turn} is past the season's {length} turns"
        for name in ("oil_counters", "oil_reserved"):
            given = getattr(expected, name)
            if isinstance(given, dict):
                for faction in given:
                    if faction not in factions:
                        return f"{at}.{name}.{faction.value}: not a planned faction"
        known = {p: set(ids) for p, ids in entry_ids.items()}
        for power, powered in expected.powers.items():
            if power not in planned:
                return f"{at}.powers.{power.value}: {power.value} is not a planned power"
            ids = known.setdefault(power, set())
            for j, entry in enumerate(powered.received):
                if entry.id in ids:
                    return f"{at}.powers.{power.value}.received[{j}]: entry id {entry.id!r} is already in the force pool"
                ids.add(entry.id)
        for power, powered in expected.powers.items():
            for entry_id in powered.returned:
                if entry_id not in _ids_by(season, power, expected.turn, entry_ids):
                    return (
                        f"{at}.powers.{power.value}.returned.{entry_id}: no force pool entry {entry_id!r} "
                        f"of {power.value} by turn {expected.turn}"
                    )
    return None


def _ids_by(season: SeasonSection, power: Power, turn: int, entry_ids: dict[Power, set[str]]) -> set[str]:
    """The entry ids of `power`'s force pool by the season's turn `turn` (received ones included)."""
    ids = set(entry_ids.get(power, set()))
    for expected in season.expectations:
        if expected.turn <= turn and power in expected.powers:
            ids |= {entry.id for entry in expected.powers[power].received}
    return ids
