"""Imported by the fork server of the page's workers (`workers.PRELOAD`), once, before it forks any: loads
the planner and warms it on the default scenario (`tasks.warm`), so that every worker forked from it, the
first and each one forked in place of a cancelled one, plans at once. Only the fork server imports it.
"""

from __future__ import annotations

import logging

from optimizer.deferred_pandas import defer_pandas

defer_pandas()  # the fork server is a process of the project's own: the solver without pandas

from optimizer.web import tasks  # noqa: E402

try:
    tasks.warm()
except Exception:  # a worker warms itself again before its first request; the fork server must start
    logging.getLogger(__name__).exception("warming the planner in the fork server failed")
