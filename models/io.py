"""Reading scenario and plan files, with errors that name the file, the line, the field and the problem.

Every mistake is one line, `FILE:LINE: field: problem`, for example
`scenario.yaml:14: powers.germany.force_pool[2].unit: 'armour' is not a unit type; did you mean 'armor'?`.
The loading is generic over the pydantic models: the YAML line of every field comes from PyYAML's
node marks, names players write in other cases (`Winter`, `Germany`, `ARMOR`) are read as the
enumeration value they mean wherever the model expects one, and pydantic's errors are rewritten
into one message per mistake with a suggestion (`difflib`) instead of the list of all choices.
"""

from __future__ import annotations

import difflib
import json
import math
import re
import types
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, ValidationError

from models.plan import PLAN_FORMAT, Plan
from models.scenario import Scenario
from models.sw_results import RESULTS_FORMATS, AnyResultsTable

M = TypeVar("M", bound=BaseModel)
# libyaml's safe loader when PyYAML was built with it: the same documents, parsed faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_DEPTH = 64  # scenario and plan files nest about 8 levels; anything past this is not one of them
MAX_SUGGESTED_CHOICES = 6  # a short list of choices is shown whole; a long one only through a suggestion

FieldPath = tuple[str | int, ...]
Lines = dict[FieldPath, int]  # field path (mapping keys lower-cased) -> 1-based line of its key in the file
Problem = tuple[str, str] | tuple[str, str, int | None]


