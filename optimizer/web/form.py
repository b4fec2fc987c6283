"""The page's position form, without HTTP: the common sections of a turn scenario (each power's BRPs, BRP
base and force pool, the oil counters, the objective's preset, values and reserves) read from the YAML
text, and a change made in the form written back into that text.

The text is changed in place, at the characters of the value changed (PyYAML's node marks), so that its
comments, order and layout stay as the player wrote them; the YAML stays the scenario, the form is a
view of part of it. Reading needs no valid scenario (the form follows the text while it is being typed);
a change is refused (`FormError`) where the text cannot be parsed or the value is not of the field's kind.
Aliases are not followed: a value reached through one is not offered in the form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from models.tables import UnitType

MAX_NUMBER = 100_000  # larger than any count, BRP total or value the game reaches
UNITS = tuple(unit.value for unit in UnitType)  # the BRP Costs Chart's unit types (27.12)


class FormError(ValueError):
    """A change the form cannot write: said in a sentence naming the field."""


def _compose(text: str) -> yaml.Node | None:
    """The text's nodes, within the limits every YAML reader keeps (`models.yaml_limits`: its size, its
    text, its aliases) and the page's (`optimizer.web.limits`: its lines, its values, and the nesting
    validation reads), checked before it is composed: the values are counted from libyaml's events,
    stopped at the first past the page's limit, so that no text costs the server more than that to read
    (a megabyte of values on one line took seconds of the server's own CPU and its memory before)."""
    from models.errors import InputError
    from models.validation import MAX_DEPTH
    from models.yaml_limits import check_aliases, check_events, check_size, check_text
    from optimizer.web.limits import MAX_VALUES, check_text_size

    try:
        check_size(text, "scenario")
        check_text(text, "scenario")
        check_text_size(text, "scenario")
        check_aliases(text, "scenario")
        check_events(text, "scenario", MAX_VALUES, MAX_DEPTH)
    except InputError as error:
        problem = "; ".join(
            f"{said} (line {line})" if line else said
            for (_, said), line in zip(error.problems, error.lines, strict=True)
        )
        raise FormError(f"the form does not follow this YAML: {problem}") from None
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise FormError(f"the YAML cannot be read, so the form cannot follow it: {error}") from None
    except RecursionError:
        raise FormError(f"the form does not follow this YAML: nested more than {MAX_DEPTH} levels") from None


def _get(node: yaml.Node | None, key: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode) and isinstance(key, str):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return v
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
        return node.value[key]
    return None


def _at(root: yaml.Node | None, path: list[str | int]) -> yaml.Node | None:
    node = root
    for key in path:
        node = _get(node, key)
    return node


def _scalar(node: yaml.Node | None) -> Any:
    """A scalar's value as the safe loader reads it; None for anything else."""
    if not isinstance(node, yaml.ScalarNode):
        return None
    return yaml.safe_load(yaml.serialize(node))


def _number(node: yaml.Node | None) -> int | float | None:
    value = _scalar(node)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def _entry(node: yaml.Node) -> dict[str, Any] | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return {
        "id": _scalar(_get(node, "id")),
        "unit": _scalar(_get(node, "unit")),
        "factors": _number(_get(node, "factors")),
        "count": _number(_get(node, "count")),
    }


def read_form(text: str) -> dict[str, Any]:
    """The form's fields as the text has them: `{"turn": False}` for a text that is no turn scenario's
    mapping with `powers`; raises `FormError` for a text that cannot be parsed."""
    root = _compose(text)
    powers = _get(root, "powers")
    if not isinstance(root, yaml.MappingNode) or not isinstance(powers, yaml.MappingNode):
        return {"turn": False}
    objective = _get(root, "objective")
    reserve = _get(objective, "reserve")
    out_powers = []
    for key, value in powers.value:
        if not isinstance(key, yaml.ScalarNode):
            continue
        pool = _get(value, "force_pool")
        entries = [_entry(item) for item in pool.value] if isinstance(pool, yaml.SequenceNode) else []
        out_powers.append(
            {
                "power": key.value,
                "brps": _number(_get(value, "brps")),
                "brp_base": _number(_get(value, "brp_base")),
                "reserve": _number(_get(reserve, key.value)),
                "force_pool": entries,
            }
        )
    oil = _get(root, "oil_counters")
    if isinstance(oil, yaml.MappingNode):
        oil_out: Any = {k.value: _number(v) for k, v in oil.value if isinstance(k, yaml.ScalarNode)}
    else:
        oil_out = _number(oil)
    return {
        "turn": True,
        "powers": out_powers,
        "oil_counters": oil_out,
        "objective": {
            "preset": _scalar(_get(objective, "preset")),
            "unspent_brp_value": _number(_get(objective, "unspent_brp_value")),
            "oil_counter_value": _number(_get(objective, "oil_counter_value")),
        },
        "units": list(UNITS),
    }


@dataclass(frozen=True)
class Change:
    """One change of the form: the value at `path` (keys and list indices from the top of the file) set
    to `value`, or the force pool entry at `path` removed (`remove`), or an entry added to the force pool
    at `path` (`add`)."""

    path: list[str | int]
    value: Any = None
    remove: bool = False
    add: bool = False


def _field_name(path: list[str | int]) -> str:
    return ".".join(str(part) for part in path)


def _plain(path: list[str | int], value: Any) -> str:
    """The value as YAML text for one field: a number in range, a preset, or an entry."""
    name = _field_name(path)
    last = path[-1]
    if last == "preset":
        if value not in ("max-value", "max-factors"):
            raise FormError(f"{name}: {value!r} is not a preset (max-value or max-factors)")
        return str(value)
    if last in ("unspent_brp_value", "oil_counter_value"):
        if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
            raise FormError(f"{name}: {value!r} is not a value from 0 to {MAX_NUMBER}")
        return repr(float(value)) if isinstance(value, float) else str(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
        raise FormError(f"{name}: {value!r} is not a whole number from 0 to {MAX_NUMBER}")
    return str(value)


def _entry_text(path: list[str | int], value: Any, old: yaml.Node | None) -> str:
    """A force pool entry as a one-line flow mapping: the form's four fields, and the entry's other fields
    as they were."""
    name = _field_name(path)
    if not isinstance(value, dict):
        raise FormError(f"{name}: expected an entry with id, unit, factors and count")
    entry_id, unit = value.get("id"), value.get("unit")
    if not isinstance(entry_id, str) or not entry_id or not all(c.isalnum() or c in "_.-" for c in entry_id):
        raise FormError(f"{name}.id: {entry_id!r} is not an entry name (letters, digits, _ . -)")
    if unit not in UNITS:
        raise FormError(f"{name}.unit: {unit!r} is not a unit type ({', '.join(UNITS)})")
    data: dict[str, Any] = {"id": entry_id, "unit": unit}
    for key in ("factors", "count"):
        if key == "factors" and value.get(key) is None:
            continue  # not given: one factor a counter (the field's default, 27.5)
        data[key] = int(_plain([*path, key], value.get(key)))
    if isinstance(old, yaml.MappingNode):
        for k, v in old.value:
            if isinstance(k, yaml.ScalarNode) and k.value not in data:
                data[k.value] = yaml.safe_load(yaml.serialize(v))
    return yaml.safe_dump(data, default_flow_style=True, sort_keys=False, width=10_000).strip()


def _line_end(text: str, node: yaml.Node) -> int:
    """Where the last line of a node ends (its newline, or the end of the text): after its comment."""
    end = text.find("\n", _content_end(node))
    return len(text) if end < 0 else end


def _indent_of(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    line = text[start:index]
    return line[: len(line) - len(line.lstrip())]


def apply_change(text: str, change: Change) -> str:
    """The text with the change written in, everything else as it was. Raises `FormError`."""
    root = _compose(text)
    path = change.path
    if not path or not isinstance(root, yaml.MappingNode):
        raise FormError("the form edits a turn scenario: a mapping of fields with powers")
    name = _field_name(path)
    if change.add:
        pool = _at(root, path)
        new = _entry_text([*path, "new"], change.value, None)
        if isinstance(pool, yaml.SequenceNode) and pool.flow_style:
            end = pool.end_mark.index - 1  # before the closing bracket
            return text[:end] + (", " if pool.value else "") + new + text[end:]
        if isinstance(pool, yaml.SequenceNode) and pool.value:
            indent = _indent_of(text, pool.value[0].start_mark.index)
            end = _line_end(text, pool.value[-1])
            return text[:end] + "\n" + indent + "- " + new + text[end:]
        raise FormError(f"{name}: no force pool list to add to; write the first entry in the YAML")
    node = _at(root, path)
    if change.remove:
        parent = _at(root, path[:-1])
        if not isinstance(parent, yaml.SequenceNode) or node is None:
            raise FormError(f"{name}: no such force pool entry")
        if parent.flow_style:
            raise FormError(f"{name}: remove entries of a one-line list in the YAML")
        start = text.rfind("\n", 0, node.start_mark.index) + 1
        return text[:start] + text[_line_end(text, node) + 1 :]
    if isinstance(path[-1], int):
        replaced = _entry_text(path, change.value, node)
    else:
        replaced = _plain(path, change.value)
    if node is not None:
        if not isinstance(node, yaml.ScalarNode | yaml.MappingNode):
            raise FormError(f"{name}: not a single value in the YAML; change it there")
        return text[: node.start_mark.index] + replaced + text[_content_end(node) :]
    return _insert(text, root, path, replaced)


def _content_end(node: yaml.Node) -> int:
    """Where a node's own text ends: a block mapping's end mark lies past the line break after it (and
    past any comment there), its last value's does not."""
    if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
        return _content_end(node.value[-1][1])
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return _content_end(node.value[-1])
    return int(node.end_mark.index)


def _insert(text: str, root: yaml.MappingNode, path: list[str | int], value: str) -> str:
    """A field the text does not have yet, written before the first key of its mapping (made when the
    mapping itself is missing, one level at most: `objective:` or `reserve:`)."""
    name = _field_name(path)
    parent = _at(root, path[:-1])
    key = str(path[-1])
    if parent is None and len(path) >= 2:
        grand = _at(root, path[:-2])
        if isinstance(grand, yaml.MappingNode):
            return _insert_key(text, grand, str(path[-2]), f"{{{key}: {value}}}", name)
    if not isinstance(parent, yaml.MappingNode):
        raise FormError(f"{name}: its section is missing or not a mapping; add it in the YAML")
    return _insert_key(text, parent, key, value, name)


def _insert_key(text: str, mapping: yaml.MappingNode, key: str, value: str, name: str) -> str:
    if not mapping.value:
        raise FormError(f"{name}: its section is empty; add the field in the YAML")
    first = mapping.value[0][0]
    at = first.start_mark.index
    if mapping.flow_style:
        return text[:at] + f"{key}: {value}, " + text[at:]
    start = text.rfind("\n", 0, at) + 1
    indent = " " * first.start_mark.column
    if text[start:at].strip():  # the first key follows '- ' or another token on its line
        return text[:at] + f"{key}: {value}\n" + indent + text[at:]
    return text[:start] + f"{indent}{key}: {value}\n" + text[start:]


def read_change(data: Any) -> Change:
    """A change as the page sends it. Raises `FormError`."""
    if not isinstance(data, dict):
        raise FormError('expected {"path": [...], "value": ...}')
    path = data.get("path")
    if (
        not isinstance(path, list)
        or not path
        or len(path) > 6
        or not all(isinstance(p, str | int) and not isinstance(p, bool) for p in path)
    ):
        raise FormError("the change's path is not a list of keys and indices")
    return Change(path, data.get("value"), bool(data.get("remove")), bool(data.get("add")))
