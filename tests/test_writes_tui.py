"""The app's writes (issue 39): off the UI thread, the lock held elsewhere said and cancellable,
a continued draft that keeps what the agent wrote since it began, our own delete known as
ours; and the workers' own faults (the preview, a widget queried from a thread, an audit
that read other bytes than its reading)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading

from conftest import NOW, SAMPLE, make_app, settle
from tui.widgets.entry_table import EntryTable

SIZE = (120, 40)


def _editor(tmp_path, monkeypatch) -> None:
    """$EDITOR: replaces $FROM with $TO in the file it is given."""
    script = tmp_path / "fake-editor"
    script.write_text(f"#!{sys.executable}\nimport sys, os\np = sys.argv[1]\nt = open(p).read()\n"
                      "open(p, 'w').write(t.replace(os.environ['FROM'], os.environ['TO']))\n")
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)


def _said(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_continued_draft_keeps_what_the_agent_wrote_since_it_began(sample, tmp_path, monkeypatch):
    mem_dir, root = sample
    entry = mem_dir / "api-versioning.md"
    _editor(tmp_path, monkeypatch)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setenv("FROM", "All routes")
        monkeypatch.setenv("TO", "Right now all routes")
        await pilot.press("e")   # refused by the gate (transient): a draft is kept
        await settle(pilot)
        assert "api-versioning.md" in app.main.drafts
        with open(entry, "a") as f:   # the agent adds to the entry meanwhile
            f.write("The agent's later line.\n")
        monkeypatch.setenv("FROM", "Right now all routes")
        monkeypatch.setenv("TO", "Every route")
        await pilot.press("e")   # the draft continued, and saved
        await settle(pilot)
        text = entry.read_text()
        assert "Every route" in text and "The agent's later line.\n" in text, text
        assert "api-versioning.md" not in app.main.drafts


async def test_a_continued_bullet_draft_keeps_the_agents_edit_of_that_bullet(tmp_path, monkeypatch):
    oc = tmp_path / "oc"
    shutil.copytree(SAMPLE / "layouts" / "openclaw", oc)
    index = oc / "MEMORY.md"
    _editor(tmp_path, monkeypatch)
    from tui.core.layouts import get
    app = make_app(oc, tmp_path, tmp_path, layout=get("openclaw"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert table.select_id("MEMORY.md#gateway")
        monkeypatch.setenv("FROM", "runs as a systemd")
        monkeypatch.setenv("TO", "currently runs as a systemd")
        await pilot.press("e")   # refused (transient): a draft is kept
        await settle(pilot)
        assert "MEMORY.md#gateway" in app.main.drafts
        text = index.read_text()   # the agent adds a line to that very section
        index.write_text(text.replace("never with `kill -9`.\n", "never with `kill -9`.\nLogs: journalctl.\n"))
        monkeypatch.setenv("FROM", "currently runs as a systemd")
        monkeypatch.setenv("TO", "runs as a systemd --user")
        await pilot.press("e")
        await settle(pilot)
        text = index.read_text()
        assert "runs as a systemd --user user service" in text and "Logs: journalctl.\n" in text, text


async def test_a_draft_over_lines_the_agent_changed_opens_with_both_versions(sample, tmp_path, monkeypatch):
    """The agent rewrote the very line the draft changed: the next e shows both, between
    conflict markers; saved with the markers left, it is refused; resolved, it lands."""
    mem_dir, root = sample
    entry = mem_dir / "api-versioning.md"
    _editor(tmp_path, monkeypatch)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setenv("FROM", "All routes")
        monkeypatch.setenv("TO", "Right now all routes")
        await pilot.press("e")
        await settle(pilot)
        entry.write_text(entry.read_text().replace("All routes", "All public routes"))   # the agent
        monkeypatch.setenv("FROM", "zzz-nothing")
        monkeypatch.setenv("TO", "")
        await pilot.press("e")   # opened with both versions; saved as is: refused, kept
        await settle(pilot)
        assert "All public routes" in entry.read_text() and "<<<<<<< your edit" not in entry.read_text()
        assert any("conflict markers" in m for m in _said(app))
        kept = app.main.drafts["api-versioning.md"].text
        assert "Right now all routes" in kept and "All public routes" in kept
        resolved = kept.split("<<<<<<< your edit\n")[0] + kept.split("=======\n")[1].split(
            ">>>>>>> on disk now (the agent's)\n")[0] + kept.split(">>>>>>> on disk now (the agent's)\n")[1]
        monkeypatch.setenv("FROM", kept)
        monkeypatch.setenv("TO", resolved.replace("All public routes", "Every public route"))
        await pilot.press("e")
        await settle(pilot)
        assert "Every public route" in entry.read_text() and "api-versioning.md" not in app.main.drafts


async def test_our_own_delete_is_not_reported_as_removed_from_the_folder(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        gone = app.main.current_id()
        await pilot.press("d", "y")
        await settle(pilot)
        assert not (mem_dir / gone).exists()
        assert any(m.startswith("Moved 1 to the trash") for m in _said(app)), _said(app)
        assert not any("removed from the folder" in m for m in _said(app)), _said(app)


HOLD = r"""
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
os.pwrite(fd, f"{os.getpid()} memtui delete ci-status.md\n".encode(), 0)
print("held", flush=True)
sys.stdin.read()   # until the test closes it
"""


def _hold(mem_dir):
    from tui.core.writes import locking
    with locking.held(mem_dir):   # the lock file's name, as another process finds it
        lock = next(iter(locking.lock_dir().iterdir()))
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(lock)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


async def _until(pilot, check, tries: int = 200) -> None:
    for _ in range(tries):
        if check():
            return
        await pilot.pause(0.02)
    assert check()


async def test_a_write_waits_for_another_memtui_without_freezing_and_esc_cancels_it(sample, tmp_path, monkeypatch):
    from tui.core.writes import locking
    monkeypatch.setattr(locking, "WAIT", 1.0)   # (main waited this long on the UI thread)
    mem_dir, root = sample
    index = (mem_dir / "MEMORY.md").read_bytes()
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        holder = _hold(mem_dir)
        try:
            first = app.main.current_id()
            await pilot.press("d", "y")
            title = lambda: str(app.main.query_one("#title-bar").render())   # noqa: E731
            await _until(pilot, lambda: f"waits for pid {holder.pid} · esc cancels" in title())
            assert any(f"Another memtui (pid {holder.pid}: memtui delete ci-status.md) is writing to this folder" in m
                       for m in _said(app)), _said(app)
            await pilot.press("down")   # the app still moves while the write waits
            assert app.main.current_id() != first
            await pilot.press("escape")
            await _until(pilot, lambda: not app.main.writer.busy)
            assert any("Nothing was moved to the trash: cancelled" in m for m in _said(app)), _said(app)
            assert (mem_dir / first).exists() and (mem_dir / "MEMORY.md").read_bytes() == index
            await pilot.press("up", "d", "y")   # again; this time the other memtui finishes
            await _until(pilot, lambda: "esc cancels" in title())
        finally:
            holder.stdin.close()
            holder.wait()
        await _until(pilot, lambda: not (mem_dir / first).exists())
        await settle(pilot)
        assert "waits for" not in title() and any(m.startswith("Moved 1 to the trash") for m in _said(app))


async def test_no_worker_queries_the_widget_tree(sample, tmp_path, off_thread):
    """Workers compute on a snapshot and post a message; the widget tree is the UI thread's."""
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p", *"deploy")
        await settle(pilot)
    assert off_thread == []


