"""`awaw new`: a commented starting scenario for a faction, from the bundled templates.

`new_scenario.yaml.tmpl` holds every section of a scenario with a comment on each
field; `new_power.yaml.tmpl` the block of one power, repeated for each power of the
faction (and its allies' powers it may plan with, 40.3, are left for the player to
add). The settings are written from their models, each at its default with its
description, so that a new setting appears here as soon as it exists.
"""

from __future__ import annotations

import textwrap
from importlib.resources import files
from string import Template

from models.scenario import Settings, Turn
from models.tables import FACTION_POWERS, Faction


def _template(name: str) -> Template:
    return Template(files("scenarios").joinpath(name).read_text(encoding="utf-8"))


def _yaml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _settings_block() -> str:
    """Every setting at its default, its description as the comment above it (wrapped)."""
    lines: list[str] = []
    for name, field in Settings.model_fields.items():
        lines.extend(f"  # {line}" for line in textwrap.wrap(field.description or "", width=96))
        lines.append(f"  {name}: {_yaml_value(field.default)}")
    return "\n".join(lines) + "\n"


def new_scenario(faction: Faction, turn: Turn) -> str:
    """The starting scenario of `faction` for `turn`, as commented YAML."""
    power_block = _template("new_power.yaml.tmpl")
    powers = "".join(power_block.substitute(power=power.value) for power in FACTION_POWERS[faction])
    title = f"{faction.value.replace('_', ' ').title()}, {turn.season.value.title()} {turn.year}"
    return _template("new_scenario.yaml.tmpl").substitute(
        title=title,
        season=turn.season.value,
        year=turn.year,
        faction=faction.value,
        powers=powers,
        settings=_settings_block(),
    )
