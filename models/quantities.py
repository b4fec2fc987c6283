"""Bounds on every quantity of a scenario or a plan: what the game can reach, with room to spare.

A value past its bound is a mistake in the file (a slipped digit), and is refused as a bad value
(exit 2) rather than handed to the solver, whose 64-bit arithmetic it could overflow once
multiplied by costs, values and turns. The bounds are stated in the JSON Schema (`awaw schema`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

MAX_BRPS = (
    10_000  # a power's BRPs, BRP base, losses and grants: the richest BRP base is a few hundred (27.32)
)
MAX_COUNTERS = 1_000  # counters, factors, oil counters, transports, partisans: force pools hold tens
MAX_FACTORS_PER_COUNTER = 20  # the strongest counter of the 27.12 chart has under 10 factors
MAX_TURNS = 100  # the game runs 1939-1946: 32 turns
MAX_LEVEL = 1_000  # USAT and USJT levels, shipyard rates, capacities
MAX_ELECTION = 100  # a U.S. election result (62.4) is a small signed number
MAX_PLAN_VALUE = 1e12  # objective values and bounds a plan reports
# A plan's sums (factors and BRPs of a line, BRPs after grants, an oil threshold of 25 x (n + 1)) grow
# from many bounded inputs; they are bounded far above what bounded inputs can produce.
MAX_PLAN_AMOUNT = 1_000_000_000

Brps = Annotated[int, Field(ge=0, le=MAX_BRPS)]
SignedBrps = Annotated[int, Field(ge=-MAX_BRPS, le=MAX_BRPS)]
Counters = Annotated[int, Field(ge=0, le=MAX_COUNTERS)]
Turns = Annotated[int, Field(ge=0, le=MAX_TURNS)]
Level = Annotated[int, Field(ge=0, le=MAX_LEVEL)]
PlanAmount = Annotated[int, Field(ge=0, le=MAX_PLAN_AMOUNT)]
SignedPlanAmount = Annotated[int, Field(ge=-MAX_PLAN_AMOUNT, le=MAX_PLAN_AMOUNT)]
PlanValue = Annotated[float, Field(ge=-MAX_PLAN_VALUE, le=MAX_PLAN_VALUE)]
