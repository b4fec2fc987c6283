"""`awaw plan --fix` and `--forbid`: the player's decisions as constraints, on positions worked out by hand.

Every plan solved with a decision fixed or forbidden is still a legal plan of the position, so each is
checked by the independent checker against the scenario itself; on tiny generated positions, forbidding
an entry gives exactly the brute-force best of the position without that entry.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from models.io import InputError
from models.plan import Status
from models.scenario import Scenario
from optimizer.checker import check
from optimizer.cli import app
from optimizer.cli.common import load as _load
from optimizer.planners.position import Position
from optimizer.turn.decision_forms import Kind, parse_decision, parse_decisions
from optimizer.turn.solve import Solved as Result
from tests.optimizer.turn.test_properties import brute_force_best, tiny_scenarios


def entry(id_, unit, count, factors=1):
    return {"id": id_, "unit": unit, "factors": factors, "count": count}


def air_and_armor(scenario_of) -> Scenario:
    """Issue 14's position: limit 10 (BRP base 30, 27.32 A); army air 3 BRPs a factor (27.12) worth 3.2,
    armor 2 BRPs worth 2.2; BRPs and the oil threshold far from binding. The best plan is five armor
    factors (11.0): two air and two armor make 10.8, three air and one armor 11.8 but 11 BRPs."""
    return scenario_of(
        {
            "germany": {
                "brp_base": 30,
                "force_pool": [entry("air", "army_air", 10), entry("arm", "armor", 10)],
            }
        },
        objective={"preset": "max-value", "values": {"army_air": 3.2, "armor": 2.2}},
    )


def solved(scenario: Scenario, fix: list[str] = [], forbid: list[str] = []) -> Result:  # noqa: B006
    result = Position(scenario, parse_decisions(fix, forbid)).solve()
    if result.plan is not None:
        assert check(scenario, result.plan) == []  # a fixed decision never makes an illegal plan
    return result


def counters(result: Result) -> dict[str, int]:
    assert result.plan is not None
    found: dict[str, int] = {}
    for line in result.plan.builds:
        found[line.entry] = found.get(line.entry, 0) + line.counters
    return found


def test_fix_two_air_counters(scenario_of):
    """27.31: with exactly two army air factors fixed (6 of the 10 limit points), the best use of the
    other 4 is two armor factors: 2 x 3.2 + 2 x 2.2 = 10.8, against 11.0 unfixed."""
    scenario = air_and_armor(scenario_of)
    assert solved(scenario).objective == 11.0
    result = solved(scenario, fix=["germany:air=2"])
    assert result.status is Status.OPTIMAL
    assert counters(result) == {"air": 2, "arm": 2}
    assert result.objective == pytest.approx(10.8)


def test_fix_without_counters_means_at_least_one(scenario_of):
    """At least one army air factor: 3 limit points, then three armor (6) and one point unused, 9.8; or
    two air and two armor, 10.8, the best; three air (9.6) is worse."""
    result = solved(air_and_armor(scenario_of), fix=["germany:air"])
    assert counters(result) == {"air": 2, "arm": 2}
    assert result.objective == pytest.approx(10.8)


def test_forbid_armor(scenario_of):
    """No armor: three army air factors use 9 of the 10 limit points (a fourth would need 12): 9.6."""
    result = solved(air_and_armor(scenario_of), forbid=["germany:arm"])
    assert counters(result) == {"air": 3}
    assert result.objective == pytest.approx(9.6)


def test_fixing_more_than_the_limit_is_explained_by_the_construction_limit(scenario_of):
    """Four army air factors cost 12 BRPs against a limit of 10 (27.31): infeasible, and the explanation
    names the fixed decision and the rule that blocks it."""
    result = solved(air_and_armor(scenario_of), fix=["germany:air=4"])
    assert result.status is Status.INFEASIBLE
    assert result.explanation[0] == "cannot be met: fix germany:air=4"
    assert any(
        line.startswith("blocked by 27.31 construction limit (germany)") for line in result.explanation
    )


def test_fixing_a_french_scuttle_is_explained_by_27_7272_e(scenario_of):
    """27.7272 E: "France may never scuttle ships": fixing the scuttling of a ship on a French chart is
    refused, the explanation naming 27.7272 E (it named the chart's 27.7272 alone)."""
    chart = [{"id": "richelieu", "unit": "capital_ship", "factors": 4, "row": 2, "column": "fall"}]
    naval = {"deferring_allowed": True, "shipyards": [{"id": "lorient", "rate": 1, "chart": chart}]}
    france = {"france": {"brps": 60, "brp_base": 120, "naval": naval}}
    result = solved(scenario_of(france, faction="western_allies"), fix=["france:richelieu:scuttle"])
    assert result.status is Status.INFEASIBLE
    assert any(
        line.startswith("blocked by 27.7272 E (france/lorient/richelieu)") for line in result.explanation
    )
    assert "on a French chart" in "\n".join(result.explanation)


@pytest.mark.parametrize("protected", [False, True])
def test_fixing_the_scuttle_of_a_french_ship_at_glasgow_27_7272_e(scenario_of, protected):
    """27.7272 E: "EXCEPTION: France may never scuttle ships" [reading]: Britain acts on its Glasgow chart,
    so it may scuttle the French cruiser Gloire there: the fix is planned (it was refused, explained as
    'France may never scuttle ships, and this one is on its chart', false of a ship on Britain's chart).
    With the setting french_ships_never_scuttled the fix is refused, the explanation saying which case
    blocks it: a French ship on Britain's Glasgow chart."""
    chart = [{"id": "gloire", "unit": "cruiser", "factors": 2, "row": "launch", "column": "winter"}]
    chart[0]["owner"] = "france"
    naval = {"deferring_allowed": True, "shipyards": [{"id": "glasgow", "rate": 4, "chart": chart}]}
    powers = {"britain": {"brps": 100, "brp_base": 135, "naval": naval}}
    position = scenario_of(
        powers, faction="western_allies", settings={"french_ships_never_scuttled": protected}
    )
    result = solved(position, fix=["britain:gloire:scuttle"])
    if not protected:
        assert result.plan is not None
        assert [(a.ship, a.action) for a in result.plan.naval_actions if a.turn == 0] == [
            ("gloire", "scuttle")
        ]
        return
    assert result.status is Status.INFEASIBLE
    assert "blocked by 27.7272 E (britain/glasgow/gloire): France may never scuttle ships, read with " in (
        "\n".join(result.explanation)
    )
    assert any(
        line.endswith("and this French ship is on britain's glasgow chart") for line in result.explanation
    )
    assert not any("its chart" in line or "French chart" in line for line in result.explanation)


def test_fixing_more_counters_than_the_force_pool_is_explained_by_the_force_pool(scenario_of):
    """27.5: eleven armor counters from a force pool of ten cannot be built, whatever the limit."""
    result = solved(air_and_armor(scenario_of), fix=["germany:arm=11"])
    assert result.status is Status.INFEASIBLE
    assert any(line.startswith("blocked by 27.5 force pool (germany/arm)") for line in result.explanation)


def test_fixing_a_site_the_entry_may_not_use_names_27_4(scenario_of):
    """27.4: an entry placeable only at Kiel cannot be fixed at Berlin; the explanation says so."""
    scenario = scenario_of(
        {"germany": {"force_pool": [{**entry("inf", "infantry", 3), "sites": ["kiel"]}]}},
        objective={"preset": "max-value", "values": {"infantry": 1.0}},
    )
    result = solved(scenario, fix=["germany:inf@berlin"])
    assert result.status is Status.INFEASIBLE
    assert (
        "blocked by 27.4 placement (germany/inf at berlin): not a site named for the entry"
        in result.explanation
    )
    assert counters(solved(scenario, fix=["germany:inf@kiel=2"])) == {"inf": 2}


def test_fix_and_forbid_a_chart_action_on_the_bundled_naval_scenario():
    """27.7272, 27.7267: on the Japanese naval scenario, Hyuga waits for repair (27.7267); fixing its
    repair start this turn puts it in the plan, forbidding it keeps it out, and a launch is never open to
    a ship waiting for repair (the explanation names the chart rule)."""
    scenario = _load(Path("scenarios/japan_fall_1941_naval.yaml"))

    def hyuga(result: Result) -> set[str]:
        assert result.plan is not None
        return {a.action for a in result.plan.naval_actions if a.turn == 0 and a.ship == "hyuga"}

    assert hyuga(solved(scenario, fix=["japan:hyuga:start_repair"])) == {"start_repair"}
    assert hyuga(solved(scenario, forbid=["japan:hyuga:start_repair"])) == set()
    result = solved(scenario, fix=["japan:hyuga:launch"])
    assert result.status is Status.INFEASIBLE
    assert any(line.startswith("blocked by 27.7272 chart (japan/tokyo/hyuga)") for line in result.explanation)


def test_routes_and_grants_on_the_bundled_grants_scenario():
    """40.72: the plan builds the Alaska highway; forbidding route:siberia leaves it unbuilt and nothing
    goes by it. 40.61 A: with Ankara not Allied, no grant goes by Turkey; fixing one is explained so.
    A grant fixed at 5 BRPs from the U.S. to China by the Hump sends exactly 5 that way."""
    scenario = _load(Path("scenarios/allies_summer_1942_grants.yaml"))
    forbidden = solved(scenario, forbid=["route:siberia"])
    assert forbidden.plan is not None
    assert all(opening.route != "siberia" for opening in forbidden.plan.route_openings)
    assert all(line.route != "siberia" for line in forbidden.plan.grants)
    turkey = solved(scenario, fix=["britain>russia:turkey"])
    assert turkey.status is Status.INFEASIBLE
    assert any(line.startswith("blocked by 40.61 A (route turkey)") for line in turkey.explanation)
    hump = solved(scenario, fix=["usa>china:hump=5"])
    assert hump.plan is not None
    assert (
        sum(line.brps for line in hump.plan.grants if line.route == "hump" and line.grantor.value == "usa")
        == 5
    )


def test_parse_forms():
    """The four forms, with their optional parts."""
    build = parse_decision("--fix", "germany:armor-4-6@berlin=2")
    assert (build.kind, build.power and build.power.value, build.entry, build.site, build.amount) == (
        Kind.BUILD,
        "germany",
        "armor-4-6",
        "berlin",
        2,
    )
    action = parse_decision("--forbid", "usa:norfolk/iowa:defer@2")
    assert (action.kind, action.ship, action.action and action.action.value, action.turn) == (
        Kind.ACTION,
        "norfolk/iowa",
        "defer",
        2,
    )
    grant = parse_decision("--fix", "britain>russia:murmansk=18")
    assert (grant.kind, grant.recipient, grant.route and grant.route.value, grant.amount) == (
        Kind.GRANT,
        "russia",
        "murmansk",
        18,
    )
    assert parse_decision("--why-not", "route:persia").kind is Kind.ROUTE


@pytest.mark.parametrize(
    ("option", "text", "problem"),
    [
        ("--fix", "gemany:armor-4-6", "'gemany' is not a power; did you mean 'germany'?"),
        ("--fix", "route:persai", "'persai' is not a route; did you mean 'persia'?"),
        ("--fix", "usa:iowa:contine", "'contine' is not a chart action; did you mean 'continue'?"),
        ("--forbid", "germany:armor-4-6=2", "=COUNTERS is for --fix and --why-not only"),
        ("--fix", "germany:armor-4-6=x", "'x' is not a number of counters (0 to 1000)"),
        # Python reads no integer of 4,300 digits; a digit of another script is no count either
        (
            "--fix",
            "germany:armor-4-6=" + "9" * 4400,
            f"'{'9' * 4400}' is not a number of counters (0 to 1000)",
        ),
        ("--fix", "germany:armor-4-6=\u0663", "'\u0663' is not a number of counters (0 to 1000)"),
        ("--fix", "usa:iowa:continue@soon", "'soon' is not a turn (0 this turn, 1 the next...)"),
        (
            "--fix",
            "usa:iowa:continue@" + "9" * 4400,
            f"'{'9' * 4400}' is not a turn (0 this turn, 1 the next...)",
        ),
        ("--fix", "a:b:c:d", "not a decision; give POWER:ENTRY"),
    ],
)
def test_bad_forms_name_the_option_and_the_problem(option, text, problem):
    with pytest.raises(InputError) as raised:
        parse_decisions([text] if option == "--fix" else [], [text] if option == "--forbid" else [])
    assert raised.value.render().startswith(f"command line: {option}: '{text}': {problem}")


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (
            ["--fix", "germany:armr-4-6"],
            "--fix: 'germany:armr-4-6': no force pool entry 'armr-4-6' for germany",
        ),
        (["--forbid", "germany:armor-4-6@berln"], "'berln' is not a site; did you mean 'berlin'?"),
        (["--why-not", "usa:iowa:continue"], "the scenario has no naval construction (no naval: section)"),
        (["--fix", "route:persia"], "the scenario plans no grants (no grants: section)"),
        (["--fix", "germany:armor-4-6=x"], "'x' is not a number of counters"),
    ],
)
def test_cli_bad_specs_exit_2(args, problem):
    """Bad input (exit 2), one line naming the option and the problem, never a traceback."""
    result = CliRunner().invoke(app, ["plan", *args])
    assert result.exit_code == 2, result.output
    assert problem in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["plan", "season"])
