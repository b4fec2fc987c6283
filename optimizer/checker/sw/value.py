"""What an SW deployment is worth to the planning player, computed again from `derive` (the weights,
or the player's results table)."""

from __future__ import annotations

from models.scenario import Scenario
from models.sw import Campaign, SWBox, SWDeployment, SWSection, SWUnit
from models.sw_ports import port_front
from models.sw_results import SUBMARINE_FACTOR_BRPS, TRANSPORT_BRPS, ResultsTable
from models.tables import Power
from optimizer.checker.sw.deployment import PLANNERS, may_enter
from optimizer.checker.sw.derive import derive
from optimizer.checker.sw.facts import on_allied_side, on_axis_side, port_names, port_state, wars


def deployment_value(
    scenario: Scenario, deployment: SWDeployment, table: ResultsTable | None = None
) -> float:
    """What the deployment is worth to the planning player, computed again from `derive`: per
    campaign that may happen and that the planner's submarines could join or enemy submarines are
    in (25.13), + for its own attacks and - for the enemy's, the weighted modifier and levels, or the
    expected BRP value lost from the player's table (3 BRPs a transport or submarine factor)."""
    sw = scenario.sw or SWSection()
    planners = PLANNERS.get(scenario.faction.value, set())
    planner_axis = any(on_axis_side(p) for p in planners)
    derived = derive(scenario, deployment)
    attacker = {
        Campaign.GERMAN_ATLANTIC: (Power.GERMANY, SWBox.ATLANTIC),
        Campaign.GERMAN_INDIAN: (Power.GERMANY, SWBox.INDIAN),
        Campaign.JAPANESE_INDIAN: (Power.JAPAN, SWBox.INDIAN),
        Campaign.JAPANESE_PACIFIC: (Power.JAPAN, SWBox.PACIFIC),
        Campaign.AMERICAN_PACIFIC: (Power.USA, SWBox.PACIFIC),
    }
    rules_open = {c: _rules_open(scenario, c) for c in Campaign}
    total = 0.0
    for campaign, d in derived.items():
        power, box = attacker[campaign]
        could_join = any(
            g.power is power
            and g.power in planners
            and g.unit is SWUnit.SUBMARINE
            and g.factors
            and may_enter(scenario, g.id, box) is None
            for g in sw.forces
        )
        could_join = could_join or any(
            g.power is Power.GERMANY
            and g.power in planners
            and g.unit is SWUnit.ADVANCED_SUBMARINE
            and g.factors
            and may_enter(scenario, g.id, box) is None
            for g in sw.forces
        )
        if not rules_open[campaign] or not (d.submarines > 0 or d.advanced > 0 or could_join):
            continue
        if campaign in sw.declined or campaign in deployment.declined:
            continue  # 25.14: the transports are unaffected by these submarines
        sign = 1 if on_axis_side(power) == planner_axis else -1
        if table is None:
            w = sw.weights_of(campaign)
            worth = (
                round(w.modifier * 100) * d.total
                + round(w.submarine_level * 100) * (d.submarines + 3 * d.advanced)
                - round(w.asw_level * 100) * d.asw
            ) / 100
        else:
            sub, asw = table.submarine_row(d.submarines, d.total), table.asw_row(d.asw, d.total)
            worth = (
                round((TRANSPORT_BRPS * sub.transports_lost + sub.brps_lost) * 100)
                - round(SUBMARINE_FACTOR_BRPS * asw.submarines_lost * 100)
            ) / 100
            if d.advanced:
                # 25.73: a roll at three times the factors, modifier 0, no Allied roll; +1 transport each.
                roll = table.submarine_row(3 * d.advanced, 0)
                worth += (
                    round((TRANSPORT_BRPS * roll.transports_lost + roll.brps_lost) * 100)
                    + round(TRANSPORT_BRPS * d.advanced * 100)
                ) / 100
        total += sign * worth
    return total


def _rules_open(scenario: Scenario, campaign: Campaign) -> bool:
    """The campaign's own conditions, whatever the submarines (25.51, 25.721, 25.81, 25.91)."""
    sw = scenario.sw or SWSection()
    japan_us, japan_britain, usjt = wars(scenario)
    facts = {name: port_state(scenario, sw, name) for name in port_names(scenario)}
    if campaign is Campaign.GERMAN_ATLANTIC:
        return any(port_front(n) == "western" and on_axis_side(c) and op for n, (c, _, op) in facts.items())
    if campaign is Campaign.GERMAN_INDIAN:
        return on_axis_side(facts["suez"][0]) and facts["suez"][2]
    japan_port = any(c is Power.JAPAN and op for c, _, op in facts.values())
    if campaign is Campaign.JAPANESE_INDIAN:
        return japan_britain and japan_port
    pacific = japan_us or usjt >= 40
    if campaign is Campaign.JAPANESE_PACIFIC:
        return pacific and japan_port
    return pacific and (
        on_allied_side(facts["australia_box"][0])
        or any(port_front(n) == "pacific" and on_allied_side(c) and op for n, (c, _, op) in facts.items())
    )
