"""The checker of rule 25 against the solver: modifiers re-derived, deployments legal, values equal,
and on tiny positions the solver's value equals the best of every deployment enumerated."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.plan import Status
from models.sw import Campaign, GroupPlacement, SWBox, SWDeployment
from models.sw_results import GameResultsTable, ResultsRow, ResultsTable
from optimizer.checker.sw import check_deployment, deployment_value, derive, may_enter
from optimizer.rules.sw.solve import plan_sw
from tests.optimizer.rules.sw.positions import FRANCE_GERMAN, group, position, scenario

BOXES = list(SWBox)


def allied_position(**sw):
    data = position("western_allies", **sw)
    data["map"] = {"sites": FRANCE_GERMAN}
    data["us_at_war"] = {"europe": True, "pacific": True}
    data["sw"]["germany_us_war_turn"] = 3
    return data


def test_gibraltar_one_factor_a_turn_25_15():
    """25.15: Germany may move one submarine factor a turn past an Allied-controlled Gibraltar; 25.151:
    more if the Axis control it. 3 factors at Naples: 1 reaches the Atlantic box."""
    data = position(forces=[group("med", "germany", "submarine", 3, "naples")])
    data["map"] = {"sites": FRANCE_GERMAN}
    s = scenario(data)
    result = plan_sw(s)
    assert result.deployment.placements == [GroupPlacement(group="med", at_base=2, boxes={SWBox.ATLANTIC: 1})]
    too_many = SWDeployment(placements=[GroupPlacement(group="med", at_base=1, boxes={SWBox.ATLANTIC: 2})])
    assert [v.rule for v in check_deployment(s, too_many)] == ["25.15"]
    data["sw"]["ports"] = {"gibraltar": {"controller": "germany"}}
    s = scenario(data)
    assert check_deployment(s, too_many) == []
    assert plan_sw(s).deployment.placements[0].boxes == {SWBox.ATLANTIC: 3}


def test_us_asw_one_factor_to_the_pacific_at_usjt_40_25_32_b():
    """25.32 B: at USJT 40 or more, before war with Japan, the U.S. may deploy one ASW factor a turn
    to the Pacific box (25.22 C)."""
    data = position("western_allies", forces=[group("asw", "usa", "asw", 4, "us_pacific_box")])
    data["usjt"] = 45
    s = scenario(data)
    assert plan_sw(s).deployment is not None
    two = SWDeployment(placements=[GroupPlacement(group="asw", at_base=2, boxes={SWBox.PACIFIC: 2})])
    assert [v.rule for v in check_deployment(s, two)] == ["25.32"]
    one = SWDeployment(placements=[GroupPlacement(group="asw", at_base=3, boxes={SWBox.PACIFIC: 1})])
    assert check_deployment(s, one) == []
    data["usjt"] = 30
    assert [v.rule for v in check_deployment(scenario(data), one)] == ["25.32"]


def test_bases_and_wars_25_31_25_22_e_25_81():
    """25.31 A: German submarines in the Atlantic based in a western front or Mediterranean port (not
    Konigsberg? it is a German port: western front on this map [reading]); 25.31 C: in the Indian
    Ocean from the Mediterranean only; 25.22 E: Japanese ASW not in the Pacific before war with the
    U.S.; 25.81: Japanese submarines not in the Indian Ocean before war with Britain; 25.31 D: no
    French or Italian units."""
    data = position(
        forces=[
            group("kiel", "germany", "submarine", 2, "kiel"),
            group("naples", "germany", "submarine", 2, "naples"),
            group("jasw", "japan", "asw", 2, "tokyo"),
            group("jsub", "japan", "submarine", 2, "tokyo"),
            group("ita", "italy", "submarine", 2, "naples"),
        ]
    )
    s = scenario(data)
    assert may_enter(s, "kiel", SWBox.ATLANTIC) is None
    assert may_enter(s, "kiel", SWBox.INDIAN).startswith("25.31 C")
    assert may_enter(s, "naples", SWBox.INDIAN) is None
    assert may_enter(s, "jasw", SWBox.PACIFIC) == "25.22 E"
    assert may_enter(s, "jsub", SWBox.INDIAN) == "25.81"
    assert may_enter(s, "ita", SWBox.ATLANTIC).startswith("25.31 D")


def test_allied_transfers_between_boxes_and_inverted_units_25_34_25_38():
    """25.31, 25.38: Western Allied units in an SW box transfer freely between boxes; from a base
    they need a base of that box (25.31 A-C). 25.34: inverted units may deploy but do not count."""
    data = allied_position(
        forces=[
            group("u", "germany", "submarine", 10, "lorient", "atlantic"),
            group("inbox", "britain", "asw", 3, "liverpool", "indian"),
            group("atbase", "britain", "asw", 3, "liverpool"),
            group("tired", "britain", "asw", 5, "liverpool", inverted=True),
        ]
    )
    s = scenario(data)
    assert may_enter(s, "inbox", SWBox.ATLANTIC) is None
    assert may_enter(s, "atbase", SWBox.PACIFIC).startswith("25.31")
    result = plan_sw(s)
    after = derive(s, result.deployment)
    from models.sw import Campaign

    assert after[Campaign.GERMAN_ATLANTIC].asw == 6  # the inverted 5 count nowhere


def test_expected_results_objective_reads_the_players_table():
    """With a results table the plan maximizes expected BRP value (3 a transport, 27.12). Germany holds
    no Biscay port here; the third turn of war with the U.S. gives +1 (25.66 A): at level 2 the
    table reads (1 + 1) x 2 = 4 transports. 6 CVEs in the Atlantic (25.64 A) take it to 0: 2
    transports, value -6 BRPs for the Allies."""
    rows, asw_rows = [], []
    for level in range(0, 3):
        for modifier in range(-2, 3):
            rows.append(
                ResultsRow(level=level, modifier=modifier, transports_lost=max(0, modifier + 1) * level)
            )
            asw_rows.append(ResultsRow(level=level, modifier=modifier, submarines_lost=0))
    table = ResultsTable(
        format="awaw-sw-results/1",
        max_level=2,
        min_modifier=-2,
        max_modifier=2,
        submarine_rows=rows,
        asw_rows=asw_rows,
    )
    data = allied_position(
        forces=[
            group("u", "germany", "submarine", 2, "lorient", "atlantic"),
            group("cve", "usa", "cve", 6, "us_atlantic_box"),
        ]
    )
    data["map"] = {}
    s = scenario(data)
    result = plan_sw(s, table)
    assert result.status is Status.OPTIMAL
    assert result.deployment.placements[0].boxes == {SWBox.ATLANTIC: 6}
    assert result.value == deployment_value(s, result.deployment, table) == -6


# --- Property: generated positions -------------------------------------------------------------------

POWERS_UNITS = [
    ("britain", "asw"),
    ("usa", "asw"),
    ("usa", "cve"),
    ("usa", "submarine"),
    ("britain", "cve"),
    ("britain", "destroyer"),
    ("japan", "asw"),
    ("japan", "cve"),
]
ALLIED_BASES = [
    "liverpool",
    "us_atlantic_box",
    "pearl_harbor",
    "colombo",
    "us_pacific_box",
    "south_africa_box",
    "gibraltar",
]
JAPANESE_BASES = ["tokyo", "truk", "singapore"]
# (U.S. at war with Germany, with Japan, USJT): peace, both wars, one theater each, tension only.
WARS = [
    (False, False, None),
    (True, True, None),
    (False, True, 45),
    (True, False, 30),
    (False, False, 40),
    (True, False, 45),
]


@st.composite
def positions(draw):
    """Small SW positions for the three planners, covering the wars of each theater (25.11, 25.22 C,
    25.32, 25.81, 25.91), both Indian Ocean campaigns operating or not (25.51 A, 25.14, 25.83), bases
    a group may or may not withdraw to (25.37), transfers from boxes its base does not serve (25.38),
    inoperative port-row ports (25.65), new and inverted units (25.34, 27.82 B), advanced submarines
    alone (25.73 C), and every reading's setting."""
    faction = draw(st.sampled_from(["western_allies", "european_axis", "japan"]))
    forces = [
        group(
            "ge",
            "germany",
            "submarine",
            draw(st.integers(0, 12)),
            "lorient",
            draw(st.sampled_from([None, "atlantic", "indian"])),  # the Indian Ocean box by a 25.38 transfer
        ),
        group(
            "gm",
            "germany",
            "submarine",
            draw(st.integers(0, 3)),
            "naples",
            draw(st.sampled_from([None, "atlantic", "indian"])),
        ),
        group(
            "ji",
            "japan",
            "submarine",
            draw(st.integers(0, 4)),
            draw(st.sampled_from(JAPANESE_BASES)),
            draw(st.sampled_from([None, "indian", "pacific"])),
        ),
    ]
    advanced = draw(st.integers(0, 2))
    if advanced:  # 25.73: German advanced submarines, at Lorient or Naples, in the box or not
        base = draw(st.sampled_from(["lorient", "naples"]))
        forces.append(
            group(
                "ga",
                "germany",
                "advanced_submarine",
                advanced,
                base,
                draw(st.sampled_from([None, "atlantic"])),
            )
        )
    for i in range(draw(st.integers(0, 4))):
        power, unit = draw(st.sampled_from(POWERS_UNITS))
        japanese = power == "japan"
        box = draw(
            st.sampled_from([None, "pacific"] if japanese else [None, "atlantic", "indian", "pacific"])
        )
        forces.append(
            group(
                f"g{i}",
                power,
                unit,
                draw(st.integers(0, 8)),
                draw(st.sampled_from(JAPANESE_BASES if japanese else ALLIED_BASES)),
                box,
                inverted=draw(st.booleans()),
                new=draw(st.booleans()) and unit in ("asw", "cve"),  # 27.91 ASW; 27.82 B CVEs
            )
        )
    cves_split = draw(st.booleans())
    data = position(
        faction,
        forces=forces,
        indian_asw_against_germany=draw(st.sampled_from([None, 0, 2, 5])),
        us_atlantic_asw_per_turn=draw(st.integers(0, 2)),
        ports={
            "suez": {"controller": draw(st.sampled_from(["britain", "italy"]))},
            "gibraltar": {"controller": draw(st.sampled_from(["britain", "germany"]))},
            "singapore": {"controller": draw(st.sampled_from(["britain", "japan"]))},
            "manila": {"controller": draw(st.sampled_from(["usa", "britain", "japan"]))},
        },
        weights={
            "german_atlantic": {"modifier": draw(st.integers(0, 4)), "asw_level": draw(st.integers(0, 2))},
            "japanese_indian": {"modifier": draw(st.integers(0, 4))},
        },
        declined=draw(st.sampled_from([[], ["japanese_indian"], ["german_indian"]])),  # 25.14, stated
        # The readings' settings (README, "Submarine warfare"):
        german_submarines_past_gibraltar_on_map=draw(st.integers(0, 1)),
        gibraltar_box_transfers=draw(st.sampled_from(["both", "indian_to_atlantic", "neither"])),
        konigsberg_western_front=draw(st.booleans()),
        us_cves_within_25_32_a=draw(st.booleans()),
        research_left_out=draw(st.sampled_from(["zero", "game_start"])),
        us_war_rows_in_indian_ocean=draw(st.booleans()),
        manila_any_allied_control=draw(st.booleans()),
        singapore_bars_box_transfers=draw(st.booleans()),
        gibraltar_western_front=draw(st.booleans()),
        axis_transfers_need_base=draw(st.booleans()),
        inoperative_ports=draw(
            st.sampled_from([[], ["brest", "lorient"], ["gibraltar", "colombo", "manila"]])
        ),
        indian_cves_split=cves_split,
        indian_cves_against_germany=draw(st.sampled_from([None, 1])) if cves_split else None,
        shipping={"atlantic": {"transports": draw(st.sampled_from([None, 1, 3]))}},
    )
    if draw(st.booleans()):
        data["turn"] = {"season": "winter", "year": 1941}  # the 25.13 C note when at war with Japan
    data["map"] = {"sites": FRANCE_GERMAN}
    war = draw(st.sampled_from(WARS))
    data["us_at_war"] = {"europe": war[0], "pacific": war[1]}
    data["usjt"] = war[2]
    data["japan_at_war_with_britain"] = draw(st.sampled_from([None, True, False]))
    data["sw"]["germany_us_war_turn"] = draw(st.integers(1, 3)) if war[0] else 0
    return scenario(data)


