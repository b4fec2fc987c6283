"""The page shell of `awaw serve`, served the moment the server listens: standard library only.

The page's first paint needs only the page itself: its HTML (with the style sheet inline, so nothing
else blocks the paint), the bundled scenarios' names and the default scenario's text, and its script.
`Front` is the ASGI app `awaw serve` runs (through `serve.front()`): it answers `GET /` and
`GET /static/{name}` from this module, and hands every other request to the Starlette app of
`app.py`, which is imported (with Starlette, Jinja2, pydantic's models) by the first such request.
Once that app is loaded, a background thread loads the solver, the checker, the tables and the route
map (`app.warm`), so the first plan does not wait for them. The page's script asks for its first
check and plan only after the page has painted.

Safety as in `app.py`: every request body over `MAX_BODY` bytes is refused (413) before any app sees
it (`BodyLimit`); the page's texts are escaped (`html.escape`, as Jinja2's autoescape does); the page
and its script and style sheet are read once, by name, so no path from a request reaches the file
system.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from html import escape
from pathlib import Path
from string import Template
from typing import Any

from optimizer.web.bundled import bundled_names, bundled_text

HERE = Path(__file__).parent
MAX_BODY = 1_000_000  # bytes: 1 MB; the largest bundled scenario is about 20 kB
TOO_LARGE = f"request refused: over 1 MB ({MAX_BODY} bytes); a scenario file is a few kB"

RECEIVED = "awaw.received"  # the scope's key of a request's arrival (`time.perf_counter()`)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse request bodies over `limit` bytes (413): by their Content-Length, and by counting the
    body as it streams in (a body sent in chunks says no length)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope.setdefault(RECEIVED, time.perf_counter())  # the first (outermost) limit sees it arrive
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_large(send)
            return
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await too_large(send)
                return
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def received(scope: Scope) -> float:
    """When the request arrived (`BodyLimit` notes it): what the time limit counts from."""
    return float(scope.get(RECEIVED) or time.perf_counter())


async def respond(
    send: Send, status: int, body: bytes, media_type: str, head: bool = False, close: bool = False
) -> None:
    """An HTTP answer in ASGI messages: `body` with its type and length (no body to a HEAD)."""
    headers = [(b"content-type", media_type.encode()), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})


async def too_large(send: Send) -> None:
    body = json.dumps({"error": TOO_LARGE}).encode()
    await respond(send, 413, body, "application/json", close=True)


def assets() -> dict[str, tuple[bytes, str]]:
    """The page's script and style sheet, read once: requests name them, never a path."""
    script = "text/javascript; charset=utf-8"
    return {
        "app.js": ((HERE / "static" / "app.js").read_bytes(), script),
        "form.js": ((HERE / "static" / "form.js").read_bytes(), script),  # the position form
        "whatif.js": ((HERE / "static" / "whatif.js").read_bytes(), script),  # the what-ifs, compare
        "style.css": ((HERE / "static" / "style.css").read_bytes(), "text/css; charset=utf-8"),
        "progress.js": ((HERE / "static" / "progress.js").read_bytes(), script),
    }


def page(title: str = "awaw") -> str:
    """The page, with the bundled scenarios to pick from and the default one in the editor; every
    text in it escaped (the style sheet, the package's own file, goes in as it is)."""
    names = bundled_names()
    default = names[0]
    options = "".join(
        f'<option value="{escape(name)}"{" selected" if name == default else ""}>{escape(name)}</option>'
        for name in names
    )
    template = Template((HERE / "templates" / "shell.html").read_text(encoding="utf-8"))
    return template.substitute(
        title=escape(title),
        style=(HERE / "static" / "style.css").read_text(encoding="utf-8"),
        max_body=MAX_BODY,
        too_large=escape(TOO_LARGE),
        options=options,
        default_name=escape(default),
        default_text=escape(bundled_text(default) or ""),
    )


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


class Front:
    """The page and its files at once; every other request to the app `load()` returns, loaded once,
    by the first request that needs it (in a worker thread, so the page is still served meanwhile)."""

    def __init__(self, load: Callable[[], ASGIApp]) -> None:
        self._load = load
        self._lock = threading.Lock()
        self.app: ASGIApp | None = None
        self.assets = assets()
        self.page = page().encode()

    def loaded(self) -> ASGIApp:
        with self._lock:
            if self.app is None:
                self.app = self._load()
            return self.app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            head = scope["method"] == "HEAD"
            path = scope["path"]
            if path == "/":
                await respond(send, 200, self.page, "text/html; charset=utf-8", head)
                return
            asset = self.assets.get(path.removeprefix("/static/")) if path.startswith("/static/") else None
            if asset is not None:
                await respond(send, 200, asset[0], asset[1], head)
                return
        app = self.app if self.app is not None else await asyncio.to_thread(self.loaded)
        await app(scope, receive, send)
