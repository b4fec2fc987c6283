"""The SW combat results table in the game's form (`awaw-sw-results/2`): dice, columns, the modifier as
added to the roll, each cell's results; exact expected losses over the dice, each capped at what is in
the box (E[min(result, present)]); the older `awaw-sw-results/1` form still read. The expected
figures below are worked by hand from the tables written in each test."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import yaml
from pydantic import ValidationError
from typer.testing import CliRunner

import scenarios
from models.io import load_results_table, load_scenario
from models.plan import Status
from models.sw_results import GameResultsTable, ResultsTable
from optimizer.checker.sw import check_deployment, deployment_value
from optimizer.cli import app
from optimizer.rules.sw.results import dice_distribution
from optimizer.rules.sw.solve import plan_sw
from tests.optimizer.rules.sw.positions import group, position, scenario

EXAMPLE = scenarios.path("sw_results/example_table.yaml")
runner = CliRunner()


def d6_table(**changes):
    """One die. The submarines' roll, one column (1 factor): rolls 1-6 sink 0, 0, 0, 1, 1, 2 transports,
    the modifier added. The ASW roll, one column (1 factor): rolls 1-6 sink 0, 0, 0, 0, 1, 3 submarine
    factors, the modifier subtracted (a modifier for the submarines lowers the ASW roll, 25.61)."""
    data = {
        "format": "awaw-sw-results/2",
        "dice": "1d6",
        "attacker_roll": {
            "modifier": "plus",
            "columns": [1, 6],
            "rows": [
                {"roll": r, "cells": [c, c6]}
                for r, c, c6 in zip(range(1, 7), [0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 1, 2], strict=True)
            ],
        },
        "defender_roll": {
            "modifier": "minus",
            "columns": [1],
            "rows": [{"roll": r, "cells": [c]} for r, c in zip(range(1, 7), [0, 0, 0, 0, 1, 3], strict=True)],
        },
    }
    data.update(changes)
    return GameResultsTable.model_validate(data)


def atlantic(*forces, **sw):
    """The Western Allies plan; one German submarine factor in the Atlantic box, based at Kiel, and two
    British ASW factors there. France is French: no Biscay row; no war with the U.S.: net modifier 0."""
    data = position(
        "western_allies",
        forces=[
            group("u", "germany", "submarine", 1, "kiel", "atlantic"),
            group("asw", "britain", "asw", 2, "liverpool", "atlantic"),
            *forces,
        ],
        **sw,
    )
    return scenario(data)


def test_dice_distribution_2d6():
    """Two dice: 36 outcomes, 7 six ways, 2 and 12 one way each."""
    chances = dict(dice_distribution(2, 6))
    assert (chances[2], chances[7], chances[12]) == (Fraction(1, 36), Fraction(6, 36), Fraction(1, 36))
    assert sum(chances.values()) == 1


def test_expected_losses_over_the_dice_each_capped_at_what_is_present():
    """Net modifier 0. The submarines' roll: (0+0+0+1+1+2)/6 = 2/3 transports, 2 BRPs at 3 a transport
    (27.12). The ASW roll sinks 0, 0, 0, 0, 1, 3 factors, but only 1 submarine factor is there:
    E[min(loss, 1)] = 2/6, 1 BRP at 3 a factor (uncapped it would be 4/6, 2 BRPs). Worth to the
    Germans 2 - 1 = 1 BRP, to the Allied planner -1. The Allies keep their ASW there (withdrawing it
    would spare the submarine)."""
    s = atlantic()
    table = d6_table()
    result = plan_sw(s, table)
    assert result.status is Status.OPTIMAL
    assert result.value == deployment_value(s, result.deployment, table) == -1.0
    assert check_deployment(s, result.deployment) == []


def test_the_modifier_is_added_to_one_roll_and_subtracted_from_the_other_25_61():
    """+1 (Ireland 7, 25.725): the submarines' rolls read rows 2-7 (7 reads the last, 6): 0, 0, 1, 1,
    2, 2 = 1 transport, 3 BRPs; the ASW rolls read rows 0-5 (0 reads the first): factors 0, 0, 0, 0, 0,
    1, capped at 1: 1/6, 0.5 BRP. Worth 2.5 to the Germans."""
    s = atlantic(ireland_diplomatic_result=7)
    result = plan_sw(s, d6_table())
    assert result.value == deployment_value(s, result.deployment, d6_table()) == -2.5


def test_transports_lost_capped_at_the_transports_in_the_box():
    """With 1 Allied transport in the Atlantic box (`sw.shipping`), the submarines' roll loses
    E[min(loss, 1)] = (0+0+0+1+1+1)/6 = 1/2 transport, 1.5 BRPs: worth 1.5 - 1 = 0.5."""
    s = atlantic(shipping={"atlantic": {"transports": 1}})
    result = plan_sw(s, d6_table())
    assert result.value == deployment_value(s, result.deployment, d6_table()) == -0.5


def test_advanced_submarines_roll_at_three_times_their_factors_with_no_modifier_25_73():
    """25.73: 2 advanced factors read the column of 6 (A), with no modifier (B) though Ireland gives +1
    here, no Allied roll (C), and eliminate one transport a factor (D): E = (0+0+1+1+1+2)/6 + 2 = 17/6
    transports, 8.5 BRPs. With only 2 transports in the box: E[min(loss + 2, 2)] = 2, 6 BRPs."""
    forces = [group("x", "germany", "advanced_submarine", 2, "kiel", "atlantic")]
    data = position("western_allies", forces=forces, ireland_diplomatic_result=7)
    s = scenario(data)
    assert plan_sw(s, d6_table()).value == deployment_value(s, plan_sw(s).deployment, d6_table()) == -8.5
    data["sw"]["shipping"] = {"atlantic": {"transports": 2}}
    s = scenario(data)
    assert plan_sw(s, d6_table()).value == -6.0


def test_regression_one_submarine_factor_lost_nearly_three_times_over():
    """One Japanese factor against 25 American ASW factors: a table whose 25 column sinks 3 factors on
    every roll once counted 3 (the issue's 2.89) factors sunk; at most the 1 factor there is: worth 3
    BRPs to the Allied planner (27.12), not 9."""
    table = {
        "format": "awaw-sw-results/2",
        "dice": "2d6",
        "attacker_roll": {"modifier": "plus", "columns": [1], "rows": [{"roll": 2, "cells": [0]}]},
        "defender_roll": {"modifier": "minus", "columns": [1, 25], "rows": [{"roll": 2, "cells": [0, 3]}]},
    }
    data = position(
        "western_allies",
        forces=[
            group("j", "japan", "submarine", 1, "tokyo", "pacific"),
            group("a", "usa", "asw", 25, "pearl_harbor", "pacific"),
        ],
    )
    data["us_at_war"] = {"pacific": True}
    s = scenario(data)
    table_model = GameResultsTable.model_validate(table)
    result = plan_sw(s, table_model)
    assert result.value == deployment_value(s, result.deployment, table_model) == 3.0
    from optimizer.rules.sw.solve import report_data

    report = report_data("x", result, table_model, s.sw)
    pacific = next(c for c in report["now"] if c["campaign"] == "japanese_pacific")
    assert pacific["expected"]["submarines_lost"] == 1.0


def test_a_mirrored_table_is_refused_25_61():
    """25.61: positive modifiers favour the submarines. An ASW roll entered with `modifier: plus` whose
    losses grow with the roll would make a modifier in the submarines' favour sink more of them: the
    table is refused, naming the cell."""
    with pytest.raises(ValidationError, match=r"defender_roll\.rows\[4\]\.cells\[0\].*25\.61.*mirrored"):
        d6_table(
            defender_roll={
                "modifier": "plus",
                "columns": [1],
                "rows": [
                    {"roll": r, "cells": [c]} for r, c in zip(range(1, 7), [0, 0, 0, 0, 1, 3], strict=True)
                ],
            }
        )


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"dice": "5d6"}, "dice: '5d6' is not NdS"),
        ({"dice": "2d21"}, "dice: '2d21' is not NdS"),
        (
            {
                "attacker_roll": {
                    "modifier": "plus",
                    "columns": [3, 1],
                    "rows": [{"roll": 1, "cells": [0, 0]}],
                }
            },
            "must increase",
        ),
        (
            {
                "attacker_roll": {
                    "modifier": "plus",
                    "columns": [1],
                    "rows": [{"roll": 1, "cells": [0]}, {"roll": 3, "cells": [0]}],
                }
            },
            "consecutive",
        ),
        (
            {"attacker_roll": {"modifier": "plus", "columns": [1, 2], "rows": [{"roll": 1, "cells": [0]}]}},
            "1 cells for 2 columns",
        ),
    ],
)
def test_bad_tables_are_refused(change, problem):
    with pytest.raises(ValidationError, match=problem):
        d6_table(**change)


def test_bad_table_file_exits_2_naming_file_and_field(tmp_path):
    """From the command line: exit 2, the file and the field; an unknown format is named too."""
    path = tmp_path / "t.yaml"
    data = yaml.safe_load(EXAMPLE.read_text())
    data["defender_roll"]["modifier"] = "plus"  # mirrored
    path.write_text(yaml.safe_dump(data))
    out = runner.invoke(
        app, ["sw", str(scenarios.path("western_allies_1943_sw.yaml")), "--results", str(path)]
    )
    assert out.exit_code == 2
    assert str(path) in out.output and "defender_roll.rows" in out.output
    data["format"] = "awaw-sw-results/9"
    path.write_text(yaml.safe_dump(data))
    out = runner.invoke(
        app, ["sw", str(scenarios.path("western_allies_1943_sw.yaml")), "--results", str(path)]
    )
    assert out.exit_code == 2 and "format" in out.output


def test_bare_numbers_and_mappings_in_cells():
    """A bare number is transports on the submarines' roll and submarine factors on the ASW roll; a
    mapping names transports, brps and factors."""
    table = load_results_table(EXAMPLE)
    assert isinstance(table, GameResultsTable)
    row = next(r for r in table.attacker_roll.rows if r.roll == 10)
    assert (row.cells[-1].transports, row.cells[-1].brps, row.cells[-1].factors) == (8, 0, 0)
    row = next(r for r in table.attacker_roll.rows if r.roll == 14)
    assert (row.cells[-1].transports, row.cells[-1].brps) == (13, 6)
    row = next(r for r in table.defender_roll.rows if r.roll == 14)
    assert (row.cells[-1].factors, row.cells[-1].transports) == (6, 0)


@pytest.mark.parametrize("name", ["western_allies_1943_sw.yaml", "european_axis_1942_sw.yaml"])
def test_bundled_scenarios_with_the_example_table_are_optimal_and_valued_alike(name):
    """The example table in scenarios/sw_results/: each bundled SW position is planned to a proven
    optimum, legal for the checker, and the checker's expected value is the solver's."""
    s = load_scenario(scenarios.path(name))
    table = load_results_table(EXAMPLE)
    result = plan_sw(s, table)
    assert result.status is Status.OPTIMAL
    assert check_deployment(s, result.deployment) == []
    assert abs(deployment_value(s, result.deployment, table) - result.value) < 1e-6
    out = runner.invoke(app, ["sw", str(scenarios.path(name)), "--results", str(EXAMPLE), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["objective"] == "expected results"


def test_the_older_form_is_still_read(tmp_path):
    """`awaw-sw-results/1` (one expected loss per level and modifier) is still read, as written."""
    rows = [{"level": n, "modifier": 0, "transports_lost": n} for n in range(2)]
    asw = [{"level": n, "modifier": 0, "submarines_lost": 0} for n in range(2)]
    path = tmp_path / "old.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "format": "awaw-sw-results/1",
                "max_level": 1,
                "min_modifier": 0,
                "max_modifier": 0,
                "submarine_rows": rows,
                "asw_rows": asw,
            }
        )
    )
    table = load_results_table(path)
    assert isinstance(table, ResultsTable)
    s = atlantic()
    assert plan_sw(s, table).value == -3.0  # 1 transport at level 1, 3 BRPs