OWN_CAMPAIGNS = {
    "european_axis": [Campaign.GERMAN_ATLANTIC, Campaign.GERMAN_INDIAN],
    "western_allies": [Campaign.AMERICAN_PACIFIC],
    "japan": [Campaign.JAPANESE_INDIAN, Campaign.JAPANESE_PACIFIC],
}


def enumerate_deployments(s, result):
    """Every way to place the solver's decision groups (small positions only), with every split and
    every combination of the planner's own declines (25.14)."""
    groups = {g.id: g for g in s.sw.forces}
    choices = []
    for placement in result.deployment.placements:
        g = groups[placement.group]
        options = []
        for split in itertools.product(range(g.factors + 1), repeat=3):
            if sum(split) <= g.factors:
                boxes = {b: n for b, n in zip(BOXES, split, strict=True) if n}
                options.append(GroupPlacement(group=g.id, at_base=g.factors - sum(split), boxes=boxes))
        choices.append(options)
    splits = [result.deployment.indian_asw_against_germany]
    if splits[0] is not None:
        splits = list(range(0, 30))
    cve_splits = [result.deployment.indian_cves_against_germany]
    if cve_splits[0] is not None:
        cve_splits = list(range(0, 10))
    own = OWN_CAMPAIGNS[s.faction.value]
    declines = [list(c) for n in range(len(own) + 1) for c in itertools.combinations(own, n)]
    for combo in itertools.product(*choices):
        for split, cve_split, declined in itertools.product(splits, cve_splits, declines):
            yield SWDeployment(
                placements=list(combo),
                indian_asw_against_germany=split,
                indian_cves_against_germany=cve_split,
                declined=declined,
            )


