"""The `awaw` command line: exit codes, messages, and the JSON that `awaw check` reads back."""

import json

import pytest
from typer.testing import CliRunner

import scenarios
from optimizer.cli import app

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    # Every outcome is a clean exit: never an uncaught exception (a traceback).
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_plan_default_scenario_prints_tables():
    result = run("plan")
    assert result.exit_code == 0
    for heading in ("Builds", "BRPs, construction limit, naval air", "Status optimal"):
        assert heading in result.stdout


def test_plan_json_is_checked_legal(tmp_path):
    result = run("plan", "--json")
    assert result.exit_code == 0
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(result.stdout)
    assert json.loads(result.stdout)["format"] == "awaw-plan/1"
    checked = run("check", scenarios.path(), plan_file)
    assert checked.exit_code == 0, checked.stdout
    assert "legal" in checked.stdout


def test_check_takes_the_objective_options_the_plan_was_made_with(tmp_path):
    """`awaw check` derives the values a plan states by the scenario's objective: a plan scored with
    `--value armor=3` states another value than the scenario's own, and is checked with the same option."""
    made = run("plan", "--value", "armor=3", "--json")
    assert made.exit_code == 0
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(made.stdout)
    plain = run("check", scenarios.path(), plan_file)
    assert plain.exit_code == 1
    assert "by the scenario's objective" in plain.stdout
    same = run("check", scenarios.path(), plan_file, "--value", "armor=3")
    assert same.exit_code == 0, same.stdout
    assert "legal" in same.stdout
    bad = run("check", scenarios.path(), plan_file, "--value", "armor=x")
    assert bad.exit_code == 2


def test_plan_json_is_byte_identical_run_to_run():
    assert run("plan", "--json").stdout == run("plan", "--json").stdout


def test_check_rejects_a_plan_over_the_limit(tmp_path):
    """27.31: a plan whose spending passes the construction limit is rejected with the rule number."""
    plan = json.loads(run("plan", "--json").stdout)
    plan["builds"].append(
        {
            "power": "italy",
            "entry": "infantry-2-3",
            "unit": "infantry",
            "site": "rome",
            "counters": 5,
            "factors": 10,
            "oil_units": 10,
            "brps": 20,
        }
    )
    plan.pop("powers"), plan.pop("oil")
    plan_file = tmp_path / "over.json"
    plan_file.write_text(json.dumps(plan))
    result = run("check", scenarios.path(), plan_file)
    assert result.exit_code == 1
    assert "27.31" in result.stdout


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("name: [unclosed\n", "YAML syntax error"),
        (
            "name: t\nturn: {season: spring, year: 1942}\nfaction: european_axis\n"
            "powers: {germany: {brps: 10, brp_base: 30, force_pool: [{id: a, unit: tank, count: 1}]}}\n",
            "powers.germany.force_pool[0].unit",
        ),
        (
            "name: t\nturn: {season: spring, year: 1942}\nfaction: european_axis\n"
            "powers: {germany: {brps: -1, brp_base: 30}}\n",
            "powers.germany.brps",
        ),
        (
            "name: t\nturn: {season: spring, year: 1942}\nfaction: european_axis\npowers: {germany: {brps: 1}}\n",
            "powers.germany.brp_base",
        ),
        (
            "name: t\nturn: {season: spring, year: 1942}\nfaction: european_axis\n"
            "powers: {germany: {brps: 1, brp_base: 3}}\nmap: {sites: {atlantis: {}}}\n",
            "map.sites",
        ),
    ],
    ids=["yaml-syntax", "unknown-unit", "negative-brps", "missing-field", "unknown-site"],
)
def test_bad_input_exits_2_naming_file_and_field(tmp_path, text, field):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    for command in (["plan", path], ["limits", path]):
        result = run(*command)
        assert result.exit_code == 2
        assert str(path) in result.stderr and field in result.stderr
        assert "Traceback" not in result.stderr + result.stdout


def test_missing_file_exits_2(tmp_path):
    result = run("plan", tmp_path / "nope.yaml")
    assert result.exit_code == 2
    assert "cannot read file" in result.stderr


def test_unmeetable_requirement_exits_1_naming_rule():
    """Germany cannot build 100 armor factors: the construction limit (27.31) or the force pool (27.5) blocks it."""
    result = run("plan", "--min", "germany:armor:100")
    assert result.exit_code == 1
    assert "germany: at least 100 armor factors" in result.stderr
    assert "27.5" in result.stderr or "27.31" in result.stderr


def test_bad_command_line_override_exits_2():
    result = run("plan", "--min", "germany:panzer:6")
    assert result.exit_code == 2
    assert "command line" in result.stderr


def test_preset_override_changes_the_first_priority():
    result = run("plan", "--json", "--preset", "max-factors")
    assert json.loads(result.stdout)["objective"]["stages"][0]["priority"] == "factors"


def test_limits_breakdown_has_rule_numbers():
    result = run("limits", scenarios.path("russia_summer_1942.yaml"))
    assert result.exit_code == 0
    assert "27.32 A" in result.stdout and "27.33" in result.stdout


