"""Gathering Storm factory conversion and mobilization (rule 14): the scenario's `mobilization:` section,
the schedule a plan gives, and the rule tables of rule 14 with their rule numbers.

The section is self-contained: its own list of planned turns (Gathering Storm turns may fall before
1939), each turn's EAI, and per major power its factories, the mobilizations made so far, research
results, tile points and cost adjustments per turn. Turn numbers in the section are indexes into
`turns` (0 = the first planned turn). The units a mobilization creates reach the power's reserve after
the delay of 14.81, and Gathering Storm reserve units are A World at War allowable builds (14.82): the
schedule lists them per turn, and `force_pool_entries` says which force-pool entry each becomes.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator

from models.base import LABEL, Strict
from models.tables import Power, UnitType

# Bounds (models/quantities.py's rule: what the game reaches, with room to spare): tile points and cost
# adjustments per turn, planned turns, a unit type's delay and value.
TilePoints = Annotated[int, Field(ge=0, le=1_000)]
CostAdjustment = Annotated[int, Field(ge=-100, le=100)]
PlannedTurn = Annotated[int, Field(ge=0, le=100)]
Delay = Annotated[int, Field(ge=0, le=100)]
UnitValue = Annotated[float, Field(ge=-1_000, le=1_000)]


class MobilizedUnit(StrEnum):
    """What a mobilization creates (14.61): units, or a shipbuilding increase ("SB")."""

    ARMOR = "armor"
    INFANTRY = "infantry"
    AIR = "air"
    SHIPBUILDING = "shipbuilding"


GROUND_AND_AIR = (MobilizedUnit.ARMOR, MobilizedUnit.INFANTRY, MobilizedUnit.AIR)


class FactoryState(StrEnum):
    IDLE = "idle"
    CIVILIAN = "civilian"
    MILITARY = "military"


class Conversion(StrEnum):
    """One factory converted in a turn (14.11); the last two are mobilizations (14.31)."""

    NONE = "none"
    IDLE_TO_CIVILIAN = "idle_to_civilian"
    IDLE_TO_MILITARY = "idle_to_military"
    CIVILIAN_TO_MILITARY = "civilian_to_military"


MOBILIZATIONS = (Conversion.IDLE_TO_MILITARY, Conversion.CIVILIAN_TO_MILITARY)


class Cohesion(StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    FULL = "full"


# --- Rule tables -------------------------------------------------------------------------------

MOBILIZING_POWERS = (Power.GERMANY, Power.ITALY, Power.BRITAIN, Power.FRANCE, Power.RUSSIA)  # 14.7

CIVILIAN_CONVERSION_COST = 10  # 14.21: idle to civilian, tile points
BASE_MOBILIZATION_COST = 10  # 14.31: idle or civilian to military, tile points
COST_BASE_YEAR = 1935  # 14.31 A: minus one point for every year played (1935: 10, 1936: 9, ...)

UNITS_PER_MOBILIZATION: dict[Power, int] = {
    Power.GERMANY: 3,  # 14.711
    Power.ITALY: 2,  # 14.721
    Power.BRITAIN: 3,  # 14.731
    Power.FRANCE: 2,  # 14.741
    Power.RUSSIA: 3,  # 14.751
}

RUSSIAN_MOBILIZATION_INTERVAL: dict[Cohesion, int] = {  # 14.43 B: once every N turns
    Cohesion.LOW: 5,
    Cohesion.MEDIUM: 4,
    Cohesion.HIGH: 3,
    Cohesion.FULL: 2,
}

ARMOR_CAP_WITHOUT_RESEARCH: dict[Power, tuple[int, str]] = {  # including the initial armor unit
    Power.ITALY: (3, "14.722 C"),
    Power.BRITAIN: (3, "14.736 B"),
    Power.FRANCE: (3, "14.742 B"),
}

SHIPBUILDING_PER_GAME: dict[Power, tuple[int, str]] = {  # the initial SB levels do not count
    Power.GERMANY: (1, "14.713 C"),
    Power.ITALY: (1, "14.722 D"),
}

NO_SHIPBUILDING: dict[Power, str] = {Power.FRANCE: "14.742 C", Power.RUSSIA: "14.752 B"}

BRITAIN_FINAL_MOBILIZATION = 8  # 14.735: the eighth and final
BRITAIN_SB_OR_ARMOR_MAX = 8  # 14.736 A, over the eight mobilizations
BRITAIN_INFANTRY_MAX = 2  # 14.736 A

POST_1940_ADDITIONS: dict[Power, str] = {Power.BRITAIN: "14.737", Power.FRANCE: "14.743"}
COUNTER_MIX_RULE = "14.61"  # the units a mobilization generates are counters of the power's mix [reading]
POST_1940_FIRST_TURN = (1941, "spring")  # 14.737, 14.743: starting in Spring 1941

SEASONS = ("spring", "summer", "fall", "winter")
Season = Literal["spring", "summer", "fall", "winter"]


class UnitCounts(Strict):
    """Units and SB increases created."""

    armor: int = Field(default=0, ge=0, le=60, description="Armor units (14.7).")
    infantry: int = Field(default=0, ge=0, le=60, description="Infantry units (14.7).")
    air: int = Field(default=0, ge=0, le=60, description="Air units (14.7).")
    shipbuilding: int = Field(default=0, ge=0, le=60, description="Shipbuilding (SB) increases (14.7).")

    def of(self, unit: MobilizedUnit) -> int:
        return int(getattr(self, unit.value))

    def total(self) -> int:
        return self.armor + self.infantry + self.air + self.shipbuilding


# 14.82: reserve units are A World at War allowable builds of the same kind (27.12 unit types)
RESERVE_UNIT_TYPES: dict[MobilizedUnit, UnitType] = {
    MobilizedUnit.ARMOR: UnitType.ARMOR,
    MobilizedUnit.INFANTRY: UnitType.INFANTRY,
    MobilizedUnit.AIR: UnitType.ARMY_AIR,
}

INITIAL_MOBILIZATIONS: dict[Power, tuple[int, UnitCounts, str]] = {
    Power.GERMANY: (3, UnitCounts(armor=2, infantry=3, air=3, shipbuilding=1), "14.92"),
    Power.ITALY: (3, UnitCounts(armor=1, infantry=3, air=2), "14.93"),
    Power.BRITAIN: (2, UnitCounts(armor=1, infantry=1, air=2, shipbuilding=2), "14.94"),
    Power.FRANCE: (3, UnitCounts(armor=1, infantry=3, air=2), "14.95"),
    Power.RUSSIA: (5, UnitCounts(armor=4, infantry=4, air=7), "14.96"),
}


def mobilization_cost(year: int, eai: int, adjustment: int, minimum: int = 0) -> int:
    """Tile points to mobilize one factory (14.31): 10, minus one per year played since 1935 (A), minus
    the EAI (B: a positive EAI lowers it, a negative one raises it), plus random events (C).

    Reading: the cost never falls below `minimum` (setting `minimum_mobilization_cost`, 0 by default).
    """
    return max(minimum, BASE_MOBILIZATION_COST - (year - COST_BASE_YEAR) - eai + adjustment)


def civilian_conversion_cost(adjustment: int) -> int:
    """Tile points to convert an idle factory to civilian use (14.21): 10, plus random events."""
    return max(0, CIVILIAN_CONVERSION_COST + adjustment)


# --- The scenario section ----------------------------------------------------------------------


class Factories(Strict):
    """A power's factories by state at the start of the first planned turn."""

    idle: int = Field(default=0, ge=0, le=40, description="Idle factories (14.2).")
    civilian: int = Field(default=0, ge=0, le=40, description="Factories converted to civilian use (14.21).")
    military: int | None = Field(
        default=None,
        ge=0,
        le=40,
        description="Factories mobilized to military use (14.3); not given: one per mobilization so far, "
        "since each mobilization converts one factory (14.31) and none is converted back (14.44).",
    )


