"""The checker's routes: closures, capacities, transports and openings (40.22, 40.4-40.8)."""

from __future__ import annotations

import pytest

from models.plan import RouteOpening
from models.route_data import LEG_CONDITIONS, LEGS, Route, leg_id
from models.scenario import GrantsState
from models.tables import Power
from optimizer.checker import check
from optimizer.checker.brps import brps_available
from optimizer.checker.grants import routes
from optimizer.checker.grants.routes import oil_allowed, route_capacity, route_closure, transports_required
from optimizer.checker.limits import construction_limit

from .helpers import (
    AXIS,
    BRITAIN_ARCHANGEL,
    BRITAIN_MURMANSK,
    BRITAIN_PERSIA,
    BRITAIN_TURKEY,
    GERMANY_ITALY,
    RU,
    US_BRITAIN,
    US_BURMA_ROAD_BY_INDIA,
    US_CANADA,
    US_CHINESE_PORT,
    US_HAIPHONG,
    US_HUMP,
    US_INDIA_BY_SOUTH_AFRICA,
    US_MURMANSK,
    US_PERSIA,
    US_SIBERIA,
    US_SOUTH_AFRICA,
    build,
    grant,
    plan,
    rules,
    scenario,
)


def test_checker_leg_sets_name_real_legs() -> None:
    """The legs closed by the map's state (40.412, 40.53, 40.62, 40.252, 40.82 A) are legs of the
    route map, each closed by a true-or-false field of the `grants:` section."""
    named = routes.ARCHANGEL_LEGS.union(*(condition.legs for condition in LEG_CONDITIONS))
    assert named <= {leg_id(leg) for leg in LEGS}
    for condition in LEG_CONDITIONS:
        value: object = GrantsState()
        for part in condition.field.split("."):
            value = getattr(value, part)  # a field of the section, or AttributeError
        assert isinstance(value, bool)


@pytest.mark.parametrize(
    ("turns", "capacity"), [(0, 0), (1, 5), (2, 10), (3, 15), (4, 20), (5, 20), (12, 20)]
)
def test_murmansk_capacity_grows_with_the_war(turns: int, capacity: int) -> None:
    """40.411: the Murmansk route carries 5 BRPs in the first Allied player turn after war between
    Russia and Germany, 10 in the second, 15 in the third, and 20 in each turn thereafter;
    nothing before the war."""
    s = scenario(grants={"germany_russia_war_turns": turns})
    assert route_capacity(s, Route.MURMANSK) == capacity
    if turns:
        assert check(s, plan(grant("britain", BRITAIN_MURMANSK, capacity))) == []
        result = check(s, plan(grant("britain", BRITAIN_MURMANSK, capacity), grant("usa", US_MURMANSK, 1)))
        assert rules(result) == ["40.411"]
        assert result[0].message == (
            f"murmansk: {capacity + 1} BRPs (oil counters at 10) sent by a route of capacity {capacity} this turn"
        )


def test_murmansk_one_capacity_for_both_termini() -> None:
    """40.411, 40.412 (README: one capacity for both termini): in the second turn of war 6 BRPs by
    Murmansk and 5 by Archangel exceed the route's 10."""
    s = scenario(grants={"germany_russia_war_turns": 2})
    assert rules(
        check(s, plan(grant("britain", BRITAIN_MURMANSK, 6), grant("britain", BRITAIN_ARCHANGEL, 5)))
    ) == ["40.411"]
    assert check(s, plan(grant("britain", BRITAIN_MURMANSK, 5), grant("britain", BRITAIN_ARCHANGEL, 5))) == []


def test_archangel_closed_in_winter() -> None:
    """40.412 B: Archangel (A50) receives convoys in summer and fall turns only (not in winter or
    spring); 40.412 A: Murmansk (A47) year round."""
    winter = scenario(turn={"season": "winter", "year": 1942})
    result = check(winter, plan(grant("britain", BRITAIN_ARCHANGEL, 5)))
    assert rules(result) == ["40.412 B"]
    assert "summer and fall only" in result[0].message
    assert check(winter, plan(grant("britain", BRITAIN_MURMANSK, 5))) == []
    for season, closed in (("spring", ["40.412 B"]), ("summer", []), ("fall", [])):
        s = scenario(turn={"season": season, "year": 1942})
        assert rules(check(s, plan(grant("britain", BRITAIN_ARCHANGEL, 5)))) == closed


