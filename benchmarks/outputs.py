"""Every command's output on every bundled scenario and on generated positions of each family, written to
a folder, and two such folders compared: the check that a change of structure changes no behaviour.

    python -m benchmarks.outputs write BEFORE        # on the commit before the change
    python -m benchmarks.outputs write AFTER         # on the change
    python -m benchmarks.outputs compare BEFORE AFTER

Each case is one `awaw` command run in this process (Typer's runner, 120 columns), kept as its standard
output, standard error and exit code: `plan --json` (with `--why`, `--alternatives`, `--sheet`, tables,
`limits`, `routes`, `sites`, `check` of its own plan and `next` of it) on every turn scenario, `sw --json`
and tables on every scenario with an `sw:` section, `mobilize --json` and `--check` of its schedule,
`engineers --json` and `--check`, `season --json` (with `--why`, `--alternatives`, `--sheet`, tables,
`--check` of its own plan and `next` of it) on every bundled season, `compare`, `schema`, `legs`, `new`,
and `batch` over the bundled scenarios and the sweep; then `--generated N` positions of each family
(seeds from `--seed`): turn plans (`models.generate`), seasons (`models.generate_season`), mobilization
(`models.generate_mobilization`), engineers (`models.engineers_generate`) and SW deployments (drawn
here, in the shape of the checker's property test). Timings are not compared (`--timing` is never
asked); everything else must be the same byte for byte.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
ENGINEERS = SCENARIOS / "engineers"
SEASONS = SCENARIOS / "seasons"
Case = tuple[str, list[str]]  # (name, awaw arguments)


def _kind(path: Path) -> str:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if data.get("kind") == "engineers":
        return "engineers"
    if data.get("mobilization") is not None:
        return "mobilize"
    return "sw" if data.get("sw") is not None else "plan"


def bundled_cases(work: Path) -> Iterator[Case]:
    """The commands on each bundled scenario, by its kind."""
    for path in sorted(SCENARIOS.glob("*.yaml")) + sorted(ENGINEERS.glob("*.yaml")):
        name, kind, file = path.stem, _kind(path), str(path)
        if kind == "engineers":
            yield f"{name}.engineers.json", ["engineers", file, "--json"]
            yield f"{name}.engineers", ["engineers", file]
            continue
        if kind == "mobilize":
            yield f"{name}.mobilize.json", ["mobilize", file, "--json"]
            yield f"{name}.mobilize", ["mobilize", file]
            yield f"{name}.mobilize.horizon2", ["mobilize", file, "--json", "--horizon", "2"]
        yield f"{name}.plan.json", ["plan", file, "--json"]
        yield f"{name}.plan", ["plan", file]
        yield f"{name}.plan.why.json", ["plan", file, "--json", "--why"]
        yield f"{name}.plan.alternatives.json", ["plan", file, "--json", "--alternatives", "2"]
        yield f"{name}.plan.sheet", ["plan", file, "--sheet"]
        yield f"{name}.plan.sheet.html", ["plan", file, "--sheet", "--format", "html"]
        yield f"{name}.limits", ["limits", file]
        yield f"{name}.routes", ["routes", file]
        yield f"{name}.sites", ["sites", file]
        if kind == "sw":
            yield f"{name}.sw.json", ["sw", file, "--json"]
            yield f"{name}.sw", ["sw", file]
    for path in sorted(SEASONS.glob("*.yaml")):
        name, file = path.stem, str(path)
        yield f"{name}.season.json", ["season", file, "--json"]
        yield f"{name}.season", ["season", file]
        yield f"{name}.season.why.json", ["season", file, "--json", "--why"]
        yield f"{name}.season.alternatives.json", ["season", file, "--json", "--alternatives", "2"]
        yield f"{name}.season.sheet", ["season", file, "--sheet"]
    default = str(SCENARIOS / "european_axis_spring_1942.yaml")
    mine = str(SCENARIOS / "plans" / "my_axis_spring_1942.yaml")
    yield "compare.json", ["compare", default, mine, "--json"]
    yield "compare", ["compare", default, mine]
    yield "check.decisions", ["check", default, mine]
    yield "plan.fix.json", ["plan", "--json", "--fix", "germany:armor-4-6=1", "--forbid", "italy:armor-3-5"]
    yield "plan.why_not.json", ["plan", "--json", "--why-not", "germany:infantry-3-3"]
    yield "plan.preset.json", ["plan", "--json", "--preset", "max-factors", "--reserve", "italy=10"]
    yield "schema.json", ["schema"]
    yield "schema.md", ["schema", "--markdown"]
    yield "legs", ["legs"]
    yield "new", ["new", "--faction", "western_allies", "--turn", "spring 1942"]
    yield "batch.bundled", ["batch", str(SCENARIOS), str(ENGINEERS), "--out", str(work / "batch.jsonl")]
    yield "batch.sweep", ["batch", "--sweep", str(SCENARIOS / "sweeps" / "germany_brps.csv"), "--out",
                          str(work / "sweep.jsonl"), "--workers", "1"]  # fmt: skip


def sw_position(rng: random.Random) -> dict[str, Any]:
    """A random SW position, in the shape of tests/optimizer/checker/test_sw.py's strategy."""

    def group(id: str, power: str, unit: str, factors: int, base: str, box: str | None, **more: Any) -> Any:
        out: dict[str, Any] = {"id": id, "power": power, "unit": unit, "factors": factors, "base": base}
        if box is not None:
            out["box"] = box
        return out | more

    faction = rng.choice(["western_allies", "european_axis"])
    power = {"european_axis": "germany", "western_allies": "britain"}[faction]
    forces = [
        group("ge", "germany", "submarine", rng.randint(0, 12), "lorient", rng.choice([None, "atlantic"])),
        group("gm", "germany", "submarine", rng.randint(0, 3), "naples", rng.choice([None, "atlantic", "indian"])),
        group("ji", "japan", "submarine", rng.randint(0, 4), "tokyo", rng.choice([None, "indian", "pacific"])),
    ]  # fmt: skip
    allied = [("britain", "asw"), ("usa", "asw"), ("usa", "cve"), ("usa", "submarine"), ("britain", "cve")]
    bases = ["liverpool", "us_atlantic_box", "pearl_harbor", "colombo", "us_pacific_box", "south_africa_box"]
    for i in range(rng.randint(0, 4)):
        owner, unit = rng.choice(allied)
        box = rng.choice([None, "atlantic", "indian", "pacific"])
        forces.append(group(f"g{i}", owner, unit, rng.randint(0, 8), rng.choice(bases), box))
    war = rng.choice([(False, False, None), (True, True, None), (False, True, 45), (False, False, 40)])
    data: dict[str, Any] = {
        "name": "generated sw",
        "turn": {"season": "spring", "year": 1942},
        "faction": faction,
        "powers": {power: {"brps": 50, "brp_base": 150}},
        "sw": {
            "forces": forces,
            "us_atlantic_asw_per_turn": rng.randint(0, 2),
            "ports": {
                "suez": {"controller": rng.choice(["britain", "italy"])},
                "gibraltar": {"controller": rng.choice(["britain", "germany"])},
            },
            "germany_us_war_turn": rng.randint(1, 3) if war[0] else 0,
        },
        "map": {
            "sites": {
                s: {"controller": "germany"}
                for s in ("paris", "lille", "metz", "lyon", "bordeaux", "brest", "lorient")
            }
        },
        "us_at_war": {"europe": war[0], "pacific": war[1]},
    }
    if war[2] is not None:
        data["usjt"] = war[2]
    return data


