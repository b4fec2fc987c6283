"""The checker on Commonwealth shipbuilding: U.S. grants to Canada (40.244) and the Australian limit
(27.473 B)."""

from __future__ import annotations

from typing import Any

from models.plan import BuildLine
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check

from .helpers import act, plan, rules


def commonwealth(**fields: Any) -> Scenario:
    """Britain (BRP base 150, limit 50) with the Canada and Australia yards, Australian infantry, and the
    U.S. at war; `grants` the U.S. grants made, `settings` the scenario's readings."""
    data: dict[str, Any] = {
        "name": "commonwealth ships",
        "turn": {"season": "spring", "year": 1942},
        "faction": "western_allies",
        "us_at_war": {"europe": True, "pacific": True},
        "settings": fields.get("settings", {}),
        "powers": {
            "britain": {
                "brps": 100,
                "brp_base": fields.get("brp_base", 150),
                "force_pool": [
                    {"id": "aus", "unit": "infantry", "factors": 1, "count": 12, "nationality": "australian"}
                ],
                "naval": {
                    "shipyards": [{"id": "canada_box"}, {"id": "australia_box"}],
                    "designs": [
                        {"id": "destroyer", "unit": "destroyer", "factors": 1, "count": 1},
                        {"id": "town", "unit": "cruiser", "factors": 2, "count": 1},
                    ],
                },
            },
            "usa": {"brps": 200, "brp_base": 300, "grants_made": fields.get("grants", [])},
        },
    }
    return Scenario.model_validate(data)


CANADIAN_DESTROYER = act(
    0, "destroyer#1", "lay_down", "new", "launch summer", yard="canada_box", power="britain"
)
AUSTRALIAN_CRUISER = act(0, "town#1", "lay_down", "new", "row 2 fall", yard="australia_box", power="britain")


def australian_infantry(factors: int) -> BuildLine:
    return BuildLine(
        power=Power.BRITAIN,
        entry="aus",
        unit="infantry",
        site="australia_box",
        counters=factors,
        factors=factors,
        brps=factors,
    )


def test_us_grant_to_canada_pays_for_canadian_shipbuilding() -> None:
    """40.244: U.S. grants to Canada are limited to Canada's construction "including shipbuilding":
    a 3-BRP grant is met by a destroyer laid down at the Canada yard (3 BRPs, 27.7251); with nothing
    built in Canada it is refused."""
    s = commonwealth(grants=[{"to": "canada", "brps": 3}])
    assert check(s, plan(CANADIAN_DESTROYER)) == []
    assert rules(check(s, plan())) == ["40.244"]


def test_regression_australian_ships_beyond_the_australian_limit() -> None:
    """27.473 B: the Australian construction limit is nine BRPs a turn, Australian ships included. The
    plan the planner used to give, 9 BRPs of Australian infantry and a cruiser laid down at the
    Australia yard (3 BRPs: 12 in all), is refused; 6 BRPs of infantry and the cruiser are accepted."""
    s = commonwealth()
    assert rules(check(s, plan(AUSTRALIAN_CRUISER, builds=[australian_infantry(9)]))) == ["27.473"]
    assert check(s, plan(AUSTRALIAN_CRUISER, builds=[australian_infantry(6)])) == []


def test_australian_ships_count_against_the_british_limit_only_with_the_setting() -> None:
    """27.473 B, 27.31 [reading, `australian_builds_count_against_british_limit`]: Australian ships
    count against the British limit exactly when Australian land units do: with a British limit of 0
    (BRP base 0, 27.32) an Australian cruiser (3 BRPs) is accepted by default, refused with the
    setting."""
    cruiser = plan(AUSTRALIAN_CRUISER)
    assert check(commonwealth(brp_base=0), cruiser) == []
    counted = commonwealth(brp_base=0, settings={"australian_builds_count_against_british_limit": True})
    assert rules(check(counted, cruiser)) == ["27.31"]
