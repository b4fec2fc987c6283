"""The web page's endpoints over HTTP (Starlette's test client): the same plans, checks and words as
the CLI, bad input answered with its problems and lines (never a server error), and the limits that
make the server safe to leave running (request size, solve slots, time limit, no paths)."""

from __future__ import annotations

import json
import threading
import warnings

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import scenarios
from models.io import InputError, parse_scenario
from optimizer.cli import app as cli
from optimizer.web.app import MAX_BODY, create_app

with warnings.catch_warnings():  # Starlette asks for httpx2 now; httpx is what its test client runs on here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

DEFAULT = scenarios.path().read_text(encoding="utf-8")
runner = CliRunner()


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def cli_json(*args: str) -> str:
    result = runner.invoke(cli, ["plan", *args, "--json"])
    assert result.exit_code == 0, result.stdout
    return result.stdout


def plan(client, text=DEFAULT, **options):
    return client.post(
        "/api/plan", json={"yaml": text, "file": "european_axis_spring_1942.yaml", "options": options}
    )


# --- the page and the bundled scenarios ---------------------------------------------------------


def test_page_shows_the_default_scenario_in_the_editor(client):
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert f'<option value="{scenarios.DEFAULT}" selected>' in page.text
    # The editor holds the scenario's text, escaped for HTML.
    assert "oil_counters: 2  # Romanian oil reserved for construction" in page.text
    assert "/static/app.js" in page.text
    # The style sheet is in the page itself: nothing but the page blocks its first paint.
    assert "<style>\n/* The page of `awaw serve`" in page.text and "/static/style.css" not in page.text


def test_static_script_and_style_are_served_by_name_only(client):
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    for name in ("app.py", "..%2Fapp.py", "%2E%2E%2F%2E%2E%2Fcli.py", "index.html"):
        assert client.get(f"/static/{name}").status_code == 404


def test_bundled_scenarios_listed_default_first(client):
    names = client.get("/api/scenarios").json()["scenarios"]
    assert names[0] == scenarios.DEFAULT
    assert sorted(names) == sorted(scenarios.every())
    assert "engineers/rail_and_airbase.yaml" in names  # every kind of scenario is offered


@pytest.mark.parametrize("name", list(scenarios.every()))
def test_every_bundled_scenario_plans_as_its_command_does(client, name):
    """Each bundled scenario of every kind is planned by the planner of its kind (the registry), and the
    plan the page offers for download is the bytes of that command's --json: a turn plan (with its SW
    figures), a mobilization schedule (rule 14) or an engineers schedule."""
    from optimizer.planners import planner_for

    path = scenarios.every()[name]
    command = planner_for(yaml.safe_load(path.read_text(encoding="utf-8"))).name
    answer = client.post("/api/plan", json={"yaml": path.read_text(encoding="utf-8"), "file": path.name})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    expected = runner.invoke(cli, [command, str(path), "--json"])
    assert expected.exit_code == 0, expected.output
    assert data["status"] == "optimal" and data["plan"] == expected.stdout
    checked = client.post("/api/check", json={"yaml": path.read_text(encoding="utf-8"), "plan": data["plan"]})
    assert checked.status_code == 200 and checked.json()["legal"], checked.text


def test_objective_controls_are_refused_for_a_scenario_of_another_planner(client):
    """The controls are the turn plan's (`awaw plan`'s options): set on an engineers scenario, they are
    bad input naming the planner, never silently dropped."""
    text = scenarios.every()["engineers/rail_and_airbase.yaml"].read_text(encoding="utf-8")
    answer = client.post("/api/plan", json={"yaml": text, "options": {"reserve": "germany=5"}})
    assert answer.status_code == 422
    assert "apply to turn plans (rules 27 and 40)" in answer.json()["error"]


def test_bundled_scenario_text_by_name(client):
    for name, path in scenarios.every().items():
        answer = client.get(f"/api/scenarios/{name}")
        assert answer.status_code == 200
        assert answer.json()["yaml"] == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name", ["..%2F..%2Fpyproject.toml", "%2Fetc%2Fpasswd", "__init__.py", "new_power.yaml.tmpl", "x.yaml"]
)
def test_no_path_from_a_request_reaches_the_file_system(client, name):
    """Only the bundled scenarios' names are accepted: nothing else is read, whatever the name says."""
    answer = client.get(f"/api/scenarios/{name}")
    assert answer.status_code == 404
    assert "[build-system]" not in answer.text and "root:" not in answer.text


