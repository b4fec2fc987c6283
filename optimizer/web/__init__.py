"""The local web page (`awaw serve`): pick or upload a scenario, change the objective, see the plan.

`service.py` holds what the page does, with no HTTP in it: bundled scenarios by name, scenario text
parsed by `models.io` (problems as the CLI words them, with their lines), the objective controls
applied like the CLI's options, `solve`, `check`, the tables of `optimizer.render.tables` turned into plain
rows for HTML, and the route map of `optimizer.render.picture` as SVG. `app.py` is the Starlette app: routes,
the solve slots and time limit. `shell.py` (standard library only) serves the page and its files the
moment `awaw serve` listens, refuses bodies over 1 MB, and loads `app.py` with the first request that
needs it. No rule logic lives in any of them.
"""
