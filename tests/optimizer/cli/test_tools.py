"""`awaw sites`, `awaw legs`, `awaw new`, `awaw schema --markdown` and the notes on left-out sections."""

import json
import re

import pytest
import yaml
from typer.testing import CliRunner

import scenarios
from models.io import load_scenario, parse_scenario
from models.notes import GRANT_SECTIONS, starting_state_notes
from models.route_data import LEGS, leg_id
from models.scenario import GrantsState, Preset, Scenario
from models.tables import Faction, Power
from optimizer.cli import PresetName, app
from optimizer.rules.grants.prepare import grant_network
from optimizer.rules.placement.prepare import build_sites

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def sites_of(power, scenario=None):
    return {s.site: s for s in build_sites(scenario or load_scenario(scenarios.path()), power)}


# --- awaw sites ---------------------------------------------------------------------------------


def test_sites_germany_home_country_includes_east_prussia_not_paris():
    """27.42 A: East Prussia is an integral part of Germany; Paris is not German home country."""
    german = sites_of(Power.GERMANY)
    assert german["konigsberg"].country == "east_prussia"
    assert german["berlin"].units == "any"
    assert "paris" not in german


def test_sites_italy_never_builds_in_sardinia_and_palermo_is_in_an_enemy_zoc():
    """27.42 B: Italy may not build in Sardinia; 27.44: the default scenario puts Palermo in an enemy ZoC."""
    italian = sites_of(Power.ITALY)
    assert "cagliari" not in italian
    assert italian["palermo"].refusal is not None and italian["palermo"].refusal[0] == "27.44"
    assert italian["messina"].ground_capacity == 1  # the scenario's stacking room (27.46)
    assert italian["rome"].refusal is None


def test_sites_japan_builds_only_infantry_in_korea_and_manchuria():
    """27.471: Japan builds only infantry in Korea and Manchuria."""
    japanese = sites_of(Power.JAPAN)
    assert japanese["seoul"].units == "infantry"
    assert japanese["harbin"].units == "infantry"
    assert "kamikaze" in japanese["tokyo"].units  # 27.61: Japan's own
    assert "pacific_sw_box" in japanese  # 27.92


def test_sites_russia_siberia_ground_and_air_never_mongolia():
    """27.476: Russia builds only ground and air units in Siberia, never in Mongolia or Tannu Tuva."""
    russian = sites_of(Power.RUSSIA)
    assert russian["chita"].units == "ground, air"
    assert "ulan_bator" not in russian and "kyzyl" not in russian


def test_sites_britain_builds_dominion_units_in_the_dominions_and_the_chindit_in_india():
    """27.47: dominion units in their own country; 27.474 D: the Chindit in India."""
    british = sites_of(Power.BRITAIN)
    assert british["canada_box"].units == "canadian units: any"
    assert british["india_box"].units.startswith("chindit")
    assert "chindit" not in british["london"].units


def test_sites_follow_the_scenario_map():
    """27.45: a site controlled by another power is listed for its owner, and refused."""
    scenario = load_scenario(scenarios.path())
    data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    data["map"]["sites"]["munich"] = {"controller": "britain"}
    munich = sites_of(Power.GERMANY, Scenario.model_validate(data))["munich"]
    assert munich.controller is Power.BRITAIN
    assert munich.refusal == ("27.45", "controlled by britain")


def test_sites_command_lists_a_power_and_refuses_an_unknown_one():
    result = run("sites", "--power", "japan")
    assert result.exit_code == 0
    assert "seoul" in result.stdout and "berlin" not in result.stdout
    bad = run("sites", "--power", "prussia")
    assert bad.exit_code == 2
    assert "--power" in bad.output


# --- awaw legs ----------------------------------------------------------------------------------


def test_legs_lists_exactly_the_interceptable_legs_and_each_name_is_a_loss_rate_key():
    """40.223: on-map sea legs and the Hump may be intercepted; 40.74: the Siberian route never is."""
    result = run("legs")
    assert result.exit_code == 0
    names = set(re.findall(r"\b([a-z_]+->[a-z_]+)\b", result.stdout))
    assert names == {leg_id(leg) for leg in LEGS if leg.interceptable}
    assert "us_pacific_box->siberia" not in names
    assert "indian_airbase->kunming" in names
    GrantsState.model_validate({"loss_rates": dict.fromkeys(names, 0.1)})


# --- awaw new -----------------------------------------------------------------------------------


@pytest.mark.parametrize("faction", [f.value for f in Faction])
def test_new_then_plan_works_for_each_faction(faction, tmp_path):
    out = tmp_path / f"{faction}.yaml"
    made = run("new", "--faction", faction, "--turn", "spring 1942", "--out", out)
    assert made.exit_code == 0, made.output
    planned = run("plan", out)
    assert planned.exit_code == 0, planned.output
    assert "Status optimal" in planned.stdout


def sections(scenario: Scenario):
    """Every model of the scenario that a new scenario must spell out in full."""
    yield "", scenario
    yield "map", scenario.map
    yield "horizon", scenario.horizon
    yield "objective", scenario.objective
    yield "settings", scenario.settings
    assert scenario.sw is not None
    yield "sw", scenario.sw
    yield "sw.codebreaking", scenario.sw.codebreaking
    assert scenario.grants is not None
    yield "grants", scenario.grants
    for name in ("murmansk", "persia", "turkey", "siberia", "china"):
        yield f"grants.{name}", getattr(scenario.grants, name)
    for power, state in scenario.powers.items():
        yield f"powers.{power.value}", state
        yield f"powers.{power.value}.limit_modifiers", state.limit_modifiers
        yield f"powers.{power.value}.naval_air", state.naval_air


