"""UsagePane: what the hook injected from this folder — per week, and which entries were never used.

Drawn with Textual's own Sparkline and Rich bars (textual-plotext pins plotext < 6, while pip
installs plotext 6 wherever it is already there, and two small charts need no plotting library).
"""
from __future__ import annotations

import datetime as dt

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Sparkline, Static

from ..core.triage import TriageReport, Usage
from ..render.styles import DEFAULT, Styles

WEEKS = 12
AGES = ((7, "under a week"), (30, "1–4 weeks"), (90, "1–3 months"), (180, "3–6 months"), (365, "6–12 months"),
        (None, "over a year"))
NO_LOG = ("No injection log for this folder yet: nothing shows what your prompts use. Wire the hook — "
          "`memtui hook claude-code` under UserPromptSubmit in .claude/settings.json (see the README) — and "
          "each prompt's injection is counted here.")


def age_rows(report: TriageReport, usage: Usage) -> list[tuple[str, int, int]]:
    """(age bucket, entries used, entries never used), young to old."""
    rows = {label: [0, 0] for _, label in AGES}
    for s in report.suggestions:
        age = s.evidence.get("age_days")
        if age is None:
            continue
        label = next(lab for top, lab in AGES if top is None or age < top)
        rows[label][0 if usage.times.get(s.id) else 1] += 1
    return [(label, used, never) for label, (used, never) in rows.items()]


def age_table(rows: list[tuple[str, int, int]], styles: Styles = DEFAULT, width: int = 30) -> Table:
    most = max((u + n for _, u, n in rows), default=0) or 1
    t = Table.grid(padding=(0, 1))
    t.add_column(no_wrap=True)
    t.add_column(no_wrap=True)
    t.add_column(no_wrap=True, justify="right")
    for label, used, never in rows:
        bar = Text("█" * round(used * width / most), styles.ok)
        bar.append("░" * round(never * width / most), styles.warning)
        t.add_row(label, bar, f"{used} used · {never} never")
    return t


class UsagePane(VerticalScroll):
    DEFAULT_CSS = """
    UsagePane { padding: 0 1; }
    UsagePane #usage-weekly { height: 3; margin-bottom: 1; }
    UsagePane .-hidden { display: none; }
    """

    def compose(self) -> ComposeResult:
        yield Static(Text("Reading the injection log…", "dim"), id="usage-head")
        yield Sparkline([], id="usage-weekly", classes="-hidden")
        yield Static("", id="usage-body")

    def show(self, report: TriageReport | None, usage: Usage | None, now: dt.datetime,
             styles: Styles = DEFAULT) -> None:
        head, spark = self.query_one("#usage-head", Static), self.query_one("#usage-weekly", Sparkline)
        body = self.query_one("#usage-body", Static)
        if report is None or usage is None:
            return
        if usage.since is None:
            head.update(Text(NO_LOG, styles.dim))
            spark.set_class(True, "-hidden")
            body.update(Text.assemble(("\nAge of entries\n", "bold"), (f"{len(report.suggestions)} entries; which "
                                      "are used shows once the hook has run.", styles.dim)))
            return
        weekly = usage.weekly(now, WEEKS)
        days = usage.log_days(now)
        total = sum(len(t) for t in usage.times.values())
        head.update(Text.assemble(("Injections per week", "bold"), (f" — the last {WEEKS} weeks, oldest first: "
                                  f"{' '.join(map(str, weekly))}", styles.dim), "\n",
                                  (f"{len(usage.prompts)} prompts and {total} injections in the {days} days the "
                                   "log covers", styles.dim)))
        spark.data = weekly
        spark.set_class(False, "-hidden")
        rows = age_rows(report, usage)
        never = [s for s in report.suggestions if not usage.times.get(s.id)]
        text = Text.assemble(("Age of entries: ", "bold"), ("█ used", styles.ok), " · ", ("░ never injected", styles.warning),
                             "\n")
        lines = [text, age_table(rows, styles)]
        if never:
            names = ", ".join(s.id for s in never[:12]) + (" …" if len(never) > 12 else "")
            lines.append(Text(f"\nNever injected ({len(never)}): {names}", styles.dim))
        from rich.console import Group
        body.update(Group(*lines))
