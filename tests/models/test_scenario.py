"""Scenario validation: bad input is named by file, field and problem."""

import pytest

from models.io import InputError, parse_scenario
from models.tables import Power

GOOD = """
name: t
turn: {season: spring, year: 1942}
faction: european_axis
powers:
  germany:
    brps: 100
    brp_base: 200
    force_pool:
      - {id: inf, unit: infantry, factors: 3, count: 2}
"""


def problems(text):
    with pytest.raises(InputError) as caught:
        parse_scenario(text, "s.yaml")
    return caught.value.problems


def test_good_scenario_loads():
    assert parse_scenario(GOOD).powers


def test_yaml_syntax_error_names_the_line():
    """The unclosed flow mapping is on line 11 of the text (GOOD's 10 lines, its first empty)."""
    with pytest.raises(InputError) as caught:
        parse_scenario(GOOD + "  - {id: x\n", "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == ""
    assert "YAML syntax" in problem
    assert caught.value.lines == [11]
    assert caught.value.render().startswith("s.yaml:11: YAML syntax error")


def test_unknown_unit_type_names_the_field():
    [(where, problem)] = problems(GOOD.replace("unit: infantry", "unit: panzer"))
    assert where == "powers.germany.force_pool[0].unit"
    assert problem == "'panzer' is not a unit type (`awaw schema` lists them)"  # never the whole list


def test_negative_brps_refused():
    [(where, _)] = problems(GOOD.replace("brps: 100", "brps: -5"))
    assert where == "powers.germany.brps"


def test_missing_field_named():
    [(where, problem)] = problems(GOOD.replace("    brp_base: 200\n", ""))
    assert where == "powers.germany.brp_base"
    assert "required" in problem.lower()


def test_unknown_site_named():
    text = GOOD + "map:\n  sites:\n    atlantis: {enemy_zoc: true}\n"
    [(where, problem)] = problems(text)
    assert where == "map.sites.atlantis"
    assert "atlantis" in problem


def test_typo_in_a_field_is_an_error():
    """One mistake, one message: the misspelled field, with the field it should be (not also 'missing')."""
    found = problems(GOOD.replace("brp_base", "brp_bsae"))
    assert found == [("powers.germany.brp_bsae", "unknown field 'brp_bsae'; did you mean 'brp_base'?")]


def test_power_outside_the_faction():
    [(_, problem)] = problems(GOOD.replace("germany:", "russia:"))
    assert "russia is not a power of european_axis" in problem


def test_transport_shortage_only_britain_and_japan():
    """27.331 A: transport shortages affect only Britain and Japan."""
    text = GOOD.replace(
        "    force_pool:", "    limit_modifiers: {transport_shortage_losses: 3}\n    force_pool:"
    )
    [(_, problem)] = problems(text)
    assert "27.331 A" in problem


def test_naval_units_go_in_the_naval_section():
    """27.7: naval units are built on shipyards: in a force pool they are refused, and the message
    says where they go."""
    [(_, problem)] = problems(GOOD.replace("unit: infantry", "unit: destroyer"))
    assert "27.7" in problem
    assert "powers.<power>.naval" in problem


def test_russia_never_builds_naval_air():
    """27.61: France, Russia and China may never build naval air units."""
    text = (
        GOOD.replace("european_axis", "russia")
        .replace("germany:", "russia:")
        .replace("unit: infantry", "unit: naval_air")
    )
    [(_, problem)] = problems(text)
    assert "27.61" in problem


def test_fixed_spending_exceeding_brps():
    """27.12: declarations of war cost 35 BRPs; with 20 BRPs that is inconsistent input."""
    text = GOOD.replace("brps: 100", "brps: 20").replace(
        "    force_pool:", "    fixed_spending: [{kind: declaration_of_war_major}]\n    force_pool:"
    )
    [(where, problem)] = problems(text)
    assert "exceed" in problem


ALLIES = """
name: t
turn: {season: summer, year: 1941}
faction: western_allies
powers:
  usa:
    brps: 100
    brp_base: 200
    force_pool: []
"""


def test_usat_is_stated_once_at_the_top_level():
    """USAT is one fact (40.331 A, 27.7223, 27.7322): given in a section it is refused, with where it goes."""
    assert parse_scenario(ALLIES + "usat: 30\ngrants: {}\n").usat == 30
    [(where, problem)] = problems(ALLIES + "grants: {usat: 30}\n")
    assert where == "grants"
    assert "top level" in problem
    [(where, problem)] = problems(ALLIES + "    naval: {usat: 30}\n")
    assert where == "powers.usa.naval"
    assert "top level" in problem


def test_more_oil_kept_back_than_held_is_refused():
    """27.35 F: counters kept back for uninverting come out of the faction's oil counters."""
    [(where, problem)] = problems(GOOD + "oil_counters: 1\noil_reserved: 2\n")
    assert where == "oil_reserved" and "kept back" in problem
    assert "27.35 F" in problem


def test_planning_horizon_is_stated_once():
    """The look-ahead for opening routes (40.52, 40.72) is the scenario's one horizon: `grants` refuses its own."""
    assert parse_scenario(ALLIES + "horizon: {turns: 4, discount: 0.9}\ngrants: {}\n").horizon.turns == 4
    [(where, problem)] = problems(ALLIES + "grants: {horizon_turns: 4}\n")
    assert where == "grants"
    assert "horizon" in problem


def test_limited_offensive_needs_factors_or_ships():
    """27.12: a limited offensive is charged per factor and per cruiser or named ship used: one with
    neither is inconsistent input; a declaration of war costs a fixed amount and takes no ships."""
    text = GOOD.replace("    force_pool:", "    fixed_spending: [{kind: limited_offensive}]\n    force_pool:")
    [(_, problem)] = problems(text)
    assert "factors or ships" in problem
    text = GOOD.replace(
        "    force_pool:",
        "    fixed_spending: [{kind: declaration_of_war_minor, ships: [2]}]\n    force_pool:",
    )
    [(_, problem)] = problems(text)
    assert "fixed amount" in problem


@pytest.mark.parametrize(
    ("kind", "rule"),
    [
        ("open_persian_route", "40.521"),
        ("open_persian_route_after_war_on_persia", "40.522"),
        ("build_alaska_highway", "40.72"),
    ],
)
def test_a_route_opening_is_not_fixed_spending_in_grant_mode(kind, rule):
    """40.521, 40.522, 40.72: opening the Persian route (25 BRPs, or 15) and building the Alaska highway
    (25) open a grant route. With a grants section the plan pays an opening itself, under its
    conditions (40.525, 40.72), and carries the route to the next turn; the same opening given as fixed
    spending would be paid twice, its conditions never checked and the route never opened. It is refused
    at its field; without a grants section it is BRP spending like any other."""
    spent = f"    fixed_spending: [{{kind: {kind}}}]\n"
    [(where, problem)] = problems(ALLIES + spent + "grants: {}\n")
    assert where == "powers.usa.fixed_spending[0].kind"
    assert f"({rule})" in problem and "grants.persia.opened" in problem
    assert parse_scenario(ALLIES + spent).powers


def test_paris_allied_and_the_map_state_one_fact():
    """40.21, 40.331 A, 40.34 A: Allied control of Paris is stated by `grants.paris_allied` and by the
    map's controller of Paris (its 1939 owner, France, when not given); the planner reads the map for
    40.21 (France grants from Paris) and the flag for 40.331 A and 40.34 A, so a scenario where they
    disagree is refused at the field it wrote, with its line, rather than one of them guessed."""
    german = "map:\n  sites:\n    paris: {controller: germany}\n"
    assert parse_scenario(ALLIES + german + "grants: {paris_allied: false}\n").grants.paris_allied is False
    assert parse_scenario(ALLIES + "grants: {paris_allied: true}\n").grants.paris_allied is True
    with pytest.raises(InputError) as caught:
        parse_scenario(ALLIES + "grants: {paris_allied: false}\n", "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "grants.paris_allied"
    assert problem.startswith("false, but on the map france holds Paris")
    assert caught.value.lines == [10]  # ALLIES's 9 lines, its first empty, then `grants:`
    [(where, problem)] = problems(ALLIES + german + "grants: {}\n")
    assert where == "map.sites.paris.controller"
    assert "germany holds Paris, but grants.paris_allied is not given" in problem
    # Without a `grants:` section no flag states it: the map alone does.
    assert parse_scenario(ALLIES + german).grants is None


def test_japanese_vladivostok_on_the_map_is_stated_in_grants_too():
    """40.73 B: the Siberian route carries 5 BRPs if Japan controls Vladivostok or Dutch Harbor. With
    Vladivostok Japanese on the map, `siberia.japan_controls_vladivostok_or_dutch_harbor: false`
    disagrees and is refused; true agrees; true with Vladivostok Russian is Dutch Harbor, not on the map."""
    japanese = "map:\n  sites:\n    vladivostok: {controller: japan}\n"
    flag = "grants: {{siberia: {{japan_controls_vladivostok_or_dutch_harbor: {}}}}}\n"
    [(where, problem)] = problems(ALLIES + japanese + flag.format("false"))
    assert where == "grants.siberia.japan_controls_vladivostok_or_dutch_harbor"
    assert "japan holds Vladivostok" in problem and "40.73 B" in problem
    assert parse_scenario(ALLIES + japanese + flag.format("true")).grants is not None
    assert parse_scenario(ALLIES + flag.format("true")).grants is not None


def test_loss_rates_on_legs_that_cross_the_mapboard_only():
    """40.223: grants by sea may be intercepted "as they trace a path on the mapboard"; "the off-board
    portion ... may not be". Britain's and France's legs to the South Africa box start at a mapboard
    port and take a loss rate; the U.S. Atlantic box to the South Africa box is box to box, off-board,
    and is refused one."""
    for leg in ("britain->south_africa_box", "france->south_africa_box"):
        grants = parse_scenario(ALLIES + f'grants: {{loss_rates: {{"{leg}": 0.1}}}}\n').grants
        assert grants is not None and grants.loss_rates == {leg: 0.1}
    [(where, problem)] = problems(
        ALLIES + 'grants: {loss_rates: {"us_atlantic_box->south_africa_box": 0.1}}\n'
    )
    assert where == "grants.loss_rates.us_atlantic_box->south_africa_box"
    assert "cannot be intercepted (40.223, 40.74)" in problem


AUSTRALIA = """
name: t
turn: {season: summer, year: 1942}
faction: western_allies
powers:
  britain:
    brps: 100
    brp_base: 150
    naval:
      australian_destroyers_in_play: IN_PLAY
      shipyards:
        - id: australia_box
          rate: 2
          chart:
            - {id: aus-dd-1, unit: destroyer, factors: 1, row: launch, column: fall}
            - {id: aus-dd-2, unit: destroyer, factors: 1, row: launch, column: fall}
"""


def test_australian_destroyers_in_play_count_those_on_the_chart():
    """27.712 D: "No more than two Australian destroyer factors ... in play at any time", counted with
    those on charts: two Australian destroyers on the Australia chart with 2 in play load; with 1 in
    play the count is refused at its field and line (line 10)."""
    naval = parse_scenario(AUSTRALIA.replace("IN_PLAY", "2")).powers[Power.BRITAIN].naval
    assert naval is not None and naval.australian_destroyers_in_play == 2
    with pytest.raises(InputError) as caught:
        parse_scenario(AUSTRALIA.replace("IN_PLAY", "1"), "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "powers.britain.naval.australian_destroyers_in_play"
    assert problem == (
        "1, but 2 Australian destroyer factors are under construction on the Australia chart, and the count "
        "includes those on charts (27.712 D)"
    )
    assert caught.value.lines == [10]


LORIENT = """
name: t
turn: {season: spring, year: 1940}
faction: western_allies
powers:
  france:
    brps: 60
    brp_base: 120
    naval:
      shipyards:
        - id: lorient
          rate: 1
          waiting_for_repair:
            - id: greek-ship
              unit: UNIT
              factors: FACTORS
              owner: minor
"""


def test_regression_minor_capital_ship_waits_for_repair_at_a_french_yard():
    """27.7266 C: "Minor country cruisers may be repaired in a shipyard belonging to a major power": a
    minor country's cruiser waits for repair at Lorient; a minor's 3-factor capital ship there is
    refused at its `owner` (line 17). It had validated and planned."""
    cruiser = parse_scenario(LORIENT.replace("UNIT", "cruiser").replace("FACTORS", "2"))
    naval = cruiser.powers[Power.FRANCE].naval
    assert naval is not None and naval.shipyards[0].waiting_for_repair[0].owner == "minor"
    with pytest.raises(InputError) as caught:
        parse_scenario(LORIENT.replace("UNIT", "capital_ship").replace("FACTORS", "3"), "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "powers.france.naval.shipyards[0].waiting_for_repair[0].owner"
    assert problem == (
        "'minor' is for cruisers only, as minor country cruisers may be repaired in a shipyard belonging to "
        "a major power (27.7266 C); greek-ship is a 3-factor capital_ship"
    )
    assert caught.value.lines == [17]


SUNK = """
name: t
turn: {season: summer, year: 1942}
faction: western_allies
us_at_war: {europe: true, pacific: true}
usat: 50
powers:
  usa:
    brps: 100
    brp_base: 150
    naval:
      shipyards:
        - id: us_atlantic_box
          rate: 3
          chart:
            - {id: hull-1, unit: cruiser, factors: 2, row: 2, column: fall}
      sunk_in_port:
        - {id: SUNK, unit: capital_ship, factors: 3, yard: us_atlantic_box}
"""


def test_regression_a_ship_sunk_in_port_is_not_named_as_a_ship_at_its_yard():
    """27.7262: a named ship sunk in port is raised by a point of its yard and waits there for repair,
    where the plan tells the yard's ships apart by name: a sunk `hull-1` at the Atlantic box, whose
    chart holds a cruiser `hull-1`, is refused at its id (line 18). It had loaded, and the planner
    kept one of the two."""
    assert parse_scenario(SUNK.replace("SUNK", "hull-2")).powers
    with pytest.raises(InputError) as caught:
        parse_scenario(SUNK.replace("SUNK", "hull-1"), "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "powers.usa.naval.sunk_in_port[0].id"
    assert problem == (
        "ship 'hull-1' is already at us_atlantic_box, where a ship raised waits for repair (27.7262): give "
        "each ship its own name"
    )
    assert caught.value.lines == [18]


def test_a_fixed_grant_to_france_needs_paris_allied():
    """40.331 A: 'Grants to France are allowed only if Paris is under Allied control'. Without a grants
    section a grant made is the player's fixed decision; with Paris German on the map it is refused at
    its line (in grant mode the plan's grants are held to the same fact, 40.21)."""
    text = ALLIES.replace(
        "    force_pool: []\n",
        "    force_pool: []\n    grants_made: [{to: france, brps: 10}]\n"
        "  france: {brps: 10, brp_base: 30, force_pool: []}\n",
    )
    assert parse_scenario(text + "us_at_war: {europe: true}\n").powers
    [(where, problem)] = problems(
        text + "us_at_war: {europe: true}\nmap: {sites: {paris: {controller: germany}}}\n"
    )
    assert where == "powers.usa.grants_made[0]"
    assert "(40.331 A)" in problem


RUSSIA_RECEIVES = """
name: t
turn: {season: summer, year: 1942}
faction: russia
powers:
  russia:
    brps: 60
    brp_base: 110
    force_pool: []
    grants_received:
      - {from: britain, brps: 10}
      - {from: france, brps: 9}
"""


def test_regression_a_grant_received_from_france_without_paris():
    """40.21: grants "require the tracing of a supply line from an unlimited supply source controlled by
    the grantor in its home country"; France's is Paris. A grant Russia receives from France is the
    player's input (40.23 B): with Paris German France cannot grant, and the grant is refused at its
    `from` (line 12, the text opening with an empty line), not added to Russia's 60 BRPs and its limit (27.34)."""
    assert parse_scenario(RUSSIA_RECEIVES).brps_available(Power.RUSSIA) == 79
    text = RUSSIA_RECEIVES + "map: {sites: {paris: {controller: germany}}}\n"
    with pytest.raises(InputError) as caught:
        parse_scenario(text, "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "powers.russia.grants_received[1].from"
    assert "(40.21)" in problem and "Paris is held by germany" in problem
    assert caught.value.lines == [12]
    # Paris Allied but not French: still no French supply source at home (40.21), whoever holds it.
    [(where, _)] = problems(RUSSIA_RECEIVES + "map: {sites: {paris: {controller: britain}}}\n")
    assert where == "powers.russia.grants_received[1].from"


def test_regression_a_grant_received_from_britain_without_london():
    """40.21 for every grantor: Britain's one unlimited supply source at home is London; held by Germany,
    Britain cannot grant, and the grant Russia receives from it is refused (the first one, line 11)."""
    with pytest.raises(InputError) as caught:
        parse_scenario(RUSSIA_RECEIVES + "map: {sites: {london: {controller: germany}}}\n", "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "powers.russia.grants_received[0].from"
    assert "(40.21)" in problem and "London is held by germany" in problem
    assert caught.value.lines == [11]


FRANCE_RECEIVES = """
name: t
turn: {season: spring, year: 1940}
faction: western_allies
powers:
  france:
    brps: 95
    brp_base: 85
    force_pool: []
    grants_received: [{from: usa, brps: 12}]
usat: 40
"""


def test_regression_france_receives_only_with_paris_allied():
    """40.331 A: 'Grants to France are allowed only if Paris is under Allied control'; 40.34 A likewise
    for Britain's. A grant France receives from the U.S. (USAT 40: up to 15 BRPs, 40.331 A) is refused
    with Paris German, at its line (10); with Paris British it is allowed (Allied control), though
    France then grants nothing itself (40.21)."""
    assert parse_scenario(FRANCE_RECEIVES).brps_available(Power.FRANCE) == 107
    text = FRANCE_RECEIVES + "map: {sites: {paris: {controller: germany}}}\n"
    with pytest.raises(InputError) as caught:
        parse_scenario(text, "s.yaml")
    [(where, problem)] = caught.value.problems
    assert where == "powers.france.grants_received[0]"
    assert "(40.331 A)" in problem
    assert caught.value.lines == [10]
    british = (
        FRANCE_RECEIVES.replace("from: usa", "from: britain")
        + "map: {sites: {paris: {controller: germany}}}\n"
    )
    [(where, problem)] = problems(british)
    assert where == "powers.france.grants_received[0]" and "(40.34 A)" in problem
    assert parse_scenario(FRANCE_RECEIVES + "map: {sites: {paris: {controller: britain}}}\n").powers


CAPTURED_GENOA = """
name: t
turn: {season: spring, year: 1944}
faction: western_allies
powers:
  britain:
    brps: 100
    brp_base: 200
    naval:
      shipyards:
        - id: genoa
          captured: true
          rate: 1
          chart:
            - SHIP
"""


@pytest.mark.parametrize(
    "ship",
    [
        "{id: hood, unit: capital_ship, factors: 4, row: 3, column: fall}",
        "{id: dd, unit: destroyer, factors: 1, row: launch, column: fall}",
    ],
)
def test_a_captured_yard_holds_no_ship_under_construction_27_713(ship):
    """27.713: captured shipyards "may be used to repair cruisers and named ships, but not to build new
    ships"; a repair begun stands in the Launch row (27.7267: "placed in the 'Launch' row"). A named ship
    in row 3 of captured Genoa's chart, or a destroyer (never repaired), is one being built: refused at its
    field. A named ship in the Launch row is a repair, and loads."""
    [(where, problem)] = problems(CAPTURED_GENOA.replace("SHIP", ship))
    assert where == "powers.britain.naval.shipyards[0].chart[0]"
    assert "a captured yard builds no new ships" in problem and "(27.713, 27.7267)" in problem
    repair = "{id: hood, unit: capital_ship, factors: 4, row: launch, column: fall}"
    naval = parse_scenario(CAPTURED_GENOA.replace("SHIP", repair)).powers[Power.BRITAIN].naval
    assert naval is not None and naval.shipyards[0].chart[0].id == "hood"