def test_a_chart_action_past_the_horizon_names_both_ways_to_plan_further(command, tmp_path):
    """27.7: the chart is planned over the horizon's turns only; the bundled Japanese chart's 4 turns are
    fall 1941 to summer 1942, so `@9` (winter 1943) is bad input (exit 2). `awaw plan` plans further with
    --horizon, `awaw season` (here a one-turn season, whose plan is awaw plan's) with the scenario's
    horizon.turns: the message names both, and the turns by season and year, as `@9` (counted from 0)
    and a season's `@turn10` (from 1) read alike."""
    scenario = Path("scenarios/japan_fall_1941_naval.yaml")
    if command == "season":
        season = tmp_path / "one_turn_season.yaml"
        season.write_text(scenario.read_text() + "season:\n  turns: 1\n")
        scenario = season
    result = CliRunner().invoke(app, [command, str(scenario), "--fix", "japan:yamato:continue@9"])
    assert result.exit_code == 2, result.output
    assert (
        "winter 1943 is past the horizon of 4 turns (fall 1941 to summer 1942; awaw plan --horizon, or the "
        "scenario's horizon.turns)" in " ".join(result.output.split())
    )


def test_cli_infeasible_fix_exits_1_with_the_rule():
    """27.5 on the default scenario: Germany has 3 armor-4-6 counters; fixing 4 cannot be met (exit 1)."""
    result = CliRunner().invoke(app, ["plan", "--fix", "germany:armor-4-6=4"])
    assert result.exit_code == 1, result.output
    assert "cannot be met: fix germany:armor-4-6=4" in result.output
    assert "blocked by 27.5 force pool (germany/armor-4-6)" in result.output


