"""What every benchmark prints beside its times: percentiles by nearest rank, and the load average."""

from __future__ import annotations

import math
import os


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the least value with at least `share` (0 < share <= 1) of the values
    at or below it. p95 of 20 values is the 19th smallest, not the largest."""
    if not 0 < share <= 1:
        raise ValueError(f"share {share} is not in (0, 1]")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def load_average() -> str:
    """The 1, 5 and 15 minute load averages and the cores, for the reader to judge the times by."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"
