"""Tables and lines of text built without Rich, and written without it where Rich would write plain text.

`optimizer.render.tables` builds its tables and lines from these three classes instead of Rich's: the same
few calls (`Table(title=..., title_justify="left", show_lines=...)`, `add_column(header, justify=...)`,
`add_row(*cells)`, `caption`; `Text(text, style=...)`; `Group(*parts)`), each turned into Rich's own object
by `__rich__` when a Rich console prints it or another renderable holds it. So a command that prints a plan
to a pipe or a file need not import Rich at all (start-up: Rich's console and tables are about a twentieth
of `awaw plan`'s time beyond the libraries it cannot do without):

    text = render(parts)          # the bytes Rich would write at width 120 to a file, or None
    write(parts, console)         # those bytes on standard output, or console().print(parts) where not known

`render` writes exactly what `optimizer.render.tables.console()` writes to a file that is no terminal
(tests/optimizer/render/test_plain.py holds the two alike on every bundled scenario and on generated
tables and lines), for the cases it knows: lines of text, wrapped at the width as Rich wraps words;
tables with Rich's default box (heavy head), whose columns fit the width, whose titles fit the table,
without captions, of ASCII text and the few other characters one cell wide (`NARROW`). For anything else
(a table too wide, which Rich would shrink and wrap; a Rich renderable among the parts; a terminal,
where Rich adds colours and styles) it returns None and `write` hands the parts to Rich.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import IO, TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

WIDTH = 120  # optimizer.render.tables.console()'s fixed width
Justify = Literal["left", "right"]
# Characters other than printable ASCII that Rich counts one cell wide (the test holds each to
# `rich.cells.cell_len`); any other character leaves the writing to Rich.
NARROW = frozenset("—–’‘“”…×±≤≥°→é")
_WORD = re.compile(r"\s*\S+\s*")  # rich._wrap.words: a word and the whitespace after it
# The environment in which Rich's console takes a file for a terminal, or writes for a notebook.
TERMINAL_SETTINGS = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "JUPYTER_COLUMNS", "JUPYTER_LINES")


class Text:
    """A line (or lines) of text with a style (`bold`, `italic`) that only a terminal shows."""

    def __init__(self, text: str, style: str = "") -> None:
        self.plain = text
        self.style = style

    def __str__(self) -> str:
        return self.plain

    def __rich__(self) -> RenderableType:
        from rich.text import Text as RichText

        return RichText(self.plain, style=self.style)


class Column:
    def __init__(self, header: str, justify: Justify) -> None:
        self.header = header
        self.justify = justify
        self.cells: list[str] = []


class Table:
    """A table with a title above it, its columns justified left or right, as Rich's `Table` lays it out."""

    def __init__(self, title: str = "", title_justify: Justify = "left", show_lines: bool = False) -> None:
        self.title = title
        self.title_justify = title_justify
        self.show_lines = show_lines
        self.caption = ""
        self.columns: list[Column] = []

    def add_column(self, header: str, justify: Justify = "left") -> None:
        self.columns.append(Column(header, justify))

    def add_row(self, *cells: str) -> None:
        for column, cell in zip(self.columns, cells, strict=True):
            column.cells.append(cell)

    def __rich__(self) -> RenderableType:
        from rich.table import Table as RichTable

        table = RichTable(
            title=self.title or None, title_justify=self.title_justify, show_lines=self.show_lines
        )
        for column in self.columns:
            table.add_column(column.header, justify=column.justify)
        for row in zip(*(column.cells for column in self.columns), strict=True):
            table.add_row(*row)
        if self.caption:
            table.caption = self.caption
        return table


class Group:
    """Parts printed one after the other."""

    def __init__(self, *renderables: Any) -> None:
        self.renderables = list(renderables)

    def __rich__(self) -> RenderableType:
        from rich.console import Group as RichGroup

        return RichGroup(*(rich_of(part) for part in self.renderables))


def rich_of(part: Any) -> Any:
    """A part as Rich's own renderable (itself when it is one already)."""
    return part.__rich__() if isinstance(part, Text | Table | Group) else part


def _known(text: str) -> bool:
    """Whether every character is one Rich counts one cell wide and writes as it is."""
    return all(" " <= c <= "~" or c in NARROW for c in text)


def _wrap(text: str, width: int) -> list[str] | None:
    """Rich's word wrap of one line (rich._wrap.divide_line, and Text.wrap's `rstrip_end` and crop), or
    None where a word is longer than the width (Rich folds it)."""
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            return None
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]
    out = []
    for line in lines:
        if len(line) > width:  # whitespace past the width is dropped (Text.rstrip_end), then the line cropped
            spaces = len(line) - len(line.rstrip())
            line = line[: len(line) - min(spaces, len(line) - width)][:width]
        out.append(line)
    return out


