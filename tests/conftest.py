import datetime as dt
import threading
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_memories"
NOW = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def sample(tmp_path) -> tuple[Path, Path]:
    """A private copy of the bundled sample: (memory dir, project root)."""
    shutil.copytree(SAMPLE, tmp_path / "sample", symlinks=True)
    return tmp_path / "sample" / "memory", tmp_path / "sample" / "project"


@pytest.fixture
def mem_dir(tmp_path) -> Path:
    d = tmp_path / "memory"
    d.mkdir()
    return d


@pytest.fixture
def root(tmp_path) -> Path:
    r = tmp_path / "project"
    r.mkdir()
    return r


def growth(run, small, big, tries: int = 3) -> float:
    """How much longer ``run(big)`` takes than ``run(small)`` (the best of ``tries`` each): a
    test of how work scales, which a loaded machine slows on both sides alike, where a bound in
    seconds fails on a busy CI box and passes a quadratic loop on a fast one. Timed in this
    process's CPU time, the runs of both sizes interleaved: wall time counted the other xdist
    workers' turns on 2 cores (a 3.4x growth read over 8x under a load of 8)."""
    import time

    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(tries):
        for side, arg in enumerate((small, big)):
            t = time.process_time()
            run(arg)
            times[side].append(time.process_time() - t)
    return min(times[1]) / max(min(times[0]), 1e-6)


def write(base: Path, rel: str, content: str | bytes) -> Path:
    p = base / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_bytes(content.encode("utf-8"))
    return p


# an entry's frontmatter for audit tests: .format(name)
ENTRY_FM = "---\nname: {0}\ndescription: {0} notes\ntype: project\n---\n"


def audit_files(tmp_path: Path, files: dict[str, str]) -> list:
    """The audit's findings on a memory folder of ``files`` (id: text) beside an empty project."""
    from tui.core.reports.audit import audit_dir
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    for rel, text in files.items():
        write(mem, rel, text)
    return audit_dir(str(mem), str(root), git=False).findings


def triage_entry(mem_dir: Path, name: str, body: str, description: str = "a note", type_: str = "project",
                 title: str | None = None, modified: str | None = None) -> Path:
    """An entry in Claude Code's shape, as the triage tests write them (the text is the test's own)."""
    import json
    meta = f"modified: {modified}\n" if modified else ""
    return write(mem_dir, name, f"---\nname: {json.dumps(title or name[:-3], ensure_ascii=False)}\n"
                                f"description: {json.dumps(description, ensure_ascii=False)}\ntype: {type_}\n{meta}---\n\n{body}\n")


def triaged(mem_dir: Path, root: Path) -> dict:
    """Triage of the folder as the CLI gives it (the audit's findings, no injection log), by id."""
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    mem = Memory.load(mem_dir, root, now=NOW)
    return triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()


def make_app(mem_dir: Path, root: Path, tmp_path: Path, **kw):
    """The TUI as tests build it: no watcher, a fixed clock and display path, a private log."""
    from tui.app import MemtuiApp
    kw.setdefault("watch", False)
    kw.setdefault("now", NOW)
    kw.setdefault("display_path", "sample/memory")
    kw.setdefault("log_path", tmp_path / "state" / "injections.jsonl")
    return MemtuiApp(mem_dir, root, **kw)


async def settle(pilot) -> None:
    """Wait until every worker (load, audit, preview, rescan) is done and the screen is drawn."""
    from textual.worker import WorkerCancelled
    for _ in range(3):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:   # an exclusive worker overtaken by a newer one: normal, wait again
            await pilot.pause(0.05)
            continue
        await pilot.pause()


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch):
    """Determinism (STYLE): a focused input shows its cursor steadily, so a snapshot does not
    depend on which half-second of the blink it was taken in."""
    from textual.widgets import Input
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture(autouse=True)
def _same_draws_in_any_order(request):
    """Determinism: a module's shared seeded generator (``_rnd``) draws the same values for a test
    whichever tests ran before it in its worker (xdist deals them out differently each run), so
    a pass or a failure is the same every time (a secret test failed once in 20 runs on this)."""
    import random
    import zlib
    rnd = getattr(request.module, "_rnd", None)
    if not isinstance(rnd, random.Random):
        yield
        return
    state = rnd.getstate()
    rnd.seed(zlib.crc32(request.node.nodeid.encode()))
    yield
    rnd.setstate(state)


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    """No test reads or writes the developer's real config or state."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    # nor the agents' own records (transcripts, session logs: core/provenance)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude-config"))
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(tmp_path / "openclaw"))
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    # the hook's stat pass distrusts what changed in the last 2 s; a test's files are all that
    # new (test_prefetch tests the rule itself)
    monkeypatch.setattr("tui.core.reading.prefetch.RACY_NS", 0)


@pytest.fixture
def hold_reading(monkeypatch):
    """``hold_reading()``: from now on the app's folder reading waits until the event it returns
    is set (what the app shows meanwhile is what is tested)."""
    def hold():
        from tui.screens.main import background
        release, read = threading.Event(), background.read_folder

        def slow_read(*args, **kwargs):
            release.wait(10)
            return read(*args, **kwargs)

        monkeypatch.setattr(background, "read_folder", slow_read)
        return release
    return hold


async def shown_while_held(app, pilot, release, rows: int, title: str, then: int) -> None:
    """With the reading held (``hold_reading``): the table shows ``rows`` rows under a title saying
    ``title``, nothing is acted on from them; once released, ``then`` rows and no such title."""
    from test_tui import plain
    from tui.widgets.entry_table import EntryTable
    table = app.query_one(EntryTable)
    for _ in range(100):
        if table.row_count:
            break
        await pilot.pause(0.02)
    title_bar = app.main.query_one("#title-bar")
    assert not app.main.loaded and table.row_count == rows
    assert title in plain(title_bar)
    assert app.main.check_action("delete", ()) is None   # nothing is acted on from these rows
    from tui.messages import LoadProgress
    app.main.post_message(LoadProgress(1, rows))   # the reading's progress keeps saying what is shown
    await pilot.pause(0.05)
    assert f"reading 1 / {rows} files" in plain(title_bar) and title in plain(title_bar)
    release.set()
    await settle(pilot)
    assert app.main.loaded and table.row_count == then
    assert title not in plain(title_bar)


@pytest.fixture
def off_thread(monkeypatch):
    """Every widget query made off the UI thread (a worker's), as (thread name, arguments): the
    widget tree is the UI thread's, so a test that drives the app expects this list empty."""
    import threading
    from textual.dom import DOMNode
    found: list = []
    real = DOMNode.query_one

    def query_one(self, *a, **k):
        if threading.current_thread() is not threading.main_thread():
            found.append((threading.current_thread().name, a))
        return real(self, *a, **k)
    monkeypatch.setattr(DOMNode, "query_one", query_one)
    return found
