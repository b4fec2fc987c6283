"""A player's SW combat results table (rule 25): what the expected-results objective of `awaw sw --results`
reads, and the value in BRPs of what SW combat destroys.

The game's own table is not in the rules text here, so the file is the player's. Two forms are read:

- `awaw-sw-results/2`, the table as the game prints it (`GameResultsTable`): the dice rolled, and for
  the attacker's roll and the defender's roll the columns (factors), which way the net modifier is
  applied to the roll, and each row's cells (transports, BRPs and submarine factors lost). The
  planner computes the expected losses from the dice, each capped at what is in the box.
- `awaw-sw-results/1`, the older form (`ResultsTable`): one expected loss per level and net modifier,
  used as written (no cap, no dice).
"""

from __future__ import annotations

import copy
import re
from enum import StrEnum
from typing import Any

from pydantic import Field, NonNegativeInt, model_validator

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


# --- The table as the game prints it (awaw-sw-results/2) ---------------------------------------------


class ModifierDirection(StrEnum):
    """How the net SW combat modifier (positive favours the submarines, 25.61) enters a roll."""

    PLUS = "plus"  # modified roll = dice + modifier
    MINUS = "minus"  # modified roll = dice - modifier


class Cell(Strict):
    """One cell of a results table: what that modified roll in that column destroys."""

    transports: NonNegativeInt = Field(default=0, le=100, description="The defender's transports lost.")
    brps: NonNegativeInt = Field(default=0, le=1000, description="The defender's BRPs lost.")
    factors: NonNegativeInt = Field(default=0, le=100, description="The attacker's submarine factors lost.")


class RollRow(Strict):
    """One row of a roll's table: a modified roll and its cell in each column."""

    roll: int = Field(ge=-50, le=100, description="The modified roll of this row.")
    cells: list[Cell] = Field(description="One cell per column, in the columns' order.")


class RollTable(Strict):
    """The attacker's or the defender's roll: columns of factors, rows of modified rolls."""

    modifier: ModifierDirection = Field(
        description=(
            "plus: the net SW combat modifier is added to this roll; minus: it is subtracted. Positive "
            "modifiers favour the submarines (25.61), so the table is checked to agree."
        )
    )
    columns: list[NonNegativeInt] = Field(
        min_length=1,
        max_length=40,
        description=(
            "The factor figure heading each column, increasing: a level reads the last column whose figure "
            "it reaches; a level below the first column rolls on none and has no result."
        ),
    )
    rows: list[RollRow] = Field(
        min_length=1,
        max_length=60,
        description=(
            "One row per modified roll, the rolls consecutive; a modified roll beyond the first or last "
            "row reads that row (the printed table's 'or less' and 'or more')."
        ),
    )

    def column(self, level: int) -> int | None:
        """The index of the column a level reads, or None below the first column."""
        found = None
        for i, figure in enumerate(self.columns):
            if level >= figure:
                found = i
        return found

    def row(self, modified: int) -> RollRow:
        """The row a modified roll reads (clamped to the table's first and last rows)."""
        rows = sorted(self.rows, key=lambda r: r.roll)
        modified = max(rows[0].roll, min(rows[-1].roll, modified))
        return next(r for r in rows if r.roll == modified)


DICE = re.compile(r"^([1-4])d([2-9]|1[0-9]|20)$")


def _shorthand(data: Any, key: str, field: str) -> None:
    """A bare number in a cell of `key` is `field` (transports on the attacker's roll, submarine
    factors lost on the defender's), as a printed table gives one figure a cell."""
    table = data.get(key) if isinstance(data, dict) else None
    rows = table.get("rows") if isinstance(table, dict) else None
    if not isinstance(rows, list):
        return
    for row in rows:
        cells = row.get("cells") if isinstance(row, dict) else None
        if isinstance(cells, list):
            row["cells"] = [
                {field: c} if isinstance(c, int) and not isinstance(c, bool) else c for c in cells
            ]


