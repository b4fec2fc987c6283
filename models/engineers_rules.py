"""Europa engineers: the article's tables and the pure arithmetic the planner and the checker both use
(`models.engineers` holds the scenario, `kind: engineers`, and names all of these too). The article has no
rule numbers; its sections are cited by name (see `models.engineers`), and the units of measure, half MPs
and work points, are set out there."""

from __future__ import annotations

from enum import StrEnum

# ---------------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------------


class Terrain(StrEnum):
    """Hex terrain. Only clear and rough are named by the article (Terrain effects)."""

    CLEAR = "clear"
    ROUGH = "rough"
    WOODS = "woods"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    SWAMP = "swamp"
    MARSH = "marsh"
    SAND = "sand"
    JUNGLE = "jungle"
    HEAVY_BUSH = "heavy_bush"
    URBAN = "urban"


class Weather(StrEnum):
    """Weather of a zone in a turn (Other repair issues: poor weather is mud, frost, winter, snow)."""

    CLEAR = "clear"
    MUD = "mud"
    FROST = "frost"
    WINTER = "winter"
    SNOW = "snow"


POOR_WEATHER = frozenset({Weather.MUD, Weather.FROST, Weather.WINTER, Weather.SNOW})
"""Other repair issues: "poor weather being defined as mud, frost, winter, or snow"."""

# Terrain effects: one turn for a fort or permanent airbase in clear or rough, two elsewhere;
# temporary airbase MPs doubled outside clear and rough.
EASY_TERRAIN = frozenset({Terrain.CLEAR, Terrain.ROUGH})

DESERT_ZONE = "F"
"""Temporary Airbases: in weather zone F no construction unit is needed to maintain them."""


class UnitType(StrEnum):
    """Engineer types. Assault engineers cannot construct (article, first paragraph); railroad
    engineers repair rail lines (Rail lines: "Any construction unit (not just a railroad engineer) can
    repair a rail line") and have no other construction ability [reading; setting
    `railroad_engineer_tasks`]."""

    CONSTRUCTION = "construction"
    PORT_CONSTRUCTION = "port_construction"
    COMBAT_ENGINEER = "combat_engineer"
    ASSAULT_ENGINEER = "assault_engineer"
    RAILROAD_ENGINEER = "railroad_engineer"


class Size(StrEnum):
    BATTALION = "battalion"
    REGIMENT = "regiment"
    BRIGADE = "brigade"


class SupplyLevel(StrEnum):
    """Supply levels: in supply, or unsupplied at U-1 to U-4."""

    SUPPLIED = "supplied"
    U1 = "U-1"
    U2 = "U-2"
    U3 = "U-3"
    U4 = "U-4"


class TaskKind(StrEnum):
    REPAIR_AIRBASE = "repair_airbase"
    REPAIR_RAIL = "repair_rail"
    REPAIR_PORT = "repair_port"
    REPAIR_BRIDGE = "repair_bridge"
    TEMPORARY_AIRBASE = "temporary_airbase"
    PERMANENT_AIRBASE = "permanent_airbase"
    FORT = "fort"
    AUGMENT_AIRBASE = "augment_airbase"
    DAMAGE_PORT = "damage_port"


REPAIR_MPS: dict[TaskKind, int] = {
    TaskKind.REPAIR_AIRBASE: 2,  # Airbases: 2 MPs to remove each hit
    TaskKind.REPAIR_RAIL: 4,  # Rail lines: 4 MPs to remove the hit
    TaskKind.REPAIR_PORT: 4,  # Ports: 4 MPs per hit repaired
}
PORT_DAMAGE_MPS = 3
"""Ports: "Each hit of damage requires the expenditure of 3 MPs by the construction unit"."""
BRIDGE_MPS = {False: 4, True: 8}
"""Bridges: 4 MPs across a non-major river, 8 across a major river (keyed by `major`)."""

