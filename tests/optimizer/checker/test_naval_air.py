"""The checker's naval air training rates (27.61)."""

from __future__ import annotations

import pytest

from models.scenario import Scenario
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.naval_air import naval_air_rate

from .helpers import AXIS, JAPAN, edited, line, plan, rules, scenario

# --------------------------------------------------------------------------- naval air (27.61)

NAVAL_AIR_CASES = [
    ("usa", "western_allies", "us_pacific_box", 4),
    ("japan", "japan", "tokyo", 3),
    ("britain", "western_allies", "london", 2),
    ("germany", "european_axis", "kiel", 1),
    ("italy", "european_axis", "naples", 1),
]


def naval_air_scenario(power: str, faction: str) -> Scenario:
    return Scenario.model_validate(
        {
            "name": "naval air",
            "turn": {"season": "spring", "year": 1942},
            "faction": faction,
            "powers": {
                power: {
                    "brps": 50,
                    "brp_base": 90,
                    "force_pool": [{"id": "nas", "unit": "naval_air", "count": 10}],
                }
            },
        }
    )


@pytest.mark.parametrize(("power", "faction", "site", "rate"), NAVAL_AIR_CASES)
def test_naval_air_training_rates(power: str, faction: str, site: str, rate: int) -> None:
    """27.61: naval air factors a turn: the U.S. 4, Japan 3, Britain 2, Germany 1, Italy 1."""
    s = naval_air_scenario(power, faction)
    assert naval_air_rate(s, Power(power)) == rate
    assert check(s, plan(line(power, "nas", "naval_air", site, rate, rate, rate))) == []
    result = check(s, plan(line(power, "nas", "naval_air", site, rate + 1, rate + 1, rate + 1)))
    assert rules(result) == ["27.61"]
    assert f"{rate + 1} naval air factors built, training rate {rate}" in result[0].message


def test_japanese_rate_doubled_once_kamikazes_formed() -> None:
    """27.61: Japan's naval air training rate is doubled once kamikazes have been formed: 6."""
    s = edited(JAPAN, "japan", naval_air={"kamikazes_formed": True})
    assert naval_air_rate(s, Power.JAPAN) == 6
    assert check(s, plan(line("japan", "nas", "naval_air", "tokyo", 6, 6, 6))) == []
    assert rules(check(s, plan(line("japan", "nas", "naval_air", "tokyo", 7, 7, 7)))) == ["27.61"]


def test_kamikazes_count_against_the_rate() -> None:
    """27.61 [reading, setting kamikazes_use_naval_air_rate]: 3 naval air + 1 kamikaze factor
    exceed Japan's rate of 3; without the setting they do not."""
    builds = plan(
        line("japan", "nas", "naval_air", "tokyo", 3, 3, 3),
        line("japan", "kamikaze", "kamikaze", "osaka", 1, 1, 1),
    )
    assert rules(check(scenario(JAPAN), builds)) == ["27.61"]
    assert check(scenario(JAPAN, settings={"kamikazes_use_naval_air_rate": False}), builds) == []


def test_rp_increase_raises_the_rate() -> None:
    """27.61, 42.22 E: naval air training rates may be increased by RPs: Germany 1 + 2."""
    s = edited(AXIS, "germany", naval_air={"rp_increase": 2})
    assert naval_air_rate(s, Power.GERMANY) == 3
    assert check(s, plan(line("germany", "nas", "naval_air", "kiel", 3, 3, 3))) == []
