"""`--fix/--forbid POWER:SHIP:ACTION@K` on a naval chart longer than the season (optimizer/season/decisions.py):
the chart's turns past the season's end are reachable, by `@K` (the chart's turn) or `@turnN` (the chart's
turn N-1), and posted in turn 1's chart model (27.7: the chart is planned whole there).

The position (`LONG` of test_chart.py): a two-turn season (summer, fall 1942) beside a four-turn chart
(to spring 1943). Kiel holds a 2-factor cruiser in row 2 of the winter column: continued in the winter
(chart turn 2, past the season) for one point, 3 BRPs (27.7272 A), it launches. Winter's budget is what
`horizon.future` gives it: 3 BRPs and a limit of 3, or without that entry this turn's (0 BRPs, 27.11)."""

import json
from functools import partial

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from models.generate_season import season_data
from models.io import InputError, parse_scenario
from models.plan import Status
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker.season import check_season
from optimizer.season.decision_forms import parse_season_decision, parse_season_decisions
from optimizer.season.decisions import with_decisions
from optimizer.season.solve import solve_season
from tests.optimizer.cli.test_cli import run
from tests.optimizer.season.test_chart import BUDGET, continued
from tests.optimizer.season.test_chart import long_text as text


def scenario(horizon: str, preset: str = "max-factors"):
    return parse_scenario(text(horizon, preset))


def solved(position, fix=(), forbid=()):
    decisions = parse_season_decisions(list(fix), list(forbid), 2)
    result = solve_season(position, adjust=partial(with_decisions, decisions=decisions))
    if result.plan is not None:
        assert check_season(position, result.plan) == []
    return result


@pytest.mark.parametrize("form", ["germany:cl:continue@2", "germany:cl:continue@turn3"])
def test_forbidding_the_winter_step_past_the_season_leaves_the_cruiser_unlaunched_27_7(form):
    """Max-factors: with winter's 3 BRPs the cruiser is continued and launched, 2 factors (27.7272 A).
    Forbidding its winter continuation (chart turn 2, the season's turns being 0 and 1; `@turn3` the
    same turn) leaves no way to launch it within the chart: 0 factors."""
    position = scenario(f"{{turns: 4, {BUDGET}}}")
    best = solved(position)
    assert best.plan is not None and continued(best.plan) == [(2, "continue")]
    assert best.plan.objective.value == 2.0
    forbidden = solved(position, forbid=[form])
    assert forbidden.plan is not None and continued(forbidden.plan) == []
    assert forbidden.plan.objective.value == 0.0


def test_fixing_the_winter_step_past_the_season_charges_it_at_the_horizons_brp_value():
    """Max-value at `horizon.brp_value` 100: the winter step's 3 BRPs are charged 300 (27.72, as `awaw
    plan` charges a later turn), more than the launched cruiser (2 factors x 3.0) gains over one left in
    row 2 (half built, 27.721: 2 x 3.0 x 1/2 = 3.0), so the best plan leaves it: 3.0. Fixed in the
    winter (`@turn3`): 6.0 - 300 = -294.0."""
    position = scenario(f"{{turns: 4, brp_value: 100, {BUDGET}}}", "max-value")
    best = solved(position)
    assert best.plan is not None and continued(best.plan) == [] and best.plan.objective.value == 3.0
    fixed = solved(position, fix=["germany:cl:continue@turn3"])
    assert fixed.plan is not None and continued(fixed.plan) == [(2, "continue")]
    assert fixed.plan.objective.value == -294.0


def test_fixing_the_winter_step_without_winters_brps_names_27_11(tmp_path):
    """Without winter's entry in `horizon.future` its BRPs are this turn's: 0 (27.11), so the 3-BRP step
    cannot be paid; the season has no plan and the explanation names 27.11 under the chart's turn as the
    season counts it: `@2` is the chart's turn 2, the season's turn 3 (winter 1942, `@turn3`), though
    turn 1's model plans it."""
    result = run("season", _file(tmp_path, "{turns: 4}"), "--fix", "germany:cl:continue@2", "--json")
    assert result.exit_code == 1
    assert "cannot be met: fix germany:cl:continue@2 (turn 3)" in result.stdout
    assert "turn 3 (winter 1942): blocked by 27.11 BRPs available (germany)" in result.stdout


