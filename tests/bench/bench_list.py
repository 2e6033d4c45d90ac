"""Benchmark `memtui list --json` (whole process) at 1k and 10k entries: wall time, peak RSS.

    python tests/bench/bench_list.py [--sizes 1000 10000] [--runs 5]
Target at 10k on a 2-core machine: <= 1.5 s and <= 150 MB.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from gen import generate  # noqa: E402


def run_once(mem: Path, proj: Path) -> tuple[float, float]:
    exe = shutil.which("memtui") or str(Path(sys.executable).parent / "memtui")
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.execv(exe, [exe, "list", "--json", "--dir", str(mem), "--root", str(proj)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t
    assert os.waitstatus_to_exitcode(status) == 0
    return wall, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    for n in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            mem, proj = generate(Path(tmp), n)
            run_once(mem, proj)  # warm the page cache
            results = [run_once(mem, proj) for _ in range(args.runs)]
            walls = [w for w, _ in results]
            print(f"list --json  n={n:>6}  wall median {statistics.median(walls):.3f}s  "
                  f"min {min(walls):.3f}s  max {max(walls):.3f}s  peak RSS {max(r for _, r in results):.0f} MB")


if __name__ == "__main__":
    main()
