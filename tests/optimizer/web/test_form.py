"""The position form: the common sections read from the YAML text, and each change written back in place
(the rest of the text, comments included, as it was), the result still a valid scenario."""

from __future__ import annotations

import difflib

import pytest

import scenarios
from models.io import parse_scenario
from optimizer.web.form import Change, FormError, apply_change, read_change, read_form

GRANTS = scenarios.path("allies_summer_1942_grants.yaml").read_text(encoding="utf-8")
DEFAULT = scenarios.path().read_text(encoding="utf-8")


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]


def test_form_reads_brps_base_oil_pool_and_objective():
    form = read_form(GRANTS)
    usa = next(p for p in form["powers"] if p["power"] == "usa")
    assert (usa["brps"], usa["brp_base"]) == (230, 270)
    assert usa["force_pool"][1] == {"id": "armor-5-4", "unit": "armor", "factors": 5, "count": 4}
    assert form["oil_counters"] == {"western_allies": 3, "russia": 1, "china": 0}
    assert form["objective"]["preset"] == "max-value"
    assert read_form(DEFAULT)["oil_counters"] == 2  # one faction: the counters as one number


def test_a_scalar_change_touches_its_value_only_and_keeps_the_comment():
    after = apply_change(GRANTS, Change(["powers", "usa", "brp_base"], 280))
    assert changed_lines(GRANTS, after) == [
        "-     brp_base: 270  # limit 90 (27.32 A)",
        "+     brp_base: 280  # limit 90 (27.32 A)",
    ]
    assert parse_scenario(after).powers["usa"].brp_base == 280


def test_a_force_pool_row_keeps_its_other_fields_and_its_comment():
    after = apply_change(
        GRANTS,
        Change(
            ["powers", "britain", "force_pool", 4],
            {"id": "indian-infantry-1-3", "unit": "infantry", "factors": 1, "count": 3},
        ),
    )
    assert changed_lines(GRANTS, after)[1] == (
        "+       - {id: indian-infantry-1-3, unit: infantry, factors: 1, count: 3, nationality: indian}"
    )
    nas = apply_change(
        GRANTS,
        Change(
            ["powers", "usa", "force_pool", 3], {"id": "nas-1", "unit": "naval_air", "factors": 1, "count": 5}
        ),
    )
    assert "count: 5}  # 4 a turn (27.61)" in nas


def test_rows_added_and_removed():
    added = apply_change(
        GRANTS,
        Change(
            ["powers", "china", "force_pool"],
            {"id": "armor-2-3", "unit": "armor", "factors": 2, "count": 1},
            add=True,
        ),
    )
    china = parse_scenario(added).powers["china"].force_pool
    assert [e.id for e in china] == ["infantry-1-2", "armor-2-3"]
    removed = apply_change(GRANTS, Change(["powers", "usa", "force_pool", 4], remove=True))
    assert changed_lines(GRANTS, removed) == [
        "-       - {id: marine-2-3, unit: marine, factors: 2, count: 2}"
    ]
    assert "marine-2-3" not in [e.id for e in parse_scenario(removed).powers["usa"].force_pool]


def test_missing_fields_are_added_in_their_section():
    after = apply_change(GRANTS, Change(["objective", "reserve", "usa"], 5))
    assert parse_scenario(after).objective.reserve == {"usa": 5}
    after = apply_change(after, Change(["objective", "unspent_brp_value"], 0.5))
    assert parse_scenario(after).objective.unspent_brp_value == 0.5


def test_the_form_follows_the_text_after_a_change():
    after = apply_change(DEFAULT, Change(["oil_counters"], 1))
    assert read_form(after)["oil_counters"] == 1
    assert "oil_counters: 1  # Romanian oil" in after


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (Change(["powers", "usa", "brps"], -1), "powers.usa.brps: -1 is not a whole number"),
        (Change(["powers", "usa", "brps"], "x"), "is not a whole number"),
        (Change(["objective", "preset"], "max-fun"), "is not a preset"),
        (
            Change(
                ["powers", "usa", "force_pool", 0], {"id": "a b", "unit": "armor", "factors": 1, "count": 1}
            ),
            "is not an entry name",
        ),
        (
            Change(
                ["powers", "usa", "force_pool", 0], {"id": "ab", "unit": "tank", "factors": 1, "count": 1}
            ),
            "is not a unit type",
        ),
        (Change(["powers", "usa", "force_pool", 9], remove=True), "no such force pool entry"),
    ],
)
def test_bad_changes_are_refused_naming_the_field(change, says):
    with pytest.raises(FormError, match=says.replace("(", r"\(")):
        apply_change(GRANTS, change)


