"""The tables and lines of `optimizer.render.tables` and `optimizer.render.sheet` as plain rows and text, for the web
page's templates and the HTML order sheet (`templates/blocks.html` lays them out)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rich.console import RenderableType


@dataclass(frozen=True)
class TableBlock:
    """A table of `optimizer.render.tables`, as rows of text: the same title, columns and cells."""

    title: str
    columns: list[str]
    numeric: list[bool]  # right-justified columns, as the terminal prints them
    rows: list[list[str]]
    caption: str = ""
    kind: Literal["table"] = "table"


@dataclass(frozen=True)
class TextBlock:
    """A line of text of `optimizer.render.tables` (notes in italics, headings in bold)."""

    text: str
    style: str = ""
    kind: Literal["text"] = "text"


Block = TableBlock | TextBlock


def blocks(renderable: RenderableType) -> list[Block]:
    """The tables and lines that `optimizer.render.tables` builds for the terminal, as plain rows and text for
    HTML: the cells are the very strings the terminal prints, nothing is derived again."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from optimizer.render.plain import rich_of

    renderable = rich_of(renderable)  # the tables' own parts (optimizer.render.plain) as Rich's
    if isinstance(renderable, Group):
        return [block for part in renderable.renderables for block in blocks(part)]
    if isinstance(renderable, Table):
        columns = list(renderable.columns)
        cells = [[str(cell) for cell in column.cells] for column in columns]
        rows = [list(row) for row in zip(*cells, strict=True)] if cells else []
        return [
            TableBlock(
                title=str(renderable.title or ""),
                columns=[str(column.header) for column in columns],
                numeric=[column.justify == "right" for column in columns],
                rows=rows,
                caption=str(renderable.caption or ""),
            )
        ]
    if isinstance(renderable, Text):
        return [TextBlock(renderable.plain, str(renderable.style or ""))]
    return [TextBlock(str(renderable))]