def test_new_has_every_section_and_field_with_a_comment():
    """Every field of every section is written out (so none falls back to a default unseen), each with
    a comment on its line or just above it."""
    text = run("new", "--faction", "western_allies", "--turn", "Summer 1943").stdout
    scenario = parse_scenario(text)
    for where, model in sections(scenario):
        missing = set(type(model).model_fields) - model.model_fields_set
        if not where:
            # Gathering Storm's mobilization (rule 14) plans the years before the war, not a turn of it:
            # the template points to it in a comment instead of an empty section.
            assert "# mobilization:" in text
            missing -= {"mobilization"}
            # A season (`awaw season`) plans several turns: the template points to it in a comment too.
            assert "# season:" in text
            missing -= {"season"}
        assert not missing, f"{where or 'top level'}: {sorted(missing)}"
    assert set(scenario.powers) == {Power.BRITAIN, Power.FRANCE, Power.USA}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^\s*[a-z_]+:", line):
            assert "#" in line or lines[i - 1].lstrip().startswith("#"), line


def test_new_refuses_bad_options_and_an_existing_file(tmp_path):
    bad = run("new", "--faction", "axis", "--turn", "spring 1950")
    assert bad.exit_code == 2
    assert "--faction" in bad.output and "--turn year" in bad.output
    existing = tmp_path / "mine.yaml"
    existing.write_text("name: mine\n")
    refused = run("new", "--faction", "japan", "--turn", "fall 1941", "--out", existing)
    assert refused.exit_code == 2
    assert existing.read_text() == "name: mine\n"


# --- awaw schema --markdown ---------------------------------------------------------------------


def test_schema_markdown_has_every_field_of_the_json_schema_with_a_meaning():
    """Every property of every definition of the JSON Schema is a row of its model's table."""
    text = run("schema", "--markdown").stdout
    tables = {}
    for block in text.split("\n## ")[1:]:
        title, _, body = block.partition("\n")
        rows = re.findall(r"^\| `([^`]+)` \|(.*)$", body, flags=re.M)
        tables[title.strip()] = {name: cells.split("|") for name, cells in rows}
    schema = Scenario.model_json_schema(by_alias=True)
    definitions = {"Scenario": schema, **schema["$defs"]}
    for name, definition in definitions.items():
        if "properties" not in definition:
            continue  # enums
        assert name in tables, name
        assert set(definition["properties"]) == set(tables[name]), name
        for field, cells in tables[name].items():
            assert cells[2].strip(), f"{name}.{field}: no meaning"


def test_schema_markdown_shows_bounds_defaults_and_rules():
    text = run("schema", "--markdown").stdout
    assert "| `year` | integer (≥ 1939, ≤ 1946) | required |" in text
    row = next(line for line in text.splitlines() if line.startswith("| `germany_russia_war_turns`"))
    assert "`0`" in row and row.rstrip().endswith("| 40.411 |")


def test_schema_json_is_unchanged_json():
    assert json.loads(run("schema").stdout)["title"] == "Scenario"


# --- notes on left-out sections -----------------------------------------------------------------


def test_routes_on_the_axis_scenario_says_why_murmansk_is_closed():
    """40.411: no Murmansk capacity before war between Germany and Russia. The spring 1942 Axis scenario
    has no `grants` section, so rule 40 reads the 1939 state: the note says so above the routes."""
    result = run("routes", scenarios.path())
    assert result.exit_code == 0
    head = " ".join(result.stdout.split("Grant routes this turn")[0].split())
    assert "no `grants` section" in head
    assert "Germany and Russia not at war" in head and "Murmansk" in head


def test_stating_the_war_removes_the_note_and_opens_murmansk():
    """40.411: from the fourth Allied turn of the Germany-Russia war Murmansk carries 20 BRPs."""
    scenario = load_scenario(scenarios.path("allies_summer_1942_grants.yaml"))
    data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    data["grants"]["germany_russia_war_turns"] = 4
    stated = Scenario.model_validate(data)
    assert not any(n.startswith("grants.germany_russia_war_turns") for n in starting_state_notes(stated))
    assert grant_network(stated).routes["murmansk"].capacity == 20
    del data["grants"]["germany_russia_war_turns"]
    unstated = Scenario.model_validate(data)
    assert any("Murmansk route is closed (40.411)" in n for n in starting_state_notes(unstated))
    assert grant_network(unstated).routes["murmansk"].capacity == 0


def test_plan_notes_a_missing_map_at_the_top_and_in_json():
    japan = scenarios.path("japan_1942.yaml")
    text = run("plan", japan).stdout
    assert text.splitlines()[1].startswith(
        "Note: map: no `map` section, so every site has its 1939 controller"
    )
    notes = json.loads(run("plan", japan, "--json").stdout)["notes"]
    assert notes[0].startswith("map: no `map` section")
    assert any(n.startswith("us_at_war: not given") for n in notes)


def test_a_scenario_stating_every_section_has_no_notes():
    text = run("new", "--faction", "european_axis", "--turn", "spring 1942").stdout
    data = yaml.safe_load(text)
    data["us_at_war"] = {"europe": False, "pacific": False}
    assert starting_state_notes(Scenario.model_validate(data)) == []


def test_every_grant_note_names_a_field_of_the_grants_section():
    assert {field for field, _ in GRANT_SECTIONS} <= set(GrantsState.model_fields)


def test_the_cli_names_the_same_presets_as_the_models():
    """`--preset` is offered without importing the models (start-up): its names must be the models'."""
    assert [p.value for p in PresetName] == [p.value for p in Preset]
    assert run("plan", "--preset", "max-factors", "--json").exit_code == 0
