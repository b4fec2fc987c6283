"""The plan's naval accounting against the replay: positions, `naval` reports and chart snapshots."""

from __future__ import annotations

from models.naval_tables import SW_BRPS_PER_FACTOR
from models.plan import Plan
from models.scenario import Scenario
from models.tables import Power
from optimizer.checker.naval.charts import ChartView, NavalReplay, naval_powers
from optimizer.checker.naval.replay import replay_naval
from optimizer.checker.naval.us_transports import lend_lease_lines, lend_lease_paid
from optimizer.checker.violations import REPORT, Violation


def check_naval_report(scenario: Scenario, plan: Plan, replay: NavalReplay | None = None) -> list[Violation]:
    """The plan's naval accounting against the replay: positions and units of each action and SW
    boxes (`replay_naval`); `naval` (when present): one report per naval power with shipyards,
    `brps_by_turn` the replay's; `charts` (when present): each yard's chart at each turn 0..horizon
    holds exactly the replay's ships and waiting ships."""
    replay = replay if replay is not None else replay_naval(scenario, plan)
    violations = list(replay.reports)
    if plan.naval:
        seen: set[Power] = set()
        for report in plan.naval:
            where = f"naval.{report.power.value}"
            if report.power in seen:
                violations.append(Violation(REPORT, f"{where}: listed twice", REPORT))
                continue
            seen.add(report.power)
            derived = replay.brps.get(report.power)
            if derived is not None and report.power in (Power.USA, Power.BRITAIN):
                # This turn's figure is what the power pays: U.S.-built transports are shared (27.7322).
                lend = lend_lease_lines(scenario, plan)
                if lend:
                    own = derived[0] - (
                        SW_BRPS_PER_FACTOR * sum(b.factors for b in lend) if report.power is Power.USA else 0
                    )
                    derived = [own + lend_lease_paid(lend).get(report.power, 0), *derived[1:]]
            if derived is None:
                violations.append(
                    Violation(REPORT, f"{where}: no naval construction in the scenario", REPORT)
                )
            elif report.brps_by_turn != derived:
                violations.append(
                    Violation(
                        REPORT,
                        f"{where}.brps_by_turn: {report.brps_by_turn} in the plan, {derived} by the charts",
                        REPORT,
                    )
                )
        for power in naval_powers(scenario):
            naval = scenario.powers[power].naval
            if power not in seen and naval is not None and naval.shipyards:
                violations.append(Violation(REPORT, f"naval.{power.value}: missing from the plan", REPORT))
    if plan.charts:
        stated: dict[tuple[Power, str, int], tuple[list[ChartView], list[str]]] = {}
        for snapshot in plan.charts:
            key = (snapshot.power, snapshot.yard, snapshot.turn)
            where = f"charts.{snapshot.power.value}.{snapshot.yard}.turn {snapshot.turn}"
            if key in stated:
                violations.append(Violation(REPORT, f"{where}: listed twice", REPORT))
                continue
            stated[key] = (
                sorted((v.ship, v.unit.value, v.factors, v.row, v.column) for v in snapshot.ships),
                sorted(snapshot.waiting_for_repair),
            )
            if key not in replay.charts:
                violations.append(Violation(REPORT, f"{where}: no such yard and turn of the horizon", REPORT))
        for key, (ships, waiting) in replay.charts.items():
            power, site, turn = key
            where = f"charts.{power.value}.{site}.turn {turn}"
            if key not in stated:
                violations.append(Violation(REPORT, f"{where}: missing from the plan", REPORT))
                continue
            stated_ships, stated_waiting = stated[key]
            if stated_ships != ships:
                violations.append(
                    Violation(
                        REPORT,
                        f"{where}.ships: {_views(stated_ships)} in the plan, {_views(ships)} by the charts",
                        REPORT,
                    )
                )
            if stated_waiting != waiting:
                violations.append(
                    Violation(
                        REPORT,
                        f"{where}.waiting_for_repair: {stated_waiting} in the plan, {waiting} by the charts",
                        REPORT,
                    )
                )
    return violations


def _views(ships: list[ChartView]) -> str:
    return (
        "["
        + ", ".join(
            f"{name} {'launch' if row == 'launch' else f'row {row}'} {column}"
            for name, _, _, row, column in ships
        )
        + "]"
    )
