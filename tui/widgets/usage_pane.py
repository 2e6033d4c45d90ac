"""UsagePane: what the hook injected from this folder — per week, and which entries were never used.

Drawn with Textual's own Sparkline and Rich bars (textual-plotext pins plotext < 6, while pip
installs plotext 6 wherever it is already there, and two small charts need no plotting library).
"""
from __future__ import annotations

import datetime as dt

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Sparkline, Static

from ..core.reports.triage import TriageReport, Usage
from ..render.styles import DEFAULT, Styles
from ..render.usage import age_rows, age_table
from .pane_keys import PANE_KEYS

WEEKS = 12
NO_LOG = ("No injection log for this folder yet: nothing shows what your prompts use. Once Claude Code's "
          "hook is wired (`memtui hook install`), each prompt's injection is counted here.")
NOT_WIRED = ("Claude Code's hook is not wired: your prompts get nothing from memtui. Run `memtui hook install` "
             "(or ctrl+p, Install the Claude Code hook).")


class UsagePane(VerticalScroll):
    BINDINGS = PANE_KEYS   # (j k g G space, once it has the focus)
    DEFAULT_CSS = """
    UsagePane { padding: 0 1; }
    UsagePane #usage-weekly { height: 3; margin-bottom: 1; }
    UsagePane .-hidden { display: none; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="usage-hook", classes="-hidden")
        yield Static(Text("Reading the injection log…", "dim"), id="usage-head")
        yield Sparkline([], id="usage-weekly", classes="-hidden")
        yield Static("", id="usage-body")

    def show_hook(self, wired_in: str | None, styles: Styles = DEFAULT) -> None:
        """Whether Claude Code's hook is wired (``wired_in``: the settings file that has it, as shown)."""
        hook = self.query_one("#usage-hook", Static)
        if wired_in is None:
            hook.update(Text(NOT_WIRED + "\n", styles.warning))
        else:
            hook.update(Text(f"Claude Code's hook is wired ({wired_in}).\n", styles.dim))
        hook.set_class(False, "-hidden")

    def show(self, report: TriageReport | None, usage: Usage | None, now: dt.datetime,
             styles: Styles = DEFAULT) -> None:
        head, spark = self.query_one("#usage-head", Static), self.query_one("#usage-weekly", Sparkline)
        body = self.query_one("#usage-body", Static)
        if report is None or usage is None:
            return
        reads = _reads_text(report, usage, now, styles)
        if usage.since is None:
            head.update(Text(NO_LOG, styles.dim))
            spark.set_class(True, "-hidden")
            body.update(Text.assemble(("\nAge of entries\n", "bold"), (f"{len(report.suggestions)} entries; which "
                                      "are injected shows once the hook has run.", styles.dim), reads))
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
        lines.append(reads)
        from rich.console import Group
        body.update(Group(*lines))


def _reads_text(report: TriageReport, usage: Usage, now: dt.datetime, styles: Styles) -> Text:
    """What the agent's own record says of use: how many entries a session read lately, and
    which it never read (usage evidence without the hook)."""
    if usage.reads is None:
        return Text("\n\nReads: no record of the agent's sessions found for this folder.", styles.dim)
    ids = [s.id for s in report.suggestions]
    recent = sum(1 for i in ids if any((now - t).days < 30 for t in usage.reads.get(i, [])))
    never = [i for i in ids if not usage.reads.get(i)]
    text = Text.assemble(("\n\nReads in the agent's record", "bold"),
                         (f" — {recent} of {len(ids)} entries read by a session in the last 30 days", styles.dim))
    if never:
        names = ", ".join(never[:12]) + (" …" if len(never) > 12 else "")
        text.append(f"\nNever read ({len(never)}): {names}", styles.dim)
    return text