class InputError(Exception):
    """Bad input: a file that cannot be read, parsed or validated.

    `problems` holds (field path, problem) pairs and `lines` the file's line of each (None when
    not known); `render()` prints one `FILE:LINE: field: problem` line per problem.
    """

    def __init__(self, file: str, problems: Sequence[Problem]) -> None:
        self.file = file
        self.problems: list[tuple[str, str]] = [(item[0], item[1]) for item in problems]
        self.lines: list[int | None] = [next(iter(item[2:]), None) for item in problems]
        super().__init__(self.render())

    def render(self) -> str:
        out = []
        for (field, problem), line in zip(self.problems, self.lines, strict=True):
            where = f"{self.file}:{line}" if line else self.file
            out.append(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")
        return "\n".join(out)


def indented(lines: Iterable[str]) -> str:
    """Lines to follow a message, each on a line of its own indented two spaces ('' for none)."""
    return "".join("\n  " + line for line in lines)


def located(file: str, problems: Sequence[tuple[str, str]], lines: Lines | None) -> InputError:
    """An InputError for problems found after validation (their fields written as paths), with lines."""
    return InputError(
        file, [(field, problem, line_of(lines, parse_path(field))) for field, problem in problems]
    )


# --- field paths -------------------------------------------------------------------------------

_PATH = re.compile(r"^([A-Za-z_][\w-]*(?:\.[\w-]+|\[\d+\])*)")


def field_path(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def parse_path(text: str) -> FieldPath:
    """`powers.germany.force_pool[2]` -> ('powers', 'germany', 'force_pool', 2)."""
    match = _PATH.match(text)
    if match is None:
        return ()
    parts: list[str | int] = []
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", match.group(1)):
        parts.append(int(index) if index else name)
    return tuple(parts)


def _key(part: str | int) -> str | int:
    return part.lower() if isinstance(part, str) else part


def line_of(lines: Lines | None, path: FieldPath) -> int | None:
    """The line of the deepest part of `path` the file has (a missing field: its parent's line)."""
    if not lines:
        return None
    found = lines.get((), None)
    prefix: FieldPath = ()
    for part in path:
        prefix = (*prefix, _key(part))
        if prefix in lines:
            found = lines[prefix]
    return found


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
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise InputError(str(path), [("", f"cannot read file: {error.strerror or error}")]) from None
    return decode(raw, str(path))


def _yaml_lines(node: yaml.Node, file: str) -> tuple[Lines, list[Problem]]:
    """Each field's line, from the node marks, and the duplicate keys (the last would win silently)."""
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
    """YAML text -> (data, the line of each field); syntax errors and duplicate keys are InputErrors."""
    loader = _LOADER(text)
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


# --- validating --------------------------------------------------------------------------------


def _unwrap(annotation: Any) -> list[Any]:
    """The alternatives of an annotation: Annotated and Optional/Union taken apart."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [arm for arg in get_args(annotation) for arm in _unwrap(arg)]
    return [annotation]


def _model_field(model: type[BaseModel], key: str) -> Any | None:
    for name, info in model.model_fields.items():
        if key in (name, info.alias):
            return info.annotation
    return None


_CHILDREN: dict[tuple[int, str | int, bool], tuple[Any, list[Any]]] = {}


def _children(annotation: Any, part: str | int, is_key: bool = False) -> list[Any]:
    """The annotations one step down `annotation` at `part` (a field name, list index or dict key)."""
    key = (id(annotation), part, is_key)
    cached = _CHILDREN.get(key)
    if cached is None or cached[0] is not annotation:  # the annotation is kept, so its id stays its own
        cached = (annotation, _children_of(annotation, part, is_key))
        if len(_CHILDREN) < 10_000:
            _CHILDREN[key] = cached
    return cached[1]


def _children_of(annotation: Any, part: str | int, is_key: bool) -> list[Any]:
    out = []
    for arm in _unwrap(annotation):
        origin = get_origin(arm)
        if isinstance(arm, type) and issubclass(arm, BaseModel) and isinstance(part, str):
            child = _model_field(arm, part)
            if child is not None:
                out.append(child)
        elif origin in (list, tuple, set, frozenset, Sequence) and isinstance(part, int):
            args = [a for a in get_args(arm) if a is not Ellipsis]
            if args:
                out.append(args[min(part, len(args) - 1)] if origin is tuple else args[0])
        elif origin in (dict, Mapping):
            key_type, value_type = get_args(arm)
            out.append(key_type if is_key else value_type)
    return out


def choices_of(annotation: Any) -> tuple[str, list[str]] | None:
    """(what the choices are called, the choices) when the annotation is an enumeration or literal."""
    for arm in _unwrap(annotation):
        if isinstance(arm, type) and issubclass(arm, Enum):
            words = re.sub(r"(?<!^)(?=[A-Z])", " ", arm.__name__).lower()
            return words, [str(member.value) for member in arm]
        if get_origin(arm) is Literal:
            return "", [str(arg) for arg in get_args(arm)]
    return None


def _normalise(annotation: Any, value: Any, depth: int = 0) -> Any:
    """`value` with enumeration values and enumeration-typed dict keys in the case the model uses."""
    if depth > MAX_DEPTH:
        return value
    if isinstance(value, str):
        named = choices_of(annotation)
        if named is not None and value not in named[1]:
            by_case = {choice.lower(): choice for choice in named[1]}
            return by_case.get(value.lower(), value)
        return value
    if isinstance(value, Mapping):
        arms = _unwrap(annotation)
        if any(isinstance(arm, type) and issubclass(arm, BaseModel) for arm in arms):
            return {
                key: _normalise(_first(_children(annotation, key)), item, depth + 1)
                if isinstance(key, str)
                else item
                for key, item in value.items()
            }
        key_type = _first(_children(annotation, "", is_key=True))
        value_type = _first(_children(annotation, ""))
        out = {}
        for key, item in value.items():
            new_key = _normalise(key_type, key, depth + 1) if isinstance(key, str) else key
            out[new_key if new_key not in out else key] = _normalise(value_type, item, depth + 1)
        return out
    if isinstance(value, list):
        return [_normalise(_first(_children(annotation, i)), item, depth + 1) for i, item in enumerate(value)]
    return value


def _first(annotations: list[Any]) -> Any:
    return annotations[0] if annotations else None


def _scan(data: Any) -> tuple[list[tuple[FieldPath, str]], bool]:
    """NaN and infinities anywhere (a number that is no number), and whether the data nests too deep."""
    problems: list[tuple[FieldPath, str]] = []
    stack: list[tuple[FieldPath, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if len(path) > MAX_DEPTH:
            return problems, True
        if isinstance(value, float) and not math.isfinite(value):
            problems.append((path, "not a number" if math.isnan(value) else "not a finite number"))
        elif isinstance(value, Mapping):
            stack.extend(((*path, str(k)), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
    return sorted(problems, key=lambda p: field_path(p[0])), False


def _data_path(loc: Sequence[int | str], data: Any) -> tuple[FieldPath, bool]:
    """The part of a pydantic error location that names data (not union arms or validator tags),
    and whether it ends at a dict key ('[key]')."""
    path: list[str | int] = []
    current = data
    for i, part in enumerate(loc):
        if part == "[key]":
            return tuple(path), True
        found, value = _step(current, part)
        if found:
            path.append(part)
            current = value
            continue
        last = i == len(loc) - 1
        if last and isinstance(part, str) and not re.search(r"[\[\]()\-,]", part) and part not in _TAGS:
            path.append(part)  # a missing field
    return tuple(path), False


def _step(value: Any, part: str | int) -> tuple[bool, Any]:
    """(whether `value` has `part`, the value there)."""
    if isinstance(value, Mapping) and part in value:
        return True, value[part]
    if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
        return True, value[part]
    return False, None


def _at(data: Any, path: FieldPath) -> Any:
    for part in path:
        found, data = _step(data, part)
        if not found:
            return None
    return data


def _quoted_key(data: Any, path: FieldPath, message: str) -> FieldPath:
    """A check on a mapping that quotes one of its keys ("unknown site 'atlantis'") points at that key."""
    target = _at(data, path)
    if isinstance(target, Mapping):
        for quoted in re.findall(r"'([^']+)'", message):
            if quoted in target:
                return (*path, quoted)
    return path


_TAGS = {"int", "str", "float", "bool", "list", "dict", "none"}  # union arms pydantic names in locations


def annotation_at(model: type[BaseModel], path: FieldPath, at_key: bool) -> Any:
    annotations: list[Any] = [model]
    for i, part in enumerate(path):
        key = at_key and i == len(path) - 1
        annotations = [child for a in annotations for child in _children(a, part, is_key=key)]
    return annotations[0] if annotations else None


def _a(words: str) -> str:
    return ("an " if words[:1] in "aeio" else "a ") + words


def _suggest(given: str, choices: Sequence[str], model: type[BaseModel] | None = None) -> str:
    close = difflib.get_close_matches(given.lower(), choices, n=1, cutoff=0.6)
    if close:
        return f"; did you mean '{close[0]}'?"
    if len(choices) <= MAX_SUGGESTED_CHOICES:
        return " (one of " + ", ".join(f"'{c}'" for c in choices) + ")"
    kind = getattr(model, "SCHEMA_KIND", "turn")  # the scenario kind whose schema lists every name
    return " (`awaw schema` lists them)" if kind == "turn" else f" (`awaw schema --kind {kind}` lists them)"


_BOUNDS = {
    "greater_than_equal": "below the least allowed value,",
    "greater_than": "not above the least allowed value,",
    "less_than_equal": "past the largest allowed value,",
    "less_than": "not below the largest allowed value,",
}
_TYPE_MESSAGES = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "text",
    "dict_type": "a mapping (key: value)",
    "list_type": "a list",
    "model_type": "a mapping of fields",
    "model_attributes_type": "a mapping of fields",
    "tuple_type": "a list",
}

_TYPE_ONLY = {
    "int_type",
    "int_parsing",
    "float_type",
    "float_parsing",
    "dict_type",
    "list_type",
    "model_type",
    "model_attributes_type",
    "none_required",
    "string_type",
    "bool_type",
    "bool_parsing",
    "is_instance_of",
    "tuple_type",
}


def validation_problems(
    error: ValidationError, model: type[BaseModel] | None = None, data: Any = None, lines: Lines | None = None
) -> list[tuple[str, str, int | None]]:
    """One problem per mistake: field path, message (with a suggestion for a misspelled name) and line."""
    found: list[tuple[FieldPath, str, str]] = []  # (path, message, error type)
    renamed: set[FieldPath] = set()
    for item in error.errors():
        loc = tuple(item["loc"])
        path, at_key = _data_path(loc, data) if data is not None else (loc, False)
        kind = item["type"]
        given = item.get("input")
        message = item["msg"].removeprefix("Value error, ")
        annotation = annotation_at(model, path, at_key) if model is not None else None
        if kind in ("enum", "literal_error"):
            named = choices_of(annotation)
            choices = (
                named[1] if named else re.findall(r"'([^']*)'", str(item.get("ctx", {}).get("expected", "")))
            )
            words = named[0] if named and named[0] else "valid choice"
            shown = f"'{given}'" if isinstance(given, str) else repr(given)
            message = f"{shown} is not {_a(words)}{_suggest(str(given), choices, model)}"
        elif kind == "extra_forbidden" and model is not None and path:
            parent = annotation_at(model, path[:-1], False)
            names = sorted(
                {
                    info.alias or name
                    for arm in _unwrap(parent)
                    if isinstance(arm, type) and issubclass(arm, BaseModel)
                    for name, info in arm.model_fields.items()
                }
            )
            message = f"unknown field '{path[-1]}'{_suggest(str(path[-1]), names, model)}"
            close = difflib.get_close_matches(str(path[-1]).lower(), names, n=1, cutoff=0.6)
            if close:
                renamed.add((*path[:-1], close[0]))  # the misspelled field's "missing" is the same mistake
        elif kind == "finite_number" or (isinstance(given, float) and math.isnan(given)):
            message = (
                "not a number" if isinstance(given, float) and math.isnan(given) else "not a finite number"
            )
        elif kind in _BOUNDS:
            bound = next(iter(item.get("ctx", {}).values()), None)
            message = f"{given} is {_BOUNDS[kind]} {bound}"
        elif kind in _TYPE_MESSAGES:
            message = f"{given!r} is not {_TYPE_MESSAGES[kind]}"
        elif kind == "missing":
            message = "missing: this field is required"
        elif not at_key:
            # A model-wide check naming its field (within the model) at the start of its message: point
            # at that field.
            named_path = parse_path(message)
            rest = message[len(field_path(named_path)) :] if named_path else ""
            inner = (*path, *named_path)
            if named_path and line_of(lines, inner) != line_of(lines, path) and rest[:1] in (":", " "):
                path, message = inner, rest.lstrip(": ").strip()
        if kind == "value_error" and data is not None:
            path = _quoted_key(data, path, message)
        found.append((path, message, kind))
    by_path: dict[FieldPath, list[tuple[str, str]]] = {}
    for path, message, kind in found:
        if kind == "missing" and path in renamed:
            continue
        by_path.setdefault(path, []).append((message, kind))
    problems: list[tuple[str, str, int | None]] = []
    for path, items in by_path.items():
        # A union (a number or a mapping per faction): the arm the data did not take is no news.
        deeper = any(other[: len(path)] == path and len(other) > len(path) for other in by_path)
        if deeper:
            items = [(m, k) for m, k in items if k not in _TYPE_ONLY]
        if any(kind not in _TYPE_ONLY for _, kind in items):
            items = [(m, k) for m, k in items if k not in _TYPE_ONLY]
        for message in dict.fromkeys(m for m, _ in items):
            problems.append((field_path(path), message, line_of(lines, path)))
    return sorted(problems, key=lambda problem: problem[2] or 0)


def validate(model: type[M], data: Any, file: str, lines: Lines | None = None) -> M:
    """Validate `data` as `model`: case of enumeration values normalised, NaN and nesting refused,
    every error rewritten to one message per mistake with its line."""
    if not isinstance(data, dict):
        raise InputError(file, [("", "expected a mapping of fields at the top level", line_of(lines, ()))])
    non_finite, too_deep = _scan(data)
    if too_deep:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)])
    if non_finite:
        raise InputError(file, [(field_path(p), m, line_of(lines, p)) for p, m in non_finite])
    data = _normalise(model, data)
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


def parse_json(text: str, file: str) -> tuple[Any, Lines]:
    """JSON text's data and the line of each of its fields: at most MAX_DEPTH levels deep."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(file, [("", f"JSON syntax error: {error.msg}", error.lineno)]) from None
    except RecursionError:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)]) from None
    if _scan(data)[1]:
        raise InputError(file, [("", f"nested more than {MAX_DEPTH} levels deep", None)])
    return data, _json_lines(text, file)


