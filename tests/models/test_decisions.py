"""The decisions-only plan (`models/decisions.py`): its schema, and its errors at their lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from models.comparison import Comparison
from models.decisions import Decisions, check_names, check_scenario_name, read_plan_file
from models.io import InputError, load_scenario
from models.plan import Plan

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "european_axis_spring_1942.yaml"
EXAMPLE = ROOT / "scenarios" / "plans" / "my_axis_spring_1942.yaml"


def _walk(node: object, where: str, out: list[str], test: str) -> None:
    if isinstance(node, dict):
        if test == "bounds" and node.get("type") in ("integer", "number"):
            has_min = "minimum" in node or "exclusiveMinimum" in node
            has_max = "maximum" in node or "exclusiveMaximum" in node
            if not (has_min and has_max):
                out.append(where)
        if test == "descriptions" and isinstance(node.get("properties"), dict):
            out += [
                f"{where}.{name}" for name, field in node["properties"].items() if "description" not in field
            ]
        for key, value in node.items():
            if key != "Plan" or test == "bounds":
                _walk(value, f"{where}/{key}", out, test)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk(value, f"{where}/{i}", out, test)


@pytest.mark.parametrize("model", [Decisions, Comparison])
def test_every_quantity_is_bounded(model):
    unbounded: list[str] = []
    _walk(model.model_json_schema(), model.__name__, unbounded, "bounds")
    assert unbounded == []


def test_every_decision_field_is_described():
    """Every field of the decisions form, and of the comparison's own models (the plans inside it are
    `awaw plan --json`'s), says what it means."""
    missing: list[str] = []
    _walk(Decisions.model_json_schema(), "Decisions", missing, "descriptions")
    schema = Comparison.model_json_schema()
    for name, definition in schema.get("$defs", {}).items():
        if name in {
            "Finding",
            "RootCause",
            "PriorityScore",
            "BuildChange",
            "ActionChange",
            "GrantChange",
            "PlanDiff",
        }:
            _walk(definition, name, missing, "descriptions")
    assert missing == []


def test_the_example_plan_is_decisions():
    plan, lines = read_plan_file(EXAMPLE)
    assert isinstance(plan, Decisions)
    assert plan.scenario == "European Axis, Spring 1942"
    check_scenario_name(load_scenario(DEFAULT), plan.scenario, str(EXAMPLE), lines)
    check_names(load_scenario(DEFAULT), plan, str(EXAMPLE), lines)


def test_json_decisions_have_lines_too(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(
        json.dumps(
            {
                "format": "awaw-decisions/1",
                "builds": [{"power": "germany", "entry": "armor-4-6", "site": "berlin", "counters": -1}],
            },
            indent=2,
        )
    )
    with pytest.raises(InputError) as caught:
        read_plan_file(path)
    assert caught.value.problems[0][0] == "builds[0].counters"
    assert caught.value.lines == [8]


def test_an_unknown_field_and_format_are_refused(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("format: awaw-decisions/1\nbuild: []\n")
    with pytest.raises(InputError) as caught:
        read_plan_file(path)
    assert caught.value.problems[0][0] == "build"
    assert caught.value.lines == [2]
    path.write_text("format: awaw-decisions/2\nbuilds: []\n")
    with pytest.raises(InputError) as caught:
        read_plan_file(path)
    assert caught.value.problems[0][0] == "format"
    assert "awaw-decisions/1" in caught.value.problems[0][1]


def test_a_full_plan_is_read_as_a_plan(tmp_path):
    path = tmp_path / "plan.json"
    path.write_text(Plan(scenario="European Axis, Spring 1942").model_dump_json(indent=2))
    plan, _ = read_plan_file(path)
    assert isinstance(plan, Plan)


def test_a_power_not_planned_is_named(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "format: awaw-decisions/1\nbuilds:\n  - {power: japan, entry: x, site: tokyo, counters: 1}\n"
    )
    plan, lines = read_plan_file(path)
    assert isinstance(plan, Decisions)
    with pytest.raises(InputError) as caught:
        check_names(load_scenario(DEFAULT), plan, str(path), lines)
    assert caught.value.problems == [
        ("builds[0].power", "'japan' is not planned in this scenario (germany, italy)")
    ]
    assert caught.value.lines == [3]


def test_a_grantor_and_a_payer_not_planned_are_named_at_their_fields():
    """Every field naming a power says the same when the scenario does not plan it."""
    from models.decisions import decision_problems

    plan = Decisions.model_validate(
        {
            "format": "awaw-decisions/1",
            "grants": [{"grantor": "usa", "recipient": "russia", "brps": 5}],
            "route_openings": [{"route": "persia", "paid_by": "britain"}],
        }
    )
    assert decision_problems(load_scenario(DEFAULT), plan) == [
        ("grants[0].grantor", "'usa' is not planned in this scenario (germany, italy)"),
        ("route_openings[0].paid_by", "'britain' is not planned in this scenario (germany, italy)"),
    ]


def test_a_ship_with_two_actions_in_one_turn_and_a_route_given_twice_are_refused(tmp_path):
    """One action a ship a turn (27.7272), one line per grantor, recipient and route."""
    naval = load_scenario(ROOT / "scenarios" / "japan_fall_1941_naval.yaml")
    path = tmp_path / "mine.yaml"
    path.write_text(
        "format: awaw-decisions/1\n"
        "naval:\n"
        "  - {power: japan, yard: tokyo, ship: yamato, action: continue}\n"
        "  - {power: japan, yard: tokyo, ship: yamato, action: defer}\n"
    )
    plan, lines = read_plan_file(path)
    assert isinstance(plan, Decisions)
    with pytest.raises(InputError) as caught:
        check_names(naval, plan, str(path), lines)
    assert caught.value.problems == [
        ("naval[1].ship", "yamato at tokyo already has an action for turn 0 (naval[0])")
    ]
    assert caught.value.lines == [4]
    grants = load_scenario(ROOT / "scenarios" / "allies_summer_1942_grants.yaml")
    path.write_text(
        "format: awaw-decisions/1\n"
        "grants:\n"
        "  - {grantor: usa, recipient: russia, route: murmansk, brps: 5}\n"
        "  - {grantor: usa, recipient: russia, route: murmansk, brps: 3}\n"
    )
    plan, lines = read_plan_file(path)
    assert isinstance(plan, Decisions)
    with pytest.raises(InputError) as caught:
        check_names(grants, plan, str(path), lines)
    assert caught.value.problems == [
        ("grants[1].route", "a grant from usa to russia by this route is already given (grants[0])")
    ]
