"""Every reader's YAML is read within `models.yaml_limits`: an alias bomb, an endless alias, too many
aliases, too many nodes and too long a document are each one `InputError` naming the file, the line
(where there is one) and the problem; anchors and merge keys as players write them still load."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

import scenarios
from models import yaml_limits
from models.decisions import parse_decisions
from models.io import InputError, parse_yaml
from optimizer.batch.inputs import read_inputs, read_sweep
from optimizer.cli import app

# The "billion laughs": nine lines, each repeating the one before nine times (9^9 values), 486 bytes.
LEVELS = "abcdefghi"
BOMB = "".join(
    f"{name}: &{name} [{', '.join(['lol'] * 9) if index == 0 else ', '.join([f'*{LEVELS[index - 1]}'] * 9)}] # level {index + 1}\n"
    for index, name in enumerate(LEVELS)
)
# the line where the aliases first repeat more than MAX_ALIAS_NODES (100,000) values: level 6's
# aliases each repeat 9^4 + ... nodes of level 5 (a list of 9 lists of ...): 9 x 7,381 > 100,000 there
BOMB_LINE = 6


def bomb_file(tmp_path: Path, name: str = "bomb.yaml") -> Path:
    path = tmp_path / name
    path.write_text(BOMB, encoding="utf-8")
    return path


def test_the_bomb_is_nine_lines_of_486_bytes() -> None:
    assert len(BOMB.encode()) == 486 and BOMB.count("\n") == 9


def test_billion_laughs_refused_at_its_line_before_it_is_expanded() -> None:
    """Refused while its events are read: memory stays flat (well under a megabyte of Python objects)."""
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as raised:
            parse_yaml(BOMB, "bomb.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert raised.value.render() == (
        f"bomb.yaml:{BOMB_LINE}: YAML aliases repeat more than 100,000 values (an alias bomb?); "
        "write the values out instead"
    )
    assert peak < 1_000_000


def test_an_alias_inside_the_node_it_repeats_is_refused() -> None:
    with pytest.raises(InputError, match=r"^loop.yaml:2: alias \*a inside the node it repeats"):
        parse_yaml("a: &a\n  - *a\n", "loop.yaml")


def test_more_than_a_thousand_aliases_are_refused_at_the_first_past_the_limit() -> None:
    text = "x: &x 1\n" + "".join(f"k{i}: *x\n" for i in range(yaml_limits.MAX_ALIASES + 1))
    with pytest.raises(InputError) as raised:
        parse_yaml(text, "many.yaml")
    assert raised.value.render() == f"many.yaml:{yaml_limits.MAX_ALIASES + 2}: more than 1,000 YAML aliases"


def test_a_document_past_the_size_limit_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(InputError, match=r"^big.yaml: 5,000,001 characters: more than the 5,000,000"):
        parse_yaml("#" * (yaml_limits.MAX_TEXT + 1), "big.yaml")


def test_a_document_past_the_node_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml_limits, "MAX_NODES", 10)
    assert parse_yaml("[" + ", ".join(["1"] * 9) + "]", "ok.yaml")[0] == [1] * 9
    with pytest.raises(InputError, match=r"^nodes.yaml: more than 10 values, lists and mappings"):
        parse_yaml("[" + ", ".join(["1"] * 10) + "]", "nodes.yaml")


def test_anchors_and_merge_keys_as_players_write_them_still_load() -> None:
    text = (
        "defaults: &defaults {brps: 50, base: 100}\n"
        "germany: {<<: *defaults, brps: 60}\n"
        "italy: *defaults\n"
        "note: 2*3 is not an alias\n"
    )
    data, lines = parse_yaml(text, "merge.yaml")
    assert data["germany"] == {"brps": 60, "base": 100}
    assert data["italy"] == {"brps": 50, "base": 100}
    assert lines[("italy",)] == 3


def test_awaw_plan_refuses_the_bomb_in_one_line_with_exit_2(tmp_path: Path) -> None:
    path = bomb_file(tmp_path)
    result = CliRunner().invoke(app, ["plan", str(path)])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"{path}:{BOMB_LINE}: YAML aliases repeat more than 100,000 values (an alias bomb?); "
        "write the values out instead"
    )


def test_awaw_check_refuses_a_bomb_in_a_decisions_file(tmp_path: Path) -> None:
    path = bomb_file(tmp_path, "decisions.yaml")
    result = CliRunner().invoke(app, ["check", str(scenarios.path()), str(path)])
    assert result.exit_code == 2
    assert f"{path}:{BOMB_LINE}: YAML aliases repeat more than" in result.output
    with pytest.raises(InputError, match="alias bomb"):
        parse_decisions(BOMB, "decisions.yaml")


def test_awaw_engineers_refuses_the_bomb(tmp_path: Path) -> None:
    path = bomb_file(tmp_path)
    result = CliRunner().invoke(app, ["engineers", str(path)])
    assert result.exit_code == 2
    assert f"{path}:{BOMB_LINE}: YAML aliases repeat more than" in result.output


def test_batch_bomb_scenario_is_one_bad_input_job(tmp_path: Path) -> None:
    path = bomb_file(tmp_path)
    (job,) = read_inputs([path])
    assert job.data is None
    assert job.error is not None and job.error.startswith(f"{path}:{BOMB_LINE}: YAML aliases repeat")


def test_batch_sweep_tables_refuse_a_bomb_yaml_table_and_a_bomb_cell(tmp_path: Path) -> None:
    table = bomb_file(tmp_path, "sweep.yaml")
    with pytest.raises(InputError, match=rf"^{table}:{BOMB_LINE}: YAML aliases repeat"):
        read_sweep(table)
    csv_table = tmp_path / "sweep.csv"  # a cell is read as YAML, and its aliases are held to the same limits
    flow = "{" + ", ".join(line.split(" #")[0] for line in BOMB.splitlines()) + "}"  # the bomb on one line
    csv_table.write_text(f'name,oil_counters\nrow,"{flow}"\n', encoding="utf-8")
    with pytest.raises(InputError) as raised:
        read_sweep(csv_table)
    assert raised.value.file == str(csv_table)
    assert raised.value.problems[0][0] == "oil_counters"
    assert raised.value.lines[0] == 2


# Numbers longer than any value the game has, and text no file holds: each one InputError naming the file,
# the line and the field, never the ValueError or UnicodeEncodeError Python raises in the middle of reading.
LONG = "9" * 5000  # past the 4,300 digits Python reads into an integer


def test_an_integer_of_thousands_of_digits_is_refused_at_its_field_and_line(tmp_path: Path) -> None:
    text = scenarios.path().read_text(encoding="utf-8")
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.strip().startswith("brps:"))
    lines[row] = lines[row].split(":")[0] + ": " + LONG
    path = tmp_path / "long.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["plan", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().startswith(f"{path}:{row + 1}: powers.")
    assert f".brps: a number of 5,000 digits: more than the {yaml_limits.MAX_DIGITS}" in result.output
    # A long number that is no integer (a note's text) is read as it is.
    assert parse_yaml(f"note: 'x{LONG}'\n", "notes.yaml")[0] == {"note": f"x{LONG}"}


def test_a_json_plan_with_such_a_number_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text('{\n  "scenario": "x",\n  "builds": ' + LONG + "\n}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(scenarios.path()), str(path)])
    assert result.exit_code == 2
    assert result.output.strip() == f"{path}:3: a number too long to read (more than 4,300 digits)"


def test_a_lone_surrogate_is_refused_at_its_line() -> None:
    with pytest.raises(InputError) as raised:
        parse_yaml("name: x\nnotes: '\ud800'\n", "scenario.yaml")
    assert raised.value.problems == [("", "not valid Unicode text (a lone surrogate, U+D800)")]
    assert raised.value.lines == [2]


def test_batch_rows_and_cells_with_such_numbers_are_bad_input_not_a_crash(tmp_path: Path) -> None:
    rows = tmp_path / "positions.jsonl"
    rows.write_text('{"name": ' + LONG + "}\n", encoding="utf-8")
    (job,) = read_inputs([rows])
    assert job.data is None
    assert job.error == f"{rows} row 1: a number too long to read (more than 4,300 digits)"
    table = tmp_path / "sweep.csv"  # a cell that is no number Python reads is its text, refused by validation
    table.write_text(f"name,powers.germany.brps\nrow,{LONG}\n", encoding="utf-8")
    ((_, values, _),) = read_sweep(table)
    assert values == {"powers.germany.brps": LONG}
