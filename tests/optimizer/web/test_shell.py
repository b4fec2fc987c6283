"""The page shell (`optimizer/web/shell.py`): `awaw serve` answers the page before it loads Starlette,
the models, the solver (ortools) or the route map (matplotlib); the 1 MB limit holds before any of
them load; the page's texts are escaped."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import scenarios
from optimizer.web import shell
from optimizer.web.serve import front
from optimizer.web.shell import MAX_BODY

with warnings.catch_warnings():  # Starlette asks for httpx2 now; httpx is what its test client runs on here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parents[3]
HEAVY = (
    "ortools",
    "matplotlib",
    "starlette",
    "jinja2",
    "models",
    "optimizer.turn.solve",
    "optimizer.render.picture",
)

# Runs `awaw serve` in this process (its main thread), and from a second thread asks for the page and
# its script, notes which of HEAVY are loaded by then, then asks for a check of the default scenario.
PROBE = """
import json, os, socket, sys, threading, time, urllib.request

port = int(sys.argv[1])
heavy = json.loads(sys.argv[2])
text = open(sys.argv[3], encoding="utf-8").read()


def probe():
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    base = f"http://127.0.0.1:{port}"
    page = urllib.request.urlopen(base + "/", timeout=60).read().decode()
    script = urllib.request.urlopen(base + "/static/app.js", timeout=60).read().decode()
    loaded = sorted(name for name in heavy if name in sys.modules)
    asked = urllib.request.Request(
        base + "/api/validate",
        data=json.dumps({"yaml": text}).encode(),
        headers={"Content-Type": "application/json"},
    )
    answer = json.load(urllib.request.urlopen(asked, timeout=120))
    after = sorted(name for name in heavy if name in sys.modules)
    print(json.dumps({"page": page, "script": script, "loaded": loaded, "after": after, "answer": answer}))
    sys.stdout.flush()
    os._exit(0)


threading.Thread(target=probe, daemon=True).start()
sys.argv = ["awaw", "serve", "--port", str(port)]
from optimizer.cli import main

