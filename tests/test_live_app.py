"""The live app under the agent's writes: readings that overtake each other, a file written
while the first reading runs, audits that keep being overtaken."""
from __future__ import annotations

import asyncio

from tui.messages import Audited, Rescanned
from tui.widgets.entry_table import EntryTable

from conftest import NOW, make_app, settle, write
from test_tui import SIZE


async def test_a_reading_that_overtook_the_one_before_is_diffed_against_the_rows_shown(sample, tmp_path):
    """Reading N+2 reaches the screen before N+1 (two load workers overlapped): what N+1
    added and removed is in no list of N+2, and the table still ends up as the folder is."""
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen, table = app.main, app.query_one(EntryTable)
        (mem_dir / "test-runner.md").unlink()
        write(mem_dir, "early.md", "---\nname: early\nsource: model\n---\nAdded in the skipped reading.\n")
        skipped = screen.store.refresh(NOW)
        write(mem_dir, "late.md", "---\nname: late\nsource: model\n---\nAdded in the newest reading.\n")
        newest = screen.store.refresh(NOW)
        assert "test-runner.md" not in newest.removed and "early.md" not in newest.added
        screen.post_message(Rescanned(newest))
        screen.post_message(Rescanned(skipped))   # late: dropped
        await settle(pilot)
        assert set(table.rows_by_id) == set(newest.entries) == set(table.rows)
        assert {"early.md", "late.md"} <= set(table.rows) and "test-runner.md" not in table.rows
        table.move_cursor(row=table.row_count - 1)   # every row draws (a stale one raised KeyError)
        await pilot.pause()
        app.save_screenshot(str(tmp_path / "shot.svg"))
        assert app.is_running and app.main.snapshot.generation == newest.generation


async def test_a_file_written_during_the_first_reading_is_shown(sample, tmp_path, monkeypatch):
    """The watcher starts before the first walk: what the agent writes while the folder is
    being read (after the walk passed it) shows without ctrl+r."""
    from tui.screens.main import background
    mem_dir, root = sample
    read = background.read_folder

    def read_then_write(*args, **kwargs):
        snap = read(*args, **kwargs)
        if "during.md" not in snap.entries:
            write(mem_dir, "during.md", "---\nname: during\nsource: model\n---\nWritten during the reading.\n")
        return snap

    monkeypatch.setattr(background, "read_folder", read_then_write)
    app = make_app(mem_dir, root, tmp_path, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        table = app.query_one(EntryTable)
        for _ in range(200):   # up to 10 s: the watcher's event and debounce are slow under load
            await pilot.pause(0.05)
            if "during.md" in table.rows:
                break
        assert "during.md" in table.rows and app.main.watcher is not None


async def test_findings_show_while_the_agent_keeps_writing(sample, tmp_path, monkeypatch):
    """Each audit takes longer than the agent waits between writes: the newest finished audit
    is shown all the same (the latest reading's runs next), not none until the writes stop."""
    from tui.screens.main import background
    mem_dir, root = sample
    audit = background.audit_snapshot

    def slow_audit(snap):
        import time
        time.sleep(0.15)
        return audit(snap)

    monkeypatch.setattr(background, "audit_snapshot", slow_audit)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        while not app.main.loaded:
            await pilot.pause(0.02)
        screen, first = app.main, len(app.main.snapshot.entries)
        for k in range(16):   # a write every ~0.05 s for 0.8 s
            write(mem_dir, f"stream-{k}.md", f"---\nname: stream {k}\nsource: model\n---\nNote {k}.\n")
            screen.request_rescan()
            await pilot.pause(0.05)
        assert screen.report is not None and screen.report.entries > first
        # and the last one lands: a rescan or the audit after it may still wait on its timer when no
        # worker runs (CI under load), so wait for it up to 10 s rather than for the workers once
        for _ in range(200):
            await settle(pilot)
            if screen.report.entries == len(screen.snapshot.entries):
                break
            await pilot.pause(0.05)
        assert screen.report.entries == len(screen.snapshot.entries)


async def test_a_line_skipped_in_a_mem0_export_is_audited_though_no_entry_changed(tmp_path):
    """A bad line appended to an export changes none of its memories, only the layout's finding:
    the next reading is audited all the same (the count in the title moved only after a restart)."""
    import shutil
    from pathlib import Path
    from tui.core.layouts.mem0 import Mem0
    mem = tmp_path / "m0"
    shutil.copytree(Path(__file__).parent.parent / "sample_memories" / "layouts" / "mem0", mem)
    app = make_app(mem, mem, tmp_path, layout=Mem0())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.main
        assert not [f for f in screen.report.findings if f.kind == "layout"]
        with open(mem / "openmemory.jsonl", "a", encoding="utf-8") as fh:
            fh.write("this is not json {\n")
        snap = screen.store.refresh(NOW)
        assert not (snap.added or snap.changed or snap.removed)
        screen.post_message(Rescanned(snap))
        await settle(pilot)
        assert [f.rule for f in screen.report.findings if f.kind == "layout"] == ["mem0-bad-record"]
