"""Reading scenario and plan files, with errors that name the file, the line, the field and the problem.

Every mistake is one line, `FILE:LINE: field: problem`, for example
`scenario.yaml:14: powers.germany.force_pool[2].unit: 'armour' is not a unit type; did you mean 'armor'?`.
The loading is generic over the pydantic models: the YAML line of every field comes from PyYAML's
node marks (here); names players write in other cases (`Winter`, `Germany`, `ARMOR`) are read as the
enumeration value they mean wherever the model expects one, and pydantic's errors are rewritten into one
message per mistake with a suggestion instead of the list of all choices (`models.validation`); the error
itself, its field paths and lines are `models.errors`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from models.errors import (
    FieldPath,
    InputError,
    Lines,
    Problem,
    field_path,
    line_of,
)
from models.plan import PLAN_FORMAT, Plan
from models.scenario import Scenario
from models.validation import MAX_DEPTH, normalise, scan, validation_problems
from models.yaml_limits import (
    LOADER,
    MAX_TEXT,
    check_aliases,
    check_nodes,
    check_size,
    check_text,
    long_number,
)

if TYPE_CHECKING:
    from models.sw_results import AnyResultsTable

M = TypeVar("M", bound=BaseModel)


# --- reading -----------------------------------------------------------------------------------


def decode(raw: bytes, file: str) -> str:
    """Bytes as UTF-8 text, or `InputError` naming the file, the offending byte and its line."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        byte = raw[error.start]
        problem = f"not UTF-8 text (byte 0x{byte:02x} at offset {error.start}); save the file as UTF-8"
        raise InputError(file, [("", problem, line)]) from None


def _read(path: Path) -> str:
    """A file's text, read no further than the most bytes `MAX_TEXT` characters take in UTF-8: an endless
    file (`/dev/zero`, a pipe that never ends) is refused there, not read until memory runs out."""
    most = 4 * MAX_TEXT
    try:
        with path.open("rb") as file:
            raw = file.read(most + 1)
    except OSError as error:
        raise InputError(str(path), [("", f"cannot read file: {error.strerror or error}")]) from None
    if len(raw) > most:
        raise InputError(str(path), [("", f"more than {most:,} bytes: more than a document may have")])
    return decode(raw, str(path))


def _yaml_lines(node: yaml.Node, file: str) -> tuple[Lines, list[Problem]]:
    """Each field's line, from the node marks, and what cannot be read: the duplicate keys (the last would
    win silently) and integers too long to be read (`models.yaml_limits.long_number`)."""
    lines: Lines = {}
    duplicates: list[Problem] = []
    stack: list[tuple[FieldPath, yaml.Node]] = [((), node)]
    seen_nodes: set[int] = set()
    while stack:
        path, current = stack.pop()
        lines.setdefault(path, current.start_mark.line + 1)
        if id(current) in seen_nodes:  # an alias: its lines are those of the anchor
            continue
        seen_nodes.add(id(current))
        check_nodes(len(seen_nodes), file)
        if (problem := long_number(current)) is not None:
            duplicates.append((field_path(path), problem, current.start_mark.line + 1))
        if isinstance(current, yaml.MappingNode):
            first: dict[str, int] = {}
            for key_node, value_node in current.value:
                key = (
                    str(key_node.value).lower()
                    if isinstance(key_node, yaml.ScalarNode)
                    else str(id(key_node))
                )
                line = key_node.start_mark.line + 1
                if key in first and key != "<<":
                    where = field_path((*path, str(key_node.value)))
                    duplicates.append((where, f"duplicate key (first given on line {first[key]})", line))
                    continue
                first[key] = line
                lines[(*path, key)] = line
                stack.append(((*path, key), value_node))
        elif isinstance(current, yaml.SequenceNode):
            for index, item in enumerate(current.value):
                stack.append(((*path, index), item))
    return lines, duplicates


def parse_yaml(text: str, file: str) -> tuple[Any, Lines]:
    """YAML text -> (data, the line of each field); syntax errors and duplicate keys are InputErrors, and
    so is a document past the limits of `models.yaml_limits` (its size, its nodes, its aliases: an alias
    bomb is refused at its line before anything is expanded; an integer too long to read) or not Unicode
    text (a lone surrogate from a JSON escape)."""
    check_size(text, file)
    check_text(text, file)
    check_aliases(text, file)
    loader = LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}
        lines, duplicates = _yaml_lines(node, file)
        if duplicates:
            raise InputError(file, duplicates)
        return loader.construct_document(node), lines
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise InputError(
            file, [("", f"YAML syntax error: {problem}", mark.line + 1 if mark else None)]
        ) from None
    except RecursionError:
        raise InputError(file, [("", f"nested too deeply (more than {MAX_DEPTH} levels)")]) from None
    finally:
        loader.dispose()


def _json_lines(text: str, file: str) -> Lines:
    """The line of each field of a JSON document, read as the YAML it also is; duplicate keys refused."""
    try:
        return parse_yaml(text, file)[1]
    except InputError as error:
        if any(problem.startswith("duplicate key") for _, problem in error.problems):
            raise
        return {}  # JSON that YAML 1.1 does not read (tabs, some escapes): no lines, still validated


