"""`awaw compare`: a player's plan written as decisions only, priced by the planner, checked (root causes
first), scored against the best plan and diffed; on positions worked out by hand."""

from __future__ import annotations

import io
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from models.decisions import Decisions, decisions_of
from models.generate import scenario_data
from models.plan import Status
from models.scenario import Scenario
from optimizer.cli import app
from optimizer.planners.position import Position, solve
from optimizer.render.compare import comparison_parts
from optimizer.whatif.compare import group_findings
from tests.optimizer.turn.test_properties import picker, tiny_scenarios

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = ROOT / "scenarios" / "european_axis_spring_1942.yaml"
EXAMPLE = ROOT / "scenarios" / "plans" / "my_axis_spring_1942.yaml"

runner = CliRunner()


def entry(id_: str, unit: str, count: int, factors: int = 1) -> dict:
    return {"id": id_, "unit": unit, "factors": factors, "count": count}


def decisions(*builds: tuple[str, str, str, int], **fields: object) -> Decisions:
    return Decisions.model_validate(
        {
            "format": "awaw-decisions/1",
            "builds": [{"power": p, "entry": e, "site": s, "counters": c} for p, e, s, c in builds],
            **fields,
        }
    )


def armor_or_infantry(scenario_of, brp_base: int) -> Scenario:
    """Germany with 20 BRPs; armor 2 BRPs a factor (27.11 B, 27.12), infantry 1 (27.11 A); values 2.2 and
    1.0 a factor; oil threshold 50 (one counter, 27.35 B) and 25 with none spent (27.35 A)."""
    return scenario_of(
        {
            "germany": {
                "brps": 20,
                "brp_base": brp_base,
                "force_pool": [entry("arm", "armor", 10), entry("inf", "infantry", 20)],
            }
        },
        oil_counters=1,
        objective={"preset": "max-value", "values": {"armor": 2.2, "infantry": 1.0}},
    )


def test_overspending_by_three_brps_is_the_root_and_the_limit_follows(scenario_of):
    """27.11: 10 armor factors (20 BRPs) and 3 infantry factors (3 BRPs) are 23 BRPs, 3 more than the 20
    available. The BRP base 60 gives a limit of 20 (27.32 A), so 27.31 breaks too, from the same builds:
    a knock-on of the overrun. Inside the threshold of 25 (27.35 A), no oil effect. Value 10 x 2.2 + 3 x 1.0
    = 25.0; the best legal plan is ten armor factors, 22.0: the gap is 22.0 - 25.0 = -3.0 (the plan is
    worth more because it spends BRPs it does not have). BRPs kept: -3 against 0, a gap of +3."""
    scenario = armor_or_infantry(scenario_of, brp_base=60)
    best = solve(scenario)
    assert best.plan is not None
    result = Position(scenario).compare(
        decisions(("germany", "arm", "berlin", 10), ("germany", "inf", "berlin", 3)), best.plan
    )
    assert not result.legal
    assert [(c.rule, c.message) for c in result.causes] == [
        ("27.11", "germany: 23 BRPs spent on construction but 20 BRPs available")
    ]
    assert [(k.rule, k.message) for k in result.causes[0].knock_on] == [
        ("27.31", "germany: 23 BRPs count against a construction limit of 20")
    ]
    gaps = {s.priority: (s.mine, s.best, s.gap) for s in result.scores}
    assert gaps["value"] == (25.0, 22.0, -3.0)
    assert gaps["unspent_brps"] == (-3.0, 0.0, 3.0)
    assert result.mine is not None
    assert result.mine.powers[next(iter(result.mine.powers))].construction_brps == 23
    assert [(b.entry, b.counters) for b in result.diff.builds_removed] == [("inf", 3)]
    assert result.diff.builds_added == []
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(comparison_parts(result))
    text = console.export_text()
    assert (
        "27.11: violates: germany: 23 BRPs spent on construction but 20 BRPs available\n"
        "    follows: 27.31: violates: germany: 23 BRPs count against a construction limit of 20\n"
    ) in text


