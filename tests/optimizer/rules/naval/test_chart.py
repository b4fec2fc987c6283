"""SW boxes offered to new SW units (27.94, 25.22, 25.81, 25.91)."""

import pytest

from models.tables import Power, UnitType
from optimizer.rules.naval.chart import SWWars, sw_boxes

PEACE = SWWars()
TENSION = SWWars(usjt_40=True)
WAR = SWWars(japan_us=True, japan_britain=True)


@pytest.mark.parametrize(
    ("wars", "submarines", "asw"),
    [(PEACE, [], []), (TENSION, ["pacific"], []), (WAR, ["pacific", "indian"], ["pacific"])],
)
def test_regression_japanese_sw_boxes_before_war(wars, submarines, asw):
    """25.91: Japanese submarines enter the Pacific SW box once Japan and the U.S. are at war or USJT
    reaches 40; 25.81: the Indian Ocean once Japan and Britain are at war; 25.22 E: Japanese ASW the
    Pacific only once Japan and the U.S. are at war. Regression: both boxes were offered at peace."""
    assert sw_boxes(Power.JAPAN, UnitType.SUBMARINE, "tokyo", wars) == submarines
    assert sw_boxes(Power.JAPAN, UnitType.ASW, "tokyo", wars) == asw


def test_british_asw_may_deploy_to_any_sw_box():
    """25.22 B, D: British ASW built in British or Canadian yards may deploy to any SW box; British
    transports go to the Atlantic (27.94 A)."""
    for yard in ("glasgow", "canada_box"):
        assert sw_boxes(Power.BRITAIN, UnitType.ASW, yard, PEACE) == ["atlantic", "pacific", "indian"]
    assert sw_boxes(Power.BRITAIN, UnitType.TRANSPORT, "glasgow", PEACE) == ["atlantic"]


def test_american_submarines_in_the_pacific():
    """25.91: American submarines enter the Pacific SW box once Japan and the U.S. are at war or USJT
    reaches 40; transports built in the Pacific U.S. box go there at once (27.94 B)."""
    assert sw_boxes(Power.USA, UnitType.SUBMARINE, "us_pacific_box", PEACE) == []
    assert sw_boxes(Power.USA, UnitType.SUBMARINE, "us_pacific_box", TENSION) == ["pacific"]
    assert sw_boxes(Power.USA, UnitType.TRANSPORT, "us_pacific_box", PEACE) == ["pacific"]
