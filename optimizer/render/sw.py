"""Rich tables for `awaw sw`: each SW campaign's modifiers line by line, and the deployment.

Presentation only: it renders the data `optimizer.rules.sw.solve.report_data` gives (the same as `--json`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def _campaign_table(item: dict[str, Any], when: str) -> RenderableType:
    title = (
        f"{item['campaign']} ({when}): {item['attacker']} submarines level {item['submarine_level']} vs "
        f"{item['defender']} ASW level {item['asw_level']}, net modifier {item['modifier']:+d}"
    )
    table = Table(title=title, title_justify="left")
    for column in ("rule", "modifier", "value", "why"):
        table.add_column(column, justify="right" if column == "value" else "left")
    for line in item["lines"]:
        table.add_row(line["rule"], line["text"], f"{line['value']:+d}", line["why"])
    table.add_row("", "net modifier", f"{item['modifier']:+d}", "", style="bold")
    for note in item["notes"]:
        table.add_row(note["rule"], note["text"], "", "")
    if "expected" in item:
        e = item["expected"]
        table.caption = (
            f"expected (player's table): {e['transports_lost']:g} transports, {e['brps_lost']:g} BRPs, "
            f"{e['submarines_lost']:g} submarine factors lost"
        )
    return table


def sw_tables(report: dict[str, Any]) -> Group:
    """The modifiers now, the deployment, and the modifiers after it."""
    parts: list[RenderableType] = [Text(f"{report['scenario']}: submarine warfare (rule 25)", style="bold")]
    barred = Table(title="Campaigns that cannot happen now", title_justify="left")
    barred.add_column("campaign")
    barred.add_column("rule")
    barred.add_column("why")
    for item in report["now"]:
        if item["possible"]:
            parts.append(_campaign_table(item, "now"))
        for reason in item["barred"]:
            barred.add_row(item["campaign"], reason["rule"], reason["reason"])
    if barred.row_count:
        parts.append(barred)
    notes = Table(title="Also in the boxes now", title_justify="left")
    notes.add_column("campaign")
    notes.add_column("rule")
    notes.add_column("what they do")
    for item in report["now"]:
        for note in item["notes"]:
            notes.add_row(item["campaign"], note["rule"], note["text"])
    if notes.row_count:
        parts.append(notes)
    deployment = report["deployment"]
    if deployment is not None:
        table = Table(title="Deployment this turn (25.3)", title_justify="left")
        for column in ("group", "at base", "atlantic", "indian", "pacific"):
            table.add_column(column, justify="left" if column == "group" else "right")
        for placement in deployment["placements"]:
            boxes = placement["boxes"]
            table.add_row(
                placement["group"],
                str(placement["at_base"]),
                *(str(boxes.get(box, "")) for box in ("atlantic", "indian", "pacific")),
            )
        parts.append(table)
        elsewhere = [p for p in deployment["placements"] if p.get("withdraw_to")]
        if elsewhere:
            parts.append(
                Text(
                    "Withdrawn to another location of their box (25.37): "
                    + ", ".join(f"{p['group']} to {p['withdraw_to']}" for p in elsewhere)
                )
            )
        if deployment["declined"]:
            parts.append(Text(f"Submarines decline SW combat (25.14): {', '.join(deployment['declined'])}"))
        if deployment["indian_asw_against_germany"] is not None:
            parts.append(
                Text(
                    f"Indian Ocean ASW against the German submarines (25.83): {deployment['indian_asw_against_germany']}"
                )
            )
        after = Table(title="After the deployment: the next SW combats", title_justify="left")
        for column in ("campaign", "submarine level", "ASW level", "CVEs", "net modifier", "can happen"):
            after.add_column(column, justify="left" if column == "campaign" else "right")
        for item in report["after"]:
            after.add_row(
                item["campaign"],
                str(item["submarine_level"]),
                str(item["asw_level"]),
                str(item["cves"]),
                f"{item['modifier']:+d}",
                "yes" if item["possible"] else "no",
            )
        after.caption = (
            "\n".join(
                f"{item['campaign']}: {note['rule']}: {note['text']}"
                for item in report["after"]
                for note in item["notes"]
            )
            or None
        )
        parts.append(after)
    value = report["value"]
    parts.append(
        Text(
            f"Status {report['status']}; objective ({report['objective']}) "
            + ("-" if value is None else f"{value:g} (bound {report['bound']:g})")
        )
    )
    return Group(*parts)


def sw_plan_table(before: dict[str, Any], after: dict[str, Any]) -> Table:
    """`awaw plan` with an `sw:` section: each campaign after the best deployment, without and with
    the plan's new SW units (27.94)."""
    table = Table(
        title="Submarine warfare: the next SW combats, before and after this plan's builds (rule 25)",
        title_justify="left",
    )
    for column in ("campaign", "submarine level", "ASW level", "CVEs", "net modifier"):
        table.add_column(column, justify="left" if column == "campaign" else "right")
    old = {item["campaign"]: item for item in before["after"]}
    for item in after["after"]:
        was = old[item["campaign"]]
        if not (item["possible"] or was["possible"]):
            continue

        def change(
            key: str, signed: bool = False, was: dict[str, Any] = was, item: dict[str, Any] = item
        ) -> str:
            a, b = was[key], item[key]
            text = (lambda n: f"{n:+d}") if signed else str
            return text(b) if a == b else f"{text(a)} -> {text(b)}"

        table.add_row(
            item["campaign"],
            change("submarine_level"),
            change("asw_level"),
            change("cves"),
            change("modifier", True),
        )
    table.caption = f"SW objective ({after['objective']}): {before['value']:g} -> {after['value']:g}"
    return table