main()
"""


def test_serve_answers_the_page_before_loading_the_solver_or_the_app():
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(port), json.dumps(HEAVY), str(scenarios.path())],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert "<title>awaw" in seen["page"] and "oil_counters: 2" in seen["page"]
    assert "afterPaint" in seen["script"]
    assert seen["loaded"] == [], "loaded before the page was answered"
    # The first request past the page loads the app and the models, and answers as before.
    assert seen["answer"]["ok"] is True and seen["answer"]["problems"] == []
    assert {"starlette", "models"} <= set(seen["after"])
    # The scenario was read, and is planned, by the workers: the server's own process loads no solver.
    assert not {"ortools", "optimizer.turn.solve", "optimizer.render.picture"} & set(seen["after"])


def test_front_serves_the_page_and_its_files_without_loading_the_app():
    loads = []

    def load():
        loads.append(1)
        raise AssertionError("the app was loaded")

    app = shell.Front(load)
    with TestClient(shell.BodyLimit(app)) as client:
        page = client.get("/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert f'<option value="{scenarios.DEFAULT}" selected>' in page.text
        head = client.head("/")
        assert head.status_code == 200 and head.content == b""
        assert int(head.headers["content-length"]) == len(page.content)
        assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
        assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
        # Over 1 MB is refused before any app is loaded, by its length and while it streams.
        big = client.post("/api/plan", content=b"x" * (MAX_BODY + 1))
        assert big.status_code == 413 and "over 1 MB" in big.json()["error"]
        chunks = client.post("/api/plan", content=iter([b"x" * 600_000, b"x" * 600_000]))
        assert chunks.status_code == 413
    assert loads == [] and app.app is None


def test_front_hands_the_rest_to_the_app_loaded_once():
    with TestClient(front(time_limit=30.0)) as client:
        assert client.get("/api/scenarios").json()["scenarios"][0] == scenarios.DEFAULT
        for name in ("app.py", "..%2Fapp.py", "%2E%2E%2F%2E%2E%2Fcli.py", "index.html", "shell.html"):
            assert client.get(f"/static/{name}").status_code == 404
        typo = client.post("/api/validate", json={"yaml": "scenario: [unclosed\n"})
        assert typo.status_code == 200 and typo.json()["ok"] is False


def test_page_texts_are_escaped(monkeypatch):
    """A bundled scenario's name and text show as text, as Jinja2's autoescape shows them."""
    name = '<script>alert(1)</script>".yaml'
    monkeypatch.setattr(shell, "bundled_names", lambda: [name])
    monkeypatch.setattr(shell, "bundled_text", lambda _: "name: </textarea><script>alert(2)</script>\n")
    page = shell.page("<b>awaw</b>")
    assert "<script>alert" not in page and "</textarea><script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;.yaml" in page
    assert "name: &lt;/textarea&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in page
    assert "<title>&lt;b&gt;awaw&lt;/b&gt;" in page


def test_the_server_answers_its_own_page_only():
    """`awaw serve` bound to 127.0.0.1 (`shell.SameSite`): a request naming another host (a name of some
    other site that resolves here: DNS rebinding) is refused, 421; a POST a browser sends from another
    site (its Origin, `null`, or `Sec-Fetch-Site: cross-site`) is refused, 403, before the app is loaded;
    the page's own requests, and a script's without these headers, are answered; every answer carries
    the headers that keep other sites from framing or retyping it."""
    body = json.dumps({"yaml": scenarios.path().read_text(encoding="utf-8")})
    plain = {"content-type": "text/plain"}  # the type a cross-site form or fetch sends without asking first
    with TestClient(front(30.0, "127.0.0.1"), base_url="http://127.0.0.1:8000") as client:
        for host in ("attacker.example", "attacker.example:8000", "10.0.0.7:8000", "[fe80::1]:8000"):
            refused = client.get("/", headers={"host": host})
            assert refused.status_code == 421 and "addressed to this machine" in refused.json()["error"]
        for origin in ("http://attacker.example", "http://127.0.0.1:9999", "null"):
            refused = client.post("/api/validate", content=body, headers={**plain, "origin": origin})
            assert refused.status_code == 403 and "another site" in refused.json()["error"]
        sneaky = client.post("/api/validate", content=body, headers={"sec-fetch-site": "cross-site"})
        assert sneaky.status_code == 403
        own = client.post("/api/validate", content=body, headers={"origin": "http://127.0.0.1:8000"})
        assert own.status_code == 200 and own.json()["ok"] is True
        for host in ("localhost:8000", "127.0.0.1", "[::1]:8000"):
            assert client.get("/", headers={"host": host}).status_code == 200
        scripted = client.post("/api/validate", content=body)
        assert scripted.status_code == 200
        for answer in (client.get("/"), client.get("/static/app.js"), scripted, refused):
            assert answer.headers["x-content-type-options"] == "nosniff"
            assert answer.headers["x-frame-options"] == "DENY"
            assert "script-src 'self'" in answer.headers["content-security-policy"]
    # Bound elsewhere at the player's asking (`--host 0.0.0.0`), any host name reaches it; other sites'
    # requests are still refused.
    with TestClient(front(30.0, "0.0.0.0"), base_url="http://192.168.1.5:8000") as client:
        assert client.get("/").status_code == 200
        refused = client.post("/api/validate", content=body, headers={"origin": "http://attacker.example"})
        assert refused.status_code == 403


def test_request_bodies_no_reader_can_take_are_bad_requests_not_server_errors():
    """A JSON body with an integer of thousands of digits (Python reads none past 4,300) is no request
    the page sends: 400; a scenario with one, or with a lone surrogate (a JSON escape no file holds), is
    bad input naming its line, as the command line says it."""
    with TestClient(front(30.0)) as client:
        for path in ("/api/validate", "/api/plan", "/api/form", "/api/whatif", "/api/check"):
            long = client.post(path, content='{"yaml": "name: x", "x": ' + "9" * 5000 + "}")
            assert long.status_code == 400, path
        number = client.post("/api/validate", json={"yaml": "turn: " + "9" * 5000})
        assert number.status_code == 200
        assert number.json()["problems"][0]["problem"].startswith("a number of 5,000 digits")
        text = client.post("/api/validate", content=json.dumps({"yaml": "name: x\nnotes: '\ud800'"}))
        assert text.status_code == 200
        assert text.json()["problems"] == [
            {"field": "", "problem": "not valid Unicode text (a lone surrogate, U+D800)", "line": 2}
        ]


def test_a_body_that_stalls_is_refused_and_its_connection_closed():
    """A client that sends part of a body and stops holds no connection past `BodyLimit.seconds`
    (`BODY_SECONDS`, 30 s; here a tenth of a second): 408, `connection: close`, the app never called."""
    import asyncio

    called: list[bool] = []
    sent: list[dict] = []

    async def app(scope, receive, send):
        called.append(True)

    parts = [{"type": "http.request", "body": b'{"yaml": "na', "more_body": True}]

    async def stalls():
        if parts:
            return parts.pop()
        await asyncio.sleep(3600)  # the rest never comes

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/plan", "headers": []}
    # In a thread of its own: the browser tests' driver may hold this thread's event loop.
    runner = threading.Thread(
        target=asyncio.run, args=(shell.BodyLimit(app, seconds=0.1)(scope, stalls, send),)
    )
    runner.start()
    runner.join(10)
    assert called == []
    start = sent[0]
    assert start["status"] == 408 and (b"connection", b"close") in start["headers"]
    assert json.loads(sent[1]["body"])["error"] == shell.TOO_SLOW
