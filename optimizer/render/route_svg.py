"""The grant route map (rule 40) as SVG written by hand, for the web page: labels in text the size of the
page's own, each leg with its state and rule on hover (an SVG `<title>`), closed legs dashed red and
crossed, and this turn's grants in each grantor's colour with their BRPs.

Presentation only: the legs, their rules and which are closed this turn come from the grant network
(`optimizer.rules.grants.prepare.grant_network`), the flows from the plan. Every text is escaped.
"""

from __future__ import annotations

import math
from html import escape

from models.plan import Plan
from models.route_data import LEGS, NODE_BY_ID, NODES, Leg, leg_id
from models.scenario import Scenario
from optimizer.render.picture import GRANTOR_COLOURS, leg_flows
from optimizer.rules.grants.prepare import GrantNetwork, grant_network

WIDTH, HEIGHT = 1220, 740
FONT = 18  # px of the view box; the map is drawn about 840 px wide of 1220: about 12 px on screen

# Rough geography, spread so that no label covers another: x east, y south; where the label goes.
LAYOUT: dict[str, tuple[float, float, str]] = {
    "canada_box": (90, 110, "s"),
    "us_atlantic_box": (90, 380, "s"),
    "britain": (300, 150, "n"),
    "france": (300, 290, "w"),
    "germany": (440, 210, "n"),
    "italy": (460, 320, "e"),
    "murmansk_box": (470, 50, "w"),
    "murmansk": (620, 50, "e"),
    "archangel": (720, 120, "e"),
    "vologda": (640, 200, "w"),
    "russia": (770, 290, "e"),
    "siberia": (1010, 160, "n"),
    "us_pacific_box": (1140, 300, "s"),
    "turkish_port": (540, 400, "s"),
    "suez": (470, 520, "w"),
    "mosul": (640, 370, "e"),
    "tehran": (690, 440, "e"),
    "basra_abadan": (600, 500, "w"),
    "abadan_ahwaz": (700, 520, "e"),
    "persian_gulf": (600, 600, "w"),
    "south_africa_box": (380, 690, "e"),
    "india_box": (760, 670, "s"),
    "australia_box": (1150, 700, "n"),
    "indian_airbase": (860, 580, "w"),
    "burma_port": (940, 660, "e"),
    "mandalay": (960, 580, "e"),
    "kunming": (980, 470, "e"),
    "haiphong": (1080, 540, "e"),
    "china": (980, 370, "e"),
    "chinese_port": (1090, 440, "e"),
}

CLOSED = "#c0392b"
OPEN = "#8a8a8a"
STYLE = """
.routes text { font: 18px system-ui, sans-serif; fill: #1d1d1d; paint-order: stroke; stroke: #fff;
  stroke-width: 4px; stroke-linejoin: round; }
.routes .title { font-size: 19px; font-weight: bold; }
.routes .amount { font-weight: bold; font-size: 18px; }
.routes .leg .hit { stroke: transparent; stroke-width: 14; fill: none; }
.routes .leg:hover .line { stroke-width: 4; }
.routes .leg:hover .hit { stroke: rgba(255, 200, 0, 0.35); }
"""


def _ends(leg: Leg) -> tuple[float, float, float, float]:
    """The leg's line, stopped short of both nodes so that its arrow shows."""
    x0, y0, _ = LAYOUT[leg.source]
    x1, y1, _ = LAYOUT[leg.target]
    length = max(math.hypot(x1 - x0, y1 - y0), 1e-9)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    return x0 + ux * 9, y0 + uy * 9, x1 - ux * 11, y1 - uy * 11


