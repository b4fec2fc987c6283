"""The player's priorities over a season, each an expression to maximize, solved in order.

How a priority reads over the season [reading]:
- value: what each turn's plan is worth by the turn model's own reading (`priority_expression`: units
  built, ships launched, BRPs delivered), a later turn weighted by `season.discount` per turn, less the
  BRPs the naval chart spends in its turns past the season's end (`chart_past_season`), plus the
  leftover's value at the season's end (`season.leftover`: a value per BRP left, or the BRPs of next
  year's base the leftover grows into at the year-start sequence, rounded down, each at its value) and
  the oil counters left, each at the objective's `oil_counter_value`. BRPs and oil counters carried from
  one turn to the next are not valued on the way (they are spent or left at the end), and a route opened
  is worth the grants it carries in the season's later turns, not the turn model's estimate of them, and
  in the horizon's turns past the season's end the turn model's estimate of those (`opened_past_season`).
- value of a one-turn season: the turn position's own (`Scenario.one_turn_position`, which values the
  leftover), nothing added at the end.
- factors and delivered: summed over the season's turns.
- unspent_brps: the BRPs left at the season's end; oil_kept: the oil counters left then.
- with grants, last, the fewest BRPs moved over the season (a tie-break, never a rule).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.scenario import Priority, PriorityKind
from models.tables import Power
from optimizer.rules.grants.objective import fewest_granted, route_opening_value
from optimizer.rules.linear import VALUE_SCALE, LinearExpr, floor_growth, growth_fraction, scaled
from optimizer.season.model import SeasonVariables
from optimizer.turn.objective import describe_priority, priority_expression

DISCOUNT_SCALE = 1000  # a later turn's weight in thousandths when the season discounts (`season.discount`)


def turn_weights(discount: float, length: int) -> tuple[list[int], int]:
    """Each turn's integer weight, and the scale they carry: 1 each when nothing is discounted."""
    if discount == 1.0:
        return [1] * length, 1
    return [round(discount**t * DISCOUNT_SCALE) for t in range(length)], DISCOUNT_SCALE


def chart_past_season(variables: SeasonVariables, powers: list[Power]) -> LinearExpr:
    """BRPs the naval chart spends in its turns past the season's end (27.72), each charged at the
    scenario's `horizon.brp_value`, discounted per turn, as `awaw plan` charges a later turn's
    (`optimizer.rules.naval.objective.naval_value`) [reading: past the season its turns' other builds are
    not planned, so their BRPs are not free; within the season they are paid out of the BRP flow]."""
    chart = variables.turns[0].naval
    if chart is None:
        return 0
    brp_value = variables.data.scenario.horizon.brp_value
    discount = chart.naval.discount
    return sum(
        scaled(brp_value * discount**t) * chart.brps(power, t)
        for t in range(variables.data.length, len(chart.naval.seasons))
        for power in powers
    )


def opened_past_season(variables: SeasonVariables) -> LinearExpr:
    """A route opened in any turn of the season (Persia, 40.521-40.522; the Alaska highway, 40.72), valued
    in each turn of the horizon past the season's end as the turn model values an opening's later turns
    (`route_opening_value`: the route's full capacity once open, 40.51 and 40.73, at the objective's value
    of a BRP delivered to Russia), each turn t weighted `season.discount`**t as the chart's turns past the
    season are (`chart_past_season`) [reading: the route carries grants from the turn after it opens
    (40.54, 40.71) to the end of the horizon; within the season those grants are planned, past it they are
    not, so there they are the turn model's estimate, and a route opened in the season's last turn is worth
    the same there as one opened in its first]. The horizon is the chart's (`horizon.turns` when longer
    than the season, `models.season.chart_horizon`): with none longer, nothing."""
    first = variables.data.turns[0].scenario  # its horizon is the chart's, discounted by the season's
    past = range(variables.data.length, first.horizon.turns)
    if not past:
        return 0
    return sum(route_opening_value(first, turn.grants, past) for turn in variables.turns)


def season_members(model: cp_model.CpModel, variables: SeasonVariables) -> list[tuple[str, LinearExpr, int]]:
    """(name, expression, scale) of each priority in order, the tie-break last when there are grants."""
    scenario = variables.data.scenario
    members: list[tuple[str, LinearExpr, int]] = []
    for priority in scenario.objective.priority_list():
        expr, scale = _priority(model, variables, priority)
        members.append((describe_priority(priority), expr, scale))
    granted = [turn.grants for turn in variables.turns if turn.grants is not None]
    if granted:
        members.append(("fewest_granted", sum(fewest_granted(grants) for grants in granted), 1))
    return members


def _priority(
    model: cp_model.CpModel, variables: SeasonVariables, priority: Priority
) -> tuple[LinearExpr, int]:
    data = variables.data
    objective = data.scenario.objective
    powers = [p for p in data.turns[0].powers if priority.powers is None or p in priority.powers]
    if priority.kind is PriorityKind.UNSPENT_BRPS:
        return sum(variables.kept_at_end(p) for p in powers), 1
    if priority.kind is PriorityKind.OIL_KEPT:
        return sum(variables.oil_left.values()), 1
    if priority.kind is not PriorityKind.VALUE:
        each = [priority_expression(data.turns[t], turn, priority) for t, turn in enumerate(variables.turns)]
        return sum(expr for expr, _ in each), each[0][1]
    if data.length == 1:
        # One turn is the turn position itself (`Scenario.one_turn_position`), whose own value already
        # holds the leftover, the oil kept, the chart's later turns and the routes' later grants.
        return priority_expression(data.turns[0], variables.turns[0], priority)
    weights, weight_scale = turn_weights(data.season.discount, data.length)
    total: LinearExpr = 0
    for t, turn in enumerate(variables.turns):
        expr, _ = priority_expression(data.turns[t], turn, priority)
        if t == 0:  # the turn model values an opening by its estimate of later grants; here they are planned
            expr = expr - route_opening_value(data.turns[0].scenario, turn.grants)
            expr = expr + opened_past_season(variables)
            expr = expr - chart_past_season(variables, powers)
        total += weights[t] * expr
    end = weights[-1]
    leftover = data.season.leftover
    if leftover.rule == "per_brp":
        per_brp = objective.unspent_brp_value if leftover.brp_value is None else leftover.brp_value
        total += end * scaled(per_brp) * sum(variables.kept_at_end(p) for p in powers)
    else:
        rate = growth_fraction(leftover.growth_rate)
        for power in powers:
            grown = floor_growth(model, variables.kept_at_end(power), rate, f"season_growth_{power.value}")
            total += end * scaled(leftover.base_brp_value) * grown
    total += end * scaled(objective.oil_counter_value) * sum(variables.oil_left.values())
    return total, VALUE_SCALE * weight_scale
