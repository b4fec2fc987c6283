"""The naval charts of the next turn after a turn's plan is carried out (27.724, 27.7272): each yard's
chart as the plan leaves it at the start of the next turn (`Plan.charts`, turn 1), ships laid down this
turn on it under a label of their own (a CVE built for Britain still Britain's, 27.7223 B), the ships
whose repairs start waiting no more, ships raised off the bottom waiting for repair, each design's count
less the ships laid down, and this turn's SW builds gone (the next turn's are the player's to state).
The counts that run over turns move with the plan: Australian destroyer factors and CA2s in play (27.712
D), fast carrier permits (27.7325) and transports sunk by Japan (27.7322 C). The British transports lost
in the Axis player turn before a turn (27.7322 A) are combat no plan knows: the next turn's start at 0,
for the player to fill; so are the transports Japan sinks before the next turn (27.7322 C) and the
fast carrier permits new events give (27.7325), named at the top."""

from __future__ import annotations

from typing import Any

from models.naval import NavalState
from models.naval_tables import SW_BRPS_PER_FACTOR
from models.plan import NavalAction, Plan
from models.scenario import Scenario
from models.tables import Power, UnitType

AUSTRALIA_YARD = "australia_box"
US_PACIFIC_YARD = "us_pacific_box"
BRITISH_TRANSPORTS_LOST = "british_transports_lost"  # 27.7322 A: combat's, the player's to fill
# 27.712 D: the counts of Australian ships in play, "on charts included".
AUSTRALIAN_IN_PLAY_FIELDS = {
    UnitType.DESTROYER: "australian_destroyers_in_play",
    UnitType.CRUISER: "australian_cruisers_in_play",
}


def new_ship_labels(scenario: Scenario, plan: Plan) -> dict[tuple[Power, str, str], str]:
    """The label each ship laid down this turn has on the next turn's charts, by (power, yard, ship): its
    name with the turn it was laid down, so that next turn's lay-downs of the same design (named
    `design#1`...) are never the same label. The planner numbers a design's copies at each yard
    (`DESIGN#N`), and a ship's name need only be unique at its yard; but the next turn looks a ship up by
    the power and its name (`awaw plan --fix POWER:SHIP:ACTION`, which names no yard). So when the power
    lays a design down at more than one yard this turn, its copies are numbered across those yards, in
    the order of the power's shipyards and then of the copies (`baltimore-class#1-summer-1942` at the
    first yard, `baltimore-class#2-summer-1942` at the second); a design laid down at one yard keeps its
    copies' numbers."""
    when = f"{scenario.turn.season.value}-{scenario.turn.year}"
    laid: dict[tuple[Power, str], list[tuple[int, int, str, str]]] = {}
    for action in plan.naval_actions:
        if action.turn != 0 or action.action != "lay_down":
            continue
        naval = scenario.powers[action.power].naval
        yards = [yard.id for yard in naval.shipyards] if naval is not None else []
        design, _, copy = action.ship.partition("#")
        order = (yards.index(action.yard), int(copy) if copy.isdigit() else 0, action.yard, action.ship)
        laid.setdefault((action.power, design), []).append(order)
    labels: dict[tuple[Power, str, str], str] = {}
    for (power, design), ships in laid.items():
        across = len({yard for _, _, yard, _ in ships}) > 1
        for k, (_, _, yard, ship) in enumerate(sorted(ships), start=1):
            labels[power, yard, ship] = f"{design}#{k}-{when}" if across else f"{ship}-{when}"
    return labels


