"""Engineers: who pays what on a task counted in MPs, the planner's reading of Quick Construction.

The units that spend MPs on a task are its team: at most two REs, across all the turns of the task
("the maximum number of construction capable REs that may participate in a construction task is two.
Additional construction units have no effect"). Civilian labour near a qualifying city "can provide the
second RE": it joins a team of less than two REs, up to two. A team of `h` half-REs with labour counts
`effective(h)` half-REs; its units pay the rest:

- `each_pays_share` (the default): "two construction unit REs operating together each pay only half the
  MPs required of a single unit". Each unit pays its share of the work, by its half-REs: work points
  (its MPs at its own rate, `models.engineers.work_per_half_mp`) of at least need x its half-REs /
  effective(h). Two regiments: half each; a regiment with labour: half (labour pays the other); a
  regiment and a battalion, 1½ REs: two thirds and a third [reading].
- `pooled`: the team's work adds up to need x h / effective(h), however it is split.

Work points are integers, so each bound is rounded up. Work points spent after the task is done, or by a
unit beyond its share, are no part of the cost (the tie-break takes them back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from models.engineers import MAX_TEAM_HALF_RES


def effective(half_res: int, labour: bool) -> int:
    """Half-REs a team counts, civilian labour providing one RE up to two (Quick Construction)."""
    return min(MAX_TEAM_HALF_RES, half_res + (2 if labour else 0))


def _ceil(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def pooled_need(need: int, half_res: int, labour: bool) -> int:
    """Work points a team of `half_res` half-REs pays in all (the rest is civilian labour's)."""
    return _ceil(need * half_res, effective(half_res, labour))


def share(need: int, unit_half_res: int, team_half_res: int, labour: bool) -> int:
    """Work points one unit of a team pays (`each_pays_share`)."""
    return _ceil(need * unit_half_res, effective(team_half_res, labour))


def team_sizes(half_res: Iterable[int]) -> tuple[int, ...]:
    """The half-REs a team drawn from units of these half-REs can have (at most two REs)."""
    sizes = {0}
    for r in half_res:
        sizes |= {s + r for s in sizes if s + r <= MAX_TEAM_HALF_RES}
    return tuple(sorted(sizes - {0}))


def completes(need: int, labour: bool, shares: bool, work: Mapping[str, int], res: Mapping[str, int]) -> bool:
    """Whether these units, as one team, have paid the task's cost with the work points in `work`."""
    h = sum(res[u] for u in work)
    if not work or h > MAX_TEAM_HALF_RES:
        return False
    if shares:
        return all(work[u] >= share(need, res[u], h, labour) for u in work)
    return sum(work.values()) >= pooled_need(need, h, labour)


def done_turn(
    need: int,
    labour: bool,
    shares: bool,
    last_turn: int,
    rates: Mapping[tuple[str, int], int],
    res: Mapping[str, int],
    halves: Mapping[tuple[str, int], int],
) -> int | None:
    """The first turn, up to `last_turn`, by which some team of the units that spent these half MPs
    (unit, turn) -> halves has paid the cost; None if none has."""
    work: dict[str, int] = {}
    for t in range(1, last_turn + 1):
        for (u, tt), h in sorted(halves.items()):
            if tt == t and h > 0:
                work[u] = work.get(u, 0) + rates[u, t] * h
        units = sorted(work)
        for size in range(1, min(len(units), MAX_TEAM_HALF_RES) + 1):
            for team in combinations(units, size):
                if completes(need, labour, shares, {u: work[u] for u in team}, res):
                    return t
    return None
