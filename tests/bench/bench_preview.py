"""Benchmark the injection engine: preview latency per query after load, and the hook.

    python tests/bench/bench_preview.py [--sizes 1000 10000 50000]
Target: p95 <= 10 ms at 10k entries (the TUI runs it on every keystroke).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen import WORDS, ZH, generate  # noqa: E402

from tui.core.snapshots.memory import Memory  # noqa: E402
from tui.core.engine.select import Engine  # noqa: E402


def queries(n: int = 200) -> list[str]:
    rnd = random.Random(11)
    out = []
    for i in range(n):
        kind = i % 5
        if kind == 0:
            out.append(f"why does src/{rnd.choice(WORDS[:30])}/index.ts fail the {rnd.choice(WORDS)} check?")
        elif kind == 1:
            out.append(" ".join(rnd.sample(WORDS, 6)))
        elif kind == 2:
            out.append(f"{rnd.choice(ZH)}{rnd.choice(ZH)}的问题怎么解决")
        elif kind == 3:
            out.append("hello, how are you today?")
        else:
            out.append(f"refactor the {rnd.choice(WORDS)} in src/ and update the {rnd.choice(WORDS)} docs")
    return out


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 50000])
    args = ap.parse_args()
    qs = queries()
    for n in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            mem_dir, proj = generate(Path(tmp), n)
            t = time.perf_counter()
            mem = Memory.load(mem_dir, proj)
            t_load = time.perf_counter() - t
            t = time.perf_counter()
            eng = Engine.from_memory(mem)
            t_index = time.perf_counter() - t
            for q in qs[:20]:
                eng.decide(q)
            lat = []
            for q in qs:
                t = time.perf_counter()
                eng.decide(q)
                lat.append((time.perf_counter() - t) * 1000)
            print(f"preview n={n:>6}  load {t_load:.2f}s  index {t_index * 1000:.0f} ms  "
                  f"per query p50 {statistics.median(lat):.2f} ms  p95 {pct(lat, 95):.2f} ms  max {max(lat):.2f} ms")
            if n == 1000:
                hook(mem_dir, proj, tmp)


def hook(mem_dir: Path, proj: Path, tmp: str) -> None:
    env = dict(os.environ, MEMTUI_DIR=str(mem_dir), XDG_STATE_HOME=os.path.join(tmp, "state"),
               XDG_CONFIG_HOME=os.path.join(tmp, "cfg"))
    exe = str(Path(sys.executable).parent / "memtui")
    payload = json.dumps({"prompt": "why does src/router/index.ts fail the lint check?", "cwd": str(proj),
                          "session_id": "bench", "hook_event_name": "UserPromptSubmit"})
    walls = []
    for _ in range(10):
        t = time.perf_counter()
        p = subprocess.run([exe, "hook", "claude-code"], input=payload, text=True, capture_output=True, env=env)
        walls.append(time.perf_counter() - t)
        assert p.returncode == 0 and p.stdout
    print(f"hook claude-code n=  1000  whole process median {statistics.median(walls) * 1000:.0f} ms  "
          f"max {max(walls) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