def test_overspending_alone_has_no_knock_on_when_the_limit_holds(scenario_of):
    """27.11 with a limit of 200 (base 600, 27.32 A): 23 BRPs against 20 breaks only 27.11."""
    scenario = armor_or_infantry(scenario_of, brp_base=600)
    best = solve(scenario)
    assert best.plan is not None
    result = Position(scenario).compare(
        decisions(("germany", "arm", "berlin", 10), ("germany", "inf", "berlin", 3)), best.plan
    )
    assert [(c.rule, c.knock_on) for c in result.causes] == [("27.11", [])]


def test_a_legal_plan_worse_than_the_best_shows_the_gap_and_the_diff(scenario_of):
    """20 infantry factors (20 BRPs, 27.11 A) are legal and worth 20.0; ten armor factors (20 BRPs) are worth
    22.0: the gap is 2.0; the best plan builds 10 armor more and 20 infantry fewer."""
    scenario = armor_or_infantry(scenario_of, brp_base=600)
    best = solve(scenario)
    assert best.plan is not None
    result = Position(scenario).compare(decisions(("germany", "inf", "berlin", 20)), best.plan)
    assert result.legal and result.priced and result.causes == []
    assert [(s.priority, s.mine, s.gap) for s in result.scores][0] == ("value", 20.0, 2.0)
    assert [(b.entry, b.site, b.counters) for b in result.diff.builds_added] == [("arm", "berlin", 10)]
    assert [(b.entry, b.site, b.counters) for b in result.diff.builds_removed] == [("inf", "berlin", 20)]


def test_interchangeable_sites_are_no_difference_and_keep_the_players_sites(scenario_of):
    """27.4: Berlin and Kiel are both German home cities, interchangeable for armor: 6 armor at Berlin and 4
    at Kiel are the best plan's 10 at Berlin; the priced plan keeps the player's sites, 12 and 8 BRPs
    (27.11 B: 2 BRPs a factor)."""
    scenario = armor_or_infantry(scenario_of, brp_base=600)
    best = solve(scenario)
    assert best.plan is not None
    result = Position(scenario).compare(
        decisions(("germany", "arm", "berlin", 6), ("germany", "arm", "kiel", 4)), best.plan
    )
    assert result.legal
    assert result.diff.builds_added == [] and result.diff.builds_removed == []
    assert result.mine is not None
    assert sorted((b.site, b.counters, b.brps) for b in result.mine.builds) == [
        ("berlin", 6, 12),
        ("kiel", 4, 8),
    ]
    assert all(s.gap == 0 for s in result.scores)


def test_a_site_in_an_enemy_zoc_is_a_root_cause_priced_at_normal_cost(scenario_of):
    """27.44: no unit may be built in an enemy ZoC. Armor at Kiel in an enemy ZoC is priced as anywhere
    (2 BRPs a factor: 4 factors 8 BRPs) and the checker names 27.44."""
    scenario = armor_or_infantry(scenario_of, brp_base=600)
    scenario = Scenario.model_validate(
        scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
        | {"map": {"sites": {"kiel": {"enemy_zoc": True}}}}
    )
    best = solve(scenario)
    assert best.plan is not None
    result = Position(scenario).compare(decisions(("germany", "arm", "kiel", 4)), best.plan)
    assert [c.rule for c in result.causes] == ["27.44"]
    assert result.mine is not None
    assert [(b.site, b.brps, b.alternatives) for b in result.mine.builds] == [("kiel", 8, [])]


def test_a_reserve_not_kept_follows_from_the_overspending(scenario_of):
    """27.11 and the player's reserve: keeping 5 of 20 BRPs leaves 15; 23 BRPs spent break 27.11 (root), and
    the reserve (20 - 23 = -3 kept, 5 required) follows from it."""
    scenario = scenario_of(
        {"germany": {"brps": 20, "force_pool": [entry("arm", "armor", 10), entry("inf", "infantry", 20)]}},
        oil_counters=1,
        objective={
            "preset": "max-value",
            "values": {"armor": 2.2, "infantry": 1.0},
            "reserve": {"germany": 5},
        },
    )
    best = solve(scenario)
    assert best.plan is not None
    result = Position(scenario).compare(
        decisions(("germany", "arm", "berlin", 10), ("germany", "inf", "berlin", 3)), best.plan
    )
    assert [c.rule for c in result.causes] == ["27.11"]
    assert [(k.rule, k.message) for k in result.causes[0].knock_on] == [
        ("objective.reserve", "germany: -3 BRPs kept, 5 required")
    ]


