"""Benchmark a full `memtui audit` of generated entries against `detect-secrets scan`.

    pip install detect-secrets   # only for this comparison
    python tests/bench/bench_audit.py [--size 10000]
Target (issue #11): memtui's full audit (every check) at least 10x faster than
detect-secrets' secret scan alone, on the same files. Both are timed as whole processes;
memtui cold (an empty cache directory) and warm (the cache its first run left).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen import generate  # noqa: E402
from run_all import wait_for_writer  # noqa: E402


def plant(mem: Path, n: int) -> None:
    """A few secrets, transient statements and sensitive lines, so every check has work."""
    rnd = random.Random(3)
    files = sorted(mem.rglob("*.md"))
    for i, f in enumerate(rnd.sample(files, min(n, len(files)))):
        extra = ["token ghp_" + "".join(rnd.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789") for _ in range(36)),
                 "CI is red right now on main.", "The user was diagnosed with diabetes."][i % 3]
        f.write_text(f.read_text() + extra + "\n")


def timed(cmd: list[str], cwd: str | None = None, env: dict | None = None) -> float:
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env)
    wall = time.perf_counter() - t
    if not p.stdout.strip():
        raise SystemExit(f"{cmd[0]} printed nothing: {p.stderr.decode()[-500:]}")
    return wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    ds = shutil.which("detect-secrets") or str(Path(sys.executable).parent / "detect-secrets")
    memtui = str(Path(sys.executable).parent / "memtui")
    with tempfile.TemporaryDirectory() as tmp:
        mem, proj = generate(Path(tmp), args.size)
        plant(mem, 60)
        cmd = [memtui, "audit", "--dir", str(mem), "--root", str(proj), "--format", "json"]
        have_ds = Path(ds).exists()
        cold, warm, theirs = [], [], []
        for k in range(args.runs):   # interleaved: each tool sees the same minutes of this machine
            env = dict(os.environ, XDG_CACHE_HOME=str(Path(tmp) / f"cache-{k}"))
            cold.append(timed(cmd, env=env))    # an empty cache directory
            wait_for_writer(Path(tmp) / f"cache-{k}")   # the cache is written after the output
            warm.append(timed(cmd, env=env))    # what the first run left
            if have_ds:   # detect-secrets wants a path relative to its working directory
                theirs.append(timed([ds, "scan", "--all-files", "memory"], cwd=tmp))
        ours = cold
        print(f"memtui audit (all checks)   n={args.size}  cold median {statistics.median(cold):.2f}s  "
              f"warm median {statistics.median(warm):.2f}s  (runs: {', '.join(f'{c:.2f}' for c in cold)})")
        if not have_ds:
            print("detect-secrets is not installed: pip install detect-secrets")
            return
        print(f"detect-secrets scan         n={args.size}  median {statistics.median(theirs):.2f}s  "
              f"(runs: {', '.join(f'{t:.2f}' for t in theirs)})")
        print(f"ratio: detect-secrets / memtui = {statistics.median(theirs) / statistics.median(ours):.1f}x cold, "
              f"{statistics.median(theirs) / statistics.median(warm):.1f}x warm")


if __name__ == "__main__":
    main()
