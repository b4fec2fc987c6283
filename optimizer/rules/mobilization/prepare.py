"""Plain data for the mobilization schedule (rule 14): costs, limits and history per power and turn."""

from __future__ import annotations

from dataclasses import dataclass

from models.mobilization import (
    ARMOR_CAP_WITHOUT_RESEARCH,
    GROUND_AND_AIR,
    NO_SHIPBUILDING,
    POST_1940_ADDITIONS,
    POST_1940_FIRST_TURN,
    RUSSIAN_MOBILIZATION_INTERVAL,
    SEASONS,
    SHIPBUILDING_PER_GAME,
    UNITS_PER_MOBILIZATION,
    MobilizedUnit,
    UnitCounts,
    civilian_conversion_cost,
    mobilization_cost,
)
from models.scenario import Scenario
from models.tables import Power

SCALE = 10_000  # objective coefficients are integers: values x 10,000

RULE_TITLES: dict[str, str] = {
    "14.12": "no new factories",
    "14.21": "civilian conversion cost",
    "14.31": "mobilization cost",
    "14.42 A": "Russia: no idle-to-civilian conversion",
    "14.43 A": "Great Purge",
    "14.43 B": "Russian mobilization rate",
    "14.43 C": "Russian civilian factories",
    "14.61": "counters in the counter mix",
    "14.7": "units each mobilization creates",
    "14.712": "German infantry and air balance",
    "14.713 C": "one German SB increase per game",
    "14.722 C": "Italian armor cap without research",
    "14.722 D": "one Italian SB increase per game",
    "14.732": "British first and second mobilizations are pre-game",
    "14.733": "British third and fourth mobilizations",
    "14.734": "British fifth to seventh mobilizations",
    "14.735": "British eighth and final mobilization",
    "14.736 A": "British SB-or-armor and infantry totals",
    "14.736 B": "British armor cap without research",
    "14.737": "British post-1940 additions",
    "14.742 B": "French armor cap without research",
    "14.743": "French post-1940 additions",
}


def requirement_subject(power: Power, unit: MobilizedUnit, count: int, by_turn: int) -> str:
    return f"{power.value}: at least {count} {unit.value} in the reserve by turn {by_turn}"


def past_horizon(power: Power, unit: MobilizedUnit, count: int, by_turn: int, horizon: int) -> str:
    """Why a requirement dated past the horizon cannot be met: its turn lies outside the plan."""
    return (
        f"requirement {requirement_subject(power, unit, count, by_turn)}: turn {by_turn} lies past the "
        f"horizon (turns 0-{horizon - 1} planned): only the units of the planned turns' mobilizations "
        "can count towards it; plan more turns (--horizon) or date it within them"
    )


def describe(rule: str, subject: str) -> str:
    if rule == "requirement":
        return f"requirement {subject}"
    return f"{rule} {RULE_TITLES.get(rule, '')} ({subject})".replace("  ", " ")


@dataclass(frozen=True)
class PowerData:
    """One power's inputs, ready for the model: everything indexed by planned turn 0..horizon-1."""

    power: Power
    idle: int
    civilian: int
    military: int
    tile_points: list[int]
    mobilization_cost: list[int]  # 14.31
    civilian_cost: list[int]  # 14.21
    units: int  # per mobilization, 14.7
    may_convert_idle_to_civilian: bool  # 14.42 A
    may_mobilize: list[bool]  # 14.43 A: no Great Purge
    may_mobilize_civilian: list[bool]  # 14.43 C
    interval: list[int] | None  # 14.43 B, Russia
    turns_since_last: int | None
    mobilizations_made: int
    armor_made: int  # all, initial included
    shipbuilding_made_in_game: int  # Gathering Storm mobilizations only (14.713 C, 14.722 D)
    infantry_minus_air: int  # Gathering Storm mobilizations only (14.712)
    armor_cap: tuple[int, str] | None
    armor_capped: list[bool]  # the cap applies in this turn (no research yet)
    shipbuilding_cap: tuple[int, str] | None
    no_shipbuilding: str | None
    britain_history: list[UnitCounts]  # created by mobilizations 1, 2, ... in order
    britain_sb_or_armor_made: int
    britain_infantry_made: int
    addition_turns: list[bool]  # 14.737, 14.743
    addition_rule: str | None
    counter_mix: UnitCounts | None  # counters free at the start, every power (14.61 [reading])
    in_delay: dict[tuple[MobilizedUnit, int], int]  # (unit, arrival turn) of units in delay at the start
    delays: dict[MobilizedUnit, int]  # turns to the reserve per type, the power's own (14.81, 14.83)
    values: dict[MobilizedUnit, list[int]]  # per creation turn, discounted to the arrival turn, scaled


@dataclass(frozen=True)
class MobilizationData:
    horizon: int
    labels: list[str]
    powers: list[PowerData]
    addition_values: dict[MobilizedUnit, list[int]]  # post-1940 additions reach the reserve at once
    maintenance_values: list[int]
    tile_point_values: list[int]
    minimums: list[tuple[Power, MobilizedUnit, int, int]]
    # 14.735 B's "previous mobilization" counts the pre-game ones (their two SB increases, 14.732): the
    # setting `britain_pregame_sb_counts`; by default a Gathering Storm one only [reading].
    britain_pregame_sb_counts: bool = False


