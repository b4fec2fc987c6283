"""Naval construction in the model (27.7): a fixed chart action is accepted within a yard's shipbuilding
points, its one-factor half-rate and its capacity, and when its power can pay its BRPs; refused one
past them. Numbers from the rules text."""

import pytest

from models.naval_tables import ChartAction
from models.tables import Faction, Power
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare

LAY_DOWN, CONTINUE = ChartAction.LAY_DOWN, ChartAction.CONTINUE


def germany(scenario_of, naval, brps=200):
    """Germany in spring 1942, planning one turn of naval construction at Kiel."""
    return scenario_of({"germany": {"brps": brps, "naval": naval}}, turn={"season": "spring", "year": 1942})


def ships(design, count):
    return [f"germany/kiel/{design}#{i}" for i in range(1, count + 1)]


@pytest.mark.parametrize(("laid", "accepted"), [(2, True), (3, False)])
def test_kiel_shipbuilding_points(scenario_of, assert_accepts, laid, accepted):
    """27.724 A, 27.731 A, 27.7251: Kiel's shipbuilding rate is 2 and each ship begun uses a point: two
    3-factor ships laid down in one turn accepted, three refused (capacity 4 is not what binds)."""
    naval = {
        "shipyards": [{"id": "kiel"}],
        "designs": [{"id": "bb", "unit": "capital_ship", "factors": 3, "count": 3}],
    }
    data = prepare(germany(scenario_of, naval))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    for ship in ships("bb", laid):
        variables.naval.fix(model, ship, 0, LAY_DOWN)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(3, True), (2, False)])
def test_lay_down_costs_three_brps_whatever_the_size(scenario_of, assert_accepts, brps, accepted):
    """27.7251: beginning construction costs one shipbuilding point and three BRPs, regardless of the ship's
    size: a 5-factor ship is laid down with 3 BRPs, not with 2."""
    naval = {
        "shipyards": [{"id": "kiel"}],
        "designs": [{"id": "bb", "unit": "capital_ship", "factors": 5, "count": 1}],
    }
    data = prepare(germany(scenario_of, naval, brps=brps))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/bb#1", 0, LAY_DOWN)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("action", "brps", "accepted"),
    [
        (CONTINUE, 3, True),  # A: one point and three BRPs
        (CONTINUE, 2, False),
        (ChartAction.ACCELERATE, 6, True),  # B: six BRPs in all
        (ChartAction.ACCELERATE, 5, False),
        (ChartAction.ACCELERATE_KNIGHT, 9, True),  # B: nine BRPs in all
        (ChartAction.ACCELERATE_KNIGHT, 8, False),
    ],
)
def test_chart_move_costs(scenario_of, assert_accepts, action, brps, accepted):
    """27.7272 A, B: continuing a ship in the turn's column costs 3 BRPs, accelerating a 3-factor ship 6,
    a knight's move 9: each accepted with exactly that many BRPs and refused with one fewer."""
    chart = [{"id": "Graf", "unit": "capital_ship", "factors": 3, "row": 3, "column": "spring"}]
    data = prepare(germany(scenario_of, {"shipyards": [{"id": "kiel", "chart": chart}]}, brps=brps))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Graf", 0, action)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(3, True), (2, False)])
def test_starting_a_repair_costs_three_brps(scenario_of, assert_accepts, brps, accepted):
    """27.7267: moving a damaged named ship from Waiting for Repair onto the chart costs a shipbuilding
    point and three BRPs: accepted with 3 BRPs, refused with 2."""
    waiting = [{"id": "Gneisenau", "unit": "capital_ship", "factors": 3}]
    naval = {"shipyards": [{"id": "kiel", "waiting_for_repair": waiting}]}
    data = prepare(germany(scenario_of, naval, brps=brps))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Gneisenau", 0, ChartAction.START_REPAIR)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("destroyers", "submarines", "accepted"), [(2, 0, True), (3, 0, False), (1, 1, True), (1, 2, False)]
)
def test_one_factor_units_use_half_the_rate(scenario_of, assert_accepts, destroyers, submarines, accepted):
    """27.7221 A: no more than half (round up) of a yard's rate on destroyers, CVEs, submarines, ASW and
    transports: at Kiel with rate 3, two destroyers, or one destroyer and one submarine, are accepted;
    three one-factor units refused though three points are there."""
    naval = {
        "shipyards": [{"id": "kiel", "rate": 3}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 3}],
        "sw_units": [{"id": "u", "unit": "submarine", "count": 3}],
    }
    data = prepare(germany(scenario_of, naval))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    for ship in ships("dd", destroyers):
        variables.naval.fix(model, ship, 0, LAY_DOWN)
    variables.naval.fix_sw(model, "germany/u", "germany/kiel", submarines)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("on_chart", "accepted"), [(1, True), (2, False)])
