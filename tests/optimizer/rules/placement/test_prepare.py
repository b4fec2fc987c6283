"""Placement of newly constructed units (27.4, 27.92)."""

from models.tables import Power
from optimizer.rules.placement.supply import build_map, supplied_sites
from optimizer.turn.prepare import prepare

INFANTRY = {"id": "inf", "unit": "infantry", "factors": 3, "count": 2}


def eligible(scenario, key):
    entry = prepare(scenario).entries[key]
    return {site for rep in entry.sites for site in (rep, *entry.alternatives[rep])}, entry.refused_sites


def test_home_country_includes_east_prussia_and_sicily_not_sardinia(scenario_of):
    """27.42 A, B: East Prussia and Sicily are home country; Italy may not build in Sardinia."""
    scenario = scenario_of({"germany": {"force_pool": [INFANTRY]}, "italy": {"force_pool": [INFANTRY]}})
    german, _ = eligible(scenario, "germany/inf")
    italian, refused = eligible(scenario, "italy/inf")
    assert "konigsberg" in german
    assert {"palermo", "messina"} <= italian
    assert "cagliari" not in italian
    assert refused["cagliari"][0] == "27.42 B"


def test_site_in_enemy_zoc_refused(scenario_of):
    """27.44: units may not be constructed in hexes in an enemy ZoC."""
    scenario = scenario_of(
        {"germany": {"force_pool": [INFANTRY]}}, map={"sites": {"berlin": {"enemy_zoc": True}}}
    )
    sites, refused = eligible(scenario, "germany/inf")
    assert "berlin" not in sites
    assert refused["berlin"][0] == "27.44"


def test_site_cut_off_from_supply_refused(scenario_of):
    """27.43 A: no construction in isolated hexes: Konigsberg with its links cut traces to no source."""
    scenario = scenario_of(
        {"germany": {"force_pool": [INFANTRY]}},
        map={"cut_links": [["berlin", "konigsberg"], ["konigsberg", "lvov"]]},
    )
    sites, refused = eligible(scenario, "germany/inf")
    assert "konigsberg" not in sites
    assert refused["konigsberg"][0] == "27.43 A"


def test_supply_traced_only_through_friendly_sites(scenario_of):
    """27.43: a supply line does not run through enemy-controlled sites."""
    scenario = scenario_of({"japan": {}}, faction="japan", map={"sites": {"pusan": {"controller": "russia"}}})
    supplied = supplied_sites(build_map(scenario.map), Power.JAPAN)
    assert "seoul" not in supplied and "tokyo" in supplied


def test_russia_traces_only_to_the_urals_box(scenario_of):
    """27.43 B: Russian units only where a supply line reaches the Urals box."""
    cut = [
        ["urals_box", "gorky"],
        ["urals_box", "vologda"],
        ["urals_box", "stalingrad"],
        ["urals_box", "baku"],
    ]
    scenario = scenario_of({"russia": {"force_pool": [INFANTRY]}}, faction="russia", map={"cut_links": cut})
    sites, refused = eligible(scenario, "russia/inf")
    assert "moscow" not in sites and refused["moscow"][0] == "27.43 B"
    assert "chita" in sites  # Siberia still reaches the Urals box (27.476)


def test_a_partially_supplied_russian_site_is_refused_by_27_43_a(scenario_of):
    """27.43 A ("Units may not be constructed in isolated or partially supplied hexes") binds Russia
    as every power: Moscow marked partially supplied is refused by 27.43 A, not by the Urals box's
    27.43 B, whose line from the Urals box Moscow still traces."""
    scenario = scenario_of(
        {"russia": {"force_pool": [INFANTRY]}},
        faction="russia",
        map={"sites": {"moscow": {"supply": "partial"}}},
    )
    sites, refused = eligible(scenario, "russia/inf")
    assert "moscow" not in sites and refused["moscow"][0] == "27.43 A"


def test_russia_never_in_eastern_europe_urals_mongolia(scenario_of):
    """27.42 F, 27.476: not in eastern Europe, the Urals box, Mongolia or Tannu Tuva."""
    scenario = scenario_of({"russia": {"force_pool": [INFANTRY]}}, faction="russia")
    sites, _ = eligible(scenario, "russia/inf")
    assert not sites & {"lvov", "urals_box", "ulan_bator", "kyzyl"}


def test_control_at_turn_start_and_recapture(scenario_of):
    """27.45: only hexes controlled at the start of the player turn and not recaptured this turn."""
    scenario = scenario_of(
        {"germany": {"force_pool": [INFANTRY]}},
        map={
            "sites": {
                "munich": {"controlled_at_turn_start": False},
                "breslau": {"recaptured_this_turn": True},
            }
        },
    )
    sites, refused = eligible(scenario, "germany/inf")
    assert not sites & {"munich", "breslau"}
    assert refused["munich"][0] == refused["breslau"][0] == "27.45"


def test_japan_infantry_only_in_korea_and_manchuria(scenario_of):
    """27.471, 27.42 C: Japanese infantry may go to Korea and Manchuria; armor may not; never Karafuto."""
    armor = {"id": "arm", "unit": "armor", "factors": 4, "count": 1}
    scenario = scenario_of({"japan": {"force_pool": [INFANTRY, armor]}}, faction="japan")
    infantry_sites, _ = eligible(scenario, "japan/inf")
    armor_sites, _ = eligible(scenario, "japan/arm")
    assert {"seoul", "mukden"} <= infantry_sites and "toyohara" not in infantry_sites
    assert not armor_sites & {"seoul", "pusan", "mukden", "harbin"}


def test_dominion_units_in_their_own_country(scenario_of):
    """27.473 A, 27.474 A, 27.475 A: Australian, Indian and Canadian units in their own country."""
    pool = [
        {"id": "aus", "unit": "infantry", "count": 1, "nationality": "australian"},
        {"id": "ind", "unit": "infantry", "count": 1, "nationality": "indian"},
        {"id": "can", "unit": "armor", "factors": 4, "count": 1, "nationality": "canadian"},
        {"id": "chindit", "unit": "chindit", "factors": 2, "count": 1},
    ]
    scenario = scenario_of({"britain": {"force_pool": pool}}, faction="western_allies")
    assert eligible(scenario, "britain/aus")[0] == {"australia_box", "darwin", "cairns"}
    assert eligible(scenario, "britain/ind")[0] == {"india_box", "calcutta", "imphal"}
    assert eligible(scenario, "britain/can")[0] == {"canada_box"}
    assert eligible(scenario, "britain/chindit")[0] == {"india_box", "calcutta", "imphal"}


def test_strategic_bombers_go_to_sw_boxes(scenario_of):
    """27.92 A, D: German bombers to the Atlantic SW box; U.S. ones to the U.S. box where not at war."""
    bombers = {"id": "sb", "unit": "strategic_bomber", "count": 2}
    german = scenario_of({"germany": {"force_pool": [bombers]}})
    assert eligible(german, "germany/sb")[0] == {"atlantic_sw_box"}
    american = scenario_of(
        {"usa": {"force_pool": [bombers]}},
        faction="western_allies",
        us_at_war={"europe": True, "pacific": False},
    )
    assert eligible(american, "usa/sb")[0] == {"atlantic_sw_box", "us_pacific_box"}


def test_stacking_room_keeps_a_site_apart(scenario_of):
    """27.46: a site with limited stacking room is its own placement choice."""
    scenario = scenario_of(
        {"germany": {"force_pool": [INFANTRY]}}, map={"sites": {"kiel": {"ground_capacity": 1}}}
    )
    entry = prepare(scenario).entries["germany/inf"]
    assert "kiel" in entry.sites
