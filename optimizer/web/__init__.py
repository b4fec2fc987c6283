"""The local web page (`awaw serve`): pick or upload a scenario, change the objective, see the plan.

`service.py` holds what the page does, with no HTTP in it: bundled scenarios of every kind by name,
scenario text validated by the planner its kind is for (`optimizer.planners`: problems as the command words
them, with their lines), the objective controls applied like `awaw plan`'s options, and that planner's
solve, check, tables (turned into plain rows for HTML), JSON, order sheet and picture. `app.py` is the Starlette app: routes,
the solve slots and time limit; `workers.py`, `tasks.py` and `jobs.py` run every request's reading,
solving and checking in worker processes (progress, cancel, the time limit over the whole request), and
`limits.py` holds the page's size limits. `shell.py` (standard library only) serves the page and its files the
moment `awaw serve` listens, refuses bodies over 1 MB, and loads `app.py` with the first request that
needs it. No rule logic lives in any of them.
"""
