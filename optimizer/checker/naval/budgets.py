"""Naval construction's money: this turn's restricted deferrals (27.7272 C) and scuttles (27.7272 E), and
later turns' BRPs and limits; and rule 27.7 as a whole."""

from __future__ import annotations

from collections.abc import Mapping

from models.naval_tables import NAVAL_STEP_BRPS, ChartAction
from models.plan import Plan
from models.scenario import Scenario
from models.season import turn_name
from models.tables import OIL_EXEMPT_POWERS, POWER_FACTION, Faction, Power, oil_threshold_brps
from optimizer.checker.brps import brps_available, brps_paid
from optimizer.checker.grants.accounts import GrantAccount, grant_account, resolve_account
from optimizer.checker.limits import construction_limit, limit_used
from optimizer.checker.lines import PricedLine, resolve_lines
from optimizer.checker.naval.actions import oil_exempt_brps, shipyard_info
from optimizer.checker.naval.charts import NavalReplay, naval_state_of
from optimizer.checker.naval.lend_lease import check_lend_lease
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.spending import NAVAL_STEP_MULTIPLIERS, NavalSpendings, naval_spending
from optimizer.checker.naval.standing import yard_standing
from optimizer.checker.oil import inside_threshold_brps
from optimizer.checker.violations import Violation


def check_naval_budgets(scenario: Scenario, replay: NavalReplay) -> list[Violation]:
    """Later turns of the horizon: a power's naval BRPs in turn t >= 1 (normal cost) fit that turn's
    expected BRPs (`horizon.future[t - 1].brps`, else this turn's BRPs available, 27.11) and
    construction limit (`limits`, else this turn's, 27.31). "This turn's" is the position before
    this plan's grants: with a `grants:` section the planned grants are left out [reading]."""
    violations: list[Violation] = []
    base = grant_account(scenario, None)
    future = scenario.horizon.future
    for power, per_turn in replay.brps.items():
        brps_now = max(0, brps_available(scenario, power, account=base))
        limit_now = construction_limit(scenario, power, account=base)
        for turn in range(1, len(per_turn)):
            given = future[turn - 1] if turn - 1 < len(future) else None
            spent = per_turn[turn]
            budget = given.brps[power] if given is not None and power in given.brps else brps_now
            limit = given.limits[power] if given is not None and power in given.limits else limit_now
            if spent > budget:
                source = "horizon.future" if given is not None and power in given.brps else "this turn's"
                violations.append(
                    Violation(
                        "27.11",
                        f"{power.value} in {turn_name(scenario.turn, turn)}: {spent} naval BRPs, {budget} BRPs expected ({source})",
                    )
                )
            if spent > limit:
                source = "horizon.future" if given is not None and power in given.limits else "this turn's"
                violations.append(
                    Violation(
                        "27.31",
                        f"{power.value} in {turn_name(scenario.turn, turn)}: {spent} naval BRPs count against a "
                        f"construction limit of "
                        f"{limit} ({source})",
                    )
                )
    return violations


def check_restricted_deferrals(
    scenario: Scenario,
    replay: NavalReplay,
    lines: list[PricedLine],
    account: GrantAccount,
    naval: NavalSpendings,
    oil_counters: Mapping[Faction, int],
    turn: int = 0,
    chart: Scenario | None = None,
) -> list[Violation]:
    """27.7272 C restricts "voluntary" deferring: without `deferring_allowed`, a ship in its column may
    still wait when it must [reading]:

    - its yard may spend no point (27.712 A), or has spent its whole rate on the ships already in
      the turn's column, continuing or accelerating them (27.7272 A, B). Points spent on new work
      (SW units, lay-downs, repairs started, raises) are no excuse: 27.7322's example builds
      transports "provided American shipbuilding points are available (the U.S. must continue the
      construction of existing ships - 27.7272C)";
    - or its power cannot pay another step of the ship within its BRPs or within its construction
      limit, the whole plan counted, land builds included [reading: the text ranks nothing before ships
      but that example's new ships]. The step is what continuing the ship costs (`step_cost`): 3 BRPs
      (27.7272 A), none for a Vichy ship before Vichy France associates or activates (27.7265: then
      only the yard's points excuse it), and double if it would be past the oil threshold.

    A ship in the Launch row is launched at no cost (27.7272 D): its deferral is never excused. Any
    other deferral breaks 27.7272 C. The chart's `turn` is judged with `scenario`'s money and
    `oil_counters` (the oil counters each faction spends on construction that turn), the turn that pays
    it: this turn's by the turn checker; a season's later turn's, its own position
    (`optimizer.checker.season`), since the restriction stands through the season [reading], its yards
    read from `chart`, the scenario whose charts were replayed (turn 1's)."""
    violations: list[Violation] = []
    for what, power, site, launch_row, when, step in replay.restricted_deferrals:
        if when != turn:
            continue
        if launch_row:
            violations.append(
                Violation(
                    "27.7272 C",
                    f"{what}: deferring is restricted this turn (deferring_allowed is false) and a ship in "
                    "the Launch row is launched at no shipbuilding or BRP cost (27.7272 D): it need not wait",
                )
            )
            continue
        charts = scenario if chart is None else chart
        naval_state = naval_state_of(charts, power)
        assert naval_state is not None
        yard = next(shipyard_info(power, y) for y in naval_state.shipyards if y.id == site)
        if not yard_standing(charts, power, site).builds:
            continue  # 27.712 A: the yard spends no point, so its ships wait involuntarily
        used = replay.column_points.get((power, site, turn), 0)
        if used >= yard.rate:
            continue
        cost, oil = step_cost(scenario, lines, naval, oil_counters, power, step)
        kept = brps_available(scenario, power, account=account) - brps_paid(
            scenario, power, lines, account, naval
        )
        room = construction_limit(scenario, power, account=account) - limit_used(
            scenario, power, lines, account, naval
        )
        if cost > 0 and (kept < cost or room < cost):
            continue
        violations.append(
            Violation(
                "27.7272 C",
                f"{what}: deferring is restricted this turn (deferring_allowed is false) and the ship need "
                f"not wait: {site} used {used} of {yard.rate} points on ships already in this turn's column, "
                f"{power.value} keeps {kept} BRPs and has {room} BRPs of construction limit left (a step "
                f"is {cost}{oil})",
            )
        )
    return violations


