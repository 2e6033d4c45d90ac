"""Stop 49, a newcomer's first minutes (the README followed from the top, in tmux): each friction
they met, as a test — keys that did nothing without a word, columns whose words the app never
explained, a reason whose quote broke the detail's layout, empty states that spoke of entries that
do not exist."""
from __future__ import annotations

import pytest
from textual.widgets import Input

from conftest import make_app, settle, write

SIZE = (120, 40)
_FM = "---\nname: {name}\ndescription: {desc}\ntype: {type}\n---\n\n{body}\n"


def _said(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _press_and_hear(app, pilot, key: str) -> list[str]:
    before = len(_said(app))
    await pilot.press(key)
    await pilot.pause()
    return _said(app)[before:]


# -- 1. R, T and h no longer do nothing in silence ------------------------------------------------------

async def test_review_with_nothing_new_says_what_it_waits_for(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        new = await _press_and_hear(app, pilot, "R")
        assert len(app.screen_stack) == 1
        assert any("Nothing to review" in m and "NEW" in m for m in new), new


async def test_history_in_an_empty_folder_says_why(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        new = await _press_and_hear(app, pilot, "h")
        assert len(app.screen_stack) == 1
        assert any("the folder is empty" in m for m in new), new


async def test_letters_typed_into_the_filter_are_text_not_keys(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"zzzq")   # no entry matches: nothing is under the cursor
        await settle(pilot)
        before = len(_said(app))
        await pilot.press(*"hRTedxP")
        await settle(pilot)
        assert app.query_one("#filter", Input).value == "zzzqhRTedxP"
        assert _said(app)[before:] == [] and len(app.screen_stack) == 1


# -- 2. the help explains the table's words: anchor, resident, beyond cut, on-demand ------------------

async def test_help_explains_the_columns_words(sample, tmp_path):
    from textual.widgets import Static
    from test_tui import plain
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(" ".join(plain(s).split()) for s in app.screen.query(Static))
        for word in ("anchor", "verified", "broken", "unsafe", "resident", "beyond cut", "on-demand",
                     "first 200 lines of MEMORY.md", "flags"):
            assert word in text, word


# -- 3. a reason quoting a paragraph stays one bullet (a Cline memory bank, in Japanese) ---------------

def test_a_reason_with_line_breaks_is_one_bullet():
    from rich.console import Console
    from tui.core.reports.triage import Suggestion
    from tui.render.triage import suggestion_renderable
    s = Suggestion("productContext.md", "keep", None,
                   ["holds: line 16 '利用者の特徴:\n  表計算に慣れていない。' — a convention it follows",
                    "test 1: no line of it reports where work stood"],
                   {"age_days": 3, "source": "model", "anchor": "none"})
    con = Console(width=120, record=True)
    con.print(suggestion_renderable(s))
    lines = [ln for ln in con.export_text().splitlines() if ln.strip()]
    assert lines[1] == "  • holds: line 16 '利用者の特徴: 表計算に慣れていない。' — a convention it follows", lines
    assert lines[2].startswith("  • test 1:") and len(lines) == 4, lines


# -- 4. a file that could not be read has no author: not "model" in the table and the detail -----------

async def test_an_unreadable_file_names_no_author(tmp_path):
    from test_tui import detail_text
    from tui.widgets.entry_table import EntryTable
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "bad-yaml.md", "---\nname: bad\ndescription: [unclosed\n---\n\nbody\n")
    write(mem, "binary.md", b"\x00\x01\x02" * 50)
    write(mem, "ok.md", _FM.format(name="ok", desc="the build uses make", type="project", body="make all"))
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        source = {i: str(table.row_cells(i)[3]) for i in ("bad-yaml.md", "binary.md", "ok.md")}
        assert source == {"bad-yaml.md": "", "binary.md": "", "ok.md": "model"}, source
        assert table.current_id() == "bad-yaml.md"
        text = detail_text(app)
        assert "unreadable: bad YAML" in text and "written by" not in text.split("unreadable:")[0], text


# -- 5. empty states that say what is empty, and what to do ---------------------------------------------

async def test_the_detail_of_an_empty_folder_and_of_a_filter_that_hides_all(sample, tmp_path):
    from test_tui import detail_text
    mem, root = tmp_path / "mem", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Nothing to show: the folder holds no memory yet." in detail_text(app)
        assert "Select an entry" not in detail_text(app)
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"zzzq")
        await settle(pilot)
        assert "No entry matches the filter: esc clears" in detail_text(app)


async def test_the_audit_of_an_empty_folder_says_it_is_empty(tmp_path, capsys):
    from textual.widgets import Static
    from test_tui import plain
    from tui.cli import main
    from tui.screens.audit_screen import AuditScreen
    mem, root = tmp_path / "mem", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    assert main(["audit", "--dir", str(mem), "--root", str(root)]) == 0
    out = capsys.readouterr().out
    assert "No memories in this folder yet: nothing to audit." in out and "0 entries" not in out
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        await settle(pilot)
        assert isinstance(app.screen, AuditScreen)
        assert "No memories in this folder yet" in plain(app.screen.query_one("#audit-empty", Static))
        new = await _press_and_hear(app, pilot, "a")   # no possible finding to show: said, not silence
        assert any("No possible findings here" in m for m in new), new


async def test_the_audits_a_still_shows_the_possible_ones(sample, tmp_path):
    from tui.screens.audit_screen import AuditScreen
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuditScreen) and not screen.show_all
        await pilot.press("a")
        await pilot.pause()
        assert screen.show_all


# -- 6. the History view of an entry the record never saw: a sentence, no empty table, no dead key ------

