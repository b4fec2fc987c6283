"""Reading files: every bad input is refused naming the file, the line, the field and the problem."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from models.io import MAX_DEPTH, InputError, load_plan, load_scenario, parse_scenario
from models.plan import PLAN_FORMAT
from models.quantities import MAX_BRPS, MAX_COUNTERS
from models.scenario import Power, Season, UnitType

GOOD = """\
name: t
turn: {season: spring, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 100
    brp_base: 200
    force_pool:
      - {id: inf, unit: infantry, factors: 3, count: 2}
      - {id: arm, unit: armor, factors: 4, count: 1}
"""
# Lines of GOOD: 5 germany, 6 brps, 7 brp_base, 8 force_pool, 9 inf, 10 arm.


def refused(text: str, file: str = "s.yaml") -> InputError:
    with pytest.raises(InputError) as caught:
        parse_scenario(text, file)
    return caught.value


def one(text: str) -> tuple[str, str, int | None]:
    error = refused(text)
    [(field, problem)] = error.problems
    [line] = error.lines
    return field, problem, line


def test_render_is_file_line_field_problem():
    error = refused(GOOD.replace("unit: armor", "unit: armour"))
    assert error.render() == (
        "s.yaml:10: powers.germany.force_pool[1].unit: 'armour' is not a unit type; did you mean 'armor'?"
    )


# --- files that are not UTF-8 -------------------------------------------------------------------

NOT_UTF8 = {
    "latin-1": GOOD.replace("name: t", "name: Königsberg").encode("latin-1"),
    "utf-16": GOOD.encode("utf-16"),
    "binary": bytes(range(256)) * 4,
}


@pytest.mark.parametrize("kind", NOT_UTF8)
def test_scenario_not_utf8_is_refused(tmp_path: Path, kind: str):
    path = tmp_path / "s.yaml"
    path.write_bytes(NOT_UTF8[kind])
    with pytest.raises(InputError) as caught:
        load_scenario(path)
    assert caught.value.file == str(path)
    [(_, problem)] = caught.value.problems
    assert problem.startswith("not UTF-8 text")


@pytest.mark.parametrize("kind", NOT_UTF8)
def test_plan_not_utf8_is_refused(tmp_path: Path, kind: str):
    path = tmp_path / "plan.json"
    text = json.dumps({"scenario": "Königsberg", "builds": []}, ensure_ascii=False)
    path.write_bytes(text.encode("latin-1") if kind == "latin-1" else NOT_UTF8[kind])
    with pytest.raises(InputError) as caught:
        load_plan(path)
    [(_, problem)] = caught.value.problems
    assert problem.startswith("not UTF-8 text") and caught.value.file == str(path)


def test_latin1_byte_is_located_on_its_line(tmp_path: Path):
    """The é of the Latin-1 file is on line 2."""
    path = tmp_path / "s.yaml"
    path.write_bytes(b"turn: {season: spring, year: 1942}\nname: Fran\xe7ais\n")
    with pytest.raises(InputError) as caught:
        load_scenario(path)
    assert caught.value.render().startswith(f"{path}:2: not UTF-8 text (byte 0xe7")


def test_utf8_with_byte_order_mark_is_read(tmp_path: Path):
    path = tmp_path / "s.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert load_scenario(path).powers[Power.GERMANY].brps == 100


# --- nesting ------------------------------------------------------------------------------------


def test_plan_nested_a_thousand_deep_is_refused(tmp_path: Path):
    path = tmp_path / "plan.json"
    path.write_text('{"scenario": "x", "builds": ' + "[" * 1000 + "]" * 1000 + "}")
    with pytest.raises(InputError) as caught:
        load_plan(path)
    [(_, problem)] = caught.value.problems
    assert "nested" in problem and str(MAX_DEPTH) in problem


def test_scenario_nested_a_thousand_deep_is_refused():
    error = refused(GOOD + "description: " + "[" * 1000 + "]" * 1000 + "\n")
    [(_, problem)] = error.problems
    assert "nest" in problem  # libyaml's "exceeded maximum nesting depth", or ours


# --- bounds -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "field", "line", "bound"),
    [
        ("count: 2", "count: 99999999999999999999", "powers.germany.force_pool[0].count", 9, MAX_COUNTERS),
        ("brps: 100", "brps: 9223372036854775808", "powers.germany.brps", 6, MAX_BRPS),
        ("brp_base: 200", "brp_base: 10001", "powers.germany.brp_base", 7, MAX_BRPS),
    ],
)
def test_quantity_past_its_bound_is_a_bad_value(old, new, field, line, bound):
    where, problem, at = one(GOOD.replace(old, new))
    assert (where, at) == (field, line)
    assert problem.endswith(f"is past the largest allowed value, {bound}")


def test_oil_counters_and_transports_and_yard_rate_are_bounded():
    text = GOOD + "oil_counters: 5000\ngrants: {transports: {atlantic: 1000000}}\n"
    error = refused(text)
    assert dict(zip(error.problems, error.lines, strict=True)) == {
        ("oil_counters", "5000 is past the largest allowed value, 1000"): 11,
        ("grants.transports.atlantic", "1000000 is past the largest allowed value, 1000"): 12,
    }


def test_every_quantity_of_the_schema_is_bounded():
    """Every integer and number of the scenario and plan schemas states a minimum and a maximum,
    so fields added later are bounded too."""
    from models.plan import Plan
    from models.scenario import Scenario

    unbounded = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if node.get("type") in ("integer", "number"):
                has_min = "minimum" in node or "exclusiveMinimum" in node
                has_max = "maximum" in node or "exclusiveMaximum" in node
                if not (has_min and has_max):
                    unbounded.append(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")

    for model in (Scenario, Plan):
        walk(model.model_json_schema(), model.__name__)
    assert unbounded == []


# --- names --------------------------------------------------------------------------------------


def test_misspelled_power_in_horizon_future_is_refused():
    text = GOOD + "horizon:\n  turns: 2\n  future:\n    - brps: {germny: 90}\n"
    assert one(text) == (
        "horizon.future[0].brps.germny",
        "'germny' is not a power; did you mean 'germany'?",
        14,
    )


def test_misspelled_power_as_a_key_is_refused():
    text = GOOD + "objective:\n  reserve: {itlay: 5}\n"
    assert one(text) == ("objective.reserve.itlay", "'itlay' is not a power; did you mean 'italy'?", 12)


def test_names_in_other_cases_are_what_they_mean():
    text = GOOD.replace("season: spring", "season: Winter").replace("germany:", "Germany:")
    scenario = parse_scenario(text.replace("unit: armor", "unit: ARMOR"))
    assert scenario.turn.season is Season.WINTER
    assert scenario.powers[Power.GERMANY].force_pool[1].unit is UnitType.ARMOR


def test_a_long_list_of_choices_is_never_printed_whole():
    field, problem, _ = one(GOOD.replace("unit: armor", "unit: zeppelin"))
    assert problem == "'zeppelin' is not a unit type (`awaw schema` lists them)"
    assert "infantry" not in problem


def test_a_short_list_of_choices_is_given():
    _, problem, line = one(GOOD.replace("season: spring", "season: monsoon"))
    assert problem == "'monsoon' is not a season (one of 'spring', 'summer', 'fall', 'winter')"
    assert line == 2


# --- duplicate keys -----------------------------------------------------------------------------


def test_duplicate_key_is_refused_with_its_line():
    assert one(GOOD + "    brps: 120\n") == (
        "powers.germany.brps",
        "duplicate key (first given on line 6)",
        11,
    )


def test_duplicate_key_in_a_plan_is_refused(tmp_path: Path):
    path = tmp_path / "plan.json"
    path.write_text('{\n  "scenario": "x",\n  "scenario": "y"\n}\n')
    with pytest.raises(InputError) as caught:
        load_plan(path)
    assert caught.value.render() == f"{path}:3: scenario: duplicate key (first given on line 2)"


# --- plan format --------------------------------------------------------------------------------


def test_plan_of_another_format_is_refused(tmp_path: Path):
    path = tmp_path / "plan.json"
    path.write_text(json.dumps({"format": "awaw-plan/2", "scenario": "x", "builds": []}, indent=2))
    with pytest.raises(InputError) as caught:
        load_plan(path)
    assert caught.value.render() == (
        f"{path}:2: format: 'awaw-plan/2' is not a plan format this version reads (it reads '{PLAN_FORMAT}')"
    )


# --- NaN ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "problem"), [(".nan", "not a number"), (".inf", "not a finite number")])
def test_nan_is_not_a_number(value: str, problem: str):
    text = GOOD + f"horizon: {{discount: {value}}}\n"
    assert one(text) == ("horizon.discount", problem, 11)


def test_nan_in_a_plan_is_not_a_number(tmp_path: Path):
    path = tmp_path / "plan.json"
    path.write_text(json.dumps({"scenario": "x", "builds": [], "objective": {"value": math.nan}}))
    with pytest.raises(InputError) as caught:
        load_plan(path)
    assert caught.value.problems == [("objective.value", "not a number")]


# --- lines of checks across fields ---------------------------------------------------------------


def test_a_model_wide_check_points_at_its_field():
    """A duplicate force pool id is found by the scenario's own check; its field and line are named."""
    error = refused(GOOD.replace("id: arm", "id: inf"))
    assert error.problems == [("powers.germany.force_pool", "duplicate entry id 'inf'")]
    assert error.lines == [8]


def test_misspelled_site_gets_a_suggestion_and_its_line():
    text = GOOD + "map:\n  sites:\n    berln: {enemy_zoc: true}\n"
    assert one(text) == ("map.sites.berln", "unknown site 'berln'; did you mean 'berlin'?", 13)


def test_a_ship_or_design_name_has_none_of_the_characters_that_separate_a_decision():
    """A name the decisions give (`usa:iowa:continue@1`, `britain>russia=6`) has no `:`, `>`, `@` or `=`:
    a design called `dd>x` would be a decision no what-if reads back. Spaces and `#` are names' own."""
    ships = GOOD.replace("      - {id: arm, unit: armor, factors: 4, count: 1}\n", "") + (
        "    naval:\n      designs:\n        - {id: 'dd>x', unit: destroyer, factors: 1, count: 1}\n"
    )
    assert one(ships) == (
        "powers.germany.naval.designs[0].id",
        "'dd>x': a name has no ':', '>', '@' or '=' (they separate a decision's parts)",
        12,
    )
    assert parse_scenario(ships.replace("dd>x", "Graf Zeppelin #2"))


def test_a_name_yaml_reads_as_a_date_says_so():
    assert one(GOOD.replace("name: t", "name: 1942-05-01")) == (
        "name",
        "1942-05-01 is read by YAML as a date, not text (put it in quotes)",
        1,
    )


def test_true_or_false_where_a_number_is_wanted_is_refused():
    """YAML reads `yes`, `on` and `true` as true, which pydantic would take as 1: `brps: yes` planned a
    power with 1 BRP."""
    assert one(GOOD.replace("brps: 100", "brps: yes")) == (
        "powers.germany.brps",
        "true is not a whole number",
        6,
    )
    assert one(GOOD.replace("count: 2", "count: off")) == (
        "powers.germany.force_pool[0].count",
        "false is not a whole number",
        9,
    )
