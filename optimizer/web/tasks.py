"""What the page's worker processes do for a request: read, validate, plan and check, and the what-ifs,
comparisons and decisions files of `routes.py`, each answered as (HTTP status, JSON body), with no HTTP
in it (`workers.py` runs them, `app.py` routes to them).

Every task starts from the request's bytes (the JSON body, or an uploaded file), so that nothing of a
request is read or validated on the server's event loop. `run(task, payload, deadline, report)` is the
one entry: `deadline` is when the answer is due (`time.perf_counter()` of the worker), `report` is told of
each better plan of a solve (`optimizer.turn.progress`). `stopped(...)` is the answer of a task its worker
was stopped in (the time limit ran out, or the player cancelled): written by the server, not the worker.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import Environment

    from models.io import InputError
    from optimizer.turn.progress import OnProgress
    from optimizer.web.service import Loaded

Answer = tuple[int, bytes]  # HTTP status, JSON body
HERE = Path(__file__).parent
RENDER_TEMPLATES = HERE.parent / "render" / "templates"
NO_JSON = 'expected a JSON object with the scenario text in "yaml"'
NO_PLAN = 'expected a JSON object with the scenario in "yaml" and the plan in "plan"'
NO_FORM = "expected a multipart form with the scenario file in 'file'"

_ENVIRONMENT: Environment | None = None


def environment() -> Environment:
    """The page's templates and the renderers' (`blocks.html`), autoescape on for every one: each text of
    a scenario shows as text."""
    global _ENVIRONMENT
    if _ENVIRONMENT is None:
        from jinja2 import Environment, FileSystemLoader

        loader = FileSystemLoader([HERE / "templates", RENDER_TEMPLATES])
        _ENVIRONMENT = Environment(loader=loader, autoescape=True)
    return _ENVIRONMENT


_WARM = False


def warm() -> None:
    """Load the solver, checker, tables and picture, and plan, check and validate the default scenario once
    (its first plan fills what the planner keeps between plans: about 2 s the first time, 0.1 s after).
    The fork server does it once for every worker forked from it (`forkserver.py`); a spawned worker does
    it before its first request."""
    global _WARM
    if _WARM:
        return
    _WARM = True
    import optimizer.web.whatif  # noqa: F401
    import scenarios

    for template in ("plan.html", "whatif.html", "compare.html"):
        environment().get_template(template)
    body = json.dumps({"yaml": scenarios.path().read_text(encoding="utf-8")})
    status, planned = plan(body.encode(), None)
    if status == 200:
        plan_text = json.loads(planned)["plan"]
        check(json.dumps({"yaml": json.loads(body)["yaml"], "plan": plan_text}).encode())
    validate(body.encode())


def answer(status: int, body: dict[str, Any]) -> Answer:
    return status, json.dumps(body).encode()


def _problems(error: InputError) -> list[dict[str, Any]]:
    from optimizer.web import service

    return [asdict(problem) for problem in service.problems_of(error)]


def _bad_input(error: InputError) -> Answer:
    """Bad input: the CLI's message (`InputError.render()`), each problem with its line, and the input it
    is in (`source`: the scenario's file name, or the page's "objective controls", "planner", ...)."""
    return answer(422, {"error": error.render(), "problems": _problems(error), "source": error.file})


def _body(raw: bytes) -> dict[str, Any] | None:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or an integer longer than Python reads
        return None
    return data if isinstance(data, dict) else None


def _text(data: dict[str, Any] | None, key: str) -> str | None:
    value = data.get(key) if data is not None else None
    return value if isinstance(value, str) else None


def file_name(data: dict[str, Any] | None) -> str:
    """The name errors give the scenario: what the page says (a bundled or uploaded file's name, used only
    as text), or `scenario.yaml`."""
    name = _text(data, "file")
    return name[:200] if name else "scenario.yaml"


def request_file(raw: bytes) -> str:
    """The file name a request's body gives its scenario (for an answer the server writes itself)."""
    return file_name(_body(raw))


# --- the tasks ---------------------------------------------------------------------------------


