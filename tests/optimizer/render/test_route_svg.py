"""The page's route map (rule 40), drawn as SVG by hand: every leg with its state and rule on hover, the
closed legs marked, the grants of the plan in BRPs, labels as text at the page's size, all text escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import scenarios
from models.io import load_scenario
from models.route_data import LEGS, NODES, leg_id
from optimizer.planners.position import solve
from optimizer.render.route_svg import FONT, LAYOUT, route_map_svg
from optimizer.rules.grants.prepare import grant_network

SVG = "{http://www.w3.org/2000/svg}"


def allies():
    scenario = load_scenario(scenarios.path("allies_summer_1942_grants.yaml"))
    plan = solve(scenario).plan
    assert plan is not None
    return scenario, plan


def test_every_leg_has_its_rule_and_state_on_hover():
    scenario, plan = allies()
    network = grant_network(scenario)
    root = ET.fromstring(route_map_svg(scenario, plan))
    legs = {g.get("data-leg"): g for g in root.iter(f"{SVG}g") if g.get("data-leg")}
    assert set(legs) == {leg_id(leg) for leg in LEGS}
    for leg in LEGS:
        group = legs[leg_id(leg)]
        title = group.find(f"{SVG}title")
        assert title is not None and f"({leg.rule}" in (title.text or "")
        closure = network.closed_legs.get(leg_id(leg))
        if closure is None:
            assert group.get("data-state") == "open" and ", open" in (title.text or "")
        else:  # closed: said with its rule, dashed, and crossed
            assert group.get("data-state") == "closed"
            assert f"closed ({closure[0]}): {closure[1]}" in (title.text or "")
            assert any(line.get("stroke-dasharray") for line in group.iter(f"{SVG}line"))
            assert group.find(f"{SVG}path") is not None
    assert network.closed_legs  # the scenario has closed legs (Turkey neutral, 40.6): the test sees them


def test_the_plans_grants_are_drawn_with_their_brps_on_each_leg():
    """40.41: Britain's 19 BRPs to Russia by Murmansk run along each leg of their path."""
    scenario, plan = allies()
    root = ET.fromstring(route_map_svg(scenario, plan))
    grant = next(g for g in plan.grants if g.grantor.value == "britain" and g.route == "murmansk")
    for a, b in zip(grant.path, grant.path[1:], strict=False):
        group = next(g for g in root.iter(f"{SVG}g") if g.get("data-leg") == f"{a}->{b}")
        flows = [line for line in group.iter(f"{SVG}line") if line.get("data-grantor") == "britain"]
        assert flows, f"no British flow on {a}->{b}"
        amounts = [t.text for t in group.iter(f"{SVG}text") if "amount" in (t.get("class") or "")]
        assert str(grant.brps) in amounts


def test_labels_are_text_of_the_page_size_and_every_node_is_placed():
    scenario, plan = allies()
    svg = route_map_svg(scenario, plan)
    assert set(LAYOUT) == {node.id for node in NODES}
    assert re.search(rf"\.routes text {{ font: {FONT}px", svg)
    assert FONT >= 14  # at about 900 px wide (1220 in the view box), about 11 px on screen or more
    for node in NODES:
        assert f">{node.name.replace('&', '&amp;')}</text>" in svg


def test_scenario_name_is_escaped():
    scenario, _ = allies()
    named = scenario.model_copy(update={"name": "<script>alert(1)</script>"})
    plan = solve(named).plan
    svg = route_map_svg(named, plan)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)  # still well-formed


def test_a_scenario_without_grants_shows_the_map_without_flows():
    scenario = load_scenario(scenarios.path())
    plan = solve(scenario).plan
    root = ET.fromstring(route_map_svg(scenario, plan))
    assert not [line for line in root.iter(f"{SVG}line") if line.get("data-grantor")]
