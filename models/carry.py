"""The next turn's position after a turn's plan is carried out, derived from the rules' words: what the
plan spent and granted taken off, the counters it built taken out of the force pool, the oil counters it
used gone, the routes it opened open, the turn advanced; and the player's expectations of the next turn
(`season:`) added. Read by `awaw next` (which also moves the naval charts, `models.carry_naval`) and by the
season checker (`optimizer.checker.season`), which derives each later turn of a season plan with it.

Each step, with its rule [reading where the rules leave it open]:
- the turn advances: spring, summer, fall, winter, then the next year's spring;
- BRPs (27.11): the BRPs a power kept (its BRPs after grants, fixed spending and construction, the
  plan's `brps_kept`) are its BRPs next turn, with the turn's expected gains added and its losses taken
  off, never below 0 (losses past what it has take what it has) [reading]; then the turn's expected
  spending (offensives, declarations of war: 27.12's chart) is taken off, and a power that has less than
  it breaks 27.12: BRPs are spent out of what a power has (`unpaid_spending`); the BRPs it expects to
  receive from powers not planned come after both, as one grant received (40.23 B: a grant by sea is
  added only after interception), written as a grant from a power not planned that the player names,
  so that its construction limit is a third of them more (27.34) [reading: one grant, after the turn's
  losses and spending];
- the force pool (27.5): each entry loses the counters built from it; the counters the player expects
  back and the units received (14.81, 14.82) are added; an entry is rebuilt next turn at normal cost
  (27.13 A is for units eliminated in the turn they are rebuilt);
- oil counters (27.35): the counters spent on construction and shipped to Russia (40.25) are gone, those
  kept back this turn were used on uninverting and exploitation (27.35 F); the rest carry; the next turn's
  new counters are added; those the next turn keeps back must be among them, so a turn that spends them
  breaks 27.35 F (`unkept_oil`);
- routes (40.54, 40.71): a route opened, or the Alaska highway built, this turn carries grants from the
  next turn; the Murmansk convoys' turn count advances (40.411);
- this turn's grants made and received, fixed spending, limit modifiers and requirements are this
  turn's: the next turn has none but its expectations'; but Swedish iron ore cut off stays cut off until
  an expectation's limit inputs say otherwise (27.332: the cut is "negated if iron ore shipments are
  restored", a standing condition, not a turn's loss) [reading];
- a key economic area's bombing in the turn of its capture comes off its value in that turn only
  (27.335: "bombed in the turn in which it is captured"): the next turn deducts its whole value;
- a site recaptured this turn, or taken during it, is held at the start of the next player turn and may
  be built on then (27.45: "until the player turn following their recapture");
- the submarine warfare (rule 25) and mobilization (rule 14) sections are left out, and said to be
  (`sections_to_fill`): SW combat moves the one, `awaw mobilize` plans the other;
- Japan's kamikazes formed stay as they were, named for the player when Japan builds kamikazes before
  they have been formed (27.61: whether that forms them is 17.353 D's, outside the seeds).
"""

from __future__ import annotations

from typing import Any

from models.carry_naval import carried_actions
from models.decisions import decisions_of
from models.plan import Plan
from models.scenario import Scenario
from models.season import PowerExpectation, SeasonSection, TurnExpectation, turn_after
from models.tables import FACTION_POWERS, POWER_FACTION, SIDE_FACTIONS, Faction, Power, UnitType


def oil_left(scenario: Scenario, plan: Plan) -> dict[Faction, int]:
    """Oil counters each planned faction has after the turn: those available for construction, less
    those spent on it, less (Western Allies) those shipped to Russia, plus (Russia) those shipped to it
    and not spent (27.35, 40.25)."""
    shipped = sum(grant.oil_counters for grant in plan.grants)
    left = {}
    for faction in scenario.factions():
        have = scenario.oil_available(faction) - plan.oil_counters_spent.get(faction, 0)
        if faction is Faction.WESTERN_ALLIES:
            have -= shipped
        elif faction is Faction.RUSSIA:
            have += shipped
        left[faction] = have
    return left