def test_grouping_of_findings_by_hand():
    """The grouping alone: 27.35 for the European Axis follows from Italy's 27.11 (27.35 I: a shared
    threshold); a German naval air breach (27.61) is a root of its own; accounting follows the first root."""
    from models.comparison import Finding

    findings = [
        Finding(
            rule="report", kind="report", message="powers.italy.brps_kept: 1 in the plan, 2 by the rules"
        ),
        Finding(rule="27.61", kind="rule", message="germany: 2 naval air factors built, training rate 1"),
        Finding(
            rule="27.35",
            kind="rule",
            message="european_axis: 81 BRPs of builds inside an oil threshold of 75",
        ),
        Finding(
            rule="27.11", kind="rule", message="italy: 30 BRPs spent on construction but 20 BRPs available"
        ),
    ]
    roots = group_findings(findings)
    assert [(r.rule, [k.rule for k in r.knock_on]) for r in roots] == [
        ("27.11", ["27.35", "report"]),
        ("27.61", []),
    ]


def test_the_best_plans_own_decisions_score_the_optimum_on_naval_and_grant_scenarios():
    """A plan's own decisions (chart actions every turn, grants by route, oil counters) priced again give
    the same value on every priority, and no difference."""
    from models.io import load_scenario

    for name in ("japan_fall_1941_naval.yaml", "allies_summer_1942_grants.yaml"):
        scenario = load_scenario(ROOT / "scenarios" / name)
        best = solve(scenario)
        assert best.plan is not None
        result = Position(scenario).compare(decisions_of(best.plan), best.plan)
        assert result.legal and result.priced
        assert all(score.gap == 0 for score in result.scores)
        assert result.diff.model_dump(exclude_defaults=True) == {}


def test_a_turn_zero_chart_action_left_out_means_the_ship_stays():
    """27.7272: a ship with no action listed for this turn takes none that costs; a plan with no chart action
    at all spends no SB points this turn (later turns are planned), and the diff lists the best plan's
    actions of this turn that cost."""
    from models.io import load_scenario

    scenario = load_scenario(ROOT / "scenarios" / "japan_fall_1941_naval.yaml")
    best = solve(scenario)
    assert best.plan is not None
    own = decisions_of(best.plan)
    without = own.model_copy(update={"naval": []})
    result = Position(scenario).compare(without, best.plan)
    assert result.mine is not None
    assert all(a.sb == 0 for a in result.mine.naval_actions if a.turn == 0)
    costly = {(a.yard, a.ship) for a in best.plan.naval_actions if a.turn == 0 and a.sb > 0}
    changed = {(a.yard, a.ship) for a in result.diff.actions_changed if a.turn == 0}
    assert costly <= changed


def test_chart_actions_no_plan_takes_together_are_left_out_and_named():
    """27.7272: Yamato in row 2 of the fall column continues to launch this turn (27.7272 A: one row down,
    from row 2 to launch), so it cannot continue again next turn. Neither action alone is impossible: the
    two are the conflict, left out of the priced plan (Yamato then defers, 27.7272 C) and named, each by
    its turn's season and year (fall 1941 this turn, winter 1941 the next) as `awaw plan --why` names them."""
    from models.io import load_scenario

    scenario = load_scenario(ROOT / "scenarios" / "japan_fall_1941_naval.yaml")
    best = solve(scenario)
    assert best.plan is not None
    mine = Decisions.model_validate(
        {
            "format": "awaw-decisions/1",
            "naval": [
                {"power": "japan", "yard": "tokyo", "ship": "yamato", "action": "continue"},
                {"power": "japan", "yard": "tokyo", "ship": "yamato", "turn": 1, "action": "continue"},
            ],
        }
    )
    result = Position(scenario).compare(mine, best.plan)
    assert not result.legal
    named = [c.message for c in result.causes if c.rule == "27.7"]
    assert named == [
        "japan tokyo/yamato continue in fall 1941: no plan takes it together with the others listed "
        "(27.7251-27.7272)",
        "japan tokyo/yamato continue in winter 1941: no plan takes it together with the others listed "
        "(27.7251-27.7272)",
    ]
    assert result.mine is not None
    assert [a.action for a in result.mine.naval_actions if a.ship == "yamato" and a.turn == 0] == ["defer"]
    # The diff names each chart turn by its season and year as the messages do (turn 0: fall 1941).
    yamato = [a for a in result.diff.actions_changed if a.ship == "yamato"]
    assert [(a.turn, a.when, a.mine) for a in yamato][:1] == [(0, "fall 1941", "defer")]
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(comparison_parts(result))
    assert "chart, fall 1941" in console.export_text()


