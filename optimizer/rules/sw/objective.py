"""What a deployment is worth to the planning player: weights per campaign, or expected losses from
the player's SW combat results table (optimizer/rules/sw/results.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.scenario import Scenario
from models.sw import CAMPAIGNS, Campaign, Shipping, SWBox, SWSection, SWUnit, is_axis
from models.sw_modifiers import ADVANCED_TABLE_FACTORS, CVE_STEP_CAP, CVES_PER_STEP
from models.sw_results import AnyResultsTable
from models.tables import Power
from optimizer.rules.linear import LinearExpr
from optimizer.rules.sw.deployment import planning_powers
from optimizer.rules.sw.prepare import indian_split
from optimizer.rules.sw.results import SCALE, advanced_worth, conventional_worth, level_caps
from optimizer.rules.sw.variables import SWVariables

Range = tuple[int, int]  # the least and most an expression can be


@dataclass
class CampaignTerms:
    """One campaign's level and modifier expressions in the model, with their ranges."""

    campaign: Campaign
    sign: int  # +1 the planning side attacks, -1 it defends
    submarines: LinearExpr
    asw: LinearExpr
    modifier: LinearExpr
    fixed_modifier: int
    advanced: LinearExpr = 0  # German advanced submarine factors in the Atlantic box (25.73)
    engaged: cp_model.IntVar | int = 1  # 0 when the planner's submarines decline SW combat (25.14)
    advanced_most: int = 0  # the most advanced factors there can be in the box
    present: LinearExpr = 1  # 1 when conventional submarines are in the box (a roll happens)
    submarine_range: Range = (0, 0)
    asw_range: Range = (0, 0)
    modifier_range: Range = (0, 0)
    shipping: Shipping | None = None  # the defender's transports and BRPs there (the caps)


def _at_least_one(model: cp_model.CpModel, expr: LinearExpr, span: Range, name: str) -> LinearExpr:
    """1 when `expr` (within `span`) is at least 1, else 0."""
    if span[1] <= 0:
        return 0
    if span[0] >= 1:
        return 1
    flag = model.new_bool_var(name)
    model.add(expr >= 1).only_enforce_if(flag)
    model.add(expr == 0).only_enforce_if(~flag)
    return flag


def _all(model: cp_model.CpModel, flags: list[LinearExpr], name: str) -> LinearExpr:
    """1 when every 0/1 flag is 1: a constant when they are, else a new literal."""
    if any(isinstance(f, int) and f == 0 for f in flags):
        return 0
    literals = [f for f in flags if isinstance(f, cp_model.IntVar)]
    assert len(literals) == sum(not isinstance(f, int) for f in flags)  # only literals and 0/1 constants
    if not literals:
        return 1
    if len(literals) == 1:
        return literals[0]
    both = model.new_bool_var(name)
    model.add_bool_and(literals).only_enforce_if(both)
    model.add_bool_or([~lit for lit in literals]).only_enforce_if(~both)
    return both


