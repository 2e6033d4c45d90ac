"""The agent record's reader on ~1 GB of transcripts (issue 38's bars), against main's code where
"today" is the bar. Whole processes, interleaved A/B in the same minutes; give `uptime` beside it.

    python tests/bench/bench_history.py [--gb 1.0] [--out /tmp/memtui-history-1g] [--main /work/main] [--runs 5]

1. the reader in process: the first read (cold: no kept file), a warm one (nothing appended),
   one after ~10 MB more (it must read exactly what was appended);
2. `memtui list --json`: cold record, then warm, beside the same command with no transcripts;
3. the app, warm (the kept file holds the record): first rows and interactive, this branch
   against main (``--main``: a checkout of it), and when the record's dates land in the rows;
   the app's longest UI stall while it reads the 1 GB record cold;
4. the hook (it never reads transcripts): this branch against main on the same folder.
"""
from __future__ import annotations

import os
import time

T0 = float(os.environ.get("BENCH_T0") or time.time())

import argparse  # noqa: E402
import asyncio  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def _env(code: Path, config: Path, cache: Path, state: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(code), CLAUDE_CONFIG_DIR=str(config), XDG_CACHE_HOME=str(cache),
               XDG_STATE_HOME=str(state))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _run(args: list[str], env: dict, stdin: str | None = None, cwd: Path | None = None) -> tuple[float, str]:
    t = time.perf_counter()
    p = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, input=stdin, cwd=cwd)
    if p.returncode not in (0, 1):
        raise RuntimeError(p.stderr[-2000:])
    return time.perf_counter() - t, p.stdout


# -- 3. the app, one run in this process (called as a child: --app-once) --------------------------
async def app_once(mem: Path, proj: Path, wait: float) -> dict:
    """One start of the app: first rows, interactive; this branch: when every row has its dates
    from the record, when the record's read is done, and the longest UI stall from interactive
    to then. ``wait`` > 0 (main, which has no record): the longest stall in that many seconds
    after interactive (the same window, for comparison)."""
    from tui.app import MemtuiApp
    from tui.widgets.entry_table import EntryTable
    out: dict = {}
    log = Path(os.environ.get("XDG_STATE_HOME") or tempfile.gettempdir()) / "bench-log.jsonl"
    app = MemtuiApp(mem, proj, watch=False, display_path="bench", log_path=log)
    async with app.run_test(size=(120, 36)) as pilot:
        last, worst = time.perf_counter(), 0.0

        def tick() -> None:
            nonlocal last, worst
            now = time.perf_counter()
            worst = max(worst, now - last - 0.01)
            last = now
        app.set_interval(0.01, tick)
        table = app.query_one(EntryTable)
        while not table.row_count:
            await asyncio.sleep(0.002)
        out["first_rows"] = time.time() - T0
        while not (app.main.loaded and table.row_count):
            await asyncio.sleep(0.005)
        out["interactive"] = time.time() - T0
        worst = 0.0
        records = getattr(app.main, "records", None)
        if records is not None:
            while not records.dated or not all(table.rows_by_id[i].dated is not None for i in records.dated
                                                    if i in table.rows_by_id):
                await asyncio.sleep(0.005)
            out["dated_rows"] = time.time() - T0
            while records.generation < 0:
                await asyncio.sleep(0.005)
            out["record_read"] = time.time() - T0
        else:
            await asyncio.sleep(wait)
        out["stall_after_interactive"] = worst
        await pilot.pause()
    return out


