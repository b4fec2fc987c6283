"""Who may be in an SW box at all (25.31, 25.31 D) and where units may withdraw to (25.37), in the input,
the solver and the checker."""

from __future__ import annotations

import pytest
import yaml
from ortools.sat.python import cp_model
from pydantic import ValidationError
from typer.testing import CliRunner

from models.sw import GroupPlacement, SWBox, SWDeployment
from optimizer.checker.sw import check_deployment
from optimizer.cli import app
from optimizer.rules.sw.constraints import add_sw
from optimizer.rules.sw.deployment import deployment_data
from optimizer.rules.sw.extract import extract_deployment
from optimizer.rules.sw.solve import plan_sw
from optimizer.rules.sw.variables import SWVariables
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario


def allied(*forces, **sw):
    data = position(
        "western_allies",
        forces=[group("u", "germany", "submarine", 10, "lorient", "atlantic"), *forces],
        **sw,
    )
    data["map"] = {"sites": FRANCE_GERMAN}
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["sw"]["germany_us_war_turn"] = 3
    return data


@pytest.mark.parametrize(
    ("power", "unit", "box"),
    [
        ("france", "cve", "atlantic"),
        ("russia", "asw", "atlantic"),
        ("france", "destroyer", "indian"),
        ("china", "asw", "pacific"),
    ],
)
def test_regression_french_and_russian_units_counted_in_an_sw_box_25_31_d(power, unit, box):
    """25.31 D: "Only British and American naval units may enter SW boxes. Other Western Allied naval
    units may not enter the SW boxes." French CVEs and Russian ASW in the Atlantic box were counted
    (the CVE modifier, the ASW level); the input is now refused, naming the group and the clause."""
    with pytest.raises(
        ValidationError, match=r"forces\[1\]\.box: .* only British and American ones \(25\.31 D\)"
    ):
        scenario(allied(group("x", power, unit, 6, "liverpool", box)))


@pytest.mark.parametrize(
    ("power", "unit", "box", "clause"),
    [
        ("italy", "submarine", "atlantic", r"\(25\.31\)"),
        ("germany", "asw", "atlantic", r"Germany deploys submarines .* \(25\.31\)"),
        ("germany", "submarine", "pacific", r"Germany deploys submarines .* \(25\.31\)"),
        ("japan", "submarine", "atlantic", r"\(25\.31 A\)"),
        ("japan", "cve", "indian", r"\(25\.31 C\)"),
    ],
)
def test_axis_units_never_in_a_box_25_31_are_refused(power, unit, box, clause):
    """25.31: Germany deploys submarines to the Atlantic and Indian Ocean only; Japan to the Pacific
    and, submarines only, the Indian Ocean (25.31 C); Axis units not to the Atlantic box but German
    submarines (25.31 A); Italy not at all."""
    with pytest.raises(ValidationError, match=clause):
        scenario(allied(group("x", power, unit, 2, "naples" if power != "japan" else "tokyo", box)))


def test_a_french_cve_in_a_box_exits_2_naming_the_file_and_field(tmp_path):
    """Bad input from the command line: exit 2, the file, the field and the clause."""
    path = tmp_path / "french.yaml"
    path.write_text(yaml.safe_dump(allied(group("fr", "france", "cve", 6, "liverpool", "atlantic"))))
    out = CliRunner().invoke(app, ["sw", str(path)])
    assert out.exit_code == 2
    assert str(path) in out.output and "25.31 D" in out.output


def test_regression_withdrawal_to_any_base_25_37():
    """25.37: units "must withdraw to a location from which they were eligible to enter the SW box in
    question (25.31)". British ASW in the Atlantic box, based at Pearl Harbor (they came over from the
    Pacific box, 25.38): Pearl Harbor is no Atlantic base (25.31 A), so they may not withdraw there.
    The checker once accepted that withdrawal; it is a breach of 25.37 (transfers to another box stay
    open: 25.38)."""
    s = scenario(allied(group("asw", "britain", "asw", 3, "pearl_harbor", "atlantic")))
    withdraw = SWDeployment(placements=[GroupPlacement(group="asw", at_base=3)])
    assert [v.rule for v in check_deployment(s, withdraw)] == ["25.37"]
    to_pearl = SWDeployment(placements=[GroupPlacement(group="asw", at_base=3, withdraw_to="pearl_harbor")])
    assert [v.rule for v in check_deployment(s, to_pearl)] == ["25.37"]
    transfer = SWDeployment(placements=[GroupPlacement(group="asw", boxes={SWBox.PACIFIC: 3})])
    assert check_deployment(s, transfer) == []
    assert check_deployment(s, plan_sw(s).deployment) == []


def test_withdrawal_to_any_location_of_the_box_not_only_the_base_25_37():
    """25.37: "must withdraw to a location from which they were eligible to enter the SW box in question
    (25.31)": a location, any of them, not the group's own base only. The British ASW in the Atlantic box
    based at Pearl Harbor may withdraw to Liverpool (a western front port) or the Atlantic U.S. box
    (25.31 A), not to Colombo (an Indian Ocean base) nor to German-held Brest. The solver and the checker
    once held a group to its base, so these could not leave the box but for another box; the solver's
    withdrawal now names where it goes."""
    s = scenario(allied(group("asw", "britain", "asw", 3, "pearl_harbor", "atlantic")))
    for place, rules in (
        ("liverpool", []),
        ("us_atlantic_box", []),
        ("colombo", ["25.37"]),
        ("brest", ["25.37"]),
    ):
        withdraw = SWDeployment(placements=[GroupPlacement(group="asw", at_base=3, withdraw_to=place)])
        assert [v.rule for v in check_deployment(s, withdraw)] == rules, place
    model = cp_model.CpModel()
    variables = SWVariables.create(model, deployment_data(s, s.sw))
    add_sw(model, variables)
    variables.fix(model, {("asw", box): 0 for box in SWBox})  # all 3 withdrawn
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    placed = extract_deployment(solver, variables)
    assert placed.placements == [
        GroupPlacement(group="asw", at_base=3, withdraw_to=placed.placements[0].withdraw_to)
    ]
    assert check_deployment(s, placed) == []