def test_the_conflict_is_narrowed_down_on_copies_of_one_model_within_the_time_limit():
    """The same two Yamato actions (27.7272 A): each feasibility test is a copy of one built model, and a
    time limit that leaves room finds the same conflict."""
    from models.io import load_scenario
    from optimizer.whatif.price import conflicting

    scenario = load_scenario(ROOT / "scenarios" / "japan_fall_1941_naval.yaml")
    mine = Decisions.model_validate(
        {
            "format": "awaw-decisions/1",
            "naval": [
                {"power": "japan", "yard": "tokyo", "ship": "yamato", "action": "continue"},
                {"power": "japan", "yard": "tokyo", "ship": "yamato", "turn": 1, "action": "continue"},
            ],
        }
    )
    guarded = Position(scenario).with_guards()
    both = [("naval", 0), ("naval", 1)]
    assert conflicting(guarded, mine) == both
    assert conflicting(guarded, mine, 120.0) == both


def test_a_route_opening_the_position_does_not_offer_names_its_rule():
    """Only the U.S. may build the Alaska highway here: Russia opening either route is not priced, each
    with its rule, the Persian route's expenditure (40.521) and the Alaska highway (40.72)."""
    from models.io import load_scenario

    scenario = load_scenario(ROOT / "scenarios" / "allies_summer_1942_grants.yaml")
    mine = Decisions.model_validate(
        {
            "format": "awaw-decisions/1",
            "route_openings": [
                {"route": "persia", "paid_by": "russia"},
                {"route": "siberia", "paid_by": "russia"},
            ],
        }
    )
    reasons = Position(scenario).assess(mine, 60).priced.unpriced.reasons
    assert [(f.rule, f.message) for f in reasons] == [
        ("40.521", "russia cannot open persia this turn"),
        ("40.72", "russia cannot open siberia this turn"),
    ]


def test_sw_campaigns_of_the_players_plan_on_an_sw_scenario():
    """Rule 25, 27.94: with the same new SW units as the best plan (none here: the scenario has no yards),
    the player's plan shows the best plan's SW campaigns, every campaign before and after."""
    from models.io import load_scenario

    scenario = load_scenario(ROOT / "scenarios" / "western_allies_1943_sw.yaml")
    best = solve(scenario)
    assert best.plan is not None and best.plan.sw is not None
    result = Position(scenario).compare(decisions(), best.plan)
    assert result.mine is not None and result.mine.sw == best.plan.sw
    assert len(result.mine.sw.campaigns) == 5  # 25.671, 25.7-25.9: five campaigns