def built_counters(plan: Plan) -> dict[tuple[Power, str], int]:
    """Counters built per (power, entry id) (27.5)."""
    built: dict[tuple[Power, str], int] = {}
    for line in plan.builds:
        built[line.power, line.entry] = built.get((line.power, line.entry), 0) + line.counters
    return built


def brps_before_spending(left: int, mine: PowerExpectation | None) -> int:
    """A power's own BRPs in the next turn before that turn's expected spending and before the grant it
    expects from powers not planned: the `left` it kept, with what it expects to gain, less what it
    expects to lose, never below 0 (losses past what it has take what it has) [reading]."""
    if mine is None:
        return left
    return max(0, left + mine.gains - mine.losses)


def brps_next(left: int, mine: PowerExpectation | None) -> int:
    """A power's BRPs in the next turn before that turn's grant from powers not planned: its own
    (`brps_before_spending`) less its expected spending, which they must pay (`unpaid_spending`)."""
    return max(0, brps_before_spending(left, mine) - (0 if mine is None else mine.spending))


def unpaid_spending(
    scenario: Scenario, expected: TurnExpectation | None, kept: dict[Power, int]
) -> list[tuple[Power, int, int]]:
    """Each power whose BRPs in the next turn fall short of the spending it expects then (27.12's chart:
    offensives, declarations of war; BRPs are spent out of what a power has, 27.11), after keeping `kept`
    this turn: (power, the spending, the BRPs it has)."""
    short = []
    for power, state in scenario.powers.items():
        mine = None if expected is None else expected.powers.get(power)
        if mine is None or not mine.spending:
            continue
        have = brps_before_spending(kept.get(power, state.brps), mine)
        if have < mine.spending:
            short.append((power, mine.spending, have))
    return short


def unkept_oil(
    scenario: Scenario, plan: Plan, expected: TurnExpectation | None
) -> list[tuple[Faction, int, int]]:
    """Each faction that has fewer oil counters in the next turn than it expects to keep back then for
    uninverting and exploitation (27.35 F), after this turn's plan: (faction, kept back, counters it has)."""
    if expected is None:
        return []
    have = oil_next(scenario, plan, expected)
    short = []
    for faction in scenario.factions():
        reserved = scenario.per_faction(expected.oil_reserved, faction)
        if have[faction] < reserved:
            short.append((faction, reserved, have[faction]))
    return short


def oil_next(scenario: Scenario, plan: Plan, expected: TurnExpectation) -> dict[Faction, int]:
    """Oil counters each faction has in the next turn: those left after this turn's plan (`oil_left`)
    with the next turn's new ones (27.35), never below 0."""
    oil = oil_left(scenario, plan)
    return {
        faction: max(0, oil[faction] + scenario.per_faction(expected.oil_counters, faction))
        for faction in scenario.factions()
    }


def _grantor(scenario: Scenario, recipient: Power) -> Power:
    """A power not planned to write as the grantor of the BRPs `recipient` expects from powers not
    planned: one the map lets grant (40.21, `Scenario.grantor_problem`: France without Paris grants
    nothing, and the next scenario would be refused at it), of its side's (40.3) where there is one;
    else one of its side's, else any. The player names the real one."""
    unplanned = [power for power in Power if power not in scenario.powers]
    side = [p for f in SIDE_FACTIONS[POWER_FACTION[recipient]] for p in FACTION_POWERS[f] if p in unplanned]
    able = [p for p in (*side, *unplanned) if scenario.grantor_problem(p) is None]
    return (able or side or unplanned or [recipient])[0]


