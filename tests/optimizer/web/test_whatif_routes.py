"""The page's what-ifs and comparison over HTTP: each the bytes of the CLI's `--json` for the same question
(`awaw plan --why/--why-not/--fix/--forbid/--alternatives`, `awaw compare`), bad decisions answered with
the CLI's words, and the planner the page picks among those that plan a scenario."""

from __future__ import annotations

import json
import warnings

import pytest
from typer.testing import CliRunner

import scenarios
from optimizer.cli import app as cli
from optimizer.web.app import create_app
from tests.optimizer.season.test_one_turn_leftover import PER_BRP, fall

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

DEFAULT = scenarios.path()
TEXT = DEFAULT.read_text(encoding="utf-8")
DECISIONS = DEFAULT.parent / "plans" / "my_axis_spring_1942.yaml"
runner = CliRunner()


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def cli_stdout(*args: str) -> str:
    result = runner.invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


@pytest.mark.parametrize(
    ("whatif", "args"),
    [
        ({"why": True}, ["--why"]),
        ({"why_not": ["germany:infantry-3-3"]}, ["--why-not", "germany:infantry-3-3"]),
        ({"fix": ["germany:army-air-5-4=3"]}, ["--fix", "germany:army-air-5-4=3"]),
        ({"forbid": ["germany:nas-1"]}, ["--forbid", "germany:nas-1"]),
        ({"alternatives": 2, "tolerance": "5%"}, ["--alternatives", "2", "--tolerance", "5%"]),
    ],
    ids=["why", "why-not", "fix", "forbid", "alternatives"],
)
def test_whatif_is_the_cli_json_byte_for_byte(client, whatif, args):
    """Each what-if of the page answers as `awaw plan` with the same option: the same JSON, byte for byte,
    and the command it stands for shown beside it."""
    answer = client.post("/api/whatif", json={"yaml": TEXT, "file": DEFAULT.name, "whatif": whatif})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["plan"] == cli_stdout("plan", str(DEFAULT), *args, "--json")
    assert data["command"] == " ".join(["awaw plan", DEFAULT.name, *args])


def test_why_not_more_of_a_build_line_is_priced_against_the_best(client):
    """'Why not more' of a build line is `--fix POWER:ENTRY=N+1`: its plan, and the best plan's objective
    beside it with what the plan with one more does differently."""
    best = json.loads(cli_stdout("plan", str(DEFAULT), "--json"))
    built = sum(
        b["counters"] for b in best["builds"] if (b["power"], b["entry"]) == ("germany", "army-air-5-4")
    )
    decision = f"germany:army-air-5-4={built + 1}"
    answer = client.post("/api/whatif", json={"yaml": TEXT, "whatif": {"fix": [decision]}})
    data = answer.json()
    assert data["best"] == best["objective"]["value"]
    from models.plan import Plan
    from optimizer.turn.plan_diff import changes

    with_one_more = cli_stdout("plan", str(DEFAULT), "--fix", decision, "--json")
    assert data["objective"] == json.loads(with_one_more)["objective"]["value"]
    expected = changes(Plan.model_validate_json(json.dumps(best)), Plan.model_validate_json(with_one_more))
    assert data["changes"] == expected and expected  # one more counter is a change from the best plan


def test_whatif_tables_are_the_cli_tables(client):
    """The why-not table of the page holds the rows `awaw plan --why-not` prints."""
    answer = client.post("/api/whatif", json={"yaml": TEXT, "whatif": {"why_not": ["germany:infantry-3-3"]}})
    html = answer.json()["html"]
    assert (
        'data-title="Why not (the best plan that includes it; cost: its optimum less the plan&#39;s)"' in html
    )
    assert "including it costs" in html


def test_an_infeasible_fix_is_the_cli_failure_json(client):
    answer = client.post("/api/whatif", json={"yaml": TEXT, "whatif": {"fix": ["italy:armor-3-5=2"]}})
    assert answer.status_code == 200
    data = answer.json()
    assert data["status"] == "infeasible"
    assert data["plan"] == cli_stdout("plan", str(DEFAULT), "--fix", "italy:armor-3-5=2", "--json")


def test_a_bad_decision_is_named_as_the_cli_names_it(client):
    answer = client.post("/api/whatif", json={"yaml": TEXT, "whatif": {"fix": ["germany:bogus=2"]}})
    assert answer.status_code == 422
    result = runner.invoke(cli, ["plan", str(DEFAULT), "--fix", "germany:bogus=2"])
    assert result.exit_code == 2
    assert answer.json()["error"] in result.output.replace("\n", "")


def test_whatif_refused_for_another_planner(client):
    text = scenarios.every()["engineers/rail_and_airbase.yaml"].read_text(encoding="utf-8")
    answer = client.post("/api/whatif", json={"yaml": text, "whatif": {"why": True}})
    assert answer.status_code == 422
    assert "asked of turn plans" in answer.json()["error"]


