"""`awaw plan --why`: what binds, and what one more unit of it is worth, on positions worked out by hand.

Every what-if plan is checked by the independent checker against the position it was solved for: the
scenario with that one more unit written in the game's own terms (`one_more_position`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from unittest import mock

import yaml
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from models.naval_tables import SHIPYARD_RATES
from models.plan import ResourceUse, Status
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker import check
from optimizer.cli import app
from optimizer.cli.common import load as _load
from optimizer.planners.position import Position, solve
from optimizer.turn.built import Built
from optimizer.turn.prepare import Relaxation
from optimizer.turn.solve import Solved
from optimizer.whatif.why import one_more_unit
from tests.optimizer.turn.test_properties import brute_force_best, tiny_scenarios


def one_more_position(scenario: Scenario, relax: Relaxation) -> Scenario:
    """The scenario with the relaxation's unit written as the game gives it: one more BRP (27.11); a BRP
    base 3 higher, for one more limit point (27.32 A: a third of the base, rounded down; only where no
    reduction applies); one more factor of training rate from production RPs (27.61); one more oil
    counter (27.35 B); room for one more counter at a site (27.46); a yard rate one higher (27.724 A, 27.731
    for the rate when the scenario leaves it unset)."""
    data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    for power, extra in relax.brps.items():
        data["powers"][power.value]["brps"] = scenario.powers[power].brps + extra
    for power, extra in relax.limit.items():
        data["powers"][power.value]["brp_base"] = scenario.powers[power].brp_base + 3 * extra
    for power, extra in relax.naval_air.items():
        state = scenario.powers[power].naval_air
        data["powers"][power.value]["naval_air"] = {"rp_increase": state.rp_increase + extra}
    for faction, extra in relax.oil_counters.items():
        counters = scenario.oil_counters
        if isinstance(counters, int):
            data["oil_counters"] = counters + extra
        else:
            data["oil_counters"] = {f.value: n for f, n in counters.items()} | {
                faction.value: counters.get(faction, 0) + extra
            }
    for (site, kind), extra in relax.stacking.items():
        capacity = getattr(scenario.map.sites[site], f"{kind}_capacity")
        data["map"]["sites"][site][f"{kind}_capacity"] = capacity + extra
    for key, extra in relax.yard_points.items():
        name, yard_id = key.split("/")
        naval = scenario.powers[Power(name)].naval
        assert naval is not None
        for i, yard in enumerate(naval.shipyards):
            if yard.id == yard_id:
                rate = yard.rate if yard.rate is not None else SHIPYARD_RATES[Power(name)][yard_id]
                data["powers"][name]["naval"]["shipyards"][i]["rate"] = rate + extra
    return Scenario.model_validate(data)


def why(scenario: Scenario) -> tuple[list[ResourceUse], dict[str, Solved]]:
    """The --why report, every what-if plan checked against its position; also the what-ifs by resource."""
    position = Position(scenario)
    base = position.solve()
    assert base.status is Status.OPTIMAL and base.plan is not None
    assert check(scenario, base.plan) == []
    what_ifs: dict[str, Solved] = {}
    real = Built.solve

    def checked_solve(self: Built, *args: Any, **kwargs: Any) -> Solved:
        """Each what-if's solve, its plan checked against the position with that one more unit."""
        result = real(self, *args, **kwargs)
        assert self is not position and result.plan is not None
        assert check(one_more_position(scenario, self.relaxation), result.plan) == []
        key = next(f"{k}:{next(iter(v))}" for k, v in vars(self.relaxation).items() if v)
        what_ifs[key] = result
        return result

    with mock.patch.object(Built, "solve", checked_solve):
        uses = position.why(base)
    return uses, what_ifs


def by_name(uses: list[ResourceUse]) -> dict[tuple[str, str], ResourceUse]:
    return {(use.holder, use.resource): use for use in uses}


def entry(id_, unit, count, factors=1):
    return {"id": id_, "unit": unit, "factors": factors, "count": count}


