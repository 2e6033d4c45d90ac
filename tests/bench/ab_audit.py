"""A/B: a cold `memtui audit --format json` of this tree against another (main's), and gitleaks,
interleaved in one run, with the outputs compared byte for byte.

    git archive main | tar -x -C /tmp/main-tree
    python tests/bench/ab_audit.py --base /tmp/main-tree [--size 10000] [--runs 5] [--dir OUT]

Each run times, one after the other on the same minutes of the machine: the base tree's audit,
this tree's, and gitleaks (`gitleaks detect --no-git`, found on PATH or beside this Python),
each as a whole process with an empty ``XDG_CACHE_HOME`` (cold). Prints each run, the medians,
the ratios to gitleaks, and fails if the two trees' JSON differ (the same folder, the same
clock: ``MEMTUI_NOW`` is not needed, both runs print ages relative to the same day).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from gen import generate  # noqa: E402

PY = sys.executable


def gitleaks() -> str | None:
    here = Path(PY).parent / "gitleaks"
    return shutil.which("gitleaks") or (str(here) if here.exists() else None)


def timed(cmd: list[str], env: dict, cwd: str | None = None) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds of the process and the children it waited for, and stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, env=env, cwd=cwd)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode not in (0, 1):
        raise SystemExit(f"{cmd[:3]} failed ({p.returncode}): {p.stderr.decode()[-500:]}")
    return wall, cpu, p.stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="another memtui tree (its folder holds tui/)")
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dir", help="a folder gen.py made (reused; made if absent)")
    args = ap.parse_args()
    trees = {"base": Path(args.base).resolve(), "this": HERE.parent.parent.resolve()}
    for tree in trees.values():   # byte-compiled once, as an installed memtui is
        subprocess.run([PY, "-m", "compileall", "-q", str(tree / "tui")], capture_output=True)
    out = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="memtui-ab-"))
    if not (out / "memory").is_dir():
        generate(out, args.size)
    mem, proj = out / "memory", out / "project"
    leaks = gitleaks()
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in (*trees, "gitleaks")}
    outputs: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.runs):
            for name, tree in trees.items():
                env = dict(os.environ, PYTHONPATH=str(tree), XDG_CACHE_HOME=f"{tmp}/{name}-{k}",
                           XDG_STATE_HOME=f"{tmp}/state")
                env.pop("PYTHONDONTWRITEBYTECODE", None)
                # run from the tree itself: `python -m` puts the working directory first on the path
                wall, cpu, stdout = timed([PY, "-m", "tui", "audit", "--dir", str(mem), "--root", str(proj),
                                           "--format", "json"], env, cwd=str(tree))
                times[name].append((wall, cpu))
                if outputs.setdefault(name, stdout) != stdout:
                    raise SystemExit(f"{name}: the output changed between runs")
            if leaks:
                wall, cpu, _ = timed([leaks, "detect", "--no-git", "--source", str(mem), "--exit-code", "0"],
                                     dict(os.environ), cwd=str(out))
                times["gitleaks"].append((wall, cpu))
            print(f"run {k + 1}: " + "  ".join(f"{n} {t[-1][0]:.2f} s (cpu {t[-1][1]:.2f})"
                                                for n, t in times.items() if t), flush=True)
            time.sleep(1)   # the detached cache writers finish before the next run
    med = {n: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for n, t in times.items() if t}
    print(f"\nmedians of {args.runs} runs, n={args.size}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}:")
    for n, (w, c) in med.items():
        ratio = f"  = {w / med['gitleaks'][0]:.2f}x gitleaks" if "gitleaks" in med and n != "gitleaks" else ""
        print(f"  {n:9s} wall {w:.2f} s  cpu {c:.2f} s{ratio}")
    same = outputs["base"] == outputs["this"]
    print(f"\nJSON of the two trees: {'byte-identical' if same else 'DIFFERENT'} ({len(outputs['this'])} bytes)")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
