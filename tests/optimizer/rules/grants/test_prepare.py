"""The grant route map this turn (40.3-40.8): numbers from the rules text."""

import pytest

from models.route_data import COUNTRY_NODES, Route
from models.tables import Power
from optimizer.rules.grants.prepare import grant_network, pair_closure, route_openings, route_status

WAR = {"europe": True, "pacific": True}


def allies(scenario_of, powers=None, season="summer", us_at_war=WAR, usat=None, map=None, **grants):
    return scenario_of(
        powers or {"usa": {}, "britain": {}},
        faction="western_allies",
        turn={"season": season, "year": 1942},
        us_at_war=us_at_war,
        usat=usat,
        map=map or {},
        grants=grants,
    )


@pytest.mark.parametrize(("turns", "capacity"), [(1, 5), (2, 10), (3, 15), (4, 20), (5, 20)])
def test_murmansk_capacity_grows(scenario_of, turns, capacity):
    """40.411: 5, 10, 15, then 20 BRPs in the 1st, 2nd, 3rd and later Allied turns after the war began."""
    scenario = allies(scenario_of, germany_russia_war_turns=turns)
    assert route_status(scenario, Route.MURMANSK).capacity == capacity


def test_murmansk_closed_before_the_war(scenario_of):
    """40.411: no capacity before war between Germany and Russia."""
    status = route_status(allies(scenario_of), Route.MURMANSK)
    assert not status.open and status.closure[0] == "40.411"


def test_archangel_closed_in_winter(scenario_of):
    """40.412 B: Archangel only in summer and fall turns."""
    winter = grant_network(allies(scenario_of, season="winter", germany_russia_war_turns=4))
    summer = grant_network(allies(scenario_of, season="summer", germany_russia_war_turns=4))
    assert winter.closed_legs["murmansk_box->archangel"][0] == "40.412 B"
    assert "murmansk_box->archangel" not in summer.closed_legs


def test_persia_with_one_partisan_carries_five_and_no_oil(scenario_of):
    """40.51 B, C: 10 - 5 per partisan; no oil on a reduced route."""
    status = route_status(
        allies(scenario_of, germany_russia_war_turns=4, persia={"opened": True, "partisans": 1}), Route.PERSIA
    )
    assert status.capacity == 5 and status.oil_counters == 0


def test_persia_unopened_is_closed(scenario_of):
    """40.54: grants through Persia start the turn after the route is opened."""
    status = route_status(allies(scenario_of, germany_russia_war_turns=4), Route.PERSIA)
    assert not status.open and status.closure[0] == "40.54"


def test_siberia_at_five_when_japan_holds_vladivostok(scenario_of):
    """40.73 B, C: 5 BRPs if Japan controls Vladivostok or Dutch Harbor, and then no oil."""
    scenario = allies(
        scenario_of, siberia={"highway_built": True, "japan_controls_vladivostok_or_dutch_harbor": True}
    )
    status = route_status(scenario, Route.SIBERIA)
    assert status.capacity == 5 and status.oil_counters == 0


def test_turkey_reduced_two_per_partisan_at_most_six(scenario_of):
    """40.61 B: -2 per Axis Turkish partisan, at most -6."""
    scenario = allies(scenario_of, turkey={"ankara_allied": True, "partisans": 5})
    assert route_status(scenario, Route.TURKEY).capacity == 4


def test_hump_needs_an_air_transport_factor(scenario_of):
    """40.851: one uninverted air transport factor; capacity 5 (40.85)."""
    assert not route_status(allies(scenario_of), Route.HUMP).open
    assert route_status(allies(scenario_of, china={"air_transport_factors": 1}), Route.HUMP).capacity == 5


def test_us_to_russia_needs_war_with_germany(scenario_of):
    """40.331 B: not unless the U.S. is at war with Germany and Germany and Russia are at war."""
    scenario = allies(scenario_of, us_at_war={"europe": False, "pacific": True}, germany_russia_war_turns=2)
    assert pair_closure(scenario, Power.USA, "russia")[0] == "40.331 B"


def test_us_to_australia_only_after_war_with_japan(scenario_of):
    """40.332 B: no U.S. grants to Australia or India before war with Japan or a British surrender."""
    scenario = allies(scenario_of, us_at_war={"europe": True, "pacific": False})
    assert pair_closure(scenario, Power.USA, "australia")[0] == "40.332 B"


def test_usat_26_allows_one_brp(scenario_of):
    """40.331 A: one BRP per USAT level above 25 before war with Germany."""
    network = grant_network(allies(scenario_of, us_at_war={"europe": False, "pacific": False}, usat=26))
    [cap] = [c for c in network.caps if c.rule == "40.331 A"]
    assert cap.brps == 1


def test_us_cap_at_most_25(scenario_of):
    """40.331 A: up to a maximum grant of 25 BRPs per turn."""
    network = grant_network(allies(scenario_of, us_at_war={"europe": False, "pacific": False}, usat=70))
    assert [c.brps for c in network.caps if c.rule == "40.331 A"] == [25]