def test_cli_fix_and_why_not_print_the_same_bytes_twice():
    """Determinism: the same command gives the same bytes."""
    args = ["plan", "--json", "--forbid", "germany:armor-3-5", "--why-not", "germany:infantry-3-3"]
    first, second = (CliRunner().invoke(app, args) for _ in range(2))
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_scenarios())
def test_forbidding_an_entry_is_the_position_without_it(scenario):
    """Forbidding a force pool entry gives exactly the brute-force best of the position whose force pool
    holds none of that entry's counters (27.5), and the plan passes the checker."""
    for power, state in scenario.powers.items():
        for i, pool_entry in enumerate(state.force_pool):
            result = solved(scenario, forbid=[f"{power.value}:{pool_entry.id}"])
            data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
            data["powers"][power.value]["force_pool"][i]["count"] = 0
            expected = brute_force_best(Scenario.model_validate(data))
            assert result.objective is not None
            assert abs(result.objective - expected) < 1e-6


def test_why_what_ifs_keep_the_fixed_decisions(scenario_of):
    """Issue 14's position with exactly two army air factors fixed: 6 limit points for them and two armor
    factors in the other 4, 10.8, the limit binding (27.31). An 11th limit point buys nothing while the
    two air stay fixed (a third armor factor needs 2 points): +0. Were the fix dropped, the 11th point
    would give one air and four armor, 12.0, a gain of 1.2 over 10.8."""
    scenario = air_and_armor(scenario_of)
    position = Position(scenario, parse_decisions(["germany:air=2"], []))
    base = position.solve()
    assert base.objective == pytest.approx(10.8)
    uses = {(use.holder, use.resource): use for use in position.why(base)}
    limit = uses[("germany", "construction_limit")]
    assert (limit.limit, limit.used, limit.binding) == (10, 10, True)
    assert limit.one_more is not None and limit.one_more.gain == 0.0


