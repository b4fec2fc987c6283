"""The checker on rule 40 as a whole: grant mode, and a full solver-shaped plan."""

from __future__ import annotations

import copy

from models.plan import RouteOpening, TransportUse
from models.route_data import LEG_BY_ID
from models.scenario import Scenario
from models.tables import Faction, Power
from optimizer.checker import check
from optimizer.checker.brps import brps_available
from optimizer.checker.grants.routes import transports_required
from optimizer.checker.limits import construction_limit
from optimizer.checker.report import derive_oil, derive_report

from .helpers import (
    ALLIES,
    BRITAIN_MURMANSK,
    RU,
    US_BRITAIN,
    US_CANADA,
    WA,
    build,
    edited,
    grant,
    plan,
    rules,
    scenario,
)


def test_no_grants_section_no_grant_decisions() -> None:
    """40 (README): without a `grants:` section grants are fixed inputs (`grants_made`), so a plan
    may not grant, escort or open routes; each list is one violation."""
    data = copy.deepcopy(ALLIES)
    del data["grants"]
    s = Scenario.model_validate(data)
    result = check(
        s,
        plan(
            grant("usa", US_BRITAIN, 5),
            openings=[RouteOpening(route="siberia", paid_by=Power.USA, brps=25)],
            transports=[TransportUse(leg="us_atlantic_box->britain", ocean="atlantic", transports=1)],
        ),
    )
    assert rules(result) == ["40", "40", "40"]
    # the fixed grants still work as before: 10 BRPs from the U.S. to Britain (40.23)
    fixed = edited({**ALLIES, "grants": None}, "usa", grants_made=[{"to": "britain", "brps": 10}])
    assert brps_available(fixed, Power.BRITAIN) == 110
    assert construction_limit(fixed, Power.USA) == 100 - 3


def test_empty_plan_is_legal_in_grant_mode() -> None:
    """40.11: granting is optional; a plan without grants breaks nothing."""
    assert check(scenario(), plan()) == []


def test_full_solver_shaped_plan_passes() -> None:
    """A plan with builds, grants, transports, oil shipped and the whole accounting agrees with the
    derivation (40.23, 40.221, 40.25, 27.31, 27.35)."""
    s = scenario()
    grants = [
        grant("usa", US_BRITAIN, 20),
        grant("britain", BRITAIN_MURMANSK, 10, oil=1),
        grant("usa", US_CANADA, 6),
    ]
    builds = [
        build("britain", "inf", "london", 25),
        build("britain", "canadian", "canada_box", 6),
        build("russia", "inf", "moscow", 25),
    ]
    p = plan(*grants, builds=builds, spent={WA: 1, RU: 0})
    required = transports_required(s, p)
    assert required == {"us_atlantic_box->britain": 4, "britain->murmansk_box": 3}
    transports = [
        TransportUse(leg=lid, ocean=LEG_BY_ID[lid].ocean.value, transports=n)  # type: ignore[union-attr]
        for lid, n in required.items()
    ]
    full = p.model_copy(
        update={"transports": transports, "powers": derive_report(s, p), "oil": derive_oil(s, p)}
    )
    assert check(s, full) == []
    report = full.powers
    # 27.334: -6 for the 20 to Britain; 40.244: the 6 to Canada count against the limit, not off it.
    assert (report[Power.USA].brps_available, report[Power.USA].construction_limit) == (174, 100 - 6)
    assert report[Power.USA].limit_used == 6
    assert (report[Power.BRITAIN].brps_available, report[Power.BRITAIN].construction_limit) == (
        110,
        50 + 6 - 3,
    )
    assert (report[Power.BRITAIN].construction_brps, report[Power.BRITAIN].limit_used) == (25, 25)
    assert (report[Power.RUSSIA].brps_available, report[Power.RUSSIA].construction_limit) == (70, 43)
    assert [(o.faction, o.counters_available, o.counters_spent) for o in full.oil] == [
        (WA, 1, 1),
        (RU, 1, 0),
        (Faction.CHINA, 0, 0),
    ]
