"""Force pools and BRPs: what may be built and what can be paid (27.11-27.22, 27.5, 40.244)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from optimizer.rules.guards import Guards
from optimizer.turn.prepare import Prepared
from optimizer.turn.variables import Variables


def add_pair_pricing(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """27.11 E: five BRPs per two counters of beach defenses, paired across the turn; an odd counter
    costs as a pair.

    Each line pays for the pairs its counters complete: over the lines of a pair class in order,
    the pairs paid so far are the counters so far, halved and rounded up. So one counter at
    Hamburg and one at Kiel cost 5 BRPs, written on the first line.
    """
    builds = variables.builds
    for slot in builds.pairs:
        before = builds.paired_before(slot)
        pairs = sum(builds.pairs[s] for s in before)
        counters = sum(builds.counters[s] for s in before)
        model.add(2 * pairs >= counters)
        model.add(2 * pairs <= counters + 1)


def add_force_pool(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """Counters built per entry never exceed the force pool (27.5); barred entries are not built (27.21, 27.22)."""
    for key, entry in data.entries.items():
        built = [variables.builds.counters[key, site] for site in entry.sites]
        if not built:
            continue
        model.add(sum(built) <= entry.entry.count).only_enforce_if(guards.of("27.5", key))
        if entry.barred is not None:
            rule, _ = entry.barred
            model.add(sum(built) == 0).only_enforce_if(guards.of(rule, key))


def add_brps(model: cp_model.CpModel, data: Prepared, variables: Variables, guards: Guards) -> None:
    """A power pays no more than the BRPs it has (27.11), and U.S. grants to Commonwealth
    countries are limited to what is spent on their units that turn (40.244)."""
    for power in data.powers:
        model.add(variables.kept(power) >= 0).only_enforce_if(guards.of("27.11", power.value))
    for dominion, grant in data.dominion_grants.items():
        planned = variables.grants is not None and any(
            r == dominion.value for _, r in variables.grants.pairs()
        )
        if grant or planned:
            model.add(
                variables.dominion_spending(dominion) >= variables.dominion_grant(dominion)
            ).only_enforce_if(guards.of("40.244", dominion.value))
