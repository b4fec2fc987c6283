"""The README's Python examples run as written, from the project's folder (its paths are relative)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_python_examples_run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Python\n") : text.index("## Batch planning\n")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 3
    monkeypatch.chdir(ROOT)
    exec(compile("\n".join(blocks), "README.md", "exec"), {})  # noqa: S102 - the README's own examples
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 3 and printed[0].startswith("optimal ")
    assert printed[1].endswith(" True")  # the bundled plan of scenarios/plans is legal
    assert printed[2].startswith("mobilize optimal {")
