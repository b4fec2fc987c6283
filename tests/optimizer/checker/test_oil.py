"""The checker's oil threshold (27.35), one per faction (27.35 I, J)."""

from __future__ import annotations

import copy

from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker import check
from optimizer.checker.report import derive_oil, derive_report

from .helpers import ALLIES, AX, AXIS, JOINT, RU, WA, line, plan, rules, scenario


def test_axis_shared_threshold_fifteen_brps_past_it() -> None:
    """27.35 A, D, I: Germany builds 30 BRPs and Italy 10 (normal cost) with no oil counter: the
    first 25 are at normal cost, 15 BRPs' worth pay double: Germany 20 armor + 10 infantry all
    past (20 BRPs), Italy 5 inside and 5 past (5 + 10)."""
    s = scenario(AXIS)
    legal = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 20, oil=10),
        line("italy", "inf", "infantry", "rome", 10, 10, 15, oil=5),
    )
    assert check(s, legal) == []
    [oil] = derive_oil(s, legal)
    assert (oil.threshold_brps, oil.normal_cost_brps, oil.oil_affected_brps) == (25, 25, 30)
    fewer_past = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 20, oil=10),
        line("italy", "inf", "infantry", "rome", 10, 10, 14, oil=4),
    )
    result = check(s, fewer_past)
    assert rules(result) == ["27.35"]
    assert "26 BRPs of builds inside an oil threshold of 25" in result[0].message


def test_italian_builds_past_threshold_once_germany_fills_it() -> None:
    """27.35 I: building Italian units at normal cost requires oil if Germany spends 25 BRPs or
    more: Germany 25 inside + 5 past, Italy all 10 past at double cost (20 BRPs)."""
    s = scenario(AXIS)
    legal = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 15, oil=5),
        line("italy", "inf", "infantry", "rome", 10, 10, 20, oil=10),
    )
    assert check(s, legal) == []


def test_one_oil_counter_none_past() -> None:
    """27.35 B: with one oil counter the first 50 BRPs are at normal cost: the 40 BRPs of
    builds all pay normal cost, and a unit priced past the threshold would have fitted."""
    s = scenario(AXIS)
    legal = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 10),
        line("italy", "inf", "infantry", "rome", 10, 10, 10),
        spent={AX: 1},
    )
    assert check(s, legal) == []
    assert [o.threshold_brps for o in derive_oil(s, legal)] == [50]
    needless = plan(
        line("germany", "armor", "armor", "ruhr", 5, 10, 20),
        line("germany", "inf", "infantry", "berlin", 10, 10, 10),
        line("italy", "inf", "infantry", "rome", 10, 10, 15, oil=5),
        spent={AX: 1},
    )
    result = check(s, needless)
    assert rules(result) == ["27.35"]
    assert "fits inside" in result[0].message


def test_unit_past_threshold_only_if_it_would_not_fit() -> None:
    """27.35 A [reading]: 20 German armor BRPs and 4 Italian infantry inside (24 of 25): an
    Italian infantry factor (1 BRP) would still fit, so none may be past the threshold."""
    s = scenario(AXIS)
    result = check(
        s,
        plan(
            line("germany", "armor", "armor", "ruhr", 5, 10, 20),
            line("italy", "inf", "infantry", "rome", 10, 10, 16, oil=6),
        ),
    )
    assert rules(result) == ["27.35"]


def test_oil_counters_spent_at_most_available() -> None:
    """27.35: the faction spends only the oil counters it has (2 here)."""
    result = check(scenario(AXIS), plan(line("italy", "inf", "infantry", "rome", 1, 1, 1), spent={AX: 3}))
    assert rules(result) == ["27.35"]


def test_oil_kept_back_is_not_spent_on_construction() -> None:
    """27.35 F: oil counters also pay for uninverting and exploitation. With two counters and one kept
    back for them, construction may spend one: two is a violation."""
    italians = line("italy", "inf", "infantry", "rome", 1, 1, 1)
    kept = scenario(AXIS, oil_reserved=1)
    assert check(kept, plan(italians, spent={AX: 1})) == []
    assert rules(check(kept, plan(italians, spent={AX: 2}))) == ["27.35"]


def test_threshold_counts_rebuilds_at_normal_cost() -> None:
    """27.35 [reading, setting oil_threshold_counts_normal_cost]: an isolated armor rebuilt inside
    the threshold (8 BRPs) takes its normal cost (4) of it: 21 + 4 = 25 fits; counting the
    doubled price (21 + 8 = 29) does not."""
    builds = plan(
        line("germany", "inf", "infantry", "berlin", 21, 21, 21),
        line("germany", "armor-iso", "armor", "ruhr", 1, 2, 8),
    )
    assert check(scenario(AXIS), builds) == []
    doubled = scenario(AXIS, settings={"oil_threshold_counts_normal_cost": False})
    assert rules(check(doubled, builds)) == ["27.35"]