def _file(tmp_path, horizon: str):
    path = tmp_path / "long.yaml"
    path.write_text(text(horizon))
    return path


def test_a_chart_action_past_the_charts_horizon_is_refused_in_one_line(tmp_path):
    """The chart has four turns (0 to 3): `@4` and `@turn5` are past it, bad input (exit 2) naming the
    chart's range; a build's `@turn3` is past the season's two turns (only chart actions reach past)."""
    path = _file(tmp_path, f"{{turns: 4, {BUDGET}}}")
    for form in ("germany:cl:continue@4", "germany:cl:continue@turn5"):
        result = run("season", path, "--fix", form)
        assert result.exit_code == 2
        assert f"'{form}': @turn5 (@4) is past the naval chart's 4 turns" in result.stderr
    with pytest.raises(InputError, match="turn 3 is out of the season's 2 turns"):
        parse_season_decision("--fix", "germany:cl@turn3", 2)
    with pytest.raises(InputError, match="takes its turn once"):
        parse_season_decision("--fix", "germany:cl:continue@2@turn3", 2)


def test_a_chart_action_at_the_charts_last_turn_is_taken():
    """`@3` and `@turn4` are the chart's last turn (spring 1943), both the same decision; the cruiser is
    gone by then (launched when continued in the winter, 27.7272 A, or never), so forbidding its
    continuation there changes nothing: the same 2 factors (max-factors: the cruiser's 2)."""
    position = scenario(f"{{turns: 4, {BUDGET}}}")
    assert parse_season_decision("--forbid", "germany:cl:continue@turn4", 2).decision.turn == 3
    result = solved(position, forbid=["germany:cl:continue@3"])
    assert result.status is Status.OPTIMAL and result.plan is not None
    assert result.plan.objective.value == 2.0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_plan_under_a_chart_action_past_the_season_passes_the_checker_and_keeps_it(data):
    """Generated seasons of 2 turns beside charts of 3 to 6 turns: a chart action the best plan takes past
    the season, forbidden (`@K`) or fixed (`@turnN`); every plan made under it passes the season checker
    and keeps it on its chart turn (a fixed one the best plan takes changes no value)."""
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON

    position = Scenario.model_validate(
        season_data(
            lambda lo, hi: data.draw(st.integers(lo, hi)),
            turns=2,
            naval_turns=data.draw(st.integers(3, 6)),
            requirements=False,
        )
    )
    base = solve_season(position)
    if base.plan is None:
        return
    past = [a for a in base.plan.turns[0].plan.naval_actions if a.turn >= 2 and a.action != "launch"]
    if not past:
        return
    action = past[data.draw(st.integers(0, len(past) - 1))]
    ship = f"{action.yard}/{action.ship}"
    forbid = data.draw(st.booleans())
    form = f"{action.power.value}:{ship}:{action.action}"
    form += f"@{action.turn}" if forbid else f"@turn{action.turn + 1}"
    decisions = parse_season_decisions([] if forbid else [form], [form] if forbid else [], 2)
    result = SEASON.solve(position, Limits(), decisions)
    event("forbid" if forbid else "fix")
    if result.plan is None:
        # A forbid leaves the ship another action (scuttling it, 27.7272 E), but a French ship's: France
        # never scuttles, so a French ship in its column whose deferral is forbidden must be paid on, and
        # without the BRPs that turn there is no plan (`test_a_french_ship_must_be_paid_on_when_its_deferral_is_forbidden`).
        french_deferral = forbid and action.power is Power.FRANCE and action.action == "defer"
        assert result.status is Status.INFEASIBLE and (forbid is False or french_deferral)
        return
    assert check_season(position, result.plan) == []
    taken = [
        a
        for a in result.plan.turns[0].plan.naval_actions
        if (a.power, a.yard, a.ship, a.action, a.turn)
        == (action.power, action.yard, action.ship, action.action, action.turn)
    ]
    assert (taken == []) is forbid
    if not forbid:
        assert result.plan.objective.value == pytest.approx(base.plan.objective.value)


