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
BODY_SECONDS = 30.0  # a request body not sent whole in this long is refused (`BodyLimit`)
TOO_SLOW = f"request refused: its body was not sent whole within {BODY_SECONDS:.0f} seconds"

RECEIVED = "awaw.received"  # the scope's key of a request's arrival (`time.perf_counter()`)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse request bodies over `limit` bytes (413): by their Content-Length, and by counting the
    body as it streams in (a body sent in chunks says no length); and a body not sent whole within
    `seconds` (408, the connection closed), so that a client that stalls mid-body holds no connection
    (a scenario's kilobytes take milliseconds)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

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
        deadline = time.monotonic() + self.seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(deadline - time.monotonic(), 0.0))
            except TimeoutError:
                await respond(
                    send, 408, json.dumps({"error": TOO_SLOW}).encode(), "application/json", close=True
                )
                return
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


# The addresses that are this machine: a server bound to one answers only requests that name one as their
# host (`SameSite`).
LOOPBACK = ("127.0.0.1", "localhost", "::1")
# Headers on every answer: no type guessing, no framing by another site, no referrer, and the page's own
# scripts only (its style sheet is inline, and its maps' SVG carry style attributes).
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: "
        b"blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
]
CROSS_SITE = "request refused: it comes from another site than this page"
WRONG_HOST = "request refused: the server answers only requests addressed to this machine (127.0.0.1)"


def _host_name(value: str) -> str:
    """The host of a Host header or an origin's address, without its port: `[::1]:8000` -> `::1`."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value[1:]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _this_machine(host: str) -> bool:
    name = _host_name(host)
    return name in LOOPBACK or name.startswith("127.")


class SameSite:
    """Requests from the page itself only, and every answer with `SECURITY_HEADERS`.

    - Bound to this machine (`bound` one of `LOOPBACK`, or any 127.x address), a request whose Host
      header names another host is refused (421): a web page elsewhere cannot reach the server through a
      name of its own that resolves here (DNS rebinding). Bound elsewhere (`--host`, the player's
      choice) or unbound (`bound` None: an app under test), any host.
    - A request that changes or computes something (any method but GET, HEAD and OPTIONS) sent by a
      browser from another site is refused (403): its `Origin` is not this server's own address (its
      Host header), or it says `null`, or the browser says so (`Sec-Fetch-Site: cross-site`). A request
      without these headers is no browser's (a script, `curl`) and is let through."""

    def __init__(self, app: ASGIApp, bound: str | None = None) -> None:
        self.app = app
        self.local = bound is not None and _this_machine(bound)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        headers = {name.lower(): value.decode("latin-1") for name, value in scope.get("headers", [])}
        host = headers.get(b"host", "").strip().lower()
        if self.local and not _this_machine(host):
            await respond(secured, 421, json.dumps({"error": WRONG_HOST}).encode(), "application/json")
            return
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            origin = headers.get(b"origin")
            own = origin is None or origin.strip().lower().split("://", 1)[-1] == host
            if not own or headers.get(b"sec-fetch-site") == "cross-site":
                await respond(secured, 403, json.dumps({"error": CROSS_SITE}).encode(), "application/json")
                return
        await self.app(scope, receive, secured)


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
