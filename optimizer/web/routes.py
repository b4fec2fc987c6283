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

Solving endpoints take a solve slot as `/api/plan` does (refused with 503 when none frees in time); bad
input is answered with its problems (422), never a server error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Protocol

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

if TYPE_CHECKING:
    from jinja2 import Environment

    from models.io import InputError
    from optimizer.web.service import Loaded


class Slots(Protocol):
    """The solve slots of `app.SolveSlots`: at most so many solves at once, each waiting `wait` seconds."""

    semaphore: Any
    wait: float

    def busy_message(self) -> str: ...


def _bad_input(error: InputError) -> JSONResponse:
    from optimizer.web import service

    problems = [asdict(problem) for problem in service.problems_of(error)]
    return JSONResponse(
        {"error": error.render(), "problems": problems, "source": error.file}, status_code=422
    )


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _request(request: Request, *keys: str) -> dict[str, Any] | None:
    """The JSON object of the request with a string under "yaml" and each of `keys`, else None."""
    import json

    try:
        data = json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(key), str) for key in ("yaml", *keys)):
        return None
    return data


def _file(data: dict[str, Any], key: str = "file", default: str = "scenario.yaml") -> str:
    name = data.get(key)
    return name[:200] if isinstance(name, str) and name else default


def _loaded(data: dict[str, Any]) -> Loaded:
    """The scenario of the request with the page's objective controls applied. Raises `InputError`."""
    from optimizer.web import service

    planner = data.get("planner") if isinstance(data.get("planner"), str) else None
    loaded = service.read_scenario(data["yaml"], _file(data), planner)
    return service.apply_options(loaded, service.read_options(data.get("options")))


def whatif_routes(environment: Environment, slots: Slots, time_limit: float | None) -> list[Route]:
    """The routes of this module, solving in `slots` within `time_limit` seconds a solve."""

    async def solving(work: Callable[[], Any]) -> Any:
        """`work()` in a solve slot, off the event loop; a JSONResponse when refused or bad input."""
        from models.io import InputError

        acquired = await anyio.to_thread.run_sync(slots.semaphore.acquire, True, slots.wait)
        if not acquired:
            return _error(slots.busy_message(), 503)
        try:
            return await anyio.to_thread.run_sync(work)
        except InputError as error:
            return _bad_input(error)
        finally:
            slots.semaphore.release()

    async def whatif(request: Request) -> Response:
        from models.io import InputError
        from optimizer.web import whatif as asked

        data = await _request(request)
        if data is None:
            return _error(
                'expected a JSON object with the scenario text in "yaml" and the what-if in "whatif"'
            )
        from optimizer.web import service

        try:
            loaded = _loaded(data)
            wanted = asked.read_whatif(data.get("whatif"))
            flags = service.option_flags(service.read_options(data.get("options")))
        except InputError as error:
            return _bad_input(error)
        view = await solving(lambda: asked.whatif_view(loaded, wanted, _file(data), time_limit, flags))
        if isinstance(view, Response):
            return view
        html = environment.get_template("whatif.html").render(view=view)
        return JSONResponse(
            {
                "status": view.status,
                "command": view.command,
                "objective": view.objective,
                "best": view.best,
                "changes": view.changes,
                "html": html,
                "plan": view.plan_json,
            }
        )

    async def compare(request: Request) -> Response:
        from models.io import InputError
        from optimizer.web import whatif as asked

        data = await _request(request, "decisions")
        if data is None:
            return _error('expected a JSON object with the scenario in "yaml" and your plan in "decisions"')
        try:
            loaded = _loaded(data)
        except InputError as error:
            return _bad_input(error)
        name = _file(data, "decisions_file", "my-decisions.yaml")
        view = await solving(lambda: asked.compare_view(loaded, data["decisions"], name, time_limit))
        if isinstance(view, Response):
            return view
        html = environment.get_template("compare.html").render(view=view)
        return JSONResponse(
            {
                "legal": view.legal,
                "out_of_time": view.out_of_time,
                "html": html,
                "comparison": view.comparison_json,
            }
        )

    async def decisions(request: Request) -> Response:
        from models.io import InputError
        from optimizer.web import whatif as asked

        data = await _request(request, "plan")
        if data is None:
            return _error('expected a JSON object with the scenario in "yaml" and the plan in "plan"')
        try:
            text = asked.decisions_text(_loaded(data), data["plan"])
        except InputError as error:
            return _bad_input(error)
        return JSONResponse({"decisions": text})

    async def form(request: Request) -> Response:
        from optimizer.web.form import FormError, read_form

        data = await _request(request)
        if data is None:
            return _error('expected a JSON object with the scenario text in "yaml"')
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