def campaign_terms(
    model: cp_model.CpModel, scenario: Scenario, sw: SWSection, variables: SWVariables
) -> list[CampaignTerms]:
    """The campaigns a deployment can change, with their levels and net modifier (25.4, 25.61).

    A campaign counts if the rules let it happen (25.11, 25.5, 25.721, 25.81, 25.91), it is not
    declined (25.14), and its submarines are the planner's or the enemy's are already in the box
    (25.13: they must begin their player turn there). 25.83: when the German and the Japanese
    campaigns both operate in the Indian Ocean the Allied planner chooses the split of the ASW (and,
    with `sw.indian_cves_split`, of the CVEs); an Axis planner plans with the stated split.
    """
    data = variables.data
    planners = planning_powers(scenario)
    planner_axis = any(is_axis(p) for p in planners)
    submarines: dict[Campaign, LinearExpr] = {}
    spans: dict[Campaign, Range] = {}
    present: dict[Campaign, LinearExpr] = {}
    engaged: dict[Campaign, cp_model.IntVar | int] = {}
    advanced_span = variables.level_range(
        SWBox.ATLANTIC, SWUnit.ADVANCED_SUBMARINE, powers=frozenset({Power.GERMANY})
    )
    for campaign, spec in CAMPAIGNS.items():
        attacker = frozenset({spec.attacker})
        submarines[campaign] = variables.level(spec.box, SWUnit.SUBMARINE, powers=attacker)
        spans[campaign] = variables.level_range(spec.box, SWUnit.SUBMARINE, powers=attacker)
        if not data.campaigns_open[campaign] or campaign in sw.declined:
            continue  # 25.14: the enemy's submarines decline, as the player states
        advanced_most = advanced_span[1] if campaign is Campaign.GERMAN_ATLANTIC else 0
        if spans[campaign][1] == 0 and advanced_most == 0:
            continue  # 25.13: no submarines in the box next turn, and none of the planner's may go
        present[campaign] = _at_least_one(
            model, submarines[campaign], spans[campaign], f"sw_{campaign.value}_present"
        )
        engaged[campaign] = 1
        if spec.attacker in planners:
            # 25.14: the planner's own submarines may decline SW combat (not an ally's).
            engaged[campaign] = variables.engaged[campaign] = model.new_bool_var(
                f"sw_engage_{campaign.value}"
            )
    # 25.83: the Indian Ocean split only when both the German and the Japanese submarines operate there.
    indian = (Campaign.GERMAN_INDIAN, Campaign.JAPANESE_INDIAN)
    both = _all(
        model,
        [present.get(c, 0) for c in indian] + [engaged.get(c, 0) for c in indian],
        "sw_indian_both_operate",
    )
    cve_modifiers: dict[tuple[SWBox, bool], tuple[LinearExpr, Range]] = {}
    terms = []
    for campaign, spec in CAMPAIGNS.items():
        if campaign not in present:
            continue
        defenders_axis = not spec.axis_attacks
        asw = variables.level(spec.box, SWUnit.ASW, axis=defenders_axis)
        asw_span = variables.level_range(spec.box, SWUnit.ASW, axis=defenders_axis)
        cves = variables.level(spec.box, SWUnit.CVE, axis=defenders_axis)
        cves_span = variables.level_range(spec.box, SWUnit.CVE, axis=defenders_axis)
        shared = True
        if spec.box is SWBox.INDIAN and spec.axis_attacks:
            allied = not planner_axis
            asw, asw_span = _split(
                model, variables, campaign, asw, asw_span, both, data.split_stated, "split", allied
            )
            if data.cves_split:
                cves, cves_span = _split(
                    model,
                    variables,
                    campaign,
                    cves,
                    cves_span,
                    both,
                    data.cve_split_stated,
                    "cve_split",
                    allied,
                )
                shared = False
        key = (spec.box, defenders_axis)
        if not shared or key not in cve_modifiers:
            name = f"sw_cve_{spec.box.value}_{int(defenders_axis)}" + ("" if shared else f"_{campaign.value}")
            found = _cve_modifier(model, spec.box, cves, cves_span, name)
            if shared:
                cve_modifiers[key] = found
        cve_modifier, cve_span = cve_modifiers[key] if shared else found
        fixed = data.fixed_modifiers[campaign]
        advanced: LinearExpr = 0
        if campaign is Campaign.GERMAN_ATLANTIC:
            advanced = variables.level(spec.box, SWUnit.ADVANCED_SUBMARINE, powers=frozenset({Power.GERMANY}))
        terms.append(
            CampaignTerms(
                campaign,
                1 if spec.axis_attacks == planner_axis else -1,
                submarines[campaign],
                asw,
                fixed + cve_modifier,
                fixed,
                advanced,
                engaged[campaign],
                advanced_span[1] if campaign is Campaign.GERMAN_ATLANTIC else 0,
                present[campaign],
                spans[campaign],
                asw_span,
                (fixed + cve_span[0], fixed + cve_span[1]),
                sw.shipping.get(spec.box) if spec.axis_attacks else sw.japanese_shipping,
            )
        )
    return terms


def _split(
    model: cp_model.CpModel,
    variables: SWVariables,
    campaign: Campaign,
    total: LinearExpr,
    span: Range,
    both: LinearExpr,
    stated: int | None,
    attribute: str,
    allied_planner: bool,
) -> tuple[LinearExpr, Range]:
    """25.83: the Allied ASW (or CVEs) of the Indian Ocean facing this campaign, split between the
    German and Japanese campaigns when both operate (`both`). The Allied planner chooses the split
    (the Axis submarines are fixed, so `both` is known); an Axis planner, whose submarines may or may
    not go, meets the stated split (default half to the Germans, rounded down)."""
    if isinstance(both, int) and both == 0:
        return total, span
    german = campaign is Campaign.GERMAN_INDIAN
    if allied_planner:
        assert isinstance(both, int)  # the Allied planner moves no Axis submarine
        split = getattr(variables, attribute)
        if split is None:
            split = model.new_int_var(0, span[1], f"sw_indian_{attribute}_against_germany")
            model.add(split <= total)
            setattr(variables, attribute, split)
        return (split, (0, span[1])) if german else (total - split, (0, span[1]))
    assert isinstance(total, int)  # an Axis planner moves no Allied ASW or CVEs
    share = indian_split(stated, total)
    mine = share if german else total - share
    return total - (total - mine) * both, (min(mine, total), max(mine, total))


