"""Naval air training rates in the model (27.61): naval air factors built a turn are accepted up to
the rate and refused past it. Numbers from the rules text."""

import pytest

from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare

FACTION = {
    "usa": "western_allies",
    "japan": "japan",
    "britain": "western_allies",
    "germany": "european_axis",
    "italy": "european_axis",
}


def naval_air(count=10, entry_id="nas"):
    return {"id": entry_id, "unit": "naval_air", "factors": 1, "count": count}


@pytest.mark.parametrize(
    ("power", "rate"), [("usa", 4), ("japan", 3), ("britain", 2), ("germany", 1), ("italy", 1)]
)
@pytest.mark.parametrize("past", [False, True])
def test_naval_air_training_rate(scenario_of, assert_accepts, power, rate, past):
    """27.61: naval air factors a turn: the U.S. 4, Japan 3, Britain 2, Germany 1, Italy 1;
    the rate is accepted, one more refused."""
    data = prepare(scenario_of({power: {"force_pool": [naval_air()]}}, faction=FACTION[power]))
    site = data.entries[f"{power}/nas"].sites[0]
    model, variables, _ = build_model(data)
    variables.builds.fix(model, f"{power}/nas", site, rate + past)
    assert_accepts(model, not past)


@pytest.mark.parametrize(("built", "accepted"), [(6, True), (7, False)])
def test_japan_rate_doubled_once_kamikazes_formed(scenario_of, assert_accepts, built, accepted):
    """27.61: Japan's naval air training rate is doubled once kamikazes have been formed: 6 accepted, 7 refused."""
    japan = {"naval_air": {"kamikazes_formed": True}, "force_pool": [naval_air()]}
    data = prepare(scenario_of({"japan": japan}, faction="japan"))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "japan/nas", "tokyo", built)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("new", "rebuilt", "accepted"), [(1, 1, True), (2, 1, False), (1, 2, False)])
def test_new_and_rebuilt_naval_air_share_the_rate(scenario_of, assert_accepts, new, rebuilt, accepted):
    """27.61: the limits apply both to new force pool additions and to rebuilding eliminated naval air:
    Britain (2) builds 1 new + 1 rebuilt, not 3 in all."""
    pool = [naval_air(2, entry_id="new"), naval_air(2, entry_id="rebuilt")]
    data = prepare(scenario_of({"britain": {"force_pool": pool}}, faction="western_allies"))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "britain/new", "london", new)
    variables.builds.fix(model, "britain/rebuilt", "london", rebuilt)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("built", "accepted"), [(2, True), (3, False)])
def test_rate_increased_by_production(scenario_of, assert_accepts, built, accepted):
    """27.61: training rates may be increased by RPs in production (42.22 E): Germany's 1 raised by 1
    accepts 2 factors and refuses 3."""
    germany = {"naval_air": {"rp_increase": 1}, "force_pool": [naval_air()]}
    data = prepare(scenario_of({"germany": germany}))
    model, variables, _ = build_model(data)
    variables.builds.fix(model, "germany/nas", "berlin", built)
    assert_accepts(model, accepted)