def next_charts(scenario: Scenario, plan: Plan, data: dict[str, Any]) -> list[str]:
    """Move the charts of `data` (the next turn's scenario data, `models.carry.next_turn_data`) as the plan
    leaves them; returns the fields the player must still fill (paths)."""
    marked: list[str] = []
    labels = new_ship_labels(scenario, plan)
    # By yard and ship: a ship's name is unique only at its yard, and a design's copies are numbered at
    # each yard (`DESIGN#N`).
    laid = set(labels)  # the ships laid down this turn, each labelled
    raised = {(a.power, a.yard, a.ship) for a in plan.naval_actions if a.turn == 0 and a.action == "raise"}
    for power, state in scenario.powers.items():
        if state.naval is None:
            continue
        ndata = data["powers"][power.value]["naval"]
        known: dict[tuple[str, str], dict[str, Any]] = {}  # by yard and ship
        for yard in state.naval.shipyards:
            for on_chart in yard.chart:
                known[yard.id, on_chart.id] = on_chart.model_dump(mode="json", exclude_defaults=True)
            for waiting in yard.waiting_for_repair:
                known[yard.id, waiting.id] = waiting.model_dump(mode="json", exclude_defaults=True)
        for sunk in state.naval.sunk_in_port:  # a ship raised waits for repair at the yard that raised it
            known[sunk.yard, sunk.id] = sunk.model_dump(
                mode="json", exclude_defaults=True, exclude={"yard", "theater"}
            )
        designs = {d.id: d for d in state.naval.designs}
        yards = []
        for i, yard in enumerate(state.naval.shipyards):
            ydata = ndata["shipyards"][i]
            snapshot = next(
                (c for c in plan.charts if c.power is power and c.yard == yard.id and c.turn == 1), None
            )
            if snapshot is None:
                yards.append(ydata)
                continue
            chart = []
            for view in snapshot.ships:
                base = known.get((yard.id, view.ship))
                if base is None:  # laid down this turn: its design's
                    design = designs[view.ship.split("#")[0]]
                    described = design.model_dump(mode="json", exclude_defaults=True)
                    base = {k: described[k] for k in ("unit", "factors", "carrier_class") if k in described}
                    if design.for_britain:  # 27.7223 B: a British CVE the U.S. builds
                        base["owner"] = Power.BRITAIN.value
                    label = labels[power, yard.id, view.ship]
                else:
                    label = view.ship
                moved = {k: v for k, v in base.items() if k not in ("damaged_this_turn",)}
                moved.update(
                    {
                        "id": label,
                        "row": "launch" if view.row == "launch" else int(view.row),
                        "column": view.column,
                    }
                )
                chart.append(moved)
            ydata["chart"] = chart
            ydata["waiting_for_repair"] = [
                {k: v for k, v in known[yard.id, name].items() if k != "damaged_this_turn"}
                for name in snapshot.waiting_for_repair
            ]
            yards.append(ydata)
        ndata["shipyards"] = yards
        left = []
        for design in state.naval.designs:
            count = design.count - sum(
                1 for p, _, ship in laid if p is power and ship.split("#")[0] == design.id
            )
            if count > 0:
                left.append({**design.model_dump(mode="json", exclude_defaults=True), "count": count})
        ndata["designs"] = left
        ndata["sunk_in_port"] = [
            s.model_dump(mode="json", exclude_defaults=True)
            for s in state.naval.sunk_in_port
            if (power, s.yard, s.id) not in raised
        ]
        actions = [a for a in plan.naval_actions if a.turn == 0 and a.power is power]
        if power is Power.BRITAIN and any(y.id == AUSTRALIA_YARD for y in state.naval.shipyards):
            _australian_in_play(state.naval, actions, ndata)
            marked.append(
                "powers.britain.naval.australian_destroyers_in_play, australian_cruisers_in_play: less the "
                "Australian ships lost since (27.712 D)"
            )
        if power is Power.USA:
            _fast_carrier_permits(scenario, state.naval, actions, ndata)
            marked += _transports_sunk_by_japan(scenario, state.naval, plan, ndata)
            marked += _british_transports_lost(scenario, ndata)
        marked.append(
            f"powers.{power.value}.naval.waiting_for_repair, sunk_in_port: ships damaged or sunk in port by "
            "combat since, those damaged in the next player turn itself with damaged_this_turn (27.7262, "
            "27.7266 A)"
        )
        if state.naval.sw_units:
            marked.append(f"powers.{power.value}.naval.sw_units: next turn's SW builds (27.9)")
        ndata.pop("sw_units", None)
        if power is Power.USA and not scenario.us_at_war.get("pacific"):
            # 27.7325: each event before war with Japan permits one fast carrier, whatever the count now
            marked.append(
                "powers.usa.naval.fast_carrier_permits: plus one for each Japanese fast carrier launched or "
                "laid down since, or Axis one in a European scenario (27.7325, 27.733)"
            )
    return marked


def _set_count(ndata: dict[str, Any], name: str, count: int) -> None:
    if count:
        ndata[name] = count
    else:
        ndata.pop(name, None)


def _australian_in_play(naval: NavalState, actions: list[NavalAction], ndata: dict[str, Any]) -> None:
    """27.712 D: "No more than two Australian destroyer factors ... in play at any time", counted with
    those on charts: a destroyer or cruiser laid down at the Australia yard comes into play, one scuttled
    there goes out of it (a destroyer wherever it stands, a cruiser from row 2, under construction; a
    cruiser in the Launch row there is a repair, 27.7267, whose ship may be British) [reading]. Ships
    lost in combat are the player's to take off."""
    for unit, name in AUSTRALIAN_IN_PLAY_FIELDS.items():
        at_yard = [a for a in actions if a.yard == AUSTRALIA_YARD and a.unit is unit]
        laid = sum(1 for a in at_yard if a.action == "lay_down")
        scuttled = sum(
            1
            for a in at_yard
            if a.action == "scuttle" and (unit is UnitType.DESTROYER or a.before.startswith("row 2"))
        )
        _set_count(ndata, name, max(0, getattr(naval, name) + laid - scuttled))


