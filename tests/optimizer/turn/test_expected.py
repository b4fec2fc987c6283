"""The orders a season plan expected of this turn (`Scenario.expected_orders`, `optimizer/turn/expected.py`):
a last tie-break among the plans equally good on every priority, never a rule."""

import pytest
import yaml

import scenarios
from models.decisions import decisions_of
from models.generate import random_scenario
from models.io import InputError, parse_scenario
from models.orders import TurnOrders
from models.plan import Status
from models.scenario import Scenario
from models.season_plan import SeasonPlan
from optimizer.checker import check
from optimizer.planners.position import solve
from tests.optimizer.cli.test_cli import run


def russia(expected_builds: list[dict] | None) -> Scenario:
    data = yaml.safe_load(scenarios.path("russia_summer_1942.yaml").read_text())
    if expected_builds is not None:
        data["expected_orders"] = [{"turn": 1, "builds": expected_builds}]
    return Scenario.model_validate(data)


def builds(plan) -> list[tuple[str, str, int]]:
    return sorted((b.entry, b.site, b.counters) for b in plan.builds)


def test_among_equal_plans_the_expected_orders_are_kept():
    """Russia, summer 1942: both armor-3-5 at Moscow or one there and one at Chita are worth the same
    (`awaw plan --alternatives` lists both at 33.2): the plan is whichever the orders expected, and its
    last stage, as_expected, is 0 (every order kept)."""
    best = solve(russia(None)).plan
    assert best is not None
    moved = []
    for line in decisions_of(best).model_dump(mode="json")["builds"]:
        if line["entry"] == "armor-3-5":
            line = {**line, "site": "moscow"}
        moved.append(line)
    assert [b for b in moved if b["entry"] == "armor-3-5"] != [
        b for b in decisions_of(best).model_dump(mode="json")["builds"] if b["entry"] == "armor-3-5"
    ]
    kept = solve(russia(moved))
    assert kept.status is Status.OPTIMAL and kept.plan is not None
    assert kept.plan.objective.value == best.objective.value == 33.2
    wanted: dict[tuple[str, str], int] = {}
    for b in moved:
        wanted[b["entry"], b["site"]] = wanted.get((b["entry"], b["site"]), 0) + b["counters"]
    assert builds(kept.plan) == sorted((entry, site, n) for (entry, site), n in wanted.items())
    assert ("armor-3-5", "moscow", 2) in builds(kept.plan)
    assert (kept.plan.objective.stages[-1].priority, kept.plan.objective.stages[-1].value) == (
        "as_expected",
        0,
    )


def test_expected_orders_worth_less_are_not_kept():
    """An order worth less than the best plan is no requirement: Russia's 31 BRPs of builds pass the
    25-BRP threshold of no oil counter (27.35 A) and need its one counter for the first 50 (27.35 B),
    so orders of the same builds with no counter leave the plan as good as without them, its counter spent, and as_expected
    counts the one counter apart. Without orders there is no such stage."""
    best = solve(russia(None)).plan
    assert best is not None
    assert [s.priority for s in best.objective.stages] == ["value", "unspent_brps", "oil_kept"]
    data = yaml.safe_load(scenarios.path("russia_summer_1942.yaml").read_text())
    same_builds = decisions_of(best).model_dump(mode="json")["builds"]
    data["expected_orders"] = [{"turn": 1, "builds": same_builds, "oil_counters_spent": {"russia": 0}}]
    apart = solve(Scenario.model_validate(data)).plan
    assert apart is not None
    assert apart.objective.value == best.objective.value == 33.2
    assert builds(apart) == builds(best)
    assert apart.oil_counters_spent == {"russia": 1}
    assert (apart.objective.stages[-1].priority, apart.objective.stages[-1].value) == ("as_expected", -1)