def test_india_surrender_closes_china_through_india_box(scenario_of):
    """40.332 C: if India surrenders, grants to China through the India box are prohibited."""
    scenario = allies(scenario_of, surrendered=["india"], china={"burma_road": True})
    paths = grant_network(scenario).paths.get((Power.USA, "china"), ())
    assert all("india_box" not in path for path in paths)


def test_fixed_grants_obey_who_may_grant(scenario_of):
    """40.32 B, C, 40.36: Italy, Japan and Russia may not grant BRPs; a fixed grant (no `grants:`
    section) is held to it, named by its field."""
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    italy = scenario_of({"germany": {}, "italy": {"grants_made": [{"to": "germany", "brps": 30}]}})
    japan = scenario_of({"japan": {"grants_made": [{"to": "germany", "brps": 5}]}}, faction="japan")
    russia = scenario_of(
        {"russia": {"grants_made": [{"to": "britain", "brps": 5}]}, "britain": {}}, faction="western_allies"
    )
    for scenario, field, rule in (
        (italy, "powers.italy.grants_made[0]", "40.32 B"),
        (japan, "powers.japan.grants_made[0]", "40.32 C"),
        (russia, "powers.russia.grants_made[0]", "40.36"),
    ):
        [(where, problem)] = fixed_grant_breaches(scenario)
        assert where == field and f"({rule})" in problem


def test_fixed_us_grants_before_war_capped_by_usat(scenario_of):
    """40.331 A: before war with Germany the U.S. grants Britain, France, Canada and South Africa one
    BRP per USAT level above 25: 25 at USAT 50 is allowed, 26 refused; at war there is no cap."""
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    def position(brps, europe):
        return scenario_of(
            {"usa": {"grants_made": [{"to": "britain", "brps": brps}]}, "britain": {}},
            faction="western_allies",
            usat=50,
            us_at_war={"europe": europe, "pacific": False},
        )

    assert fixed_grant_breaches(position(25, False)) == []
    [(where, problem)] = fixed_grant_breaches(position(26, False))
    assert where == "powers.usa.grants_made[0]" and "(40.331 A)" in problem and "allows 25" in problem
    assert fixed_grant_breaches(position(40, True)) == []


def test_fixed_us_grants_after_election_minus_7_capped_by_usat_at_war(scenario_of):
    """40.333: after an election result of -7 or below the USAT level governs U.S. grants to the Western
    Allies (62.421, read as the 40.331 A cap): at war with Germany and USAT 50, 25 BRPs to Britain are
    allowed, 26 refused; a result of -6 leaves them unlimited."""
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    def position(brps, result):
        return scenario_of(
            {"usa": {"grants_made": [{"to": "britain", "brps": brps}]}, "britain": {}},
            faction="western_allies",
            usat=50,
            us_election_result=result,
            us_at_war={"europe": True, "pacific": True},
        )

    assert fixed_grant_breaches(position(25, -7)) == []
    [(where, problem)] = fixed_grant_breaches(position(26, -7))
    assert where == "powers.usa.grants_made[0]" and "(40.333, 40.331 A)" in problem and "allows 25" in problem
    assert fixed_grant_breaches(position(26, -6)) == []


def test_post_election_caps_listed_at_war(scenario_of):
    """40.333: with a result of -7 at war in both theaters the network carries the USAT cap (USAT 30: 5)
    and the USJT cap on China; without the result, none."""
    base = {"usjt_china_cap": 4}
    at_war = allies(scenario_of, usat=30, **base)
    assert grant_network(at_war).caps == ()
    after = at_war.model_copy(update={"us_election_result": -7})
    assert [(c.rule, c.brps) for c in grant_network(after).caps] == [
        ("40.333, 40.331 A", 5),
        ("40.333, 40.332 A", 4),
    ]


def test_only_a_power_at_war_may_pay_to_open_persia(scenario_of):
    """40.521: 'one Western Allied major power at war with the Axis must pay 25 BRPs': the U.S. and
    Britain may; a Britain that has surrendered may not."""
    both = route_openings(allies(scenario_of, germany_russia_war_turns=4))
    assert {payer for route, payer in both if route is Route.PERSIA} == {Power.USA, Power.BRITAIN}
    down = route_openings(allies(scenario_of, germany_russia_war_turns=4, surrendered=["britain"]))
    assert {payer for route, payer in down if route is Route.PERSIA} == {Power.USA}


