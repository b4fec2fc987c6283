"""The page shell (`optimizer/web/shell.py`): `awaw serve` answers the page before it loads Starlette,
the models, the solver (ortools) or the route map (matplotlib); the 1 MB limit holds before any of
them load; the page's texts are escaped."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
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
