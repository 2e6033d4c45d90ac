"""Where a cold `memtui audit --format json` spends its time, in process.

    python tests/bench/profile_audit.py [--size 10000] [--dir OUT] [--jobs N] [--profile FILE]

Generates a folder with gen.py (or reuses ``--dir``'s), then runs the audit command's own
steps with an empty ``XDG_CACHE_HOME``, timing each phase by wrapping the functions that
make it: the probe of the kept audit, the walk, the parse (``Scanner._read``), the statuses
(``assess``), the directory's checks, the per-entry rules, the output, and the cache's
write (done after the output, in a detached child, by the real command). With ``--profile``
the whole run is under cProfile (use ``--jobs 1``: forked workers are not profiled) and the
top 25 functions by cumulative and by own time are written to FILE. ``--worker-profile FILE``
profiles each forked worker too (with ``--jobs 2`` or more) and writes their summary to FILE.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))
from gen import generate  # noqa: E402

WALL: dict[str, float] = defaultdict(float)


def timed(owner, name: str, phase: str) -> None:
    """Wrap ``owner.name`` so its wall time adds to ``phase`` (outermost calls only)."""
    fn = getattr(owner, name)
    depth = [0]

    def wrapper(*a, **k):
        depth[0] += 1
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            depth[0] -= 1
            if depth[0] == 0:
                WALL[phase] += time.perf_counter() - t
    setattr(owner, name, wrapper)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--dir", help="a folder gen.py made (OUT, holding memory/ and project/); made if absent")
    ap.add_argument("--jobs", type=int, default=0, help="MEMTUI_JOBS (0: every core)")
    ap.add_argument("--profile", help="write the cProfile summary here")
    ap.add_argument("--worker-profile", help="profile the forked workers; their summary goes here")
    args = ap.parse_args()
    out = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="memtui-prof-"))
    if not (out / "memory").is_dir():
        generate(out, args.size)
    mem_dir, proj = out / "memory", out / "project"
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="memtui-prof-cache-")   # cold
    if args.jobs:
        os.environ["MEMTUI_JOBS"] = str(args.jobs)

    t0 = time.perf_counter()
    from tui.commands import audit as cmd
    from tui.commands import common
    from tui.core.reports import audit, audit_format
    from tui.core.reports import audit_cache
    from tui.core.snapshots import memory, store
    from tui.core.judging import status
    WALL["imports"] = time.perf_counter() - t0

    timed(audit_cache.Probe, "__init__", "probe")
    timed(store.Scanner, "_walk_scan", "scan (walk + parse)")
    timed(store.Scanner, "_read", "parse")
    timed(memory, "assess", "statuses")
    for name in ("index_findings", "conflict_findings", "duplicate_findings", "tracked_in_git"):
        timed(audit, name, "directory checks")
    timed(audit, "entry_findings", "per-entry rules (this process)")
    timed(audit, "_scrubbed", "scrub + sort")
    timed(audit_format, "to_json", "output")
    timed(audit_format, "dumps", "output")
    timed(audit_cache.Probe, "keep", "cache write (after output)")
    timed(store.Scanner, "keep_judgements", "cache write (after output)")
    timed(audit, "audit", "audit()")
    timed(memory.Snapshot, "load", "Memory.load()")

    worker_stats = tempfile.mkdtemp(prefix="memtui-prof-workers-") if args.worker_profile else None
    if worker_stats:
        profile_workers(worker_stats)
    jobs: list = []
    common.AFTER_OUTPUT = jobs
    ns = argparse.Namespace(dir=str(mem_dir), root=str(proj), format="json", fail_on="secret",
                            layout=None)
    prof = cProfile.Profile() if args.profile else None
    real_stdout, sys.stdout = sys.stdout, io.StringIO()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    t, cpu = time.perf_counter(), time.process_time()
    try:
        if prof:
            prof.enable()
        cmd.run(ns)
        WALL["total to output"] = time.perf_counter() - t
        WALL["cpu of this process to output"] = time.process_time() - cpu
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        WALL["cpu of its forked workers"] = (now.ru_utime - kids.ru_utime) + (now.ru_stime - kids.ru_stime)
        for job in jobs:
            job()
        if prof:
            prof.disable()
    finally:
        printed, sys.stdout = sys.stdout.getvalue(), real_stdout
    WALL["total with cache write"] = time.perf_counter() - t
    WALL["scan (walk + parse)"] -= WALL["parse"]
    print(f"{len(printed)} bytes of JSON; jobs={os.environ.get('MEMTUI_JOBS') or os.cpu_count()}")
    for phase, secs in WALL.items():
        print(f"  {phase:34s} {secs:7.3f} s")
    if prof:
        buf = io.StringIO()
        st = pstats.Stats(prof, stream=buf).strip_dirs()
        buf.write("phases (wall, in process, under the profiler):\n")
        for phase, secs in WALL.items():
            buf.write(f"  {phase:34s} {secs:7.3f} s\n")
        st.sort_stats("cumulative").print_stats(25)
        st.sort_stats("tottime").print_stats(25)
        Path(args.profile).write_text(buf.getvalue())
        print(f"profile written to {args.profile}")
    if worker_stats:
        files = sorted(str(f) for f in Path(worker_stats).glob("*.prof"))
        buf = io.StringIO()
        buf.write(f"{len(files)} forked worker(s), their profiles summed:\n")
        st = pstats.Stats(*files, stream=buf).strip_dirs()
        st.sort_stats("cumulative").print_stats(25)
        st.sort_stats("tottime").print_stats(25)
        Path(args.worker_profile).write_text(buf.getvalue())
        print(f"workers' profile written to {args.worker_profile}")


def profile_workers(folder: str) -> None:
    """Each forked worker runs under cProfile and dumps its stats into ``folder`` as it exits."""
    from tui.core import forking
    loop = forking._work_loop

    def profiled(*a):
        prof = cProfile.Profile()
        exit_now = os._exit

        def dump_and_exit(code):
            prof.disable()
            prof.dump_stats(f"{folder}/worker-{os.getpid()}.prof")
            exit_now(code)
        os._exit = dump_and_exit   # (this worker's own os module state: it never returns)
        prof.enable()
        loop(*a)
    forking._work_loop = profiled


if __name__ == "__main__":
    main()