def test_murmansk_terminus_and_vologda() -> None:
    """40.412 A: without A47 no convoy through Murmansk; 40.412 C: with Vologda Axis, in an Axis
    ZoC or cut from the eastern edge, no convoy at all."""
    lost_a47 = scenario(grants={"murmansk": {"murmansk_a47": False}})
    assert rules(check(lost_a47, plan(grant("britain", BRITAIN_MURMANSK, 5)))) == ["40.412 A"]
    assert check(lost_a47, plan(grant("britain", BRITAIN_ARCHANGEL, 5))) == []
    vologda = scenario(grants={"murmansk": {"vologda_open": False}})
    assert rules(check(vologda, plan(grant("britain", BRITAIN_ARCHANGEL, 5)))) == ["40.412 C"]


def test_persia_with_one_partisan_carries_five_and_no_oil() -> None:
    """40.51 B: each Persian partisan adjacent to Abadan, Ahwaz or Tehran reduces the route by 5
    BRPs: one partisan leaves 5; 40.51 C: no oil by a reduced Persian route; without partisans
    the route carries 10, or one oil counter (40.25 B, 40.251)."""
    s = scenario(grants={"persia": {"partisans": 1}})
    assert route_capacity(s, Route.PERSIA) == 5
    assert not oil_allowed(s, Route.PERSIA)
    assert check(s, plan(grant("britain", BRITAIN_PERSIA, 5))) == []
    assert rules(check(s, plan(grant("britain", BRITAIN_PERSIA, 6)))) == ["40.51"]
    result = check(s, plan(grant("britain", BRITAIN_PERSIA, 0, oil=1), spent={RU: 1}))
    assert rules(result) == ["40.251", "40.51"]
    full = scenario()
    assert route_capacity(full, Route.PERSIA) == 10
    assert check(full, plan(grant("britain", BRITAIN_PERSIA, 0, oil=1), spent={RU: 1})) == []
    assert route_capacity(scenario(grants={"persia": {"partisans": 3}}), Route.PERSIA) == 0


def test_persia_usable_from_the_turn_after_opening() -> None:
    """40.54: grants go through Persia starting in the turn after the route is opened; opening it
    in this plan does not make it usable now; 40.53: not without the supply line through Tehran."""
    s = scenario(grants={"persia": {"opened": False}})
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    assert check(s, plan(openings=[opening])) == []
    result = check(s, plan(grant("britain", BRITAIN_PERSIA, 5), openings=[opening]))
    assert rules(result) == ["40.54"]
    assert route_closure(s, Route.PERSIA) == ("40.54", "the Persian route was not opened in an earlier turn")
    cut = scenario(grants={"persia": {"supply_line": False}})
    assert rules(check(cut, plan(grant("usa", US_PERSIA, 5)))) == ["40.53"]


@pytest.mark.parametrize(("partisans", "capacity"), [(0, 10), (1, 8), (3, 4), (4, 4), (9, 4)])
def test_turkey_reduced_by_partisans(partisans: int, capacity: int) -> None:
    """40.61 B, 40.65: each Axis Turkish partisan reduces the Turkish route by 2 BRPs, at most 6."""
    s = scenario(grants={"turkey": {"partisans": partisans}})
    assert route_capacity(s, Route.TURKEY) == capacity
    assert oil_allowed(s, Route.TURKEY) is (partisans == 0)
    assert check(s, plan(grant("britain", BRITAIN_TURKEY, capacity))) == []
    assert rules(check(s, plan(grant("britain", BRITAIN_TURKEY, capacity + 1)))) == ["40.61"]


def test_turkey_needs_ankara_and_its_supply_line() -> None:
    """40.61 A: the Turkish route needs Ankara under Allied control; 40.62: a supply line from the
    Turkish port to Russia."""
    assert rules(
        check(
            scenario(grants={"turkey": {"ankara_allied": False}}), plan(grant("britain", BRITAIN_TURKEY, 5))
        )
    ) == ["40.61"]
    assert rules(
        check(scenario(grants={"turkey": {"supply_line": False}}), plan(grant("britain", BRITAIN_TURKEY, 5)))
    ) == ["40.62"]


