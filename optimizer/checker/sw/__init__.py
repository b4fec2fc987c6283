"""Submarine warfare (rule 25), re-derived from the text by the checker: the modifiers of each campaign
(`derive`), the legality of a deployment (`check_deployment`), its worth (`deployment_value`) and the
SW figures of a turn plan (`check_sw_report`). Imports only models/."""

from optimizer.checker.sw.deployment import check_deployment, may_enter
from optimizer.checker.sw.derive import Derived, derive, positions
from optimizer.checker.sw.report import check_sw_report, with_builds
from optimizer.checker.sw.value import deployment_value

__all__ = [
    "Derived",
    "check_deployment",
    "check_sw_report",
    "deployment_value",
    "derive",
    "may_enter",
    "positions",
    "with_builds",
]
