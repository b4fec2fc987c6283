"""The output-identity benchmark (`benchmarks/outputs.py`) covers every planner's command, the season's
included: a change that alters a season plan's bytes must show in `compare`."""

from __future__ import annotations

from pathlib import Path

from benchmarks.outputs import SEASONS, bundled_cases, follow_ups, generated_cases


def test_every_bundled_season_is_planned_in_each_form(tmp_path: Path) -> None:
    cases = dict(bundled_cases(tmp_path))
    seasons = sorted(SEASONS.glob("*.yaml"))
    assert seasons, "the project bundles a season scenario"
    for path in seasons:
        file = str(path)
        assert cases[f"{path.stem}.season.json"] == ["season", file, "--json"]
        assert cases[f"{path.stem}.season"] == ["season", file]
        assert cases[f"{path.stem}.season.why.json"] == ["season", file, "--json", "--why"]
        assert cases[f"{path.stem}.season.alternatives.json"][:3] == ["season", file, "--json"]
        assert cases[f"{path.stem}.season.sheet"] == ["season", file, "--sheet"]


def test_a_bundled_season_plan_is_checked_and_carried_to_the_next_turn(tmp_path: Path) -> None:
    path = sorted(SEASONS.glob("*.yaml"))[0]
    follow = dict(follow_ups(f"{path.stem}.season.json", '{"format": "awaw-season/1"}', tmp_path))
    assert sorted(follow) == [f"{path.stem}.season.check", f"{path.stem}.season.next"]
    check = follow[f"{path.stem}.season.check"]
    assert check[:3] == ["season", str(path), "--check"]
    assert Path(check[3]).read_text(encoding="utf-8") == '{"format": "awaw-season/1"}'
    assert follow[f"{path.stem}.season.next"] == ["next", str(path), check[3]]


def test_a_bundled_turn_plan_is_checked_and_carried_to_the_next_turn(tmp_path: Path) -> None:
    follow = dict(follow_ups("european_axis_spring_1942.plan.json", '{"format": "awaw-plan/1"}', tmp_path))
    assert sorted(follow) == ["european_axis_spring_1942.check", "european_axis_spring_1942.plan.next"]
    plan = follow["european_axis_spring_1942.check"][2]
    assert follow["european_axis_spring_1942.plan.next"][0] == "next"
    assert follow["european_axis_spring_1942.plan.next"][2] == plan


def test_generated_positions_include_seasons(tmp_path: Path) -> None:
    cases = dict(generated_cases(tmp_path, count=2, seed=5))
    for seed in (5, 6):
        args = cases[f"gen.season.{seed}.json"]
        assert args[0] == "season" and args[-1] == "--json"
        assert "season:" in Path(args[1]).read_text(encoding="utf-8")