def _leg(leg: Leg, network: GrantNetwork, flows: dict[str, int]) -> str:
    name = leg_id(leg)
    source, target = NODE_BY_ID[leg.source].name, NODE_BY_ID[leg.target].name
    closure = network.closed_legs.get(name)
    state = f"closed ({closure[0]}): {closure[1]}" if closure else "open"
    via = f", {leg.route.value} route" if leg.route else ""
    hover = f"{source} → {target}: {leg.mode.value} leg ({leg.rule}{via}), {state}"
    if flows:
        hover += "; this turn: " + ", ".join(f"{g} {n} BRPs" for g, n in sorted(flows.items()))
    x0, y0, x1, y1 = _ends(leg)
    colour = CLOSED if closure else OPEN
    dash = ' stroke-dasharray="7 5"' if closure else ""
    marker = "closed" if closure else "open"
    parts = [
        f'<g class="leg" data-leg="{escape(name)}" data-state="{marker}">',
        f"<title>{escape(hover)}</title>",
        f'<line class="hit" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}"/>',
        f'<line class="line" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{colour}" '
        f'stroke-width="2"{dash} marker-end="url(#arrow-{marker})"/>',
    ]
    length = max(math.hypot(x1 - x0, y1 - y0), 1e-9)
    across = (-(y1 - y0) / length, (x1 - x0) / length)
    if closure:  # a cross at the middle: closed even where the colours are not told apart
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        parts.append(
            f'<path d="M{mx - 6:.1f},{my - 6:.1f}L{mx + 6:.1f},{my + 6:.1f}M{mx - 6:.1f},{my + 6:.1f}'
            f'L{mx + 6:.1f},{my - 6:.1f}" stroke="{CLOSED}" stroke-width="2.5"/>'
        )
    for k, (grantor, amount) in enumerate(sorted(flows.items())):
        colour = GRANTOR_COLOURS.get(grantor, "#1f5fbf")
        shift = 6 * (k + 1)
        dx, dy = across[0] * shift, across[1] * shift
        width = min(2.5 + amount / 4, 9)
        parts.append(
            f'<line class="flow" data-grantor="{escape(grantor)}" x1="{x0 + dx:.1f}" y1="{y0 + dy:.1f}" '
            f'x2="{x1 + dx:.1f}" y2="{y1 + dy:.1f}" stroke="{colour}" stroke-width="{width:.1f}" '
            f'stroke-linecap="round" opacity="0.85"/>'
        )
        along = 0.5 + 0.18 * k
        tx, ty = x0 + (x1 - x0) * along + dx * 2.2, y0 + (y1 - y0) * along + dy * 2.2
        parts.append(
            f'<text class="amount" x="{tx:.1f}" y="{ty + 5:.1f}" text-anchor="middle" fill="{colour}" '
            f'style="fill:{colour}">{amount}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _node(node_id: str, name: str, box: bool) -> str:
    x, y, side = LAYOUT[node_id]
    if box:
        shape = f'<rect x="{x - 7}" y="{y - 7}" width="14" height="14" fill="#2f3b2f"/>'
    else:
        shape = f'<circle cx="{x}" cy="{y}" r="6" fill="#2f3b2f"/>'
    dx, dy, anchor = {
        "n": (0, -13, "middle"),
        "s": (0, 24, "middle"),
        "e": (12, 5, "start"),
        "w": (-12, 5, "end"),
    }[side]
    label = f'<text x="{x + dx}" y="{y + dy}" text-anchor="{anchor}">{escape(name)}</text>'
    return f'<g class="node" data-node="{escape(node_id)}"><title>{escape(name)}</title>{shape}{label}</g>'


def _legend(grantors: list[str]) -> str:
    rows = [("open leg", OPEN, ""), ("closed leg (hover for the rule)", CLOSED, ' stroke-dasharray="7 5"')]
    rows += [(f"granted by {g}", GRANTOR_COLOURS.get(g, "#1f5fbf"), "") for g in grantors]
    y = 40
    parts = ['<g class="legend">']
    for text, colour, dash in rows:
        width = 6 if text.startswith("granted") else 2
        parts.append(
            f'<line x1="20" y1="{HEIGHT - y}" x2="60" y2="{HEIGHT - y}" stroke="{colour}" '
            f'stroke-width="{width}"{dash}/><text x="68" y="{HEIGHT - y + 5}">{escape(text)}</text>'
        )
        y += 24
    parts.append("</g>")
    return "".join(parts)


def routes_svg(network: GrantNetwork, plan: Plan | None) -> str:
    """The route map with `plan`'s grants (none when `plan` is None), as one `<svg>` element."""
    flows = leg_flows(plan)
    grantors = sorted({g for by in flows.values() for g in by})
    title = "BRP grant routes (rule 40)"
    if plan is not None:
        title += f" — {plan.scenario}: this turn's grants in BRPs (an oil counter counts 10)"
    defs = "".join(
        f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="{colour}"/></marker>'
        for name, colour in (("open", OPEN), ("closed", CLOSED))
    )
    legs = "".join(_leg(leg, network, flows.get(leg_id(leg), {})) for leg in LEGS)
    nodes = "".join(_node(node.id, node.name, node.box) for node in NODES)
    return (
        f'<svg class="routes" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}"><style>{STYLE}</style><defs>{defs}</defs>'
        f'<text class="title" x="20" y="24">{escape(title)}</text>'
        f"<g>{legs}</g><g>{nodes}</g>{_legend(grantors)}</svg>"
    )


def route_map_svg(scenario: Scenario, plan: Plan | None) -> str:
    """The route map of the scenario, with this turn's planned grants when the scenario plans grants."""
    return routes_svg(grant_network(scenario), plan if scenario.grants is not None else None)
