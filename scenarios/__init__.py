"""Bundled scenario files (YAML). `DEFAULT` is the one `awaw plan` runs without an argument."""

from importlib.resources import files
from pathlib import Path

DEFAULT = "european_axis_spring_1942.yaml"


def path(name: str = DEFAULT) -> Path:
    """Path of a bundled scenario file."""
    return Path(str(files(__name__).joinpath(name)))


def bundled() -> list[Path]:
    """Every bundled scenario of a turn (rules 27 and 40, with the sections of rules 25 and 14), sorted by
    name."""
    return sorted(p for p in Path(str(files(__name__))).iterdir() if p.suffix == ".yaml")


ENGINEERS = "engineers"  # the folder of the bundled engineers scenarios (`kind: engineers`)
SEASONS = (
    "seasons"  # the folder of the bundled seasons (turn scenarios with a `season:` section, `awaw season`)
)


def every() -> dict[str, Path]:
    """Every bundled scenario of every kind, by its name relative to this folder
    (`european_axis_spring_1942.yaml`, `engineers/rail_and_airbase.yaml`, `seasons/...`), sorted by name
    within each kind."""
    root = Path(str(files(__name__)))
    found = [*bundled(), *sorted((root / ENGINEERS).glob("*.yaml")), *sorted((root / SEASONS).glob("*.yaml"))]
    return {path.relative_to(root).as_posix(): path for path in found}