def _app(code: Path, env: dict, mem: Path, proj: Path, wait: float = 0.0) -> dict:
    env = dict(env, BENCH_T0=str(time.time()))
    _, out = _run([str(HERE / "bench_history.py"), "--app-once", str(mem), str(proj), str(wait)],
                  dict(env, PYTHONPATH=str(code)))
    return json.loads(out.strip().splitlines()[-1])


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gb", type=float, default=1.0)
    ap.add_argument("--out", default="/tmp/memtui-history-1g")
    ap.add_argument("--main", default="/work/main", help="a checkout of main, for the A/B")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--app-once", nargs=3, metavar=("MEM", "PROJ", "WAIT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.app_once:
        mem, proj, wait = args.app_once
        print(json.dumps(asyncio.run(app_once(Path(mem), Path(proj), float(wait)))))
        return
    out = Path(args.out)
    sys.path.insert(0, str(HERE))
    from gen_transcripts import generate
    config = out / "claude"
    if not config.is_dir():
        generate(out, args.gb)
    project = out / "project"
    memory = next((config / "projects").iterdir()) / "memory"
    size = sum(p.stat().st_size for p in config.rglob("*.jsonl"))
    main_code = Path(args.main)
    work = Path(tempfile.mkdtemp(prefix="memtui-history-bench-"))   # every cache and state made here, removed at the end

    def fresh(name: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=work))
    state = fresh("state")
    print(f"{size / 1e9:.2f} GB of transcripts, {len(list(memory.glob('*.md')))} memory files; "
          f"load {os.getloadavg()[0]:.1f}")

    # 1. the reader, in a child process so the kept file is its own
    cache = Path(fresh("cache"))
    env = _env(REPO, config, cache, state)
    reader = ("import sys, time, json; from pathlib import Path; from tui.core.provenance.report import record_of; "
              "from tui.core.layouts import get; t = time.perf_counter(); "
              f"r = record_of(Path({str(memory)!r}), Path({str(project)!r}), get('claude-code')); "
              "print(json.dumps({'s': time.perf_counter() - t, 'read': r.read_now, 'acts': len(r.acts)}))")
    cold = json.loads(_run(["-c", reader], env)[1])
    warm = json.loads(_run(["-c", reader], env)[1])
    extra = sorted(config.rglob("*.jsonl"))[-1]
    before = extra.stat().st_size
    with open(extra, "ab") as f, open(sorted(config.rglob("*.jsonl"))[0], "rb") as src:
        f.write(src.read(10 << 20).rsplit(b"\n", 1)[0] + b"\n")   # ~10 MB of whole lines
    grown = json.loads(_run(["-c", reader], env)[1])
    appended = extra.stat().st_size - before
    print(f"1. reader: cold {cold['s']:.2f} s ({size / 1e6 / cold['s']:.0f} MB/s, {cold['acts']} acts); "
          f"warm {warm['s'] * 1000:.0f} ms, {warm['read']} bytes read; after {appended / 1e6:.1f} MB appended: "
          f"{grown['s'] * 1000:.0f} ms, {grown['read'] / 1e6:.1f} MB read (exactly the appended bytes: "
          f"{grown['read'] == appended})")

    # 2. list --json: the record read cold, then warm, beside no transcripts at all
    cache2 = Path(fresh("cache"))
    listing = [str(REPO / "tui" / "__main__.py"), "list", "--json", "--dir", str(memory), "--root", str(project)]
    envl = _env(REPO, config, cache2, state)
    first = _run(["-m", "tui", *listing[1:]], envl)[0]
    none_env = _env(REPO, out / "no-transcripts", Path(fresh("cache")), state)
    _run(["-m", "tui", *listing[1:]], none_env)
    with_rec, without = [], []
    for _ in range(args.runs):
        with_rec.append(_run(["-m", "tui", *listing[1:]], envl)[0])
        without.append(_run(["-m", "tui", *listing[1:]], none_env)[0])
    print(f"2. list --json: first (record cold) {first:.2f} s; warm {med(with_rec):.3f} s against "
          f"{med(without):.3f} s with no transcripts ({med(with_rec) / med(without):.2f}x)")

    # 3. the app warm: this branch (its record kept) against main, interleaved
    if (main_code / "tui").is_dir():
        env_main = _env(main_code, config, Path(fresh("cache")), state)
        _app(main_code, env_main, memory, project)
        envm = _env(REPO, config, cache, state)
        ours, theirs = [], []
        for _ in range(args.runs):
            theirs.append(_app(main_code, env_main, memory, project))
            ours.append(_app(REPO, envm, memory, project))
        for key in ("first_rows", "interactive"):
            a, b = med([r[key] for r in ours]), med([r[key] for r in theirs])
            print(f"3. app warm {key}: {a:.3f} s against main's {b:.3f} s ({a / b:.2f}x)")
        a, b = med([r["dated_rows"] for r in ours]), med([r["interactive"] for r in theirs])
        print(f"   every row dated from the record: {a:.3f} s ({a / b:.2f}x main's warm start); its read done "
              f"(only what was appended) at {med([r['record_read'] for r in ours]):.3f} s")
        cold = _app(REPO, _env(REPO, config, Path(fresh("cache")), state),
                    memory, project)
        window = cold["record_read"] - cold["interactive"]
        base = _app(main_code, env_main, memory, project, window)
        print(f"   cold (1 GB read after the rows): first rows {cold['first_rows']:.2f} s, the read done at "
              f"{cold['record_read']:.2f} s; longest UI stall from interactive to then "
              f"{cold['stall_after_interactive'] * 1000:.0f} ms (main, the same {window:.1f} s after its start: "
              f"{base['stall_after_interactive'] * 1000:.0f} ms)")

        # 4. the hook, warm, this branch against main (it never reads transcripts)
        hook_in = json.dumps({"prompt": "how do we deploy the api?", "cwd": str(project), "session_id": "bench",
                              "hook_event_name": "UserPromptSubmit"})
        h_env = dict(envm, PYTHONPATH=str(REPO))
        m_env = dict(env_main, PYTHONPATH=str(main_code))
        for e in (h_env, m_env):
            _run(["-m", "tui", "hook", "claude-code"], e, hook_in, cwd=project)
            time.sleep(1)
        mine_h, main_h = [], []
        for _ in range(args.runs * 2):
            mine_h.append(_run(["-m", "tui", "hook", "claude-code"], h_env, hook_in, cwd=project)[0])
            main_h.append(_run(["-m", "tui", "hook", "claude-code"], m_env, hook_in, cwd=project)[0])
        print(f"4. hook warm: {med(mine_h) * 1000:.0f} ms against main's {med(main_h) * 1000:.0f} ms "
              f"({med(mine_h) / med(main_h):.2f}x)")
    print(f"load {os.getloadavg()[0]:.1f}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