def generated_cases(work: Path, count: int, seed: int) -> Iterator[Case]:
    """`count` positions of each family, written as scenario files, and the command of each."""
    from models.engineers_generate import random_engineer_scenario
    from models.generate import random_scenario
    from models.generate_mobilization import seeded_mobilization
    from models.generate_season import season_data

    folder = work / "generated"
    folder.mkdir(parents=True, exist_ok=True)

    def write(name: str, data: Any) -> str:
        path = folder / f"{name}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        return str(path)

    for k in range(count):
        s = seed + k
        turn = random_scenario(s).model_dump(mode="json", by_alias=True, exclude_defaults=True)
        yield f"gen.turn.{s}.plan.json", ["plan", write(f"turn-{s}", turn), "--json"]
        joint = random_scenario(s, joint_grants=True, max_entries=8, naval_turns=4)
        file = write(f"joint-{s}", joint.model_dump(mode="json", by_alias=True, exclude_defaults=True))
        yield f"gen.joint.{s}.plan.json", ["plan", file, "--json"]
        season = write(f"season-{s}", season_data(random.Random(s).randint))
        yield f"gen.season.{s}.json", ["season", season, "--json"]
        mobilization = seeded_mobilization(s).model_dump(mode="json", by_alias=True, exclude_defaults=True)
        yield f"gen.mobilize.{s}.json", ["mobilize", write(f"mobilize-{s}", mobilization), "--json"]
        engineers = random_engineer_scenario(s).model_dump(mode="json", by_alias=True, exclude_defaults=True)
        yield f"gen.engineers.{s}.json", ["engineers", write(f"engineers-{s}", engineers), "--json"]
        sw = write(f"sw-{s}", sw_position(random.Random(s)))
        yield f"gen.sw.{s}.json", ["sw", sw, "--json"]
        yield f"gen.sw.{s}.plan.json", ["plan", sw, "--json"]