def test_a_build_forbidden_at_a_site_names_the_sites_it_forbids_with_it():
    """27.4: --forbid germany:armor-4-6@hamburg forbids Hamburg's whole class of interchangeable sites
    (the model places counters at a class as one), so the default scenario's 8 armor factors cannot be
    met; the explanation said only 'blocked by 27.5 force pool', as if Hamburg alone were forbidden. It
    names the other six sites now."""
    result = CliRunner().invoke(app, ["plan", "--forbid", "germany:armor-4-6@hamburg"])
    assert result.exit_code == 1
    assert (
        "  forbid germany:armor-4-6@hamburg forbids the sites interchangeable with hamburg too (27.4): "
        "berlin, kiel, ruhr, munich, breslau, konigsberg\n"
    ) in result.stderr


NAVAL = Path("scenarios/britain_usa_summer_1942_naval.yaml")


def sw_factors(result: Result, build: str) -> dict[str, int]:
    """Factors of the SW line `build` built this turn, per yard whose points pay."""
    assert result.plan is not None
    return {line.yard: line.factors for line in result.plan.sw_builds if line.build == build}


def test_fix_and_forbid_sw_builds_on_the_bundled_naval_scenario():
    """27.721 A, 27.7221 A, 27.9 on the bundled U.S. and British naval scenario (value 233.799). The plan
    builds three destroyer-escort factors (ASW) and no Liberty ship (transport): both cost 1 SB point and
    3 BRPs a factor (27.721 A) and are worth 3.0 a factor (the default values), so fixing three Liberty
    factors, or forbidding the destroyer escorts, keeps 233.799. Five Liberty factors take every U.S.
    one-factor point (27.7221 A: half a yard's rate, rounded up: 2 of the Atlantic box's 3, 3 of the
    Pacific box's 6), and their 6 more BRPs come from an army air counter (5 factors at 3 BRPs, 27.12,
    worth 16.0), whose other 9 BRPs buy three infantry-3-4 counters (9 factors at 1 BRP, 27.11 A, worth
    9.0): 6 + 9 - 16 = -1.0, 232.799. The SW lines were refused as 'no force pool entry'."""
    scenario = _load(NAVAL)
    base = solved(scenario)
    assert base.objective == pytest.approx(233.799)
    assert sw_factors(base, "liberty-ship") == {}
    three = solved(scenario, fix=["usa:liberty-ship=3"])
    assert sum(sw_factors(three, "liberty-ship").values()) == 3
    assert three.objective == pytest.approx(233.799)
    no_escorts = solved(scenario, forbid=["usa:destroyer-escort"])
    assert sw_factors(no_escorts, "destroyer-escort") == {}
    assert no_escorts.objective == pytest.approx(233.799)
    five = solved(scenario, fix=["usa:liberty-ship=5"])
    assert sw_factors(five, "liberty-ship") == {"us_atlantic_box": 2, "us_pacific_box": 3}
    assert five.objective == pytest.approx(232.799)
    at_canada = solved(scenario, fix=["britain:merchant-tonnage@canada_box"], forbid=["britain:escort-group"])
    assert sw_factors(at_canada, "merchant-tonnage").get("canada_box", 0) >= 1
    assert sw_factors(at_canada, "escort-group") == {}


