"""The page's what-ifs of a season plan: what `awaw season --fix/--forbid/--why/--why-not/--alternatives`
answers (decisions in the CLI's forms, each optionally ending in `@turnN`), through the season planner
(`SEASON.answer`) and its renderers, so that the page's answer is the command's, byte for byte in its
JSON. The page's "why not more" of a season line asks `--why-not ...=N+1@turnN`
(`optimizer.season.why_not`)."""

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
    words += [f"--why-not {text}" for text in asked.why_not]
    if asked.why:
        words.append("--why")
    if asked.alternatives is not None:
        words += [f"--alternatives {asked.alternatives}", f"--tolerance {asked.tolerance}"]
    controls = f" (with the objective controls {' '.join(options)} set in the file)" if options else ""
    return " ".join(words) + controls


def season_whatif_view(
    loaded: Loaded, asked: WhatIf, file: str, time_limit: float | None, options: list[str] | None = None
) -> WhatIfView:
    """`awaw season` with `--fix`, `--forbid`, `--why`, `--why-not` and `--alternatives`, with the best
    season plan's objective beside it when decisions are fixed or forbidden and what each turn does unlike
    it (a one-turn season's what-ifs are its turn plan's, as the CLI answers them). Raises `InputError`
    for a decision the CLI refuses or a tolerance that is none."""
    from models.io import InputError
    from optimizer.planners import Limits
    from optimizer.planners.season import SEASON
    from optimizer.planners.turn import explanation_tables
    from optimizer.render.season import answer_tables
    from optimizer.season.why_not import check_why_not, parse_why_not
    from optimizer.turn.plan_diff import changes
    from optimizer.turn.tolerance import parse_tolerance
    from optimizer.web.whatif import WHATIF_NAME, answered

    scenario = loaded.scenario
    length = scenario.season.length(scenario.turn)
    if asked.alternatives is not None:
        try:
            parse_tolerance(asked.tolerance)
        except ValueError as error:
            raise InputError(WHATIF_NAME, [("tolerance", str(error))]) from None
    decisions = SEASON.decisions(scenario, asked.fix, asked.forbid)
    wanted = parse_why_not(asked.why_not, length)
    if wanted:  # the season prepared for the check only when a why-not is asked, as the CLI does
        check_why_not(scenario, wanted)
    result = SEASON.answer(
        scenario,
        Limits(time_limit),
        decisions,
        why=asked.why,
        why_not=wanted,
        alternatives=asked.alternatives,
        tolerance=asked.tolerance,
    )
    view = answered(result, season_command(asked, file, options))
    if result.plan is None:
        return view
    plan = result.plan
    view.blocks = blocks(SEASON.tables(scenario, result))
    if length == 1:  # the turn plan's answers, as the page shows `awaw plan`'s
        answers = explanation_tables(plan.turns[0].plan, plan.tolerance or asked.tolerance, result.objective)
    else:
        answers = answer_tables(plan)
    view.answers = [block for table in answers for block in blocks(table)]
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