def validate(raw: bytes) -> Answer:
    """The scenario's problems; when it has none, what the page shows of it (`service.describe`: the
    planners that plan it, and the objective controls set that do not apply to it)."""
    from models.io import InputError
    from optimizer.web import service

    data = _body(raw)
    text = _text(data, "yaml")
    if data is None or text is None:
        return answer(400, {"error": NO_JSON})
    try:
        loaded = service.read_scenario(text, file_name(data), _text(data, "planner"))
    except InputError as error:
        return answer(200, {"ok": False, "error": error.render(), "problems": _problems(error)})
    return answer(200, {"ok": True, "problems": [], **service.describe(loaded, data.get("options"))})


def upload(payload: tuple[str, bytes]) -> Answer:
    from models.io import InputError, decode
    from optimizer.web import service

    name, raw = payload
    try:
        text = decode(raw, name)
    except InputError as error:
        return _bad_input(error)
    try:
        service.read_scenario(text, name)
    except InputError as error:
        body = {
            "name": name,
            "yaml": text,
            "ok": False,
            "error": error.render(),
            "problems": _problems(error),
        }
        return answer(200, body)
    return answer(200, {"name": name, "yaml": text, "ok": True, "problems": []})


def plan(raw: bytes, deadline: float | None, report: OnProgress | None = None) -> Answer:
    """The plan as the page shows it; the search gets what reading and validating left of the time limit
    (less a share kept for laying out the answer, `limits.search_budget`)."""
    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.web import service

    data = _request_with(raw)
    if data is None:
        return answer(400, {"error": NO_JSON})
    try:
        loaded = _loaded(data)
    except InputError as error:
        return _bad_input(error)
    budget = _budget(deadline)
    limits = Limits(
        budget, deadline=None if budget is None else time.perf_counter() + budget, on_progress=report
    )
    try:
        view = service.plan_view(loaded, budget, limits)
    except InputError as error:
        return _bad_input(error)
    except (ArithmeticError, TypeError, ValueError) as error:
        return _cannot_plan(data, error, "planning failed")
    return answer(200, plan_body(view, loaded.planner.name))


def plan_body(view: Any, planner: str | None = None) -> dict[str, Any]:
    """The plan request's answer: the planner, status, objective, the tables as HTML, the plan as `--json`
    prints it."""
    html = environment().get_template("plan.html").render(view=view)
    return {
        "planner": planner,
        "status": view.status,
        "objective": view.objective,
        "bound": view.bound,
        "gap": view.gap,
        "html": html,
        "plan": view.plan_json,
        "sheet": view.sheet,
        "explanation": view.explanation,
    }


def check(raw: bytes) -> Answer:
    from models.io import InputError
    from optimizer.web import service

    data = _request_with(raw, "plan")
    if data is None:
        return answer(400, {"error": NO_PLAN})
    try:
        violations, legal = service.check_verdict(_loaded(data), data["plan"])
    except InputError as error:
        return _bad_input(error)
    return answer(200, {"legal": not violations, "violations": violations, "says": legal})


# --- the what-if endpoints' tasks (`routes.py`) -------------------------------------------------
# `whatif` (`awaw plan` with `--fix`, `--forbid`, `--why`, `--why-not`, `--alternatives`) and `compare`
# (`awaw compare`) solve as `plan` does: each solve gets what reading and validating left of the time limit
# (less the share kept for laying out the answer), and a worker still busy past the limit is stopped
# (`jobs.py`), so a what-if of several solves answers within the limit or is answered "stopped".
# `decisions` (a plan JSON's decisions as a decisions file) solves nothing, but reads the scenario.

NO_WHATIF = 'expected a JSON object with the scenario text in "yaml" and the what-if in "whatif"'
NO_DECISIONS = 'expected a JSON object with the scenario in "yaml" and your plan in "decisions"'


def _request_with(raw: bytes, *keys: str) -> dict[str, Any] | None:
    """The request's JSON object with a string under "yaml" and each of `keys`, else None."""
    data = _body(raw)
    if data is None or not all(_text(data, key) is not None for key in ("yaml", *keys)):
        return None
    return data


def _loaded(data: dict[str, Any]) -> Loaded:
    """The scenario of the request, read by the planner it names, with the page's objective controls
    applied. Raises `InputError`."""
    from optimizer.web import service

    loaded = service.read_scenario(data["yaml"], file_name(data), _text(data, "planner"))
    return service.apply_options(loaded, service.read_options(data.get("options")))


def _budget(deadline: float | None) -> float | None:
    from optimizer.web.limits import search_budget

    return search_budget(None if deadline is None else deadline - time.perf_counter())


