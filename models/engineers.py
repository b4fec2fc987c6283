"""Europa engineers: construction units repairing and building over several turns.

The rules are those of the Europa engineers article ("Construction: Damage and Repair",
`../shared/seeds/003_d0b1fa41096e11bd.txt`). The article has no rule numbers; its sections are
cited by name: "Airbases", "Rail lines", "Ports", "Bridges", "Other repair issues", "Temporary
Airbases", "Permanent Airbases and Forts", "Weather Effects", "Terrain effects", "Battalions",
"Quick Construction", "Example A", "Example B".

Units of measure. Movement points (MPs) come in halves (a 0-1-5 unit using quick construction
has 2½ MPs left, Example B), so MPs are held as integers counting half MPs ("halves"). Work on a
task counted in MPs is held as *work points*: one MP spent by one RE in good weather is
`WORK_PER_MP` = 8 work points (2 halves × 2 half-REs × 2 for good weather). A battalion (½ RE)
spending the same MP earns half as much, poor weather halves what any MP earns: together these
are the article's "twice as many MPs" (Battalions) and "all repair costs are doubled during poor
weather" (Other repair issues).

This module holds the tables, the pure arithmetic both the planner and the checker use and the
scenario (`kind: engineers`); the plan (the schedule) is `models/engineers_plan.py`. It never imports
the solver.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from models.base import Strict
from models.io import parse_yaml, read_text, validate

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


# ---------------------------------------------------------------------------------------------
# Scenario
# ---------------------------------------------------------------------------------------------

HexId = Annotated[str, Field(min_length=1, max_length=60)]
Mps = Annotated[float, Field(ge=0, le=100, multiple_of=0.5)]


class Airbase(Strict):
    """Airbase capacities in a hex and hits on them (Airbases)."""

    intrinsic: int = Field(0, ge=0, le=12)
    permanent: int = Field(0, ge=0, le=12)
    temporary: int = Field(0, ge=0, le=12)
    hits: int = Field(0, ge=0, le=12)
    half_built: bool = Field(
        False,
        description='Temporary Airbases (optional incremental rule, "placing the temporary airbase with hits '
        "of damage\"): the temporary airbase's hits are capacity not yet built. Finishing it (a "
        "`repair_airbase` task) is building: 2 MPs a hit, doubled outside clear and rough (Terrain effects), "
        "by a unit in supply, as the plan's own incremental building pays. False: the hits are damage, "
        "repaired at 2 MPs a hit whatever the terrain (Airbases; Terrain effects).",
    )

    @property
    def capacity(self) -> int:
        return self.intrinsic + self.permanent + self.temporary

    @model_validator(mode="after")
    def _at_most_twelve(self) -> Airbase:
        if self.half_built and not (self.temporary > self.hits > 0 and self.intrinsic + self.permanent == 0):
            raise ValueError(
                "half_built: a half-built temporary airbase is a temporary airbase alone in the hex, with "
                "hits for the capacity not yet built and at least one capacity built (Temporary Airbases)"
            )
        if self.capacity > MAX_AIRBASE_CAPACITY:
            raise ValueError(
                f"capacity {self.capacity} (intrinsic, permanent and temporary): no hex may have an airbase "
                "capacity of greater than twelve (Permanent Airbases and Forts)"
            )
        return self


class Port(Strict):
    capacity: int = Field(ge=0, le=50)
    hits: int = Field(0, ge=0, le=50)


class Hex(Strict):
    id: HexId
    terrain: Terrain = Terrain.CLEAR
    zone: str = Field(min_length=1, max_length=10)
    friendly: bool = True
    supplied: bool = True
    airbase: Airbase | None = None
    port: Port | None = None
    broken_rail: bool = False
    resource_points: int = Field(0, ge=0, le=50)
    civilian_labour: bool = False
    """A city providing civilian labour (Quick Construction; which cities qualify is the game's)."""


class Neighbour(Strict):
    """Two adjacent hexes and what a construction unit pays to move between them (the game's)."""

    hexes: tuple[HexId, HexId]
    mps: Mps = Field(gt=0)


class Bridge(Strict):
    id: HexId
    hexes: tuple[HexId, HexId]
    major_river: bool = False
    demolished: bool = True
    hits: int = Field(0, ge=0, le=10)


class Unit(Strict):
    id: HexId
    type: UnitType
    size: Size
    defense: int = Field(0, ge=0, le=20)
    mps: Mps
    hex: HexId
    supply: SupplyLevel = SupplyLevel.SUPPLIED
    motorized: bool = False


class Task(Strict):
    """A task the player wants: kind, where (a hex, or a bridge), value, optional deadline turn."""

    id: HexId
    kind: TaskKind
    hex: HexId | None = None
    bridge: HexId | None = None
    value: float = Field(gt=0, le=10_000)
    deadline: int | None = Field(None, ge=1, le=52)
    required: bool = False
    hits: int | None = Field(None, ge=1, le=50)
    """For `damage_port`: the hits of damage to put on the port (Ports: 3 MPs each)."""

    @model_validator(mode="after")
    def _place(self) -> Task:
        if self.kind is TaskKind.REPAIR_BRIDGE:
            if self.bridge is None or self.hex is not None:
                raise ValueError(f"task '{self.id}': a bridge repair names a `bridge`, not a `hex`")
        elif self.hex is None or self.bridge is not None:
            raise ValueError(f"task '{self.id}': a {self.kind.value} names a `hex`, not a `bridge`")
        if (self.hits is None) == (self.kind is TaskKind.DAMAGE_PORT):
            raise ValueError(
                f"task '{self.id}': a damage_port task gives the `hits` to put on the port"
                if self.hits is None
                else f"task '{self.id}': only a damage_port task gives `hits`"
            )
        return self


class AllowableTerrain(Strict):
    """Where items may be built ("allowable terrain" is each game's Rule 14A): by default anywhere."""

    fort: list[Terrain] = Field(default_factory=lambda: list(Terrain))
    permanent_airbase: list[Terrain] = Field(default_factory=lambda: list(Terrain))
    temporary_airbase: list[Terrain] = Field(default_factory=lambda: list(Terrain))


class TeamMps(StrEnum):
    """How two REs working together on a task counted in MPs pay its MPs (Quick Construction)."""

    EACH_PAYS_SHARE = "each_pays_share"
    POOLED = "pooled"


class Settings(Strict):
    incremental_temporary_airbases: bool = False
    """Temporary Airbases (optional rule): built 2 MPs a capacity, so MPs may carry over turns."""
    battalion_temporary_airbase_two_phases: bool = Field(
        True,
        description='Battalions: "Any of the above construction tasks would take twice as long, or twice '
        'as many MPs", a temporary airbase (6 MPs in one movement phase, Temporary Airbases) included. True '
        "[reading, the default]: a lone battalion without civilian labour builds one over at most two "
        "consecutive movement phases, twice the MPs in all, the airbase placed in the second; False: twice "
        "the MPs in one movement phase (12 in clear or rough), which few battalions have.",
    )
    low_supply_mp_percent: int = Field(50, ge=0, le=100)
    """Other repair issues: share of MPs a unit keeps at U-2 or worse (U-1 for c/m)."""
    keep_temporary_airbases: bool = True
    """Temporary Airbases: a temporary airbase the plan builds or repairs is kept to the end of the
    horizon (a construction unit ends every turn on it outside zone F)."""
    team_mps: TeamMps = Field(
        TeamMps.EACH_PAYS_SHARE,
        description="Quick Construction: two construction unit REs working together on a task counted in "
        'MPs "each pay only half the MPs required of a single unit" [reading, the default '
        "`each_pays_share`]: every unit of the team pays its share of the MPs, by its REs (a battalion's "
        "share costs it twice the MPs), civilian labour paying the share of the RE it provides; `pooled`: "
        "the team's MPs add up, however they are split.",
    )
    work_before_moving: bool = Field(
        False,
        description="The article is silent on where in its move a unit spends MPs on a task. False [the "
        "project's reading]: only in the hex where it ends its move. True: also in the hex where it begins "
        "its movement phase, before moving on (so a unit repairs the rail line in its hex and then the "
        "next); stops between the two are not planned.",
    )
    railroad_engineer_tasks: list[TaskKind] = Field(
        default_factory=lambda: [TaskKind.REPAIR_RAIL],
        description='Rail lines: "Any construction unit (not just a railroad engineer) can repair a rail '
        "line\": the repairs a railroad engineer may do (the game's rules; by default rail lines only). "
        "It never builds forts or airbases, and never maintains a temporary airbase [reading].",
    )
    port_damage_doubled_in_poor_weather: bool = Field(
        True,
        description="Ports: damaging a port costs 3 MPs a hit; doubled in poor weather like every "
        "construction task (Weather Effects) [reading; False: the same in any weather].",
    )

    @field_validator("railroad_engineer_tasks")
    @classmethod
    def _repairs_only(cls, kinds: list[TaskKind]) -> list[TaskKind]:
        for kind in kinds:
            if kind not in REPAIR_TASKS:
                raise ValueError(
                    f"'{kind.value}' is not a repair: a railroad engineer builds nothing (Rail lines)"
                )
        return kinds


class EngineerScenario(Strict):
    SCHEMA_KIND: ClassVar[str] = "engineers"  # `awaw schema --kind engineers` documents this file

    kind: Literal["engineers"]
    name: str = Field(min_length=1, max_length=200)
    turns: int = Field(ge=1, le=12)
    discount: float = Field(0.9, gt=0, le=1)
    hexes: list[Hex] = Field(min_length=1, max_length=400)
    neighbours: list[Neighbour] = Field(default_factory=list, max_length=2000)
    bridges: list[Bridge] = Field(default_factory=list, max_length=100)
    weather: dict[str, list[Weather]]
    units: list[Unit] = Field(default_factory=list, max_length=30)
    tasks: list[Task] = Field(default_factory=list, max_length=60)
    allowable_terrain: AllowableTerrain = AllowableTerrain()
    settings: Settings = Settings()

    @field_validator("hexes", "units", "tasks", "bridges")
    @classmethod
    def _unique(cls, items: list[Any]) -> list[Any]:
        seen: set[str] = set()
        for item in items:
            if item.id in seen:
                raise ValueError(f"'{item.id}' appears twice")
            seen.add(item.id)
        return items

    @model_validator(mode="after")
    def _references(self) -> EngineerScenario:
        """Every name a hex, bridge, unit or task gives exists; each message starts with its field."""
        hexes = {h.id: h for h in self.hexes}
        bridges = {b.id for b in self.bridges}

        def missing(field: str, kind: str, name: str, known: Iterable[str]) -> ValueError:
            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return ValueError(f"{field}: {kind} '{name}' does not exist{hint}")

        for i, h in enumerate(self.hexes):
            if h.airbase and h.airbase.half_built and not self.settings.incremental_temporary_airbases:
                raise ValueError(
                    f"hexes[{i}].airbase.half_built: a half-built temporary airbase is the optional "
                    "incremental rule's (Temporary Airbases); set settings.incremental_temporary_airbases"
                )
            if h.zone not in self.weather:
                raise ValueError(f"hexes[{i}].zone: weather zone '{h.zone}' has no entry under `weather`")
        for zone, turns in self.weather.items():
            if len(turns) < self.turns:
                raise ValueError(f"weather.{zone}: {len(turns)} turns given, {self.turns} planned")
        for i, n in enumerate(self.neighbours):
            for hex_id in n.hexes:
                if hex_id not in hexes:
                    raise missing(f"neighbours[{i}].hexes", "hex", hex_id, hexes)
            if n.hexes[0] == n.hexes[1]:
                raise ValueError(f"neighbours[{i}].hexes: a hex is not its own neighbour")
        for i, b in enumerate(self.bridges):
            for hex_id in b.hexes:
                if hex_id not in hexes:
                    raise missing(f"bridges[{i}].hexes", "hex", hex_id, hexes)
        for i, u in enumerate(self.units):
            if u.hex not in hexes:
                raise missing(f"units[{i}].hex", "hex", u.hex, hexes)
        port_tasks: dict[str, str] = {}
        for i, t in enumerate(self.tasks):
            if t.hex is not None and t.hex not in hexes:
                raise missing(f"tasks[{i}].hex", "hex", t.hex, hexes)
            if t.bridge is not None and t.bridge not in bridges:
                raise missing(f"tasks[{i}].bridge", "bridge", t.bridge, bridges)
            if t.kind in (TaskKind.REPAIR_PORT, TaskKind.DAMAGE_PORT) and t.hex is not None:
                if t.hex in port_tasks and TaskKind.DAMAGE_PORT in (t.kind, port_tasks[t.hex]):
                    raise ValueError(
                        f"tasks[{i}].kind: the port in '{t.hex}' already has a {port_tasks[t.hex]} task; "
                        "a port is damaged by one task and never repaired in the same plan (Ports)"
                    )
                port_tasks[t.hex] = t.kind.value
        return self

    def hex(self, hex_id: str) -> Hex:
        return next(h for h in self.hexes if h.id == hex_id)

    def bridge(self, bridge_id: str) -> Bridge:
        return next(b for b in self.bridges if b.id == bridge_id)

    def weather_at(self, hex_id: str, turn: int) -> Weather:
        """The weather of a hex's zone in a turn (1 = first turn planned)."""
        return self.weather[self.hex(hex_id).zone][turn - 1]

    def task_hexes(self, task: Task) -> tuple[str, ...]:
        """Where a unit works on a task: its hex, or either hex beside the bridge (Bridges)."""
        if task.bridge is not None:
            return self.bridge(task.bridge).hexes
        assert task.hex is not None
        return (task.hex,)

    def task_zone_hex(self, task: Task) -> str:
        """The hex a task is on (for a bridge, its first hex): where its airbase is looked up."""
        return self.task_hexes(task)[0]

    def task_weather(self, task: Task, turn: int) -> Weather:
        """The weather that applies to a task in a turn (1 = first turn planned): its hex's; a bridge's is
        poor when the weather of either hex beside it is (Other repair issues: poor weather doubles the
        cost) [reading: the work spans both banks; a bridge between two zones took its first listed hex's
        weather, so the same position planned two ways by the order its hexes were written in]."""
        found = [self.weather_at(h, turn) for h in self.task_hexes(task)]
        poor = sorted((w for w in found if is_poor(w)), key=lambda w: w.value)
        return poor[0] if poor else found[0]


def parse_engineer_scenario(text: str, file: str = "<engineers>") -> EngineerScenario:
    """Parse and validate an engineers scenario (YAML), raising `InputError` naming the file, the line,
    the field and the problem, as for rule 27 scenarios (duplicate keys and bad syntax refused)."""
    data, lines = parse_yaml(text, file)
    return validate(EngineerScenario, data, file, lines)


def load_engineer_scenario(path: str | Path) -> EngineerScenario:
    """Read an engineers scenario file (`kind: engineers`): UTF-8 text, or `InputError`."""
    return parse_engineer_scenario(read_text(path), str(path))