def test_schema_is_json_schema():
    schema = json.loads(run("schema").stdout)
    assert "powers" in schema["properties"]


def test_value_override_steers_the_plan():
    """A high value on flak makes the default position build all its flak (3 counters of 1 factor)."""
    plan = json.loads(run("plan", "--json", "--value", "flak=50").stdout)
    assert sum(b["factors"] for b in plan["builds"] if b["unit"] == "flak") == 3


def test_time_limit_returns_a_plan_with_its_gap():
    plan = json.loads(run("plan", "--json", "--time-limit", "5").stdout)
    assert plan["status"] in ("optimal", "feasible")
    assert plan["objective"]["gap"] >= 0


ITALY_GRANTS = """
name: Italy grants
turn: {season: spring, year: 1942}
faction: european_axis
powers:
  germany: {brps: 100, brp_base: 150}
  italy:
    brps: 60
    brp_base: 60
    grants_made: [{to: germany, brps: 30}]
"""

US_OVER_USAT = """
name: U.S. grants past the USAT cap
turn: {season: spring, year: 1941}
faction: western_allies
usat: 50
us_at_war: {europe: false, pacific: false}
powers:
  usa:
    brps: 100
    brp_base: 300
    grants_made: [{to: britain, brps: 20}, {to: britain, brps: 10}]
  britain: {brps: 50, brp_base: 120}
"""


@pytest.mark.parametrize(
    ("text", "field", "rule"),
    [
        (ITALY_GRANTS, "powers.italy.grants_made[0]", "40.32 B"),
        (US_OVER_USAT, "powers.usa.grants_made[1]", "40.331 A"),
    ],
    ids=["italy-never-grants", "usat-50-allows-25"],
)
def test_fixed_grant_against_rule_40_exits_2(tmp_path, text, field, rule):
    """40.32 B: Italy may not grant BRPs; 40.331 A: before war with Germany the U.S. grants Britain at
    most USAT - 25 = 25 BRPs at USAT 50, so 20 + 10 is refused at the second grant. A fixed grant
    (no `grants:` section) is bad input for plan, limits and check: exit 2, the grant and the rule
    named, no traceback."""
    path = tmp_path / "grants.yaml"
    path.write_text(text)
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps({"scenario": "x", "builds": []}))
    for command in (["plan", path], ["limits", path], ["check", path, plan_file]):
        result = run(*command)
        assert result.exit_code == 2, result.stdout
        assert field in result.stderr and rule in result.stderr
        assert "Traceback" not in result.stderr + result.stdout


def test_routes_show_the_chinese_port_and_haiphong_share_ten(tmp_path):
    """40.83: 'Up to ten BRPs may be granted to China via a Chinese port or French Indochina each turn':
    with both open, `awaw routes` marks each capacity of 10 as shared and says the two carry 10 together."""
    import yaml

    data = yaml.safe_load(scenarios.path("allies_summer_1942_grants.yaml").read_text())
    data["grants"].setdefault("china", {}).update({"port_recaptured": True, "haiphong": True})
    path = tmp_path / "china.yaml"
    path.write_text(yaml.safe_dump(data))
    result = run("routes", path)
    assert result.exit_code == 0
    rows = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if line.startswith("│")}
    assert "10, shared" in rows["chinese_port"] and "10, shared" in rows["haiphong"]
    assert "40.83: chinese_port and haiphong share 10 BRPs a turn" in result.stdout


def test_infeasible_plan_as_json_is_an_object_with_exit_1():
    """--json on requirements that cannot be met: a JSON object (status, message, rules), exit 1.
    Germany's force pool holds 2 + 3 armor counters, far from 100 factors (27.5)."""
    result = run("plan", "--json", "--min", "germany:armor:100")
    assert result.exit_code == 1
    failure = json.loads(result.stdout)
    assert failure["status"] == "infeasible"
    assert failure["message"] == "the requirements cannot all be met"
    assert "germany: at least 100 armor factors" in failure["explanation"][0]
    assert "27.5" in failure["rules"] or "27.31" in failure["rules"]


def test_no_plan_within_the_time_limit_exits_3():
    """A millisecond is too short for any plan: its own exit code, 3, in text and in JSON."""
    result = run("plan", "--time-limit", "0.001")
    assert result.exit_code == 3
    assert "no plan found within the time limit" in result.stderr
    as_json = run("plan", "--json", "--time-limit", "0.001")
    assert as_json.exit_code == 3
    assert json.loads(as_json.stdout)["status"] == "unknown"


def test_explanation_shares_the_time_limit():
    """An infeasible position (100 armor factors from a force pool of 5 counters, 27.5) with no time
    left: the explanation says the time ran out instead of searching on; with time, it names the
    requirement."""
    from models.io import load_scenario
    from models.scenario import Scenario
    from optimizer.turn.explain import OUT_OF_TIME, explain
    from optimizer.turn.prepare import prepare

    data = load_scenario(scenarios.path()).model_dump(mode="json", by_alias=True, exclude_unset=True)
    data["objective"]["minimum"] = [{"power": "germany", "unit": "armor", "factors": 100}]
    prepared = prepare(Scenario.model_validate(data))
    assert explain(prepared, 0.0) == [OUT_OF_TIME]
    assert explain(prepared, 30.0)[0] == "cannot be met: germany: at least 100 armor factors"