@pytest.mark.parametrize(
    ("fix", "line"),
    [
        (
            "usa:liberty-ship=6",
            "blocked by 27.7221 A (usa/liberty-ship): one-factor units use at most half a yard's rate, "
            "rounded up (2 at us_atlantic_box, 3 at us_pacific_box), and each SW factor costs 1 SB point "
            "and 3 BRPs (27.721 A)",
        ),
        (
            "britain:merchant-tonnage@glasgow=3",
            "blocked by 27.7221 A (britain/merchant-tonnage at glasgow): one-factor units use at most half "
            "a yard's rate, rounded up (2 at glasgow), and each SW factor costs 1 SB point and 3 BRPs "
            "(27.721 A)",
        ),
        (
            "britain:merchant-tonnage=4",
            "blocked by 27.9 sw_units (britain/merchant-tonnage): 3 factors on the line this turn",
        ),
    ],
)
def test_sw_builds_the_rules_forbid_are_explained(fix, line):
    """27.7221 A: the U.S. yards' one-factor points are 2 (rate 3) and 3 (rate 6), five in all, and
    Glasgow's 2 (rate 4), each SW factor costing 1 SB point (27.721 A); 27.9: Britain's merchant-tonnage
    line has 3 factors this turn. Each fix is infeasible (exit 1) with its reason."""
    result = solved(_load(NAVAL), fix=[fix])
    assert result.status is Status.INFEASIBLE
    assert result.explanation[0] == f"cannot be met: fix {fix}"
    assert line in result.explanation


