"""The web server under hostile input, over HTTP: an alias bomb refused at its line by every endpoint, a
scenario past the page's size limits refused, the page answered while a worker is busy, the time limit
counting from the request's arrival, a plan as a job with its progress, and a cancel that frees its slot
at once."""

from __future__ import annotations

import json
import threading
import time
import warnings
from typing import Any

import pytest
from typer.testing import CliRunner

import scenarios
from optimizer.cli import app as cli
from optimizer.web import limits
from optimizer.web.app import create_app
from tests.optimizer.web.positions import BOMB, BOMB_LINE, long_solve_text, oversized_text

with warnings.catch_warnings():  # Starlette asks for httpx2 now; httpx is what its test client runs on here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

DEFAULT = scenarios.path().read_text(encoding="utf-8")
REFUSAL = f"bomb.yaml:{BOMB_LINE}: YAML aliases repeat more than 100,000 values (an alias bomb?); write the values out instead"


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app()) as test_client:
        yield test_client


def jobs(client: Any) -> Any:
    return client.app.state.jobs if hasattr(client.app, "state") else None


def wait_for(client: Any, job: str, ready: Any) -> dict[str, Any]:
    """The job's progress once `ready(progress)` (polled; the solve runs in its worker meanwhile)."""
    deadline = time.monotonic() + 120
    while True:
        progress = client.get(f"/api/plan/{job}").json()
        if ready(progress):
            return progress
        assert time.monotonic() < deadline, f"the job never got there: {progress}"
        time.sleep(0.05)


# --- the alias bomb at every endpoint --------------------------------------------------------------


def test_validate_refuses_the_alias_bomb_at_its_line(client: Any) -> None:
    answer = client.post("/api/validate", json={"yaml": BOMB, "file": "bomb.yaml"})
    assert answer.status_code == 200
    assert answer.json() == {
        "ok": False,
        "error": REFUSAL,
        "problems": [
            {
                "field": "",
                "problem": "YAML aliases repeat more than 100,000 values (an alias bomb?); write the values out instead",
                "line": BOMB_LINE,
            }
        ],
    }


@pytest.mark.parametrize("route", ["/api/plan", "/api/check"])
def test_plan_and_check_refuse_the_alias_bomb_as_bad_input(client: Any, route: str) -> None:
    answer = client.post(route, json={"yaml": BOMB, "file": "bomb.yaml", "plan": "{}"})
    assert answer.status_code == 422
    assert answer.json()["error"] == REFUSAL


def test_upload_refuses_the_alias_bomb_at_its_line(client: Any) -> None:
    answer = client.post("/api/upload", files={"file": ("bomb.yaml", BOMB.encode(), "text/yaml")})
    assert answer.status_code == 200
    assert answer.json()["ok"] is False and answer.json()["error"] == REFUSAL


def test_a_started_plan_of_the_bomb_ends_as_bad_input(client: Any) -> None:
    started = client.post("/api/plan/start", json={"yaml": BOMB, "file": "bomb.yaml"})
    assert started.status_code == 202
    done = wait_for(client, started.json()["job"], lambda p: p["state"] == "done")
    assert done["status"] == 422 and done["result"]["error"] == REFUSAL


# --- the page's size limits ---------------------------------------------------------------------


def test_more_force_pool_entries_than_the_page_plans_are_refused(client: Any) -> None:
    text = oversized_text(limits.MAX_FORCE_POOL)  # 300 more, with the scenario's own 15: 315
    answer = client.post("/api/plan", json={"yaml": text})
    assert answer.status_code == 422
    assert answer.json()["error"] == (
        "scenario.yaml: powers: 315 force pool entries: more than the 300 the web page plans "
        "(plan it with the command line)"
    )


def test_more_values_than_the_page_plans_are_refused(client: Any) -> None:
    text = DEFAULT + "notes:\n" + "".join(f"  - note {i}\n" for i in range(limits.MAX_VALUES))
    answer = client.post("/api/validate", json={"yaml": text})
    assert answer.json()["ok"] is False
    assert "values: more than the 5,000 the web page plans" in answer.json()["error"]


