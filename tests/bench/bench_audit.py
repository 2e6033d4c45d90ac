"""Benchmark a full `memtui audit` of generated entries against `detect-secrets scan`.

    pip install detect-secrets   # only for this comparison
    python tests/bench/bench_audit.py [--size 10000]
Target: memtui's full audit (every check) at least 5x faster than detect-secrets'
secret scan alone, on the same files. Both are timed as whole processes.
"""
from __future__ import annotations

import argparse
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


def plant(mem: Path, n: int) -> None:
    """A few secrets, transient statements and sensitive lines, so every check has work."""
    rnd = random.Random(3)
    files = sorted(mem.rglob("*.md"))
    for i, f in enumerate(rnd.sample(files, min(n, len(files)))):
        extra = ["token ghp_" + "".join(rnd.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789") for _ in range(36)),
                 "CI is red right now on main.", "The user was diagnosed with diabetes."][i % 3]
        f.write_text(f.read_text() + extra + "\n")


def timed(cmd: list[str], cwd: str | None = None) -> float:
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
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
        ours = [timed([memtui, "audit", "--dir", str(mem), "--root", str(proj), "--format", "json"])
                for _ in range(args.runs)]
        print(f"memtui audit (all checks)   n={args.size}  median {statistics.median(ours):.2f}s")
        if not Path(ds).exists():
            print("detect-secrets is not installed: pip install detect-secrets")
            return
        # detect-secrets wants a path relative to its working directory
        theirs = [timed([ds, "scan", "--all-files", "memory"], cwd=tmp) for _ in range(args.runs)]
        print(f"detect-secrets scan         n={args.size}  median {statistics.median(theirs):.2f}s")
        print(f"ratio: detect-secrets / memtui = {statistics.median(theirs) / statistics.median(ours):.1f}x")


if __name__ == "__main__":
    main()