def run_case(args: list[str]) -> tuple[str, str, int]:
    from typer.testing import CliRunner

    from optimizer.cli import app

    result = CliRunner().invoke(app, args, env={"COLUMNS": "120", "TERM": "dumb"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return result.stdout, f"{result.stderr}\nEXCEPTION {type(result.exception).__name__}", 99
    return result.stdout, result.stderr, result.exit_code


def follow_ups(name: str, out: str, work: Path) -> Iterator[Case]:
    """`check` of a plan a bundled case printed, `--check` of a schedule: the checkers on the planners'
    own output; and `next` of a turn plan or a season plan, the scenario it leaves."""
    kinds = {
        ".plan.json": "check",
        ".mobilize.json": "mobilize",
        ".engineers.json": "engineers",
        ".season.json": "season",
    }
    suffix = next((s for s in kinds if name.endswith(s)), None)
    if suffix is None or name.startswith("gen.") or not out.strip().startswith("{"):
        return
    stem = name.removesuffix(suffix)
    places = (SCENARIOS / f"{stem}.yaml", ENGINEERS / f"{stem}.yaml", SEASONS / f"{stem}.yaml")
    scenario = next(p for p in places if p.exists())
    path = work / f"{name}.out.json"
    path.write_text(out, encoding="utf-8")
    if kinds[suffix] == "check":
        yield f"{stem}.check", ["check", str(scenario), str(path)]
    else:
        yield f"{stem}.{kinds[suffix]}.check", [kinds[suffix], str(scenario), "--check", str(path)]
    if kinds[suffix] in ("check", "season"):  # the next turn's scenario after the plan is carried out
        yield f"{stem}{suffix.removesuffix('.json')}.next", ["next", str(scenario), str(path)]


def write(out_dir: Path, count: int, seed: int) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        os.chdir(ROOT)  # the batch names the default scenario relative to the working folder
        queue = list(bundled_cases(work)) + list(generated_cases(work, count, seed))
        while queue:
            name, args = queue.pop(0)
            stdout, stderr, code = run_case(args)
            text = stdout
            if name.startswith("batch."):
                # The results, not the progress bar and the totals' rate (timings).
                target = work / ("batch.jsonl" if name == "batch.bundled" else "sweep.jsonl")
                text, stderr = (target.read_text(encoding="utf-8") if target.exists() else ""), ""
            # Where the checkout and the temporary folder are is not the behaviour.
            for place, shown in ((tmp, "TMP"), (str(ROOT), "ROOT")):
                text, stderr = text.replace(place, shown), stderr.replace(place, shown)
            (out_dir / f"{name}.out").write_text(text, encoding="utf-8")
            (out_dir / f"{name}.err").write_text(stderr, encoding="utf-8")
            (out_dir / f"{name}.rc").write_text(f"{code}\n", encoding="utf-8")
            queue[:0] = list(follow_ups(name, stdout, work))
            print(f"{code:3} {name}", file=sys.stderr, flush=True)


def compare(before: Path, after: Path) -> int:
    names = sorted({p.name for p in before.iterdir()} | {p.name for p in after.iterdir()})
    differing = []
    for name in names:
        a, b = before / name, after / name
        if not a.exists() or not b.exists() or a.read_bytes() != b.read_bytes():
            differing.append(name)
    cases = len({n.rsplit(".", 1)[0] for n in names})
    print(json.dumps({"cases": cases, "files": len(names), "differing": differing}, indent=2))
    return 1 if differing else 0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("folder", type=Path)
    w.add_argument("--generated", type=int, default=50)
    w.add_argument("--seed", type=int, default=77000)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "write":
        write(args.folder.resolve(), args.generated, args.seed)
    else:
        sys.exit(compare(args.before, args.after))


if __name__ == "__main__":
    main()