def test_an_sw_build_at_the_australia_yard_names_27_711(scenario_of):
    """27.711: British SW units are built in Britain or Canada, never Australia: an escort group paid
    with the Australia yard's point cannot be fixed; at Glasgow it is built."""
    naval = {
        "shipyards": [{"id": "glasgow", "rate": 4}, {"id": "australia_box", "rate": 1}],
        "sw_units": [{"id": "escorts", "unit": "asw", "count": 2}],
    }
    scenario = scenario_of({"britain": {"naval": naval}}, faction="western_allies")
    result = solved(scenario, fix=["britain:escorts@australia_box"])
    assert result.status is Status.INFEASIBLE
    assert any(
        line.startswith(
            "blocked by 27.711 (britain/escorts at australia_box): australia_box's points build no"
        )
        for line in result.explanation
    )
    assert sw_factors(solved(scenario, fix=["britain:escorts@glasgow=2"]), "escorts") == {"glasgow": 2}


def test_a_name_that_is_both_an_entry_and_an_sw_line_is_refused(scenario_of):
    """An id both a force pool entry and an sw_units line of the power is ambiguous: bad input."""
    naval = {"shipyards": [{"id": "kiel"}], "sw_units": [{"id": "u", "unit": "submarine", "count": 1}]}
    scenario = scenario_of({"germany": {"force_pool": [entry("u", "infantry", 2)], "naval": naval}})
    with pytest.raises(InputError) as raised:
        Position(scenario, parse_decisions(["germany:u"], []))
    assert "'u' is both a force pool entry and an sw_units line of germany" in raised.value.render()


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (
            ["--fix", "britain:merchant-tonnag"],
            "command line: --fix: 'britain:merchant-tonnag': no force pool entry or sw_units line "
            "'merchant-tonnag' for britain; did you mean 'merchant-tonnage'?",
        ),
        (
            ["--why-not", "britain:merchant-tonnage@glasgo"],
            "command line: --why-not: 'britain:merchant-tonnage@glasgo': 'glasgo' is not a shipyard of "
            "britain; did you mean 'glasgow'?",
        ),
    ],
)
def test_cli_unknown_sw_lines_and_yards_exit_2(args, problem):
    """A name the naval scenario does not have, in one line with the nearest name (exit 2)."""
    result = CliRunner().invoke(app, ["plan", str(NAVAL), *args])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == problem


def test_a_later_chart_turns_rule_and_action_are_named_by_season_and_year_27_11():
    """27.7272 A, 27.11: the cruiser in row 2 of Kiel's winter column is continued in the winter (`@2`,
    the chart's turn 2 counted from 0) for one point and 3 BRPs; with no `horizon.future` entry the
    winter's BRPs are this turn's 0, so the fix cannot be met, blocked by 27.11 in winter 1942. The
    explanation names that turn by its season and year, not by the model's count from 0 ('germany turn
    2', which a player counting this turn as 1 reads as the fall); an action never open to a ship is said
    so of its turn the same way (27.7272: a cruiser in row 2 of the winter column cannot launch in the
    fall)."""
    from models.io import parse_scenario
    from tests.optimizer.season.test_chart import long_text

    scenario = parse_scenario(long_text("{turns: 4}").replace("season: {turns: 2}\n", ""))
    result = solved(scenario, fix=["germany:cl:continue@2"])
    assert result.status is Status.INFEASIBLE
    assert result.explanation == [
        "cannot be met: fix germany:cl:continue@2",
        "blocked by 27.11 BRPs available (germany in winter 1942)",
    ]
    launched = solved(scenario, fix=["germany:cl:launch@1"])
    assert "blocked by 27.7272 chart (germany/kiel/cl): launch is never open to it in fall 1942" in (
        launched.explanation
    )
