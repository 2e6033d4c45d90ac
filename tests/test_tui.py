"""Pilot tests of every TUI flow: they assert state, screens and files on disk."""
import os
import sys

from textual.widgets import Input, TabbedContent

from tui.screens.audit_screen import AuditScreen
from tui.screens.confirm_delete import ConfirmDelete
from tui.screens.help_screen import HelpScreen
from tui.screens.trash_screen import TrashScreen
from tui.widgets.detail_pane import DetailPane
from tui.widgets.entry_table import EntryTable

from conftest import make_app, settle, write

SIZE = (120, 36)


def plain(static) -> str:
    """What a Static shows, as plain text (its content may be any Rich renderable)."""
    from rich.console import Console
    with open(os.devnull, "w") as sink:
        con = Console(width=200, record=True, file=sink)
        con.print(static.content)
        return con.export_text()


def detail_text(app) -> str:
    """The entry as the detail shows it: its text, then what was checked of it (the triage's
    suggestion between the two is not the entry's)."""
    pane = app.query_one(DetailPane)
    return "\n".join(plain(part) for part in pane.query("#detail-body, #detail-rest"))


async def test_loads_the_sample_keyed_by_id(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert table.row_count == 27 and "test-runner.md" in table.rows
        assert app.main.report is not None and app.main.findings["staging-uploads.md"]
        assert table.current_id() == "api-versioning.md"


async def test_cancelled_delete_leaves_the_file(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmDelete)
        assert app.screen.focused.id == "cancel"
        await pilot.press("n")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDelete)
        assert (mem_dir / "api-versioning.md").exists()
        await pilot.press("d")
        await pilot.press("escape")
        assert (mem_dir / "api-versioning.md").exists()


async def test_confirmed_delete_goes_to_trash_and_restores_byte_identical(sample, tmp_path):
    mem_dir, root = sample
    original = (mem_dir / "api-versioning.md").read_bytes()
    index = (mem_dir / "MEMORY.md").read_bytes()
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", "enter")
        await settle(pilot)
        assert not (mem_dir / "api-versioning.md").exists()
        assert "api-versioning.md" not in app.query_one(EntryTable).rows
        await pilot.press("t")
        assert isinstance(app.screen, TrashScreen)
        await pilot.press("r")
        await settle(pilot)
        assert (mem_dir / "api-versioning.md").read_bytes() == original
        assert (mem_dir / "MEMORY.md").read_bytes() == index
        await pilot.press("escape")
        await settle(pilot)
        assert "api-versioning.md" in app.query_one(EntryTable).rows