class MobilizationRecord(Strict):
    """A mobilization made before the first planned turn, and what it created."""

    count: int = Field(default=1, ge=1, le=10, description="Mobilizations this record stands for.")
    initial: bool = Field(
        default=False,
        description="Pre-game mobilizations (14.9): the type restrictions of 14.7 do not apply (14.91).",
    )
    created: UnitCounts = Field(description="Units and SB increases the mobilization created (14.7).")


class MobilizationTurn(Strict):
    """One planned turn."""

    season: Season = Field(description="The turn's season.")
    year: int = Field(ge=1935, le=1946, description="The turn's year (14.31 A: the cost falls a year).")
    eai: int = Field(default=0, ge=-20, le=20, description="EAI after public random events (14.31 B).")

    def label(self) -> str:
        return f"{self.season} {self.year}"


class CivilianEvents(Strict):
    """The events of 14.43 C, as the planned turn from which each holds (0 or less: already happened)."""

    aggression_against_poland: int | None = Field(
        default=None,
        ge=-100,
        le=100,
        description="Germany committed aggression against Poland (Danzig, the Polish Corridor) without "
        "signing the Nazi-Soviet Pact.",
    )
    nazi_soviet_pact_violated: int | None = Field(
        default=None, ge=-100, le=100, description="Germany violated the Nazi-Soviet Pact (14.43 C)."
    )
    aggression_against_baltic_states: int | None = Field(
        default=None, ge=-100, le=100, description="Aggression against the Baltic States (14.43 C)."
    )

    def first_turn(self) -> int | None:
        """First planned turn in which Russia may mobilize civilian factories (14.43 C)."""
        turns = [
            t
            for t in (
                self.aggression_against_poland,
                self.nazi_soviet_pact_violated,
                self.aggression_against_baltic_states,
            )
            if t is not None
        ]
        return min(turns) if turns else None


