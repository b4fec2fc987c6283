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


def test_a_bundled_season_plan_is_checked_by_the_season_checker(tmp_path: Path) -> None:
    path = sorted(SEASONS.glob("*.yaml"))[0]
    checks = list(follow_ups(f"{path.stem}.season.json", '{"format": "awaw-season/1"}', tmp_path))
    assert len(checks) == 1
    name, args = checks[0]
    assert name == f"{path.stem}.season.check"
    assert args[:2] == ["season", str(path)]
    assert args[2] == "--check"
    assert Path(args[3]).read_text(encoding="utf-8") == '{"format": "awaw-season/1"}'


def test_generated_positions_include_seasons(tmp_path: Path) -> None:
    cases = dict(generated_cases(tmp_path, count=2, seed=5))
    for seed in (5, 6):
        args = cases[f"gen.season.{seed}.json"]
        assert args[0] == "season" and args[-1] == "--json"
        assert "season:" in Path(args[1]).read_text(encoding="utf-8")