def test_more_lines_than_the_page_reads_are_refused_before_they_are_parsed(client: Any) -> None:
    text = oversized_text(5_000, flow=False)  # 20,000 lines more
    answer = client.post("/api/validate", json={"yaml": text})
    assert answer.json()["error"] == (
        "scenario.yaml: 20,145 lines: more than the 20,000 the web page reads (plan it with the command line)"
    )


def test_every_bundled_scenario_is_inside_the_page_limits(client: Any) -> None:
    for name in scenarios.every():
        text = scenarios.path(name).read_text(encoding="utf-8")
        assert client.post("/api/validate", json={"yaml": text, "file": name}).json()["ok"], name


# --- off the event loop ---------------------------------------------------------------------------


def test_the_page_is_answered_while_a_worker_reads_a_large_upload(client: Any) -> None:
    """A 950 kB scenario is read in a worker (a few seconds of parsing): the page is answered meanwhile,
    and the upload is then refused by the page's size limit."""
    text = oversized_text(15_000)
    assert 800_000 < len(text.encode()) < 1_000_000
    answers: list[Any] = []
    upload = threading.Thread(
        target=lambda: answers.append(
            client.post("/api/upload", files={"file": ("big.yaml", text.encode(), "text/yaml")})
        )
    )
    upload.start()
    registry = client.app.state.jobs
    deadline = time.monotonic() + 60
    while not any(j.task == "upload" and j.state == "running" for j in list(registry.jobs.values())):
        assert time.monotonic() < deadline and upload.is_alive(), "the upload never ran"
        time.sleep(0.005)
    page = client.get("/")
    still_reading = any(j.task == "upload" and j.state == "running" for j in list(registry.jobs.values()))
    upload.join()
    assert page.status_code == 200 and "<title>awaw" in page.text
    assert still_reading, "the page was answered only after the upload was read"
    assert answers[0].json()["ok"] is False
    assert answers[0].json()["error"] == (
        "big.yaml: 75,122 values: more than the 5,000 the web page plans (plan it with the command line)"
    )


# --- a plan as a job: progress, its answer, cancel ------------------------------------------------


def test_a_started_plan_answers_the_commands_json_byte_for_byte(client: Any) -> None:
    started = client.post("/api/plan/start", json={"yaml": DEFAULT, "file": scenarios.DEFAULT})
    done = wait_for(client, started.json()["job"], lambda p: p["state"] == "done")
    assert done["status"] == 200 and done["result"]["status"] == "optimal"
    command = CliRunner().invoke(cli, ["plan", "--json"])
    assert done["result"]["plan"] == command.stdout
    # the turn planner reported its best plan and bound as it went: the last is the optimum
    assert done["best"] == done["bound"] == json.loads(command.stdout)["objective"]["value"]


def test_a_long_solve_shows_its_progress_and_is_cancelled_on_the_server() -> None:
    """The long position's plans and bounds so far while it runs; a cancel kills its worker at once, so
    the one solve slot takes the next plan without a 'busy' refusal."""
    web = create_app(slots=1, wait=0.05)
    with TestClient(web) as one_slot:
        started = one_slot.post("/api/plan/start", json={"yaml": long_solve_text(), "file": "long.yaml"})
        assert started.status_code == 202
        job = started.json()["job"]
        running = wait_for(one_slot, job, lambda p: p["best"] is not None or p["state"] == "done")
        assert running["state"] == "running", "the solve ended before it could be cancelled"
        assert running["priority"] == "value" and running["best"] <= running["bound"]
        worker = web.state.slots.workers[0].process
        cancelled = one_slot.post(f"/api/plan/{job}/cancel")
        assert cancelled.status_code == 200
        assert cancelled.json()["status"] == 409
        assert cancelled.json()["result"]["error"].startswith("cancelled after ")
        assert not worker.is_alive()  # killed, not left solving
        after = one_slot.post("/api/plan", json={"yaml": DEFAULT})
        assert after.status_code == 200 and after.json()["status"] == "optimal"


def test_unknown_jobs_are_not_found(client: Any) -> None:
    assert client.get("/api/plan/nope").status_code == 404
    assert client.post("/api/plan/nope/cancel").status_code == 404
    assert client.get("/api/plan/AAAAAAAAAAAAAAAA").status_code == 404  # a job id's shape, no such job


def test_starting_a_plan_is_a_post_only() -> None:
    """`/api/plan/start` is the route that starts a plan, not a job's id: a GET of it is answered 405 with
    the method it takes, not 404 "no such plan"."""
    with TestClient(create_app()) as fresh:
        answer = fresh.get("/api/plan/start")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "POST"