class DelayedUnits(Strict):
    """Units mobilized before the first planned turn that are still in their delay (14.81)."""

    unit: MobilizedUnit = Field(description="armor, infantry or air (SB increases have no delay, 14.81).")
    count: int = Field(ge=1, le=60, description="How many.")
    arrives: PlannedTurn = Field(description="The planned turn in which they reach the reserve (14.81).")


class ReserveCounter(Strict):
    """The force-pool entry a created unit becomes (14.82)."""

    id: str = Field(pattern=LABEL, description="The force-pool entry's id (27.5).")
    unit: UnitType = Field(description="The 27.12 unit type of the counter.")
    factors: int = Field(ge=1, le=20, description="Factors of one counter.")


class PowerMobilization(Strict):
    """One major power's mobilization state and inputs."""

    factories: Factories = Field(description="Factories by state at the start of the first planned turn.")
    mobilizations: list[MobilizationRecord] | None = Field(
        default=None,
        description="Mobilizations so far, in order; not given: the initial mobilizations of 14.92-14.96.",
    )
    armor_research_turn: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="Planned turn from which the power has an armor research result (14.722 C, 14.736 B, "
        "14.742 B); 0: already; not given: none in the plan.",
    )
    tile_points: list[TilePoints] = Field(
        description="Tile points available for conversions, one per planned turn [input].",
    )
    mobilization_adjustments: list[CostAdjustment] | None = Field(
        default=None, description="Random-event change to the mobilization cost per turn (14.31 C)."
    )
    civilian_adjustments: list[CostAdjustment] | None = Field(
        default=None, description="Random-event change to the civilian conversion cost per turn (14.21)."
    )
    cohesion: list[Cohesion] | None = Field(
        default=None, description="Russia: cohesion level of each planned turn (14.43 B)."
    )
    great_purge_turns: list[PlannedTurn] = Field(
        default_factory=list, description="Russia: planned turns in which a Great Purge occurs (14.43 A)."
    )
    turns_since_last_mobilization: int | None = Field(
        default=None,
        ge=1,
        le=100,
        description="Russia: turns from its last mobilization to the first planned turn (1: the turn "
        "before); not given: long enough ago not to matter (14.43 B).",
    )
    counter_mix: UnitCounts | None = Field(
        default=None,
        description="Counters free for new units at the first planned turn (not on the map, in the "
        "reserve, in the force pool or in a delay), per type. Every unit the plan creates, by a "
        "mobilization (14.61, 14.7) or a post-1940 addition (14.737, 14.743), takes one of its type, and "
        "a schedule that needs more is refused [reading]; SB increases take none. Not given: no limit.",
    )
    in_delay: list[DelayedUnits] = Field(
        default_factory=list,
        description="Units mobilized before the first planned turn and still in their delay (14.81): "
        "they reach the reserve in the turn given, count towards the requirements and are handed over "
        "(14.82) like the plan's own.",
    )
    delays: dict[MobilizedUnit, Delay] | None = Field(
        default=None,
        description="This power's own delays per unit type, where A World at War's table, which 14.83 "
        "says Gathering Storm's delays are the same as, gives it other delays than the section's `delays` "
        "(14.81, 14.83) [input]; a type not given here takes the section's. Not given: the section's.",
    )
    force_pool_entries: dict[MobilizedUnit, ReserveCounter] = Field(
        default_factory=dict, description="The force-pool entry each created unit type becomes (14.82)."
    )
    shipbuilding_yard: str | None = Field(
        default=None,
        description="The shipyard whose shipbuilding rate each SB increase created in the plan raises by "
        "one at the hand-over to rule 27 (14.61, 14.82, 27.731); the seed does not say which yard an "
        "increase raises [reading]. Not given: SB increases are not handed over, and the hand-over says so.",
    )

    def history(self, power: Power) -> list[MobilizationRecord]:
        if self.mobilizations is not None:
            return self.mobilizations
        count, created, _ = INITIAL_MOBILIZATIONS[power]
        return [MobilizationRecord(count=count, initial=True, created=created)]

    def mobilizations_made(self, power: Power) -> int:
        """Mobilizations before the first planned turn, the pre-game ones included (14.9)."""
        return sum(record.count for record in self.history(power))

    def military_factories(self, power: Power) -> int:
        """Military factories at the start: as given, or one per mobilization made (14.31, 14.44)."""
        given = self.factories.military
        return self.mobilizations_made(power) if given is None else given


