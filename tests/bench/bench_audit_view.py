"""Benchmark opening the audit view with many findings: the time on the UI thread.

    python tests/bench/bench_audit_view.py [--findings 20000] [--runs 5] [--json]
Target (issue #29): the view opened with 20k findings in <= 100 ms. The baseline is the
same view opened with no findings, in the same process. The time is from push_screen to
the screen composed and mounted (the work on the UI thread: the row's figure) and to the
screen painted (that adds Textual's idle wait and refresh), with a 10 ms timer's longest
gap (the UI frozen) alongside.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time

from textual.app import App
from textual.widgets import Static

from tui.core.judging.findings import KINDS, AuditReport, Finding
from tui.screens.audit_screen import AuditScreen


def report(n: int, seed: int = 5) -> AuditReport:
    """n findings spread over the kinds, a quarter of them errors (whose groups open expanded)."""
    rnd = random.Random(seed)
    errors = [k for k in KINDS if k in ("secret", "sensitive")]
    out = []
    for i in range(n):
        kind = rnd.choice(errors) if i % 4 == 0 else rnd.choice(KINDS)
        out.append(Finding(f"topic{i % 20}/entry-{i}.md", kind, "bench-rule", rnd.randint(1, 40),
                           f"finding {i}: something about line {i % 40} worth a look"))
    return AuditReport(out, entries=n // 2)


class Host(App):
    def compose(self):
        yield Static("host")


async def open_view(rep: AuditReport) -> tuple[float, float, float]:
    """(seconds from push to mounted, to painted, longest UI freeze in seconds) for one opening."""
    app = Host()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        last, worst = [time.perf_counter()], [0.0]

        def tick() -> None:
            now = time.perf_counter()
            worst[0] = max(worst[0], now - last[0] - 0.01)
            last[0] = now

        app.set_interval(0.01, tick)
        await pilot.pause(0.05)
        worst[0] = 0.0
        t = time.perf_counter()
        await app.push_screen(AuditScreen(rep))
        mounted = time.perf_counter() - t
        await pilot.pause()
        painted = time.perf_counter() - t
        await pilot.pause(0.05)
        return mounted, painted, worst[0]


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--findings", type=int, default=20000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="print one JSON line (for run_all.py)")
    args = ap.parse_args()
    empty, full = [], []
    for _ in range(args.runs):   # interleaved: both see the same moments of this machine
        empty.append(await open_view(AuditReport([], entries=0)))
        full.append(await open_view(report(args.findings)))
    med = lambda xs, i: statistics.median(x[i] for x in xs)   # noqa: E731
    out = {"empty_open": med(empty, 0), "open": med(full, 0), "empty_painted": med(empty, 1),
           "painted": med(full, 1), "stall": med(full, 2), "findings": args.findings}
    if args.json:
        print(json.dumps(out))
        return
    print(f"audit view, no findings:        open {out['empty_open'] * 1000:.0f} ms, "
          f"painted {out['empty_painted'] * 1000:.0f} ms")
    print(f"audit view, {args.findings} findings:  open {out['open'] * 1000:.0f} ms, "
          f"painted {out['painted'] * 1000:.0f} ms, "
          f"longest UI freeze {out['stall'] * 1000:.0f} ms (median of {args.runs})")


if __name__ == "__main__":
    asyncio.run(main())