def test_one_more_limit_point_buys_one_infantry_factor(scenario_of):
    """27.32 A: a BRP base of 60 gives a limit of 20 (a third); 20 1-BRP infantry factors (27.11 A) fill it.
    The 21st limit point buys a 21st infantry factor: +1.0 at infantry value 1.0."""
    scenario = scenario_of(
        {"germany": {"brp_base": 60, "force_pool": [entry("inf", "infantry", 30)]}},
        oil_counters=1,  # threshold 50 (27.35 B): no doubling below it
        objective={"preset": "max-value", "values": {"infantry": 1.0}},
    )
    uses, what_ifs = why(scenario)
    limit = by_name(uses)[("germany", "construction_limit")]
    assert (limit.limit, limit.used, limit.slack, limit.binding, limit.rule) == (20, 20, 0, True, "27.31")
    assert limit.one_more is not None
    assert limit.one_more.gain == 1.0
    assert limit.one_more.changes == ["+1 germany inf"]
    assert uses[0].binding and not uses[-1].binding  # binding ones first
    assert not by_name(uses)[("germany", "brps")].binding  # 300 BRPs, 20 spent
    assert by_name(uses)[("germany", "brps")].one_more is None  # only binding resources are re-solved
    assert set(what_ifs) == {"limit:germany"}


def test_eleventh_limit_point_swaps_armor_for_army_air(scenario_of):
    """Issue 14's example, 27.11 B, 27.12: limit 10 (base 30, 27.32 A); army air 3 BRPs a factor worth 3.2,
    armor 2 BRPs worth 2.2. At 10: five armor (11.0) beats two air and two armor (10.8). At 11: one air
    and four armor (12.0) beats three air and one armor (11.8). One more point: +1.0, one army air factor
    instead of one armor factor."""
    scenario = scenario_of(
        {
            "germany": {
                "brp_base": 30,
                "force_pool": [entry("air", "army_air", 10), entry("arm", "armor", 10)],
            }
        },
        objective={"preset": "max-value", "values": {"army_air": 3.2, "armor": 2.2}},
    )
    uses, _ = why(scenario)
    limit = by_name(uses)[("germany", "construction_limit")]
    assert (limit.limit, limit.used, limit.binding) == (10, 10, True)
    assert limit.one_more is not None
    assert limit.one_more.gain == 1.0
    assert limit.one_more.changes == ["+1 germany air", "-1 germany arm"]


def test_one_more_naval_air_factor(scenario_of):
    """27.61: Germany trains 1 naval air factor a turn. With naval air worth 5.0 and BRPs, limit and the
    oil threshold far from binding, one more factor of rate is worth one more naval air factor: +5.0."""
    scenario = scenario_of(
        {"germany": {"force_pool": [entry("nas", "naval_air", 5), entry("inf", "infantry", 3)]}},
        objective={"preset": "max-value", "values": {"naval_air": 5.0, "infantry": 1.0}},
    )
    uses, _ = why(scenario)
    rate = by_name(uses)[("germany", "naval_air_rate")]
    assert (rate.limit, rate.used, rate.binding, rate.rule) == (1, 1, True, "27.61")
    assert rate.one_more is not None
    assert rate.one_more.gain == 5.0
    assert rate.one_more.changes == ["+1 germany nas"]


def test_oil_threshold_and_brps_both_bind(scenario_of):
    """27.35 A, D: no oil counter, threshold 25 x (0 + 1) = 25. With 35 BRPs, 25 infantry factors at
    1 BRP inside it and 5 past it at 2 BRPs (10 BRPs): 30 factors, every BRP spent.
    One more oil counter (27.35 B): threshold 50, all 35 BRPs at normal cost: 35 factors, +5.0.
    One more BRP: a 31st factor past the threshold costs 2 (27.35 D), so it buys nothing: +0."""
    scenario = scenario_of(
        {"germany": {"brps": 35, "force_pool": [entry("inf", "infantry", 40)]}},
        oil_counters=0,
        objective={"preset": "max-value", "values": {"infantry": 1.0}},
    )
    uses, what_ifs = why(scenario)
    oil = by_name(uses)[("european_axis", "oil_threshold")]
    assert (oil.limit, oil.used, oil.binding, oil.rule) == (25, 25, True, "27.35")
    assert oil.one_more is not None
    assert oil.one_more.gain == 5.0
    assert oil.one_more.changes == ["+5 germany inf"]
    assert what_ifs["oil_counters:european_axis"].plan.oil_counters_spent == {Faction.EUROPEAN_AXIS: 1}
    brps = by_name(uses)[("germany", "brps")]
    assert (brps.limit, brps.used, brps.binding) == (35, 35, True)
    assert brps.one_more is not None
    assert brps.one_more.gain == 0.0
    assert brps.one_more.changes == []