def assert_solver_plan_checks(s, table=None):
    """The solver's deployment is proven optimal, legal for the checker (25.12-25.38, 25.83), valued
    alike by the checker from the text; on the smallest positions no deployment the checker accepts
    is worth more."""
    result = plan_sw(s, table)
    assert result.status is Status.OPTIMAL
    assert check_deployment(s, result.deployment) == []
    assert abs(deployment_value(s, result.deployment, table) - result.value) < 1e-6
    sizes = [next(g.factors for g in s.sw.forces if g.id == p.group) for p in result.deployment.placements]
    space = 1
    for n in sizes:
        space *= (n + 1) ** 3
    if space <= 150:
        best = max(
            deployment_value(s, d, table)
            for d in enumerate_deployments(s, result)
            if not check_deployment(s, d)
        )
        assert best <= result.value + 1e-6


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_deployment_passes_the_checker_and_is_valued_alike(s):
    """With the weights: every solver deployment is legal for the checker and valued alike, and on the
    smallest positions it is the best the checker finds."""
    assert_solver_plan_checks(s)


def test_allied_planner_splits_indian_ocean_asw_25_83():
    """25.83: the Western Allies split their Indian Ocean ASW between the German and Japanese
    campaigns as they like. Weighting ASW against the Germans 5 a factor and against the Japanese 1,
    all 4 go against the Germans; a split above the 4 factors there breaks 25.83."""
    data = allied_position(
        forces=[
            group("gi", "germany", "submarine", 2, "naples", "indian"),
            group("ji", "japan", "submarine", 3, "tokyo", "indian"),
            group("asw", "britain", "asw", 4, "colombo", "indian"),
        ],
        ports={"suez": {"controller": "italy"}},
        weights={"german_indian": {"asw_level": 5}, "japanese_indian": {"asw_level": 1}},
    )
    data["japan_at_war_with_britain"] = True
    s = scenario(data)
    result = plan_sw(s)
    assert result.deployment.indian_asw_against_germany == 4
    assert check_deployment(s, result.deployment) == []
    too_many = result.deployment.model_copy(update={"indian_asw_against_germany": 5})
    assert [v.rule for v in check_deployment(s, too_many)] == ["25.83"]


