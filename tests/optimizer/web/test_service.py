"""The web page's service layer: the CLI's tables as rows, the route map as SVG, problems with lines."""

from __future__ import annotations

import pytest

import scenarios
from models.io import InputError, load_scenario
from optimizer.planners.position import solve
from optimizer.render.picture import route_map, routes_svg
from optimizer.render.tables import builds_table
from optimizer.rules.grants.prepare import grant_network
from optimizer.web import service
from optimizer.web.bundled import bundled_names, bundled_text


def test_blocks_hold_the_very_cells_the_terminal_prints():
    scenario = load_scenario(scenarios.path())
    plan = solve(scenario).plan
    assert plan is not None
    table = builds_table(plan)
    (block,) = service.blocks(table)
    assert isinstance(block, service.TableBlock)
    assert block.title == "Builds"
    assert block.columns == ["power", "unit", "entry", "site", "counters", "factors", "BRPs", "oil"]
    assert block.numeric == [False, False, False, False, True, True, True, False]
    assert [[r[0], r[1], r[2], r[4], r[5], r[6]] for r in block.rows] == [
        [b.power.value, b.unit.value, b.entry, str(b.counters), str(b.factors), str(b.brps)]
        for b in plan.builds
    ]
    assert all(row[3].startswith(b.site or "") for row, b in zip(block.rows, plan.builds, strict=True))


def test_route_map_shows_each_grantor_and_is_the_same_bytes_twice():
    """Rule 40: the Allies' scenario plans grants from Britain and the U.S.; each has its colour in the legend."""
    scenario = load_scenario(scenarios.path("allies_summer_1942_grants.yaml"))
    plan = solve(scenario).plan
    assert plan is not None
    network = grant_network(scenario)
    svg = routes_svg(network, plan)
    assert svg == routes_svg(network, plan)
    assert svg.startswith("<?xml") and "<svg" in svg
    assert "grants from" in svg
    for grantor in sorted({g.grantor.value for g in plan.grants}):
        assert f">{grantor}<" in svg


def test_route_map_escapes_the_scenario_name():
    scenario = load_scenario(scenarios.path("allies_summer_1942_grants.yaml"))
    named = scenario.model_copy(update={"name": "<script>alert(1)</script>"})
    plan = solve(named).plan
    assert plan is not None
    svg = route_map(named, plan)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_problems_take_the_line_of_a_yaml_syntax_error():
    with pytest.raises(InputError) as raised:
        service.read_scenario("name: x\nturn: [\n", "mine.yaml")
    problems = service.problems_of(raised.value)
    assert problems and all(p.line is not None for p in problems)


def test_bundled_names_default_first_and_unknown_names_read_nothing():
    assert bundled_names()[0] == scenarios.DEFAULT
    assert bundled_text(scenarios.DEFAULT) == scenarios.path().read_text(encoding="utf-8")
    assert bundled_text("../pyproject.toml") is None
    assert bundled_text(str(scenarios.path())) is None  # a full path is not a name
