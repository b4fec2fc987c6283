"""Reading scenario and plan files, with errors that name the file, the field and the problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from models.plan import Plan
from models.scenario import Scenario

M = TypeVar("M", bound=BaseModel)
# libyaml's safe loader when PyYAML was built with it: the same documents, parsed faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class InputError(Exception):
    """Bad input: a file that cannot be read, parsed or validated."""

    def __init__(self, file: str, problems: list[tuple[str, str]]) -> None:
        self.file = file
        self.problems = problems  # (field path, problem)
        super().__init__(self.render())

    def render(self) -> str:
        lines = [f"{self.file}: invalid input"]
        for field, problem in self.problems:
            lines.append(f"  {field or '(top level)'}: {problem}")
        return "\n".join(lines)


def _field_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def validation_problems(error: ValidationError) -> list[tuple[str, str]]:
    problems = []
    for item in error.errors():
        message = item["msg"].removeprefix("Value error, ")
        problems.append((_field_path(tuple(item["loc"])), message))
    return problems


def _validate(model: type[M], data: Any, file: str) -> M:
    if not isinstance(data, dict):
        raise InputError(file, [("", "expected a mapping of fields at the top level")])
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise InputError(file, validation_problems(error)) from None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(str(path), [("", f"cannot read file: {error.strerror or error}")]) from None


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Parse and validate scenario YAML."""
    try:
        data = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise InputError(file, [(where, f"YAML syntax error: {problem}")]) from None
    return _validate(Scenario, data, file)


def scenario_from_data(data: Any, file: str) -> Scenario:
    """Validate scenario data already parsed (from YAML, JSON or a sweep), naming `file` in errors."""
    return _validate(Scenario, data, file)


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file (27.x rules are checked by the models' validators)."""
    path = Path(path)
    return parse_scenario(_read(path), str(path))


def load_plan(path: str | Path) -> Plan:
    """Read a plan written by `awaw plan --json` (or by hand, in the same shape)."""
    path = Path(path)
    text = _read(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(str(path), [(f"line {error.lineno}, column {error.colno}", error.msg)]) from None
    return _validate(Plan, data, str(path))