def next_turn_data(
    scenario: Scenario, plan: Plan, expected: TurnExpectation | None, kept: dict[Power, int] | None = None
) -> dict[str, Any]:
    """The next turn's scenario as data (validated by the caller), without moving the naval charts: see
    the module. `kept`: the BRPs each power kept, when derived by the caller; else the plan's."""
    data = scenario.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    expected = expected or TurnExpectation(turn=2)
    after = turn_after(scenario.turn)
    data["turn"] = {"season": after.season.value, "year": after.year}
    built = built_counters(plan)
    if kept is None:
        kept = {power: report.brps_kept for power, report in plan.powers.items()}
    for power, state in scenario.powers.items():
        pdata = data["powers"][power.value]
        mine = expected.powers.get(power)
        received = 0 if mine is None else mine.brps_received
        pdata["brps"] = brps_next(kept.get(power, state.brps), mine)
        if mine is not None and mine.brp_base is not None:
            pdata["brp_base"] = mine.brp_base
        if mine is not None and mine.limit_modifiers is not None:
            pdata["limit_modifiers"] = mine.limit_modifiers.model_dump(mode="json", exclude_defaults=True)
        elif state.limit_modifiers.iron_ore_cut:
            pdata["limit_modifiers"] = {"iron_ore_cut": True}  # 27.332: until shipments are restored
        else:
            pdata.pop("limit_modifiers", None)
        for kea in pdata.get("enemy_held_keas", []):
            kea.pop("bombed_this_turn", None)  # 27.335: the capture turn's bombing, that turn only
        for name in ("dominion_limit_modifiers", "grants_made", "grants_received", "fixed_spending"):
            pdata.pop(name, None)
        if received:
            # One grant received from a power not planned (the player names it): 40.23 B, 27.34.
            pdata["grants_received"] = [{"from": _grantor(scenario, power).value, "brps": received}]
        pool = []
        returned = {} if mine is None else mine.returned
        for entry in state.force_pool:
            count = entry.count - built.get((power, entry.id), 0) + returned.get(entry.id, 0)
            edata = entry.model_dump(mode="json", exclude_defaults=True)
            edata["count"] = max(0, count)
            edata.pop("eliminated_this_turn", None)
            pool.append(edata)
        known = {entry.id for entry in state.force_pool}
        for entry in [] if mine is None else mine.received:
            edata = entry.model_dump(mode="json", exclude_defaults=True)
            edata["count"] = entry.count + returned.get(entry.id, 0) if entry.id not in known else entry.count
            pool.append(edata)
        pdata["force_pool"] = pool
    for site in data.get("map", {}).get("sites", {}).values():
        # 27.45: held at the start of the next player turn, recaptured or taken during this one.
        site.pop("recaptured_this_turn", None)
        site.pop("controlled_at_turn_start", None)
    data["oil_counters"] = {faction.value: n for faction, n in oil_next(scenario, plan, expected).items()}
    reserved = {
        faction.value: scenario.per_faction(expected.oil_reserved, faction) for faction in scenario.factions()
    }
    data["oil_reserved"] = {f: min(n, data["oil_counters"][f]) for f, n in reserved.items()}
    if scenario.grants is not None:
        grants = data.setdefault("grants", {})
        war = scenario.grants.germany_russia_war_turns
        if war > 0:
            grants["germany_russia_war_turns"] = war + 1
        opened = {opening.route for opening in plan.route_openings}
        if "persia" in opened:
            grants.setdefault("persia", {})["opened"] = True
        if "siberia" in opened:
            grants.setdefault("siberia", {})["highway_built"] = True
    objective = data.get("objective", {})
    for name in ("minimum", "reserve", "deliver", "avoid_oil_effect"):
        objective.pop(name, None)
    data.pop("sw", None)
    data.pop("mobilization", None)
    data.pop("expected_orders", None)  # this turn's; the next turn's are the plan's (`carried_orders`)
    return data