def test_reserve_is_not_spendable(scenario_of):
    """27.11 and the player's reserve: BRPs kept by requirement are not slack. 30 BRPs, keep 10: 20
    spendable; 20 infantry factors use them all, and the BRPs bind."""
    scenario = scenario_of(
        {"germany": {"brps": 30, "force_pool": [entry("inf", "infantry", 40)]}},
        oil_counters=1,
        objective={"preset": "max-value", "values": {"infantry": 1.0}, "reserve": {"germany": 10}},
    )
    uses, _ = why(scenario)
    brps = by_name(uses)[("germany", "brps")]
    assert (brps.limit, brps.used, brps.slack, brps.binding) == (20, 20, 0, True)
    assert brps.one_more is not None and brps.one_more.gain == 1.0


def test_without_why_the_json_has_no_why_field(tmp_path):
    """The default `awaw plan --json` is unchanged: no `why` key; with --why it is there, binding first."""
    runner = CliRunner()
    plain = json.loads(runner.invoke(app, ["plan", "--json"]).stdout)
    assert "why" not in plain
    asked = runner.invoke(app, ["plan", "--json", "--why"])
    assert asked.exit_code == 0, asked.output
    uses = json.loads(asked.stdout)["why"]
    bindings = [use["binding"] for use in uses]
    assert bindings == sorted(bindings, reverse=True) and bindings[0]
    assert all(
        (use["one_more"] is not None) == (use["binding"] and use["resource"] in ONE_MORE) for use in uses
    )
    assert all(use["slack"] == use["limit"] - use["used"] for use in uses)


ONE_MORE = {"brps", "construction_limit", "naval_air_rate", "oil_threshold"}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_scenarios())
def test_one_more_is_the_difference_of_brute_force_optima(scenario):
    """On tiny positions: every what-if plan passes the checker for its position, and each gain is the
    difference of the brute-force best first priorities of the position with one more unit and without."""
    base = solve(scenario)
    if base.status is not Status.OPTIMAL:
        return
    uses, _ = why(scenario)
    for use in uses:
        relax = one_more_unit(use)
        if use.one_more is None or relax is None:
            continue
        expected = brute_force_best(one_more_position(scenario, relax)) - brute_force_best(scenario)
        assert abs(use.one_more.gain - expected) < 1e-6, (use, expected)
    for use in uses:
        if use.resource.startswith("stacking:"):
            assert use.holder in scenario.map.sites  # only kiel has a stacking limit here
        elif use.resource != "oil_threshold":
            assert Power(use.holder) in scenario.powers


def test_stacking_binds_and_one_more_counter_of_room_is_worth_one_more_counter(scenario_of):
    """27.46: Kiel takes 2 more ground counters; with infantry only placeable there, 2 counters of 1
    factor (value 1.0 each) are built, the stacking binds, and room for a 3rd counter is worth +1.0."""
    scenario = scenario_of(
        {"germany": {"force_pool": [{**entry("inf", "infantry", 10), "sites": ["kiel"]}]}},
        map={"sites": {"kiel": {"ground_capacity": 2}}},
        objective={"preset": "max-value", "values": {"infantry": 1.0}},
    )
    uses, _ = why(scenario)
    room = by_name(uses)[("kiel", "stacking:ground")]
    assert (room.limit, room.used, room.binding, room.rule) == (2, 2, True, "27.46")
    assert room.one_more is not None
    assert (room.one_more.gain, room.one_more.changes) == (1.0, ["+1 germany inf"])