def _british_transports_lost(scenario: Scenario, ndata: dict[str, Any]) -> list[str]:
    """27.7322 A: cash and carry builds transports "only in turns in which more than five transports were
    lost during the previous Axis player turn". The count this turn stated is that of the Axis player turn
    before it; the next turn's is that of the Axis player turn before the next, combat no plan knows. So
    it is written as 0 and marked for the player, never carried (the next turn would otherwise build
    under cash and carry again from this turn's losses). Before war with Germany only: after, 27.7322
    does not apply and the count is dropped."""
    if scenario.us_at_war.get("europe"):
        ndata.pop(BRITISH_TRANSPORTS_LOST, None)
        return []
    ndata[BRITISH_TRANSPORTS_LOST] = 0
    return [
        f"powers.usa.naval.{BRITISH_TRANSPORTS_LOST}: British transports lost in the Axis player turn before "
        "the next turn, not to Japan (27.7322 A: cash and carry after more than five)"
    ]


def _fast_carrier_permits(
    scenario: Scenario, naval: NavalState, actions: list[NavalAction], ndata: dict[str, Any]
) -> None:
    """27.7325: before war with Japan, each event lets the U.S. "begin the construction of one American
    fast carrier": a permit is used by the fast carrier laid down with it. New events are the player's
    to add (marked)."""
    if scenario.us_at_war.get("pacific") or not naval.fast_carrier_permits:
        return
    laid = sum(1 for a in actions if a.action == "lay_down" and a.unit is UnitType.CARRIER)
    _set_count(ndata, "fast_carrier_permits", max(0, naval.fast_carrier_permits - laid))


def _transports_sunk_by_japan(
    scenario: Scenario, naval: NavalState, plan: Plan, ndata: dict[str, Any]
) -> list[str]:
    """27.7322 C: at war with Japan before war with Germany, transports sunk by Japan "may be rebuilt in
    the Pacific U.S. box"; those rebuilt are no longer owed. The plan's lines do not name them: of the
    U.S. transports at the Pacific box, those the U.S. pays wholly (its share // 3, at most the line's
    factors) are counted as rebuilds, at most `transports_sunk_by_japan` [reading: the most the lines
    allow, the labelling that lowers the cash-and-carry count and the U.S. share most]. Those Japan sinks
    before the next turn are combat no plan knows: named for the player to add (returned)."""
    if not scenario.us_at_war.get("pacific") or scenario.us_at_war.get("europe"):
        return []
    marked = [
        "powers.usa.naval.transports_sunk_by_japan: plus those Japan sinks before the next turn (27.7322 C)"
    ]
    if not naval.transports_sunk_by_japan:
        return marked
    wholly = sum(
        min(line.factors, line.paid_by.get(Power.USA, 0) // SW_BRPS_PER_FACTOR)
        for line in plan.sw_builds
        if line.power is Power.USA and line.unit is UnitType.TRANSPORT and line.yard == US_PACIFIC_YARD
    )
    rebuilt = min(naval.transports_sunk_by_japan, wholly)
    _set_count(ndata, "transports_sunk_by_japan", naval.transports_sunk_by_japan - rebuilt)
    return marked


def carried_actions(scenario: Scenario, plan: Plan) -> list[dict[str, Any]]:
    """The chart actions the plan expects of the turns after this one, as the next turn's orders
    (`models.orders.TurnOrders.naval`): a turn earlier, each ship under the name it has on the next
    turn's chart. A ship laid down this turn is there under its label (`new_ship_labels`); a copy of a
    design laid down in a later turn is, at its yard, numbered after the copies laid down this turn are
    gone from the design (`next_charts`), as the planner numbers a design's copies at a yard in the order
    they are laid down (`DESIGN#N`)."""
    labels = new_ship_labels(scenario, plan)
    now = set(labels)
    laid_now: dict[tuple[Power, str, str], int] = {}
    for power, yard, ship in now:
        design = ship.split("#")[0]
        laid_now[power, yard, design] = laid_now.get((power, yard, design), 0) + 1
    carried = []
    for action in plan.naval_actions:
        if action.turn == 0:
            continue
        ship = action.ship
        if (action.power, action.yard, ship) in now:
            ship = labels[action.power, action.yard, ship]
        elif "#" in ship and ship.split("#")[1].isdigit():
            design, copy = ship.split("#")
            earlier = laid_now.get((action.power, action.yard, design), 0)
            ship = f"{design}#{int(copy) - earlier}"
        carried.append(
            {
                "power": action.power.value,
                "yard": action.yard,
                "ship": ship,
                "turn": action.turn - 1,
                "action": action.action,
            }
        )
    return carried
