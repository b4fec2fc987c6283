"""BRPs and oil counters granted per grantor, recipient and path, and route openings (rule 40)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.route_data import OIL_SOURCE_NODES, Route
from models.tables import Power
from optimizer.rules.grants.prepare import GrantNetwork, Pair, Path, path_route
from optimizer.rules.linear import LinearExpr

Flow = tuple[Pair, Path]


@dataclass
class GrantVariables:
    """BRPs and oil counters per (pair, path), and the route openings decided this turn."""

    network: GrantNetwork
    flows: dict[Flow, cp_model.IntVar] = field(default_factory=dict)
    oil: dict[Flow, cp_model.IntVar] = field(default_factory=dict)
    openings: dict[tuple[Route, Power], cp_model.IntVar] = field(default_factory=dict)
    # 40.23 B: BRPs each recipient may plan to spend, when losses to interception are held back.
    arriving: dict[str, cp_model.IntVar] = field(default_factory=dict)

    @classmethod
    def create(
        cls, model: cp_model.CpModel, network: GrantNetwork, brps: Mapping[Power, int]
    ) -> GrantVariables:
        """Flows bounded by what the grantor has (`brps`); route capacities are constraints of
        their own (40.4-40.8). Oil counters only to Russia, by the routes of 40.25."""
        grants = cls(network)
        for pair, paths in sorted(network.paths.items()):
            grantor, recipient = pair
            for path in paths:
                route = path_route(path, network.legs)
                name = f"{grantor.value}_{recipient}_{'-'.join(path)}"
                # 40.21, 40.252: from Abadan, Ahwaz or Mosul only oil counters go, never BRPs.
                most = 0 if path[0] in OIL_SOURCE_NODES else max(0, brps[grantor])
                grants.flows[pair, path] = model.new_int_var(0, most, f"grant_{name}")
                if recipient == "russia" and route is not None and network.routes[route].oil_counters:
                    grants.oil[pair, path] = model.new_int_var(
                        0, network.routes[route].oil_counters, f"oil_{name}"
                    )
        if network.arriving:
            for recipient in sorted({r for _, r in network.paths}):
                grants.arriving[recipient] = model.new_int_var(0, 10_000, f"grant_arriving_{recipient}")
        for route, payer in network.openings:
            name = "build_alaska_highway" if route is Route.SIBERIA else f"open_{route.value}_{payer.value}"
            grants.openings[route, payer] = model.new_bool_var(name)
        return grants

    @property
    def opening_costs(self) -> dict[tuple[Route, Power], int]:
        return self.network.openings

    def pair_total(self, pair: Pair) -> LinearExpr:
        return sum(var for (p, _), var in self.flows.items() if p == pair)

    def sent(self, grantor: Power) -> LinearExpr:
        return sum(var for ((g, _), _), var in self.flows.items() if g is grantor)

    def received(self, recipient: str) -> LinearExpr:
        return sum(var for ((_, r), _), var in self.flows.items() if r == recipient)

    def spendable(self, recipient: str) -> LinearExpr:
        """BRPs granted to `recipient` that it may plan to spend this turn: those expected to arrive,
        rounded down, when losses to interception are held back (40.23 B); else all received."""
        if recipient in self.arriving:
            return self.arriving[recipient]
        return self.received(recipient)

    def oil_shipped(self) -> LinearExpr:
        return sum(self.oil.values())

    def opening_brps(self, power: Power) -> LinearExpr:
        return sum(self.opening_costs[key] * var for key, var in self.openings.items() if key[1] is power)

    def pairs(self) -> list[Pair]:
        return sorted({pair for pair, _ in self.flows})

    def decisions(self) -> list[cp_model.IntVar]:
        return [*self.flows.values(), *self.oil.values(), *self.openings.values()]

    def extract(self, solver: cp_model.CpSolver) -> dict[Flow, tuple[int, int]]:
        """(BRPs, oil counters) per pair and path, for paths that carry any."""
        amounts = {}
        for key, var in self.flows.items():
            brps = int(solver.value(var))
            oil = int(solver.value(self.oil[key])) if key in self.oil else 0
            if brps or oil:
                amounts[key] = (brps, oil)
        return amounts

    def fix(self, model: cp_model.CpModel, pair: Pair, path: Path, brps: int, oil: int = 0) -> None:
        """Grant exactly `brps` (and `oil` counters) from `pair[0]` to `pair[1]` by `path` (tests, what-ifs)."""
        model.add(self.flows[pair, path] == brps)
        if (pair, path) in self.oil:
            model.add(self.oil[pair, path] == oil)
        elif oil:
            raise ValueError(f"no oil counters go by {'-'.join(path)} (40.25)")