def sections_to_fill(scenario: Scenario) -> list[str]:
    """The sections of this turn's scenario that the next turn's leaves out for the player to write
    again, as `TO FILL` items, none left out unsaid. The submarine warfare section (rule 25) is this
    turn's: its forces are where this turn's deployment and SW combat leave them, inverted as 25.121,
    25.122 and 25.372 B say (until the end of the following enemy player turn), with this turn's SW
    builds among them, and its Ultra and Magic cards are those "played this turn" (25.67); no plan knows
    the combat. The mobilization section (rule 14) is a schedule of its own turns, planned by `awaw
    mobilize` from the factories and mobilizations at its first turn, which no turn plan advances. The
    season's later turns plan without either (`optimizer.season.prepare`), as the next turn does until
    the player writes them."""
    items = []
    if scenario.sw is not None:
        items.append(
            "sw: the next turn's submarine warfare section (rule 25), left out: the forces after this turn's "
            "deployment and SW combat, those inverted until the end of the following enemy player turn "
            "(25.121, 25.122, 25.372 B), the SW units built this turn, the cards played (25.67)"
        )
    if scenario.mobilization is not None:
        items.append(
            "mobilization: left out, the schedule's own turns are planned by awaw mobilize (rule 14), not "
            "advanced by a turn plan: write it again from the factories and mobilizations made"
        )
    return items


def kamikazes_to_fill(scenario: Scenario, plan: Plan) -> list[str]:
    """27.61: "Japan's naval air training rate is doubled once kamikazes have been formed (17.353D)".
    When Japan builds kamikazes before they have been formed, whether that forms them is 17.353 D's,
    outside the seeds, and the season's later turns keep this turn's rate (`optimizer.season.prepare`):
    so `kamikazes_formed` is carried as it is, and named for the player to set."""
    state = scenario.powers.get(Power.JAPAN)
    if state is None or state.naval_air.kamikazes_formed:
        return []
    if not any(line.power is Power.JAPAN and line.unit is UnitType.KAMIKAZE for line in plan.builds):
        return []
    return [
        "powers.japan.naval_air.kamikazes_formed: true if the kamikazes built this turn formed them; the "
        "naval air training rate is doubled once they have been (27.61, 17.353 D)"
    ]


def carried_orders(scenario: Scenario, plans: list[Plan]) -> list[dict[str, Any]]:
    """The orders the plan expects of the turns after this one, as the next turn's `expected_orders`
    (`models.orders.TurnOrders`), each a turn earlier: `plans` are the season plan's turns (this turn's
    first; one plan for `awaw plan`'s), and the next turn's are the second's builds, SW units, grants by
    route, route openings and oil counters spent with the chart's actions of the turns after this one
    (`models.carry_naval.carried_actions`), the turn after that's the third's, and so on. Empty when
    the plan expects nothing of later turns."""
    later: list[dict[str, Any]] = [
        decisions_of(plan).model_dump(
            mode="json", exclude={"format", "scenario", "naval"}, exclude_defaults=True
        )
        for plan in plans[1:]
    ]
    chart = carried_actions(scenario, plans[0])  # the chart is planned whole in this turn's plan (27.7)
    if chart:
        later = [{**(later[0] if later else {}), "naval": chart}, *later[1:]]
    orders = [
        {"turn": turn, **{k: v for k, v in decided.items() if v}} for turn, decided in enumerate(later, 1)
    ]
    return [mine for mine in orders if len(mine) > 1]


def later_season(season: SeasonSection | None, length: int) -> dict[str, Any] | None:
    """The `season:` section of the next turn: one turn fewer, each expectation a turn earlier; None when
    this was the season's last turn or the scenario has none."""
    if season is None or length <= 1:
        return None
    data = season.model_dump(mode="json", exclude_defaults=True)
    data["turns"] = length - 1
    data["expectations"] = [
        {**e.model_dump(mode="json", exclude_defaults=True), "turn": e.turn - 1}
        for e in season.expectations
        if e.turn >= 3
    ]
    return data
