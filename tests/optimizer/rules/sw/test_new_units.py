"""SW boxes offered to new SW units (27.94 with 25.22, 25.31, 25.32, 25.81, 25.91): the plan's report of
each SW build (`sw_boxes`) and the deployment of the build plan's new units read the same list."""

import pytest

from models.tables import Power, UnitType
from optimizer.rules.sw.deployment import new_unit_boxes
from tests.optimizer.rules.sw.positions import position, scenario


def boxes(faction="western_allies", us_at_war=None, usjt=None, japan_britain=None, **sw):
    data = position(faction, **sw)
    data["us_at_war"] = us_at_war or {}
    if usjt is not None:
        data["usjt"] = usjt
    if japan_britain is not None:
        data["japan_at_war_with_britain"] = japan_britain
    if (us_at_war or {}).get("europe"):
        data["sw"]["germany_us_war_turn"] = 3
    return new_unit_boxes(scenario(data))


PEACE: dict = {}
TENSION = {"usjt": 40}
WAR = {"us_at_war": {"europe": True, "pacific": True}, "japan_britain": True}


@pytest.mark.parametrize(
    ("wars", "submarines", "asw"),
    [
        (PEACE, [], []),
        (TENSION, ["pacific"], []),
        (WAR, ["pacific"], ["pacific"]),
        ({**WAR, "ports": {"singapore": {"controller": "japan"}}}, ["indian", "pacific"], ["pacific"]),
    ],
)
def test_regression_japanese_sw_boxes_before_war(wars, submarines, asw):
    """25.91: Japanese submarines enter the Pacific SW box once Japan and the U.S. are at war or USJT
    reaches 40; 25.81: the Indian Ocean once Japan and Britain are at war (27.94 C: those built in
    Japan), and only past a Japanese Singapore (25.91: not past an enemy-controlled one); 25.22 E:
    Japanese ASW the Pacific only once Japan and the U.S. are at war. Regression: both boxes were
    offered at peace."""
    of = boxes("japan", **wars)
    assert of(Power.JAPAN, UnitType.SUBMARINE, "tokyo") == submarines
    assert of(Power.JAPAN, UnitType.ASW, "tokyo") == asw


def test_regression_british_asw_offered_every_box_27_94_a():
    """27.94 A: SW units built in Europe or the Atlantic U.S. box redeploy to the Atlantic SW box; B
    gives the Pacific only to those built in Japan or the Pacific U.S. box, C the Indian Ocean only to
    Japanese submarines. The report once offered new British ASW built in Britain the Pacific and the
    Indian Ocean too (25.22 B, 'any SW box'), while the deployment allowed the Atlantic only. Canada
    is an Atlantic base (25.31 A reading); British transports go to the Atlantic as well."""
    of = boxes(**WAR)
    for yard in ("glasgow", "canada_box"):
        assert of(Power.BRITAIN, UnitType.ASW, yard) == ["atlantic"]
    assert of(Power.BRITAIN, UnitType.TRANSPORT, "glasgow") == ["atlantic"]


def test_submarines_without_a_campaign_are_offered_no_box_25_13():
    """British submarines (25.13 D is empty) and American ones outside the Pacific have no SW campaign
    and the deployment keeps them on the board [reading]: the report offers them no box either."""
    of = boxes(**WAR)
    assert of(Power.BRITAIN, UnitType.SUBMARINE, "glasgow") == []
    assert of(Power.USA, UnitType.SUBMARINE, "us_atlantic_box") == []


def test_american_submarines_in_the_pacific():
    """25.91: American submarines enter the Pacific SW box once Japan and the U.S. are at war or USJT
    reaches 40; transports built in the Pacific U.S. box go there at once (27.94 B)."""
    assert boxes(**PEACE)(Power.USA, UnitType.SUBMARINE, "us_pacific_box") == []
    assert boxes(**TENSION)(Power.USA, UnitType.SUBMARINE, "us_pacific_box") == ["pacific"]
    assert boxes(**PEACE)(Power.USA, UnitType.TRANSPORT, "us_pacific_box") == ["pacific"]


@pytest.mark.parametrize(("usjt", "expected"), [(None, []), (39, []), (40, ["pacific"])])
def test_american_asw_offered_the_pacific_only_where_25_32_b_lets_one_in(usjt, expected):
    """25.32 B: below USJT 40 and before war in both theaters no American ASW enters the Pacific box;
    at 40, one factor a turn (25.22 C, D). At war with Japan alone the limit still holds."""
    assert boxes(usjt=usjt)(Power.USA, UnitType.ASW, "us_pacific_box") == expected
    at_war_with_japan = boxes(us_at_war={"pacific": True}, usjt=usjt)
    assert at_war_with_japan(Power.USA, UnitType.ASW, "us_pacific_box") == expected
