"""The triage pass (T) goes on only when an action is done: a failed promotion is not done, and
after a promotion the pass waits for the offer to move the entry to the trash; edit opens
$EDITOR on the line the triage names."""
from __future__ import annotations

import os
import sys

from rich.console import Console
from textual.widgets import Static

from conftest import make_app, settle, write
from tui.screens.confirm_delete import ConfirmDelete
from tui.screens.promote_screen import PromoteScreen
from tui.screens.triage_screen import TriageScreen


def title(app) -> str:
    return str(app.screen.query_one("#triage-title", Static).render())


async def to_first(pilot, app, action: str) -> str:
    """Skip to the first suggestion of ``action``; its entry id."""
    await pilot.press("T")
    await settle(pilot)
    assert isinstance(app.screen, TriageScreen)
    for _ in range(len(app.screen.queue)):
        if app.screen.queue[0].action == action:
            return app.screen.queue[0].id
        await pilot.press("n")
    raise AssertionError(f"no {action} suggestion")


async def test_a_failed_promotion_is_not_done(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        first = await to_first(pilot, app, "promote")
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PromoteScreen)
        target = root / app.screen.target()
        target.write_text("- Someone else's rule, written meanwhile at the top.\n" + target.read_text())
        await pilot.press("ctrl+s")   # refused: the target changed (not only appended to) since the diff was shown
        await settle(pilot)
        assert isinstance(app.screen, PromoteScreen)   # offered again, against what is there now
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TriageScreen)
        assert app.screen.queue[0].id == first and app.screen.done_count == 0
        assert first in title(app)


async def test_after_a_promotion_the_pass_waits_for_the_trash_offer(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        first = await to_first(pilot, app, "promote")
        pass_screen = app.screen
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDelete)   # the offer to move it to the trash
        assert pass_screen.queue[0].id == first and pass_screen.done_count == 0   # the pass waits
        await pilot.press("n")   # keep it in memory
        await settle(pilot)
        assert app.screen is pass_screen and pass_screen.done_count == 1
        assert pass_screen.queue and pass_screen.queue[0].id != first
        assert "promoted_to" in (mem_dir / first).read_text()


async def test_edit_opens_the_editor_on_the_line_and_counts_when_saved(tmp_path, monkeypatch):
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    write(mem_dir, "trap.md", "---\nname: trap\ndescription: Signatures cover the raw body\ntype: project\n---\n\n"
          "The signature covers the raw bytes the carrier sent.\n"
          "Re-serialising the parsed JSON changes key order, so the check fails.\n"
          "The fix was a buffer content-type parser on that route.\n"
          "Status: the UPS route is still not verified, pending credentials.\n")
    calls = tmp_path / "calls"
    script = tmp_path / "fake-editor"   # records its arguments, deletes the line it was opened at
    script.write_text(f"#!{sys.executable}\nimport sys\nopen({str(calls)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
                      "n = int(sys.argv[1][1:]); p = sys.argv[2]\nlines = open(p).read().splitlines(True)\n"
                      "del lines[n - 1]\nopen(p, 'w').write(''.join(lines))\n")
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert await to_first(pilot, app, "edit") == "trap.md"
        assert "(line 10)" in title(app)
        await pilot.press("e")
        await settle(pilot)
        assert calls.read_text().startswith("+10 ")
        assert "Status:" not in (mem_dir / "trap.md").read_text()
        assert "raw bytes" in (mem_dir / "trap.md").read_text()
        assert isinstance(app.screen, TriageScreen) and app.screen.done_count == 1


async def test_the_pass_shows_the_index_files_own_suggestion_and_edits_its_line(tmp_path, monkeypatch):
    """`memtui triage` says what to do with MEMORY.md (no entry: the folder's index); the pass shows
    it too, as the CLI does, and e opens the editor on the line it names — even when every entry
    is a keep."""
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    write(mem_dir, "MEMORY.md", "- [Lint](lint.md) — the linter runs before each commit\n"
          "- Status: the billing migration is half done, resume on Monday\n")
    write(mem_dir, "lint.md", "---\nname: lint\ndescription: The linter runs in the pre-commit hook\ntype: project\n---\n\n"
          "The pre-commit hook runs the linter; a failing lint blocks the commit.\n"
          "Why: style fixes in review cost more than a blocked commit.\n")
    calls = tmp_path / "calls"
    script = tmp_path / "fake-editor"   # records its arguments, deletes the line it was opened at
    script.write_text(f"#!{sys.executable}\nimport sys\nopen({str(calls)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
                      "n = int(sys.argv[1][1:]); p = sys.argv[2]\nlines = open(p).read().splitlines(True)\n"
                      "del lines[n - 1]\nopen(p, 'w').write(''.join(lines))\n")
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert await to_first(pilot, app, "edit") == "MEMORY.md"
        shown = title(app)
        assert "MEMORY.md" in shown and "edit" in shown and "(line 2)" in shown
        with open(os.devnull, "w") as sink:
            con = Console(width=200, record=True, file=sink)
            con.print(app.screen.query_one("#detail-body", Static).content)
            body = con.export_text()
        assert "reports where work stood" in body   # the reason `memtui triage` prints
        await pilot.press("e")
        await settle(pilot)
        assert calls.read_text().startswith("+2 ")
        assert "billing migration" not in (mem_dir / "MEMORY.md").read_text()
        assert "[Lint](lint.md)" in (mem_dir / "MEMORY.md").read_text()
        assert isinstance(app.screen, TriageScreen) and app.screen.done_count == 1
