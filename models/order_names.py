"""The names orders give, checked against the scenario's: force pool entries, sites of the map, shipyards
and ships. A name the scenario does not have is a mistake refused at its field with the nearest name it
has, for a `FILE:LINE` error (exit 2): in a player's decisions (`models.decisions`, `awaw compare`) and
in the orders a season plan expected (`Scenario.expected_orders`, `awaw next`). Whether a known name
can be carried out this turn (an eligible site, an action open to a ship) is for the planner to say."""

from __future__ import annotations

import difflib
from collections.abc import Collection

from models.map_data import SITE_BY_ID
from models.naval import NavalState
from models.orders import BuildDecision, ChartDecision

Problem = tuple[str, str]  # (field path, problem)


def unknown(given: str, what: str, choices: list[str]) -> str:
    """'GIVEN' is not WHAT, with the nearest of `choices` (or the first few when none is near)."""
    near = difflib.get_close_matches(given, choices, n=1)
    hint = (
        f"; did you mean {near[0]!r}?"
        if near
        else f" ({', '.join(map(repr, choices[:8]))})"
        if choices
        else ""
    )
    return f"{given!r} is not {what}{hint}"


def build_problems(where: str, build: BuildDecision, entries: Collection[str]) -> list[Problem]:
    """A build naming a force pool entry not among `entries` of its power, or a site not on the map."""
    problems: list[Problem] = []
    if build.entry not in entries:
        what = f"a force pool entry of {build.power.value}"
        problems.append((f"{where}.entry", unknown(build.entry, what, list(entries))))
    if build.site is not None and build.site not in SITE_BY_ID:
        problems.append((f"{where}.site", unknown(build.site, "a site of the map", sorted(SITE_BY_ID))))
    return problems


def yard_problem(where: str, yard: str, naval: NavalState | None, power: str) -> Problem | None:
    """A yard that is not one of the power's shipyards."""
    yards = sorted(y.id for y in naval.shipyards) if naval else []
    if yard in yards:
        return None
    return (where, unknown(yard, f"a shipyard of {power}", yards))


def chart_problems(
    where: str, action: ChartDecision, naval: NavalState | None, *, any_copy: bool = False
) -> list[Problem]:
    """A chart action naming a yard that is not the power's, or a ship not at that yard: on its chart,
    waiting for repair, sunk in port there, or a copy of one of the power's designs (`DESIGN#N`, N up to
    its count; with `any_copy` any N: a copy past the count is a name the orders may give, to be left out
    by the planner when the position no longer has it)."""
    power = action.power.value
    bad_yard = yard_problem(f"{where}.yard", action.yard, naval, power)
    if bad_yard is not None or naval is None:
        return [bad_yard] if bad_yard is not None else []
    yard = next(y for y in naval.shipyards if y.id == action.yard)
    ships = [s.id for s in yard.chart] + [s.id for s in yard.waiting_for_repair]
    ships += [s.id for s in naval.sunk_in_port if s.yard == action.yard]
    ships += [f"{d.id}#{n + 1}" for d in naval.designs for n in range(d.count)]
    if action.ship in ships:
        return []
    design, _, copy = action.ship.rpartition("#")
    if any_copy and copy.isdigit() and int(copy) >= 1 and any(d.id == design for d in naval.designs):
        return []
    return [(f"{where}.ship", unknown(action.ship, f"a ship at {power} {action.yard}", sorted(ships)))]
