"""`awaw sw`: the breakdown and deployment of the bundled SW scenarios, and bad input (exit 2 naming
the file and the field)."""

from __future__ import annotations

import json

import pytest
import yaml
from typer.testing import CliRunner

import scenarios
from models.io import load_scenario
from models.plan import Status
from optimizer.checker.sw import check_deployment, deployment_value, derive
from optimizer.cli import app
from optimizer.rules.sw.solve import plan_sw

runner = CliRunner()
SW_SCENARIOS = ["western_allies_1943_sw.yaml", "european_axis_1942_sw.yaml"]


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("name", SW_SCENARIOS)
def test_bundled_sw_scenario_is_optimal_legal_and_rederived(name):
    """Each bundled SW position: the deployment is proven optimal, legal for the checker, valued
    alike, and the modifiers after it are the checker's (25.4-25.92)."""
    s = load_scenario(scenarios.path(name))
    result = plan_sw(s)
    assert result.status is Status.OPTIMAL
    assert check_deployment(s, result.deployment) == []
    assert abs(deployment_value(s, result.deployment) - result.value) < 1e-6
    derived = derive(s, result.deployment)
    for item in result.after:
        d = derived[item.campaign]
        assert (item.submarine_level, item.asw_level, item.cves, item.modifier, item.possible) == (
            d.submarines,
            d.asw,
            d.cves,
            d.total,
            d.possible,
        )


def test_european_axis_1942_atlantic_modifier():
    """The bundled Axis position, from its comments: +1 DRM (25.631), +1 torpedo, -1 British ASW, 2
    CVEs (0, 25.64 A), +2 Biscay ports (25.723), +1 and +1 in the second turn of war with the U.S.
    (25.66), +1 Ultra (25.672) = +6; 10 U-boats now, 9 more from Lorient and 1 past Gibraltar (25.15).
    Those sent now attack next turn (25.13: they "must begin their player turn in that SW box"), in
    Summer 1942, the third turn of war: +1 only (25.66 B: "+2 first turn; +1 second turn"), and no card
    played for that turn yet (25.672): +4."""
    out = run("sw", scenarios.path("european_axis_1942_sw.yaml"), "--json")
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    now = {c["campaign"]: c for c in report["now"]}
    after = {c["campaign"]: c for c in report["after"]}
    assert now["german_atlantic"]["modifier"] == 6
    assert now["german_atlantic"]["submarine_level"] == 10
    assert after["german_atlantic"]["submarine_level"] == 20
    assert after["german_atlantic"]["modifier"] == 4
    assert {r["rule"] for r in now["german_indian"]["barred"]} == {"25.51 A", "25.13"}


def test_sw_prints_tables_and_is_deterministic():
    path = scenarios.path("western_allies_1943_sw.yaml")
    out = run("sw", path)
    assert out.exit_code == 0, out.output
    assert "25.64 A" in out.output and "Deployment this turn" in out.output
    assert run("sw", path, "--json").output == run("sw", path, "--json").output


def _with_sw(tmp_path, change):
    data = yaml.safe_load(scenarios.path("western_allies_1943_sw.yaml").read_text())
    change(data)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["sw"]["forces"][10].update(factors=-1), "sw.forces[10].factors"),
        (lambda d: d["sw"]["forces"][0].update(base="atlantis"), "sw.forces[0].base: unknown port"),
        (
            lambda d: d["sw"]["ports"].update(narvik={"controller": "germany"}),
            "sw.ports.narvik: unknown port",
        ),
        (
            lambda d: d["sw"]["ports"].update(brest={"controller": "germany"}),
            "set its control and supply in map.sites.brest",
        ),
        (lambda d: d["sw"].update(inoperative_ports=["atlantis"]), "sw.inoperative_ports: unknown port"),
        (lambda d: d["sw"].update(germany_us_war_turn=0), "sw.germany_us_war_turn"),
    ],
    ids=[
        "negative-cve-count",
        "unknown-base",
        "unknown-port",
        "map-port-asked-twice",
        "unknown-inoperative",
        "war-turn",
    ],
)
def test_bad_sw_input_exits_2_naming_file_and_field(tmp_path, change, field):
    """Bad input: exit 2, the file, the field and the problem named."""
    path = _with_sw(tmp_path, change)
    out = run("sw", path)
    assert out.exit_code == 2
    assert str(path) in out.output
    assert field in out.output


def _table(max_level=1, drop=None):
    rows = [
        {"level": level, "modifier": m, "transports_lost": 0.5 * level, "brps_lost": 0}
        for level in range(max_level + 1)
        for m in range(-1, 2)
    ]
    if drop is not None:
        rows.pop(drop)
    asw = [
        {"level": level, "modifier": m, "submarines_lost": 0.5}
        for level in range(max_level + 1)
        for m in range(-1, 2)
    ]
    return {
        "format": "awaw-sw-results/1",
        "max_level": max_level,
        "min_modifier": -1,
        "max_modifier": 1,
        "submarine_rows": rows,
        "asw_rows": asw,
    }


def test_results_table_with_missing_row_exits_2(tmp_path):
    """A results table lacking a row of its range: exit 2 naming the file, the field and the row."""
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(_table(drop=4)))
    out = run("sw", scenarios.path("western_allies_1943_sw.yaml"), "--results", path)
    assert out.exit_code == 2
    assert str(path) in out.output
    assert "no row for level 1, modifier 0" in out.output


def test_results_table_expected_losses(tmp_path):
    """With a complete table, `--json` gives the expected losses of each campaign that can happen."""
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(_table()))
    out = run("sw", scenarios.path("western_allies_1943_sw.yaml"), "--results", path, "--json")
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["objective"] == "expected results"
    atlantic = next(c for c in report["after"] if c["campaign"] == "german_atlantic")
    # levels above the table read its last row: 0.5 x 1 transports, 0.5 submarine factors
    assert atlantic["expected"] == {"transports_lost": 0.5, "brps_lost": 0, "submarines_lost": 0.5}


def test_scenario_without_sw_section_exits_2():
    out = run("sw", scenarios.path())
    assert out.exit_code == 2
    assert "sw" in out.output


def test_plan_json_carries_each_campaigns_figures_before_and_after_the_builds_27_94():
    """`awaw plan --json` with an `sw:` section: each campaign's levels and net modifier after the best
    deployment, before and after the plan's builds. The bundled Axis position, from its comments: the
    German Atlantic campaign's next combat at +4 (25.61; see test_european_axis_1942_atlantic_modifier) with 20
    U-boat factors once deployed (25.41, 25.15), 2 CVEs (25.64 A); no German Indian Ocean campaign
    without an Axis Suez (25.51 A). The same plan gives the same figures again (deterministic)."""
    from models.plan import Plan
    from optimizer.rules.sw.solve import sw_plan_report

    path = scenarios.path("european_axis_1942_sw.yaml")
    out = run("plan", path, "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    campaigns = {c["campaign"]: c for c in data["sw"]["campaigns"]}
    assert list(campaigns) == [
        "german_atlantic",
        "german_indian",
        "japanese_indian",
        "japanese_pacific",
        "american_pacific",
    ]
    for stage in ("before", "after"):
        atlantic = campaigns["german_atlantic"][stage]
        assert (
            atlantic["submarine_level"],
            atlantic["cves"],
            atlantic["modifier"],
            atlantic["possible"],
        ) == (
            20,
            2,
            4,
            True,
        )
        assert campaigns["german_indian"][stage]["possible"] is False
    plan = Plan.model_validate(data)
    again = sw_plan_report(load_scenario(path), plan)
    assert again.model_dump_json() == plan.sw.model_dump_json()