def test_regression_campaign_no_planner_submarine_can_reach_was_valued():
    """Regression: the German Indian Ocean campaign (Suez Italian, 25.51 A) was valued with its ASW
    though no German submarine was there nor could go (Lorient is not a Mediterranean base, 25.31 C),
    giving the solver 0 where the checker finds 1: one U-boat in the Atlantic, worth 1 a factor."""
    data = position(
        forces=[
            group("ge", "germany", "submarine", 1, "lorient"),
            group("asw", "britain", "asw", 1, "liverpool", "indian"),
        ],
        ports={"suez": {"controller": "italy"}},
        weights={"german_atlantic": {"modifier": 0, "asw_level": 0}},
    )
    data["map"] = {"sites": FRANCE_GERMAN}
    s = scenario(data)
    result = plan_sw(s)
    assert result.value == deployment_value(s, result.deployment) == 1


@st.composite
def tables(draw):
    """A complete player's results table of the older form, small, with values in quarters."""
    max_level = draw(st.integers(0, 4))
    low, high = draw(st.integers(-4, 0)), draw(st.integers(0, 4))
    quarter = st.integers(0, 12).map(lambda n: n / 4)
    rows = [
        ResultsRow(level=level, modifier=m, transports_lost=draw(quarter), brps_lost=draw(quarter))
        for level in range(max_level + 1)
        for m in range(low, high + 1)
    ]
    asw = [
        ResultsRow(level=level, modifier=m, submarines_lost=draw(quarter))
        for level in range(max_level + 1)
        for m in range(low, high + 1)
    ]
    return ResultsTable(
        format="awaw-sw-results/1",
        max_level=max_level,
        min_modifier=low,
        max_modifier=high,
        submarine_rows=rows,
        asw_rows=asw,
    )


