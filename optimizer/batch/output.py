"""The batch's files: results in input order, resuming, the CSV summary, progress and totals.

Results are written one line per position, in input order whatever the order they finish: a line
waits until every earlier position's line is written, and each line is flushed as it is written,
so an interrupted run leaves a prefix of the results. `--resume` reads the lines already there
(a last line cut short is dropped), plans only the positions without one (matched on input, row,
scenario hash, kind and decisions: a file changed since is planned again), appends their lines, and then rewrites
the file in input order; lines of positions no longer in the batch are dropped.
"""

from __future__ import annotations

import csv
import json
import os
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from models.io import InputError
from optimizer.batch.inputs import Job, Key
from optimizer.batch.results import PLANNED, BatchStatus


def line_key(record: dict[str, Any]) -> Key:
    decisions = record.get("decisions") or {}
    return (
        record["input"],
        record["row"],
        record["hash"],
        record.get("kind", "plan"),
        tuple(decisions.get("fix", ())),
        tuple(decisions.get("forbid", ())),
    )


def _result_key(raw: bytes) -> tuple[Key, str] | None:
    """A line's key and text when it is a result line of `awaw batch` (a JSON object with the fields of
    its key, `line_key`), else None."""
    try:
        text = raw.decode("utf-8")
        record = json.loads(text)
        if not isinstance(record, dict):
            return None
        key = line_key(record)
        hash(key)  # every part of a key is a string, a number or None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    return key, text


def read_done(path: Path) -> dict[Key, str]:
    """The complete result lines of an earlier run's output, by key (the first of each key); a line that
    is no result line is left out. A last line cut short by an interruption is removed from the file;
    a file with lines of which none is a result is no earlier run's output, and is refused (InputError)
    before anything of it is cut (`--resume` given another file by mistake)."""
    if not path.exists():
        return {}
    raw = path.read_bytes()
    cut = raw.rfind(b"\n") + 1 if raw and not raw.endswith(b"\n") else len(raw)
    done: dict[Key, str] = {}
    for line in raw[:cut].splitlines():
        found = _result_key(line)
        if found is not None:
            done.setdefault(*found)
    if raw.strip() and not done and _result_key(raw[cut:]) is None:
        problem = (
            "not the output of awaw batch (no line is a result); give another --out, or leave out --resume"
        )
        raise InputError(str(path), [("", problem)])
    if cut < len(raw):
        with path.open("r+b") as file:
            file.truncate(cut)
    return done


class OrderedWriter:
    """Writes lines in the order of `indices` (the positions planned this run, with those `expect`ed
    after), as they come."""

    def __init__(self, file: TextIO, indices: Sequence[int] = ()) -> None:
        self.file = file
        self.order = list(indices)
        self.next = 0
        self.waiting: dict[int, str] = {}

    def expect(self, index: int) -> None:
        """One more position's line, after every one expected so far."""
        self.order.append(index)

    def add(self, index: int, line: str) -> None:
        self.waiting[index] = line
        while self.next < len(self.order) and self.order[self.next] in self.waiting:
            self.file.write(self.waiting.pop(self.order[self.next]) + "\n")
            self.next += 1
        self.file.flush()


def rewrite_in_order(path: Path, jobs: Sequence[Job]) -> int:
    """Rewrite the output with one line per job in input order; the number of lines dropped."""
    lines = read_done(path)
    kept = {job.key for job in jobs}
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as file:
        for job in jobs:
            file.write(lines[job.key] + "\n")
    os.replace(temporary, path)
    return sum(1 for key in lines if key not in kept)


