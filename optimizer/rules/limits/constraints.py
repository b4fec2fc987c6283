"""Construction limits (27.31, 27.334, 27.34, 40.23) and the Australian and Indian limits (27.473 B, 27.474 B)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.tables import LIMIT_DIVISOR, Dominion, Power
from optimizer.rules.guards import Guards
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables

DOMINION_VALUES = frozenset(d.value for d in Dominion)


def add_grant_limits(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Construction limits moved by this turn's grants (27.334, 27.34, 40.23, 40.244).

    The grantor loses floor(g / 3) per recipient among its reductions, which
    stop at 0, or with the setting `grant_limit_reduction_per_turn_total`
    floor(G / 3) of all it grants major powers this turn [reading]; the recipient
    gains floor(g / 3) of each grant received after its reductions (27.34). U.S.
    grants to Commonwealth countries are no reduction: they count against the
    U.S. limit in full, with its builds (40.23 A, 40.244; `Variables.limit_counted`).
    """
    grants, limits = variables.grants, variables.limits
    if grants is None or limits is None:
        return
    for pair, granted in limits.granted.items():
        model.add(granted == grants.pair_total(pair))
        model.add_division_equality(limits.thirds[pair], granted, LIMIT_DIVISOR)
    for grantor, total in limits.turn_granted.items():
        model.add(
            total
            == sum(
                granted
                for (giver, recipient), granted in limits.granted.items()
                if giver is grantor and recipient not in DOMINION_VALUES
            )
        )
        model.add_division_equality(limits.turn_thirds[grantor], total, LIMIT_DIVISOR)
    per_turn_total = data.scenario.settings.grant_limit_reduction_per_turn_total
    for power, pdata in data.powers.items():
        breakdown = pdata.limit_breakdown
        reductions = []
        if per_turn_total and power in limits.turn_thirds:
            reductions.append(limits.turn_thirds[power])
        for (grantor, recipient), third in limits.thirds.items():
            if not per_turn_total and grantor is power and recipient not in DOMINION_VALUES:
                reductions.append(third)
        increases = [third for (_, recipient), third in limits.thirds.items() if recipient == power.value]
        after, floored = limits.after_reductions[power], limits.floored[power]
        model.add(after == breakdown.before_clamp - sum(reductions))
        model.add_max_equality(floored, [after, 0])
        model.add(limits.limits[power] == floored + breakdown.increases + sum(increases)).with_name(
            grant_limit_name(power)
        )


def add_dominion_shares(
    model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards
) -> None:
    """What a Commonwealth country's construction counts against Britain's limit where the U.S. may
    grant it BRPs: its builds less the grant, never below 0, country by country (27.474 C, 40.244;
    `Variables.british_dominion_share`)."""
    for dominion, counted in variables.british_dominion_counted.items():
        builds = variables.dominion_spending(dominion, limit_only=True)
        model.add_max_equality(counted, [builds - variables.dominion_grant(dominion), 0])


def add_limits(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Construction limits (27.31) and the Australian and Indian limits (27.473 B, 27.474 B).

    What counts is the BRPs actually paid, multipliers included (27.35 G).
    """
    for power in data.powers:
        counted = variables.limit_counted(power)
        constraint = model.add(counted <= variables.limit(power)).with_name(limit_name(power))
        constraint.only_enforce_if(guards.of("27.31", power.value))
    for dominion, limit in data.dominion_limits.items():
        spent = variables.dominion_spending(dominion, limit_only=True)
        rule = "27.473 B" if dominion is Dominion.AUSTRALIA else "27.474 B"
        model.add(spent <= limit).only_enforce_if(guards.of(rule, dominion.value))


def limit_name(power: Power) -> str:
    """The name of `power`'s construction limit constraint (27.31), for a what-if to find it."""
    return f"27.31|{power.value}"


def grant_limit_name(power: Power) -> str:
    """The name of the constraint giving `power`'s limit after grants (27.34), for a what-if to find it."""
    return f"27.34|{power.value}"


def raise_limits(model: cp_model.CpModel, variables: Variables, extra: dict[Power, int]) -> None:
    """Raise these powers' construction limits in a built model by `extra` points, when no naval chart
    moves the limit: without grants the limit is the right-hand side of its one constraint (27.31); with
    them, the increases the limit after grants adds (27.34, as `relax_prepared` raises them). Either way
    one constant, and the model the one built with the higher limits."""
    assert variables.naval is None, "a limit naval construction also reads is built again"
    if variables.limits is None:
        names = {limit_name(power): more for power, more in extra.items()}
    else:
        names = {grant_limit_name(power): more for power, more in extra.items()}
    for constraint in model.proto.constraints:
        if constraint.name not in names:
            continue
        more = names[constraint.name]
        domain = constraint.linear.domain
        if variables.limits is None:  # counted <= limit: the upper end
            domain[len(domain) - 1] += more
        else:  # limit == floored + increases + grants: the constant, on the side of the limit's variable
            assert variables.limits is not None
            limit_var = variables.limits.limits[_power(constraint.name)].index
            coeff = dict(zip(constraint.linear.vars, constraint.linear.coeffs, strict=True))[limit_var]
            for k in range(len(domain)):
                domain[k] += more * coeff


def _power(name: str) -> Power:
    return Power(name.split("|", 1)[1])