# --- validation ---------------------------------------------------------------------------------


def test_valid_scenario_has_no_problems(client):
    answer = client.post("/api/validate", json={"yaml": DEFAULT}).json()
    assert answer == {
        "ok": True,
        "problems": [],
        "planners": [{"name": "plan", "title": "turn plan (rules 27 and 40)"}],
        "option_problems": {},
        "sw_lines": [],  # no naval: sw_units
    }


def test_yaml_typo_is_reported_at_its_line_in_the_cli_words(client):
    text = DEFAULT.replace("faction: european_axis", "faction: european_axis: russia")
    line = DEFAULT.splitlines().index("faction: european_axis") + 1
    answer = client.post("/api/validate", json={"yaml": text, "file": "mine.yaml"}).json()
    assert answer["ok"] is False
    with pytest.raises(InputError) as raised:
        parse_scenario(text, "mine.yaml")
    assert answer["error"] == raised.value.render()  # the CLI's message, word for word
    assert [p["line"] for p in answer["problems"]] == [line]


def test_field_problem_names_the_field(client):
    """extra="forbid": a misspelled key is named, not ignored."""
    text = DEFAULT.replace("oil_counters: 2", "oil_countres: 2")
    line = next(n for n, row in enumerate(DEFAULT.splitlines(), 1) if row.startswith("oil_counters: 2"))
    answer = client.post("/api/validate", json={"yaml": text}).json()
    assert answer["ok"] is False
    assert [p["line"] for p in answer["problems"] if "oil_countres" in p["field"]] == [line]


def test_validate_without_json_is_a_client_error(client):
    for body in (b"not json", b"[1, 2]", b'{"yaml": 3}'):
        answer = client.post("/api/validate", content=body)
        assert answer.status_code == 400
        assert "yaml" in answer.json()["error"]


# --- planning -----------------------------------------------------------------------------------


def test_plan_is_the_cli_plan_byte_for_byte_and_checked_legal(client):
    answer = plan(client)
    assert answer.status_code == 200
    data = answer.json()
    assert data["status"] == "optimal"
    assert data["plan"] == cli_json()
    checked = client.post("/api/check", json={"yaml": DEFAULT, "plan": data["plan"]}).json()
    assert checked == {
        "legal": True,
        "violations": [],
        "says": "the plan is legal (rules 27 and 40) and meets the scenario's requirements",
    }


def test_plan_tables_have_the_cli_columns(client):
    html = plan(client).json()["html"]
    for title, columns in (
        ("Builds", ("power", "unit", "entry", "site", "counters", "factors", "BRPs", "oil")),
        ("BRPs, construction limit, naval air", ("available", "spent", "kept", "limit used", "naval air")),
    ):
        assert f"<caption>{title}</caption>" in html
        for column in columns:
            assert f">{column}</th>" in html
    assert "<svg" in html  # the route map, inline


def test_plan_twice_gives_the_same_bytes(client):
    first, second = plan(client).json(), plan(client).json()
    assert first["html"] == second["html"] and first["plan"] == second["plan"]


def test_oil_counters_change_the_threshold(client):
    """27.35 C: with n oil counters spent the threshold is 25 × (n + 1) BRPs: 75 with two, 50 with one."""
    with_one = DEFAULT.replace("oil_counters: 2", "oil_counters: 1")
    assert "2 of 2 counters spent; threshold 75 BRPs" in plan(client).json()["html"]
    assert "1 of 1 counters spent; threshold 50 BRPs" in plan(client, with_one).json()["html"]
    assert plan(client).json()["plan"] != plan(client, with_one).json()["plan"]


def test_objective_controls_act_as_the_cli_options(client):
    cases = [
        ({"preset": "max-factors"}, ["--preset", "max-factors"]),
        ({"reserve": "italy=10, germany=5"}, ["--reserve", "italy=10", "--reserve", "germany=5"]),
        ({"minimum": "germany:armor:6"}, ["--min", "germany:armor:6"]),
        ({"values": "armor=0.5", "unspent_value": 0.1}, ["--value", "armor=0.5", "--unspent-value", "0.1"]),
    ]
    for options, arguments in cases:
        answer = plan(client, **options)
        assert answer.status_code == 200, answer.json()
        assert answer.json()["plan"] == cli_json(*arguments), options


