"""The hook warm on a big folder against the hook on an empty folder, interleaved (issue 29's
row "hook, warm, 50k ≤ 2× the empty-folder hook"), wall and CPU time of the whole process.

    python tests/bench/bench_hook_big.py [--n 50000] [--runs 9] [--out DIR]

Generates the folder with gen.py (kept in --out between runs), answers once cold and waits
for the background index, then runs the empty hook and the warm hook one after the other
--runs times and prints the medians: wall (perf_counter around the process) and CPU (user +
system of the child, from resource.getrusage, which the machine's other load disturbs less).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from gen import generate  # noqa: E402
from run_all import MEMTUI, PROMPT, wait_for_index  # noqa: E402


def timed(env: dict, stdin: str) -> tuple[float, float, str]:
    """(wall, CPU of the child, stdout) of one hook run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(MEMTUI + ["hook", "claude-code"], input=stdin, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), p.stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=50000)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--out", default=None, help="where the folder is made (kept: reused when there)")
    args = ap.parse_args()
    repo = HERE.parent.parent
    out = Path(args.out or tempfile.mkdtemp(prefix="memtui-hook-big-"))
    mem, proj = out / "memory", out / "project"
    if not mem.is_dir():
        generate(out, args.n)
    base = dict(os.environ, PYTHONPATH=str(repo), XDG_STATE_HOME=tempfile.mkdtemp(prefix="memtui-bench-state-"))
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(repo / "tui")], capture_output=True)
    empty = Path(tempfile.mkdtemp(prefix="memtui-empty-"))
    cache = Path(tempfile.mkdtemp(prefix="memtui-cache-"))
    big_env = dict(base, MEMTUI_DIR=str(mem), XDG_CACHE_HOME=str(cache))
    empty_env = dict(base, MEMTUI_DIR=str(empty))
    big_in = json.dumps({"prompt": PROMPT, "cwd": str(proj), "session_id": "bench"})
    empty_in = json.dumps({"prompt": PROMPT, "cwd": str(empty), "session_id": "bench"})
    cold = timed(big_env, big_in)
    wait_for_index(cache)   # (the background build, to its end)
    first = timed(big_env, big_in)   # (run_all's warm figure is this one)
    rows: dict[str, list] = {"empty": [], "warm": []}
    for _ in range(args.runs):
        rows["empty"].append(timed(empty_env, empty_in))
        rows["warm"].append(timed(big_env, big_in))
    med = {k: (statistics.median(r[0] for r in v), statistics.median(r[1] for r in v)) for k, v in rows.items()}
    print(f"n={args.n}, {args.runs} runs interleaved; cold {cold[0]:.3f} s, first warm {first[0]:.3f} s")
    for k, (wall, cpu) in med.items():
        print(f"{k:6} wall {wall:.3f} s  cpu {cpu:.3f} s")
    print(f"ratio  wall {med['warm'][0] / med['empty'][0]:.2f}x  cpu {med['warm'][1] / med['empty'][1]:.2f}x")
    print(f"injected {len(rows['warm'][-1][2])} characters")


if __name__ == "__main__":
    main()
