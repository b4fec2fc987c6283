"""This turn's naval construction priced in 3-BRP steps for the BRP, limit and oil sums (27.72, 27.35)
[reading]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from models.naval_tables import NAVAL_STEP_BRPS, SW_BRPS_PER_FACTOR
from models.plan import Plan
from models.scenario import Scenario
from models.tables import Dominion, Power
from optimizer.checker.naval.charts import NavalReplay
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.us_transports import lend_lease_lines, lend_lease_paid

NAVAL_STEP_MULTIPLIERS = (1, 2)  # a step costs 3 BRPs inside the oil threshold, 6 past it


@dataclass(frozen=True)
class NavalSpending:
    """A power's naval construction this turn, priced for 27.11, 27.31 and 27.35: `brps` at normal
    cost, in `steps` of 3 BRPs, `oil_steps` of them past the oil threshold (the plan's
    `NavalReport.oil_steps`) at 6 BRPs each [reading]."""

    brps: int
    steps: int
    oil_steps: int
    dominions: Mapping[Dominion, int] = field(default_factory=dict)  # of `brps`, at the dominions' yards

    @property
    def paid(self) -> int:
        """BRPs paid: 3 a step inside the threshold, 6 past it."""
        inside, past = NAVAL_STEP_MULTIPLIERS
        return self.brps + NAVAL_STEP_BRPS * (past - inside) * self.oil_steps

    @property
    def inside_brps(self) -> int:
        """BRPs the steps inside take of the oil threshold (3 each)."""
        return NAVAL_STEP_BRPS * max(0, self.steps - self.oil_steps)

    @property
    def oil_affected_brps(self) -> int:
        """BRPs paid for the steps past the threshold (6 each)."""
        return NAVAL_STEP_BRPS * NAVAL_STEP_MULTIPLIERS[1] * self.oil_steps


NavalSpendings = Mapping[Power, NavalSpending]


def dominion_naval(naval: NavalSpendings | None) -> dict[Dominion, int]:
    """British BRPs at normal cost spent this turn at the Canada and Australia yards: those countries'
    shipbuilding (27.473, 27.475 B, 40.244) [reading: before oil effects, which are Britain's]."""
    spending = naval.get(Power.BRITAIN) if naval is not None else None
    found = dict(spending.dominions) if spending is not None else {}
    return {dominion: found.get(dominion, 0) for dominion in Dominion}


def naval_paid(naval: NavalSpendings | None, power: Power) -> int:
    spending = naval.get(power) if naval is not None else None
    return spending.paid if spending is not None else 0


def stated_oil_steps(plan: Plan) -> dict[Power, int]:
    """The plan's naval steps past the oil threshold, per power (the first report of each)."""
    steps: dict[Power, int] = {}
    for report in plan.naval:
        steps.setdefault(report.power, report.oil_steps)
    return steps


def _chart_spending(
    replay: NavalReplay, oil: Mapping[Power, int], only_construction: bool, turn: int
) -> dict[Power, NavalSpending]:
    """Each paying power's chart actions of `turn` (and in turn 0 its SW units) at normal cost, in 3-BRP
    steps, with the plan's steps past the oil threshold (`oil`); Britain's BRPs at the Canada and
    Australia yards are those countries' shipbuilding (27.473, 27.475 B, 40.244). 27.35 with 27.72
    (setting naval_oil_only_construction): repairs, raising and acceleration extras are paid at their
    cost and are no steps of the oil threshold."""
    dominions = {
        Dominion(country): brps for (t, country), brps in replay.dominion_brps_by_turn.items() if t == turn
    }
    spending: dict[Power, NavalSpending] = {}
    for power, per_turn in replay.brps.items():
        brps = per_turn[turn] if turn < len(per_turn) else 0
        outside = replay.not_construction_by_turn.get((turn, power), 0) if only_construction else 0
        spending[power] = NavalSpending(
            brps,
            (brps - outside) // NAVAL_STEP_BRPS,
            oil.get(power, 0),
            dominions if power is Power.BRITAIN else {},
        )
    return spending


def naval_spending(
    scenario: Scenario, plan: Plan, replay: NavalReplay | None = None
) -> dict[Power, NavalSpending]:
    """This turn's naval construction of each naval power: its turn-0 chart actions and SW units at
    normal cost, in 3-BRP steps (accelerate 2 steps, knight's move 3, an SW factor 1), and the
    plan's steps past the oil threshold (0 without a naval report) (27.72, 27.35) [reading]. With the
    setting naval_oil_only_construction the steps leave out repairs, raising and acceleration extras."""
    replay = replay if replay is not None else replay_naval(scenario, plan)
    spending = _chart_spending(
        replay, stated_oil_steps(plan), scenario.settings.naval_oil_only_construction, 0
    )
    # 27.7322: transports the U.S. builds before war with Germany are paid as their lines say,
    # by the U.S. and Britain, outside the oil threshold (American yards, 27.35 J) [reading].
    lend = lend_lease_lines(scenario, plan)
    if lend:
        cost = SW_BRPS_PER_FACTOR * sum(line.factors for line in lend)
        paid = lend_lease_paid(lend)
        us = spending.get(Power.USA)
        if us is not None:
            spending[Power.USA] = NavalSpending(
                us.brps - cost + paid.get(Power.USA, 0), us.steps, us.oil_steps
            )
        if paid.get(Power.BRITAIN):
            gb = spending.get(Power.BRITAIN, NavalSpending(0, 0, 0))
            spending[Power.BRITAIN] = NavalSpending(
                gb.brps + paid[Power.BRITAIN], gb.steps, gb.oil_steps, gb.dominions
            )
    return spending


def later_turn_spending(
    first: Scenario, plan: Plan, replay: NavalReplay, turn: int
) -> dict[Power, NavalSpending]:
    """A season's later turn `turn` (0-based) spending on the chart of the season's first turn, planned
    whole (27.7): priced for that turn's 27.11, 27.31 and 27.35 as this turn's is priced for this
    turn's (`naval_spending`). 27.72: each step of the turn's chart actions costs that turn three BRPs,
    which it pays out of its BRPs and counts against its limit; 27.35: "the first 25 BRPs of builds" are
    the turn's builds, so its steps past its threshold cost double, as many as `plan` (the later turn's
    plan) states in its `naval` reports. With the setting naval_oil_only_construction, repairs, raising
    and acceleration extras are no steps. Britain's BRPs at the Canada and Australia yards that turn are
    those countries' shipbuilding (27.473, 27.475 B, 40.244). SW units are the first turn's only."""
    oil = stated_oil_steps(plan)
    spending = _chart_spending(replay, oil, first.settings.naval_oil_only_construction, turn)
    for power, steps in oil.items():
        spending.setdefault(power, NavalSpending(0, 0, steps))
    return spending