def test_text_that_cannot_be_parsed_is_said_plainly():
    with pytest.raises(FormError, match="the YAML cannot be read"):
        read_form("powers: [\n")
    assert read_form("kind: engineers\n") == {"turn": False}


def test_change_paths_are_checked():
    for bad in (None, {"path": []}, {"path": "powers"}, {"path": [True]}, {"path": list("abcdefg")}):
        with pytest.raises(FormError):
            read_change(bad)


def test_an_alias_bomb_is_refused_by_the_form_at_its_line():
    """The form reads the text within the limits every YAML reader keeps (`models.yaml_limits`): a nest of
    aliases standing for a billion values is refused at the alias past the limit, before it is composed."""
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
    )
    with pytest.raises(FormError, match=r"YAML aliases repeat more than .* \(line 6\)"):
        read_form(bomb)


def test_a_few_aliases_are_read_by_the_form_without_expanding_them():
    """Aliases within the limits (a nest of three levels) are composed as shared nodes: no form field."""
    nest = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(2)
    )
    assert read_form(nest) == {"turn": False}


def test_an_entry_without_factors_keeps_the_default():
    """27.5: `factors` defaults to one a counter; a row of the form without it is written without it."""
    after = apply_change(
        DEFAULT,
        Change(
            ["powers", "germany", "force_pool", 9],
            {"id": "fortification", "unit": "fortification", "factors": None, "count": 2},
        ),
    )
    line = next(line for line in changed_lines(DEFAULT, after) if line.startswith("+"))
    assert "factors" not in line and "count: 2" in line
    assert parse_scenario(after).powers["germany"].force_pool[9].factors == 1


def test_a_block_entry_is_replaced_and_removed_whole():
    """An entry written over several lines: its lines only, the comment after its last line kept on
    change, and nothing of the entries around it touched."""
    flak = ["powers", "germany", "force_pool", 8]
    changed = apply_change(DEFAULT, Change(flak, {"id": "flak-1", "unit": "flak", "factors": 1, "count": 2}))
    assert (
        "      - {id: flak-1, unit: flak, factors: 1, count: 2}  # home air defense against the RAF"
        in changed
    )
    assert [e.id for e in parse_scenario(changed).powers["germany"].force_pool] == [
        e.id for e in parse_scenario(DEFAULT).powers["germany"].force_pool
    ]
    removed = apply_change(DEFAULT, Change(flak, remove=True))
    assert changed_lines(DEFAULT, removed) == [
        "-       - id: flak-1",
        "-         unit: flak",
        "-         factors: 1",
        "-         count: 3  # home air defense against the RAF",
    ]


def test_the_form_reads_no_more_than_the_page_plans_nor_deeper_than_validation():
    """The form composes the text in the server's own process: a megabyte of values on one line, or a
    text nested fifty thousand deep, is refused from libyaml's events at the first value past the page's
    limit (`optimizer.web.limits.MAX_VALUES`) or the first level past `MAX_DEPTH`, never composed (it took
    seconds of the server's CPU, or ended in a RecursionError and a server error)."""
    from models.validation import MAX_DEPTH
    from optimizer.web.limits import MAX_VALUES

    wide = "[" + ",".join(["1"] * 450_000) + "]"
    with pytest.raises(FormError, match=rf"more than {MAX_VALUES:,} values, lists and mappings \(line 1\)"):
        read_form(wide)
    for deep in ("- " * 100_000 + "x", "a:\n" + "".join(" " * (i + 1) + "b:\n" for i in range(200))):
        with pytest.raises(FormError, match=rf"nested too deeply \(more than {MAX_DEPTH} levels\)"):
            read_form(deep)
    with pytest.raises(FormError, match=r"nested more than 64 levels|nested too deeply"):
        read_form("[" * 50_000)  # unclosed: libyaml stops at its own limit, the composer at Python's
    with pytest.raises(FormError, match=r"not valid Unicode text \(a lone surrogate, U\+D800\) \(line 2\)"):
        read_form("name: x\nnotes: '\ud800'\n")