def test_compare_is_the_cli_compare_json(client):
    """`awaw compare` of the bundled player's plan, from the page: the same JSON and the same verdict."""
    decisions = DECISIONS.read_text(encoding="utf-8")
    answer = client.post(
        "/api/compare", json={"yaml": TEXT, "decisions": decisions, "decisions_file": DECISIONS.name}
    )
    assert answer.status_code == 200, answer.text
    expected = runner.invoke(cli, ["compare", str(DEFAULT), str(DECISIONS), "--json"])
    assert answer.json()["comparison"] == expected.stdout
    assert answer.json()["legal"] == (expected.exit_code == 0)
    assert "Score (gap: best less yours)" in answer.json()["html"]


def test_decisions_of_the_plan_shown_compare_as_the_best(client):
    """The decisions of the best plan, as the page offers them to edit, score exactly the best plan."""
    plan = client.post("/api/plan", json={"yaml": TEXT}).json()["plan"]
    decisions = client.post("/api/decisions", json={"yaml": TEXT, "plan": plan}).json()["decisions"]
    assert "format: awaw-decisions/1" in decisions
    compared = json.loads(
        client.post("/api/compare", json={"yaml": TEXT, "decisions": decisions}).json()["comparison"]
    )
    assert compared["legal"] and all(score["gap"] == 0 for score in compared["scores"])


def test_a_broken_decisions_file_is_named(client):
    answer = client.post(
        "/api/compare",
        json={
            "yaml": TEXT,
            "decisions": "format: awaw-decisions/1\nbuilds: 3\n",
            "decisions_file": "mine.yaml",
        },
    )
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("mine.yaml:")


def test_sw_scenario_planned_by_either_planner_it_has(client):
    """A scenario with an `sw:` section: the turn plan by default (`awaw plan`), or the SW deployment
    (`awaw sw`, rule 25) when the page picks it, each the bytes of its command's --json."""
    path = scenarios.every()["european_axis_1942_sw.yaml"]
    text = path.read_text(encoding="utf-8")
    valid = client.post("/api/validate", json={"yaml": text}).json()
    assert [p["name"] for p in valid["planners"]] == ["plan", "sw"]
    answer = client.post("/api/plan", json={"yaml": text, "planner": "sw"})
    assert answer.status_code == 200 and answer.json()["planner"] == "sw"
    assert answer.json()["plan"] == cli_stdout("sw", str(path), "--json")
    checked = client.post("/api/check", json={"yaml": text, "planner": "sw", "plan": answer.json()["plan"]})
    assert checked.json()["legal"] and checked.json()["says"] == "the deployment is legal (rule 25)"


def test_a_planner_that_does_not_plan_the_scenario_is_refused(client):
    answer = client.post("/api/plan", json={"yaml": TEXT, "planner": "sw"})
    assert answer.status_code == 422
    assert answer.json()["source"] == "planner"
    assert "awaw sw does not plan this scenario" in answer.json()["error"]


def test_controls_that_do_not_apply_are_named_each(client):
    """The issue's sequence: Reserve `britain=20` set, then Japan's naval scenario (no British power)
    picked: validation names the reserve as not applying, and not the values that do."""
    text = scenarios.every()["japan_fall_1941_naval.yaml"].read_text(encoding="utf-8")
    options = {"reserve": "britain=20", "values": "armor=2"}
    valid = client.post("/api/validate", json={"yaml": text, "options": options}).json()
    assert list(valid["option_problems"]) == ["reserve"]
    assert "britain: not a planned power" in valid["option_problems"]["reserve"]


def test_whatif_with_objective_controls_is_the_cli_with_their_options(client):
    """The objective controls apply to a what-if as to the plan: `awaw plan --reserve italy=10 --why-not ...`,
    the command shown with both."""
    body = {
        "yaml": TEXT,
        "file": DEFAULT.name,
        "options": {"reserve": "italy=10", "unspent_value": 0.5},
        "whatif": {"why_not": ["germany:infantry-3-3"]},
    }
    data = client.post("/api/whatif", json=body).json()
    args = ["--reserve", "italy=10", "--unspent-value", "0.5", "--why-not", "germany:infantry-3-3"]
    assert data["command"] == "awaw plan european_axis_spring_1942.yaml " + " ".join(
        f"{a} {b}" for a, b in zip(args[::2], args[1::2], strict=True)
    )
    assert data["plan"] == cli_stdout("plan", str(DEFAULT), *args, "--json")


SEASON_PATH = scenarios.path("seasons/germany_summer_1942_season.yaml")