TEMPORARY_AIRBASE_MPS = 6
"""Temporary Airbases: 6 MPs in the hex, in the movement phase."""
TEMPORARY_AIRBASE_MPS_PER_CAPACITY = 2
"""Temporary Airbases (optional incremental building): 2 MPs per air unit of capacity."""
NEW_AIRBASE_CAPACITY = 3
"""A new temporary or permanent airbase, and an augmentation, add 3 capacity (Permanent Airbases and
Forts: "Augmenting an airbase increases its capacity by three"; a new airbase is read as the
three-capacity counter of the example in Temporary Airbases)."""
MAX_AIRBASE_CAPACITY = 12
"""Permanent Airbases and Forts: "No hex may have an airbase capacity of greater than twelve, counting
all capacity, both intrinsic and that from airbases": what is on the map at any moment, so a temporary
airbase removed for want of maintenance (Temporary Airbases) no longer counts from then on."""

TURN_TASKS = frozenset({TaskKind.PERMANENT_AIRBASE, TaskKind.FORT, TaskKind.AUGMENT_AIRBASE})
"""Tasks counted in turns, begun in friendly initial phases (Permanent Airbases and Forts)."""
BUILDING_TASKS = frozenset({TaskKind.TEMPORARY_AIRBASE, *TURN_TASKS})
"""New Construction: building items, for which "the construction unit must be in supply" (Permanent
Airbases and Forts, last paragraph); repairs need no supply (Other repair issues)."""
REPAIR_TASKS = frozenset(
    {TaskKind.REPAIR_AIRBASE, TaskKind.REPAIR_RAIL, TaskKind.REPAIR_PORT, TaskKind.REPAIR_BRIDGE}
)
CAPACITY_TASKS = frozenset({TaskKind.TEMPORARY_AIRBASE, TaskKind.PERMANENT_AIRBASE, TaskKind.AUGMENT_AIRBASE})

MAX_TEAM_HALF_RES = 4
"""Quick Construction: at most two REs (four half-REs) take part in a task; more add nothing."""
CIVILIAN_LABOUR_RANGE = 4
"""Quick Construction: civilian labour only within four hexes of the city."""

HALVES_PER_MP = 2
WORK_PER_MP = 8  # 2 halves x 2 half-REs (one RE) x 2 (good weather)


# ---------------------------------------------------------------------------------------------
# Arithmetic (shared by the planner and the checker)
# ---------------------------------------------------------------------------------------------


def is_poor(weather: Weather) -> bool:
    """Other repair issues / Weather Effects: mud, frost, winter and snow are poor weather."""
    return weather in POOR_WEATHER


def can_construct(unit_type: UnitType) -> bool:
    """Article, first paragraph: any engineer with construction ability, combat engineers included,
    but not assault engineers; nor railroad engineers, which only repair (Rail lines) [reading]."""
    return unit_type not in (UnitType.ASSAULT_ENGINEER, UnitType.RAILROAD_ENGINEER)


def is_engineer_at_work(unit_type: UnitType) -> bool:
    """A unit that may take part in some task: a construction unit, or a railroad engineer (which
    repairs rail lines); assault engineers never do (article, first paragraph)."""
    return unit_type is not UnitType.ASSAULT_ENGINEER


def half_res(unit_type: UnitType, size: Size, defense: int) -> int:
    """A unit's REs in half-REs (Battalions; Quick Construction).

    A battalion is ½ RE (1); regiments and brigades 1 RE (2); a Construction or Port Construction
    brigade with defense strength 2 or more counts as two REs by itself (4), and no other unit
    does (not combat engineer brigades, not regiments, not weaker brigades).
    """
    if size is Size.BATTALION:
        return 1
    if (
        size is Size.BRIGADE
        and defense >= 2
        and unit_type in (UnitType.CONSTRUCTION, UnitType.PORT_CONSTRUCTION)
    ):
        return 4
    return 2


def work_per_half_mp(unit_half_res: int, weather: Weather) -> int:
    """Work points one half MP of a unit earns (Battalions; Other repair issues; Weather Effects).

    One RE in good weather earns 4 a half MP (8 an MP); a battalion half that; poor weather halves
    it again (every repair cost doubled). Two REs together each pay half the MPs (Quick
    Construction), which is the sum of what each earns: a brigade counting as two REs earns 8.
    """
    return unit_half_res * (1 if is_poor(weather) else 2)


def repair_mps(kind: TaskKind, hits: int = 1, major_river: bool = False) -> int:
    """MPs one RE spends on a repair in good weather (Airbases, Rail lines, Ports, Bridges)."""
    if kind is TaskKind.REPAIR_BRIDGE:
        return BRIDGE_MPS[major_river]
    if kind is TaskKind.REPAIR_RAIL:
        return REPAIR_MPS[kind]
    return REPAIR_MPS[kind] * hits


