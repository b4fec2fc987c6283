"""What a batch plans: positions read from scenario files, folders, JSON Lines files and sweeps.

Each position becomes a `Job`: its input's name and row, the sweep's overrides, a hash of its
scenario data, and the data itself (a plain mapping, parsed here and validated by the worker that
plans it). A file that cannot be read or parsed is still a job, carrying its error, so that the
batch writes one result for it like any other.

A sweep is a base scenario plus a table of overrides, CSV or YAML, one row per variant; each
column (each key of a YAML row) is a dotted path into the scenario, such as `powers.germany.brps`
or `oil_counters`; a segment after a list picks an item by position (`force_pool.0`) or by `id`
(`force_pool.armor-4-6.count`). A column named `name` names the row. CSV cells are read as YAML
scalars (`150`, `0.5`, `true`); an empty cell leaves the base's value. Paths are checked against the
scenario's JSON Schema before anything is planned, so a misspelt field is one clean error for the
table (exit 2), not a failed row per variant.

A position's own fixed and forbidden decisions (`fix`, `forbid`) are a JSON Lines row's fields and a
sweep table's columns beside `name` (`optimizer.batch.decisions`); `awaw batch --fix/--forbid` adds the
command line's to every position (`with_decisions`).
"""

from __future__ import annotations

import copy
import csv
import difflib
import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from models.io import LONG_NUMBER, InputError, parse_yaml, read_text, read_yaml
from models.yaml_limits import LOADER, check_aliases

SCENARIO_SUFFIXES = (".yaml", ".yml")
JSON_LINES_SUFFIXES = (".jsonl", ".ndjson")


