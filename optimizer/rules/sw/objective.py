"""What a deployment is worth to the planning player: weights per campaign, or expected losses from
the player's SW combat results table."""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.scenario import Scenario
from models.sw import (
    ADVANCED_TABLE_FACTORS,
    ADVANCED_TRANSPORTS_PER_FACTOR,
    CAMPAIGNS,
    CVE_STEP_CAP,
    CVES_PER_STEP,
    Campaign,
    SWBox,
    SWSection,
    SWUnit,
    is_axis,
)
from models.sw_results import SUBMARINE_FACTOR_BRPS, TRANSPORT_BRPS, ResultsTable
from models.tables import Power
from optimizer.linear import LinearExpr
from optimizer.rules.sw.deployment import planning_powers
from optimizer.rules.sw.variables import SWVariables

SCALE = 100  # weights and expected losses are kept to 1/100


@dataclass
class CampaignTerms:
    """One campaign's level and modifier expressions in the model."""

    campaign: Campaign
    sign: int  # +1 the planning side attacks, -1 it defends
    submarines: LinearExpr
    asw: LinearExpr
    modifier: LinearExpr
    fixed_modifier: int
    advanced: LinearExpr = 0  # German advanced submarine factors in the Atlantic box (25.73)
    engaged: cp_model.IntVar | int = 1  # 0 when the planner's submarines decline SW combat (25.14)
    advanced_most: int = 0  # the most advanced factors there can be in the box


def campaign_terms(
    model: cp_model.CpModel, scenario: Scenario, sw: SWSection, variables: SWVariables
) -> list[CampaignTerms]:
    """The campaigns a deployment can change, with their levels and net modifier (25.4, 25.61).

    A campaign counts if the rules let it happen (25.5, 25.721, 25.81, 25.91) and its submarines
    are the planner's, or the enemy's submarines are already in the box (25.13: they must begin
    their player turn there). 25.83: when German and Japanese submarines are both in the Indian
    Ocean the Allied planner chooses the split; an Axis planner plans with the stated split.
    """
    data = variables.data
    planners = planning_powers(scenario)
    planner_axis = any(is_axis(p) for p in planners)
    cve_vars: dict[tuple[SWBox, bool], LinearExpr] = {}
    terms = []
    levels = {
        (c, spec.attacker): variables.level(spec.box, SWUnit.SUBMARINE, powers=frozenset({spec.attacker}))
        for c, spec in CAMPAIGNS.items()
    }
    for campaign, spec in CAMPAIGNS.items():
        if not data.campaigns_open[campaign]:
            continue
        subs = levels[campaign, spec.attacker]
        advanced: LinearExpr = 0
        if campaign is Campaign.GERMAN_ATLANTIC:
            advanced = variables.level(spec.box, SWUnit.ADVANCED_SUBMARINE, powers=frozenset({Power.GERMANY}))
        if isinstance(subs, int) and subs == 0 and isinstance(advanced, int) and advanced == 0:
            continue  # 25.13: no submarines in the box next turn, and none of the planner's may go
        if campaign in sw.declined:
            continue  # 25.14: the enemy's submarines decline, as the player states
        defenders_axis = not spec.axis_attacks
        asw = variables.level(spec.box, SWUnit.ASW, axis=defenders_axis)
        if spec.box is SWBox.INDIAN and spec.axis_attacks:
            german = levels[Campaign.GERMAN_INDIAN, Power.GERMANY]
            japanese = levels[Campaign.JAPANESE_INDIAN, Power.JAPAN]
            asw = _indian_asw(model, sw, variables, campaign, asw, german, japanese, not planner_axis)
        key = (spec.box, defenders_axis)
        if key not in cve_vars:
            cves = variables.level(spec.box, SWUnit.CVE, axis=defenders_axis)
            cve_vars[key] = _cve_modifier(
                model, spec.box, cves, f"sw_cve_{spec.box.value}_{int(defenders_axis)}"
            )
        fixed = data.fixed_modifiers[campaign]
        sign = 1 if spec.axis_attacks == planner_axis else -1
        advanced_most = sum(
            n for (b, p, u), n in data.fixed.items() if u is SWUnit.ADVANCED_SUBMARINE and b is spec.box
        ) + sum(g.factors for g in data.groups if g.unit is SWUnit.ADVANCED_SUBMARINE)
        engaged: cp_model.IntVar | int = 1
        if spec.attacker in planners:
            # 25.14: the planner's own submarines may decline SW combat (not an ally's).
            engaged = model.new_bool_var(f"sw_engage_{campaign.value}")
            variables.engaged[campaign] = engaged
        terms.append(
            CampaignTerms(
                campaign, sign, subs, asw, fixed + cve_vars[key], fixed, advanced, engaged, advanced_most
            )
        )
    return terms