def test_shipyard_capacity(scenario_of, assert_accepts, on_chart, accepted):
    """27.741, 27.724 B: shipyard capacity is twice the rate: at a rate-1 yard (capacity 2) a destroyer may
    be laid down beside one cruiser under construction, not beside two. Scuttling, which would free room
    (27.7272 E), is barred here."""
    chart = [
        {"id": "Hipper", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"},
        {"id": "Blucher", "unit": "cruiser", "factors": 2, "row": 2, "column": "winter"},
    ][:on_chart]
    naval = {
        "shipyards": [{"id": "kiel", "rate": 1, "chart": chart}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 1}],
        "deferring_allowed": False,
    }
    data = prepare(germany(scenario_of, naval))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/dd#1", 0, LAY_DOWN)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("deferring_allowed", "accepted"), [(True, True), (False, False)])
def test_regression_restricted_deferral_of_a_ship_in_the_launch_row(
    scenario_of, assert_accepts, deferring_allowed, accepted
):
    """27.7272 C, D: a ship in the Launch row is launched at no shipbuilding or BRP cost, so with
    deferring restricted its deferral is never involuntary: Kiel (rate 1) spends its point continuing
    Bismarck (row 3 of spring) and Graf Zeppelin, in the Launch row of spring, may not wait; with
    deferring allowed it may. The planner had excused it by the yard's spent point."""
    chart = [
        {
            "id": "Graf",
            "unit": "carrier",
            "carrier_class": "cvl",
            "factors": 3,
            "row": "launch",
            "column": "spring",
        },
        {"id": "Bismarck", "unit": "capital_ship", "factors": 5, "row": 3, "column": "spring"},
    ]
    naval = {"shipyards": [{"id": "kiel", "rate": 1, "chart": chart}], "deferring_allowed": deferring_allowed}
    model, variables, _ = build_model(prepare(germany(scenario_of, naval)))
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Bismarck", 0, CONTINUE)
    variables.naval.fix(model, "germany/kiel/Graf", 0, ChartAction.DEFER)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("continued", "accepted"), [(True, True), (False, False)])
def test_regression_restricted_deferral_excused_only_by_points_on_the_column(
    scenario_of, assert_accepts, continued, accepted
):
    """27.7272 C, with 27.7322's example ("the U.S. must continue the construction of existing ships -
    27.7272C"): with deferring restricted, Graf (3 factors, row 3 of spring) waits at Kiel (rate 1)
    when the point went to Seydlitz, also in the spring column, not when both wait and it went to a
    submarine (new work, 27.721 A). The planner had excused any point spent."""
    chart = [
        {"id": "Graf", "unit": "capital_ship", "factors": 3, "row": 3, "column": "spring"},
        {"id": "Seydlitz", "unit": "capital_ship", "factors": 3, "row": 2, "column": "spring"},
    ]
    naval = {
        "shipyards": [{"id": "kiel", "rate": 1, "chart": chart}],
        "sw_units": [{"id": "u", "unit": "submarine", "count": 1}],
        "deferring_allowed": False,
    }
    model, variables, _ = build_model(prepare(germany(scenario_of, naval)))
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Graf", 0, ChartAction.DEFER)
    if continued:
        variables.naval.fix(model, "germany/kiel/Seydlitz", 0, CONTINUE)
    else:
        variables.naval.fix(model, "germany/kiel/Seydlitz", 0, ChartAction.DEFER)
        variables.naval.fix_sw(model, "germany/u", "germany/kiel", 1)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("brps", "brp_base", "oil_spent", "accepted"),
    [
        (30, 300, 0, True),  # keeps 5: the step past the threshold costs 6 (27.35 A, D)
        (31, 300, 0, False),  # keeps 6: it pays the doubled step
        (30, 300, 1, False),  # one counter: threshold 50 (27.35 B), the step fits at 3
        (200, 90, 0, True),  # limit 30 (27.32 A), 25 used: 5 left, short of 6 (27.35 G)
        (200, 93, 0, False),  # limit 31: 6 left
    ],
)
def test_regression_restricted_deferral_excused_by_the_price_past_the_oil_threshold(
    scenario_of, assert_accepts, brps, brp_base, oil_spent, accepted
):
    """27.7272 C with 27.35: Germany builds 25 infantry factors (25 BRPs, 27.11), the first 25 BRPs of
    builds at normal cost without oil counters (27.35 A), so another step on Graf Zeppelin (3 factors,
    row 3 of spring at Kiel, rate 2) would be past the threshold, "at double the normal construction
    cost" (27.35 D): 6 BRPs. With deferring restricted, Graf may wait when Germany keeps 5 BRPs, or has
    5 BRPs of construction limit left, which pay 3 but not 6; not with 6, nor when an oil counter spent
    raises the threshold to 50 BRPs (27.35 B) and the step costs 3. The planner had refused the wait
    whenever 3 BRPs were left."""
    chart = [
        {"id": "Graf", "unit": "carrier", "carrier_class": "cvl", "factors": 3, "row": 3, "column": "spring"}
    ]
    naval = {"shipyards": [{"id": "kiel", "chart": chart}], "deferring_allowed": False}
    infantry = {"id": "inf", "unit": "infantry", "factors": 1, "count": 100}
    scenario = scenario_of(
        {"germany": {"brps": brps, "brp_base": brp_base, "force_pool": [infantry], "naval": naval}},
        oil_counters=1,
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.oil.fix(model, Faction.EUROPEAN_AXIS, oil_spent)
    variables.builds.fix(model, "germany/inf", "berlin", 25)
    variables.naval.fix(model, "germany/kiel/Graf", 0, ChartAction.DEFER)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("vichy_activated", "accepted"), [(False, False), (True, True)])