# The draws of a generated season (`season_data`, two turns, a chart of 3 turns) that hypothesis found:
# the best plan defers France's ship at Lorient in chart turn 2, past the season, and France has not the
# BRPs to pay it on instead.
# fmt: off
FRENCH_SHIP_DRAWS = [
    1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0,
    0, 0, 0, 0, 7, 0, 0, 0, 0,
]
# fmt: on


def test_a_french_ship_must_be_paid_on_when_its_deferral_is_forbidden():
    """27.7272: a ship in its column defers, continues, accelerates or is launched; any ship may be
    scuttled, France's never (27.7272 E). Forbidding the deferral the best plan takes leaves a French ship
    only the moves France pays for (3 BRPs a step, 27.7272 A), and France has not the BRPs to pay it on: no
    plan, and the explanation names the BRPs available (27.11) that block it."""
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON

    draws = iter(FRENCH_SHIP_DRAWS)
    position = Scenario.model_validate(
        season_data(lambda lo, hi: next(draws), turns=2, naval_turns=3, requirements=False)
    )
    base = solve_season(position)
    assert base.plan is not None
    past = [a for a in base.plan.turns[0].plan.naval_actions if a.turn >= 2 and a.action != "launch"]
    assert [(a.power, a.yard, a.ship, a.action, a.turn) for a in past] == [
        (Power.FRANCE, "lorient", "lorient-0", "defer", 2)
    ]
    forbidden = SEASON.solve(
        position, Limits(), parse_season_decisions([], ["france:lorient/lorient-0:defer@2"], 2)
    )
    assert forbidden.status is Status.INFEASIBLE and forbidden.plan is None
    assert any("27.11 BRPs available (france" in line for line in forbidden.explanation)
    # Fixed, the same deferral changes nothing (the best plan takes it).
    fixed = SEASON.solve(
        position, Limits(), parse_season_decisions(["france:lorient/lorient-0:defer@turn3"], [], 2)
    )
    assert fixed.plan is not None and fixed.plan.objective.value == base.plan.objective.value


RESTRICTED = """
name: t
turn: {season: summer, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 30
    brp_base: 90
    force_pool: []
    naval:
      deferring_allowed: false
      shipyards:
        - id: kiel
          rate: 1
          chart:
            - {id: graf, unit: carrier, carrier_class: cvl, factors: 3, row: launch, column: fall}
objective: {preset: max-factors}
season: {turns: 2}
"""


def test_restricted_deferring_binds_the_seasons_later_turns_27_7272_c():
    """27.7272 C, D: with deferring restricted, Graf Zeppelin in the Launch row of the fall column is
    launched in the season's fall turn (turn 2) at no cost, and may not wait there: the restriction
    stands through the season, so the season expects no deferral the next turn, planned under it, could
    not make. Fixing the deferral is refused by 27.7272 C, and a season plan deferring it breaks 27.7272 C
    in turn 2 (the season checker, with that turn's money)."""
    position = parse_scenario(RESTRICTED)
    best = solved(position)
    assert best.plan is not None
    assert [(a.turn, a.action) for a in best.plan.turns[0].plan.naval_actions if a.ship == "graf"] == [
        (1, "launch")
    ]
    fixed = solved(position, fix=["germany:graf:defer@turn2"])
    assert fixed.status is Status.INFEASIBLE
    deferred = best.plan.model_copy(deep=True)
    for action in deferred.turns[0].plan.naval_actions:
        if action.ship == "graf":
            action.action = "defer"
    found = [v for v in check_season(position, deferred) if v.rule == "27.7272 C"]
    assert found and found[0].message.startswith("turn 2: ")


SCUTTLED = """
name: t
turn: {season: summer, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 30
    brp_base: 90
    force_pool: []
    naval:
      deferring_allowed: DEFERRING
      shipyards:
        - id: kiel
          rate: 1
          chart:
            - {id: hipper, unit: cruiser, factors: 2, row: 2, column: fall}
objective: {preset: max-factors}
season: {turns: 2}
"""


