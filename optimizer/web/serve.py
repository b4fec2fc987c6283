"""The app `awaw serve` runs: the page shell at once, the Starlette app of `app.py` when first asked."""

from __future__ import annotations

import threading

from optimizer.web.shell import ASGIApp, BodyLimit, Front, SameSite


def front(time_limit: float | None, host: str | None = None) -> ASGIApp:
    """`shell.Front` over `app.create_app(time_limit=...)`, every request held to 1 MB first, and to
    requests from the page itself (`shell.SameSite`: bound to `host`, the address `awaw serve` binds;
    None, any host, for an app under test).

    The Starlette app (with Jinja2 and the models) is imported by the first request past the page;
    a background thread then starts its worker processes (`app.warm`), forked from a fork server started
    here, at once, which meanwhile loads the solver, the checker, the tables and the route map and plans
    the default scenario once (`workers.start_fork_server`), so that the first plan waits for none of it."""
    from optimizer.web.workers import start_fork_server

    threading.Thread(target=start_fork_server, name="awaw-fork-server", daemon=True).start()

    def load() -> ASGIApp:
        from optimizer.web.app import create_app, warm

        web = create_app(time_limit=time_limit)
        threading.Thread(target=warm, args=(web,), name="awaw-warm", daemon=True).start()
        return web

    return SameSite(BodyLimit(Front(load)), host)