def test_siberia_at_five_when_japan_holds_vladivostok() -> None:
    """40.73 A: 10 BRPs by Siberia once the Alaska highway is built; 40.73 B: 5 if Japan controls
    Vladivostok or Dutch Harbor, or is at war with Russia; 40.73 C: then no oil."""
    s = scenario(grants={"siberia": {"japan_controls_vladivostok_or_dutch_harbor": True}})
    assert route_capacity(s, Route.SIBERIA) == 5
    assert (
        route_capacity(scenario(grants={"siberia": {"japan_at_war_with_russia": True}}), Route.SIBERIA) == 5
    )
    assert route_capacity(scenario(), Route.SIBERIA) == 10
    assert check(s, plan(grant("usa", US_SIBERIA, 5))) == []
    assert rules(check(s, plan(grant("usa", US_SIBERIA, 6)))) == ["40.73"]
    assert rules(check(s, plan(grant("usa", US_SIBERIA, 0, oil=1), spent={RU: 1}))) == ["40.251", "40.73"]
    assert check(scenario(), plan(grant("usa", US_SIBERIA, 0, oil=1), spent={RU: 1})) == []
    not_built = scenario(grants={"siberia": {"highway_built": False}})
    assert rules(check(not_built, plan(grant("usa", US_SIBERIA, 5)))) == ["40.71"]


def test_routes_to_china() -> None:
    """40.83: 10 BRPs by a recaptured Chinese port (40.831 A) or by Haiphong (40.831 B); 40.84: 10
    by the Burma Road, closed without its supply lines (40.841); 40.85: 5 over the Hump, which
    needs an uninverted air transport factor (40.851)."""
    s = scenario()
    assert [
        route_capacity(s, r) for r in (Route.CHINESE_PORT, Route.HAIPHONG, Route.BURMA_ROAD, Route.HUMP)
    ] == [10, 10, 10, 5]
    assert check(s, plan(grant("usa", US_HUMP, 5), grant("usa", US_CHINESE_PORT, 10))) == []
    assert rules(check(s, plan(grant("usa", US_HUMP, 6)))) == ["40.85"]
    assert rules(check(s, plan(grant("usa", US_CHINESE_PORT, 11)))) == ["40.83"]
    no_transport = scenario(grants={"china": {"air_transport_factors": 0}})
    assert route_capacity(no_transport, Route.HUMP) == 0
    assert rules(check(no_transport, plan(grant("usa", US_HUMP, 1)))) == ["40.85"]
    no_port = scenario(grants={"china": {"port_recaptured": False}})
    assert rules(check(no_port, plan(grant("usa", US_CHINESE_PORT, 1)))) == ["40.83"]
    no_road = scenario(grants={"china": {"burma_road": False}})
    assert rules(check(no_road, plan(grant("usa", US_BURMA_ROAD_BY_INDIA, 1)))) == ["40.84"]
    assert rules(check(s, plan(grant("usa", US_BURMA_ROAD_BY_INDIA, 11)))) == ["40.84"]


def test_twelve_brps_by_sea_need_three_transports() -> None:
    """40.221: grants by sea need one transport per five BRPs, rounded up: 12 BRPs from the U.S.
    to Britain need 3 Atlantic transports; 2 are not enough."""
    p = plan(grant("usa", US_BRITAIN, 12))
    assert transports_required(scenario(), p) == {"us_atlantic_box->britain": 3}
    assert check(scenario(grants={"transports": {"atlantic": 3}}), p) == []
    result = check(scenario(grants={"transports": {"atlantic": 2}}), p)
    assert rules(result) == ["40.221"]
    assert result[0].message == "atlantic: 3 transports needed (us_atlantic_box->britain 3), 2 available"


def test_transports_shared_between_two_boxes() -> None:
    """40.222: grants to different destinations share transports between the same two mapboard
    boxes: the U.S. grants South Africa 3 and India 2 through the South Africa box; the
    U.S. Atlantic box -> South Africa box leg carries 5 BRPs on 1 transport (2 if each grant
    rounded up its own), then 2 BRPs go on to India on 1 Indian Ocean transport."""
    s = scenario(grants={"transports": {"atlantic": 1, "indian": 1}})
    builds = [
        build("britain", "south-african", "south_africa_box", 3),
        build("britain", "indian", "calcutta", 2),
    ]
    p = plan(grant("usa", US_SOUTH_AFRICA, 3), grant("usa", US_INDIA_BY_SOUTH_AFRICA, 2), builds=builds)
    assert transports_required(s, p) == {
        "us_atlantic_box->south_africa_box": 1,
        "south_africa_box->india_box": 1,
    }
    assert check(s, p) == []


