"""Random season positions (`season:` sections over generated turn positions) for property tests and
benchmarks: each later turn's expectations drawn at random (BRPs in and out, counters returned, units
received, oil counters), and the leftover's rule."""

from __future__ import annotations

import random
from typing import Any

from models.generate import Pick, _entry, scenario_data
from models.grant_state import paris_allied_on_map
from models.naval_tables import COLUMNS, LAUNCH_ROW, MOVES, SEASONS, ChartAction
from models.scenario import Scenario
from models.tables import Power


def forced_continuing(state: dict[str, Any], season: str, turn: int) -> int:
    """At most the BRPs a power whose deferring is restricted must spend in turn `turn` of a season from
    `season` on continuing the ships of its charts (27.7272 A, C: a ship in the turn's column continues
    unless its yard has spent its rate on that column's ships, or the power lacks the BRPs or the limit),
    for a plan that does only what it must: no ship laid down, accelerated or repaired. Such a plan moves
    a ship off its column only by deferring it one column on, into the next turn's, so a ship whose column
    is none of turns 1 to `turn` stays put; a ship in the Launch row is launched free (27.7272 D). Each
    yard then pays at most its rate a turn on the ships that may stand in the turn's column: a bound from
    the chart, 0 for a power that may defer."""
    naval = state.get("naval")
    if naval is None or naval.get("deferring_allowed", True):
        return 0
    start = SEASONS.index(season)
    columns = {SEASONS[(start + t) % COLUMNS] for t in range(turn)}
    _, step_brps, _, _ = MOVES[ChartAction.CONTINUE]
    points = 0
    for yard in naval["shipyards"]:
        building = [
            ship
            for ship in yard["chart"]
            if ship["row"] not in ("launch", LAUNCH_ROW) and ship["column"] in columns
        ]
        points += min(yard["rate"], len(building))
    return step_brps * points


def season_data(
    pick: Pick, *, turns: int | None = None, naval_turns: int | None = None, **options: Any
) -> dict[str, Any]:
    """A generated turn position with a `season:` section of `turns` turns (1 to 4 when not given). The
    naval chart's horizon is the season's; with `naval_turns`, every power with shipyards has a chart
    (`scenario_data`'s `naval_turns`) and the chart's horizon is its own, `naval_turns` turns (at least
    the season's), with now and then a turn past the season given BRPs and a limit (`horizon.future`)."""
    data = scenario_data(pick, naval_turns=naval_turns, **options)
    data.pop("horizon", None)
    length = turns or pick(1, 4)
    if naval_turns is not None and data.get("powers"):
        chart = max(naval_turns, length)
        horizon: dict[str, Any] = {"turns": chart}
        if chart > length and pick(0, 1):
            later = {power: pick(0, 60) for power in data["powers"]}
            limits = {power: pick(0, 40) for power in data["powers"]}
            horizon["future"] = [{}] * (length - 1) + [{"brps": later, "limits": limits}]
        if pick(0, 2) == 0:
            horizon["brp_value"] = pick(0, 20) / 10
        data["horizon"] = horizon
    expectations = []
    # The BRPs each power surely can have in a later turn (keeping all it has, granting none, building only
    # the ships deferring restricted makes it continue, at their most, `forced_continuing`): a turn's
    # expected spending is drawn within it, so that some plan pays it (27.12; a plan keeping too little
    # breaks it, `optimizer.season.model`), as a player's expectations would be.
    now = Scenario.model_validate(data)
    paris_allied = paris_allied_on_map(now.map)
    season_now = now.turn.season.value
    most = {power: max(0, now.brps_available(Power(power))) for power in data["powers"]}
    for turn in range(2, length + 1):
        for power, state in data["powers"].items():
            most[power] = max(0, most[power] - forced_continuing(state, season_now, turn - 1))
        if pick(0, 2) == 0:
            continue
        powers: dict[str, Any] = {}
        for power, state in data["powers"].items():
            mine: dict[str, Any] = {}
            for name in ("gains", "losses", "brps_received"):
                if pick(0, 2) == 0:
                    mine[name] = pick(0, 30)
            if power == Power.FRANCE.value and not paris_allied:
                mine.pop("brps_received", None)  # no grant reaches France without Paris (40.331 A, 40.34 A)
            own = max(0, most[power] + mine.get("gains", 0) - mine.get("losses", 0))
            if pick(0, 2) == 0:
                mine["spending"] = pick(0, min(30, own))
            most[power] = own - mine.get("spending", 0) + mine.get("brps_received", 0)
            ids = [entry["id"] for entry in state["force_pool"]]
            if ids and pick(0, 2) == 0:
                mine["returned"] = {ids[pick(0, len(ids) - 1)]: pick(1, 2)}
            if pick(0, 3) == 0:
                received = _entry(pick, Power(power), 100 + turn, 3)
                received.pop("eliminated_this_turn", None)
                mine["received"] = [received]
            if pick(0, 3) == 0:
                mine["brp_base"] = pick(0, 300)
            if mine:
                powers[power] = mine
        expected: dict[str, Any] = {"turn": turn, "powers": powers}
        if pick(0, 1):
            counters = data.get("oil_counters", 0)
            expected["oil_counters"] = (
                {
                    faction: pick(0, 1)
                    for faction in counters
                    if faction != "russia" or "russia" in data["powers"]
                }
                if isinstance(counters, dict)
                else pick(0, 2)
            )
        expectations.append(expected)
    season: dict[str, Any] = {"turns": length, "expectations": expectations}
    if pick(0, 2) == 0:
        season["discount"] = pick(7, 10) / 10
    if pick(0, 2) == 0:
        season["leftover"] = {
            "rule": "growth",
            "growth_rate": pick(0, 10) / 10,
            "base_brp_value": pick(0, 20) / 10,
        }
    elif pick(0, 1):
        season["leftover"] = {"brp_value": pick(0, 10) / 10}
    data["season"] = season
    return data


def random_season(seed: int, **options: Any) -> Scenario:
    """A random season position from a seed (benchmarks)."""
    rng = random.Random(seed)
    return Scenario.model_validate(season_data(rng.randint, **options))