async def test_multi_select_delete_lists_every_file(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("space", "space", "d")
        assert isinstance(app.screen, ConfirmDelete)
        assert app.screen.plan.files == ["api-versioning.md", "ci-status.md"]
        await pilot.press("y")
        await settle(pilot)
        assert not (mem_dir / "ci-status.md").exists() and not (mem_dir / "api-versioning.md").exists()


async def test_vanished_entry_is_reported(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        (mem_dir / "api-versioning.md").unlink()   # gone while the modal is open
        await pilot.press("y")
        await settle(pilot)
        assert any("vanished" in n.message for n in app._notifications)


async def test_typing_a_query_highlights_the_injected_rows(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await pilot.press(*"why does package.json say node --test")
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert table.injected.get("test-runner.md") == 1 and len(table.injected) == 3
        assert app.query_one(TabbedContent).active == "preview"
        await pilot.press("ctrl+a")
        app.query_one("#query", Input).value = "hello, how are you"
        await settle(pilot)
        assert table.injected == {}
        assert "nothing injected" in plain(app.query_one("#preview-body"))


async def test_a_secret_stays_masked_until_revealed(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        table.select_id("staging-uploads.md")
        await settle(pilot)
        assert "AKIAQ4XJ" not in detail_text(app) and "redacted" in detail_text(app)
        await pilot.press("x")
        await settle(pilot)
        assert "AKIAQ4XJ2M7RZK3PWB6D" in detail_text(app)
        await pilot.press("k")    # moving away resets the reveal
        await pilot.press("j")
        await settle(pilot)
        assert table.revealed is None and "AKIAQ4XJ" not in detail_text(app)


async def test_watcher_shows_a_new_file_and_keeps_the_selection(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        table.select_id("test-runner.md")
        write(mem_dir, "cache-ttl.md", "---\nname: cache-ttl\nsource: model\n---\nResponses are cached for 60 s.\n")
        for _ in range(40):
            await pilot.pause(0.05)
            if "cache-ttl.md" in table.rows:
                break
        await settle(pilot)
        assert "cache-ttl.md" in table.rows
        assert table.current_id() == "test-runner.md"
        assert "cache-ttl.md" in app.main.writes.new
        await pilot.press("R")
        await pilot.press("k")   # keep = mark reviewed (applied when the review closes)
        await pilot.press("escape")
        assert "cache-ttl.md" in app.main.writes.reviewed


async def test_changed_entry_in_detail_refreshes_and_says_so(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = (mem_dir / "api-versioning.md").read_text().replace("All routes", "Every route")
        (mem_dir / "api-versioning.md").write_text(text)
        os.utime(mem_dir / "api-versioning.md", ns=(1, 10**18))
        app.main.request_rescan()
        await settle(pilot)
        assert "Every route" in detail_text(app)
        assert any("changed on disk" in n.message for n in app._notifications)


async def test_filters_and_empty_states(sample, tmp_path, mem_dir):
    sample_dir, root = sample
    app = make_app(sample_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"zzzz-nothing")
        await settle(pilot)
        assert app.query_one(EntryTable).row_count == 0
        assert "No entry matches" in plain(app.query_one("#empty"))
        await pilot.press("escape")
        await settle(pilot)
        assert app.query_one(EntryTable).row_count == 27
        app.main.set_status_filter("broken")
        await settle(pilot)
        assert set(app.query_one(EntryTable).rows) == {"server-port.md", "webpack-loaders.md"}
    empty = make_app(mem_dir, root, tmp_path)
    async with empty.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "No memories" in plain(empty.query_one("#empty"))


async def test_audit_view_jumps_to_the_entry(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        assert isinstance(app.screen, AuditScreen)
        await pilot.press("down", "enter")      # first error group is open: its first finding
        await settle(pilot)
        assert app.query_one(EntryTable).current_id() == "staging-uploads.md"


async def test_audit_view_makes_a_group_when_opened_and_more_as_the_cursor_reaches_it():
    """The tree is lazy: a closed group has no nodes, an opened one a page, the rest as the
    cursor reaches its "… more" line; enter on a finding still answers with its entry."""
    from textual.app import App
    from textual.widgets import Tree
    from tui.core.judging.findings import AuditReport, Finding
    from tui.screens.audit_screen import PAGE
    n = PAGE + 30
    report = AuditReport([Finding(f"e{i:04}.md", "stale", "old-unverifiable", None, "old") for i in range(n)]
                         + [Finding("key.md", "secret", "token", 3, "a token")], entries=n + 1)
    chosen = []
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(AuditScreen(report), chosen.append)
        await pilot.pause()
        tree = app.screen.query_one(Tree)
        secret, stale = tree.root.children
        assert secret.is_expanded and len(secret.children) == 1      # errors open at once
        assert not stale.is_expanded and not stale.children          # nothing made until opened
        await pilot.press("down", "down", "enter")                   # the stale group, opened
        await pilot.pause()
        assert len(stale.children) == PAGE + 1 and "30 more" in str(stale.children[-1].label)
        tree.move_cursor(stale.children[-1])                         # the cursor reaches "… more"
        await pilot.pause()
        assert len(stale.children) == n
        tree.move_cursor(stale.children[-1])
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == [f"e{n - 1:04}.md"]


async def test_add_rejects_with_reason_and_keeps_draft_then_saves(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a")
        from textual.widgets import TextArea
        area = app.screen.query_one("#add-text", TextArea)
        area.text = "The deploy is currently frozen"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = plain(app.screen.query_one("#add-error"))
        assert "transient" in error and "draft is kept" in error
        area = app.screen.query_one("#add-text", TextArea)   # the form again, with the draft
        assert area.text == "The deploy is currently frozen"
        area.text = "Deploys are frozen on Fridays after 15:00"
        app.screen.query_one("#add-name", Input).value = "deploy-freeze"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert (mem_dir / "deploy-freeze.md").exists()
        assert "deploy-freeze.md" in app.query_one(EntryTable).rows


async def test_edit_in_editor_goes_through_the_gates(sample, tmp_path, monkeypatch):
    mem_dir, root = sample
    script = tmp_path / "fake-editor"
    script.write_text(f"#!{sys.executable}\nimport sys,os\np=sys.argv[1]\nt=open(p).read()\n"
                      "open(p,'w').write(t.replace(os.environ['FROM'], os.environ['TO']))\n")
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setenv("FROM", "All routes")
        monkeypatch.setenv("TO", "Right now all routes")
        await pilot.press("e")
        await settle(pilot)
        assert "All routes" in (mem_dir / "api-versioning.md").read_text()   # rejected: transient
        assert "api-versioning.md" in app.main.drafts
        monkeypatch.setenv("FROM", "Right now all routes")
        monkeypatch.setenv("TO", "Every route")
        await pilot.press("e")   # continues from the kept draft
        await settle(pilot)
        assert "Every route" in (mem_dir / "api-versioning.md").read_text()
        assert "api-versioning.md" not in app.main.drafts


async def test_help_and_palette_commands(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("a")            # curation keys do nothing over another screen
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for t in ("Audit", "Trash", "Add an entry", "Delete…", "Filter: broken anchor", "Theme"):
            assert t in titles


async def test_footer_greys_out_what_does_not_apply(mem_dir, root, tmp_path):
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.main.check_action("delete", ()) is None and app.main.check_action("edit", ()) is None
        assert app.main.check_action("reveal", ()) is None and app.main.check_action("add", ()) is True


async def test_theme_flag_and_choice_is_remembered(sample, tmp_path):
    from tui.core.config import load_config
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == "memtui-dark"
        assert {"memtui-dark", "memtui-light"} <= set(app.available_themes)
        app.theme = "memtui-light"
        await pilot.pause()
    assert load_config()["theme"] == "memtui-light"
    app2 = make_app(mem_dir, root, tmp_path)
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app2.theme == "memtui-light"
    app3 = make_app(mem_dir, root, tmp_path, theme="memtui-dark")
    async with app3.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app3.theme == "memtui-dark"


async def test_broken_files_folder_never_crashes(tmp_path, root):
    mem_dir = tmp_path / "broken"
    write(mem_dir, "bad.md", "---\nname: [oops\n---\nx\n")
    write(mem_dir, "bin.md", b"\x00\x01\x02")
    write(mem_dir, "latin.md", "caf\xe9".encode("latin-1"))
    write(mem_dir, "empty.md", b"")
    os.symlink("loop2.md", mem_dir / "loop1.md")
    os.symlink("loop1.md", mem_dir / "loop2.md")
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert table.row_count == 6
        for key in ("down",) * 6:
            await pilot.press(key)
        await pilot.press("x", "e", "A", "escape")
        await settle(pilot)


def test_audit_in_a_subprocess_matches_in_process(sample):
    from tui.screens.main.background import audit_in_subprocess
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    from conftest import NOW
    mem_dir, root = sample
    here = audit(Memory.load(mem_dir, root, now=NOW), git=True, jobs=1)
    there = audit_in_subprocess(mem_dir, root, NOW)
    assert [(f.id, f.kind, f.rule, f.line) for f in there.findings] == \
        [(f.id, f.kind, f.rule, f.line) for f in here.findings]


def test_quitting_ends_a_running_audit_process(sample, tmp_path, monkeypatch):
    """A thread worker cannot be stopped: the app ends the audit process it waits on, so
    quitting during a big folder's audit does not wait for the audit to finish."""
    import sys
    import threading
    import time
    from tui.screens.main import background
    from conftest import NOW
    slow = tmp_path / "slow-python"
    slow.write_text("#!/bin/sh\nexec sleep 60\n")
    slow.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(slow))
    mem_dir, root = sample
    failed = []

    def run():
        try:
            background.audit_in_subprocess(mem_dir, root, NOW)
        except RuntimeError as e:
            failed.append(str(e))
    t = threading.Thread(target=run)
    t.start()
    for _ in range(100):
        if background._running:
            break
        time.sleep(0.02)
    background.stop_audits()
    t.join(5)
    assert not t.is_alive() and failed == ["the audit was stopped"]


async def test_injection_log_shows_hook_records_live(sample, tmp_path):
    import json
    mem_dir, root = sample
    log = tmp_path / "state" / "injections.jsonl"
    app = make_app(mem_dir, root, tmp_path, watch=True, log_path=log)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        from tui.widgets.injection_log import InjectionLog
        panel = app.query_one(InjectionLog)
        rec = {"time": "2026-11-29T12:00:00Z", "session_id": "s", "prompt": "why the Makefile?",
               "injected": [{"id": "db-backup-zh.md", "score": 10,
                             "reasons": [{"kind": "path", "detail": "Makefile", "points": 10}]}]}
        with open(log, "a") as f:
            f.write(json.dumps(rec) + "\n")
        for _ in range(40):
            await pilot.pause(0.05)
            if panel.count:
                break
        assert panel.count == 1
        assert any("hook injected" in n.message for n in app._notifications)


async def test_clicking_a_header_sorts(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        x = 1 + sum(c.width + 2 for c in list(table.columns.values())[:4])   # inside the age header
        await pilot.click(EntryTable, offset=(x, 0))
        await settle(pilot)
        assert table.sort_column == "age" and not table.sort_reverse
        first = table.visible_ids[:3]
        assert all(app.main.snapshot.status[i].age_days <= 1 for i in first)
        await pilot.click(EntryTable, offset=(x, 0))   # a second click reverses
        await settle(pilot)
        assert table.sort_column == "age" and table.sort_reverse


def _big_app(tmp_path, n: int = 400):
    """The app on a folder of ``n`` generated entries (the benchmarks' generator): several times
    the rows a screen holds, which is all these tests need."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "bench"))
    from gen import generate
    mem_dir, root = generate(tmp_path / "big", n)
    return make_app(mem_dir, root, tmp_path)


async def _until_loaded(pilot) -> None:
    while not pilot.app.main.loaded:
        await pilot.pause(0.02)
    await settle(pilot)


async def test_a_large_table_builds_cells_only_for_the_rows_drawn(tmp_path):
    app = _big_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _until_loaded(pilot)
        table = app.query_one(EntryTable)
        drawn: list[str] = []
        real = table.row_cells
        table.row_cells = lambda key: drawn.append(key) or real(key)
        await pilot.press("pagedown", "pagedown", "G")
        await settle(pilot)
        assert table.row_count == len(app.main.snapshot.entries) and table.current_id() == table.visible_ids[-1]
        assert 0 < len(drawn) <= 3 * SIZE[1] and table.visible_ids[-1] in drawn
        table.filter_text = "zzzz-nothing"
        table.rebuild()
        await settle(pilot)
        assert table.row_count == 0 and table.current_id() is None


async def test_new_flags_of_rows_off_screen_are_drawn_when_scrolled_to(tmp_path):
    """An audit's flags redraw only the rows on screen; a row below is drawn with them when
    the table scrolls to it (not from the line kept from before)."""
    app = _big_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _until_loaded(pilot)
        table = app.query_one(EntryTable)
        screen_text = lambda: "\n".join(table.render_line(y).text for y in range(table.size.height))  # noqa: E731
        first, last = table.keys[0], table.keys[-1]
        await pilot.press("G")
        await settle(pilot)
        before = screen_text()   # the last row drawn, and kept
        await pilot.press("g")
        await settle(pilot)
        refreshed: list[int] = []
        real = table.refresh_line
        table.refresh_line = lambda y: refreshed.append(y) or real(y)
        table.set_kinds([first, last], lambda i: ("tracked-in-git",))
        assert refreshed == [1]   # the first row only: the last is off screen
        await pilot.press("G")
        await settle(pilot)
        after = screen_text()
        assert after != before and "git" in after and "git" not in before


async def test_keys_leave_the_inputs_when_the_table_is_hidden(mem_dir, root, tmp_path):
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p", *"hello")
        await settle(pilot)
        assert "nothing injected" in plain(app.query_one("#preview-body"))
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        await pilot.press("question_mark")
        from tui.screens.help_screen import HelpScreen
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "slash", *"zz", "escape", "a")
        from tui.screens.add_entry import AddEntry
        assert isinstance(app.screen, AddEntry) and app.query_one("#filter", Input).value == ""


async def test_a_changed_row_is_re_placed_in_either_sort_order(sample, tmp_path):
    """A rescan that changes a few rows puts them where the sort wants them, without re-sorting
    every row: the table's order is still a full sort's, ascending and descending."""
    from tui.widgets.entry_table import sort_key
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        for k, reverse in enumerate((False, True)):
            if table.sort_reverse != reverse:
                app.main.action_reverse_sort()
            text = (mem_dir / "api-versioning.md").read_text()
            (mem_dir / "api-versioning.md").write_text(text.replace("name: ", f"name: {'zm'[k]}-moved-", 1))
            app.main.load(False)
            await settle(pilot)
            key = sort_key(table.sort_column)
            shown = list(table.keys)   # the order drawn
            assert shown == sorted(shown, key=lambda i: (key(table.rows_by_id[i]), i), reverse=reverse)
            assert table.visible_ids == shown and f"{'zm'[k]}-moved-" in str(table.row_cells("api-versioning.md"))


async def test_a_later_reading_is_indexed_when_a_prompt_asks_for_it(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        write(mem_dir, "zephyr-deploys.md", "---\nname: zephyr deploys\ndescription: zephyrquux rollouts go "
                                            "through the canary first\ntype: project\n---\nCanary first.\n")
        app.main.request_rescan(True)
        for _ in range(100):
            await pilot.pause(0.02)
            if "zephyr-deploys.md" in table.rows:
                break
        await settle(pilot)
        assert app.main.snapshot.engine is None   # no prompt yet: the agent's write cost no index
        await pilot.press("p", *"how do zephyrquux rollouts work")
        for _ in range(200):
            await pilot.pause(0.02)
            if "zephyr-deploys.md" in table.injected:
                break
        assert table.injected.get("zephyr-deploys.md") == 1 and app.main.snapshot.engine is not None


async def test_one_audit_at_a_time_and_the_latest_reading_is_audited_after(sample, tmp_path, monkeypatch):
    """A file the agent writes starts a new audit; one still running is not stopped (a thread
    worker cannot be). Readings that come meanwhile wait for it, and only the latest is audited
    then: audits piling up had held every thread of the pool, so a reading waited for them."""
    import threading
    from tui.screens.main import background
    mem_dir, root = sample
    gate, started, real = threading.Event(), [], background.audit_snapshot

    def slow_audit(snap):
        started.append(snap.generation)
        gate.wait(10)
        return real(snap)

    monkeypatch.setattr(background, "audit_snapshot", slow_audit)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await pilot.pause(0.02)
            if started:
                break
        for n in range(3):   # three writes while the first audit runs
            write(mem_dir, f"burst-{n}.md", f"---\nname: burst {n}\ndescription: written in a burst\n---\nBody.\n")
            app.main.request_rescan()
            for _ in range(100):
                await pilot.pause(0.02)
                if f"burst-{n}.md" in app.query_one(EntryTable).rows:
                    break
            assert f"burst-{n}.md" in app.query_one(EntryTable).rows   # the readings did not wait
        assert len(started) == 1
        gate.set()
        await settle(pilot)
        assert started == [started[0], app.main.snapshot.generation]   # then the latest, once
        assert app.main.report.entries == len(app.main.snapshot.entries)   # the report shown is the latest's
