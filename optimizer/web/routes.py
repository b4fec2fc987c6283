"""The page's what-if and form endpoints (the page's plan, check and validation are in `app.py`).

- `POST /api/whatif` `{"yaml", "file"?, "options"?, "whatif"}`: `awaw plan` with `--fix`, `--forbid`,
  `--why`, `--why-not`, `--alternatives` (`whatif.WhatIf`): its tables as HTML and its JSON as `--json`
  prints it, and what the plan asked for does unlike the best;
- `POST /api/compare` `{"yaml", "file"?, "options"?, "decisions", "decisions_file"?}`: `awaw compare` of
  the player's decisions (or plan JSON): its tables as HTML and its JSON as `--json` prints it;
- `POST /api/decisions` `{"yaml", "file"?, "options"?, "plan"}`: the decisions of a plan JSON, as a
  decisions file to edit and compare;
- `POST /api/form` `{"yaml"}`: the position form's fields as the text has them;
- `POST /api/form/change` `{"yaml", "change"}`: the text with one change of the form written in.

The what-if, comparison and decisions endpoints run in the page's worker processes as `/api/plan` does
(`tasks.py` through `app.py`'s `run`: a solve slot, refused with 503 when none frees in time, the
time limit counted from the request, the task cancelled when its client goes away); bad input is answered
with its problems (422), never a server error. The form's endpoints solve nothing: they read the YAML's
nodes in a thread of the server, within `models.yaml_limits` (`form.py`), and answer at once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from optimizer.web import tasks

Run = Callable[[str, Any, Request], Awaitable[Response]]  # `app.py`'s: a task in a worker, its answer


async def _request(request: Request) -> dict[str, Any] | None:
    """The JSON object of the request with a string under "yaml", else None (as the tasks read theirs)."""
    return tasks._request_with(await request.body())


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def whatif_routes(run: Run) -> list[Route]:
    """The routes of this module; `run(task, body, request)` answers a task of `tasks.py` from a
    worker."""

    async def whatif(request: Request) -> Response:
        return await run("whatif", await request.body(), request)

    async def compare(request: Request) -> Response:
        return await run("compare", await request.body(), request)

    async def decisions(request: Request) -> Response:
        return await run("decisions", await request.body(), request)

    async def form(request: Request) -> Response:
        from optimizer.web.form import FormError, read_form

        data = await _request(request)
        if data is None:
            return _error(tasks.NO_JSON)
        try:
            return JSONResponse({"form": await anyio.to_thread.run_sync(read_form, data["yaml"])})
        except FormError as error:
            return JSONResponse({"error": str(error)}, status_code=422)

    async def form_change(request: Request) -> Response:
        from optimizer.web.form import FormError, apply_change, read_change, read_form

        data = await _request(request)
        if data is None:
            return _error(
                'expected a JSON object with the scenario text in "yaml" and the change in "change"'
            )

        def change() -> dict[str, Any]:
            text = apply_change(data["yaml"], read_change(data.get("change")))
            return {"yaml": text, "form": read_form(text)}

        try:
            return JSONResponse(await anyio.to_thread.run_sync(change))
        except FormError as error:
            return JSONResponse({"error": str(error)}, status_code=422)

    return [
        Route("/api/whatif", whatif, methods=["POST"]),
        Route("/api/compare", compare, methods=["POST"]),
        Route("/api/decisions", decisions, methods=["POST"]),
        Route("/api/form", form, methods=["POST"]),
        Route("/api/form/change", form_change, methods=["POST"]),
    ]