def _cve_modifier(
    model: cp_model.CpModel, box: SWBox, cves: LinearExpr, span: Range, name: str
) -> tuple[LinearExpr, Range]:
    """-min(4, floor(CVEs / step)) (25.64), and its range."""
    step = CVES_PER_STEP[box]
    low, high = -min(CVE_STEP_CAP, span[1] // step), -min(CVE_STEP_CAP, span[0] // step)
    if isinstance(cves, int):
        return -min(CVE_STEP_CAP, cves // step), (low, high)
    count = model.new_int_var(span[0], span[1], f"{name}_count")
    model.add(count == cves)
    steps = model.new_int_var(0, span[1] // step, f"{name}_steps")
    model.add_division_equality(steps, count, step)
    capped = model.new_int_var(0, CVE_STEP_CAP, f"{name}_capped")
    model.add_min_equality(capped, [steps, CVE_STEP_CAP])
    return -capped, (low, high)


def value_expression(
    model: cp_model.CpModel, sw: SWSection, terms: list[CampaignTerms], table: AnyResultsTable | None
) -> LinearExpr:
    """The planner's value, in hundredths: with weights, sign x (modifier x w + submarine level x w -
    ASW level x w) per campaign with conventional submarines in the box, plus 3 x w per advanced
    factor (25.73 A-C); with a results table, sign x the expected BRP value lost (results.py)."""
    total: list[LinearExpr] = []
    for t in terms:
        if table is None:
            w = sw.weights_of(t.campaign)
            conventional = (
                round(w.modifier * SCALE) * t.modifier
                + round(w.submarine_level * SCALE) * t.submarines
                - round(w.asw_level * SCALE) * t.asw
            )
            # 25.73 A-C: advanced factors count three each at the submarine level's weight, with no
            # modifier and no ASW against them [reading]; without conventional submarines no roll.
            worth = (
                _when(model, t.present, conventional, f"sw_{t.campaign.value}_conventional")
                + round(w.submarine_level * SCALE) * ADVANCED_TABLE_FACTORS * t.advanced
            )
        else:
            worth = _expected(model, t, table) + _advanced_expected(model, t, table)
        total.append(t.sign * _when(model, t.engaged, worth, f"sw_{t.campaign.value}_engaged_worth"))
    return sum(total)


def _when(model: cp_model.CpModel, flag: LinearExpr, worth: LinearExpr, name: str) -> LinearExpr:
    """`worth` when the 0/1 `flag` is 1, else 0 (25.14 declined campaigns; no submarines, no roll)."""
    if isinstance(flag, int):
        return worth if flag else 0
    out = model.new_int_var(-(10**9), 10**9, name)
    model.add(out == worth).only_enforce_if(flag)  # type: ignore[arg-type]
    model.add(out == 0).only_enforce_if(~flag)  # type: ignore[operator]
    return out


def _dimension(
    model: cp_model.CpModel, expr: LinearExpr, span: Range, cap: int, name: str
) -> tuple[LinearExpr, range]:
    """A level as an index into a precomputed table: the expression (clamped at `cap`, above which
    results no longer change) and the values it takes."""
    low, high = min(span[0], cap), min(span[1], cap)
    if isinstance(expr, int) or low == high:
        value = min(expr, cap) if isinstance(expr, int) else low
        return value, range(value, value + 1)
    raw = model.new_int_var(span[0], span[1], f"{name}_raw")
    model.add(raw == expr)
    if span[1] <= cap:
        return raw, range(low, high + 1)
    out = model.new_int_var(low, high, name)
    model.add_min_equality(out, [raw, cap])
    return out, range(low, high + 1)


def _element(model: cp_model.CpModel, index: LinearExpr, values: list[int], name: str) -> LinearExpr:
    if isinstance(index, int):
        return values[index]
    target = model.new_int_var(min(values), max(values), f"{name}_value")
    position = model.new_int_var(0, len(values) - 1, f"{name}_index")
    model.add(position == index)
    model.add_element(position, values, target)
    return target


def _expected(model: cp_model.CpModel, t: CampaignTerms, table: AnyResultsTable) -> LinearExpr:
    """Expected BRP value lost by the defender less that lost by the attacker, in hundredths, at this
    campaign's levels and modifier: precomputed for every level the deployment can give (the levels
    are small integers) and read with one element constraint (25.41, 25.42, 25.61)."""
    name = f"sw_{t.campaign.value}"
    caps = level_caps(table)
    subs, sub_values = _dimension(model, t.submarines, t.submarine_range, caps[0], f"{name}_sub_level")
    asw, asw_values = _dimension(model, t.asw, t.asw_range, caps[1], f"{name}_asw_level")
    low, high = t.modifier_range
    modifiers = range(low, high + 1)
    ships = t.shipping or Shipping()
    values = [
        conventional_worth(table, s, a, m, ships.transports, ships.brps)
        for s in sub_values
        for a in asw_values
        for m in modifiers
    ]
    index = ((subs - sub_values.start) * len(asw_values) + (asw - asw_values.start)) * len(modifiers) + (
        t.modifier - low
    )
    return _element(model, index, values, name)


def _advanced_expected(model: cp_model.CpModel, t: CampaignTerms, table: AnyResultsTable) -> LinearExpr:
    """25.73: the advanced submarines' own roll (results.advanced_worth), tabulated by factors, 0 for none."""
    if isinstance(t.advanced, int) and t.advanced == 0:
        return 0
    ships = t.shipping or Shipping()
    if isinstance(t.advanced, int):
        return advanced_worth(table, t.advanced, ships.transports, ships.brps)
    most = max(t.advanced_most, 1)
    values = [advanced_worth(table, n, ships.transports, ships.brps) for n in range(most + 1)]
    return _element(model, t.advanced, values, f"sw_{t.campaign.value}_advanced")


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
