"""Reading a batch's positions: scenario files, folders, JSON Lines, and sweeps with dotted paths."""

from __future__ import annotations

import pytest

from models.io import InputError
from optimizer.batch.inputs import apply_override, check_path, data_hash, read_inputs, sweep_jobs
from tests.optimizer.batch.positions import germany, write, write_lines


def test_files_folders_and_json_lines_in_the_order_given(tmp_path):
    folder = tmp_path / "campaign"
    (folder / "turn2").mkdir(parents=True)
    write(folder / "b.yaml", germany("b"))
    write(folder / "turn2" / "a.yml", germany("a"))
    (folder / "notes.txt").write_text("not a scenario")
    single = write(tmp_path / "single.yaml", germany("single"))
    lines = write_lines(tmp_path / "more.jsonl", [germany("first line"), germany("second line")])

    jobs = read_inputs([single, folder, lines])

    assert [(j.input, j.row) for j in jobs] == [
        (str(single), None),
        (str(folder / "b.yaml"), None),  # a folder: every .yaml/.yml file below it, sorted by path
        (str(folder / "turn2" / "a.yml"), None),
        (str(lines), 1),
        (str(lines), 2),
    ]
    assert [j.data["name"] for j in jobs] == ["single", "b", "a", "first line", "second line"]
    assert all(j.error is None for j in jobs)


def test_the_hash_is_of_the_scenario_data_whatever_file_holds_it(tmp_path):
    """A YAML file and a JSON line of the same scenario have the same hash; another scenario another."""
    yaml_job = read_inputs([write(tmp_path / "g.yaml", germany("g"))])[0]
    line_job = read_inputs([write_lines(tmp_path / "g.jsonl", [germany("g")])])[0]
    other_job = read_inputs([write(tmp_path / "h.yaml", germany("h"))])[0]
    assert yaml_job.hash == line_job.hash == data_hash(germany("g"))
    assert other_job.hash != yaml_job.hash


def test_unreadable_positions_are_jobs_carrying_their_error(tmp_path):
    """A scenario file that cannot be read or parsed, or a JSON line that is not JSON, is one job
    with its error (it becomes a bad-input result), not an error of the whole batch."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("powers: [unclosed\n")
    lines = write_lines(tmp_path / "p.jsonl", [germany("ok"), "{not json"])
    jobs = read_inputs([tmp_path / "missing.yaml", broken, lines])
    assert [j.error is not None for j in jobs] == [True, True, False, True]
    assert "cannot read file" in (jobs[0].error or "")
    assert "YAML syntax error" in (jobs[1].error or "")
    assert (jobs[3].error or "").startswith(f"{lines} row 2: ")
    assert "Expecting property name" in (jobs[3].error or "")


def test_an_empty_folder_is_an_error_of_the_batch(tmp_path):
    with pytest.raises(InputError, match="no scenario files"):
        read_inputs([tmp_path])


def test_sweep_csv_overrides_dotted_paths_row_by_row(tmp_path):
    base = write(tmp_path / "base.yaml", germany("base"))
    table = tmp_path / "sweep.csv"
    table.write_text(
        "name,powers.germany.brps,oil_counters,powers.germany.force_pool.inf.count,objective.unspent_brp_value\n"
        "low,50,0,5,0.5\n"
        "high,200,2,,\n"
    )
    low, high = sweep_jobs([base], table)
    assert (low.row, low.name, high.row, high.name) == (1, "low", 2, "high")
    assert low.input == f"{base} + {table}"
    # Cells are read as YAML scalars; an empty cell leaves the base's value.
    assert low.overrides == {
        "powers.germany.brps": 50,
        "oil_counters": 0,
        "powers.germany.force_pool.inf.count": 5,
        "objective.unspent_brp_value": 0.5,
    }
    assert low.data["powers"]["germany"]["brps"] == 50
    assert low.data["powers"]["germany"]["force_pool"][0]["count"] == 5  # the list item by its id
    assert low.data["objective"]["unspent_brp_value"] == 0.5  # a field the base leaves out
    assert high.data["powers"]["germany"]["brps"] == 200
    assert high.data["powers"]["germany"]["force_pool"][0]["count"] == 20
    assert "unspent_brp_value" not in high.data["objective"]
    assert low.hash != high.hash


def test_sweep_yaml_rows_and_several_bases(tmp_path):
    first = write(tmp_path / "first.yaml", germany("first"))
    second = write(tmp_path / "second.yaml", germany("second"))
    table = tmp_path / "sweep.yaml"
    table.write_text("- {powers.germany.force_pool.0.count: 3}\n- {us_at_war: {europe: true}}\n")
    jobs = sweep_jobs([first, second], table)
    assert [(j.data["name"], j.row) for j in jobs] == [
        ("first", 1),
        ("first", 2),
        ("second", 1),
        ("second", 2),
    ]
    assert jobs[0].data["powers"]["germany"]["force_pool"][0]["count"] == 3  # the list item by position
    assert jobs[1].data["us_at_war"] == {"europe": True}


@pytest.mark.parametrize(
    ("column", "problem"),
    [
        ("powers.germny.brps", "'germny' is not a field of powers"),
        ("powers.germany.brp", "'brp' is not a field of powers.germany"),
        ("oil_counter", "'oil_counter' is not a field of a scenario"),
        ("powers.germany.force_pool.inf.cost", "'cost' is not a field of powers.germany.force_pool.inf"),
    ],
)
def test_a_misspelt_dotted_path_is_one_clean_error_naming_table_and_column(tmp_path, column, problem):
    base = write(tmp_path / "base.yaml", germany("base"))
    table = tmp_path / "sweep.csv"
    table.write_text(f"{column}\n1\n2\n")
    with pytest.raises(InputError) as raised:
        sweep_jobs([base], table)
    assert raised.value.file == str(table)
    assert raised.value.problems[0][0] == column
    assert problem in raised.value.problems[0][1]


def test_paths_are_checked_through_lists_maps_and_optional_fields():
    for path in (
        "map.sites.berlin.supply",
        "grants.transports.atlantic",
        "powers.usa.naval.shipyards.0.rate",
    ):
        assert check_path(path) is None, path
    assert "did you mean 'russia'?" in (check_path("powers.prussia") or "")


def test_an_override_that_does_not_fit_the_base_is_an_error_naming_the_row(tmp_path):
    base = write(tmp_path / "base.yaml", germany("base"))
    table = tmp_path / "sweep.csv"
    table.write_text("powers.germany.force_pool.armor.count\n3\n")
    with pytest.raises(InputError) as raised:
        sweep_jobs([base], table)
    assert raised.value.file == f"{table} row 1"
    assert "no item with id 'armor'" in raised.value.problems[0][1]


def test_apply_override_refuses_to_go_through_a_value():
    data = {"oil_counters": 2}
    with pytest.raises(ValueError, match="is a value"):
        apply_override(data, "oil_counters.european_axis", 1)
