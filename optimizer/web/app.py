"""The Starlette app of `awaw serve`: one page and a few JSON endpoints over `service.py`.

`awaw serve` runs this app behind `serve.front()`, which serves the page and its files before this
module is imported; `create_app()` alone serves them too (from `shell.py`).

Safe to leave running, even bound to a network: every request body over `MAX_BODY` bytes is refused
(413) whether or not it says its length (`shell.BodyLimit`); at most `slots` solves run at once (the
number of cores by default), each with a time limit, and a request that cannot get a slot within
`wait` seconds is refused (503) with a message saying so; bundled scenarios are chosen by name from
`scenarios.every()` and the script and style sheet are read once at start, so no path from a
request reaches the file system; templates escape every text (Jinja2 autoescape; the page shell
with `html.escape`); bad input is answered with its problems (422), never a server error.

Endpoints:
- `GET /`: the page, with the default scenario in the editor;
- `GET /api/scenarios`, `GET /api/scenarios/{name}`: the bundled scenarios' names and texts;
- `POST /api/validate` `{"yaml", "file"?}`: the scenario's problems as the CLI words them, with lines;
- `POST /api/upload` (multipart field `file`): an uploaded scenario's text and problems;
- `POST /api/plan` `{"yaml", "file"?, "options"?}`: status, objective, the tables as HTML, the route
  map as SVG and the plan as `awaw plan --json` prints it;
- `POST /api/check` `{"yaml", "file"?, "options"?, "plan"}`: `awaw check`'s violations of a plan (the
  page asks for them once the plan shows).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from jinja2 import Environment, FileSystemLoader
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from optimizer.web.bundled import bundled_names, bundled_text
from optimizer.web.routes import whatif_routes
from optimizer.web.shell import MAX_BODY as MAX_BODY
from optimizer.web.shell import BodyLimit, assets, page

if TYPE_CHECKING:
    from models.io import InputError

HERE = Path(__file__).parent
RENDER_TEMPLATES = HERE.parent / "render" / "templates"
TIME_LIMIT = 30.0  # seconds a solve may take; the plan found by then is shown with its gap
WAIT = 2.0  # seconds a solve waits for a free slot before it is refused


class SolveSlots:
    """At most `count` solves at once; a request waits at most `wait` seconds for a slot."""

    def __init__(self, count: int, wait: float) -> None:
        self.count = count
        self.wait = wait
        self.semaphore = threading.BoundedSemaphore(count)

    def busy_message(self) -> str:
        return (
            f"the server is busy: {self.count} plan(s) are being solved at once, the most it runs "
            f"together; try again in a few seconds"
        )


def _environment() -> Environment:
    # autoescape on for every template: each text of a scenario shows as text.
    # The page's own templates, and the renderers' (the tables as rows, `blocks.html`).
    return Environment(loader=FileSystemLoader([HERE / "templates", RENDER_TEMPLATES]), autoescape=True)


def warm() -> None:
    """Load the solver, checker, tables and picture while the page is shown, before it asks for a plan."""
    import optimizer.checker
    import optimizer.planners.position
    import optimizer.render.route_svg
    import optimizer.render.tables
    import optimizer.web.service  # noqa: F401


def _problems(error: InputError) -> list[dict[str, Any]]:
    from optimizer.web import service

    return [asdict(problem) for problem in service.problems_of(error)]


def _bad_input(error: InputError) -> JSONResponse:
    """Bad input: the CLI's message (`InputError.render()`) and each problem with its line."""
    return JSONResponse(
        {"error": error.render(), "problems": _problems(error), "source": error.file}, status_code=422
    )


def _json_error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any] | None:
    try:
        data = json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) else None


def _file_name(data: dict[str, Any]) -> str:
    """The name errors give the scenario: what the page says (a bundled or uploaded file's name,
    used only as text), or `scenario.yaml`."""
    name = _text(data, "file")
    return name[:200] if name else "scenario.yaml"