class MobilizationMinimum(Strict):
    """At least `count` units of `unit` in the reserve by turn `by_turn`: created in the plan, or in
    their delay at its start (`in_delay`), and arrived by then (14.81)."""

    power: Power = Field(description="The power that must have the units.")
    unit: MobilizedUnit = Field(description="The kind of unit.")
    count: int = Field(ge=1, le=60, description="How many, at least.")
    by_turn: int = Field(ge=0, le=100, description="In the reserve by this planned turn (0: the first).")


class MobilizationObjective(Strict):
    values: dict[MobilizedUnit, UnitValue] = Field(
        default_factory=lambda: {
            MobilizedUnit.ARMOR: 3.0,
            MobilizedUnit.INFANTRY: 2.0,
            MobilizedUnit.AIR: 3.0,
            MobilizedUnit.SHIPBUILDING: 2.0,
        },
        description="Value of each unit or SB increase created.",
    )
    maintenance_value: float = Field(
        default=0.5, ge=0, le=100, description="Value of one maintenance point saved in a turn (14.62)."
    )
    tile_point_value: float = Field(default=0.0, ge=0, le=100, description="Value of one tile point kept.")
    discount: float = Field(default=0.95, gt=0, le=1, description="Value of turn t counts discount**t.")
    minimum: list[MobilizationMinimum] = Field(
        default_factory=list,
        description="Units that must be in the reserve by a turn: created in the plan, or in their delay "
        "at its start (14.81).",
    )
    priorities: list[Literal["units", "maintenance", "tile_points"]] = Field(
        default_factory=list,
        description="Lexicographic order of the objective's parts (unit values, maintenance saved, tile "
        "points kept), each maximized with the earlier ones held at their best; not given: their sum.",
    )


class MobilizationSettings(Strict):
    russia_idle_to_civilian: bool = Field(
        default=False,
        description='Russia may convert idle factories to civilian use: 14.42 A bars it "normally"; set '
        "this where the game's events lift the bar.",
    )
    minimum_mobilization_cost: int = Field(
        default=0,
        ge=0,
        le=10,
        description="Floor of the mobilization cost when years and EAI would take it lower (14.31) [reading].",
    )
    britain_pregame_sb_counts: bool = Field(
        default=False,
        description="14.735 B bars an SB increase in Britain's eighth mobilization \"if it did so in a previous "
        'mobilization". False [reading]: a previous Gathering Storm one, the third to the seventh (the '
        "pre-game ones of 14.732 always created two, which would leave 14.735 A's SB increase no use); true: "
        "the pre-game ones count too, and the eighth never creates one.",
    )