def test_transports_not_shared_off_the_boxes() -> None:
    """40.221, 40.222: from the South Africa box to the Persian Gulf (not a mapboard box) each
    grant rounds up its own: Britain's 3 BRPs and the U.S.'s 2 need 2 Indian Ocean transports,
    not 1; one more for an oil counter (40.252)."""
    s = scenario(grants={"transports": {"indian": 1}})
    p = plan(grant("britain", BRITAIN_PERSIA, 3), grant("usa", US_PERSIA, 2))
    required = transports_required(s, p)
    assert required["south_africa_box->persian_gulf"] == 2
    assert required["us_atlantic_box->south_africa_box"] == 1
    assert required["britain->south_africa_box"] == 1
    assert rules(check(s, p)) == ["40.221"]
    assert check(scenario(grants={"transports": {"atlantic": 2, "indian": 2}}), p) == []
    with_oil = plan(grant("britain", BRITAIN_PERSIA, 0, oil=1), spent={RU: 1})
    assert transports_required(s, with_oil) == {
        "britain->south_africa_box": 1,
        "south_africa_box->persian_gulf": 1,
    }


def test_land_and_air_legs_need_no_transports() -> None:
    """40.244 A: Canada by land; 40.85: the Hump is flown; 40.241: Germany to Italy by land; only
    the sea legs need transports (the Hump's sea leg to the Burma port does, Pacific)."""
    s = scenario()
    assert transports_required(s, plan(grant("usa", US_CANADA, 9))) == {}
    assert transports_required(s, plan(grant("usa", US_HUMP, 5))) == {"us_pacific_box->burma_port": 1}
    assert transports_required(scenario(AXIS), plan(grant("germany", GERMANY_ITALY, 9))) == {}


def test_no_oil_by_a_route_under_ten() -> None:
    """40.251: oil may not go by a route with a capacity under 10 BRPs a turn: Murmansk carries 5
    in the first turn of war, 10 in the second."""
    first = scenario(grants={"germany_russia_war_turns": 1})
    assert not oil_allowed(first, Route.MURMANSK)
    assert rules(check(first, plan(grant("britain", BRITAIN_MURMANSK, 0, oil=1)))) == ["40.251", "40.411"]
    second = scenario(grants={"germany_russia_war_turns": 2})
    assert oil_allowed(second, Route.MURMANSK)
    assert check(second, plan(grant("britain", BRITAIN_MURMANSK, 0, oil=1))) == []


def test_opening_the_persian_route() -> None:
    """40.521: a Western Allied major power pays 25 BRPs to open Persia, outside its construction
    limit; 40.522: 15 once war has been declared on Persia; 40.525: not before Germany and
    Russia are at war (unless Russia has surrendered), nor while the Axis control Tehran, nor
    while Persia is unconquered after an Allied declaration of war."""
    s = scenario(grants={"persia": {"opened": False}})
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    p = plan(openings=[opening])
    assert check(s, p) == []
    assert brps_available(s, Power.BRITAIN, p) == 75
    assert construction_limit(s, Power.BRITAIN, p) == 50
    cheaper = scenario(grants={"persia": {"opened": False, "war_declared_on_persia": True}})
    assert rules(check(cheaper, p)) == ["40.522"]
    assert check(cheaper, plan(openings=[opening.model_copy(update={"brps": 15})])) == []
    assert rules(check(s, plan(openings=[opening.model_copy(update={"brps": 15})]))) == ["40.521"]
    for state in (
        {"germany_russia_war_turns": 0},
        {"persia": {"opened": False, "axis_controls_tehran": True}},
        {"persia": {"opened": False, "unconquered_after_allied_declaration": True}},
        {"persia": {"opened": True}},
    ):
        barred = scenario(grants={"persia": {"opened": False}} | state)
        assert rules(check(barred, p)) == ["40.525"], state
    russia_down = scenario(
        grants={"persia": {"opened": False}, "germany_russia_war_turns": 0, "surrendered": ["russia"]}
    )
    assert check(russia_down, p) == []
    by_russia = plan(openings=[RouteOpening(route="persia", paid_by=Power.RUSSIA, brps=25)])
    assert rules(check(s, by_russia)) == ["40.521"]