def step_cost(
    scenario: Scenario,
    lines: list[PricedLine],
    naval: NavalSpendings,
    oil_counters: Mapping[Faction, int],
    power: Power,
    step: int,
) -> tuple[int, str]:
    """What `power` pays to continue a ship rather than defer it, on top of the plan (27.7272 A): `step`
    BRPs at normal cost (3; none for a Vichy ship before activation, 27.7265), priced as the checker
    prices naval steps for the oil threshold (27.35 with 27.72, `optimizer.checker.oil`): the step's
    3-BRP steps (all of it: continuing is construction proper under either setting of
    naval_oil_only_construction, `oil_exempt_brps`) are past the faction's threshold when the BRPs
    inside it with them added exceed 25 x (oil counters spent + 1), and then cost double (27.35 A-D),
    against the BRPs and the construction limit alike (27.35 G) [reading: the plan's other units stay
    priced as they are, its oil counters as spent]. The U.S. pays no oil effects (27.35 J). With the
    cost, why it is more than `step` (or "")."""
    steps = (step - oil_exempt_brps(ChartAction.CONTINUE, step)) // NAVAL_STEP_BRPS
    faction = POWER_FACTION[power]
    if steps == 0 or power in OIL_EXEMPT_POWERS:
        return step, ""
    spent = oil_counters.get(faction, 0)
    threshold = oil_threshold_brps(spent)
    inside = inside_threshold_brps(scenario, lines, faction, naval)
    if inside + NAVAL_STEP_BRPS * steps <= threshold:
        return step, ""
    inside_multiplier, past_multiplier = NAVAL_STEP_MULTIPLIERS
    cost = step + NAVAL_STEP_BRPS * (past_multiplier - inside_multiplier) * steps
    return cost, (
        f", past the oil threshold: {inside} of {threshold} BRPs inside it with {spent} oil counters, 27.35 D"
    )


def check_restricted_scuttles(replay: NavalReplay, turn: int = 0) -> list[Violation]:
    """27.7272 E: "Scuttling is subject to the same restrictions as deferring naval construction
    (27.7272C ...)". Without `deferring_allowed` no ship is scuttled in the chart's `turn`: scuttling is
    "voluntarily" eliminating a ship, never one it must do, so none is excused as a deferral may be.
    Judged for the turns whose deferrals are restricted, as `check_restricted_deferrals` judges them:
    this turn by the turn checker, a season's later turns by the season checker
    (`optimizer.checker.season`), since the restriction stands through the season [reading]."""
    return [
        Violation(
            "27.7272 E",
            f"{what}: scuttling is subject to the same restrictions as deferring (27.7272 C), and deferring "
            "is restricted (deferring_allowed is false)",
        )
        for what, when in replay.restricted_scuttles
        if when == turn
    ]


def check_naval(
    scenario: Scenario,
    plan: Plan,
    replay: NavalReplay | None = None,
    lines: list[PricedLine] | None = None,
    account: GrantAccount | None = None,
    naval: NavalSpendings | None = None,
) -> list[Violation]:
    """Rule 27.7: the replayed charts' breaches (`replay_naval`), SW builds, this turn's deferrals and
    scuttles without `deferring_allowed` (`check_restricted_deferrals`, `check_restricted_scuttles`),
    later turns' budgets."""
    replay = replay if replay is not None else replay_naval(scenario, plan)
    if lines is None:
        lines, _ = resolve_lines(scenario, plan)
    account = resolve_account(scenario, plan, account)
    naval = naval if naval is not None else naval_spending(scenario, plan, replay)
    return [
        *replay.rules,
        *check_restricted_deferrals(scenario, replay, lines, account, naval, plan.oil_counters_spent),
        *check_restricted_scuttles(replay),
        *check_naval_budgets(scenario, replay),
        *check_lend_lease(scenario, plan, replay),
    ]
