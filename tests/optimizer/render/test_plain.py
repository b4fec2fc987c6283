"""optimizer.render.plain: the tables and lines written without Rich are the very bytes Rich writes to a file,
on every bundled scenario and on generated tables and lines; where they are not known, Rich writes them."""

from __future__ import annotations

import io
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

import scenarios
from models.io import load_scenario
from optimizer.planners.position import solve
from optimizer.planners.turn import TURN
from optimizer.render import plain
from optimizer.render.plain import NARROW, Group, Table, Text, plain_file, render, rich_of
from optimizer.render.tables import console


def rich_bytes(part: object) -> str:
    """What `optimizer.render.tables.console()` writes of the part to a file that is no terminal."""
    out = console()
    out.file = io.StringIO()
    out.print(rich_of(part))
    return out.file.getvalue()


def plan_parts(name: str) -> object:
    scenario = load_scenario(scenarios.path(name))
    result = solve(scenario)
    assert result.plan is not None
    return TURN.tables(scenario, result)


@pytest.mark.parametrize("path", scenarios.bundled(), ids=lambda p: p.name)
def test_every_bundled_plan_is_written_as_rich_writes_it(path):
    parts = plan_parts(path.name)
    text = render(parts)
    assert text is None or text == rich_bytes(parts)


def test_the_default_plan_is_written_without_rich():
    """`awaw plan` on the bundled default takes the plain path (its tables fit, its notes wrap)."""
    parts = plan_parts(scenarios.DEFAULT)
    text = render(parts)
    assert text is not None
    assert text == rich_bytes(parts)
    assert "\n" in text.split("Note: ", 1)[1].split("Builds", 1)[0].rstrip("\n")  # a note wrapped at 120


def test_every_narrow_character_is_one_cell_wide_for_rich():
    assert all(cell_len(c) == 1 for c in NARROW)


def test_a_table_wider_than_the_width_is_left_to_rich():
    table = Table(title="Wide")
    table.add_column("a")
    table.add_row("x" * 130)
    assert render(table) is None
    assert "…" in rich_bytes(table)  # Rich cuts the cell short


def test_a_rich_renderable_among_the_parts_is_left_to_rich():
    from rich.text import Text as RichText

    assert render(Group(Text("one"), RichText("two"))) is None


def test_a_terminal_or_a_forced_terminal_is_left_to_rich(monkeypatch):
    primary, secondary = os.openpty()
    try:
        with open(secondary, "w", encoding="utf-8", closefd=False) as tty:
            assert not plain_file(tty)
    finally:
        os.close(primary)
        os.close(secondary)
    pipe = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert plain_file(pipe)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not plain_file(pipe)
    monkeypatch.delenv("FORCE_COLOR")
    assert not plain_file(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))  # Rich draws ASCII boxes


def test_write_falls_back_to_rich_for_what_it_does_not_know(monkeypatch, capsys):
    monkeypatch.setattr(plain, "plain_file", lambda file: True)
    table = Table(title="Wide")
    table.add_column("a")
    table.add_row("y " * 80)
    plain.write(table, console)
    assert capsys.readouterr().out == rich_bytes(table)


# Generated cells and lines: words of letters, digits, the narrow characters and punctuation, with single or
# double spaces and line breaks; some tables wider than 120, some titles wider than their tables.
WORD = st.text(alphabet="abcXYZ019-:;()/>" + "".join(sorted(NARROW)), min_size=0, max_size=12)
CELL = st.lists(WORD, min_size=0, max_size=6).flatmap(
    lambda words: st.sampled_from([" ", "  ", "\n"]).map(lambda sep: sep.join(words))
)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    table = Table(
        title=draw(st.sampled_from(["", "Builds", "BRPs, construction limit, naval air", "t " * 30])),
        show_lines=draw(st.booleans()),
    )
    columns = draw(st.integers(1, 8))
    for _ in range(columns):
        table.add_column(draw(WORD), justify=draw(st.sampled_from(["left", "right"])))
    for _ in range(draw(st.integers(0, 5))):
        table.add_row(*(draw(CELL) for _ in range(columns)))
    return table


LINES = st.lists(WORD, min_size=0, max_size=60).flatmap(
    lambda words: st.lists(st.sampled_from([" ", "  ", " \n"]), min_size=len(words), max_size=len(words)).map(
        lambda seps: "".join(w + s for w, s in zip(words, seps, strict=True))
    )
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(tables(), LINES.map(Text)), min_size=1, max_size=4))
def test_generated_tables_and_lines_are_written_as_rich_writes_them(parts):
    text = render(Group(*parts))
    assert text is None or text == rich_bytes(Group(*parts))


@settings(max_examples=100, deadline=None)
@given(LINES)
def test_generated_lines_are_always_known_and_wrapped_as_rich_wraps_them(line):
    """Lines of words no longer than the width are always written here, wrapped as Rich wraps them."""
    text = render(Text(line))
    assert text is not None
    assert text == rich_bytes(Text(line))
