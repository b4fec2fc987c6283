"""A plan's orders as decisions only: what to build where, the Naval Construction Chart actions, SW units,
grants by route, route openings and oil counters spent. A player's plan in this form is priced by the
planner (`models.decisions.Decisions`, `awaw compare`); the orders a season plan expects of the turns
after this one are carried into the next turn's scenario in it (`TurnOrders`, `awaw next`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.base import Strict
from models.naval_tables import ChartAction
from models.powers import GrantRecipient
from models.quantities import MAX_BRPS, MAX_COUNTERS, MAX_TURNS, Counters
from models.route_data import Route
from models.tables import Faction, Power

MAX_NAME = 200  # entry, site, yard and ship names are a few words


class BuildDecision(Strict):
    """Counters of one force pool entry placed at one site (27.4, 27.5)."""

    power: Power = Field(description="The power building.")
    entry: str = Field(min_length=1, max_length=MAX_NAME, description="Force pool entry id (27.5).")
    site: str | None = Field(
        max_length=MAX_NAME,
        description="Site id where the counters are placed (`awaw sites`, 27.4); null for partisans (11.3).",
    )
    counters: int = Field(ge=1, le=MAX_COUNTERS, description="Counters of the entry placed there.")


class ChartDecision(Strict):
    """One action of one ship on a Naval Construction Chart in one turn (27.7251, 27.7262, 27.7267, 27.7272).

    This turn's actions are the whole of this turn's chart work: a ship on a chart or waiting for
    repair with no action listed for turn 0 takes none that costs (it stays, defers, or launches from the
    Launch row). Later turns are the plan's expectation: an action listed for them is kept, the rest are
    planned for the player [reading]."""

    power: Power = Field(description="The yard's owner.")
    yard: str = Field(min_length=1, max_length=MAX_NAME, description="Shipyard id, as in the scenario.")
    ship: str = Field(
        min_length=1,
        max_length=MAX_NAME,
        description="The ship's id; a new ship of a design is 'DESIGN#N', its N-th copy at that yard.",
    )
    turn: int = Field(
        default=0, ge=0, le=MAX_TURNS, description="0 for this turn, 1 for the next, and so on."
    )
    action: ChartAction = Field(
        description="The action (27.7272), lay_down (27.7251), start_repair or raise."
    )


class SWBuildDecision(Strict):
    """Submarines, ASW or transports built this turn at a yard (27.721 A, 27.9)."""

    power: Power = Field(description="The power building.")
    build: str = Field(min_length=1, max_length=MAX_NAME, description="The `sw_units` line id.")
    yard: str = Field(min_length=1, max_length=MAX_NAME, description="The yard whose points build them.")
    factors: int = Field(ge=1, le=MAX_COUNTERS, description="Factors built (one counter each).")


class GrantDecision(Strict):
    """BRPs (and oil counters) granted from one power to a recipient by one named route (rule 40)."""

    grantor: Power = Field(description="The power granting (40.11).")
    recipient: GrantRecipient = Field(description="The recipient: a major power or a Commonwealth country.")
    route: Route | None = Field(
        default=None, description="The named route whose capacity it uses (40.4-40.8); null for none."
    )
    brps: int = Field(ge=0, le=MAX_BRPS, description="BRPs granted by that route (40.23 A).")
    oil_counters: int = Field(
        default=0, ge=0, le=MAX_COUNTERS, description="Oil counters shipped to Russia by that route (40.25)."
    )


class OpeningDecision(Strict):
    """Opening the Persian route (40.52) or building the Alaska highway (40.72) this turn."""

    route: Literal["persia", "siberia"] = Field(description="'persia' (40.52) or 'siberia' (40.72).")
    paid_by: Power = Field(description="The power paying for it.")


class TurnOrders(Strict):
    """The orders a season plan expected of one turn (`awaw next` writes them; `Scenario.expected_orders`):
    among the plans equally good on every priority, the planner keeps the one closest to them."""

    turn: int = Field(
        ge=1,
        le=MAX_TURNS,
        description="The turn they are for: 1 for this turn, 2 for the next of the season, and so on.",
    )
    builds: list[BuildDecision] = Field(
        default_factory=list, description="Counters built, per entry and site."
    )
    naval: list[ChartDecision] = Field(
        default_factory=list,
        description="Naval Construction Chart actions, by the chart's own turn (0 this turn); turn 1's only.",
    )
    sw_builds: list[SWBuildDecision] = Field(default_factory=list, description="SW units built (27.9).")
    grants: list[GrantDecision] = Field(default_factory=list, description="BRP grants by route (rule 40).")
    route_openings: list[OpeningDecision] = Field(
        default_factory=list, description="Route openings paid that turn (40.52, 40.72)."
    )
    oil_counters_spent: dict[Faction, Counters] = Field(
        default_factory=dict, description="Oil counters each faction spends on construction (27.35)."
    )