class MobilizationState(Strict):
    """The `mobilization:` section (rule 14)."""

    turns: list[MobilizationTurn] = Field(
        min_length=1, max_length=40, description="The planned turns, consecutive, first to last."
    )
    delays: dict[MobilizedUnit, Delay] = Field(
        description="Turns from mobilization to the reserve per unit type (14.81, A World at War's table) "
        "[input]; shipbuilding has none. A power whose delays differ gives its own (`powers.*.delays`)."
    )
    civilian_events: CivilianEvents = Field(
        default_factory=CivilianEvents,
        description="The events of 14.43 C that open Russia's civilian factories.",
    )
    powers: dict[Power, PowerMobilization] = Field(description="Each major power's factories and inputs.")
    objective: MobilizationObjective = Field(
        default_factory=MobilizationObjective, description="What the schedule maximizes."
    )
    settings: MobilizationSettings = Field(
        default_factory=MobilizationSettings, description="Readings of rule 14 where players differ."
    )

    def delay(self, power: Power, unit: MobilizedUnit) -> int:
        """Turns from a mobilization to the reserve (14.81): the power's own delay for the unit type where
        the scenario gives one, else the section's; none for shipbuilding."""
        if unit is MobilizedUnit.SHIPBUILDING:
            return 0
        own = self.powers[power].delays if power in self.powers else None
        return own[unit] if own and unit in own else self.delays[unit]

    @model_validator(mode="after")
    def _consistent(self) -> MobilizationState:
        for i in range(1, len(self.turns)):
            before, now = self.turns[i - 1], self.turns[i]
            index = SEASONS.index(before.season) + 1
            expected = (before.year + index // 4, SEASONS[index % 4])
            if (now.year, now.season) != expected:
                raise ValueError(
                    f"turns[{i}]: {now.label()} does not follow {before.label()}; list consecutive turns"
                )
        for unit in GROUND_AND_AIR:
            if unit not in self.delays:
                raise ValueError(f"delays.{unit.value}: missing (14.81)")
            if not 0 <= self.delays[unit] <= 12:
                raise ValueError(f"delays.{unit.value}: must be 0 to 12 turns (14.81)")
        if self.delays.get(MobilizedUnit.SHIPBUILDING, 0) != 0:
            raise ValueError("delays.shipbuilding: there is no delay for shipbuilding (14.81)")
        for power, state in self.powers.items():
            for unit, turns in (state.delays or {}).items():
                at = f"powers.{power.value}.delays.{unit.value}"
                if unit is MobilizedUnit.SHIPBUILDING and turns != 0:
                    raise ValueError(f"{at}: there is no delay for shipbuilding (14.81)")
                if not 0 <= turns <= 12:
                    raise ValueError(f"{at}: must be 0 to 12 turns (14.81)")
        if not self.powers:
            raise ValueError("powers: give at least one major power")
        n = len(self.turns)
        for power, state in self.powers.items():
            where = f"powers.{power.value}"
            if power not in MOBILIZING_POWERS:
                raise ValueError(f"{where}: only Germany, Italy, Britain, France and Russia mobilize (14.7)")
            for name in ("tile_points", "mobilization_adjustments", "civilian_adjustments", "cohesion"):
                values = getattr(state, name)
                if values is not None and len(values) != n:
                    raise ValueError(f"{where}.{name}: {len(values)} values for {n} planned turns")
            for j, points in enumerate(state.tile_points):
                if not 0 <= points <= 500:
                    raise ValueError(f"{where}.tile_points[{j}]: must be 0 to 500")
            for name in ("mobilization_adjustments", "civilian_adjustments"):
                for j, value in enumerate(getattr(state, name) or []):
                    if not -20 <= value <= 20:
                        raise ValueError(f"{where}.{name}[{j}]: must be -20 to 20")
            russian_only = ("cohesion", "turns_since_last_mobilization")
            if power is not Power.RUSSIA:
                for name in russian_only:
                    if getattr(state, name) is not None:
                        raise ValueError(f"{where}.{name}: Russia only (14.43)")
                if state.great_purge_turns:
                    raise ValueError(f"{where}.great_purge_turns: Russia only (14.43 A)")
            elif state.cohesion is None:
                raise ValueError(f"{where}.cohesion: Russia's cohesion per planned turn is needed (14.43 B)")
            for j, turn in enumerate(state.great_purge_turns):
                if not 0 <= turn < n:
                    raise ValueError(f"{where}.great_purge_turns[{j}]: turn {turn} is not a planned turn")
            if state.armor_research_turn is not None and power not in ARMOR_CAP_WITHOUT_RESEARCH:
                raise ValueError(
                    f"{where}.armor_research_turn: only Italy, Britain and France have an armor cap "
                    "(14.722 C, 14.736 B, 14.742 B)"
                )
            ids: dict[str, MobilizedUnit] = {}
            for unit, counter in state.force_pool_entries.items():
                at = f"{where}.force_pool_entries.{unit.value}"
                if unit is MobilizedUnit.SHIPBUILDING:
                    raise ValueError(f"{at}: SB increases are not units (14.61); see shipbuilding_yard")
                kind = RESERVE_UNIT_TYPES[unit]
                if counter.unit is not kind:
                    raise ValueError(
                        f"{at}.unit: {counter.unit.value}; a mobilized {unit.value} unit is an allowable "
                        f"build of its own kind (14.82): {kind.value}"
                    )
                if counter.id in ids:
                    raise ValueError(
                        f"{at}.id: {counter.id!r} is also the entry of {ids[counter.id].value}; each unit "
                        "type becomes an entry of its own (14.82)"
                    )
                ids[counter.id] = unit
            if state.shipbuilding_yard is not None and power in NO_SHIPBUILDING:
                raise ValueError(
                    f"{where}.shipbuilding_yard: {power.value} may not mobilize SB increases "
                    f"({NO_SHIPBUILDING[power]})"
                )
        for i, minimum in enumerate(self.objective.minimum):
            if minimum.power not in self.powers:
                raise ValueError(f"objective.minimum[{i}].power: {minimum.power.value} is not in powers")
        return self


# --- The schedule ------------------------------------------------------------------------------


class Arrival(Strict):
    """Units reaching the reserve (allowable builds, 14.82) in a planned turn."""

    turn: int = Field(ge=0, le=200)
    unit: MobilizedUnit
    count: int = Field(ge=1, le=60)


class ScheduleStep(Strict):
    """One power's decisions in one planned turn."""

    turn: int = Field(ge=0, le=100)
    power: Power
    conversion: Conversion = Conversion.NONE
    tile_points_spent: int = Field(default=0, ge=0, le=500)
    mobilization_number: int | None = Field(default=None, ge=1, le=60)
    created: UnitCounts = Field(default_factory=UnitCounts)
    addition: MobilizedUnit | None = Field(
        default=None, description="Post-1940 addition to the reserve (14.737, 14.743)."
    )
    arrivals: list[Arrival] = Field(default_factory=list)


class ReserveAddition(Strict):
    """Units a power's reserve gains in a turn: allowable builds of rule 27 (14.82)."""

    turn: int = Field(ge=0, le=200)
    power: Power
    unit: MobilizedUnit
    count: int = Field(ge=1, le=60)
    force_pool_entry: str | None = Field(default=None, description="The entry of `force_pool_entries`.")


class MaintenanceSaved(Strict):
    """A power's military factories in a planned turn, after its conversion, and the maintenance points
    they save: one each (14.62). Reading: a factory mobilized in a turn saves from that turn."""

    turn: int = Field(ge=0, le=100)
    power: Power
    military_factories: int = Field(ge=0, le=100)
    points: int = Field(ge=0, le=100, description="Maintenance points saved this turn (14.62).")


class MobilizationSchedule(Strict):
    """A mobilization schedule, as `awaw mobilize --json` writes it."""

    format: str = "awaw-mobilization/1"
    scenario: str = ""
    status: str = ""
    objective: float = 0.0
    stages: dict[str, float] = Field(default_factory=dict, description="Each priority's value, in order.")
    horizon: int = Field(ge=1, le=40)
    steps: list[ScheduleStep]
    reserve_additions: list[ReserveAddition] = Field(
        default_factory=list,
        description="Arrivals of units (not SB increases) per turn and power, those in delay at the "
        "start included (14.81, 14.82).",
    )
    maintenance: list[MaintenanceSaved] = Field(
        default_factory=list, description="Maintenance points saved per power and turn (14.62)."
    )
    notes: list[str] = Field(
        default_factory=list,
        description="What the planner says about the schedule: why a power plans no mobilization, "
        "requirements dated past the horizon.",
    )
