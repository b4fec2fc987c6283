"""What one plan does differently from another, as short lines a player reads: used by `--why` (what the
plan with one more unit of a resource does), `--why-not` (what the plan with the decision does) and
`--alternatives` (what each alternative changes). Only this turn's orders count: counters per power and
force pool entry (and site, when asked), chart actions of turn 0, SW factors per build and yard, BRPs and
oil counters granted per grantor, recipient and route, and route openings."""

from __future__ import annotations

from collections import Counter

from models.plan import Plan


def changes(before: Plan, after: Plan, *, sites: bool = False) -> list[str]:
    """The lines, in this order: counters added then removed ('+2 germany armor-3-5', with `sites`
    '+2 germany armor-3-5 at berlin'); chart actions taken then no longer taken ('+lay_down tokyo/yamato');
    SW factors ('+2 asw at liverpool'); grants ('+5 BRPs usa to russia by murmansk', '+1 oil counters ...');
    route openings ('+open persia by usa')."""
    old, new = _counters(before, sites), _counters(after, sites)
    keys = sorted(set(old) | set(new))
    added = [f"+{new[k] - old[k]} {_build(k)}" for k in keys if new[k] > old[k]]
    removed = [f"-{old[k] - new[k]} {_build(k)}" for k in keys if old[k] > new[k]]
    return (
        added
        + removed
        + _moved(_actions(before), _actions(after))
        + _sw(before, after)
        + _grants(before, after)
    )


def _build(key: tuple[str, ...]) -> str:
    power, entry, *site = key
    return f"{power} {entry}" + (f" at {site[0]}" if site else "")


def _counters(plan: Plan, sites: bool) -> Counter[tuple[str, ...]]:
    counts: Counter[tuple[str, ...]] = Counter()
    for line in plan.builds:
        key = (line.power.value, line.entry)
        counts[(*key, line.site or "partisan") if sites else key] += line.counters
    return counts


def _actions(plan: Plan) -> set[str]:
    """This turn's chart actions: 'action yard/ship'."""
    return {f"{a.action} {a.yard}/{a.ship}" for a in plan.naval_actions if a.turn == 0}


def _moved(was: set[str], now: set[str], word: str = "") -> list[str]:
    return [f"+{word}{a}" for a in sorted(now - was)] + [f"-{word}{a}" for a in sorted(was - now)]


def _sw(before: Plan, after: Plan) -> list[str]:
    def factors(plan: Plan) -> Counter[tuple[str, str]]:
        counts: Counter[tuple[str, str]] = Counter()
        for line in plan.sw_builds:
            counts[(line.build, line.yard)] += line.factors
        return counts

    old, new = factors(before), factors(after)
    return [f"{new[k] - old[k]:+d} {k[0]} at {k[1]}" for k in sorted(set(old) | set(new)) if new[k] != old[k]]


def _grants(before: Plan, after: Plan) -> list[str]:
    def granted(plan: Plan) -> tuple[Counter[tuple[str, str, str]], Counter[tuple[str, str, str]]]:
        brps: Counter[tuple[str, str, str]] = Counter()
        oil: Counter[tuple[str, str, str]] = Counter()
        for line in plan.grants:
            key = (line.grantor.value, line.recipient, line.route or "-".join(line.path))
            brps[key] += line.brps
            oil[key] += line.oil_counters
        return brps, oil

    (sent, oil_sent), (sends, oil_sends) = granted(before), granted(after)
    keys = sorted(set(sent) | set(sends) | set(oil_sent) | set(oil_sends))
    lines = [f"{sends[k] - sent[k]:+d} BRPs {k[0]} to {k[1]} by {k[2]}" for k in keys if sends[k] != sent[k]]
    lines += [
        f"{oil_sends[k] - oil_sent[k]:+d} oil counters {k[0]} to {k[1]} by {k[2]}"
        for k in keys
        if oil_sends[k] != oil_sent[k]
    ]
    opened = {f"{o.route} by {o.paid_by.value}" for o in before.route_openings}
    opens = {f"{o.route} by {o.paid_by.value}" for o in after.route_openings}
    return lines + _moved(opened, opens, "open ")
