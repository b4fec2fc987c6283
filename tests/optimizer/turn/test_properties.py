"""Properties on generated positions: every plan is legal, and on tiny positions it is the best one."""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.generate import scenario_data
from models.plan import BuildLine, Plan, Status
from models.scenario import DEFAULT_VALUES, Scenario, Settings
from models.tables import COST_MULTIPLIERS, UNIT_SPECS, WORKS_UNIT_TYPES, Faction, Power, UnitType
from optimizer.checker import check
from optimizer.planners.position import solve


def picker(data):
    return lambda lo, hi: data.draw(st.integers(lo, hi))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_solver_plan_passes_the_checker(data):
    """Every plan the solver returns passes the independent checker, rules and requirements alike;
    an infeasible position comes with an explanation that names what cannot be met."""
    scenario = Scenario.model_validate(scenario_data(picker(data)))
    result = solve(scenario)
    if result.status is Status.INFEASIBLE:
        assert result.explanation and result.explanation[0].startswith(("cannot be met", "the rules alone"))
        return
    assert result.status is Status.OPTIMAL
    assert check(scenario, result.plan) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_joint_grant_plan_passes_the_checker(data):
    """Joint plans of the U.S., Britain, Russia and China with grants (rule 40) pass the checker."""
    scenario = Scenario.model_validate(scenario_data(picker(data), joint_grants=True))
    result = solve(scenario)
    if result.status is Status.INFEASIBLE:
        assert result.explanation
        return
    assert result.status is Status.OPTIMAL
    assert check(scenario, result.plan) == []


READING_SETTINGS = sorted(
    name for name, field in Settings.model_fields.items() if field.annotation in (bool, "bool")
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_plan_passes_the_checker_under_every_reading(data):
    """The readings players may differ on are scenario settings, each read by planner and checker
    alike: with every setting drawn at random, every plan still passes the checker."""
    assert "beach_defenses_count_against_limit" in READING_SETTINGS  # the settings were found
    position = scenario_data(picker(data), joint_grants=data.draw(st.booleans()))
    position["settings"] = {name: data.draw(st.booleans(), label=name) for name in READING_SETTINGS}
    scenario = Scenario.model_validate(position)
    result = solve(scenario)
    if result.status is Status.INFEASIBLE:
        assert result.explanation
        return
    assert result.status is Status.OPTIMAL
    assert check(scenario, result.plan) == []


TINY_UNITS = (
    UnitType.INFANTRY,
    UnitType.ARMOR,
    UnitType.ARMY_AIR,
    UnitType.NAVAL_AIR,
    UnitType.FORTIFICATION,
)


@st.composite
def tiny_scenarios(draw):
    """At most three entries of at most two counters, each at one or two named sites."""
    powers = {}
    for power, sites in (("germany", ["berlin", "kiel"]), ("italy", ["rome"])):
        if power == "italy" and not draw(st.booleans()):
            continue
        pool = []
        for i in range(draw(st.integers(1, 2 if power == "germany" else 1))):
            unit = draw(st.sampled_from(TINY_UNITS))
            pool.append(
                {
                    "id": f"e{i}",
                    "unit": unit.value,
                    "factors": 1 if unit in WORKS_UNIT_TYPES else draw(st.integers(1, 2)),
                    "count": draw(st.integers(0, 2)),
                    "eliminated_this_turn": draw(st.sampled_from(["none", "isolated"])),
                    "sites": sites[: draw(st.integers(1, len(sites)))],
                }
            )
        powers[power] = {
            "brps": draw(st.integers(0, 30)),
            "brp_base": draw(st.integers(0, 75)),
            "force_pool": pool,
        }
    data = {
        "name": "tiny",
        "turn": {"season": "spring", "year": 1942},
        "faction": "european_axis",
        "powers": powers,
        "oil_counters": draw(st.integers(0, 1)),
        "map": {"sites": {"kiel": {"ground_capacity": draw(st.integers(0, 1))}}},
        "objective": {"preset": draw(st.sampled_from(["max-factors", "max-value"]))},
    }
    return Scenario.model_validate(data)


def first_priority(scenario, builds):
    """The first priority of the presets, computed by hand: factors, or value per factor (defaults)."""
    if scenario.objective.preset.value == "max-factors":
        return sum(b.factors for b in builds if b.unit not in WORKS_UNIT_TYPES)
    return sum(DEFAULT_VALUES[b.unit] * b.factors for b in builds)


def brute_force_best(scenario):
    """Enumerate every plan (counters per entry and site, units past the oil threshold, oil counters),
    keep those the checker finds legal, and return the best first-priority value."""
    slots = [
        (Power(power), entry, site)
        for power, state in scenario.powers.items()
        for entry in state.force_pool
        for site in entry.sites
    ]
    best = None
    for counters in itertools.product(*[range(entry.count + 1) for _, entry, _ in slots]):
        if any(
            sum(c for c, (p, e, _) in zip(counters, slots, strict=True) if e is entry) > entry.count
            for _, entry, _ in slots
        ):
            continue
        units = [c * entry.factors for c, (_, entry, _) in zip(counters, slots, strict=True)]
        for past in itertools.product(*[range(u + 1) for u in units]):
            builds = []
            for c, o, u, (power, entry, site) in zip(counters, past, units, slots, strict=True):
                if c == 0:
                    continue
                inside, outside = COST_MULTIPLIERS[entry.eliminated_this_turn.value == "isolated"]
                cost = UNIT_SPECS[entry.unit].brps * (inside * (u - o) + outside * o)
                builds.append(
                    BuildLine(
                        power=power,
                        entry=entry.id,
                        unit=entry.unit,
                        site=site,
                        counters=c,
                        factors=u,
                        oil_units=o,
                        brps=cost,
                    )
                )
            for spent in range(scenario.oil_counters + 1):
                plan = Plan(
                    scenario=scenario.name, builds=builds, oil_counters_spent={Faction.EUROPEAN_AXIS: spent}
                )
                if not check(scenario, plan):
                    value = first_priority(scenario, builds)
                    best = value if best is None else max(best, value)
    return best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_scenarios())
def test_solver_matches_brute_force_on_tiny_positions(scenario):
    """On tiny positions the solver's first-priority value equals exhaustive enumeration's best."""
    result = solve(scenario)
    assert result.status is Status.OPTIMAL
    assert abs(result.plan.objective.value - brute_force_best(scenario)) < 1e-6