def test_a_busy_server_refuses_a_started_plan_as_before() -> None:
    web = create_app(slots=1, wait=0.05)
    with TestClient(web) as busy:
        taken = web.state.slots.acquire(0)
        try:
            answer = busy.post("/api/plan/start", json={"yaml": DEFAULT})
        finally:
            web.state.slots.release(taken)
    assert answer.status_code == 503 and "busy" in answer.json()["error"]


# --- the time limit counts from the request's arrival ----------------------------------------------


def test_the_time_limit_covers_the_whole_request_and_the_search_gets_what_is_left() -> None:
    """With 3 s for the request, the long position's search is stopped by what the reading and building
    left of them: a plan with its bound, not proven (the whole solve takes several seconds more)."""
    web = create_app(time_limit=3.0)
    with TestClient(web) as limited:
        answer = limited.post("/api/plan", json={"yaml": long_solve_text()})
    data = answer.json()
    assert answer.status_code == 200
    assert data["status"] in ("feasible", "unknown")
    assert data["status"] == "unknown" or data["bound"] >= data["objective"]


# A worker past the time limit and its grace is killed and the request answered so: held for the
# what-ifs and comparisons, which solve more than once, in test_whatif_safety.py
# (`test_a_whatif_past_the_time_limit_is_stopped`). A check no longer serves: the checker refuses an
# empty decisions file for the long position (27.7272 C) before any solve is made.


# --- the solve slots are handed out in the order asked ---------------------------------------------


def test_plans_waiting_for_a_slot_get_it_in_the_order_they_asked() -> None:
    """First come, first served: a plan never waits past its turn (and into a 'busy' refusal) while later
    ones are served."""
    from optimizer.web.workers import Pool

    pool = Pool(1)
    held = pool.acquire(0)
    assert held is not None and pool.acquire(0) is None
    served: list[int] = []

    def ask(index: int) -> None:
        worker = pool.acquire(30)
        assert worker is not None
        served.append(index)
        pool.release(worker)

    threads = []
    for index in range(4):
        thread = threading.Thread(target=ask, args=(index,))
        thread.start()
        threads.append(thread)
        while len(pool.waiting) < index + 1:  # this one is in the queue before the next asks
            time.sleep(0.001)
    pool.release(held)
    for thread in threads:
        thread.join()
    assert served == [0, 1, 2, 3]


# --- no worker is left solving for no one ---------------------------------------------------------


def test_a_started_plan_no_one_watches_is_cancelled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page that started the long solve and closed (no one asks for its progress) does not hold its slot."""
    from optimizer.web import jobs as job_module

    monkeypatch.setattr(job_module, "ABANDONED", 0.5)
    web = create_app(slots=1)
    with TestClient(web) as one_slot:
        started = one_slot.post("/api/plan/start", json={"yaml": long_solve_text()})
        job = web.state.jobs.get(started.json()["job"])
        deadline = time.monotonic() + 60
        while job.state != "done":
            assert time.monotonic() < deadline, "the abandoned plan was never cancelled"
            time.sleep(0.05)
        assert job.status == 409


def test_a_plan_whose_client_went_away_is_cancelled() -> None:
    """The one-call `/api/plan` of the long solve, its client gone after half a second: the server kills the
    worker rather than solve on for no one."""
    import socket

    import httpx2
    import uvicorn

    web = create_app(slots=1)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(web, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        httpx2.post(f"{base}/api/plan", json={"yaml": DEFAULT}, timeout=120).raise_for_status()  # warm
        worker = web.state.slots.workers[0]
        process = worker.process
        with pytest.raises(httpx2.ReadTimeout):
            httpx2.post(
                f"{base}/api/plan", json={"yaml": long_solve_text()}, timeout=httpx2.Timeout(120, read=0.5)
            )
        deadline = time.monotonic() + 30
        while process.is_alive():
            assert time.monotonic() < deadline, "the worker went on solving for a client that had gone"
            time.sleep(0.05)
        answer = httpx2.post(f"{base}/api/plan", json={"yaml": DEFAULT}, timeout=120)
        assert answer.status_code == 200 and answer.json()["status"] == "optimal"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
