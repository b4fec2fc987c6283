"""The limits every YAML document is read within: its size, its nodes, and what its aliases may add.

A YAML alias (`*name`) repeats the node its anchor (`&name`) names. Nine lines of aliases, each
repeating the one before nine times (the "billion laughs"), make a 486-byte file that stands for a
billion values: PyYAML composes and constructs it cheaply (each alias is the same object again), but
every walk over the data after it (the line of each field, validation) expands it. So before a
document is composed, its events are read with PyYAML's own parser (libyaml's where built in) and each
alias is counted with the number of nodes it repeats: more than `MAX_ALIASES` aliases, more than
`MAX_ALIAS_NODES` nodes added by them, or an alias inside the node it names (an endless document) is
refused at the alias's line, before anything is expanded. A document with no `*` has no alias and is not
scanned. `MAX_TEXT` and `MAX_NODES` bound a document without aliases too.

Anchors and merge keys as players write them (`<<: *defaults` for a few powers' common fields) stay far
inside these limits.
"""

from __future__ import annotations

import yaml

from models.errors import InputError

MAX_TEXT = 5_000_000  # characters: a scenario file is a few kB, the largest bundled one about 15 kB
MAX_NODES = 500_000  # nodes of one document as written (values, lists and mappings)
MAX_ALIASES = 1_000  # aliases in one document
MAX_ALIAS_NODES = 100_000  # nodes the aliases of one document may add to it, all together
# Digits of an integer as written: far past any count, BRP total or value the game reaches, and far short
# of the 4,300 past which Python refuses to read one (a ValueError in the middle of reading otherwise).
MAX_DIGITS = 100

# libyaml's safe loader when PyYAML was built with it: the same documents and events, parsed faster
# (every YAML reader of the project uses it: models/io.py, optimizer/batch/inputs.py).
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check_size(text: str, file: str) -> None:
    """Refuse a document over `MAX_TEXT` characters before it is parsed."""
    if len(text) > MAX_TEXT:
        problem = f"{len(text):,} characters: more than the {MAX_TEXT:,} a document may have"
        raise InputError(file, [("", problem, None)])


def check_text(text: str, file: str) -> None:
    """Refuse text that is not Unicode text a file can hold: a lone surrogate, which no UTF-8 file has but
    a JSON escape (`"\\ud800"`) can give, names its line (YAML readers would fail on it otherwise)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        problem = f"not valid Unicode text (a lone surrogate, U+{ord(text[error.start]):04X})"
        raise InputError(file, [("", problem, line)]) from None


def check_events(text: str, file: str, most: int, depth: int) -> None:
    """Refuse a document of more than `most` values, lists and mappings, or nested more than `depth`
    levels, read as PyYAML's events (no nodes built) and stopped at the first past a limit: what a reader
    that composes the whole document (the page's form, `optimizer.web.form`) checks first, so that no
    document costs more than `most` nodes to read. YAML syntax errors are left to the composer."""
    loader = LOADER(text)
    count = level = 0
    try:
        while (event := loader.get_event()) is not None:
            if isinstance(event, yaml.CollectionEndEvent):
                level -= 1
                continue
            if isinstance(event, yaml.ScalarEvent | yaml.AliasEvent | yaml.CollectionStartEvent):
                count += 1
                line = event.start_mark.line + 1 if event.start_mark else None
                if count > most:
                    raise InputError(file, [("", f"more than {most:,} values, lists and mappings", line)])
            if isinstance(event, yaml.CollectionStartEvent):
                level += 1
                if level > depth:
                    raise InputError(file, [("", f"nested too deeply (more than {depth} levels)", line)])
    except yaml.YAMLError:
        return  # bad syntax: the composer says where
    finally:
        loader.dispose()


def long_number(node: yaml.Node) -> str | None:
    """What is wrong with a scalar node that is an integer of more than `MAX_DIGITS` digits, else None."""
    if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":int"):
        digits = sum(c.isdigit() for c in str(node.value))
        if digits > MAX_DIGITS:
            return f"a number of {digits:,} digits: more than the {MAX_DIGITS} any value of the game needs"
    return None


def check_nodes(count: int, file: str) -> None:
    """Refuse a document of more than `MAX_NODES` nodes (counted while its lines are read)."""
    if count > MAX_NODES:
        raise InputError(file, [("", f"more than {MAX_NODES:,} values, lists and mappings", None)])


def check_aliases(text: str, file: str) -> None:
    """Refuse a document whose aliases repeat too much (module docstring), naming the alias's line.

    YAML syntax errors are left to the composer, which reports them with their own lines."""
    if "*" not in text:
        return
    loader = LOADER(text)
    sizes: dict[str, int] = {}  # each finished anchor's node count, aliases inside it expanded
    open_nodes: list[list[int | str | None]] = []  # [nodes so far, anchor] of each collection being read
    aliases = 0
    added = 0
    try:
        while (event := loader.get_event()) is not None:
            size = 0
            if isinstance(event, yaml.AliasEvent):
                line = event.start_mark.line + 1 if event.start_mark else None
                if any(node[1] == event.anchor for node in open_nodes):
                    problem = f"alias *{event.anchor} inside the node it repeats: an endless document"
                    raise InputError(file, [("", problem, line)])
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise InputError(file, [("", f"more than {MAX_ALIASES:,} YAML aliases", line)])
                size = sizes.get(str(event.anchor), 1)
                added += size
                if added > MAX_ALIAS_NODES:
                    problem = (
                        f"YAML aliases repeat more than {MAX_ALIAS_NODES:,} values (an alias bomb?); "
                        "write the values out instead"
                    )
                    raise InputError(file, [("", problem, line)])
            elif isinstance(event, yaml.ScalarEvent):
                size = 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                open_nodes.append([1, event.anchor])
                continue
            elif isinstance(event, yaml.CollectionEndEvent):
                count, anchor = open_nodes.pop()
                size = int(count or 0)
                if anchor is not None:
                    sizes[str(anchor)] = size
            if open_nodes:
                open_nodes[-1][0] = int(open_nodes[-1][0] or 0) + size
    except yaml.YAMLError:
        return  # bad syntax: the composer says where
    finally:
        loader.dispose()
