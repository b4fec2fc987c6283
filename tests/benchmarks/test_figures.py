"""The benchmarks' percentile is the nearest rank: the least value with at least that share at or below."""

from __future__ import annotations

import pytest

from benchmarks.figures import load_average, percentile


def test_p95_of_twenty_is_the_nineteenth_not_the_largest():
    values = [float(v) for v in range(20, 0, -1)]
    assert percentile(values, 0.95) == 19.0
    assert percentile(values, 0.5) == 10.0
    assert percentile(values, 1.0) == 20.0
    assert percentile([7.0], 0.95) == 7.0


def test_a_share_given_as_a_percent_is_refused():
    with pytest.raises(ValueError, match="not in"):
        percentile([1.0, 2.0], 95)


def test_load_average_names_the_cores():
    assert load_average().startswith("load average ")
    assert load_average().endswith(" cores")