def _text(part: Text, width: int) -> list[str] | None:
    lines: list[str] = []
    for line in part.plain.split("\n"):
        if not _known(line):
            return None
        wrapped = _wrap(line, width)
        if wrapped is None:
            return None
        lines.extend(wrapped)
    return lines


def _cell(text: str, width: int, justify: Justify) -> list[str] | None:
    """A cell's lines, each justified in its column's width less the padding (one space each side)."""
    lines = text.split("\n")
    if any(not _known(line) or line != line.strip() for line in lines):
        return None  # Rich strips a right-justified line and may wrap at inner whitespace: left to it
    return [" " + (line.rjust(width) if justify == "right" else line.ljust(width)) + " " for line in lines]


def _table(table: Table, width: int) -> list[str] | None:
    if table.caption or not table.columns:
        return None
    widths = [
        max(len(line) for cell in [c.header, *c.cells] for line in cell.split("\n")) for c in table.columns
    ]
    table_width = sum(w + 2 for w in widths) + len(widths) + 1
    if table_width > width:
        return None  # Rich shrinks the columns and wraps their cells
    lines: list[str] = []
    if table.title:
        if not _known(table.title) or len(table.title) > table_width or "\n" in table.title:
            return None
        if table.title != table.title.strip():
            return None
        lines.append(table.title.ljust(table_width))

    def row(cells: Iterable[str], edge: str, divider: str) -> list[str] | None:
        rendered = [
            _cell(cell, w, c.justify) for cell, w, c in zip(cells, widths, table.columns, strict=True)
        ]
        if any(r is None for r in rendered):
            return None
        height = max(len(r) for r in rendered if r is not None)
        blocks = [
            r + [" " * (w + 2)] * (height - len(r))
            for r, w in zip(rendered, widths, strict=True)
            if r is not None
        ]
        return [edge + divider.join(parts) + edge for parts in zip(*blocks, strict=True)]

    def rule(left: str, line: str, cross: str, right: str) -> str:
        return left + cross.join(line * (w + 2) for w in widths) + right

    lines.append(rule("┏", "━", "┳", "┓"))
    header = row((c.header for c in table.columns), "┃", "┃")
    if header is None:
        return None
    lines += header
    lines.append(rule("┡", "━", "╇", "┩"))
    count = len(table.columns[0].cells)
    for index in range(count):
        body = row((c.cells[index] for c in table.columns), "│", "│")
        if body is None:
            return None
        lines += body
        if table.show_lines and index < count - 1:
            lines.append(rule("├", "─", "┼", "┤"))
    lines.append(rule("└", "─", "┴", "┘"))
    return lines


def _lines(part: Any, width: int) -> list[str] | None:
    if isinstance(part, Group):
        lines: list[str] = []
        for inner in part.renderables:
            more = _lines(inner, width)
            if more is None:
                return None
            lines += more
        return lines
    if isinstance(part, Text):
        return _text(part, width)
    if isinstance(part, Table):
        return _table(part, width)
    return None  # a Rich renderable: Rich writes it


def render(part: Any, width: int = WIDTH) -> str | None:
    """What `optimizer.render.tables.console().print(part)` writes to a file that is no terminal, or None
    where that is not known here (see the module's docstring)."""
    lines = _lines(part, width)
    return None if lines is None else "".join(line + "\n" for line in lines)


def plain_file(file: IO[str]) -> bool:
    """Whether Rich's console writes plain text to `file`: no terminal (nor a setting that makes Rich take
    it for one, nor a notebook), a UTF-8 encoding (Rich draws the boxes in ASCII otherwise)."""
    if (
        any(os.environ.get(name) for name in TERMINAL_SETTINGS)
        or {"ipykernel", "IPython"} & sys.modules.keys()
    ):
        return False
    try:
        if file.isatty():
            return False
    except (AttributeError, ValueError):
        return False
    encoding = (getattr(file, "encoding", None) or "").lower()
    return encoding.replace("-", "").startswith("utf")


def write(part: Any, console: Callable[[], Console]) -> None:
    """The part on standard output, as `console().print(part)` prints it (`optimizer.render.tables.console`):
    written here where the bytes are known (`render`), else by Rich."""
    text = render(part) if plain_file(sys.stdout) else None
    if text is None:
        console().print(rich_of(part))
    else:
        sys.stdout.write(text)