async def test_a_failing_preview_is_said_in_the_pane_and_the_app_goes_on(sample, tmp_path, monkeypatch):
    from tui.screens.main import background
    from tui.widgets.preview_pane import PreviewPane

    def broken(snap, query):
        raise RuntimeError("the index is broken")
    monkeypatch.setattr(background, "preview", broken)
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p", *"deploy")
        await settle(pilot)
        shown = str(app.main.query_one(PreviewPane).query_one("#preview-body").render())
        assert "The preview failed: RuntimeError: the index is broken" in shown
        await pilot.press("escape", "down")
        assert app.is_running


def test_an_audit_that_read_other_bytes_says_nothing_of_those_files(sample, monkeypatch):
    """A large folder's audit runs in another process, which reads the disk again: a file the
    agent changed meanwhile had its findings read from bytes the reading never held."""
    from tui.core.snapshots.memory import Snapshot
    from tui.screens.main import background
    mem_dir, root = sample
    snap = Snapshot.load(mem_dir, root, now=NOW)
    real = background.audit_in_subprocess
    whole = real(mem_dir, root, NOW)
    assert any(f.id == "ci-status.md" for f in whole.findings)

    def agent_writes_meanwhile(*a, **k):
        p = mem_dir / "ci-status.md"
        p.write_text(p.read_text() + "The agent's new line.\n")
        return real(*a, **k)
    monkeypatch.setattr(background, "SUBPROCESS_AUDIT_FROM", 1)
    monkeypatch.setattr(background, "audit_in_subprocess", agent_writes_meanwhile)
    report = background.audit_snapshot(snap)
    assert not any("ci-status.md" in (f.id, f.related) for f in report.findings)
    assert [f for f in report.findings if f.id != "ci-status.md" and f.related != "ci-status.md" and f.id] == \
        [f for f in whole.findings if f.id != "ci-status.md" and f.related != "ci-status.md" and f.id]


def _in(thread, function: str) -> bool:
    frame = sys._current_frames().get(thread.ident)
    while frame is not None:
        if frame.f_code.co_name == function:
            return True
        frame = frame.f_back
    return False


async def test_quitting_while_a_write_waits_for_the_lock_writes_nothing_and_leaves_no_thread(sample, tmp_path):
    mem_dir, root = sample
    index = (mem_dir / "MEMORY.md").read_bytes()
    app = make_app(mem_dir, root, tmp_path)
    holder = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            holder = _hold(mem_dir)
            first = app.main.current_id()
            await pilot.press("d", "y")
            await _until(pilot, lambda: app.main.writer.waiting)
            waiting = [t for t in threading.enumerate() if _in(t, "_take")]   # the thread waiting for the lock
            assert waiting
            await pilot.press("q")
        import asyncio
        for _ in range(100):   # (the app is closed: nothing to pause on but the loop itself)
            if not any(_in(t, "_take") for t in waiting):
                break
            await asyncio.sleep(0.02)
        assert not any(_in(t, "_take") for t in waiting)   # (a pool's thread may live on, idle)
        assert (mem_dir / first).exists() and (mem_dir / "MEMORY.md").read_bytes() == index
    finally:
        if holder is not None:
            holder.stdin.close()
            holder.wait()