def test_regression_restricted_deferral_of_a_vichy_ship_that_costs_no_brps(
    scenario_of, assert_accepts, vichy_activated, accepted
):
    """27.7272 C with 27.7265: "There is no BRP cost for such repairs unless Vichy France has associated
    or activated". France has no BRPs and Jean Bart, a Vichy ship in row 2 of spring at Marseilles
    (rate 1), is in the turn's column: with deferring restricted it may not wait before activation,
    since continuing costs it nothing and the yard's point is unspent; after activation the step costs 3
    BRPs France lacks, and it may. The planner had excused the wait for want of 3 BRPs."""
    chart = [
        {"id": "jean-bart", "unit": "capital_ship", "factors": 3, "row": 2, "column": "spring", "vichy": True}
    ]
    naval = {
        "shipyards": [{"id": "marseilles", "chart": chart}],
        "deferring_allowed": False,
        "vichy_activated": vichy_activated,
    }
    scenario = scenario_of(
        {"france": {"brps": 0, "brp_base": 60, "naval": naval}},
        faction="western_allies",
        turn={"season": "spring", "year": 1941},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.naval.fix(model, "france/marseilles/jean-bart", 0, ChartAction.DEFER)
    assert_accepts(model, accepted)


def test_scuttling_frees_capacity(scenario_of, assert_feasible):
    """27.7272 E, 27.741: a ship may be scuttled, whether or not it is in the turn's column, to free
    shipyard capacity: at a full rate-1 yard (two cruisers, capacity 2) a destroyer is laid down once one
    cruiser is scuttled."""
    chart = [
        {"id": "Hipper", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"},
        {"id": "Blucher", "unit": "cruiser", "factors": 2, "row": 2, "column": "winter"},
    ]
    naval = {
        "shipyards": [{"id": "kiel", "rate": 1, "chart": chart}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 1}],
    }
    data = prepare(germany(scenario_of, naval))
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Hipper", 0, ChartAction.SCUTTLE)
    variables.naval.fix(model, "germany/kiel/dd#1", 0, LAY_DOWN)
    assert_feasible(model)


@pytest.mark.parametrize(
    ("power", "yard", "owner", "protected", "scuttled"),
    [
        ("france", "lorient", "minor", False, False),
        ("france", "lorient", "britain", False, False),  # the regression: offered before
        ("france", "lorient", None, False, False),
        ("britain", "glasgow", "france", False, True),  # Britain scuttles it: refused before
        ("britain", "glasgow", "france", True, False),
        ("britain", "glasgow", None, False, True),
        ("britain", "glasgow", None, True, True),
        ("france", "lorient", "britain", True, False),
    ],
)
def test_regression_france_scuttles_no_ship_on_its_chart(
    scenario_of, power, yard, owner, protected, scuttled
):
    """27.7272 E "EXCEPTION: France may never scuttle ships" [reading]: the power scuttling is the one
    acting on the chart (27.7272: "on each of his Naval Construction Charts"), so no cruiser on the
    Lorient chart is scuttled, a minor country's (27.7266 C) or Britain's included, while Britain may
    scuttle a French cruiser on its own Glasgow chart (refused before), as a British one. With the setting
    french_ships_never_scuttled (`protected`) the French cruiser at Glasgow is not scuttled either. The
    planner had let France scuttle none but had offered a British ship at Lorient."""
    cruiser = {"id": "Emile", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"}
    if owner is not None:
        cruiser["owner"] = owner
    naval = {"shipyards": [{"id": yard, "rate": 1, "chart": [cruiser]}]}
    others = {"britain": {}} if power == "france" else {"france": {}}
    scenario = scenario_of(
        {power: {"naval": naval}, **others},
        faction="western_allies",
        settings={"french_ships_never_scuttled": protected},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    if scuttled:
        variables.naval.fix(model, f"{power}/{yard}/Emile", 0, ChartAction.SCUTTLE)
    else:
        with pytest.raises(ValueError, match="cannot scuttle in turn 0"):
            variables.naval.fix(model, f"{power}/{yard}/Emile", 0, ChartAction.SCUTTLE)


@pytest.mark.parametrize(("cves", "accepted"), [(4, True), (5, False)])
def test_american_cves_limited_by_but_not_counted_against_naval_air(
    scenario_of, assert_accepts, cves, accepted
):
    """27.61, 27.7223 C: American CVE construction is limited by, but not counted against, the naval air
    training rate (U.S. 4): with 4 naval air factors built, 4 CVEs laid down are accepted, 5 refused
    (the yard's one-factor half-rate, 5 of 10, is not what binds)."""
    naval = {
        "shipyards": [{"id": "us_atlantic_box", "rate": 10}],
        "designs": [{"id": "cve", "unit": "escort_carrier", "factors": 1, "count": 6}],
    }
    nas = {"id": "nas", "unit": "naval_air", "factors": 1, "count": 4}
    scenario = scenario_of(
        {"usa": {"force_pool": [nas], "naval": naval}},
        faction="western_allies",
        us_at_war={"europe": True, "pacific": True},
    )
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    assert variables.naval is not None
    variables.builds.fix(model, "usa/nas", "us_atlantic_box", 4)
    for i in range(1, cves + 1):
        variables.naval.fix(model, f"usa/us_atlantic_box/cve#{i}", 0, LAY_DOWN)
    assert_accepts(model, accepted)


def britain(scenario_of, naval, **fields):
    """Britain in spring 1942 with Glasgow (rate 4), Canada (rate 1) and Australia (rate 1) (27.731 E)."""
    return scenario_of({"britain": {"naval": naval}}, faction="western_allies", **fields)


BRITISH_YARDS = [{"id": "glasgow"}, {"id": "canada_box"}, {"id": "australia_box"}]


@pytest.mark.parametrize(
    ("yard", "accepted"), [("glasgow", True), ("canada_box", True), ("australia_box", False)]
)
def test_sw_units_only_where_27_711_allows(scenario_of, yard, accepted):
    """27.711 A, C: British ASW are built in a controlled, fully supplied port of Britain or in Canada;
    27.711 names no Australian place, so the Australia yard's point builds none (27.712 D: it builds
    destroyers and cruisers)."""
    naval = {"shipyards": BRITISH_YARDS, "sw_units": [{"id": "asw", "unit": "asw", "count": 1}]}
    model, variables, _ = build_model(prepare(britain(scenario_of, naval)))
    assert variables.naval is not None
    if accepted:
        variables.naval.fix_sw(model, "britain/asw", f"britain/{yard}", 1)
    else:
        with pytest.raises(ValueError, match="27.711"):
            variables.naval.fix_sw(model, "britain/asw", f"britain/{yard}", 1)


@pytest.mark.parametrize(
    ("isolated", "accepted"), [(("kiel",), True), (("kiel", "hamburg", "konigsberg"), False)]
)
def test_sw_units_need_a_controlled_fully_supplied_home_port(scenario_of, assert_accepts, isolated, accepted):
    """27.711 A, 27.71: submarines are built in any controlled, fully supplied port of the home country,
    and losing a yard leaves the power able to build them in other ports: with Kiel isolated a
    submarine paid with Kiel's point is built at Hamburg; with every German port isolated (Kiel,
    Hamburg, Konigsberg) none is."""
    naval = {"shipyards": [{"id": "kiel"}], "sw_units": [{"id": "u", "unit": "submarine", "count": 1}]}
    scenario = scenario_of(
        {"germany": {"naval": naval}}, map={"sites": {site: {"supply": "isolated"} for site in isolated}}
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    assert (("germany/u", "germany/kiel") in variables.naval.sw) is accepted
    if accepted:
        variables.naval.fix_sw(model, "germany/u", "germany/kiel", 1)
        assert_accepts(model, True)


KIEL_STANDING = {
    "held": {},
    "isolated": {"kiel": {"supply": "isolated"}},
    "held by Britain": {"kiel": {"controller": "britain"}},
}


@pytest.mark.parametrize(
    ("standing", "accepted"), [("held", True), ("isolated", False), ("held by Britain", False)]
)
def test_a_shipyard_is_a_controlled_fully_supplied_port(scenario_of, assert_accepts, standing, accepted):
    """27.712 A, 27.71: cruisers are built in a controlled, fully supplied home port with an anchor: at
    Kiel held and supplied, the cruiser in row 2 of the spring column is finished (continue, 1 SB + 3
    BRPs) and another laid down; with Kiel isolated neither may be done; with Kiel held by Britain the
    cruiser in row 2 is displaced off the chart (27.71) and nothing is laid down. A submarine paid with
    Kiel's point is still built at Hamburg (27.71)."""
    chart = [{"id": "Hipper", "unit": "cruiser", "factors": 2, "row": 2, "column": "spring"}]
    naval = {
        "shipyards": [{"id": "kiel", "rate": 3, "chart": chart}],
        "designs": [{"id": "ca", "unit": "cruiser", "factors": 2, "count": 1}],
        "sw_units": [{"id": "u", "unit": "submarine", "count": 1}],
    }
    scenario = scenario_of({"germany": {"naval": naval}}, map={"sites": KIEL_STANDING[standing]})
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    ships = variables.naval.naval.ships
    variables.naval.fix_sw(model, "germany/u", "germany/kiel", 1)
    if standing == "held by Britain":
        assert "germany/kiel/Hipper" not in ships and "germany/kiel/ca#1" not in ships
        assert variables.naval.naval.lost_ships[Power.GERMANY] == ["kiel/Hipper displaced"]
        assert_accepts(model, True)
        return
    variables.naval.fix(model, "germany/kiel/Hipper", 0, CONTINUE)
    assert ("germany/kiel/ca#1" in ships) is accepted
    if accepted:
        variables.naval.fix(model, "germany/kiel/ca#1", 0, LAY_DOWN)
    assert_accepts(model, accepted)


def test_capture_displaces_rows_2_and_launch_and_eliminates_the_rest(scenario_of):
    """27.71, 27.7281, 27.7282: the capture of a shipyard by an opposing faction displaces ships in the
    "2" or "Launch" row and eliminates all other ships being built there; ships waiting for repair are
    not being built and stay (unrepaired, 27.7264)."""
    chart = [
        {"id": "Z1", "unit": "destroyer", "factors": 1, "row": "launch", "column": "summer"},
        {"id": "Hipper", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"},
        {"id": "Graf", "unit": "capital_ship", "factors": 3, "row": 3, "column": "winter"},
        {"id": "H", "unit": "capital_ship", "factors": 5, "row": 5, "column": "spring"},
    ]
    waiting = [{"id": "Gneisenau", "unit": "capital_ship", "factors": 3}]
    naval = {"shipyards": [{"id": "kiel", "rate": 3, "chart": chart, "waiting_for_repair": waiting}]}
    scenario = scenario_of({"germany": {"naval": naval}}, map={"sites": {"kiel": {"controller": "britain"}}})
    data = prepare(scenario)
    assert data.naval is not None
    assert data.naval.lost_ships[Power.GERMANY] == [
        "kiel/Z1 displaced",
        "kiel/Hipper displaced",
        "kiel/Graf eliminated",
        "kiel/H eliminated",
    ]
    assert set(data.naval.ships) == {"germany/kiel/Gneisenau"}


@pytest.mark.parametrize(("standing", "accepted"), [("held", True), ("isolated", False)])
def test_repairs_need_a_fully_supplied_port(scenario_of, assert_accepts, standing, accepted):
    """27.7264: ships are repaired in a fully supplied port controlled by the owner's faction: a damaged
    cruiser (repaired free, 27.7267) starts repairs at Kiel supplied, not at Kiel isolated."""
    waiting = [{"id": "Hipper", "unit": "cruiser", "factors": 2}]
    naval = {"shipyards": [{"id": "kiel", "waiting_for_repair": waiting}]}
    scenario = scenario_of({"germany": {"naval": naval}}, map={"sites": KIEL_STANDING[standing]})
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Hipper", 0, ChartAction.START_REPAIR)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("war", "accepted"),
    [({"europe": False, "pacific": False}, False), ({"pacific": True}, True), ({"europe": True}, True)],
)
def test_regression_us_box_repairs_before_war(scenario_of, assert_accepts, war, accepted):
    """27.7264: "Western Allied ships may also be repaired in Australia, Canada and, if the U.S. is at
    war with Germany or Japan, in either U.S. box": the damaged Arizona (4 factors) waiting in the
    Pacific U.S. box starts repairs (1 SB + 3 BRPs, 27.7267) once the U.S. is at war with Japan or with
    Germany, not before (the planner had repaired it in the U.S. box at peace)."""
    waiting = [{"id": "Arizona", "unit": "capital_ship", "factors": 4}]
    naval = {"shipyards": [{"id": "us_pacific_box", "rate": 2, "waiting_for_repair": waiting}]}
    scenario = scenario_of({"usa": {"naval": naval}}, faction="western_allies", us_at_war=war)
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.naval.fix(model, "usa/us_pacific_box/Arizona", 0, ChartAction.START_REPAIR)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("destroyers", "accepted"), [(1, True), (0, False)])
def test_us_grant_to_canada_pays_for_canadian_shipbuilding(scenario_of, assert_accepts, destroyers, accepted):
    """40.244: U.S. grants to Canada are limited to Canada's construction spending "including
    shipbuilding": a 3-BRP grant is met by one destroyer laid down at the Canada yard (1 SB + 3 BRPs,
    27.7251); with nothing built in Canada it is refused. Regression: only land units counted."""
    naval = {
        "shipyards": [{"id": "canada_box"}],
        "designs": [{"id": "dd", "unit": "destroyer", "factors": 1, "count": 1}],
    }
    scenario = scenario_of(
        {"britain": {"naval": naval}, "usa": {"grants_made": [{"to": "canada", "brps": 3}]}},
        faction="western_allies",
        us_at_war={"europe": True, "pacific": True},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    if destroyers:
        variables.naval.fix(model, "britain/canada_box/dd#1", 0, LAY_DOWN)
    else:
        model.add(sum(variables.naval.act.values()) == 0)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("infantry_brps", "accepted"), [(3, True), (4, False)])
def test_australian_ships_count_against_the_australian_limit(
    scenario_of, assert_accepts, infantry_brps, accepted
):
    """27.473 B: the Australian construction limit is nine BRPs a turn, and Australian ships are
    Australian construction: beside 3 BRPs of Australian infantry, two cruisers laid down at the
    Australia yard (3 BRPs each, 27.7251) make 9 and are accepted; with 4 BRPs of infantry, 10 are
    refused. Regression: Australian ships never counted against Australia's own limit."""
    naval = {
        "shipyards": [{"id": "australia_box", "rate": 2}],
        "designs": [{"id": "ca", "unit": "cruiser", "factors": 2, "count": 2}],
    }
    infantry = {"id": "aus", "unit": "infantry", "factors": 1, "count": 6, "nationality": "australian"}
    scenario = scenario_of({"britain": {"naval": naval, "force_pool": [infantry]}}, faction="western_allies")
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.builds.fix(model, "britain/aus", "australia_box", infantry_brps)
    for n in (1, 2):
        variables.naval.fix(model, f"britain/australia_box/ca#{n}", 0, LAY_DOWN)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("setting", "accepted"), [(False, True), (True, False)])
def test_australian_ships_and_the_british_limit(scenario_of, assert_accepts, setting, accepted):
    """27.473 B, 27.31 [reading, `australian_builds_count_against_british_limit`]: Australian ships are
    Australian construction and count against the British limit only with the setting, like
    Australian land units: with a British limit of 3 (BRP base 9, 27.32), a cruiser laid down at
    Glasgow and one at the Australia yard (3 BRPs each) are accepted by default, refused with it."""
    naval = {
        "shipyards": [{"id": "glasgow"}, {"id": "australia_box"}],
        "designs": [{"id": "ca", "unit": "cruiser", "factors": 2, "count": 2}],
    }
    scenario = scenario_of(
        {"britain": {"naval": naval, "brp_base": 9}},
        faction="western_allies",
        settings={"australian_builds_count_against_british_limit": setting},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.naval.fix(model, "britain/glasgow/ca#1", 0, LAY_DOWN)
    variables.naval.fix(model, "britain/australia_box/ca#1", 0, LAY_DOWN)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("only_construction", "brps", "accepted"),
    [
        (False, 48, True),  # 12 steps: 8 inside (24 of 25 BRPs), 4 past at 6 BRPs: 36 + 12
        (False, 47, False),
        (True, 36, True),  # 8 construction steps, all inside: repairs, raising, extras at cost
        (True, 35, False),
    ],
)
def test_repair_raising_and_acceleration_extras_and_the_oil_threshold(
    scenario_of, assert_accepts, only_construction, brps, accepted
):
    """27.35 A, D with 27.72, 27.7262, 27.7267, 27.7272 B: with no oil counter the first 25 BRPs of
    builds are at normal cost. Seven cruisers laid down (7 x 3), a knight's move of a 5-factor ship
    (9: the normal 3 and 6 extra), a named ship's repair (3) and raising a ship sunk in port (3) are 36
    BRPs at normal cost. Read as all construction, they are 12 steps of 3, 8 inside and 4 past at 6:
    48 BRPs. Read with only construction proper priced by oil (setting naval_oil_only_construction),
    the 8 steps of lay-downs and the accelerated step's normal 3 BRPs (24) fit inside: 36 BRPs."""
    naval = {
        "shipyards": [
            {
                "id": "kiel",
                "rate": 12,
                "chart": [{"id": "Graf", "unit": "capital_ship", "factors": 5, "row": 5, "column": "spring"}],
                "waiting_for_repair": [{"id": "Scharnhorst", "unit": "capital_ship", "factors": 3}],
            }
        ],
        "designs": [{"id": "ca", "unit": "cruiser", "factors": 2, "count": 7}],
        "sunk_in_port": [{"id": "Gneisenau", "unit": "capital_ship", "factors": 3, "yard": "kiel"}],
    }
    scenario = scenario_of(
        {"germany": {"brps": brps, "naval": naval}},
        turn={"season": "spring", "year": 1942},
        settings={"naval_oil_only_construction": only_construction},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    for ship in ships("ca", 7):
        variables.naval.fix(model, ship, 0, LAY_DOWN)
    variables.naval.fix(model, "germany/kiel/Graf", 0, ChartAction.ACCELERATE_KNIGHT)
    variables.naval.fix(model, "germany/kiel/Scharnhorst", 0, ChartAction.START_REPAIR)
    variables.naval.fix(model, "germany/kiel/Gneisenau", 0, ChartAction.RAISE)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("sites", "accepted"),
    [({}, True), ({"kiel": {"supply": "isolated"}}, True), ({"kiel": {"controller": "britain"}}, False)],
)
def test_raising_needs_a_controlled_yard_not_a_supplied_one(scenario_of, assert_accepts, sites, accepted):
    """27.7263: the point raising a ship sunk in port "is taken from any shipyard controlled by the
    owning major power", with no word of supply: Lutzow is raised with a point of Kiel while Kiel is
    German, supplied or isolated; not once Britain holds Kiel."""
    naval = {
        "shipyards": [{"id": "kiel", "rate": 2}],
        "sunk_in_port": [{"id": "Lutzow", "unit": "capital_ship", "factors": 2, "yard": "kiel"}],
    }
    scenario = scenario_of(
        {"germany": {"naval": naval}}, turn={"season": "spring", "year": 1942}, map={"sites": sites}
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.naval is not None
    variables.naval.fix(model, "germany/kiel/Lutzow", 0, ChartAction.RAISE)
    assert_accepts(model, accepted)
