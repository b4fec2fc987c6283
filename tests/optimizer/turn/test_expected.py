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
