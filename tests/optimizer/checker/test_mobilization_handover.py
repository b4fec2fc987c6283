"""The independent hand-over checker (14.81, 14.82) on hand-written hand-overs: each breach named."""

from __future__ import annotations

from typing import Any

from models.mobilization import MobilizationSchedule
from models.scenario import Elimination, ForcePoolEntry, Scenario
from models.tables import Power, UnitType
from optimizer.checker.mobilization_handover import check_handover, handed_over


def scenario(pool: list[dict[str, Any]] | None = None) -> Scenario:
    """France plans winter 1938 and spring 1939 (delays: armor 1, infantry 0, air 0 [input]); the rule 27
    turn is spring 1939, planned turn 1."""
    return Scenario.model_validate(
        {
            "name": "hand-over",
            "turn": {"season": "spring", "year": 1939},
            "faction": "western_allies",
            "powers": {"france": {"brps": 40, "brp_base": 40, "force_pool": pool or []}},
            "mobilization": {
                "turns": [{"season": "winter", "year": 1938}, {"season": "spring", "year": 1939}],
                "delays": {"armor": 1, "infantry": 0, "air": 0},
                "powers": {
                    "france": {
                        "factories": {"civilian": 2},
                        "tile_points": [10, 10],
                        "force_pool_entries": {
                            "armor": {"id": "armor-3-5", "unit": "armor", "factors": 3},
                            "infantry": {"id": "infantry-2-3", "unit": "infantry", "factors": 2},
                        },
                    }
                },
            },
        }
    )


# France mobilizes armor and infantry in winter 1938 (14.741; 7 tile points in 1938, 14.31 A) and armor
# and infantry again in spring 1939 (6 points).
PLAN = MobilizationSchedule.model_validate(
    {
        "horizon": 2,
        "steps": [
            {
                "turn": t,
                "power": "france",
                "conversion": "civilian_to_military",
                "tile_points_spent": cost,
                "created": {"armor": 1, "infantry": 1},
                "arrivals": [
                    {"turn": t + 1, "unit": "armor", "count": 1},
                    {"turn": t, "unit": "infantry", "count": 1},
                ],
            }
            for t, cost in ((0, 7), (1, 6))
        ],
    }
)


def pool_of(base: Scenario, entries: list[ForcePoolEntry]) -> Scenario:
    powers = {Power.FRANCE: base.powers[Power.FRANCE].model_copy(update={"force_pool": entries})}
    return base.model_copy(update={"powers": powers})


def armor(count: int, **state: Any) -> ForcePoolEntry:
    return ForcePoolEntry(id="armor-3-5", unit=UnitType.ARMOR, factors=3, count=count, **state)


def infantry(count: int) -> ForcePoolEntry:
    return ForcePoolEntry(id="infantry-2-3", unit=UnitType.INFANTRY, factors=2, count=count)


def rules(base: Scenario, seeded: Scenario, turn: int = 1) -> list[str]:
    return [v.rule for v in check_handover(base, PLAN, seeded, turn)]


def test_reserve_by_the_rule_27_turn_14_81():
    """14.81: by spring 1939 the winter armor (delay 1) and both infantry (no delay) are in the reserve;
    the spring armor reaches it in summer, after the rule 27 turn."""
    units, _ = handed_over(scenario(), PLAN, 1)
    assert {u.value: n for u, n in units[Power.FRANCE].items()} == {"armor": 1, "infantry": 2}


def test_the_right_hand_over_passes():
    base = scenario()
    assert rules(base, pool_of(base, [armor(1), infantry(2)])) == []


def test_a_unit_not_yet_in_the_reserve_is_a_breach_14_82():
    """The spring 1939 armor arrives in summer: handing over two armor in spring is one too many."""
    base = scenario()
    assert rules(base, pool_of(base, [armor(2), infantry(2)])) == ["14.82"]


def test_armor_handed_over_as_infantry_is_a_breach_14_82():
    """14.82: a reserve armor unit is an armor allowable build (27.11 B: 2 BRPs a factor), not infantry."""
    base = scenario()
    wrong = ForcePoolEntry(id="armor-3-5", unit=UnitType.INFANTRY, factors=3, count=1)
    assert "14.82" in rules(base, pool_of(base, [wrong, infantry(2)]))


def test_armor_joining_an_entry_eliminated_this_turn_is_a_breach_14_82():
    """14.82, 27.13 A: an entry eliminated this turn while isolated is priced x2; mobilized armor joining
    it would be too."""
    base = pool_of(scenario(), [armor(1, eliminated_this_turn=Elimination.ISOLATED)])
    seeded = pool_of(base, [armor(2, eliminated_this_turn=Elimination.ISOLATED), infantry(2)])
    assert rules(base, seeded) == ["14.82"]


def test_a_hand_over_after_the_rule_27_turn_is_a_breach_14_81():
    base = scenario()
    found = rules(base, pool_of(base, [armor(2), infantry(2)]), turn=2)
    assert "14.81" in found


def test_anything_else_changed_is_a_report_breach():
    base = scenario()
    seeded = pool_of(base, [armor(1), infantry(2)])
    richer = seeded.model_copy(
        update={"powers": {Power.FRANCE: seeded.powers[Power.FRANCE].model_copy(update={"brps": 50})}}
    )
    assert rules(base, richer) == ["report"]
