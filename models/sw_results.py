"""A player's SW combat results table (rule 25): what the expected-results objective of `awaw sw --results`
reads, and the value in BRPs of what SW combat destroys."""

from __future__ import annotations

from pydantic import Field, model_validator

from models.base import Strict


class ResultsRow(Strict):
    """One row of a player's SW combat results table: expected losses at a level and modifier."""

    level: int = Field(ge=0, le=100, description="Submarine level (25.41) or ASW level (25.42).")
    modifier: int = Field(ge=-20, le=20, description="Net SW combat modifier (25.61).")
    transports_lost: float = Field(default=0, ge=0, le=100, description="Expected defender transports lost.")
    brps_lost: float = Field(default=0, ge=0, le=1000, description="Expected defender BRPs lost.")
    submarines_lost: float = Field(default=0, ge=0, le=100, description="Expected submarine factors lost.")


class ResultsTable(Strict):
    """The player's SW combat results table (the game's own table is not in the rules text here).

    Two tables, one a die roll each (25.61): `submarine_rows` (the attacker's roll at its submarine
    level: transports and BRPs the defender is expected to lose) and `asw_rows` (the defender's roll at
    its ASW level: submarine factors the attacker is expected to lose). Every level from 0 to
    `max_level` and every modifier from `min_modifier` to `max_modifier` needs exactly one row in each.
    A level above `max_level` reads the `max_level` row; a modifier outside the range reads the nearest
    end [reading: the game's tables stop at their last column].
    """

    format: str = Field(pattern=r"^awaw-sw-results/1$", description="awaw-sw-results/1")
    max_level: int = Field(ge=0, le=100)
    min_modifier: int = Field(ge=-20, le=20)
    max_modifier: int = Field(ge=-20, le=20)
    submarine_rows: list[ResultsRow]
    asw_rows: list[ResultsRow]

    @model_validator(mode="after")
    def _complete(self) -> ResultsTable:
        if self.min_modifier > self.max_modifier:
            raise ValueError("min_modifier: above max_modifier")
        for name in ("submarine_rows", "asw_rows"):
            seen: set[tuple[int, int]] = set()
            for i, row in enumerate(getattr(self, name)):
                key = (row.level, row.modifier)
                if key in seen:
                    raise ValueError(f"{name}[{i}]: a second row for level {key[0]}, modifier {key[1]}")
                if row.level > self.max_level or not self.min_modifier <= row.modifier <= self.max_modifier:
                    raise ValueError(
                        f"{name}[{i}]: level {row.level}, modifier {row.modifier} is outside the table "
                        f"(levels 0-{self.max_level}, modifiers {self.min_modifier} to {self.max_modifier})"
                    )
                seen.add(key)
            for level in range(self.max_level + 1):
                for modifier in range(self.min_modifier, self.max_modifier + 1):
                    if (level, modifier) not in seen:
                        raise ValueError(f"{name}: no row for level {level}, modifier {modifier}")
        return self

    def key(self, level: int, modifier: int) -> tuple[int, int]:
        """The (level, modifier) row read for a level and modifier (clamped to the table)."""
        return min(level, self.max_level), max(self.min_modifier, min(self.max_modifier, modifier))

    def submarine_row(self, level: int, modifier: int) -> ResultsRow:
        wanted = self.key(level, modifier)
        return next(r for r in self.submarine_rows if (r.level, r.modifier) == wanted)

    def asw_row(self, level: int, modifier: int) -> ResultsRow:
        wanted = self.key(level, modifier)
        return next(r for r in self.asw_rows if (r.level, r.modifier) == wanted)


# Value in BRPs of what SW combat destroys, for the expected-results objective: a transport or a
# submarine factor costs 3 BRPs to build (27.12) [reading: the loss is worth its rebuilding cost].
TRANSPORT_BRPS = 3
SUBMARINE_FACTOR_BRPS = 3
