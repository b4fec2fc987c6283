"""Bundled scenario files (YAML). `DEFAULT` is the one `awaw plan` runs without an argument."""

from importlib.resources import files
from pathlib import Path

DEFAULT = "european_axis_spring_1942.yaml"


def path(name: str = DEFAULT) -> Path:
    """Path of a bundled scenario file."""
    return Path(str(files(__name__).joinpath(name)))


def bundled() -> list[Path]:
    """Every bundled scenario, sorted by name."""
    return sorted(p for p in Path(str(files(__name__))).iterdir() if p.suffix == ".yaml")
