"""Bad input: `InputError`, one `FILE:LINE: field: problem` line per mistake, and the field paths and lines
it names (a YAML or JSON file's line of each field, read by `models.io`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

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