def test_korea_and_siberia_caps_bind_without_a_what_if(scenario_of):
    """27.471: no more than 3 Japanese infantry factors a turn in Korea and Manchuria; 27.476: no more than
    6 BRPs of Russian units a turn in Siberia. Both bind with 10 infantry placeable only there; they are
    fixed by the rules, so no one-more plan is solved for them."""
    japan = scenario_of(
        {"japan": {"force_pool": [{**entry("inf", "infantry", 10), "sites": ["seoul"]}]}},
        faction="japan",
        objective={"preset": "max-value", "values": {"infantry": 1.0}},
    )
    korea = by_name(why(japan)[0])[("japan", "korea_manchuria")]
    assert (korea.limit, korea.used, korea.binding, korea.rule, korea.one_more) == (
        3,
        3,
        True,
        "27.471",
        None,
    )
    russia = scenario_of(
        {"russia": {"force_pool": [{**entry("inf", "infantry", 10), "sites": ["chita"]}]}},
        faction="russia",
        objective={"preset": "max-value", "values": {"infantry": 1.0}},
    )
    siberia = by_name(why(russia)[0])[("russia", "siberia")]
    assert (siberia.limit, siberia.used, siberia.binding, siberia.rule, siberia.one_more) == (
        6,
        6,
        True,
        "27.476",
        None,
    )


def test_bundled_naval_scenario_what_ifs_pass_the_checker():
    """27.724 A, 27.741: on the bundled Japanese naval scenario every yard's shipbuilding points and
    capacity this turn are reported, slack = limit - use, and every what-if plan (a yard rate one
    higher among them when its points bind) passes the checker for its position."""
    scenario = _load(Path("scenarios/japan_fall_1941_naval.yaml"))
    uses, _ = why(scenario)
    yards = [use for use in uses if use.resource in ("sb_points", "yard_capacity")]
    assert yards and all(use.holder.startswith("japan/") for use in yards)
    assert {use.resource for use in yards} == {"sb_points", "yard_capacity"}
    assert all(use.slack == use.limit - use.used and use.used >= 0 for use in uses)


def test_bundled_grants_scenario_reports_routes_and_transports():
    """Rule 40, 40.221: on the bundled Allied grants scenario each open route's capacity this turn and the
    transports of each ocean are reported with the BRPs and transports the plan's grants use of them
    (slack = capacity - use, never negative), and every what-if plan passes the checker for its position
    (the BRP base 3 higher stands for one more limit point: 27.32 A, no power's limit stopped at 0)."""
    scenario = _load(Path("scenarios/allies_summer_1942_grants.yaml"))
    uses, _ = why(scenario)
    routes = [use for use in uses if use.resource.startswith("route:")]
    oceans = [use for use in uses if use.resource.startswith("transports:")]
    assert routes and oceans
    assert all(use.slack >= 0 and use.rule == "40.4-40.8" for use in routes)
    assert all(use.slack >= 0 and use.rule == "40.221" for use in oceans)
    assert all(use.one_more is None for use in routes + oceans)  # reported, not re-solved


def test_the_one_factor_half_rate_binds_and_one_more_point_of_rate_is_worth_its_unit():
    """27.7221 A: one-factor units may use at most half a yard's rate, rounded up. The bundled Western
    Allied SW position with a U.S. yard of rate 6 and four destroyer escorts (1-factor ASW, 1 SB each)
    builds 3 (half of 6), its points 3 of 6 with 3 slack; --why never named the half-rate, which binds.
    It is reported binding, and one more point of rate (7, half 4) is worth a fourth escort: the optimum
    of the position with rate 7, re-solved."""
    data = yaml.safe_load(Path("scenarios/western_allies_1943_sw.yaml").read_text())
    data["powers"]["usa"]["naval"] = {
        "shipyards": [{"id": "us_atlantic_box", "rate": 6}],
        "sw_units": [{"id": "destroyer-escort", "unit": "asw", "count": 4}],
    }
    scenario = Scenario.model_validate(data)
    uses, _ = why(scenario)
    found = by_name(uses)
    half = found[("usa/us_atlantic_box", "one_factor_points")]
    assert (half.rule, half.limit, half.used, half.slack, half.binding) == ("27.7221 A", 3, 3, 0, True)
    points = found[("usa/us_atlantic_box", "sb_points")]
    assert (points.limit, points.used, points.binding) == (6, 3, False)
    data["powers"]["usa"]["naval"]["shipyards"][0]["rate"] = 7
    seven = solve(Scenario.model_validate(data))
    best = solve(scenario)
    assert half.one_more is not None and seven.objective is not None and best.objective is not None
    assert half.one_more.gain == round(seven.objective - best.objective, 6) == 1.0
    assert half.one_more.changes == ["+1 destroyer-escort at us_atlantic_box"]
