"""The app `awaw serve` runs: the page shell at once, the Starlette app of `app.py` when first asked."""

from __future__ import annotations

import threading

from optimizer.web.shell import ASGIApp, BodyLimit, Front


def front(time_limit: float | None) -> ASGIApp:
    """`shell.Front` over `app.create_app(time_limit=...)`, every request held to 1 MB first.

    The Starlette app (with Jinja2 and the models) is imported by the first request past the page;
    a background thread then starts its worker processes, which load the solver, the checker, the tables
    and the route map (`app.warm`), so that the first plan does not wait for them either."""

    def load() -> ASGIApp:
        from optimizer.web.app import create_app, warm

        web = create_app(time_limit=time_limit)
        threading.Thread(target=warm, args=(web,), name="awaw-warm", daemon=True).start()
        return web

    return BodyLimit(Front(load))
