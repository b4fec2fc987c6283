"""The what-if endpoints (`routes.py`) under hostile input and long solves, over HTTP: they run in the
page's worker processes as `/api/plan` does (a solve slot, the time limit from the request's arrival, a
worker past it stopped), and every one of them, the form's too, refuses an alias bomb at its line."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import scenarios
from optimizer.web import limits
from optimizer.web.app import create_app
from tests.optimizer.web.positions import BOMB, BOMB_LINE, long_solve_text
from tests.optimizer.web.test_safety import REFUSAL

with warnings.catch_warnings():  # Starlette asks for httpx2 now; httpx is what its test client runs on here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

DEFAULT = scenarios.path().read_text(encoding="utf-8")
DECISIONS = '{"format": "awaw-decisions/1", "builds": []}'  # nothing fixed: pricing them is a whole solve


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.mark.parametrize("route", ["/api/whatif", "/api/compare", "/api/decisions"])
def test_the_whatif_endpoints_refuse_the_alias_bomb_at_its_line(client: Any, route: str) -> None:
    body = {"yaml": BOMB, "file": "bomb.yaml", "whatif": {"why": True}, "decisions": DECISIONS, "plan": "{}"}
    answer = client.post(route, json=body)
    assert answer.status_code == 422
    assert answer.json()["error"] == REFUSAL
    assert answer.json()["source"] == "bomb.yaml"


@pytest.mark.parametrize("route", ["/api/form", "/api/form/change"])
def test_the_form_refuses_the_alias_bomb_at_its_line(client: Any, route: str) -> None:
    change = {"path": ["oil_counters"], "value": 3}
    answer = client.post(route, json={"yaml": BOMB, "change": change})
    assert answer.status_code == 422
    assert "YAML aliases repeat more than 100,000 values" in answer.json()["error"]
    assert f"(line {BOMB_LINE})" in answer.json()["error"]


@pytest.mark.parametrize("route", ["/api/whatif", "/api/compare"])
def test_a_whatif_waits_for_a_solve_slot_as_a_plan_does(route: str) -> None:
    """With the one solve slot taken, a what-if or a comparison is refused as busy (503), as a plan is:
    it solves in a worker of the same pool, not in the server's process."""
    web = create_app(slots=1, wait=0.05)
    with TestClient(web) as busy:
        taken = web.state.slots.acquire(0)
        try:
            answer = busy.post(route, json={"yaml": DEFAULT, "whatif": {"why": True}, "decisions": DECISIONS})
        finally:
            web.state.slots.release(taken)
    assert answer.status_code == 503 and "busy" in answer.json()["error"]


@pytest.mark.parametrize("route", ["/api/whatif", "/api/compare"])
def test_a_whatif_past_the_time_limit_is_stopped(monkeypatch: pytest.MonkeyPatch, route: str) -> None:
    """The long position's what-if (its plan, then what binds) or comparison (the best plan, then the
    player's priced) takes several seconds: past the time limit and its grace its worker is killed and
    the request answered so, naming the scenario."""
    monkeypatch.setattr(limits, "GRACE", 0.0)
    web = create_app(time_limit=0.5)
    body = {"yaml": long_solve_text(), "file": "long.yaml", "whatif": {"why": True}, "decisions": DECISIONS}
    with TestClient(web) as limited:
        answer = limited.post(route, json=body)
    assert answer.status_code == 503
    assert answer.json()["error"].startswith("long.yaml: the time limit of 0.5 s ran out")
    assert answer.json()["source"] == "long.yaml"