@st.composite
def game_tables(draw):
    """A small table in the game's form: 1-2 dice of 3-6 faces, 1-3 columns, rows of modified rolls,
    each column's results growing with the modifier as 25.61 wants (so the table validates)."""

    def roll(growing_with_roll: bool, names: tuple[str, ...]):
        columns = sorted(
            draw(st.sets(st.integers(0 if names == ("factors",) else 1, 8), min_size=1, max_size=3))
        )
        first = draw(st.integers(-2, 3))
        count = draw(st.integers(1, 7))
        cells = []
        for _ in columns:
            steps = {
                name: draw(st.lists(st.integers(0, 2), min_size=count, max_size=count)) for name in names
            }
            running = {name: list(itertools.accumulate(values)) for name, values in steps.items()}
            cells.append(running)
        rows = []
        for i in range(count):
            row_cells = []
            for column in cells:
                j = i if growing_with_roll else count - 1 - i
                row_cells.append({name: column[name][j] for name in names})
            rows.append({"roll": first + i, "cells": row_cells})
        return columns, rows

    faces = draw(st.integers(3, 6))
    dice = f"{draw(st.integers(1, 2))}d{faces}"
    plus = draw(st.booleans())
    att_columns, att_rows = roll(plus, ("transports", "brps"))
    minus = draw(st.booleans())  # the ASW roll: losses fall as the net modifier rises
    def_columns, def_rows = roll(minus, ("factors",))
    return GameResultsTable.model_validate(
        {
            "format": "awaw-sw-results/2",
            "dice": dice,
            "attacker_roll": {
                "modifier": "plus" if plus else "minus",
                "columns": att_columns,
                "rows": att_rows,
            },
            "defender_roll": {
                "modifier": "minus" if minus else "plus",
                "columns": def_columns,
                "rows": def_rows,
            },
        }
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), tables())
def test_expected_results_deployments_pass_the_checker_and_are_valued_alike(s, table):
    """With the player's results table of the older form, every deployment is legal and the checker's
    expected value, read row by row from the table (levels and modifiers clamped to it), is the
    solver's, and the best on the smallest positions."""
    assert_solver_plan_checks(s, table)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), game_tables())
def test_game_form_table_deployments_pass_the_checker_and_are_valued_alike(s, table):
    """With a table in the game's form, the solver's precomputed expected losses (convolved dice, each
    capped at what is present) and the checker's (every face enumerated) give the same value, and no
    legal deployment of the smallest positions is worth more."""
    assert_solver_plan_checks(s, table)
