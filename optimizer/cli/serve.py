"""`awaw serve`: the local web page."""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    host: Annotated[
        str, typer.Option(help="Address to bind; 127.0.0.1 (this machine only) unless asked.")
    ] = "127.0.0.1",
    time_limit: Annotated[
        float,
        typer.Option(help="Seconds each request may take, reading and building the model counted.", min=0.1),
    ] = 30.0,
) -> None:
    """A local web page: pick or upload a scenario, change the objective, see the plan and its map."""
    import uvicorn

    # The page shell is served as soon as the server listens; Starlette, the models and the solver
    # load with the first request that needs them (optimizer/web/shell.py).
    from optimizer.web.serve import front

    web = front(time_limit, host)
    shown = f"[{host}]" if ":" in host else host
    # Named rather than "auto": no imports tried for protocols the page does not use.
    config = uvicorn.Config(
        web,
        host=host,
        port=port,
        log_level="warning",
        http="h11",
        ws="none",
        loop="asyncio",
        lifespan="off",
        interface="asgi3",
    )
    server = uvicorn.Server(config)
    typer.echo(f"awaw: open http://{shown}:{port}/ in a browser (Ctrl+C stops the server)")
    server.run()