@pytest.mark.parametrize("seed", range(6))
def test_a_plans_own_orders_expected_give_the_same_orders(seed):
    """Generated joint positions with grants and 12-turn naval charts (models/generate.py): expecting a
    plan's own orders (builds, SW units, grants by route, openings, oil counters and every chart action)
    plans them again, order for order, worth the same, with as_expected 0; and the plan passes the
    checker. The orders a season carries are kept whenever they are still among the best."""
    scenario = random_scenario(
        8_300_000 + seed, requirements=False, joint_grants=True, max_entries=24, naval_turns=6
    )
    first = solve(scenario).plan
    assert first is not None
    orders = decisions_of(first).model_dump(mode="json", exclude={"format", "scenario"})
    expected = scenario.model_copy(
        update={"expected_orders": [TurnOrders.model_validate({"turn": 1, **orders})]}
    )
    again = solve(expected).plan
    assert again is not None
    assert decisions_of(again) == decisions_of(first)
    assert again.objective.stages[:-1] == first.objective.stages
    assert (again.objective.stages[-1].priority, again.objective.stages[-1].value) == ("as_expected", 0)
    assert check(expected, again) == []


JAPAN = scenarios.path("japan_fall_1941_naval.yaml").read_text()


def japan_expecting(orders: dict) -> str:
    """The Japanese naval scenario's text with `orders` as the orders expected of this turn."""
    return JAPAN + yaml.safe_dump({"expected_orders": [{"turn": 1, **orders}]}, sort_keys=False)


def line_of_text(text: str, needle: str) -> int:
    return text.splitlines().index(needle) + 1


@pytest.mark.parametrize(
    ("orders", "field", "problem", "needle"),
    [
        (
            {"builds": [{"power": "japan", "entry": "nas-2", "site": "tokyo", "counters": 1}]},
            "expected_orders[0].builds[0].entry",
            "'nas-2' is not a force pool entry of japan; did you mean 'nas-1'?",
            "    entry: nas-2",
        ),
        (
            {"builds": [{"power": "japan", "entry": "nas-1", "site": "tokio", "counters": 1}]},
            "expected_orders[0].builds[0].site",
            "'tokio' is not a site of the map; did you mean 'tokyo'?",
            "    site: tokio",
        ),
        (
            {"naval": [{"power": "japan", "yard": "tokio", "ship": "yamato", "action": "continue"}]},
            "expected_orders[0].naval[0].yard",
            "'tokio' is not a shipyard of japan; did you mean 'tokyo'?",
            "    yard: tokio",
        ),
        (
            {"naval": [{"power": "japan", "yard": "tokyo", "ship": "yamto", "action": "continue"}]},
            "expected_orders[0].naval[0].ship",
            "'yamto' is not a ship at japan tokyo; did you mean 'yamato'?",
            "    ship: yamto",
        ),
        (
            {"sw_builds": [{"power": "japan", "build": "i-boat", "yard": "tokio", "factors": 1}]},
            "expected_orders[0].sw_builds[0].yard",
            "'tokio' is not a shipyard of japan; did you mean 'tokyo'?",
            "    yard: tokio",
        ),
    ],
)
def test_a_name_the_scenario_never_had_in_the_expected_orders_is_refused_at_its_line(
    orders, field, problem, needle, tmp_path
):
    """Expected orders name entries, sites, yards and ships as the player's decisions do (`awaw
    compare`): a name the scenario never had is a mistake, refused at its line with the nearest it has,
    exit 2 (it had been left out silently, the plan as if the order were not there)."""
    text = japan_expecting(orders)
    with pytest.raises(InputError) as caught:
        parse_scenario(text, "s.yaml")
    assert caught.value.problems == [(field, problem)]
    assert caught.value.lines == [line_of_text(text, needle)]
    (tmp_path / "s.yaml").write_text(text)
    refused = run("plan", tmp_path / "s.yaml")
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"{tmp_path / 's.yaml'}:{line_of_text(text, needle)}: {field}: ")