def test_a_season_whatif_is_awaw_season_byte_for_byte(client):
    """A season plan's what-if is `awaw season --forbid ...@turn2`'s: the same JSON, the command shown, and
    the best season plan beside it (102.0 against 80.88 with the fall's panzer corps forbidden)."""
    text = SEASON_PATH.read_text(encoding="utf-8")
    whatif = {"forbid": ["germany:armor-4-6@turn2"], "why": True}
    answer = client.post("/api/whatif", json={"yaml": text, "file": SEASON_PATH.name, "whatif": whatif})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    expected = cli_stdout(
        "season", str(SEASON_PATH), "--forbid", "germany:armor-4-6@turn2", "--why", "--json"
    )
    assert data["plan"] == expected
    assert data["command"] == f"awaw season {SEASON_PATH.name} --forbid germany:armor-4-6@turn2 --why"
    # Both worked by hand from the rules: tests/optimizer/season/test_whatif.py (80.88, the fall build
    # forbidden) and tests/optimizer/season/test_bundled.py (102.0, the season's best).
    assert (data["objective"], data["best"]) == (80.88, 102.0)
    assert any(change.startswith("turn 2: ") for change in data["changes"])
    assert 'data-title="Why (season)' in data["html"]


def test_an_infeasible_season_whatif_names_its_turn(client):
    text = SEASON_PATH.read_text(encoding="utf-8")
    fix = ["germany:armor-4-6=6", "germany:armor-4-6=6@turn2"]
    answer = client.post("/api/whatif", json={"yaml": text, "whatif": {"fix": fix}})
    data = answer.json()
    assert data["status"] == "infeasible"
    args = [word for decision in fix for word in ("--fix", decision)]
    assert data["plan"] == cli_stdout("season", str(SEASON_PATH), *args, "--json")
    assert "turn 2 (fall 1942) is the first turn the season cannot plan" in data["html"]


def test_a_season_why_not_and_alternatives_are_awaw_seasons_byte_for_byte(client):
    """A season plan's --why-not (one more panzer corps in the fall, `=7@turn2`) and --alternatives are
    `awaw season`'s: the same JSON and the command shown; the why-not's cost the hand-worked -3.04
    (tests/optimizer/season/test_why_not.py)."""
    text = SEASON_PATH.read_text(encoding="utf-8")
    whatif = {"why_not": ["germany:armor-4-6=7@turn2"], "alternatives": 2, "tolerance": "4"}
    answer = client.post("/api/whatif", json={"yaml": text, "file": SEASON_PATH.name, "whatif": whatif})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    args = ["--why-not", "germany:armor-4-6=7@turn2", "--alternatives", "2", "--tolerance", "4"]
    assert data["plan"] == cli_stdout("season", str(SEASON_PATH), *args, "--json")
    assert data["command"] == f"awaw season {SEASON_PATH.name} " + " ".join(args)
    plan = json.loads(data["plan"])
    assert plan["why_not"][0]["costs"][0]["difference"] == -3.04
    assert [a["behind"] for a in plan["alternatives"]] == [2.0, 3.04]
    assert 'data-title="Why not' in data["html"] and 'data-title="Alternatives' in data["html"]


def test_a_season_why_not_of_an_unknown_entry_is_refused(client):
    text = SEASON_PATH.read_text(encoding="utf-8")
    answer = client.post("/api/whatif", json={"yaml": text, "whatif": {"why_not": ["germany:panzer@turn2"]}})
    assert answer.status_code == 422
    assert "--why-not" in answer.text and "no force pool entry 'panzer'" in answer.text


def test_a_one_turn_seasons_whatif_is_awaw_seasons(client, tmp_path):
    """A one-turn season's what-ifs (the file `awaw next` writes for a season's last turn) are its turn
    plan's, as `awaw season` answers them: the page refused --why-not and --alternatives ('asked of its
    turn plan') and left --why unanswered."""
    import yaml

    data = yaml.safe_load(SEASON_PATH.read_text(encoding="utf-8"))
    data["season"] = {"turns": 1}
    one = tmp_path / "one.yaml"
    one.write_text(yaml.safe_dump(data))
    whatif = {"why": True, "why_not": ["germany:armor-4-6=4"], "alternatives": 1, "tolerance": "5%"}
    answer = client.post("/api/whatif", json={"yaml": one.read_text(), "file": one.name, "whatif": whatif})
    assert answer.status_code == 200, answer.text
    args = ["--why-not", "germany:armor-4-6=4", "--why", "--alternatives", "1", "--tolerance", "5%"]
    assert answer.json()["plan"] == cli_stdout("season", str(one), *args, "--json")
    plan = json.loads(answer.json()["plan"])
    assert plan["why"] and plan["why_not"] and plan["alternatives"] is not None
    html = answer.json()["html"]
    assert 'data-title="What binds' in html and 'data-title="Why not' in html