def test_building_the_alaska_highway() -> None:
    """40.72: the Alaska highway costs the U.S. 25 BRPs outside its construction limit, only while
    the U.S. and Germany are at war; it serves from the next turn (40.71); 40.225: no other
    route is opened by paying."""
    s = scenario(grants={"siberia": {"highway_built": False}})
    highway = RouteOpening(route="siberia", paid_by=Power.USA, brps=25)
    p = plan(openings=[highway])
    assert check(s, p) == []
    assert brps_available(s, Power.USA, p) == 175
    assert construction_limit(s, Power.USA, p) == 100
    assert rules(check(s, plan(grant("usa", US_SIBERIA, 5), openings=[highway]))) == ["40.71"]
    at_peace = scenario(
        grants={"siberia": {"highway_built": False}}, us_at_war={"europe": False, "pacific": True}
    )
    assert rules(check(at_peace, p)) == ["40.72"]
    assert rules(check(s, plan(openings=[highway.model_copy(update={"paid_by": Power.BRITAIN})]))) == [
        "40.72"
    ]
    assert rules(check(scenario(), p)) == ["40.72"]  # already built
    assert rules(check(s, plan(openings=[RouteOpening(route="turkey", paid_by=Power.USA, brps=25)]))) == [
        "40.225"
    ]


def test_chinese_port_and_french_indochina_share_ten() -> None:
    """40.83: "Up to ten BRPs may be granted to China via a Chinese port or French Indochina each
    turn": with a port recaptured and Haiphong held, 5 + 5 is legal and the 10 + 10 the planner used
    to send is refused; each keeps its own closure (40.831 A, B)."""
    s = scenario()
    assert check(s, plan(grant("usa", US_CHINESE_PORT, 5), grant("usa", US_HAIPHONG, 5))) == []
    both = plan(grant("usa", US_CHINESE_PORT, 10), grant("usa", US_HAIPHONG, 10))
    assert rules(check(s, both)) == ["40.83"]
    no_port = scenario(grants={"china": {"port_recaptured": False}})
    assert check(no_port, plan(grant("usa", US_HAIPHONG, 10))) == []
    assert rules(check(no_port, plan(grant("usa", US_CHINESE_PORT, 1)))) == ["40.83"]


def test_oil_overland_from_abadan_or_mosul_needs_no_transports() -> None:
    """40.252: oil counters moved by land from Abadan or Ahwaz through Persia, or from Mosul through
    Turkey, need no transports: with the land lines held and no transport at all, one counter each
    way is legal. BRPs do not start there (40.21), and without the land line oil does not go (40.53)."""
    s = scenario(
        grants={
            "transports": {},
            "persia": {"oil_land_route": True},
            "turkey": {"mosul_land_route": True},
        }
    )
    persian = grant("britain", ["abadan_ahwaz", "russia"], 0, oil=1)
    iraqi = grant("britain", ["mosul", "russia"], 0, oil=1)
    assert transports_required(s, plan(persian, iraqi)) == {}
    assert check(s, plan(persian, iraqi, spent={RU: 0})) == []
    assert "40.21" in rules(check(s, plan(grant("britain", ["abadan_ahwaz", "russia"], 5))))
    no_line = scenario(grants={"transports": {}})
    assert rules(check(no_line, plan(persian))) == ["40.53"]


def test_a_surrendered_power_does_not_open_the_persian_route_40_521() -> None:
    """40.521: 'one Western Allied major power at war with the Axis must pay 25 BRPs'; a power that has
    surrendered is not at war, so its payment opens nothing."""
    s = scenario(grants={"persia": {"opened": False}, "surrendered": ["britain"]})
    opening = RouteOpening(route="persia", paid_by=Power.BRITAIN, brps=25)
    found = [v for v in check(s, plan(openings=[opening])) if v.rule == "40.521"]
    assert [v.message for v in found] == [
        "opening 1: persia paid by britain: britain has surrendered, not at war with the Axis"
    ]


def test_no_allied_port_in_burma_or_india_closes_the_pacific_leg() -> None:
    """40.82 A: "From the Pacific U.S. box through the Pacific ... to a port in Burma or India": with
    `china.burma_port: false` the Hump's 5 BRPs may not go by the Pacific to such a port; by the South
    Africa and India boxes they may (40.82 C)."""
    s = scenario(grants={"china": {"burma_port": False}})
    result = check(s, plan(grant("usa", US_HUMP, 5)))
    assert rules(result) == ["40.82"]
    assert "no Allied port in Burma or India" in result[0].message
    by_india = ["us_atlantic_box", "south_africa_box", "india_box", "indian_airbase", "kunming", "china"]
    assert check(s, plan(grant("usa", by_india, 5))) == []