def test_withdrawal_to_a_base_of_the_box_is_allowed_25_37():
    """25.37 with 25.31 A: ASW in the Atlantic box based at Liverpool (a western front port) may
    withdraw there; German submarines in the Atlantic box based at Naples (25.31 A: a Mediterranean
    port) may withdraw there, passing Gibraltar (25.15 B)."""
    s = scenario(allied(group("asw", "britain", "asw", 3, "liverpool", "atlantic")))
    assert check_deployment(s, SWDeployment(placements=[GroupPlacement(group="asw", at_base=3)])) == []
    data = position("european_axis", forces=[group("med", "germany", "submarine", 1, "naples", "atlantic")])
    data["map"] = {"sites": FRANCE_GERMAN}
    s = scenario(data)
    assert check_deployment(s, SWDeployment(placements=[GroupPlacement(group="med", at_base=1)])) == []


def test_withdrawal_needs_the_base_held_25_37():
    """25.37: a location from which they could have entered: a base held by the other side is none.
    Japanese submarines in the Pacific box based at Truk, Truk Allied: they may stay, not withdraw."""
    data = position(
        "japan",
        forces=[group("j", "japan", "submarine", 2, "truk", "pacific")],
        ports={"truk": {"controller": "usa"}},
    )
    data["us_at_war"] = {"pacific": True}
    s = scenario(data)
    assert [
        v.rule for v in check_deployment(s, SWDeployment(placements=[GroupPlacement(group="j", at_base=2)]))
    ] == ["25.37"]
    result = plan_sw(s)
    assert check_deployment(s, result.deployment) == []


def test_no_way_home_past_an_enemy_singapore_25_91():
    """25.91: "Submarines may not pass by an enemy-controlled Singapore (hex EE11)." Japanese submarines
    in the Indian Ocean box, based in Japan, pass it going home as going out: with Singapore British they
    may stay or move to the Pacific box (25.38), not withdraw to Tokyo; with Singapore Japanese, they may.
    The checker once accepted the withdrawal and the solver could make it."""
    data = position(
        "japan",
        forces=[group("j", "japan", "submarine", 4, "tokyo", "indian")],
        ports={"singapore": {"controller": "britain"}},
    )
    data["us_at_war"] = {"pacific": True}
    data["japan_at_war_with_britain"] = True
    s = scenario(data)
    home = SWDeployment(placements=[GroupPlacement(group="j", at_base=4)])
    assert [(v.rule, v.message.split(", ")[-1]) for v in check_deployment(s, home)] == [
        ("25.91", "past an enemy-controlled Singapore")
    ]
    model = cp_model.CpModel()
    variables = SWVariables.create(model, deployment_data(s, s.sw))
    add_sw(model, variables)
    variables.fix(model, {("j", SWBox.INDIAN): 0, ("j", SWBox.PACIFIC): 0})  # all of them home
    assert cp_model.CpSolver().solve(model) == cp_model.INFEASIBLE
    assert check_deployment(s, plan_sw(s).deployment) == []
    data["sw"]["ports"] = {"singapore": {"controller": "japan"}}
    assert check_deployment(scenario(data), home) == []


def test_withdrawal_to_a_western_front_port_spares_gibraltar_25_37_25_15_b():
    """25.37: a withdrawal goes to any location from which the units could have entered the box; for
    German submarines in the Atlantic box a western front or Mediterranean port (25.31 A). 25.15 B: only
    "Between the Atlantic SW box and a Mediterranean port" is past Gibraltar, one factor a turn while the
    Western Allies hold it. Naples-based submarines withdrawn from the Atlantic box to Lorient use none of
    it, so another factor may go from Naples to the Atlantic box the same turn; withdrawn to Naples,
    the two make 2 past Gibraltar (25.15)."""
    data = position(
        "european_axis",
        forces=[
            group("atl", "germany", "submarine", 1, "naples", "atlantic"),
            group("med", "germany", "submarine", 1, "naples"),
        ],
    )
    data["map"] = {"sites": FRANCE_GERMAN}
    s = scenario(data)
    both = [GroupPlacement(group="med", boxes={SWBox.ATLANTIC: 1})]
    to_lorient = SWDeployment(
        placements=[GroupPlacement(group="atl", at_base=1, withdraw_to="lorient"), *both]
    )
    to_naples = SWDeployment(placements=[GroupPlacement(group="atl", at_base=1), *both])
    assert check_deployment(s, to_lorient) == []
    assert [v.rule for v in check_deployment(s, to_naples)] == ["25.15"]
    data_ = deployment_data(s, s.sw)
    atl = next(g for g in data_.groups if g.id == "atl")
    assert atl.withdraw_to is not None and not atl.withdraw_passes_gibraltar
    model = cp_model.CpModel()
    variables = SWVariables.create(model, data_)
    add_sw(model, variables)
    variables.fix(model, {("atl", SWBox.ATLANTIC): 0, ("atl", SWBox.INDIAN): 0, ("med", SWBox.ATLANTIC): 1})
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    assert check_deployment(s, extract_deployment(solver, variables)) == []