def create_app(
    slots: int | None = None, wait: float = WAIT, time_limit: float | None = TIME_LIMIT
) -> Starlette:
    """The web app; `slots` solves at once (the number of cores by default).

    The models and the solver are loaded by the first request that needs them; `awaw serve` also
    loads them in the background (`warm`) once this app is loaded (`serve.front()`)."""
    environment = _environment()
    solve_slots = SolveSlots(slots or os.cpu_count() or 1, wait)

    shell = page()

    async def index(request: Request) -> Response:
        return HTMLResponse(shell)

    async def scenario_names(request: Request) -> Response:
        return JSONResponse({"scenarios": bundled_names()})

    async def scenario_text(request: Request) -> Response:
        name = request.path_params["name"]
        text = bundled_text(name)
        if text is None:
            return _json_error(f"no bundled scenario is called {name!r}", 404)
        return JSONResponse({"name": name, "yaml": text})

    async def validate(request: Request) -> Response:
        from models.io import InputError
        from optimizer.web import service

        data = await _body(request)
        text = _text(data, "yaml") if data is not None else None
        if data is None or text is None:
            return _json_error('expected a JSON object with the scenario text in "yaml"')
        try:
            loaded = service.read_scenario(text, _file_name(data), _text(data, "planner"))
        except InputError as error:
            return JSONResponse({"ok": False, "error": error.render(), "problems": _problems(error)})
        return JSONResponse({"ok": True, "problems": [], **service.describe(loaded, data.get("options"))})

    async def upload(request: Request) -> Response:
        from models.io import InputError, decode
        from optimizer.web import service

        try:
            form = await request.form(max_files=1, max_fields=5)
        except Exception:  # multipart parsing of a malformed body: the client's mistake, said plainly
            return _json_error("expected a multipart form with the scenario file in 'file'")
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            return _json_error("expected a multipart form with the scenario file in 'file'")
        name = (upload.filename or service.UPLOAD_NAME)[:200]
        raw = await upload.read()
        await form.close()
        try:
            text = decode(raw, name)
        except InputError as error:
            return _bad_input(error)
        try:
            service.read_scenario(text, name)
        except InputError as error:
            return JSONResponse(
                {
                    "name": name,
                    "yaml": text,
                    "ok": False,
                    "error": error.render(),
                    "problems": _problems(error),
                }
            )
        return JSONResponse({"name": name, "yaml": text, "ok": True, "problems": []})

    async def plan(request: Request) -> Response:
        from models.io import InputError
        from optimizer.web import service

        data = await _body(request)
        text = _text(data, "yaml") if data is not None else None
        if data is None or text is None:
            return _json_error('expected a JSON object with the scenario text in "yaml"')
        try:
            loaded = service.read_scenario(text, _file_name(data), _text(data, "planner"))
            loaded = service.apply_options(loaded, service.read_options(data.get("options")))
        except InputError as error:
            return _bad_input(error)
        acquired = await anyio.to_thread.run_sync(solve_slots.semaphore.acquire, True, solve_slots.wait)
        if not acquired:
            return _json_error(solve_slots.busy_message(), 503)
        try:
            view = await anyio.to_thread.run_sync(service.plan_view, loaded, time_limit)
        except InputError as error:
            return _bad_input(error)
        except (ArithmeticError, TypeError, ValueError) as error:
            # A scenario the models accept but the solver cannot take (a number far past what the
            # game reaches): bad input, said plainly, not a server error.
            logging.getLogger(__name__).exception("planning failed")
            problem = f"the planner cannot plan this scenario: {type(error).__name__}: {error}"
            return _bad_input(InputError(_file_name(data), [("", problem[:500])]))
        finally:
            solve_slots.semaphore.release()
        html = environment.get_template("plan.html").render(view=view)
        return JSONResponse(
            {
                "planner": loaded.planner.name,
                "status": view.status,
                "objective": view.objective,
                "bound": view.bound,
                "gap": view.gap,
                "html": html,
                "plan": view.plan_json,
                "sheet": view.sheet,
                "explanation": view.explanation,
            }
        )

    async def check(request: Request) -> Response:
        from models.io import InputError
        from optimizer.web import service

        data = await _body(request)
        text = _text(data, "yaml") if data is not None else None
        plan_text = _text(data, "plan") if data is not None else None
        if data is None or text is None or plan_text is None:
            return _json_error('expected a JSON object with the scenario in "yaml" and the plan in "plan"')
        try:
            loaded = service.read_scenario(text, _file_name(data), _text(data, "planner"))
            loaded = service.apply_options(loaded, service.read_options(data.get("options")))
            violations, legal = await anyio.to_thread.run_sync(service.check_verdict, loaded, plan_text)
        except InputError as error:
            return _bad_input(error)
        return JSONResponse({"legal": not violations, "violations": violations, "says": legal})

    files = assets()

    async def static(request: Request) -> Response:
        asset = files.get(request.path_params["name"])
        if asset is None:
            return _json_error("not found", 404)
        return Response(asset[0], media_type=asset[1])

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/scenarios", scenario_names),
            Route("/api/scenarios/{name:path}", scenario_text),  # a name, looked up: never a path
            Route("/api/validate", validate, methods=["POST"]),
            Route("/api/upload", upload, methods=["POST"]),
            Route("/api/plan", plan, methods=["POST"]),
            Route("/api/check", check, methods=["POST"]),
            Route("/static/{name}", static),
            *whatif_routes(environment, solve_slots, time_limit),  # the what-ifs and the form (routes.py)
        ]
    )
    app.state.slots = solve_slots
    app.add_middleware(BodyLimit)
    return app
