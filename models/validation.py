"""Pydantic's validation errors rewritten into one message per mistake, with its line and a suggestion
(`difflib`) instead of the list of all choices, and names written in other cases (`Winter`, `Germany`,
`ARMOR`) read as the enumeration value they mean wherever the model expects one (`models.io.validate`)."""

from __future__ import annotations

import datetime
import difflib
import math
import re
import types
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from models.base import LABEL, NAME
from models.errors import FieldPath, Lines, field_path, line_of, parse_path

MAX_DEPTH = 64  # scenario and plan files nest about 8 levels; anything past this is not one of them
MAX_SUGGESTED_CHOICES = 6  # a short list of choices is shown whole; a long one only through a suggestion

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


class NotANumber:
    """A true or false where the model wants a number (`normalise`): pydantic reads `true` as 1 and
    `false` as 0, so `brps: yes` (YAML's true, as are `on` and `true`) planned a power with 1 BRP; put in
    its place, it fails the number's validation and is named as what the player wrote."""

    def __init__(self, given: bool) -> None:
        self.given = given

    def __repr__(self) -> str:
        return "true" if self.given else "false"


def _numeric(annotation: Any) -> bool:
    """Whether a field of `annotation` takes a number and never true or false."""
    arms = _unwrap(annotation)
    return any(arm in (int, float) for arm in arms) and not any(arm in (bool, Any, object) for arm in arms)


def normalise(annotation: Any, value: Any, depth: int = 0) -> Any:
    """`value` with enumeration values and enumeration-typed dict keys in the case the model uses, and a
    true or false given for a number marked as no number (`NotANumber`)."""
    if depth > MAX_DEPTH:
        return value
    if isinstance(value, bool):
        return NotANumber(value) if _numeric(annotation) else value
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
                key: normalise(_first(_children(annotation, key)), item, depth + 1)
                if isinstance(key, str)
                else item
                for key, item in value.items()
            }
        key_type = _first(_children(annotation, "", is_key=True))
        value_type = _first(_children(annotation, ""))
        out = {}
        for key, item in value.items():
            new_key = normalise(key_type, key, depth + 1) if isinstance(key, str) else key
            out[new_key if new_key not in out else key] = normalise(value_type, item, depth + 1)
        return out
    if isinstance(value, list):
        return [normalise(_first(_children(annotation, i)), item, depth + 1) for i, item in enumerate(value)]
    return value


def _float(given: Any) -> float | None:
    """A value as the float pydantic reads it (`nan`, `inf` given as text on the command line too)."""
    if isinstance(given, float):
        return given
    if isinstance(given, str):
        try:
            return float(given)
        except ValueError:
            return None
    return None


def _first(annotations: list[Any]) -> Any:
    return annotations[0] if annotations else None


def scan(data: Any) -> tuple[list[tuple[FieldPath, str]], bool]:
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
        elif kind == "finite_number" or not math.isfinite(_float(given) or 0.0):
            message = "not a number" if math.isnan(_float(given) or 0.0) else "not a finite number"
        elif kind in _BOUNDS:
            bound = next(iter(item.get("ctx", {}).values()), None)
            message = f"{given} is {_BOUNDS[kind]} {bound}"
        elif kind in _TYPE_MESSAGES and isinstance(given, datetime.date):
            message = f"{given.isoformat()} is read by YAML as a date, not {_TYPE_MESSAGES[kind]} (put it in quotes)"
        elif kind in _TYPE_MESSAGES:
            message = f"{given!r} is not {_TYPE_MESSAGES[kind]}"
        elif kind == "missing":
            message = "missing: this field is required"
        elif kind == "string_pattern_mismatch" and item.get("ctx", {}).get("pattern") == LABEL:
            message = f"{given!r}: a label has only letters, digits, '_', '.' and '-'"
        elif kind == "string_pattern_mismatch" and item.get("ctx", {}).get("pattern") == NAME:
            message = f"{given!r}: a name has no ':', '>', '@' or '=' (they separate a decision's parts)"
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