def post_1940(season: str, year: int) -> bool:
    """Spring 1941 or later (14.737, 14.743)."""
    first_year, first_season = POST_1940_FIRST_TURN
    return (year, SEASONS.index(season)) >= (first_year, SEASONS.index(first_season))


def prepare_mobilization(scenario: Scenario, horizon: int | None = None) -> MobilizationData:
    state = scenario.mobilization
    if state is None:
        raise ValueError("the scenario has no mobilization section")
    n = len(state.turns) if horizon is None else horizon
    if not 1 <= n <= len(state.turns):
        raise ValueError(f"horizon {n}: the scenario lists {len(state.turns)} turns")
    turns = state.turns[:n]
    minimum_cost = state.settings.minimum_mobilization_cost
    objective = state.objective
    discount = [objective.discount**t for t in range(n + 20)]
    powers = []
    for power in sorted(state.powers, key=list(Power).index):
        mob = state.powers[power]
        history = mob.history(power)
        game = [r for r in history if not r.initial]
        mob_adj = mob.mobilization_adjustments or [0] * len(state.turns)
        civ_adj = mob.civilian_adjustments or [0] * len(state.turns)
        purge = set(mob.great_purge_turns)
        civ_from = state.civilian_events.first_turn() if power is Power.RUSSIA else None
        research = mob.armor_research_turn
        in_delay: dict[tuple[MobilizedUnit, int], int] = {}
        for item in mob.in_delay:
            key = (item.unit, item.arrives)
            in_delay[key] = in_delay.get(key, 0) + item.count
        britain_history: list[UnitCounts] = []
        for record in history:
            britain_history += [record.created] * record.count if not record.initial else []
        powers.append(
            PowerData(
                power=power,
                idle=mob.factories.idle,
                civilian=mob.factories.civilian,
                military=mob.military_factories(power),
                tile_points=mob.tile_points[:n],
                mobilization_cost=[
                    mobilization_cost(t.year, t.eai, mob_adj[i], minimum_cost) for i, t in enumerate(turns)
                ],
                civilian_cost=[civilian_conversion_cost(civ_adj[i]) for i in range(n)],
                units=UNITS_PER_MOBILIZATION[power],
                may_convert_idle_to_civilian=power is not Power.RUSSIA
                or state.settings.russia_idle_to_civilian,
                may_mobilize=[i not in purge for i in range(n)],
                may_mobilize_civilian=[
                    power is not Power.RUSSIA or (civ_from is not None and i >= civ_from) for i in range(n)
                ],
                interval=[RUSSIAN_MOBILIZATION_INTERVAL[c] for c in mob.cohesion[:n]]
                if mob.cohesion
                else None,
                turns_since_last=mob.turns_since_last_mobilization,
                mobilizations_made=mob.mobilizations_made(power),
                armor_made=sum(r.created.armor for r in history),
                shipbuilding_made_in_game=sum(r.created.shipbuilding for r in game),
                infantry_minus_air=sum(r.created.infantry - r.created.air for r in game),
                armor_cap=ARMOR_CAP_WITHOUT_RESEARCH.get(power),
                armor_capped=[research is None or i < research for i in range(n)],
                shipbuilding_cap=SHIPBUILDING_PER_GAME.get(power),
                no_shipbuilding=NO_SHIPBUILDING.get(power),
                britain_history=britain_history,
                britain_sb_or_armor_made=sum(r.created.armor + r.created.shipbuilding for r in history),
                britain_infantry_made=sum(r.created.infantry for r in history),
                addition_turns=[power in POST_1940_ADDITIONS and post_1940(t.season, t.year) for t in turns],
                addition_rule=POST_1940_ADDITIONS.get(power),
                counter_mix=mob.counter_mix,
                in_delay=in_delay,
                delays={unit: state.delay(power, unit) for unit in MobilizedUnit},
                values={
                    unit: [
                        round(
                            SCALE * objective.values.get(unit, 0.0) * discount[t + state.delay(power, unit)]
                        )
                        for t in range(n)
                    ]
                    for unit in MobilizedUnit
                },
            )
        )
    return MobilizationData(
        horizon=n,
        labels=[t.label() for t in turns],
        powers=powers,
        addition_values={
            unit: [round(SCALE * objective.values.get(unit, 0.0) * discount[t]) for t in range(n)]
            for unit in GROUND_AND_AIR
        },
        maintenance_values=[round(SCALE * objective.maintenance_value * discount[t]) for t in range(n)],
        tile_point_values=[round(SCALE * objective.tile_point_value * discount[t]) for t in range(n)],
        minimums=[(m.power, m.unit, m.count, m.by_turn) for m in objective.minimum],
        britain_pregame_sb_counts=state.settings.britain_pregame_sb_counts,
    )
