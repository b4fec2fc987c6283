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

This module holds the scenario (`kind: engineers`), and names the tables and the pure arithmetic both the
planner and the checker use (`models/engineers_rules.py`); the plan (the schedule) is `models/engineers_plan.py`. It never imports
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
from models.engineers_rules import (  # the tables and arithmetic, named here for every reader
    BRIDGE_MPS as BRIDGE_MPS,
)
from models.engineers_rules import (
    BUILDING_TASKS as BUILDING_TASKS,
)
from models.engineers_rules import (
    CAPACITY_TASKS as CAPACITY_TASKS,
)
from models.engineers_rules import (
    CIVILIAN_LABOUR_RANGE as CIVILIAN_LABOUR_RANGE,
)
from models.engineers_rules import (
    DESERT_ZONE as DESERT_ZONE,
)
from models.engineers_rules import (
    EASY_TERRAIN as EASY_TERRAIN,
)
from models.engineers_rules import (
    HALVES_PER_MP as HALVES_PER_MP,
)
from models.engineers_rules import (
    MAX_AIRBASE_CAPACITY as MAX_AIRBASE_CAPACITY,
)
from models.engineers_rules import (
    MAX_TEAM_HALF_RES as MAX_TEAM_HALF_RES,
)
from models.engineers_rules import (
    NEW_AIRBASE_CAPACITY as NEW_AIRBASE_CAPACITY,
)
from models.engineers_rules import (
    POOR_WEATHER as POOR_WEATHER,
)
from models.engineers_rules import (
    PORT_DAMAGE_MPS as PORT_DAMAGE_MPS,
)
from models.engineers_rules import (
    REPAIR_MPS as REPAIR_MPS,
)
from models.engineers_rules import (
    REPAIR_TASKS as REPAIR_TASKS,
)
from models.engineers_rules import (
    TEMPORARY_AIRBASE_MPS as TEMPORARY_AIRBASE_MPS,
)
from models.engineers_rules import (
    TEMPORARY_AIRBASE_MPS_PER_CAPACITY as TEMPORARY_AIRBASE_MPS_PER_CAPACITY,
)
from models.engineers_rules import (
    TURN_TASKS as TURN_TASKS,
)
from models.engineers_rules import (
    WORK_PER_MP as WORK_PER_MP,
)
from models.engineers_rules import (
    Size as Size,
)
from models.engineers_rules import (
    SupplyLevel as SupplyLevel,
)
from models.engineers_rules import (
    TaskKind as TaskKind,
)
from models.engineers_rules import (
    Terrain as Terrain,
)
from models.engineers_rules import (
    UnitType as UnitType,
)
from models.engineers_rules import (
    Weather as Weather,
)
from models.engineers_rules import (
    base_build_turns as base_build_turns,
)
from models.engineers_rules import (
    build_turns as build_turns,
)
from models.engineers_rules import (
    can_construct as can_construct,
)
from models.engineers_rules import (
    discounted as discounted,
)
from models.engineers_rules import (
    half_of as half_of,
)
from models.engineers_rules import (
    half_res as half_res,
)
from models.engineers_rules import (
    is_engineer_at_work as is_engineer_at_work,
)
from models.engineers_rules import (
    is_poor as is_poor,
)
from models.engineers_rules import (
    mp_task_work as mp_task_work,
)
from models.engineers_rules import (
    port_damage_mps as port_damage_mps,
)
from models.engineers_rules import (
    reduced_mps as reduced_mps,
)
from models.engineers_rules import (
    repair_mps as repair_mps,
)
from models.engineers_rules import (
    temporary_airbase_mps as temporary_airbase_mps,
)
from models.engineers_rules import (
    to_halves as to_halves,
)
from models.engineers_rules import (
    to_mps as to_mps,
)
from models.engineers_rules import (
    unbuilt_capacity_mps as unbuilt_capacity_mps,
)
from models.engineers_rules import (
    value_points as value_points,
)
from models.engineers_rules import (
    work_per_half_mp as work_per_half_mp,
)
from models.io import parse_yaml, read_text, validate

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