KEPT = {
    "builds": [{"power": "japan", "entry": "nas-1", "site": "tokyo", "counters": 3}],
    "naval": [{"power": "japan", "yard": "tokyo", "ship": "yamato", "turn": 0, "action": "continue"}],
}
CANNOT = {
    "builds": [{"power": "japan", "entry": "army-air-5-4", "site": "tokyo", "counters": 2}],
    "naval": [{"power": "japan", "yard": "tokyo", "ship": "unryu#7", "turn": 9, "action": "lay_down"}],
    "sw_builds": [{"power": "japan", "build": "i-boat", "yard": "tokyo", "factors": 40}],
    "oil_counters_spent": {"japan": 5},
}


def test_orders_the_position_cannot_carry_out_are_dropped_and_named_in_the_notes():
    """Japan, fall 1941, its chart planned over 4 turns: an order the position has the names of but can
    no longer carry out is dropped, as after `awaw next` the player may change the position: 2 counters
    of army-air-5-4, which has 1 (27.5); a lay-down in the chart's turn 9 of 0-3 (27.7); 40 I-boat
    factors of a line of 3 (27.9); 5 oil counters of the 1 Japan has (27.35). The plan is the one of the
    orders it can carry out alone (nas-1 at Tokyo, Yamato's last step), as far from them (as_expected
    -5: the other counters built), and its notes name each dropped order. They had been kept silently,
    as_expected -43, the same more apart in every plan."""
    kept = solve(Scenario.model_validate(yaml.safe_load(japan_expecting(KEPT)))).plan
    both = {name: [*KEPT.get(name, []), *CANNOT[name]] for name in ("builds", "naval", "sw_builds")}
    planned = solve(parse_scenario(japan_expecting({**both, "oil_counters_spent": {"japan": 5}}))).plan
    assert kept is not None and planned is not None
    assert decisions_of(planned) == decisions_of(kept)
    assert planned.objective.stages == kept.objective.stages
    assert planned.objective.stages[-1].priority == "as_expected"
    assert planned.notes[: len(kept.notes)] == kept.notes
    assert planned.notes[len(kept.notes) :] == [
        "expected_orders[0].builds[1]: japan army-air-5-4 at tokyo, 2 counter(s), dropped: more counters "
        "than the entry's 1 (27.5)",
        "expected_orders[0].naval[1]: japan tokyo unryu#7 lay_down in the chart's turn 9, dropped: past the "
        "chart's 4 turn(s), 0 to 3 (27.7)",
        "expected_orders[0].sw_builds[0]: japan i-boat at tokyo, 40 factor(s), dropped: more factors than "
        "the line's 3 (27.9)",
        "expected_orders[0].oil_counters_spent.japan: 5 oil counter(s) of japan, dropped: more than the 1 "
        "it may spend (27.35)",
    ]


def test_a_season_notes_the_orders_its_later_turn_cannot_carry_out(tmp_path):
    """The Japanese naval scenario planned as a season of 2 turns: the orders expected of its turn 2
    build 3 counters of nas-1 at Tokyo and 3 at Sasebo, of the 4 the entry has (27.5): the second
    order is dropped, and turn 2's plan notes it."""
    data = yaml.safe_load(JAPAN)
    data.pop("horizon")
    data["season"] = {"turns": 2}
    data["expected_orders"] = [
        {
            "turn": 2,
            "builds": [
                {"power": "japan", "entry": "nas-1", "site": site, "counters": 3}
                for site in ("tokyo", "sasebo")
            ],
        }
    ]
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(data))
    planned = run("season", tmp_path / "s.yaml", "--json")
    assert planned.exit_code == 0, planned.stdout
    first, second = SeasonPlan.model_validate_json(planned.stdout).turns
    assert not any(note.startswith("expected_orders") for note in first.plan.notes)
    assert second.plan.notes == [
        "expected_orders[0].builds[1]: japan nas-1 at sasebo, 3 counter(s), dropped: more counters than the "
        "entry's 4, 3 of them in the orders before it (27.5)"
    ]