def _cannot_plan(data: dict[str, Any], error: Exception, logged: str = "a what-if failed") -> Answer:
    """A scenario the models accept but the solver cannot take (a number far past what the game reaches):
    bad input, said plainly, not a server error; the traceback goes to the server's log under `logged`."""
    from models.io import InputError

    logging.getLogger(__name__).exception(logged)
    problem = f"the planner cannot plan this scenario: {type(error).__name__}: {error}"
    return _bad_input(InputError(file_name(data), [("", problem[:500])]))


def whatif(raw: bytes, deadline: float | None) -> Answer:
    from models.io import InputError
    from optimizer.web import service
    from optimizer.web import whatif as asked

    data = _request_with(raw)
    if data is None:
        return answer(400, {"error": NO_WHATIF})
    try:
        loaded = _loaded(data)
        wanted = asked.read_whatif(data.get("whatif"))
        flags = service.option_flags(service.read_options(data.get("options")))
        if loaded.planner.name == "season":  # `awaw season`'s what-ifs
            from optimizer.web.season_whatif import season_whatif_view

            view = season_whatif_view(loaded, wanted, file_name(data), _budget(deadline), flags)
        else:
            view = asked.whatif_view(loaded, wanted, file_name(data), _budget(deadline), flags)
    except InputError as error:
        return _bad_input(error)
    except (ArithmeticError, TypeError, ValueError) as error:
        return _cannot_plan(data, error)
    html = environment().get_template("whatif.html").render(view=view)
    body = {
        "status": view.status,
        "command": view.command,
        "objective": view.objective,
        "best": view.best,
        "changes": view.changes,
        "html": html,
        "plan": view.plan_json,
    }
    return answer(200, body)


def compare(raw: bytes, deadline: float | None) -> Answer:
    from models.io import InputError
    from optimizer.web import whatif as asked

    data = _request_with(raw, "decisions")
    if data is None:
        return answer(400, {"error": NO_DECISIONS})
    name = data.get("decisions_file")
    name = name[:200] if isinstance(name, str) and name else "my-decisions.yaml"
    try:
        view = asked.compare_view(_loaded(data), data["decisions"], name, _budget(deadline))
    except InputError as error:
        return _bad_input(error)
    except (ArithmeticError, TypeError, ValueError) as error:
        return _cannot_plan(data, error)
    html = environment().get_template("compare.html").render(view=view)
    body = {
        "legal": view.legal,
        "out_of_time": view.out_of_time,
        "html": html,
        "comparison": view.comparison_json,
    }
    return answer(200, body)


def decisions(raw: bytes) -> Answer:
    from models.io import InputError
    from optimizer.web import whatif as asked

    data = _request_with(raw, "plan")
    if data is None:
        return answer(400, {"error": NO_PLAN})
    try:
        text = asked.decisions_text(_loaded(data), data["plan"])
    except InputError as error:
        return _bad_input(error)
    return answer(200, {"decisions": text})


def run(task: str, payload: Any, deadline: float | None, report: OnProgress | None) -> Answer:
    """One task of a worker; an unexpected failure is a server error (500), logged with its traceback."""
    try:
        if task == "plan":
            return plan(payload, deadline, report)
        solving: dict[str, Callable[[Any, float | None], Answer]] = {"whatif": whatif, "compare": compare}
        if task in solving:
            return solving[task](payload, deadline)
        tasks: dict[str, Callable[[Any], Answer]] = {
            "validate": validate,
            "upload": upload,
            "check": check,
            "decisions": decisions,
        }
        return tasks[task](payload)
    except Exception as error:  # a bug, not bad input: said as one, the traceback in the server's log
        logging.getLogger(__name__).exception("the %s task failed", task)
        return answer(500, {"error": f"the server failed: {type(error).__name__}"})


def stopped(task: str, file: str, why: str) -> Answer:
    """The answer of a task whose worker was stopped (`why`: the time limit ran out, or it was cancelled)."""
    if task == "plan":
        from optimizer.web.service import PlanView

        return answer(200, plan_body(PlanView(status="unknown", explanation=[f"No plan: {why}."])))
    problem = {"field": "", "problem": why, "line": None}
    if task == "validate":
        return answer(200, {"ok": False, "error": f"{file}: {why}", "problems": [problem]})
    # 503, not 422: the scenario may be sound; it is the server's time limit that stopped the work
    return answer(503, {"error": f"{file}: {why}", "problems": [problem], "source": file})
