"""The Starlette app of `awaw serve`: one page and a few JSON endpoints over `service.py`.

`awaw serve` runs this app behind `serve.front()`, which serves the page and its files before this
module is imported; `create_app()` alone serves them too (from `shell.py`).

Safe to leave running, even bound to a network: every request body over `MAX_BODY` bytes is refused
(413) whether or not it says its length (`shell.BodyLimit`); every scenario is read, validated, built,
solved and checked in a worker process (`workers.py`, `tasks.py`), never on the event loop, so the page
answers while any of it runs, and a YAML alias bomb is refused at its line (`models.yaml_limits`); a
scenario past the page's size limits is refused (`limits.py`); at most `slots` solves run at once (the
number of cores by default), and a request that cannot get a slot within `wait` seconds is refused (503)
with a message saying so; the time limit counts from the request's arrival, covering reading and
building as well as solving, and a worker still busy past it is stopped (`jobs.py`); bundled scenarios
are chosen by name from `scenarios.every()` and the script and style sheet are read once at start, so no
path from a request reaches the file system; templates escape every text (Jinja2 autoescape; the page
shell with `html.escape`); bad input is answered with its problems (422), never a server error.

Endpoints:
- `GET /`: the page, with the default scenario in the editor;
- `GET /api/scenarios`, `GET /api/scenarios/{name}`: the bundled scenarios' names and texts;
- `POST /api/validate` `{"yaml", "file"?}`: the scenario's problems as the CLI words them, with lines;
- `POST /api/upload` (multipart field `file`): an uploaded scenario's text and problems;
- `POST /api/plan` `{"yaml", "file"?, "options"?}`: status, objective, the tables as HTML, the route
  map as SVG and the plan as `awaw plan --json` prints it;
- `POST /api/plan/start` (the same body): the plan as a job, `{"job": ID}` (202) once it has a slot;
  `GET /api/plan/{ID}[?wait=S]`: its progress (with `wait`, once done or after S seconds) (`state`, `elapsed` seconds, the best objective and bound so far)
  and, once `state` is `done`, its answer (`status`, and `result`: what `/api/plan` answers);
  `POST /api/plan/{ID}/cancel`: stop it on the server (its worker is killed, its slot freed); a started
  plan whose progress no one asks for in 10 s (its page closed) is cancelled, and so is a one-call
  request's task when its client goes away;
- `POST /api/check` `{"yaml", "file"?, "options"?, "plan"}`: `awaw check`'s violations of a plan (the
  page asks for them once the plan shows);
- the what-ifs, `awaw compare` and the position form (`routes.py`), the what-ifs and comparisons solved
  in the workers as plans are (`tasks.py`).

`validate`, `plan` and `check` take the page's `"planner"` too (a scenario that several planners plan);
bad input is answered with its `source` (the scenario's file, the "objective controls", the "planner").
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.convertors import Convertor, register_url_convertor
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from optimizer.web import tasks
from optimizer.web.bundled import bundled_names, bundled_text
from optimizer.web.jobs import DONE, JOB_BYTES, WAITING, Job, Jobs
from optimizer.web.routes import whatif_routes
from optimizer.web.shell import MAX_BODY as MAX_BODY
from optimizer.web.shell import BodyLimit, assets, page, received
from optimizer.web.workers import Pool

TIME_LIMIT = 30.0  # seconds a request may take, reading and building counted; the plan found by then shown
WAIT = 2.0  # seconds a solve waits for a free slot before it is refused
READ_WAIT = 10.0  # seconds a validation or check waits for the reading worker


class JobId(Convertor[str]):
    """A job's id in a path (`/api/plan/{job:job}`): only what `jobs.py` writes (`secrets.token_urlsafe(JOB_BYTES)`),
    so that `/api/plan/start` is never read as a job (a GET of it is answered 405, not 404)."""

    regex = f"[A-Za-z0-9_-]{{{4 * JOB_BYTES // 3}}}"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("job", JobId())


def busy_message(count: int) -> str:
    return (
        f"the server is busy: {count} plan(s) are being solved at once, the most it runs "
        f"together; try again in a few seconds"
    )


def warm(app: Starlette) -> None:
    """Start the app's workers (each loads the solver, checker, tables and picture) while the page is
    shown, before it asks for a plan."""
    for pool in {id(p): p for p in app.state.jobs.pools.values()}.values():
        pool.start()


def _answer(status: int, body: bytes) -> Response:
    return Response(body, status_code=status, media_type="application/json")


def _json_error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(
    slots: int | None = None, wait: float = WAIT, time_limit: float | None = TIME_LIMIT
) -> Starlette:
    """The web app; `slots` solves at once (the number of cores by default), in as many worker processes,
    and one more worker for validations and checks.

    The workers start with the first request that needs them; `awaw serve` starts them in the background
    (`warm`) once this app is loaded (`serve.front()`)."""
    count = slots or os.cpu_count() or 1
    plans, reads = Pool(count), Pool(1)
    # The what-ifs and comparisons solve, as plans do; a plan's decisions file is only read.
    pools = {"plan": plans, "whatif": plans, "compare": plans}
    pools |= {"validate": reads, "upload": reads, "check": reads, "decisions": reads}
    jobs = Jobs(pools, wait, time_limit, busy_message(count))
    jobs.waits = {task: max(wait, READ_WAIT) for task in ("validate", "upload", "check", "decisions")}

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

    async def run(task: str, payload: Any, request: Request) -> Response:
        """The task in a worker; the event loop only waits for its answer, and cancels it if the client
        goes away meanwhile (its worker is not left solving for no one)."""
        job = jobs.start(task, payload, received(request.scope))
        while job.state != DONE:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(job.until(lambda j: j.state == DONE), 0.5)
            if job.state != DONE and await request.is_disconnected():
                job.cancelled.set()
        jobs.forget(job)
        return _answer(job.status or 500, job.body)

    async def validate(request: Request) -> Response:
        return await run("validate", await request.body(), request)

    async def upload(request: Request) -> Response:
        try:
            form = await request.form(max_files=1, max_fields=5)
        except Exception:  # multipart parsing of a malformed body: the client's mistake, said plainly
            return _json_error(tasks.NO_FORM)
        file = form.get("file")
        if not isinstance(file, UploadFile):
            return _json_error(tasks.NO_FORM)
        from optimizer.web.service import UPLOAD_NAME

        name = (file.filename or UPLOAD_NAME)[:200]
        raw = await file.read()
        await form.close()
        return await run("upload", (name, raw), request)

    async def plan(request: Request) -> Response:
        return await run("plan", await request.body(), request)

    async def plan_start(request: Request) -> Response:
        """The plan as a job: its id (202) once it has a slot; a busy server's refusal (503) if it gets none."""
        job = jobs.start("plan", await request.body(), received(request.scope), watched=True)
        await job.until(lambda j: j.state != WAITING)
        if job.state == DONE and job.status == 503:
            jobs.forget(job)
            return _answer(503, job.body)
        return JSONResponse(job.progress(), status_code=202)

    def _job(request: Request) -> Job | None:
        return jobs.get(request.path_params["job"])

    async def plan_progress(request: Request) -> Response:
        """The job's progress; with `?wait=S` (at most 2 s), once it is done or S seconds have passed."""
        job = _job(request)
        if job is None:
            return _json_error("no such plan (finished plans are kept a few minutes)", 404)
        job.asked_at = time.perf_counter()
        try:
            wait = min(2.0, max(0.0, float(request.query_params.get("wait", 0))))
        except ValueError:
            return _json_error("wait: expected a number of seconds")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(job.until(lambda j: j.state == DONE), wait)
        return _answer(200, job.progress_json())

    async def plan_cancel(request: Request) -> Response:
        job = jobs.cancel(request.path_params["job"])
        if job is None:
            return _json_error("no such plan (finished plans are kept a few minutes)", 404)
        await job.until(lambda j: j.state == DONE)
        return _answer(200, job.progress_json())

    async def check(request: Request) -> Response:
        return await run("check", await request.body(), request)

    files = assets()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        plans.close()
        reads.close()

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
            Route("/api/plan/start", plan_start, methods=["POST"]),
            Route("/api/plan/{job:job}", plan_progress),
            Route("/api/plan/{job:job}/cancel", plan_cancel, methods=["POST"]),
            Route("/api/check", check, methods=["POST"]),
            Route("/static/{name}", static),
            *whatif_routes(run),  # the what-ifs and the form (routes.py), in the workers as `plan` is
        ],
        lifespan=lifespan,
    )
    app.state.slots = plans  # the solve slots: one worker each
    app.state.jobs = jobs
    app.add_middleware(BodyLimit)
    return app
