"""A picture of the grant route map with this turn's flows (rule 40), drawn with matplotlib."""

from __future__ import annotations

import threading
from collections import OrderedDict
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from models.plan import Plan
from models.route_data import LEGS, NODES, OIL_COUNTER_BRPS, leg_id
from models.scenario import Scenario
from optimizer.rules.grants.prepare import GrantNetwork, grant_network

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# One colour per granting power (40.3: the powers that may grant).
GRANTOR_COLOURS: dict[str, str] = {
    "usa": "#1f5fbf",
    "britain": "#2e8b57",
    "france": "#8e44ad",
    "germany": "#b8860b",
}

# matplotlib's settings (rcParams) are global: one SVG is drawn at a time.
_DRAWING = threading.Lock()

# Rough geography: x east, y north.
POSITIONS: dict[str, tuple[float, float]] = {
    "us_atlantic_box": (-6.0, 3.0),
    "us_pacific_box": (14.0, 3.0),
    "canada_box": (-6.0, 5.5),
    "britain": (-1.5, 5.0),
    "france": (-1.0, 3.8),
    "germany": (0.5, 4.6),
    "italy": (0.8, 3.0),
    "murmansk_box": (1.5, 8.0),
    "murmansk": (3.0, 7.6),
    "archangel": (4.0, 7.0),
    "vologda": (4.2, 5.8),
    "russia": (6.0, 5.0),
    "south_africa_box": (1.5, -4.0),
    "persian_gulf": (4.8, 1.3),
    "basra_abadan": (4.6, 2.0),
    "tehran": (5.4, 2.8),
    "suez": (3.0, 1.5),
    "abadan_ahwaz": (5.0, 1.8),
    "mosul": (4.2, 3.0),
    "turkish_port": (3.0, 3.2),
    "siberia": (11.5, 6.0),
    "india_box": (6.5, -1.5),
    "australia_box": (11.0, -4.0),
    "burma_port": (8.3, 0.6),
    "indian_airbase": (8.0, 1.6),
    "mandalay": (8.9, 1.3),
    "kunming": (9.6, 2.2),
    "chinese_port": (11.4, 2.8),
    "haiphong": (10.4, 1.4),
    "china": (10.0, 3.2),
}


def draw_routes(network: GrantNetwork, plan: Plan | None, path: Path) -> None:
    """The route map (`route_figure`) written to a PNG file."""
    route_figure(network, plan).savefig(path, dpi=110)


def routes_svg(network: GrantNetwork, plan: Plan | None) -> str:
    """The route map as SVG text, for the web page: text kept as text (escaped by matplotlib), the
    same bytes for the same plan (fixed id salt, no date)."""
    import matplotlib

    with _DRAWING, matplotlib.rc_context({"svg.hashsalt": "awaw", "svg.fonttype": "none"}):
        out = StringIO()
        route_figure(network, plan).savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def leg_flows(plan: Plan | None) -> dict[str, dict[str, int]]:
    """BRPs each grantor sends along each leg this turn (an oil counter counts `OIL_COUNTER_BRPS`, 40.251),
    by leg id: what the picture and the SVG map (`optimizer.render.route_svg`) both draw."""
    flows: dict[str, dict[str, int]] = {}
    for grant in plan.grants if plan else []:
        for a, b in zip(grant.path, grant.path[1:], strict=False):
            by_grantor = flows.setdefault(f"{a}->{b}", {})
            amount = grant.brps + OIL_COUNTER_BRPS * grant.oil_counters
            by_grantor[grant.grantor.value] = by_grantor.get(grant.grantor.value, 0) + amount
    return flows


def route_figure(network: GrantNetwork, plan: Plan | None) -> Figure:
    """Open legs in grey, closed legs dashed red, each grantor's planned BRPs in its colour with amounts.

    Drawn on a `Figure` of its own, not through pyplot's global state, so that a server may draw in
    several threads."""
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    flows = leg_flows(plan)
    figure = Figure(figsize=(13, 8))
    axes = figure.subplots()
    grantors: set[str] = set()
    for leg in LEGS:
        name = leg_id(leg)
        (x0, y0), (x1, y1) = POSITIONS[leg.source], POSITIONS[leg.target]
        closed = name in network.closed_legs
        style = {"color": "#c0392b", "linestyle": "--", "alpha": 0.5} if closed else {"color": "#999999"}
        axes.annotate("", xy=(x1, y1), xytext=(x0, y0), arrowprops={"arrowstyle": "->", "lw": 1.0, **style})
        length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
        across = (-(y1 - y0) / length, (x1 - x0) / length)  # unit vector across the leg
        for k, (grantor, amount) in enumerate(sorted(flows.get(name, {}).items())):
            grantors.add(grantor)
            colour = GRANTOR_COLOURS.get(grantor, "#1f5fbf")
            shift = 0.15 * k  # each grantor's arrow beside the last, so that none hides another
            dx, dy = across[0] * shift, across[1] * shift
            axes.annotate(
                "",
                xy=(x1 + dx, y1 + dy),
                xytext=(x0 + dx, y0 + dy),
                arrowprops={"arrowstyle": "->", "lw": 1.5 + amount / 3, "color": colour},
            )
            along = 0.4 + 0.25 * k  # labels of one leg at different points along it
            axes.text(
                x0 + (x1 - x0) * along + dx,
                y0 + (y1 - y0) * along + dy,
                str(amount),
                color=colour,
                fontsize=9,
                weight="bold",
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.7, "pad": 0.5},
            )
    if grantors:
        handles = [
            Line2D([], [], color=GRANTOR_COLOURS.get(g, "#1f5fbf"), lw=3, label=g) for g in sorted(grantors)
        ]
        axes.legend(handles=handles, title="grants from", loc="lower left", fontsize=8)
    for node in NODES:
        x, y = POSITIONS[node.id]
        axes.plot(x, y, "s" if node.box else "o", color="black", markersize=5)
        axes.text(x, y + 0.2, node.name, fontsize=7, ha="center")
    title = "BRP grant routes (rule 40): grey open, red dashed closed"
    if plan is not None:
        title += f"; coloured: this turn's grants in BRPs by grantor (oil counter = 10) — {plan.scenario}"
    axes.set_title(title, fontsize=10)
    axes.set_axis_off()
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.95)  # fixed margins: no layout pass
    return figure


_MAPS: OrderedDict[tuple[Any, ...], str] = OrderedDict()  # the last few route maps drawn, by what they show
_MAPS_KEPT = 16
_MAPS_LOCK = threading.Lock()


def route_map(scenario: Scenario, plan: Plan | None) -> str:
    """The route map as SVG, with this turn's planned grants when the scenario plans grants.

    The picture shows only the closed legs, the grants and the plan's scenario name, so a re-plan
    that changes none of them (most changes to builds) reuses the SVG already drawn."""
    network = grant_network(scenario)
    shown = plan if scenario.grants is not None else None
    key = (
        tuple(sorted(network.closed_legs)),
        None if shown is None else shown.model_dump_json(include={"scenario", "grants"}),
    )
    with _MAPS_LOCK:
        if key in _MAPS:
            _MAPS.move_to_end(key)
            return _MAPS[key]
    svg = routes_svg(network, shown)
    with _MAPS_LOCK:
        _MAPS[key] = svg
        while len(_MAPS) > _MAPS_KEPT:
            _MAPS.popitem(last=False)
    return svg