def test_a_grant_by_a_closed_route_is_named_with_the_rule_that_closes_it():
    """40.61 A: the Turkish route is closed while Ankara is not Allied (the grants scenario); a U.S. grant to
    Russia by it cannot be priced and is a breach of 40.61 A, the rest of the plan priced."""
    from models.io import load_scenario

    scenario = load_scenario(ROOT / "scenarios" / "allies_summer_1942_grants.yaml")
    best = solve(scenario)
    assert best.plan is not None
    mine = decisions(grants=[{"grantor": "usa", "recipient": "russia", "route": "turkey", "brps": 5}])
    result = Position(scenario).compare(mine, best.plan)
    assert [(c.rule, c.message) for c in result.causes if c.rule.startswith("40")] == [
        ("40.61 A", "usa to russia by turkey: Ankara is not Allied")
    ]
    assert result.mine is not None and result.mine.grants == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_best_plans_decisions_are_legal_and_score_the_optimum(data):
    """On generated positions, the best plan written as decisions prices to a legal plan that scores the
    optimum on every priority, with no difference."""
    scenario = Scenario.model_validate(scenario_data(picker(data)))
    best = solve(scenario)
    if best.plan is None:
        return
    result = Position(scenario).compare(decisions_of(best.plan), best.plan)
    assert result.legal and result.priced
    assert [s.gap for s in result.scores] == [0.0] * len(result.scores)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_scenarios(), st.data())
def test_planner_and_checker_agree_on_any_players_decisions(scenario, data):
    """Any counters at any of an entry's sites (up to one past the force pool, 27.5): the planner's model
    takes the decisions as they are exactly when the independent checker finds nothing wrong."""
    builds = []
    for power, state in scenario.powers.items():
        for item in state.force_pool:
            for site in item.sites or ["berlin"]:
                counters = data.draw(st.integers(0, item.count + 1))
                if counters:
                    builds.append((power.value, item.id, site, counters))
    assessed = Position(scenario).assess(decisions(*builds))
    unpriced = assessed.priced.unpriced
    planner_legal = assessed.priced.broken is None and not unpriced.builds and not unpriced.reasons
    assert planner_legal == (assessed.findings == [])
    if planner_legal:
        assert assessed.mine is not None and assessed.priced.result.status is Status.OPTIMAL


# --- the command line -----------------------------------------------------------------------------


def test_compare_the_example_plan_exits_0_and_is_deterministic():
    """The bundled example plan is legal (exit 0); the same input prints the same bytes."""
    first = runner.invoke(app, ["compare", str(DEFAULT), str(EXAMPLE), "--json"])
    second = runner.invoke(app, ["compare", str(DEFAULT), str(EXAMPLE), "--json"])
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["legal"] is True
    assert report["scores"][0]["priority"] == "value"
    table = runner.invoke(app, ["compare", str(DEFAULT), str(EXAMPLE)])
    assert table.exit_code == 0 and "What the best plan does differently" in table.stdout