def test_us_builds_ignore_oil() -> None:
    """27.35 J: American construction costs are ignored (unlimited oil): 40 U.S. BRPs leave the
    British threshold free, and no U.S. unit is ever past it."""
    s = scenario(ALLIES)
    legal = plan(
        line("usa", "inf", "infantry", "us_atlantic_box", 40, 40, 40),
        line("britain", "inf", "infantry", "london", 25, 25, 25),
    )
    assert check(s, legal) == []
    report = derive_report(s, legal)
    assert report[Power.USA].oil_effect_incurred is None
    assert report[Power.BRITAIN].oil_effect_incurred is True
    result = check(s, plan(line("usa", "inf", "infantry", "us_atlantic_box", 2, 2, 4, oil=2)))
    assert rules(result) == ["27.35 J"]


def test_oil_effect_incurred_unless_an_oil_counter_is_spent() -> None:
    """27.35 H: a power incurs the oil effect unless its faction spends an oil counter."""
    s = scenario(AXIS)
    builds = [line("germany", "inf", "infantry", "berlin", 5, 5, 5)]
    assert derive_report(s, plan(*builds))[Power.ITALY].oil_effect_incurred is True
    assert derive_report(s, plan(*builds, spent={AX: 1}))[Power.ITALY].oil_effect_incurred is False


def test_each_faction_has_its_own_threshold() -> None:
    """27.35 I, J: each faction has its own oil threshold: 25 British BRPs fill the Western
    Allies' 25 and 25 Russian BRPs fill Russia's, none past it (one shared threshold would put
    25 past); U.S. builds count toward neither. A 26th Russian BRP at normal cost breaks
    Russia's threshold only."""
    s = scenario(JOINT)
    assert s.factions() == [WA, RU]
    legal = plan(
        line("britain", "inf", "infantry", "london", 25, 25, 25),
        line("russia", "inf", "infantry", "moscow", 25, 25, 25),
        line("usa", "inf", "infantry", "us_atlantic_box", 10, 10, 10),
    )
    assert check(s, legal) == []
    reports = derive_oil(s, legal)
    assert [(o.faction, o.counters_available, o.threshold_brps, o.normal_cost_brps) for o in reports] == [
        (WA, 1, 25, 25),
        (RU, 2, 25, 25),
    ]
    over = plan(
        line("britain", "inf", "infantry", "london", 25, 25, 25),
        line("russia", "inf", "infantry", "moscow", 26, 26, 26),
    )
    result = check(s, over)
    assert rules(result) == ["27.35"]
    assert result[0].message.startswith("russia: 26 BRPs of builds inside an oil threshold of 25")
    # Russia's oil counter opens Russia's threshold, not the Western Allies'.
    assert check(s, plan(*over.builds, spent={RU: 1})) == []
    assert rules(check(s, plan(*over.builds, spent={WA: 1}))) == ["27.35"]


def test_oil_counters_are_spent_per_faction() -> None:
    """27.35: each faction spends only its own oil counters (Western Allies 1, Russia 2); a
    number for `oil_counters` is the planning faction's alone; a faction with no planned power
    spends none."""
    s = scenario(JOINT)
    builds = [line("britain", "inf", "infantry", "london", 1, 1, 1)]
    assert check(s, plan(*builds, spent={WA: 1, RU: 2})) == []
    result = check(s, plan(*builds, spent={WA: 2}))
    assert rules(result) == ["27.35"]
    assert result[0].message == "western_allies: 2 oil counters spent but 1 available"
    assert rules(check(scenario(JOINT, oil_counters=1), plan(*builds, spent={RU: 1}))) == ["27.35"]
    assert rules(check(s, plan(*builds, spent={Faction.JAPAN: 1}))) == ["27.35"]


def test_oil_effect_per_faction() -> None:
    """27.35 H: a power incurs the oil effect unless its own faction spends an oil counter; the
    U.S. never does (27.35 J)."""
    reports = derive_report(scenario(JOINT), plan(spent={WA: 1}))
    assert [(p, r.oil_effect_incurred) for p, r in reports.items()] == [
        (Power.BRITAIN, False),
        (Power.USA, None),
        (Power.RUSSIA, True),
    ]


def test_avoid_oil_effect_for_every_faction() -> None:
    """27.35 H: avoiding the oil effect needs an oil counter spent by every planned faction with
    oil-pooled powers; the Western Allies with only the U.S. planned have none (27.35 J)."""
    s = scenario(JOINT, objective={"avoid_oil_effect": True})
    result = check(s, plan(spent={WA: 1}))
    assert [(v.rule, v.kind) for v in result] == [("27.35 H", "requirement")]
    assert result[0].message.startswith("russia:")
    assert check(s, plan(spent={WA: 1, RU: 1})) == []
    data = copy.deepcopy(JOINT)
    del data["powers"]["britain"]
    data["objective"] = {"avoid_oil_effect": True}
    us_and_russia = Scenario.model_validate(data)
    assert [o.faction for o in derive_oil(us_and_russia, plan())] == [RU]
    assert check(us_and_russia, plan(spent={RU: 1})) == []