async def test_history_with_no_versions_says_so_without_an_empty_table(tmp_path):
    from textual.widgets import DataTable, Static
    from test_tui import plain
    from tui.screens.history_screen import HistoryScreen
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "ok.md", _FM.format(name="ok", desc="the build uses make", type="project", body="make all"))
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen) and screen.history is not None
        assert not screen.query_one(DataTable).display
        assert "No versions in the record for this entry" in plain(screen.query_one("#history-version", Static))
        assert plain(screen.query_one("#history-keys", Static)).strip() == "esc close"
        new = await _press_and_hear(app, pilot, "r")
        assert any("Nothing to restore" in m for m in new), new
        assert app.screen is screen


# -- 7. the injection log names no entry over an empty line of reasons ----------------------------------

def test_a_logged_injection_without_reasons_has_no_empty_line():
    from tui.render.injection_log import format_record
    rec = {"time": "2026-12-03T08:05:00Z", "prompt": "install zod",
           "injected": [{"id": "pnpm-only.md", "reasons": []},
                        {"id": "named-exports.md", "reasons": [{"kind": "keyword", "detail": "zod (name)", "points": 3}]}]}
    text = format_record(rec).plain
    assert "pnpm-only.md:" not in text and "injected 2: pnpm-only.md, named-exports.md" in text
    assert "named-exports.md: keyword zod (name) +3" in text


# -- 8. ? on the triage pass lists the pass's keys, not the main screen's (a: archive there, not add) ---

async def test_help_on_the_triage_pass_tells_its_own_keys(sample, tmp_path):
    from textual.widgets import Static
    from test_tui import plain
    from tui.screens.help_screen import HelpScreen
    from tui.screens.triage_screen import TriageScreen
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("T")
        await settle(pilot)
        assert isinstance(app.screen, TriageScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(plain(s) for s in app.screen.query(Static))
        assert "In this view (triage)" in text
        rows = {ln.split()[0]: ln for ln in text.splitlines() if ln.strip()}
        assert "Archive" in rows["a"] and "add an entry" not in text, text
        assert "Skip" in rows["n"]
        assert "Open" in rows["o"] and "Review" not in rows["o"]   # o opens the entry; R is the review
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TriageScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("question_mark")   # on the main screen: every key of the app, as before
        await pilot.pause()
        text = "\n".join(plain(s) for s in app.screen.query(Static))
        assert "add an entry" in text and "In this view" not in text


# -- 9. the detail says the load in words, not JSON's 'beyond-index-cut' --------------------------------

async def test_the_detail_says_beyond_the_index_cut_in_words(sample, tmp_path):
    from test_tui import detail_text
    from tui.widgets.entry_table import EntryTable
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        table.move_cursor(row=table.visible_ids.index("lint-strict.md"))
        await settle(pilot)
        text = detail_text(app)
        assert "beyond the index cut (not loaded at start)" in text and "beyond-index-cut" not in text, text


def test_triage_before_it_is_made_says_it_follows_the_audit():
    from types import SimpleNamespace
    from tui.screens.main import keys
    snap = SimpleNamespace(entries={"a.md": object()})
    state = keys.KeyState(False, False, "a.md", False, snap, SimpleNamespace(pending=lambda: []), False)
    assert keys.applies("triage", state) is None
    assert "not ready yet" in keys.why_not("triage", state)
    assert keys.why_not("triage", keys.KeyState(False, True, "a.md", False, snap, None, False)) is None   # typing


# -- 10. the detail's bars say what they count (a terminal shows no tooltip) -----------------------------
# (stop 51: one line of bars and counts after the entry's text, instead of a chart above it)

async def test_the_detail_bars_say_what_they_count_on_one_line(sample, tmp_path):
    from textual.widgets import Static
    from test_triage_tui import with_log
    from test_tui import plain
    from tui.widgets.detail_pane import DetailPane
    with_log(sample[0], tmp_path)
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = app.query_one(DetailPane)
        line = pane.query_one("#detail-usage-line", Static)
        assert not line.has_class("-hidden")
        said = plain(line).strip()
        assert said.startswith("injections per week, the last 12 weeks: ") and said.endswith("(oldest first)")
        await pilot.press("slash", *"zzzq")   # no entry: no bars
        await settle(pilot)
        assert line.has_class("-hidden")


def test_preview_on_an_empty_folder_says_it_holds_no_memory(tmp_path, capsys):
    from tui.cli import main
    (tmp_path / "mem").mkdir()
    assert main(["preview", "how do we deploy", "--dir", str(tmp_path / "mem")]) == 0
    assert "holds no memory yet" in capsys.readouterr().out
    (tmp_path / "mem" / "bad.md").write_bytes(b"---\nname: [unclosed\n---\nx\n")
    assert main(["preview", "how do we deploy", "--dir", str(tmp_path / "mem")]) == 0
    assert "holds no memory yet" not in capsys.readouterr().out


async def test_enter_on_a_finding_of_a_file_that_is_no_row_says_so(tmp_path):
    """A finding of the index (a link to a file that is gone) names MEMORY.md, no row of the table:
    enter on it says so (open it in an editor) instead of jumping nowhere in silence."""
    from tui.screens.audit_screen import AuditScreen
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "ok.md", _FM.format(name="ok", desc="the build uses make", type="project", body="make all"))
    write(mem, "MEMORY.md", "- [ok](ok.md) — the build\n- [Gone](gone.md) — a note since removed\n")
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuditScreen)
        assert any(f.id == "MEMORY.md" for f in screen.report.findings)
        screen.dismiss("MEMORY.md")
        await settle(pilot)
        assert any("MEMORY.md is a file beside the entries" in m for m in _said(app))
