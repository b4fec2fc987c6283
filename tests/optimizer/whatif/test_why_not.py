"""`awaw plan --why-not`: the best plan that includes a decision the plan leaves out, and what it costs,
on positions worked out by hand. Every plan that includes it is checked by the independent checker
against the scenario (including a decision only restricts the position)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from typer.testing import CliRunner

from models.plan import Status, WhyNot
from models.scenario import Scenario
from optimizer.checker import check
from optimizer.cli import app
from optimizer.cli.common import load as _load
from optimizer.planners.position import Position
from optimizer.turn.built import Built
from optimizer.turn.decision_forms import parse_decision, parse_decisions
from optimizer.turn.solve import Solved
from optimizer.whatif.why_not import declined


def entry(id_, unit, count, factors=1):
    return {"id": id_, "unit": unit, "factors": factors, "count": count}


def ask(scenario: Scenario, *texts: str) -> list[WhyNot]:
    position = Position(scenario)
    base = position.solve()
    assert base.status is Status.OPTIMAL and base.plan is not None
    real = Built.solve

    def checked(self: Built, *args: Any, **kwargs: Any) -> Solved:
        result = real(self, *args, **kwargs)
        if result.plan is not None:
            assert check(scenario, result.plan) == []
        return result

    with mock.patch.object(Built, "solve", checked):
        return position.why_not(base, [parse_decision("--why-not", t) for t in texts])


def test_why_not_army_air_costs_two_tenths(scenario_of):
    """Issue 14's position, 27.11 B, 27.12, 27.31: limit 10 (base 30, 27.32 A); army air 3 BRPs a factor
    worth 3.2, armor 2 BRPs worth 2.2. The plan: five armor factors, 11.0. The best plan with army air:
    one air leaves 7 points, three armor (9.8); two air leave 4, two armor (10.8); three air leave 1 (9.6).
    So army air costs 11.0 - 10.8 = 0.2 of value, two air for three armor; BRPs kept are the same (all
    10 points spent either way, 300 BRPs), and armor is already in the plan."""
    scenario = scenario_of(
        {
            "germany": {
                "brp_base": 30,
                "force_pool": [
                    entry("air", "army_air", 10),
                    entry("arm", "armor", 10),
                    entry("para", "airborne", 0),
                ],
            }
        },
        objective={"preset": "max-value", "values": {"army_air": 3.2, "armor": 2.2, "airborne": 5.0}},
    )
    air, arm, para = ask(scenario, "germany:air", "germany:arm", "germany:para")
    assert (air.included, air.possible, air.proven) == (False, True, True)
    assert [(c.priority, c.plan, c.with_it, c.difference) for c in air.costs][0] == (
        "value",
        11.0,
        10.8,
        -0.2,
    )
    assert [c.difference for c in air.costs[1:]] == [0.0] * (len(air.costs) - 1)
    assert air.changes == ["+2 germany air", "-3 germany arm"]
    assert air.reason == "including it costs 0.2 of value"
    assert (arm.included, arm.costs) == (True, [])
    # 27.5: no airborne counter in the force pool, so no plan includes one.
    assert (para.included, para.possible) == (False, False)
    assert para.explanation[0] == "cannot be met: include germany:para"
    assert any(line.startswith("blocked by 27.5 force pool (germany/para)") for line in para.explanation)


def test_why_not_keeps_the_players_fixes(scenario_of):
    """27.31, limit 10: with armor forbidden (--forbid) the plan is three army air (9 points, 9.6) and one
    1-BRP infantry factor (1.0) in the last point: 10.6. Infantry is then in the plan (included); armor,
    asked about, stays forbidden by the player's own --forbid, so no plan includes it and the explanation
    names both decisions."""
    scenario = scenario_of(
        {
            "germany": {
                "brp_base": 30,
                "force_pool": [
                    entry("air", "army_air", 10),
                    entry("arm", "armor", 10),
                    entry("inf", "infantry", 5),
                ],
            }
        },
        objective={"preset": "max-value", "values": {"army_air": 3.2, "armor": 2.2, "infantry": 1.0}},
    )
    position = Position(scenario, (parse_decision("--forbid", "germany:arm"),))
    base = position.solve()
    assert base.objective == pytest.approx(10.6)
    inf, arm = position.why_not(
        base,
        [parse_decision("--why-not", "germany:inf"), parse_decision("--why-not", "germany:arm")],
    )
    assert inf.included
    assert (arm.included, arm.possible) == (False, False)  # the player's own --forbid still holds
    assert "forbid germany:arm" in arm.explanation[0] and "include germany:arm" in arm.explanation[0]
    # said as the player's: legal plans build armor ('no legal plan includes it' was false)
    assert arm.reason == "your --forbid germany:arm rules it out"
    # with three army air fixed (9 of the 10 limit points) a 1-factor armor (2 BRPs, 27.11 B) is blocked
    # by the limit and the player's --fix together
    fixed = Position(scenario, (parse_decision("--fix", "germany:air=3"),))
    (over,) = fixed.why_not(fixed.solve(), [parse_decision("--why-not", "germany:arm")])
    assert any(line.startswith("blocked by 27.31") for line in over.explanation), over.explanation
    assert over.reason == "no legal plan with your --fix germany:air=3 includes it"


def test_a_route_the_player_forbade_is_said_forbidden_under_why():
    """40.72: on the bundled Allied grants position legal plans build the Alaska highway (the Siberian
    route); with --forbid route:siberia, --why's automatic why-not of it said 'no legal plan includes
    it'. It is the player's --forbid that rules it out, and the answer says so."""
    result = CliRunner().invoke(
        app,
        ["plan", "scenarios/allies_summer_1942_grants.yaml", "--forbid", "route:siberia", "--why", "--json"],
    )
    assert result.exit_code == 0, result.output
    answers = {w["decision"]: w for w in json.loads(result.stdout)["why_not"]}
    assert answers["route:siberia"]["reason"] == "your --forbid route:siberia rules it out"


def test_deferred_ships_are_priced_in_the_why_output():
    """27.7272 A, C: on the bundled U.S. and British naval scenario the plan defers Iowa and Lexington this
    turn; `--why` prices continuing each (the best plan that continues it), the cost never a gain over a
    proven optimum, and that plan continues the ship and passes the checker."""
    scenario = _load(Path("scenarios/britain_usa_summer_1942_naval.yaml"))
    position = Position(scenario)
    base = position.solve()
    asked = declined(position, base)
    texts = [d.text for d in asked]
    assert "usa:iowa:continue" in texts and "usa:lexington:continue" in texts
    answers = position.why_not(base, asked)
    for answer in answers:
        assert not answer.included and answer.possible and answer.proven
        assert answer.costs[0].difference <= 0
        assert answer.reason.startswith("deferred: continuing costs")
        assert any(change.startswith("+continue ") for change in answer.changes)
    with_it = Position(scenario, (parse_decision("--fix", "usa:iowa:continue"),)).solve()
    assert with_it.plan is not None and check(scenario, with_it.plan) == []
    iowa = next(a for a in answers if a.decision == "usa:iowa:continue")
    assert with_it.objective is not None and base.objective is not None
    assert iowa.costs[0].difference == round(with_it.objective - base.objective, 6)


def test_cli_why_not_json_and_default_without_it():
    """`why_not` is in --json only when asked; the route the default scenario has no grants for is
    bad input (exit 2)."""
    runner = CliRunner()
    plain = json.loads(runner.invoke(app, ["plan", "--json"]).stdout)
    assert "why_not" not in plain
    asked = runner.invoke(app, ["plan", "--json", "--why-not", "germany:infantry-3-3"])
    assert asked.exit_code == 0, asked.output
    (answer,) = json.loads(asked.stdout)["why_not"]
    assert answer["decision"] == "germany:infantry-3-3" and answer["costs"][0]["priority"] == "value"
    table = runner.invoke(app, ["plan", "--why-not", "germany:infantry-3-3"])
    assert "Why not" in table.output and "germany:infantry-3-3" in table.output


def test_routes_not_opened_are_priced_in_the_why_output(tmp_path):
    """40.521, 40.72, and the reading of 40.52 that an opening is worth the discounted later turns of the
    horizon it carries grants in: with Persia not yet opened and a horizon of this turn only, opening
    Persia (25 BRPs, 40.521) or building the Alaska highway (25 BRPs, 40.72) is worth nothing this turn
    (the route is usable from the next). The plan opens neither, and `--why` prices each: no change of
    value (the payers' builds are bound by their construction limits, not their BRPs), 25 BRPs fewer
    kept (unspent_brps -25), and the plan with it opens the route."""
    text = Path("scenarios/allies_summer_1942_grants.yaml").read_text()
    closed = text.replace("persia: {opened: true}", "persia: {opened: false}")
    closed = closed.replace("horizon: {turns: 4, discount: 0.9}", "horizon: {turns: 1, discount: 0.9}")
    assert closed.count("opened: false") == 1 and "turns: 1," in closed
    path = tmp_path / "allies_persia_closed.yaml"
    path.write_text(closed)
    scenario = _load(path)
    position = Position(scenario)
    base = position.solve()
    assert base.plan is not None and base.plan.route_openings == []
    asked = declined(position, base)
    assert [d.text for d in asked] == ["route:persia", "route:siberia"]
    # 40.521: any Western Ally at war may pay for Persia; 40.72: the U.S. builds the highway.
    payers = {"persia": {"britain", "france", "usa"}, "siberia": {"usa"}}
    for answer in position.why_not(base, asked):
        costs = {cost.priority: cost.difference for cost in answer.costs}
        assert costs["value"] == 0.0 and costs["unspent_brps"] == -25.0
        assert answer.reason == "not opened: opening it costs 25 of unspent_brps"
        route = answer.decision.removeprefix("route:")
        (change,) = answer.changes
        assert change.startswith(f"+open {route} by ") and change.split()[-1] in payers[route]
    opened = Position(scenario, (parse_decision("--fix", "route:persia"),)).solve()
    assert opened.plan is not None and check(scenario, opened.plan) == []


def test_why_not_lay_down_a_new_ship():
    """27.7251: a design's ship is laid down on a yard's chart. On the bundled U.S. and British naval
    scenario the plan lays down no Essex-class carrier this turn; `--why-not` prices the best plan that
    lays down the first (`DESIGN#N`), which lays it down this turn at the design's yard and passes the
    checker, at a cost equal to the difference of the two optima."""
    scenario = _load(Path("scenarios/britain_usa_summer_1942_naval.yaml"))
    position = Position(scenario)
    base = position.solve()
    assert base.plan is not None
    assert not any(a.ship == "essex-class#1" and a.turn == 0 for a in base.plan.naval_actions)
    (answer,) = position.why_not(base, [parse_decision("--why-not", "usa:essex-class#1:lay_down")])
    assert not answer.included and answer.possible and answer.proven
    with_it = Position(scenario, (parse_decision("--fix", "usa:essex-class#1:lay_down"),)).solve()
    assert with_it.plan is not None and check(scenario, with_it.plan) == []
    laid = [a for a in with_it.plan.naval_actions if a.ship == "essex-class#1" and a.turn == 0]
    assert [(a.yard, a.action) for a in laid] == [("us_pacific_box", "lay_down")]
    assert with_it.objective is not None and base.objective is not None
    assert answer.costs[0].difference == round(with_it.objective - base.objective, 6)


def test_why_not_sw_builds_on_the_bundled_naval_scenario():
    """27.721 A, 27.9: on the bundled U.S. and British naval scenario the plan builds three
    destroyer-escort factors and one merchant-tonnage factor at Glasgow, no Liberty ship. A Liberty
    factor costs what a destroyer escort does (1 SB point, 3 BRPs, 27.721 A) and is worth the same (3.0),
    so including one costs nothing; the merchant tonnage is included; at the Canada box (rate 1: one
    one-factor point, 27.7221 A; its destroyer launches for no point) it costs nothing either. Each plan
    that includes it passes the checker. These were refused as 'no force pool entry' (exit 2)."""
    scenario = _load(Path("scenarios/britain_usa_summer_1942_naval.yaml"))
    liberty, tonnage, canada = ask(
        scenario, "usa:liberty-ship", "britain:merchant-tonnage", "britain:merchant-tonnage@canada_box"
    )
    assert not liberty.included and liberty.possible and liberty.proven
    assert [cost.difference for cost in liberty.costs] == [0.0, 0.0, 0.0]
    assert liberty.reason == "including it costs nothing: an equally good plan does it"
    assert any(change.startswith("+") and "liberty-ship at" in change for change in liberty.changes)
    assert tonnage.included and tonnage.reason == "the plan includes it"
    assert not canada.included and canada.possible
    assert "+1 merchant-tonnage at canada_box" in canada.changes
    assert [cost.difference for cost in canada.costs] == [0.0, 0.0, 0.0]


def test_why_not_an_sw_build_past_the_yards_half_rate():
    """27.7221 A: Glasgow (rate 4) spends at most 2 points on one-factor units, and an SW factor costs 1
    (27.721 A). With the player's --fix of two escort groups paid by Glasgow, why not merchant tonnage
    there: no legal plan with that fix includes it, the explanation naming 27.7221 A at Glasgow (this
    turn's: no turn named)."""
    scenario = _load(Path("scenarios/britain_usa_summer_1942_naval.yaml"))
    position = Position(scenario, parse_decisions(["britain:escort-group@glasgow=2"], []))
    base = position.solve()
    assert base.plan is not None
    (answer,) = position.why_not(base, [parse_decision("--why-not", "britain:merchant-tonnage@glasgow")])
    assert not answer.included and not answer.possible
    assert answer.reason == "no legal plan with your --fix britain:escort-group@glasgow=2 includes it"
    assert "blocked by 27.7221 A (britain/glasgow)" in answer.explanation


NAVAL = Path("scenarios/britain_usa_summer_1942_naval.yaml")


def _why_not_json(path: Path, command: str, *asked: str) -> list[dict[str, Any]]:
    args = [command, str(path), "--json"]
    for text in asked:
        args += ["--why-not", text]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    answers: list[dict[str, Any]] = json.loads(result.stdout)["why_not"]
    return answers


def test_why_not_an_sw_line_takes_a_count():
    """27.9, 27.721 A, 27.7221 A: `awaw plan --why-not POWER:SWLINE=N` is the best plan with exactly N
    factors of the line, as `awaw season --why-not` reads =N (it was refused: '=COUNTERS is for --fix
    only'). Five Liberty factors take every U.S. one-factor point (half the yard's rate, rounded up: 2 of
    the Atlantic box's rate 3, 3 of the Pacific box's 6; an SW factor costs 1 SB point and 3 BRPs), so
    the three destroyer escorts give way and more: it costs 1 of value, what `--fix usa:liberty-ship=5`
    costs. The plan builds the destroyer-escort line's three factors (1 + 2), so `=3` is included and
    `=4` is not. Each plan that includes them passes the checker."""
    scenario = _load(NAVAL)
    five, three, four = ask(
        scenario, "usa:liberty-ship=5", "usa:destroyer-escort=3", "usa:destroyer-escort=4"
    )
    assert (five.decision, five.included, five.possible, five.proven) == (
        "usa:liberty-ship=5",
        False,
        True,
        True,
    )
    assert [cost.difference for cost in five.costs] == [-1.0, 0.0, 0.0]
    assert five.reason == "including it costs 1 of value"
    assert any("liberty-ship at" in change for change in five.changes)
    fixed = Position(scenario, parse_decisions(["usa:liberty-ship=5"], [])).solve()
    best = Position(scenario).solve()
    assert fixed.objective is not None and best.objective is not None
    assert round(fixed.objective - best.objective, 6) == -1.0
    assert (three.included, three.reason) == (True, "the plan includes it")
    assert not four.included and four.possible


def test_why_not_an_sw_count_past_the_half_rate_or_the_line():
    """27.7221 A: Glasgow (rate 4) spends at most 2 points (half, rounded up) on one-factor units, an SW
    factor costing 1 SB point (27.721 A): three merchant-tonnage factors there are in no legal plan, the
    explanation naming 27.7221 A at Glasgow; two are (an infantry counter gives way). 27.9: the
    Liberty-ship line has 6 factors this turn, so 7 is blocked by the line."""
    glasgow, two, seven = _why_not_json(
        NAVAL,
        "plan",
        "britain:merchant-tonnage@glasgow=3",
        "britain:merchant-tonnage@glasgow=2",
        "usa:liberty-ship=7",
    )
    assert (glasgow["possible"], glasgow["reason"]) == (False, "no legal plan includes it")
    assert glasgow["explanation"][0] == "cannot be met: include britain:merchant-tonnage@glasgow=3"
    assert any(
        line.startswith("blocked by 27.7221 A (britain/merchant-tonnage at glasgow)")
        and "(2 at glasgow)" in line
        for line in glasgow["explanation"]
    )
    assert two["possible"] and "+1 merchant-tonnage at glasgow" in two["changes"]
    assert not seven["possible"]
    assert (
        "blocked by 27.9 sw_units (usa/liberty-ship): 6 factors on the line this turn" in seven["explanation"]
    )


def test_the_turns_why_not_counts_read_as_the_seasons(tmp_path):
    """27.9, 27.7221 A: the turn's --why-not and a one-turn season's (whose what-ifs are its turn plan's)
    read the same forms, `=N` included, for an SW line at a yard, an entry and a grant alike, and answer
    alike: four Liberty factors paid by the Pacific box (rate 6: at most 3 points on one-factor units,
    half the rate rounded up) are in no legal plan. A count under --forbid, which takes none, is refused."""
    from optimizer.season.why_not import parse_why_not

    texts = ["usa:liberty-ship@us_pacific_box=3", "britain:armor-4-5=1", "britain>russia:persia=4"]
    turn = [parse_decision("--why-not", text) for text in texts]
    season = [asked.decision for asked in parse_why_not(texts, 1)]
    assert turn == season
    assert [d.amount for d in turn] == [3, 1, 4]
    text = NAVAL.read_text().replace("  discount: 0.9\n", "", 1)  # a season weighs later turns itself
    turn_file, season_file = tmp_path / "naval_turn.yaml", tmp_path / "naval_one_turn_season.yaml"
    turn_file.write_text(text)
    season_file.write_text(text + "season:\n  turns: 1\n")
    asked = "usa:liberty-ship@us_pacific_box=4"
    (answer,) = _why_not_json(turn_file, "plan", asked)
    assert answer == _why_not_json(season_file, "season", asked)[0]
    assert not answer["possible"]  # 27.7221 A: the Pacific box's rate 6 spends 3 points on one-factor units
    assert any("27.7221 A" in line and "(3 at us_pacific_box)" in line for line in answer["explanation"])
    refused = CliRunner().invoke(app, ["plan", str(NAVAL), "--forbid", "usa:liberty-ship=2"])
    assert refused.exit_code == 2
    assert "'usa:liberty-ship=2': =COUNTERS is for --fix and --why-not only" in refused.output
