"""A picture of the grant route map with this turn's flows (rule 40), drawn with matplotlib."""

from __future__ import annotations

import threading
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING

from models.plan import Plan
from models.route_data import LEGS, NODES, leg_id
from optimizer.rules.grants.prepare import GrantNetwork

if TYPE_CHECKING:
    from matplotlib.figure import Figure

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


def route_figure(network: GrantNetwork, plan: Plan | None) -> Figure:
    """Open legs in grey, closed legs dashed red, planned BRPs in blue with their amounts.

    Drawn on a `Figure` of its own, not through pyplot's global state, so that a server may draw in
    several threads."""
    from matplotlib.figure import Figure

    flows: dict[str, int] = {}
    for grant in plan.grants if plan else []:
        for a, b in zip(grant.path, grant.path[1:], strict=False):
            flows[f"{a}->{b}"] = flows.get(f"{a}->{b}", 0) + grant.brps + 10 * grant.oil_counters
    figure = Figure(figsize=(13, 8))
    axes = figure.subplots()
    for leg in LEGS:
        name = leg_id(leg)
        (x0, y0), (x1, y1) = POSITIONS[leg.source], POSITIONS[leg.target]
        closed = name in network.closed_legs
        style = {"color": "#c0392b", "linestyle": "--", "alpha": 0.5} if closed else {"color": "#999999"}
        axes.annotate("", xy=(x1, y1), xytext=(x0, y0), arrowprops={"arrowstyle": "->", "lw": 1.0, **style})
        if flows.get(name):
            axes.annotate(
                "",
                xy=(x1, y1),
                xytext=(x0, y0),
                arrowprops={"arrowstyle": "->", "lw": 1.5 + flows[name] / 3, "color": "#1f5fbf"},
            )
            axes.text(
                (x0 + x1) / 2, (y0 + y1) / 2, str(flows[name]), color="#1f5fbf", fontsize=9, weight="bold"
            )
    for node in NODES:
        x, y = POSITIONS[node.id]
        axes.plot(x, y, "s" if node.box else "o", color="black", markersize=5)
        axes.text(x, y + 0.2, node.name, fontsize=7, ha="center")
    title = "BRP grant routes (rule 40): grey open, red dashed closed"
    if plan is not None:
        title += f"; blue: this turn's grants in BRPs (oil counter = 10) — {plan.scenario}"
    axes.set_title(title, fontsize=10)
    axes.set_axis_off()
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.95)  # fixed margins: no layout pass
    return figure