def write(tmp_path: Path, text: str, name: str = "mine.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_compare_a_plan_that_breaks_a_rule_exits_1(tmp_path):
    """27.61: Germany trains one naval air factor a turn in the default scenario; two break it."""
    plan = write(
        tmp_path,
        "format: awaw-decisions/1\nbuilds:\n  - {power: germany, entry: nas-1, site: kiel, counters: 2}\n",
    )
    result = runner.invoke(app, ["compare", str(DEFAULT), str(plan)])
    assert result.exit_code == 1
    assert "27.61: violates: germany: 2 naval air factors built, training rate 1" in result.stdout
    checked = runner.invoke(app, ["check", str(DEFAULT), str(plan)])
    assert checked.exit_code == 1
    assert "27.61" in checked.stdout
    first = runner.invoke(app, ["compare", str(DEFAULT), str(plan), "--json"])
    second = runner.invoke(app, ["compare", str(DEFAULT), str(plan), "--json"])
    assert first.exit_code == 1 and first.stdout == second.stdout  # the guarded pricing is deterministic too
    assert json.loads(first.stdout)["causes"][0]["rule"] == "27.61"


def test_check_reads_the_decisions_form(tmp_path):
    result = runner.invoke(app, ["check", str(DEFAULT), str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "the plan is legal" in result.stdout


def test_unknown_names_are_bad_input_with_their_line(tmp_path):
    """Unknown entry, site, shipyard, ship and route: exit 2, `FILE:LINE: field: problem`."""
    plan = write(
        tmp_path,
        "format: awaw-decisions/1\n"
        "builds:\n"
        "  - {power: germany, entry: armr-4-6, site: berlin, counters: 1}\n"
        "  - {power: germany, entry: armor-4-6, site: berlim, counters: 1}\n",
    )
    result = runner.invoke(app, ["compare", str(DEFAULT), str(plan)])
    assert result.exit_code == 2
    assert (
        f"{plan}:3: builds[0].entry: 'armr-4-6' is not a force pool entry of germany; did you mean 'armor-4-6'?"
        in result.stderr
    )
    assert (
        f"{plan}:4: builds[1].site: 'berlim' is not a site of the map; did you mean 'berlin'?"
        in result.stderr
    )
    naval = ROOT / "scenarios" / "japan_fall_1941_naval.yaml"
    ship = write(
        tmp_path,
        "format: awaw-decisions/1\nnaval:\n  - power: japan\n    yard: tokyo\n    ship: hyuuga\n    action: continue\n",
        "ship.yaml",
    )
    result = runner.invoke(app, ["compare", str(naval), str(ship)])
    assert result.exit_code == 2
    assert (
        f"{ship}:5: naval[0].ship: 'hyuuga' is not a ship at japan tokyo; did you mean 'hyuga'?"
        in result.stderr
    )
    route = write(
        tmp_path,
        "format: awaw-decisions/1\ngrants:\n  - {grantor: usa, recipient: russia, route: murmansck, brps: 5}\n",
        "route.yaml",
    )
    grants = ROOT / "scenarios" / "allies_summer_1942_grants.yaml"
    result = runner.invoke(app, ["compare", str(grants), str(route)])
    assert result.exit_code == 2
    assert f"{route}:3: grants[0].route:" in result.stderr and "murmansk" in result.stderr


def test_a_bad_field_value_is_bad_input(tmp_path):
    plan = write(
        tmp_path,
        "format: awaw-decisions/1\nbuilds:\n  - {power: germany, entry: nas-1, site: kiel, counters: 0}\n",
    )
    result = runner.invoke(app, ["compare", str(DEFAULT), str(plan)])
    assert result.exit_code == 2
    assert f"{plan}:3: builds[0].counters:" in result.stderr


def test_a_plan_for_another_scenario_is_refused(tmp_path):
    """`scenario` naming another scenario: exit 2 naming the field, for compare and check, in both forms."""
    plan = write(tmp_path, "format: awaw-decisions/1\nscenario: Japan, 1942\nbuilds: []\n")
    for command in ("compare", "check"):
        result = runner.invoke(app, [command, str(DEFAULT), str(plan)])
        assert result.exit_code == 2
        assert f"{plan}:2: scenario: the plan is for 'Japan, 1942', not for this scenario" in result.stderr
    full = runner.invoke(app, ["plan", "--json"])
    assert full.exit_code == 0
    other = json.loads(full.stdout) | {"scenario": "Japan, 1942"}
    path = write(tmp_path, json.dumps(other, indent=2), "plan.json")
    result = runner.invoke(app, ["check", str(DEFAULT), str(path)])
    assert result.exit_code == 2
    assert f"{path}:3: scenario: the plan is for 'Japan, 1942'" in result.stderr


def test_compare_reads_a_full_plan_json_by_its_decisions(tmp_path):
    """The plan JSON `awaw plan --json` writes is compared by its decisions: the best plan's own JSON scores
    the optimum on every priority (gap 0) and is legal (exit 0)."""
    best = runner.invoke(app, ["plan", str(DEFAULT), "--json"])
    assert best.exit_code == 0, best.output
    saved = write(tmp_path, best.stdout, "best.json")
    result = runner.invoke(app, ["compare", str(DEFAULT), str(saved), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["legal"] is True
    assert report["scores"] and all(score["gap"] == 0 for score in report["scores"])


def test_compare_of_a_full_plan_json_naming_an_unknown_entry_exits_2(tmp_path):
    best = json.loads(runner.invoke(app, ["plan", str(DEFAULT), "--json"]).stdout)
    best["builds"][0]["entry"] = "armr-4-6"
    saved = write(tmp_path, json.dumps(best), "edited.json")
    result = runner.invoke(app, ["compare", str(DEFAULT), str(saved)])
    assert result.exit_code == 2
    assert "builds[0].entry: 'armr-4-6' is not a force pool entry of germany" in result.stderr
    assert str(saved) in result.stderr and "Traceback" not in result.output