def port_damage_mps(hits: int) -> int:
    """MPs one RE spends in good weather to put `hits` hits of damage on a port (Ports: 3 a hit)."""
    return PORT_DAMAGE_MPS * hits


def temporary_airbase_mps(terrain: Terrain) -> int:
    """MPs of a temporary airbase for one RE (Temporary Airbases: 6; Terrain effects: doubled outside
    clear and rough). Built incrementally, 2 MPs a capacity for 3 capacity is the same 6."""
    base = TEMPORARY_AIRBASE_MPS
    return base if terrain in EASY_TERRAIN else 2 * base


def unbuilt_capacity_mps(hits: int, terrain: Terrain) -> int:
    """MPs for one RE to finish a half-built temporary airbase with `hits` capacity not yet built
    (Temporary Airbases, optional rule: "spending 2 MPs for each air unit's worth of capacity"; Terrain
    effects: "The movement point costs for building temporary airfield are doubled for any terrain
    other than clear or rough"): the same MPs a capacity as the plan's own incremental building."""
    per = TEMPORARY_AIRBASE_MPS_PER_CAPACITY * (1 if terrain in EASY_TERRAIN else 2)
    return per * hits


def mp_task_work(mps: int) -> int:
    """Work points a task of `mps` MPs (one RE, good weather) needs."""
    return mps * WORK_PER_MP


def base_build_turns(terrain: Terrain) -> int:
    """Permanent Airbases and Forts; Terrain effects: one turn in clear or rough, two elsewhere."""
    return 1 if terrain in EASY_TERRAIN else 2


def build_turns(terrain: Terrain, weather: Weather, team_half_res: int) -> int:
    """Turns a fort, permanent airbase or augmentation takes; 0 means completed in the same initial
    phase it is begun, with half MPs left (Quick Construction).

    Terrain: 1 or 2 (Terrain effects); doubled in poor weather (Weather Effects: "fort in a
    mountain hex ... would require four turns during poor weather"); doubled when done by less than
    one RE, a lone battalion (Battalions: "eight fort under construction markers" in woods, poor
    weather); halved by two REs, and a one-turn task is done at once (Quick Construction). Teams of
    1½ REs take the time of one RE [reading: quick construction needs two REs]. The weather is that
    of the turn the task is begun [reading: the article's examples fix the length when the markers
    are placed].
    """
    turns = base_build_turns(terrain) * (2 if is_poor(weather) else 1)
    team = min(team_half_res, MAX_TEAM_HALF_RES)
    if team < 2:
        return 2 * turns
    if team < MAX_TEAM_HALF_RES:
        return turns
    return turns // 2 if turns >= 2 else 0


def half_of(halves: int) -> int:
    """Half of a unit's MPs, in halves, rounded down to a half MP (Quick Construction, Example B:
    5 MPs leave 2½, 8 leave 4) [reading: rounded down where the half is not a half MP]."""
    return halves // 2


def reduced_mps(halves: int, supply: SupplyLevel, motorized: bool, percent: int) -> int:
    """MPs available at a supply level (Other repair issues: reduced at U-2 or worse, U-1 or worse
    for c/m engineers). The size of the reduction is each game's: `percent` of the MPs are kept,
    rounded down to a half MP [setting `low_supply_mp_percent`, default 50]."""
    worst_full = SupplyLevel.SUPPLIED if motorized else SupplyLevel.U1
    order = list(SupplyLevel)
    if order.index(supply) <= order.index(worst_full):
        return halves
    return halves * percent // 100


def discounted(value: float, turn: int, discount: float) -> float:
    """A task's value done in `turn` (1 = the first turn planned), discounted per later turn."""
    return value * discount ** (turn - 1)


def value_points(value: float, turn: int, discount: float) -> int:
    """The discounted value as an integer objective (thousandths), the same for solver and checker."""
    return round(1000 * discounted(value, turn, discount))


def to_halves(mps: float) -> int:
    return round(mps * HALVES_PER_MP)


def to_mps(halves: int) -> float:
    return halves / HALVES_PER_MP