def _indian_asw(
    model: cp_model.CpModel,
    sw: SWSection,
    variables: SWVariables,
    campaign: Campaign,
    asw: LinearExpr,
    german: LinearExpr,
    japanese: LinearExpr,
    allied_planner: bool,
) -> LinearExpr:
    """25.83: the Allied ASW in the Indian Ocean is split between the German and Japanese campaigns
    when both have submarines there. The Allied planner chooses the split (the Axis submarines are
    fixed); an Axis planner, whose submarines may or may not go, meets the stated split
    (`sw.indian_asw_against_germany`, default half rounded down) if both end up there."""
    if allied_planner:
        if not (isinstance(german, int) and isinstance(japanese, int) and german > 0 and japanese > 0):
            return asw
        if variables.split is None:
            variables.split = model.new_int_var(0, 2000, "sw_indian_asw_against_germany")
            model.add(variables.split <= asw)
        return variables.split if campaign is Campaign.GERMAN_INDIAN else asw - variables.split
    assert isinstance(asw, int)  # an Axis planner moves no Allied ASW
    stated = sw.indian_asw_against_germany
    split = min(asw, asw // 2 if stated is None else stated)
    both: LinearExpr
    if isinstance(german, int) and isinstance(japanese, int):
        both = int(german > 0 and japanese > 0)
    else:
        fixed, moving = (german, japanese) if isinstance(german, int) else (japanese, german)
        if isinstance(fixed, int) and fixed == 0:
            both = 0
        else:
            present = model.new_bool_var(f"sw_indian_both_{campaign.value}")
            model.add(moving >= 1).only_enforce_if(present)
            model.add(moving == 0).only_enforce_if(~present)
            both = present
    if campaign is Campaign.GERMAN_INDIAN:
        return asw - (asw - split) * both
    return asw - split * both


def _cve_modifier(model: cp_model.CpModel, box: SWBox, cves: LinearExpr, name: str) -> LinearExpr:
    """-min(4, floor(CVEs / step)) (25.64)."""
    if isinstance(cves, int):
        return -min(CVE_STEP_CAP, cves // CVES_PER_STEP[box])
    count = model.new_int_var(0, 2000, f"{name}_count")
    model.add(count == cves)
    steps = model.new_int_var(0, 2000, f"{name}_steps")
    model.add_division_equality(steps, count, CVES_PER_STEP[box])
    capped = model.new_int_var(0, CVE_STEP_CAP, f"{name}_capped")
    model.add_min_equality(capped, [steps, CVE_STEP_CAP])
    return -capped


def value_expression(
    model: cp_model.CpModel, sw: SWSection, terms: list[CampaignTerms], table: ResultsTable | None
) -> LinearExpr:
    """The planner's value, in hundredths: with weights, sign x (modifier x w + submarine level x w -
    ASW level x w) per campaign; with a results table, sign x (3 x transports + BRPs - 3 x submarine
    factors) expected lost (TRANSPORT_BRPS, SUBMARINE_FACTOR_BRPS: what each costs to build, 27.12)."""
    total: list[LinearExpr] = []
    for t in terms:
        if table is None:
            w = sw.weights_of(t.campaign)
            # 25.73 A-C: advanced factors count three each at the submarine level's weight, with no
            # modifier and no ASW against them [reading].
            worth = (
                round(w.modifier * SCALE) * t.modifier
                + round(w.submarine_level * SCALE) * (t.submarines + ADVANCED_TABLE_FACTORS * t.advanced)
                - round(w.asw_level * SCALE) * t.asw
            )
        else:
            worth = _expected(model, t, table) + _advanced_expected(model, t, table)
        total.append(t.sign * _engaged(model, t, worth))
    return sum(total)


def _engaged(model: cp_model.CpModel, t: CampaignTerms, worth: LinearExpr) -> LinearExpr:
    """The campaign's worth, or 0 when its submarines decline SW combat (25.14)."""
    if isinstance(t.engaged, int):
        return worth if t.engaged else 0
    out = model.new_int_var(-(10**9), 10**9, f"sw_{t.campaign.value}_engaged_worth")
    model.add(out == worth).only_enforce_if(t.engaged)
    model.add(out == 0).only_enforce_if(~t.engaged)
    return out


def _advanced_expected(model: cp_model.CpModel, t: CampaignTerms, table: ResultsTable) -> LinearExpr:
    """25.73: the advanced submarines' own roll, at three times their factors and modifier 0 (no
    modifiers, B), with no Western Allied roll (C), plus one transport eliminated per factor (D)."""
    if isinstance(t.advanced, int) and t.advanced == 0:
        return 0
    name = f"sw_{t.campaign.value}_advanced"
    if isinstance(t.advanced, int):
        return _advanced_worth(table, t.advanced)
    # No advanced factors, no roll: the worth is tabulated by factors, 0 for none.
    most = max(t.advanced_most, 1)
    values = [_advanced_worth(table, n) for n in range(most + 1)]
    factors = model.new_int_var(0, most, f"{name}_factors")
    model.add(factors == t.advanced)
    target = model.new_int_var(min(values), max(values), f"{name}_value")
    model.add_element(factors, values, target)
    return target


def _advanced_worth(table: ResultsTable, factors: int) -> int:
    """Hundredths of BRPs of `factors` advanced submarines' roll (25.73 A-D), 0 without any."""
    if factors <= 0:
        return 0
    row = table.submarine_row(ADVANCED_TABLE_FACTORS * factors, 0)
    rolled = TRANSPORT_BRPS * row.transports_lost + row.brps_lost
    return round(rolled * SCALE) + round(TRANSPORT_BRPS * ADVANCED_TRANSPORTS_PER_FACTOR * SCALE) * factors


def _clamped(model: cp_model.CpModel, expr: LinearExpr, low: int, high: int, name: str) -> cp_model.IntVar:
    raw = model.new_int_var(-2000, 2000, f"{name}_raw")
    model.add(raw == expr)
    low_cut = model.new_int_var(low, 2000, f"{name}_low")
    model.add_max_equality(low_cut, [raw, low])
    out = model.new_int_var(low, high, name)
    model.add_min_equality(out, [low_cut, high])
    return out


def _expected(model: cp_model.CpModel, t: CampaignTerms, table: ResultsTable) -> LinearExpr:
    """Expected BRP value lost by the defender less that lost by the attacker, in hundredths, read
    from the player's table at this campaign's levels and modifier (25.41, 25.42, 25.61)."""
    name = f"sw_{t.campaign.value}"
    width = table.max_modifier - table.min_modifier + 1
    modifier = _clamped(model, t.modifier, table.min_modifier, table.max_modifier, f"{name}_mod")
    out: list[LinearExpr] = []
    for level_expr, rows, which in (
        (t.submarines, table.submarine_rows, "sub"),
        (t.asw, table.asw_rows, "asw"),
    ):
        level = _clamped(model, level_expr, 0, table.max_level, f"{name}_{which}_level")
        values = [0] * ((table.max_level + 1) * width)
        for row in rows:
            worth = (
                TRANSPORT_BRPS * row.transports_lost + row.brps_lost
                if which == "sub"
                else -SUBMARINE_FACTOR_BRPS * row.submarines_lost
            )
            values[row.level * width + row.modifier - table.min_modifier] = round(worth * SCALE)
        index = model.new_int_var(0, len(values) - 1, f"{name}_{which}_index")
        model.add(index == level * width + modifier - table.min_modifier)
        target = model.new_int_var(min(values), max(values), f"{name}_{which}_value")
        model.add_element(index, values, target)
        out.append(target)
    return sum(out)


def moved_factors(variables: SWVariables) -> tuple[LinearExpr, int]:
    """Factors that change place (from a base into a box, or out of the box they are in) and declined
    campaigns (25.14), and the most there can be: the tie-break among equally good deployments is to move the fewest."""
    moved: list[LinearExpr] = []
    most = 0
    for group in variables.data.groups:
        if group.box is None:
            moved.append(sum(variables.placed[group.id, box] for box in group.allowed))
        else:
            moved.append(group.factors - variables.placed[group.id, group.box])
        most += group.factors
    # 25.14: among equally good deployments, decline no SW combat.
    for engaged in variables.engaged.values():
        moved.append(1 - engaged)
        most += 1
    return sum(moved), most