# what `--resume` matches a result on (`Job.key`, `optimizer.batch.output.line_key`)
Key = tuple[str, int | None, str | None, str, tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class Job:
    """One position to plan, as workers receive it (plain data: it pickles and travels to a cluster)."""

    input: str  # the file it came from
    row: int | None  # the line of a JSON Lines file, or the row of a sweep (1 = the first variant)
    hash: str | None  # sha256 of the scenario data (None when the file could not be read)
    data: Any = None  # the scenario as parsed, before validation
    overrides: dict[str, Any] = field(default_factory=dict)  # a sweep row's {dotted path: value}
    name: str | None = None  # a sweep row's `name` column
    error: str | None = None  # bad input found while reading, as `InputError.render()` gives it
    lines: dict[tuple[str | int, ...], int] | None = None  # each field's line in a scenario file
    kind: str = "plan"  # the planner: "plan" (rules 27 and 40), "mobilize" (rule 14) or "engineers"
    # the decisions it is planned under, the command line's then its own (`optimizer.batch.decisions`)
    fix: tuple[str, ...] = ()
    forbid: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How messages name the position: its file, and its row when it has one."""
        if self.row is None:
            return self.input
        return f"{self.input} row {self.row}"

    @property
    def key(self) -> Key:
        """What `--resume` matches a finished result on: the same input, row, scenario data, planner and
        decisions."""
        return (self.input, self.row, self.hash, self.kind, self.fix, self.forbid)


def job_kind(data: Any, planner: str = "auto") -> str:
    """Which planner a position goes to, as the command of that kind would plan it.

    With "auto", the planner the scenario's data is for (`optimizer.planners.planner_for`): an engineers
    scenario (`kind: engineers`) as `awaw engineers` plans it, one with a `mobilization:` section as
    `awaw mobilize` (rule 14), any other as `awaw plan` (rules 27 and 40). An engineers scenario goes to its
    planner whatever `planner` says (its fields are not a rule-27 scenario's); another scenario goes to
    `planner` when it names one, so that a scenario holding both a rule-27 position and a `mobilization:`
    section is planned as a turn with `--planner plan` (the planner refuses a scenario it does not plan,
    with the command that does).
    """
    from optimizer.planners import planner_for

    found = planner_for(data)
    if planner == "auto" or found.scenario_kind != "turn":
        return found.name
    return planner


def with_kind(job: Job, planner: str = "auto") -> Job:
    """The job, sent to its planner (see `job_kind`)."""
    kind = job_kind(job.data, planner)
    return job if kind == job.kind else replace(job, kind=kind)


def with_decisions(job: Job, fix: tuple[str, ...] = (), forbid: tuple[str, ...] = ()) -> Job:
    """The job planned under the command line's decisions too, before its own."""
    if not fix and not forbid:
        return job
    return replace(job, fix=(*fix, *job.fix), forbid=(*forbid, *job.forbid))


def data_hash(data: Any) -> str:
    """sha256 of the scenario data in a canonical JSON form (sorted keys), whatever file held it."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _yaml_job(path: Path) -> Job:
    """A scenario file as a job: its parsed data and the line of each field, or the reading error, as
    `awaw plan` reports it. A file that cannot be parsed is hashed by its bytes (so that `--resume`
    plans it again once it is mended); one that cannot be read has no hash."""
    try:
        data, lines = read_yaml(path)
    except InputError as error:
        try:
            content: str | None = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            content = None
        return Job(str(path), None, content, error=error.render())
    return Job(str(path), None, data_hash(data), data, lines=lines)


def _json_lines_jobs(name: str, lines: list[str]) -> Iterator[Job]:
    """One job per non-blank line of a JSON Lines file (named `name`), each line a scenario as a JSON
    object, with perhaps its own `fix` and `forbid` (`optimizer.batch.decisions`)."""
    from optimizer.batch.decisions import FIELDS, own_decisions

    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            problem = InputError(f"{name} row {number}", [(f"column {error.colno}", error.msg)])
            yield Job(name, number, data_hash(line), error=problem.render())
            continue
        except ValueError:  # an integer longer than Python reads (`models.io.LONG_NUMBER`)
            problem = InputError(f"{name} row {number}", [("", LONG_NUMBER)])
            yield Job(name, number, data_hash(line), error=problem.render())
            continue
        if not (isinstance(data, dict) and any(field in data for field in FIELDS)):
            yield Job(name, number, data_hash(data), data)
            continue
        try:
            fix, forbid = own_decisions(data, f"{name} row {number}")  # taken off the scenario's data
        except InputError as error:
            yield Job(name, number, data_hash(line), error=error.render())
            continue
        yield Job(name, number, data_hash(data), data, fix=fix, forbid=forbid)


def open_inputs(paths: list[Path]) -> tuple[int, Iterator[Job]]:
    """How many positions scenario files, folders of them (every .yaml/.yml file below, sorted by path)
    and JSON Lines files hold, and their jobs in the order given, each read when the iterator reaches it
    (so that the batch plans the first while it reads the next). A folder that does not exist or holds no
    scenario, and a JSON Lines file that cannot be read, are errors of the batch (`InputError`), raised
    here before any position is read; a scenario file that cannot be read or parsed is a job carrying its
    error."""
    count = 0
    parts: list[Iterable[Job]] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file())
            if not found:
                raise InputError(str(path), [("", "no scenario files (.yaml, .yml) in this folder")])
            count += len(found)
            parts.append(map(_yaml_job, found))
        elif path.suffix in JSON_LINES_SUFFIXES:
            lines = read_text(path).splitlines()
            count += sum(1 for line in lines if line.strip())
            parts.append(_json_lines_jobs(str(path), lines))
        else:
            count += 1
            parts.append(map(_yaml_job, [path]))
    return count, itertools.chain.from_iterable(parts)


def read_inputs(paths: list[Path]) -> list[Job]:
    """Every job of `open_inputs`, read."""
    return list(open_inputs(paths)[1])


# --- sweeps ---------------------------------------------------------------------------------


def split_path(path: str) -> list[str | int]:
    """`powers.germany.force_pool.0.count` → ['powers', 'germany', 'force_pool', 0, 'count']."""
    return [int(part) if part.isdigit() else part for part in path.split(".")]


@cache
def _schema() -> dict[str, Any]:
    from models.scenario import Scenario

    return Scenario.model_json_schema(by_alias=True)


def _resolve(node: dict[str, Any]) -> list[dict[str, Any]]:
    """The schema node with its `$ref` followed and its `anyOf` branches listed."""
    if "$ref" in node:
        return _resolve(_schema()["$defs"][node["$ref"].rsplit("/", 1)[-1]])
    if "anyOf" in node:
        return [n for branch in node["anyOf"] for n in _resolve(branch)]
    return [node]


def _names(node: dict[str, Any]) -> list[str] | None:
    """The keys a mapping node allows, when they are a fixed list."""
    if "properties" in node:
        return sorted(node["properties"])
    names = node.get("propertyNames")
    if names is not None:
        enums = [n.get("enum") for n in _resolve(names)]
        if all(e is not None for e in enums):
            return sorted(str(v) for e in enums for v in e or [])
    return None


def check_path(path: str) -> str | None:
    """Why a dotted path names no field of a scenario (None when it does), read off the JSON Schema."""
    nodes = _resolve(_schema())
    walked: list[str] = []
    for part in split_path(path):
        following: list[dict[str, Any]] = []
        for node in nodes:
            if "items" in node:  # a list: an item by position or by id
                following.extend(_resolve(node["items"]))
            elif isinstance(part, str) and part in node.get("properties", {}):
                following.extend(_resolve(node["properties"][part]))
            elif isinstance(node.get("additionalProperties"), dict):
                names = _names(node)
                if names is None or str(part) in names:
                    following.extend(_resolve(node["additionalProperties"]))
        if not following:
            where = ".".join(walked) or "a scenario"
            choices = sorted({n for node in nodes for n in (_names(node) or [])})
            close = difflib.get_close_matches(str(part), choices, n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return f"{part!r} is not a field of {where}{hint}"
        walked.append(str(part))
        nodes = following
    return None


def apply_override(data: dict[str, Any], path: str, value: Any) -> None:
    """Set the value at a dotted path, making the mappings on the way that the base leaves out.
    Raises ValueError naming the segment that does not fit the base's data."""
    parts = split_path(path)
    node: Any = data
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        where = ".".join(str(p) for p in parts[:depth]) or "the scenario"
        if isinstance(node, list):
            if isinstance(part, int):
                if part >= len(node):
                    raise ValueError(f"{where} has {len(node)} items; there is no item {part}")
                index = part
            else:
                ids = [i for i, item in enumerate(node) if isinstance(item, dict) and item.get("id") == part]
                if not ids:
                    raise ValueError(f"{where} has no item with id {part!r}")
                index = ids[0]
            if last:
                node[index] = value
            else:
                node = node[index]
        elif isinstance(node, dict):
            if last:
                node[part] = value
            else:
                node = node.setdefault(part, {})
        else:
            raise ValueError(f"{where} is a value ({node!r}), not a mapping or a list")


def _cell(text: str, table: str, column: str, line: int) -> Any:
    """A CSV cell read as a YAML scalar: 150 → 150, 0.5 → 0.5, true → True, berlin → 'berlin'; a cell
    whose aliases repeat too much is refused like any YAML document (`models.yaml_limits`)."""
    try:
        check_aliases(text, table)
    except InputError as error:
        raise InputError(table, [(column, problem, line) for _, problem in error.problems]) from None
    try:
        return yaml.load(text, Loader=LOADER)
    except (yaml.YAMLError, ValueError):  # not YAML, or an integer longer than Python reads: the text
        return text


RowDecisions = tuple[tuple[str, ...], tuple[str, ...]]  # a sweep row's (fix, forbid)


def read_sweep(path: Path) -> list[tuple[str | None, dict[str, Any], RowDecisions]]:
    """The rows of a sweep table: (name, {dotted path: value}, (fix, forbid)) each. Raises `InputError`
    naming the table, the column and the problem for a table that cannot be read, a path that names no
    field, or a `fix` or `forbid` cell no planner can read (`optimizer.batch.decisions`)."""
    from optimizer.batch.decisions import FIELDS, own_decisions

    name = str(path)
    text = read_text(path)
    rows: list[dict[str, Any]] = []
    if path.suffix == ".csv":
        reader = csv.DictReader(text.splitlines())
        for record in reader:
            if None in record:  # cells past the header's columns: a row the table does not describe
                extra = len(record[None])
                problem = f"{len(reader.fieldnames or []) + extra} cells where the header names {len(reader.fieldnames or [])} columns"
                raise InputError(name, [(f"row {len(rows) + 1}", problem, reader.line_num)])
            cells = record.items()
            rows.append({k: _cell(v, name, k, reader.line_num) for k, v in cells if v not in (None, "")})
        columns = next(csv.reader(text.splitlines()), [])
    else:
        loaded, _ = parse_yaml(text, name)  # syntax errors and duplicate keys with their lines
        if not isinstance(loaded, list) or not all(isinstance(r, dict) for r in loaded):
            raise InputError(
                name, [("", "expected a list of rows, each a mapping of dotted paths to values")]
            )
        rows = [{str(k): v for k, v in r.items()} for r in loaded]
        columns = list(dict.fromkeys(k for r in rows for k in r))
    if not rows:
        raise InputError(name, [("", "no rows")])
    special = ("name", *FIELDS)
    problems = [(c, p) for c in columns if c not in special and (p := check_path(c)) is not None]
    if problems:
        raise InputError(name, problems)
    return [
        (
            str(row["name"]) if "name" in row else None,
            {k: v for k, v in row.items() if k not in special},
            own_decisions({k: row[k] for k in FIELDS if k in row}, f"{name} row {number}"),
        )
        for number, row in enumerate(rows, start=1)
    ]


def sweep_jobs(bases: list[Path], table: Path) -> list[Job]:
    """Every base scenario with every row of the sweep table, base by base, rows in order. A base
    that cannot be read or parsed, or a path that does not fit a base, is an error of the batch."""
    rows = read_sweep(table)
    jobs: list[Job] = []
    for base in bases:
        base_data, _ = read_yaml(base)  # a variant's fields are named by row and path, not by line
        if not isinstance(base_data, dict):
            raise InputError(str(base), [("", "expected a mapping of fields at the top level")])
        for number, (row_name, overrides, (fix, forbid)) in enumerate(rows, start=1):
            data = copy.deepcopy(base_data)
            for path, value in overrides.items():
                try:
                    apply_override(data, path, value)
                except ValueError as error:
                    raise InputError(f"{table} row {number}", [(path, str(error))]) from None
            label = f"{base} + {table}"
            jobs.append(
                Job(label, number, data_hash(data), data, overrides, row_name, fix=fix, forbid=forbid)
            )
    return jobs