def test_restricted_scuttling_binds_the_seasons_later_turns_27_7272_e():
    """27.7272 E: "Scuttling is subject to the same restrictions as deferring naval construction
    (27.7272C ...)". With deferring restricted through the season (27.7272 C binds its later turns), Hipper,
    in row 2 of the fall column, may not be scuttled in the season's fall turn (turn 2) either: fixing it
    is refused and explained by 27.7272 E, and a season plan scuttling it there breaks 27.7272 E in turn 2
    (the season checker). The planner had offered the scuttle and the checker accepted it. In turn 1 the
    fix is refused by 27.7272 E too; with deferring allowed, the turn-2 scuttle is legal."""
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON

    position = parse_scenario(SCUTTLED.replace("DEFERRING", "false"))
    best = solved(position)
    assert best.plan is not None
    assert [(a.turn, a.action) for a in best.plan.turns[0].plan.naval_actions] == [(1, "continue")]
    for form, turn in (("germany:hipper:scuttle@turn2", 2), ("germany:hipper:scuttle", 1)):
        fixed = SEASON.solve(position, Limits(), parse_season_decisions([form], [], 2))
        assert fixed.status is Status.INFEASIBLE
        assert any(
            line.startswith(f"turn {turn} (") and "blocked by 27.7272 E" in line for line in fixed.explanation
        ), fixed.explanation
    scuttled = best.plan.model_copy(deep=True)
    (action,) = scuttled.turns[0].plan.naval_actions
    action.action, action.after, action.sb, action.brps = "scuttle", "scuttled", 0, 0
    found = [v for v in check_season(position, scuttled) if v.kind == "rule"]  # (its figures unchanged)
    assert [(v.rule, v.message.split(":")[0]) for v in found] == [("27.7272 E", "turn 2")]
    allowed = parse_scenario(SCUTTLED.replace("DEFERRING", "true"))
    assert solved(allowed, fix=["germany:hipper:scuttle@turn2"]).plan is not None
    assert [v for v in check_season(allowed, scuttled) if v.rule.startswith("27.7272")] == []


def test_a_later_turns_chart_action_is_explained_under_its_own_turn_27_7272_e():
    """27.7272 E with C: deferring restricted, Hipper may not be scuttled in the season's fall turn. The
    fix `@turn2` is the chart's action of turn 2 though turn 1's model posts it (27.7: the chart is
    planned whole there), so the explanation says it, and the rule that blocks it at Kiel, under turn 2
    as the player counts it, never with the chart's own count from 0 ('kiel turn 1') beside it."""
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON

    position = parse_scenario(SCUTTLED.replace("DEFERRING", "false"))
    fixed = SEASON.solve(position, Limits(), parse_season_decisions(["germany:hipper:scuttle@turn2"], [], 2))
    assert fixed.status is Status.INFEASIBLE
    assert list(fixed.explanation) == [
        "turn 2 (fall 1942) is the first turn the season cannot plan (turn 1 can be planned, not turn 2 "
        "after them)",
        "cannot be met: fix germany:hipper:scuttle@turn2 (turn 2)",
        "turn 2 (fall 1942): blocked by 27.7272 E (germany/kiel): scuttling is subject to the same "
        "restrictions as deferring (27.7272 C), and deferring_allowed is false, a restriction that stands "
        "through the season",
    ]


def test_why_not_a_later_turns_chart_action_the_player_forbade_names_the_forbid(tmp_path):
    """A season's why-not finds the player's own decisions among the explanation's requirements by their
    words and turn (`optimizer.season.why_not`): with Hipper's continuation forbidden in turn 2, why not
    continue it then is answered by that --forbid, both said as turn 2's (the chart's action of turn 2,
    posted in turn 1's model, 27.7), not 'no legal season plan'."""
    path = tmp_path / "scuttled.yaml"
    path.write_text(SCUTTLED.replace("DEFERRING", "true"))
    form = "germany:hipper:continue@turn2"
    result = run("season", path, "--forbid", form, "--why-not", form, "--json")
    assert result.exit_code == 0, result.output
    (answer,) = json.loads(result.stdout)["why_not"]
    assert answer["reason"] == f"your --forbid {form} rules it out"
    assert f"cannot be met: forbid {form} (turn 2); include {form} (turn 2)" in answer["explanation"]