def test_reserve_is_kept_and_checked_with_the_controls(client):
    """The reserve requirement: Italy keeps at least 10 BRPs unspent; the checker reads the same
    controls, so a plan that keeps less is a requirement not met."""
    kept = plan(client, reserve="italy=10").json()["plan"]
    assert json.loads(kept)["powers"]["italy"]["brps_kept"] >= 10
    body = {"yaml": DEFAULT, "options": {"reserve": "italy=70"}, "plan": kept}
    answer = client.post("/api/check", json=body).json()
    assert answer["legal"] is False
    assert any("requirement not met" in line and "italy" in line for line in answer["violations"])


def test_horizon_controls_act_as_the_cli_options(client):
    path = scenarios.path("japan_fall_1941_naval.yaml")
    answer = client.post(
        "/api/plan",
        json={"yaml": path.read_text(encoding="utf-8"), "options": {"horizon": 2, "discount": 0.5}},
    )
    assert answer.status_code == 200
    assert answer.json()["plan"] == cli_json(str(path), "--horizon", "2", "--discount", "0.5")


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"reserve": "italy"}, "POWER=BRPS"),
        ({"minimum": "germany:armor"}, "POWER:UNIT:FACTORS"),
        ({"values": "armour=2"}, "values"),
        ({"preset": "most"}, "preset"),
        ({"horizon": 0}, "turns"),
        ({"reserve": "atlantis=3"}, "reserve"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_objective_controls_are_named(client, options, named):
    answer = plan(client, **options)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("objective controls: ")
    assert named in answer.json()["error"]


def test_requirements_that_cannot_be_met_are_explained(client):
    """27.31: Germany's construction limit is 76 BRPs, so 200 armor factors (2 BRPs each, 27.12) cannot be built."""
    data = plan(client, minimum="germany:armor:200").json()
    assert data["status"] == "infeasible"
    assert data["plan"] == ""
    assert "the requirements cannot all be met" in data["html"]
    assert "germany: at least 200 armor factors" in data["html"]


def test_time_limit_bounds_each_solve():
    with TestClient(create_app(time_limit=0.001)) as limited:
        answer = plan(limited)
    assert answer.status_code == 200
    data = answer.json()
    assert data["status"] in ("feasible", "unknown")  # no proof within a millisecond
    if data["status"] == "unknown":
        assert "no plan found within the time limit" in data["html"]


def test_scenario_texts_are_escaped(client):
    text = DEFAULT.replace("name: European Axis, Spring 1942", "name: <script>alert(1)</script>")
    html = plan(client, text).json()["html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in html


MALFORMED = [
    "",
    "[]",
    "just text",
    "name: [",
    "\t- tab",
    "powers: 3",
    "a: &x [*x]",
    "[" * 5000,
    DEFAULT.replace("oil_counters: 2", "oil_counters: 99999999999999999999999"),
    DEFAULT.replace("oil_counters: 2", "oil_counters: .nan"),
    DEFAULT.replace("oil_counters: 2", "oil_counters: -1"),
    DEFAULT.replace("faction: european_axis", "faction: atlantis"),
    DEFAULT.replace("year: 1942", "year: nineteen"),
    DEFAULT + "\n" + DEFAULT,
    "\x00\x01",
]


@pytest.mark.parametrize("text", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_scenario_is_bad_input_never_a_server_error(client, text):
    for url in ("/api/validate", "/api/plan", "/api/check"):
        answer = client.post(url, json={"yaml": text, "plan": "{}"})
        assert answer.status_code in (200, 422), (url, answer.text)
        if answer.status_code == 422:
            assert answer.json()["problems"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    line=st.integers(min_value=0, max_value=len(DEFAULT.splitlines()) - 1),
    change=st.sampled_from(["delete", "dedent", "indent", "colon", "quote", "negate"]),
)
def test_mutated_scenario_never_a_server_error(client, line, change):
    lines = DEFAULT.splitlines()
    text = lines[line]
    lines[line] = {
        "delete": "",
        "dedent": text.lstrip(),
        "indent": "   " + text,
        "colon": text.replace(":", "", 1),
        "quote": text + ' "',
        "negate": text.replace(": ", ": -", 1),
    }[change]
    answer = client.post("/api/plan", json={"yaml": "\n".join(lines)})
    assert answer.status_code in (200, 422), answer.text


# --- uploads and size limits --------------------------------------------------------------------


def test_upload_returns_the_text_and_its_problems(client):
    answer = client.post("/api/upload", files={"file": ("mine.yaml", DEFAULT.encode(), "text/yaml")})
    assert answer.status_code == 200
    assert answer.json() == {"name": "mine.yaml", "yaml": DEFAULT, "ok": True, "problems": []}
    broken = client.post("/api/upload", files={"file": ("bad.yaml", b"name: [", "text/yaml")}).json()
    assert broken["ok"] is False and broken["error"].startswith("bad.yaml")


def test_upload_not_utf8_or_without_a_file(client):
    answer = client.post("/api/upload", files={"file": ("x.yaml", b"\xff\xfe\x00bad", "text/yaml")})
    assert answer.status_code == 422 and "UTF-8" in answer.json()["error"]
    assert client.post("/api/upload", data={"other": "1"}).status_code == 400
    assert (
        client.post(
            "/api/upload", content=b"garbage", headers={"content-type": "multipart/form-data"}
        ).status_code
        == 400
    )


def test_oversized_upload_is_refused(client):
    answer = client.post("/api/upload", files={"file": ("big.yaml", b"#" * (MAX_BODY + 1), "text/yaml")})
    assert answer.status_code == 413
    assert "over 1 MB" in answer.json()["error"]


def test_oversized_body_refused_by_its_length_and_while_streaming(client):
    body = json.dumps({"yaml": "#" * MAX_BODY}).encode()
    assert (
        client.post("/api/plan", content=body, headers={"content-type": "application/json"}).status_code
        == 413
    )

    def chunks():  # no Content-Length: the body is counted as it comes
        for start in range(0, len(body), 65536):
            yield body[start : start + 65536]

    answer = client.post("/api/validate", content=chunks(), headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert "over 1 MB" in answer.json()["error"]


def test_body_just_under_the_limit_is_read(client):
    padding = MAX_BODY - len(json.dumps({"yaml": DEFAULT}).encode())
    body = json.dumps({"yaml": DEFAULT + "#" * padding}).encode()
    assert len(body) == MAX_BODY
    assert len(body) <= MAX_BODY
    assert client.post("/api/validate", content=body).json()["ok"] is True


# --- solve slots --------------------------------------------------------------------------------


def test_busy_server_refuses_with_a_clear_message():
    """With every slot taken, a plan waits `wait` seconds, then is refused (503) saying why."""
    web = create_app(slots=1, wait=0.05)
    with TestClient(web) as busy:
        taken = web.state.slots.acquire(0)  # the one solve slot (its worker) held by another plan
        assert taken is not None
        try:
            answer = plan(busy)
        finally:
            web.state.slots.release(taken)
        assert answer.status_code == 503
        assert "busy" in answer.json()["error"] and "try again" in answer.json()["error"]
        assert plan(busy).status_code == 200  # the slot is free again


def test_solves_up_to_the_slots_run_together():
    web = create_app(slots=2, wait=30)
    answers: list[int] = []
    with TestClient(web) as together:
        threads = [
            threading.Thread(target=lambda: answers.append(plan(together).status_code)) for _ in range(3)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert answers == [200, 200, 200]
    assert web.state.slots.count == 2


def test_default_slots_are_the_cores():
    import os

    assert create_app().state.slots.count == (os.cpu_count() or 1)


# --- check ---------------------------------------------------------------------------------------


def test_check_a_legal_plan_and_a_broken_one(client):
    """27.31: a plan that builds past Italy's construction limit is refused with the rule number."""
    legal = plan(client).json()["plan"]
    assert client.post("/api/check", json={"yaml": DEFAULT, "plan": legal}).json() == {
        "legal": True,
        "violations": [],
        "says": "the plan is legal (rules 27 and 40) and meets the scenario's requirements",
    }
    broken = json.loads(legal)
    broken["builds"].append(
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
    broken.pop("powers"), broken.pop("oil")
    answer = client.post("/api/check", json={"yaml": DEFAULT, "plan": json.dumps(broken)}).json()
    assert answer["legal"] is False
    assert any(line.startswith("27.31: violates") for line in answer["violations"])


def test_check_an_unreadable_plan(client):
    answer = client.post("/api/check", json={"yaml": DEFAULT, "plan": "{not json"})
    assert answer.status_code == 422 and "plan.json" in answer.json()["error"]
    assert client.post("/api/check", json={"yaml": DEFAULT}).status_code == 400


def test_yaml_module_reads_bundled_scenarios():
    """The texts served are YAML mappings (what the editor shows is what is planned)."""
    assert isinstance(yaml.safe_load(DEFAULT), dict)
