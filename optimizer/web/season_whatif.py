"""The page's what-ifs of a season plan: what `awaw season --fix/--forbid/--why` answers (decisions in the
CLI's forms, each optionally ending in `@turnN`), through the season planner (`SEASON.solve` with the
decisions, `optimizer.season.why`) and its renderers, so that the page's answer is the command's, byte
for byte in its JSON. `--why-not` and `--alternatives` are the turn planner's only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from optimizer.render.blocks import blocks

if TYPE_CHECKING:
    from optimizer.web.service import Loaded
    from optimizer.web.whatif import WhatIf, WhatIfView


def season_command(asked: WhatIf, file: str, options: list[str] | None = None) -> str:
    """The `awaw season` command that asks the same; the page's objective controls, which `awaw season`
    takes from the file only, said after it."""
    words = ["awaw season", file]
    words += [f"--fix {text}" for text in asked.fix]
    words += [f"--forbid {text}" for text in asked.forbid]
    if asked.why:
        words.append("--why")
    controls = f" (with the objective controls {' '.join(options)} set in the file)" if options else ""
    return " ".join(words) + controls


def season_whatif_view(
    loaded: Loaded, asked: WhatIf, file: str, time_limit: float | None, options: list[str] | None = None
) -> WhatIfView:
    """`awaw season` with `--fix`, `--forbid` and `--why`, with the best season plan's objective beside it
    when decisions are fixed or forbidden and what each turn does unlike it. Raises `InputError` for a
    decision the CLI refuses, or a what-if the season planner has not."""
    from dataclasses import replace

    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON
    from optimizer.season.decisions import parse_season_decisions
    from optimizer.web.whatif import WHATIF_NAME, answered
    from optimizer.whatif.plan_diff import changes

    if asked.why_not or asked.alternatives is not None:
        problem = "--why-not and --alternatives are asked of turn plans (awaw plan); a season takes --fix, --forbid and --why"
        raise InputError(WHATIF_NAME, [("", problem)])
    scenario = loaded.scenario
    decisions = parse_season_decisions(asked.fix, asked.forbid, scenario.season.length(scenario.turn))
    result = SEASON.solve(scenario, Limits(time_limit), decisions)
    view = answered(result, season_command(asked, file, options))
    if result.plan is None:
        return view
    plan = result.plan
    if asked.why and len(plan.turns) > 1:
        from optimizer.season.why import season_why

        plan = plan.model_copy(update={"why": season_why(scenario, plan, time_limit, decisions)})
        result = replace(result, plan=plan)
    view.blocks = blocks(SEASON.tables(scenario, result))
    if plan.why is not None:
        from optimizer.render.season import why_table

        view.answers = blocks(why_table(plan))
    view.plan_json = SEASON.dumps(result)
    if decisions:
        best = SEASON.solve(scenario, Limits(time_limit))
        view.best = best.objective
        if best.plan is not None:
            view.changes = [
                change if len(plan.turns) == 1 else f"turn {t + 1}: {change}"
                for t, (mine, theirs) in enumerate(zip(best.plan.turns, plan.turns, strict=True))
                for change in changes(mine.plan, theirs.plan)
            ]
    return view