# --- SW builds (27.9) -------------------------------------------------------------------------------

NAVAL = scenarios.every()["britain_usa_summer_1942_naval.yaml"]
NAVAL_TEXT = NAVAL.read_text(encoding="utf-8")


def test_the_page_lists_each_sw_line_with_the_yards_that_build_it(client):
    """27.9, 27.711: the page's SW builds are the scenario's `sw_units` lines, each paid by any of its
    power's yards, then by each yard whose points build SW units: either U.S. box for the U.S., Glasgow (a
    home-country yard) and the Canada box for Britain, never the Australia box (added here), in the CLI's
    `POWER:SWLINE[@YARD]` form; a scenario without `sw_units` lists none, nor does another planner."""
    text = NAVAL_TEXT.replace(
        "        - id: glasgow\n", "        - id: australia_box\n        - id: glasgow\n", 1
    )
    valid = client.post("/api/validate", json={"yaml": text}).json()
    assert valid["ok"], valid
    usa = ["us_atlantic_box", "us_pacific_box"]
    britain = ["glasgow", "canada_box"]
    expected = [
        f"{power}:{line}{at}"
        for power, lines, yards in (
            ("usa", ["liberty-ship", "destroyer-escort"], usa),
            ("britain", ["escort-group", "merchant-tonnage"], britain),
        )
        for line in lines
        for at in ["", *(f"@{yard}" for yard in yards)]
    ]
    assert [line["decision"] for line in valid["sw_lines"]] == expected
    assert valid["sw_lines"][2]["label"] == "usa liberty-ship (transport, 6 factors) at us_pacific_box"
    assert client.post("/api/validate", json={"yaml": TEXT}).json()["sw_lines"] == []
    sw = scenarios.every()["european_axis_1942_sw.yaml"].read_text(encoding="utf-8")
    assert client.post("/api/validate", json={"yaml": sw, "planner": "sw"}).json()["sw_lines"] == []


@pytest.mark.parametrize(
    ("whatif", "args"),
    [
        ({"fix": ["usa:liberty-ship=5"]}, ["--fix", "usa:liberty-ship=5"]),
        (
            {"forbid": ["usa:destroyer-escort@us_pacific_box"]},
            ["--forbid", "usa:destroyer-escort@us_pacific_box"],
        ),
        (
            {"why_not": ["britain:merchant-tonnage@glasgow=3"]},
            ["--why-not", "britain:merchant-tonnage@glasgow=3"],
        ),
    ],
    ids=["fix", "forbid", "why-not"],
)
def test_an_sw_build_asked_of_the_page_is_the_cli_json_byte_for_byte(client, whatif, args):
    """27.9, 27.721 A, 27.7221 A: an SW build of the page's list, fixed, forbidden or asked why not, is
    `awaw plan` with the same option, byte for byte: five Liberty factors take every U.S. one-factor point
    (2 of the Atlantic box's rate 3, 3 of the Pacific box's 6) and cost 1.0 of value beside the best plan;
    three merchant-tonnage factors at Glasgow (rate 4: 2 points on one-factor units) are blocked."""
    answer = client.post("/api/whatif", json={"yaml": NAVAL_TEXT, "file": NAVAL.name, "whatif": whatif})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["plan"] == cli_stdout("plan", str(NAVAL), *args, "--json")
    assert data["command"] == " ".join(["awaw plan", NAVAL.name, *args])
    if "fix" in whatif:
        assert round(data["objective"] - data["best"], 6) == -1.0
    if "why_not" in whatif:
        (why_not,) = json.loads(data["plan"])["why_not"]
        assert not why_not["possible"] and "blocked by 27.7221 A" in data["html"]


def test_a_one_turn_seasons_whatif_values_the_brps_kept_by_its_leftover(client, tmp_path):
    """The page's what-if of a one-turn season asks its turn position with the season's leftover as the
    value of the BRPs kept (README "A season planned whole": what is left is "valued by the player's
    stated rule for it"), as `awaw season` does: fall 1942, Germany's 10 BRPs, one-factor infantry at 1
    BRP a factor (27.11 A) worth 0.4, a BRP kept worth 0.3 by the objective and 0.5 by the leftover. Two
    infantry fixed: 2 x 0.4 + 8 x 0.5 = 4.8, beside the best, all 10 kept, 5.0."""
    text = fall(1, PER_BRP)
    one = tmp_path / "one.yaml"
    one.write_text(text)
    whatif = {"fix": ["germany:inf=2"]}
    answer = client.post("/api/whatif", json={"yaml": text, "file": one.name, "whatif": whatif})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["plan"] == cli_stdout("season", str(one), "--fix", "germany:inf=2", "--json")
    assert (data["objective"], data["best"]) == (4.8, 5.0)
