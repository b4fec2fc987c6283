"""Positions for the web page's safety tests: an alias bomb, a scenario past the page's size limits, and a
turn position whose solve runs several seconds, finding better plans as it goes (to watch and cancel)."""

from __future__ import annotations

import yaml

import scenarios
from models.generate import random_scenario
from tests.models.test_yaml_limits import BOMB, BOMB_LINE

__all__ = ["BOMB", "BOMB_LINE", "long_solve_text", "oversized_text"]

# The property tests' generator (models.generate): the U.S., Britain, Russia and China with grants (rule
# 40), up to 48 force pool entries each and naval construction over a 12-turn horizon. Seed 50577 was
# found by solving seeds 50000-50611: CP-SAT finds its first plan within a second and then improves it
# about a dozen times; the whole solve takes about 10 s of the clock here, the longest of them. (Seed
# 50019, the longest of 50000-50059 before, took 0.6 s once the generator stated the Australian ships
# in play its charts imply and U.S. boxes stopped repairing before war, 27.712 D, 27.7264.)
LONG_SOLVE_SEED = 50577


def long_solve_text() -> str:
    scenario = random_scenario(
        LONG_SOLVE_SEED, requirements=False, joint_grants=True, max_entries=48, max_count=8, naval_turns=12
    )
    return yaml.safe_dump(scenario.model_dump(mode="json", exclude_defaults=True), sort_keys=False)


def oversized_text(entries: int, flow: bool = True) -> str:
    """The default scenario with `entries` more infantry entries in Germany's force pool, each on a line of
    its own (about 60 bytes: 15,000 of them are about 950 kB, under the page's 1 MB request limit and
    20,000 lines), or with `flow` False written out on four lines each."""
    text = scenarios.path().read_text(encoding="utf-8")
    if flow:
        line = "      - {{id: extra-{i}, unit: infantry, factors: 3, count: 1}}\n"
    else:
        line = "      - id: extra-{i}\n        unit: infantry\n        factors: 3\n        count: 1\n"
    extra = "".join(line.format(i=i) for i in range(entries))
    return text.replace("    force_pool:\n", "    force_pool:\n" + extra, 1)