def test_routes_picture_names_the_file_written(tmp_path):
    """`--picture out` writes out.png and says so; a directory is refused with exit 2."""
    target = tmp_path / "out"
    result = run("routes", scenarios.path("allies_summer_1942_grants.yaml"), "--picture", target)
    assert result.exit_code == 0
    assert f"route map written to {tmp_path / 'out.png'}" in result.stdout
    assert (tmp_path / "out.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    refused = run("routes", scenarios.path("allies_summer_1942_grants.yaml"), "--picture", tmp_path)
    assert refused.exit_code == 2
    assert f"{tmp_path}: is a directory" in refused.stderr


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--min", "germany:armor:99999999999999999999", "past the largest allowed value, 1000"),
        (
            "--reserve",
            "italy=99999999999999999999",
            "reserve.italy: 99999999999999999999 is past the largest",
        ),
        ("--reserve", "Italy=-5", "reserve.italy: -5 is below the least allowed value, 0"),
        ("--discount", "nan", "horizon.discount: not a number"),
        ("--value", "armor=nan", "objective.values.armor: not a number"),
        ("--value", "armor=inf", "objective.values.armor: not a finite number"),
    ],
)
def test_command_line_numbers_out_of_bounds_exit_2(option, value, message):
    """Numbers given on the command line are held to the scenario's bounds: exit 2, never a solver error."""
    result = run("plan", option, value)
    assert result.exit_code == 2
    assert result.stderr.startswith("command line: ") and message in result.stderr


@pytest.mark.parametrize(
    ("option", "first", "second", "message"),
    [
        ("--reserve", "italy=60", "italy=0", "--reserve: italy given twice ('italy=60', then 'italy=0')"),
        ("--value", "armor=2", "ARMOR=3", "--value: armor given twice ('armor=2', then 'ARMOR=3')"),
    ],
)
def test_an_objective_option_given_twice_for_one_name_is_refused(option, first, second, message):
    """The second of two `--reserve italy=...` replaced the first without a word: the player meant one."""
    result = run("plan", option, first, option, second)
    assert result.exit_code == 2
    assert result.stderr.startswith("command line: ") and message in result.stderr


def test_a_file_that_never_ends_is_refused_at_the_size_limit():
    """`/dev/zero` as the scenario was read until memory ran out: reading stops past what a document may
    have (`models.yaml_limits.MAX_TEXT` characters, at most four bytes each)."""
    result = run("plan", "/dev/zero")
    assert result.exit_code == 2
    assert result.stderr.strip() == "/dev/zero: more than 20,000,000 bytes: more than a document may have"


def test_command_line_names_in_other_cases_are_accepted():
    """`--reserve ITALY=70` is italy's reserve, replacing the scenario's 10: Italy keeps at least 70 BRPs."""
    result = run("plan", "--json", "--reserve", "ITALY=70")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["powers"]["italy"]["brps_kept"] >= 70


def test_fixed_grant_against_rule_40_names_its_line(tmp_path):
    """40.32 B: Italy may not grant; the refused grant is on line 10 of ITALY_GRANTS (its first line empty)."""
    path = tmp_path / "grants.yaml"
    path.write_text(ITALY_GRANTS)
    result = run("limits", path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:10: powers.italy.grants_made[0]: ")


def test_scenario_at_its_bounds_plans_and_checks(tmp_path):
    """Every quantity at its largest allowed value (BRPs 10,000, 1,000 counters of 20 factors, 1,000
    oil counters, values of ±1,000): no overflow, a plan within the plan's own bounds, and the checker
    finds it legal. Regression: the plan's sums (an oil threshold of 25 x 1,001) once broke its bounds."""
    import yaml

    from models.quantities import MAX_BRPS, MAX_COUNTERS, MAX_FACTORS_PER_COUNTER

    data = yaml.safe_load(scenarios.path().read_text())
    for power in data["powers"].values():
        power["brps"] = power["brp_base"] = MAX_BRPS
        for entry in power.get("force_pool", []):
            entry["count"] = MAX_COUNTERS
            if entry.get("factors", 1) > 1:
                entry["factors"] = MAX_FACTORS_PER_COUNTER
    data["oil_counters"] = MAX_COUNTERS
    data["objective"].update({"unspent_brp_value": 1000, "values": {"armor": 1000, "infantry": -1000}})
    path = tmp_path / "bounds.yaml"
    path.write_text(yaml.safe_dump(data))
    planned = run("plan", path, "--json", "--time-limit", "20")
    assert planned.exit_code == 0
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(planned.stdout)
    checked = run("check", path, plan_file)
    assert checked.exit_code == 0, checked.stdout
