"""Benchmark the TUI on a generated folder (headless): start-up, UI stalls, keystroke latency.

    python tests/bench/bench_tui.py [--size 10000]
Targets: first rows within 2x a bare Textual app's start-up; no stall over 100 ms
after the first paint; no visible lag while typing a prompt.
"""
from __future__ import annotations

import os
import time

# whole process: times count from when the runner launched this script (it passes that
# moment), so Python's start and every import are in them, as a user waits for them
T0 = float(os.environ.get("BENCH_T0") or time.time())

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen import generate  # noqa: E402

from textual.app import App  # noqa: E402
from textual.widgets import Static  # noqa: E402

from tui.app import MemtuiApp  # noqa: E402
from tui.widgets.entry_table import EntryTable  # noqa: E402


class Bare(App):
    def compose(self):
        yield Static("hello")


async def bare_startup() -> float:
    async with Bare().run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        return time.time() - T0


class Probe:
    """Records the largest gap between ticks of a 10 ms timer: the longest the UI froze."""

    def __init__(self, app: App) -> None:
        self.last = time.perf_counter()
        self.worst = 0.0
        app.set_interval(0.01, self.tick)

    def tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, now - self.last - 0.01)
        self.last = now


async def memtui_run(mem: Path, proj: Path, tmp: Path) -> dict:
    app = MemtuiApp(mem, proj, watch=False, display_path="bench", log_path=tmp / "log.jsonl")
    out: dict = {}
    async with app.run_test(size=(120, 36)) as pilot:
        out["first_paint"] = time.time() - T0
        probe = Probe(app)
        table = app.query_one(EntryTable)
        while not table.row_count:   # the first rows: the last reading's, or this one's
            await asyncio.sleep(0.002)
        out["first_rows"] = time.time() - T0
        while not (app.main.loaded and table.row_count):
            await asyncio.sleep(0.005)
        out["interactive"] = time.time() - T0
        while table.row_count < len(table.visible_ids):
            await asyncio.sleep(0.01)
        out["all_rows"] = time.time() - T0
        out["stall_loading"] = probe.worst
        probe.worst = 0.0
        done: dict[str, float] = {}
        from tui.widgets.preview_pane import PreviewPane
        original = PreviewPane.show

        def previewed(pane, decision, *args, **kwargs):   # the pane shows each answered prompt
            original(pane, decision, *args, **kwargs)
            if decision is not None:
                done[decision.query] = time.perf_counter()

        PreviewPane.show = previewed
        query_input = app.main.query_one("#query")
        for _ in range(20):   # (a 'p' pressed as the reading lands was seen lost, old code and new: pressed again)
            await pilot.press("p")
            if app.focused is query_input:
                break
            await pilot.pause(0.05)
        out["p_presses"] = _ + 1
        lat = []
        query = ""
        for ch in "why does src/router/index.ts fail the lint check":
            query += ch
            t = time.perf_counter()
            await pilot.press(ch if ch != " " else "space")
            while query.strip() and query not in done and time.perf_counter() - t < 120:
                await asyncio.sleep(0.001)   # (bounded: a lost answer must not hang the runner)
            if query.strip():
                lat.append((done.get(query, time.perf_counter()) - t) * 1000)
        out["keystroke_p50"] = statistics.median(lat)
        out["keystroke_max"] = max(lat)
        out["stall_typing"] = probe.worst
        await app.workers.wait_for_complete()
        await pilot.press("escape")   # the table again: filter it, sort it, scroll it
        await pilot.pause()
        probe.worst = 0.0
        await pilot.press("slash")
        for ch in "router":
            await pilot.press(ch)
            await pilot.pause()
        for _ in range(6):
            await pilot.press("backspace")
            await pilot.pause()
        out["stall_filtering"] = probe.worst
        probe.worst = 0.0
        await pilot.press("escape")
        table.focus()
        for key in ["pagedown"] * 20 + ["G", "g"]:
            await pilot.press(key)
            await pilot.pause()
        out["stall_scrolling"] = probe.worst
    return out


async def measure_dir(mem: Path, proj: Path) -> None:
    """One run on an existing folder, printed as a JSON line (for the benchmark runner)."""
    import json
    import resource
    with tempfile.TemporaryDirectory() as tmp:
        r = await memtui_run(mem, proj, Path(tmp))
    r["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(r))


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--dir", help="measure this memory folder once and print JSON (with --root)")
    ap.add_argument("--root")
    ap.add_argument("--bare", action="store_true", help="print the bare Textual app's start-up (s) and exit")
    args = ap.parse_args()
    if args.bare:
        print(await bare_startup())
        return
    if args.dir:
        await measure_dir(Path(args.dir), Path(args.root or args.dir))
        return
    print("(in this process: times include only what happens after the generator; run_all.py times"
          " whole processes)")
    global T0
    T0 = time.time()
    bare = await bare_startup()
    print(f"bare Textual app start-up: {bare * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        mem, proj = generate(Path(tmp), args.size)
        T0 = time.time()
        r = await memtui_run(mem, proj, Path(tmp))
    print(f"memtui n={args.size}: first paint {r['first_paint'] * 1000:.0f} ms, first rows "
          f"{r['first_rows'] * 1000:.0f} ms ({r['first_rows'] / bare:.1f}x bare), folder read "
          f"{r['interactive'] * 1000:.0f} ms, all rows {r['all_rows'] * 1000:.0f} ms")
    print(f"  longest UI stall while loading: {r['stall_loading'] * 1000:.0f} ms; while typing: "
          f"{r['stall_typing'] * 1000:.0f} ms")
    print(f"  keystroke → preview: p50 {r['keystroke_p50']:.1f} ms, max {r['keystroke_max']:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
