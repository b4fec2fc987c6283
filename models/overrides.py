"""A scenario's objective and horizon changed from outside its file: `awaw plan`'s options and the web
page's controls, written the same way (`armor=2.5`, `germany:armor:6`, `italy=10`) and validated like
the file. Errors are `InputError`s naming where the change came from ("command line", the page's
controls) rather than the file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from models.io import InputError, validate
from models.scenario import Scenario

# How each list option is named in its errors: the CLI's option names by default.
CLI_NAMES = {"values": "--value", "minimum": "--min", "reserve": "--reserve"}


@dataclass(frozen=True)
class Overrides:
    """What to change; None or empty leaves the scenario's own setting."""

    preset: str | None = None  # max-value or max-factors; drops the file's `priorities`
    values: Sequence[str] = ()  # UNIT=VALUE
    minimum: Sequence[str] = ()  # POWER:UNIT:FACTORS, `any` for either of the first two
    reserve: Sequence[str] = ()  # POWER=BRPS, replacing the file's reserve of that power
    unspent_value: float | None = None
    oil_value: float | None = None
    horizon: int | None = None  # horizon.turns
    discount: float | None = None  # horizon.discount


def _pair(name: str, text: str, example: str) -> tuple[str, str]:
    key, _, value = text.partition("=")
    if not value.strip():
        raise ValueError(f"{name} {text!r}: expected {example}")
    return key.strip().lower(), value.strip()


def _once(given: dict[tuple[str, str], str], option: str, name: str, text: str) -> None:
    """Raise ValueError when `option` already set `name` (`italy=60` then `italy=0`)."""
    key = (option, name.strip().lower())
    if key in given:
        raise ValueError(
            f"{option}: {name.strip()} given twice ({given[key]!r}, then {text!r}); give it once"
        )
    given[key] = text


def _minimum(name: str, text: str) -> dict[str, Any]:
    parts = [part.strip() for part in text.split(":")]
    if len(parts) != 3:
        raise ValueError(f"{name} {text!r}: expected POWER:UNIT:FACTORS, e.g. germany:armor:6")
    power, unit, factors = parts
    item: dict[str, Any] = {"factors": factors}
    if power != "any":
        item["power"] = power
    if unit != "any":
        item["unit"] = unit
    return item


def apply_overrides(
    scenario: Scenario,
    overrides: Overrides,
    source: str = "command line",
    names: Mapping[str, str] = CLI_NAMES,
) -> Scenario:
    """The scenario with `overrides` applied, validated like the file; raises `InputError` naming
    `source` and, for a badly written item, the option by its name in `names`."""
    if overrides == Overrides():
        return scenario
    data = scenario.model_dump(mode="json", by_alias=True, exclude_unset=True)
    objective = data.setdefault("objective", {})
    try:
        if overrides.preset is not None:
            objective["preset"] = overrides.preset
            objective.pop("priorities", None)
        given: dict[tuple[str, str], str] = {}  # each name an option sets, once: a second would silently win
        for text in overrides.values:
            unit, worth = _pair(names["values"], text, "UNIT=VALUE, e.g. armor=2.5")
            _once(given, names["values"], unit, text)
            objective.setdefault("values", {})[unit] = worth
        for text in overrides.minimum:
            objective.setdefault("minimum", []).append(_minimum(names["minimum"], text))
        for text in overrides.reserve:
            power, brps = _pair(names["reserve"], text, "POWER=BRPS, e.g. italy=10")
            _once(given, names["reserve"], power, text)
            objective.setdefault("reserve", {})[power] = brps  # replaces the file's, in any case
    except ValueError as error:
        raise InputError(source, [("", str(error))]) from None
    if overrides.unspent_value is not None:
        objective["unspent_brp_value"] = overrides.unspent_value
    if overrides.oil_value is not None:
        objective["oil_counter_value"] = overrides.oil_value
    if overrides.horizon is not None or overrides.discount is not None:
        horizon = data.setdefault("horizon", {})
        if overrides.horizon is not None:
            horizon["turns"] = overrides.horizon
        if overrides.discount is not None:
            horizon["discount"] = overrides.discount
    return validate(Scenario, data, source)