class GameResultsTable(Strict):
    """The SW Combat Table as the game prints it (`awaw-sw-results/2`).

    `attacker_roll`: the submarines' roll, its columns the submarine level (25.41); `defender_roll`:
    the ASW roll, its columns the ASW level (25.42). Each roll's `modifier` says whether the net
    modifier is added to or subtracted from it; the same net modifier applies to both rolls (25.61).
    A bare number in a cell is transports lost on the attacker's roll and submarine factors lost on
    the defender's; a mapping gives `transports`, `brps` and `factors` (the attacker's submarine
    factors lost) on either roll.
    """

    format: str = Field(pattern=r"^awaw-sw-results/2$", description="awaw-sw-results/2")
    name: str | None = Field(default=None, max_length=200, description="Where the table comes from.")
    dice: str = Field(description="The dice rolled on both tables: NdS, as 2d6 (1-4 dice of 2-20 faces).")
    attacker_roll: RollTable
    defender_roll: RollTable

    @model_validator(mode="before")
    @classmethod
    def _bare_numbers(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = copy.deepcopy(data)
            _shorthand(data, "attacker_roll", "transports")
            _shorthand(data, "defender_roll", "factors")
        return data

    @model_validator(mode="after")
    def _consistent(self) -> GameResultsTable:
        if not DICE.match(self.dice):
            raise ValueError(f"dice: {self.dice!r} is not NdS with 1-4 dice of 2-20 faces (as 2d6)")
        for key in ("attacker_roll", "defender_roll"):
            table: RollTable = getattr(self, key)
            if any(b <= a for a, b in zip(table.columns, table.columns[1:], strict=False)):
                raise ValueError(f"{key}.columns: the factor figures must increase")
            rolls = [r.roll for r in table.rows]
            if sorted(rolls) != list(range(min(rolls), min(rolls) + len(rolls))):
                raise ValueError(
                    f"{key}.rows: the rolls must be consecutive, each once (found {sorted(rolls)})"
                )
            for i, row in enumerate(table.rows):
                if len(row.cells) != len(table.columns):
                    raise ValueError(
                        f"{key}.rows[{i}].cells: {len(row.cells)} cells for {len(table.columns)} columns"
                    )
            _favours_submarines(key, table)
        return self

    @property
    def dice_count(self) -> int:
        return int(self.dice.split("d")[0])

    @property
    def dice_faces(self) -> int:
        return int(self.dice.split("d")[1])


def _favours_submarines(key: str, table: RollTable) -> None:
    """25.61: positive modifiers favour the submarines. So as the net modifier rises (down the rows
    with `plus`, up them with `minus`) no cell may give the defender fewer transports or BRPs lost,
    nor the attacker more submarine factors lost: a table entered mirrored is refused."""
    order = sorted(table.rows, key=lambda r: r.roll)
    if table.modifier is ModifierDirection.MINUS:
        order.reverse()
    for before, after in zip(order, order[1:], strict=False):
        for column, (was, now) in enumerate(zip(before.cells, after.cells, strict=True)):
            worse = [name for name in ("transports", "brps") if getattr(now, name) < getattr(was, name)] + (
                ["factors"] if now.factors > was.factors else []
            )
            if worse:
                index = table.rows.index(after)
                raise ValueError(
                    f"{key}.rows[{index}].cells[{column}]: {worse[0]} {getattr(now, worse[0])} at roll "
                    f"{after.roll} against {getattr(was, worse[0])} at roll {before.roll}: with modifier "
                    f"'{table.modifier.value}' a higher net modifier would favour the ASW, but positive "
                    "modifiers favour the submarines (25.61); is the table mirrored or the direction wrong?"
                )


AnyResultsTable = ResultsTable | GameResultsTable
RESULTS_FORMATS: dict[str, type[ResultsTable] | type[GameResultsTable]] = {
    "awaw-sw-results/2": GameResultsTable,
    "awaw-sw-results/1": ResultsTable,
}
