"""The Usage tab's age chart: entries by age, split into used and never injected, as Rich bars."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..core.reports.triage import TriageReport, Usage
from .styles import DEFAULT, Styles

AGES = ((7, "under a week"), (30, "1–4 weeks"), (90, "1–3 months"), (180, "3–6 months"), (365, "6–12 months"),
        (None, "over a year"))


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


BARS = "▂▃▄▅▆▇█"   # a week with injections; one without is a dim '▁'


def weekly_line(weekly: list[int], styles: Styles = DEFAULT) -> Text | None:
    """An entry's injections per week on one line (bars, then the counts), oldest first; None when
    it was never injected in those weeks (the triage's evidence line already says so)."""
    most = max(weekly, default=0)
    if not most:
        return None
    line = Text.assemble((f"injections per week, the last {len(weekly)} weeks: ", styles.dim))
    for n in weekly:
        line.append(BARS[round((n - 1) * (len(BARS) - 1) / max(1, most - 1))] if n else "▁", styles.ok if n else styles.dim)
    line.append(f"  {' '.join(map(str, weekly))} (oldest first)", styles.dim)
    return line