def validate(model: type[M], data: Any, file: str, lines: Lines | None = None) -> M:
    """Validate `data` as `model`: case of enumeration values normalised, NaN and nesting refused,
    every error rewritten to one message per mistake with its line."""
    if not isinstance(data, dict):
        raise InputError(file, [("", "expected a mapping of fields at the top level", line_of(lines, ()))])
    non_finite, too_deep = scan(data)
    if too_deep:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)])
    if non_finite:
        raise InputError(file, [(field_path(p), m, line_of(lines, p)) for p, m in non_finite])
    data = normalise(model, data)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise InputError(file, validation_problems(error, model, data, lines)) from None
    except RecursionError:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)]) from None


def parse_scenario_lines(text: str, file: str = "<scenario>") -> tuple[Scenario, Lines]:
    """Parse and validate scenario YAML; also the line of each field, for later errors."""
    data, lines = parse_yaml(text, file)
    return validate(Scenario, data, file, lines), lines


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Parse and validate scenario YAML."""
    return parse_scenario_lines(text, file)[0]


def read_scenario(path: str | Path) -> tuple[Scenario, Lines]:
    """Read a scenario file and the line of each of its fields."""
    path = Path(path)
    return parse_scenario_lines(_read(path), str(path))


def scenario_from_data(data: Any, file: str, lines: Lines | None = None) -> Scenario:
    """Validate scenario data already parsed (from YAML, JSON or a sweep), naming `file` (and, with
    `lines`, each field's line) in errors."""
    return validate(Scenario, data, file, lines)


def read_text(path: str | Path) -> str:
    """A text file's content: UTF-8, or `InputError` naming the file and the problem."""
    return _read(Path(path))


def read_yaml(path: str | Path) -> tuple[Any, Lines]:
    """A YAML file's data and the line of each of its fields (duplicate keys and bad syntax refused)."""
    return parse_yaml(read_text(path), str(path))


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file (27.x rules are checked by the models' validators)."""
    return read_scenario(path)[0]


LONG_NUMBER = f"a number too long to read (more than {sys.get_int_max_str_digits():,} digits)"


def long_number_line(text: str) -> int | None:
    """The line of the first number in `text` too long for Python to read (`LONG_NUMBER`)."""
    found = re.search(rf"\d{{{sys.get_int_max_str_digits() + 1}}}", text)
    return None if found is None else text.count("\n", 0, found.start()) + 1


def parse_json(text: str, file: str) -> tuple[Any, Lines]:
    """JSON text's data and the line of each of its fields: at most MAX_DEPTH levels deep."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(file, [("", f"JSON syntax error: {error.msg}", error.lineno)]) from None
    except RecursionError:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)]) from None
    except ValueError:  # Python reads no integer of more than `sys.get_int_max_str_digits()` digits
        raise InputError(file, [("", LONG_NUMBER, long_number_line(text))]) from None
    if scan(data)[1]:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)])
    return data, _json_lines(text, file)


def read_json(path: str | Path) -> tuple[Any, Lines]:
    """Read a JSON file (UTF-8) and the line of each of its fields."""
    return parse_json(read_text(path), str(path))


def load_json(path: str | Path, model: type[M]) -> M:
    """Read a JSON file of `model`'s shape (a schedule written by `--json`, for instance)."""
    data, lines = read_json(path)
    return validate(model, data, str(path), lines)


def refuse_other_format(
    data: Any, lines: Lines | None, file: str, what: str, reads: str, *, required: bool = False
) -> None:
    """Refuse a file whose `format:` is not `reads` (a plan, schedule or season plan of another version),
    at the field's line; one without `format:` passes unless `required`."""
    if not isinstance(data, dict) or ("format" not in data and not required) or data.get("format") == reads:
        return
    problem = f"{data.get('format')!r} is not a {what} format this version reads (it reads '{reads}')"
    raise InputError(file, [("format", problem, line_of(lines, ("format",)))])


def parse_plan(text: str, file: str = "<plan>") -> Plan:
    """Parse and validate a plan written by `awaw plan --json` (or by hand, in the same shape)."""
    data, lines = parse_json(text, file)
    refuse_other_format(data, lines, file, "plan", PLAN_FORMAT)
    return validate(Plan, data, file, lines)


def load_plan(path: str | Path) -> Plan:
    """Read a plan file written by `awaw plan --json` (or by hand, in the same shape)."""
    return parse_plan(read_text(path), str(path))


def load_results_table(path: str | Path) -> AnyResultsTable:
    """Read a player's SW combat results table (YAML or JSON): the game's form (`awaw-sw-results/2`)
    or the older expected-loss rows (`awaw-sw-results/1`); models/sw_results.py."""
    from models.sw_results import RESULTS_FORMATS

    path = Path(path)
    data, lines = parse_yaml(_read(path), str(path))
    model = RESULTS_FORMATS.get(str(data.get("format"))) if isinstance(data, dict) else None
    if model is None:
        problem = f"not a results table format this version reads ({' or '.join(RESULTS_FORMATS)})"
        raise InputError(str(path), [("format", problem, line_of(lines, ("format",)))])
    return validate(model, data, str(path), lines)