def test_no_pacific_leg_to_burma_without_an_allied_port(scenario_of):
    """40.82 A: BRPs for China go "from the Pacific U.S. box through the Pacific ... to a port in
    Burma or India"; with `china.burma_port: false` there is none, so the leg is closed (the planner
    used to send the Hump's 5 BRPs that way while the checker refused them) and the Hump is reached
    only through the India box; with the port it is open."""
    china = {"burma_port": False, "air_transport_factors": 1}
    network = grant_network(allies(scenario_of, germany_russia_war_turns=4, china=china))
    assert network.closed_legs["us_pacific_box->burma_port"][0] == "40.82"
    paths = network.paths[Power.USA, "china"]
    assert paths and all("burma_port" not in path for path in paths)
    open_port = grant_network(
        allies(scenario_of, germany_russia_war_turns=4, china={"air_transport_factors": 1})
    )
    assert "us_pacific_box->burma_port" not in open_port.closed_legs
    assert ("us_pacific_box", "burma_port", "indian_airbase", "kunming", "china") in open_port.paths[
        Power.USA, "china"
    ]


def test_no_path_through_a_third_powers_home_country(scenario_of):
    """40.21: a grant's supply line runs from the grantor's home country to the recipient; no path of
    the network passes on through another power's home (models.route_data.COUNTRY_NODES) [reading]:
    the U.S. reaches Russia by the Murmansk box, never by way of Britain or France."""
    scenario = allies(scenario_of, {"usa": {}, "britain": {}, "france": {}}, germany_russia_war_turns=4)
    network = grant_network(scenario)
    paths = [path for found in network.paths.values() for path in found]
    assert ("us_atlantic_box", "murmansk_box", "murmansk", "vologda", "russia") in paths
    assert not [path for path in paths if set(path[1:-1]) & COUNTRY_NODES]


def test_france_without_paris_has_no_supply_source_to_grant_from(scenario_of):
    """40.21: grants "require the tracing of a supply line from an unlimited supply source controlled by
    the grantor in its home country"; France's only one on the map is Paris (Algiers and Beirut are
    colonies). With Paris held by Germany France grants nothing, not even to Russia (40.35 would allow
    it); with Paris French it may. The planner used to plan French grants from a lost Paris."""
    powers = {"france": {}, "britain": {}}
    lost = allies(
        scenario_of,
        powers,
        germany_russia_war_turns=4,
        paris_allied=False,
        map={"sites": {"paris": {"controller": "germany"}}},
    )
    assert pair_closure(lost, Power.FRANCE, "russia")[0] == "40.21"
    assert grant_network(lost).closed_pairs[Power.FRANCE, "russia"][0] == "40.21"
    assert (Power.BRITAIN, "russia") in grant_network(lost).paths  # London is British
    held = allies(scenario_of, powers, germany_russia_war_turns=4)
    assert pair_closure(held, Power.FRANCE, "russia") is None


def test_a_fixed_grant_by_france_without_paris_is_refused(scenario_of):
    """40.21 on a fixed grant (no `grants:` section): France grants from Paris, its one unlimited supply
    source at home. With Paris German its fixed grant to Russia (40.35) is refused at its field, as
    every planner's validation reads fixed grants; with Paris French it stands."""
    from optimizer.rules.grants.prepare import fixed_grant_breaches

    def position(paris):
        return scenario_of(
            {"france": {"grants_made": [{"to": "russia", "brps": 5}]}},
            faction="western_allies",
            map={"sites": {"paris": {"controller": paris}}},
        )

    [(where, problem)] = fixed_grant_breaches(position("germany"))
    assert where == "powers.france.grants_made[0]" and "(40.21)" in problem
    assert fixed_grant_breaches(position("france")) == []


def test_britain_without_london_grants_nothing(scenario_of):
    """40.21: Britain's one unlimited supply source at home is London; held by Germany, Britain may not
    grant to Russia though the two are at war (40.34 B)."""
    scenario = allies(
        scenario_of, germany_russia_war_turns=4, map={"sites": {"london": {"controller": "germany"}}}
    )
    assert pair_closure(scenario, Power.BRITAIN, "russia")[0] == "40.21"
    assert pair_closure(scenario, Power.USA, "russia") is None


def test_britain_to_south_africa_intercepted_on_the_mapboard(scenario_of):
    """40.223: grants by sea are intercepted "as they trace a path on the mapboard", and only the
    off-board portion may not be: from Britain to the South Africa box the convoy starts on the mapboard,
    so a 10 % loss rate there leaves 90 % of Britain's BRPs by Persia expected to arrive (900,000
    millionths); the U.S. Atlantic box to the South Africa box stays off-board."""
    scenario = allies(
        scenario_of,
        germany_russia_war_turns=4,
        persia={"opened": True},
        loss_rates={"britain->south_africa_box": 0.1},
    )
    path = ("britain", "south_africa_box", "persian_gulf", "basra_abadan", "tehran", "russia")
    network = grant_network(scenario)
    assert path in network.paths[Power.BRITAIN, "russia"]
    assert network.arriving[path] == 900_000
    assert network.legs["britain->south_africa_box"].interceptable
    assert not network.legs["us_atlantic_box->south_africa_box"].interceptable