class RateColumn(ProgressColumn):
    """Positions planned a second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-" if speed is None else f"{speed:.1f}/s")


def progress_bar(console: Console) -> Progress:
    """The bar on standard error: redrawn ten times a second on a terminal; to a file or a pipe, where Rich
    writes only the bar at the end, it is not redrawn in between (each redraw lays out the bar's table in
    the batch's own process, CPU taken from the workers on a machine with as many cores as workers)."""
    return Progress(
        TextColumn("planning"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        auto_refresh=console.is_terminal and not console.is_dumb_terminal,
    )


# --- the CSV summary and the totals ---------------------------------------------------------


FIGURES = ("status", "objective", "bound", "gap", "factors_built", "construction_brps", "brps_kept")


def summary_row(record: dict[str, Any]) -> dict[str, Any]:
    """A result's main figures: status, objective, totals over the powers, and per power."""
    row: dict[str, Any] = {"input": record["input"], "row": record["row"], "name": record["name"]}
    row.update(record["overrides"])
    for column, texts in (record.get("decisions") or {}).items():  # `fix`, `forbid`, as a sweep cell
        row[column] = "; ".join(texts)
    row["kind"] = record.get("kind", "plan")
    row.update({k: record[k] for k in ("status", "objective", "bound", "gap")})
    plan = record["plan"]
    if plan is not None and row["kind"] == "plan":  # the construction figures (rule 27)
        powers = plan.get("powers", {})
        row["factors_built"] = sum(line["factors"] for line in plan.get("builds", []))
        row["construction_brps"] = sum(p["construction_brps"] for p in powers.values())
        row["brps_kept"] = sum(p["brps_kept"] for p in powers.values())
        row["oil_counters_spent"] = sum(plan.get("oil_counters_spent", {}).values())
        row["grants_brps"] = sum(g["brps"] for g in plan.get("grants", []))
        for power, report in powers.items():
            row[f"{power}.construction_brps"] = report["construction_brps"]
            row[f"{power}.brps_kept"] = report["brps_kept"]
            row[f"{power}.construction_limit"] = report["construction_limit"]
    if record["error"] is not None:
        label = record["input"] if record["row"] is None else f"{record['input']} row {record['row']}"
        message = record["error"]["message"].removeprefix(f"{label}: ")  # the row names the position
        row["error"] = "; ".join(part.strip() for part in message.splitlines())
    return row


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as file:
        for text in file:
            yield json.loads(text)


def write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    """One row per position; columns in order of first appearance, the error last."""
    columns = list(dict.fromkeys(c for row in rows for c in row if c != "error"))
    columns.append("error")
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.DictWriter(file, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


@dataclass
class Totals:
    """What a batch did: its positions' statuses, and this run's part."""

    statuses: Counter[str] = field(default_factory=Counter)
    skipped: int = 0  # already in the output (--resume)
    planned: int = 0  # planned this run
    dropped: int = 0  # earlier lines of positions no longer in the batch
    seconds: float = 0.0
    started: float = field(default_factory=time.perf_counter)

    @property
    def all_planned(self) -> bool:
        return all(BatchStatus(s) in PLANNED for s in self.statuses)

    def table(self) -> Table:
        table = Table(title="Batch", title_justify="left")
        table.add_column("positions")
        table.add_column("count", justify="right")
        labels = {
            BatchStatus.OPTIMAL: "optimal",
            BatchStatus.FEASIBLE: "feasible (time limit)",
            BatchStatus.INFEASIBLE: "infeasible",
            BatchStatus.BAD_INPUT: "bad input",
            BatchStatus.TIMED_OUT: "timed out, no plan",
            BatchStatus.FAILED: "failed (worker crashed or hung)",
        }
        for status, label in labels.items():
            table.add_row(label, str(self.statuses.get(status.value, 0)))
        table.add_section()
        table.add_row("total", str(sum(self.statuses.values())))
        if self.skipped:
            table.add_row("already in the output (--resume)", str(self.skipped))
        if self.dropped:
            table.add_row("earlier lines dropped (input changed)", str(self.dropped))
        rate = self.planned / self.seconds if self.seconds > 0 else 0.0
        table.add_row("planned this run", f"{self.planned} in {self.seconds:.1f} s ({rate:.1f}/s)")
        return table