def read_json(path: str | Path) -> tuple[Any, Lines]:
    """Read a JSON file (UTF-8) and the line of each of its fields."""
    return parse_json(read_text(path), str(path))


def load_json(path: str | Path, model: type[M]) -> M:
    """Read a JSON file of `model`'s shape (a schedule written by `--json`, for instance)."""
    data, lines = read_json(path)
    return validate(model, data, str(path), lines)


def parse_plan(text: str, file: str = "<plan>") -> Plan:
    """Parse and validate a plan written by `awaw plan --json` (or by hand, in the same shape)."""
    data, lines = parse_json(text, file)
    if isinstance(data, dict) and "format" in data and data["format"] != PLAN_FORMAT:
        problem = f"{data['format']!r} is not a plan format this version reads (it reads '{PLAN_FORMAT}')"
        raise InputError(file, [("format", problem, line_of(lines, ("format",)))])
    return validate(Plan, data, file, lines)


def load_plan(path: str | Path) -> Plan:
    """Read a plan file written by `awaw plan --json` (or by hand, in the same shape)."""
    return parse_plan(read_text(path), str(path))


def load_results_table(path: str | Path) -> AnyResultsTable:
    """Read a player's SW combat results table (YAML or JSON): the game's form (`awaw-sw-results/2`)
    or the older expected-loss rows (`awaw-sw-results/1`); models/sw_results.py."""
    path = Path(path)
    data, lines = parse_yaml(_read(path), str(path))
    model = RESULTS_FORMATS.get(str(data.get("format"))) if isinstance(data, dict) else None
    if model is None:
        problem = f"not a results table format this version reads ({' or '.join(RESULTS_FORMATS)})"
        raise InputError(str(path), [("format", problem, line_of(lines, ("format",)))])
    return validate(model, data, str(path), lines)
