"""Stop 51, a newcomer's first use (the README followed, the app driven in tmux): each friction they
ranked, as a test — enter and tab that seemed to do nothing, a detail that led with the verdict
rather than the memory, an audit view where j and k did not move, a preview that injected two
entries the audit says contradict each other without a word, a mostly unreadable folder given a
green check, a pane size that left three table rows, and the smaller ones."""
from __future__ import annotations

from textual.widgets import Input, Static, Tabs, Tree

from conftest import make_app, settle, write
from test_tui import detail_text, plain
from tui.widgets.detail_pane import DetailPane
from tui.widgets.entry_table import EntryTable
from tui.widgets.preview_pane import PreviewPane

SIZE = (120, 40)


# -- 1. enter and tab move into the pane shown; j k scroll it; its border says so -------------------------

async def test_enter_moves_the_focus_into_the_detail_where_j_scrolls(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table, pane = app.query_one(EntryTable), app.query_one(DetailPane)
        right = app.screen.query_one("#right")
        await pilot.press("j", "j", "enter")
        await settle(pilot)
        assert app.focused is pane and table.current_id() == "db-migrations.md"
        assert right.border_title and "esc" in right.border_title   # the focused pane says so
        assert pane.max_scroll_y > 0
        await pilot.press("j", "j", "j")
        await pilot.pause(0.3)
        assert pane.scroll_y > 0 and table.current_id() == "db-migrations.md"   # the pane moved, not the cursor
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is table and not right.border_title


async def test_tab_from_the_table_skips_the_tab_strip(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is app.query_one(DetailPane)
        assert not app.screen.query_one("#right").query_one(Tabs).can_focus
        await pilot.press("2")   # another tab while in the panes: the focus follows to the pane shown
        await settle(pilot)
        assert app.focused is app.query_one(PreviewPane)


async def test_esc_in_the_pane_goes_back_without_clearing_the_filter(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"deploy", "enter")
        await settle(pilot)
        await pilot.press("enter")   # the table has the focus again: enter opens the detail
        await settle(pilot)
        assert app.focused is app.query_one(DetailPane)
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is app.query_one(EntryTable)
        assert app.query_one("#filter", Input).value == "deploy"


# -- 2. the detail leads with the entry; the verdict and one line of usage after it ---------------------

async def test_the_detail_leads_with_the_entry_then_the_verdict(sample, tmp_path):
    from test_triage_tui import with_log
    with_log(sample[0], tmp_path)
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("j", "j")   # db-migrations: injected in the sample's log
        await settle(pilot)
        pane = app.query_one(DetailPane)
        order = [w.id for w in pane.children if not w.has_class("-hidden")]
        assert order == ["detail-body", "detail-triage", "detail-usage-line", "detail-rest"]
        lead = plain(pane.query_one("#detail-body", Static)).splitlines()
        assert lead[0].startswith("db-migrations") and any("Migrations are plain SQL" in ln for ln in lead)
        assert plain(pane.query_one("#detail-triage", Static)).lstrip().startswith("DROP")
        usage = plain(pane.query_one("#detail-usage-line", Static)).strip()
        assert usage.startswith("injections per week, the last 12 weeks: ") and "\n" not in usage
        assert "anchor: verified" in plain(pane.query_one("#detail-rest", Static))
        await pilot.press("k", "k")   # api-versioning... then one never injected: no empty bars
        await pilot.press("slash", *"ci-status", "enter")
        await settle(pilot)
        assert app.query_one(EntryTable).current_id() == "ci-status.md"
        assert pane.query_one("#detail-usage-line").has_class("-hidden")


# -- 3. the audit view: j and k move, the first finding is shown whole at once ---------------------------

async def test_the_audit_view_opens_on_its_first_finding_and_j_moves(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        await settle(pilot)
        tree, detail = app.screen.query_one(Tree), app.screen.query_one("#audit-detail", Static)
        first = tree.cursor_node
        assert first is not None and first.data == "staging-uploads.md"
        assert detail.display and "→ rotate" in plain(detail)
        await pilot.press("j")
        await settle(pilot)
        assert tree.cursor_line == 2 and "staging-uploads.md:11" in plain(detail)
        await pilot.press("k")
        await settle(pilot)
        assert tree.cursor_line == 1


# -- 4. two injected entries the audit says contradict: the preview says so, names both -----------------

PROMPT = "how do I run the tests?"


async def test_the_preview_warns_of_two_injected_entries_that_contradict(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p", *PROMPT)
        await settle(pilot)
        pane = app.query_one(PreviewPane)
        ids = [c.id for c in pane.decision.injected]
        assert "test-runner.md" in ids and "jest-setup.md" in ids   # the engine injects both (not changed)
        shown = " ".join(plain(pane.query_one("#preview-body", Static)).split())
        n = ids.index("test-runner.md") + 1
        assert f"⚠ contradicts ▶{n} test-runner.md — the model gets both" in shown
        assert shown.count("⚠ contradicts") == 1


def test_preview_text_warns_of_the_contradiction_and_json_is_unchanged(sample, capsys):
    import json
    from tui.cli import main
    mem, root = sample
    args = ["preview", PROMPT, "--dir", str(mem), "--root", str(root)]
    assert main(args) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "⚠ contradicts ▶2 test-runner.md — the model gets both" in out
    assert main(args + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {c["id"] for c in data["injected"]} >= {"test-runner.md", "jest-setup.md"}
    assert "contradicts" not in json.dumps(data)


def test_no_warning_for_one_side_injected(sample, capsys):
    from tui.cli import main
    mem, root = sample
    assert main(["preview", PROMPT, "--dir", str(mem), "--root", str(root), "--max-count", "2"]) == 0
    assert "contradicts" not in capsys.readouterr().out


# -- 7. a folder most of whose files cannot be read gets no green check -----------------------------------

def _mixed(tmp_path):
    mem, root = tmp_path / "mixed", tmp_path / "proj"
    root.mkdir()
    write(mem, "good.md", "---\nname: good\ndescription: the API port\ntype: project\n---\nThe API listens on 8080.\n")
    write(mem, "blob.md", b"abc\x00def")
    write(mem, "tool.bin", b"\x7fELF\x00\x00")
    write(mem, "bad1.md", "---\nname: bad\ndescription: [unclosed\n---\nbody\n")
    write(mem, "bad2.md", "---\nname: half\ndescription: x\nbody never closed\n")
    return mem, root


def test_audit_of_a_mostly_unreadable_folder_says_how_many_could_not_be_read(tmp_path, capsys):
    from tui.cli import main
    mem, root = _mixed(tmp_path)
    assert main(["audit", "--dir", str(mem), "--root", str(root)]) == 0   # the exit code is SPEC §7's, unchanged
    out = " ".join(capsys.readouterr().out.split())
    assert "✔" not in out
    assert "No high-confidence findings, but 4 of 5 files could not be read as memories" in out
    assert "bad1.md, bad2.md, blob.md, tool.bin" in out
    assert main(["audit", "--dir", str(mem), "--root", str(root), "--all"]) == 0   # listed there: not said twice
    out = capsys.readouterr().out
    assert "could not be read as memories" not in out and "blob.md" in out


def test_audit_of_a_readable_folder_keeps_its_check(tmp_path, capsys):
    from tui.cli import main
    mem, root = _mixed(tmp_path)
    for name in ("blob.md", "tool.bin", "bad1.md", "bad2.md"):
        (mem / name).unlink()
    assert main(["audit", "--dir", str(mem), "--root", str(root)]) == 0
    assert "could not be read" not in capsys.readouterr().out


# -- 8. a pane size chosen on a tall terminal leaves the table its rows on a short one --------------------

async def test_a_big_pane_size_leaves_eight_table_rows_on_a_small_terminal(sample, tmp_path):
    from tui.core.config import save_config
    from tui.screens.main import panes
    save_config({"pane_size": 75})   # chosen at 120x50, say
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert app.screen.pane_choice == 75 and not app.screen.has_class("-pane-75")
        assert table.size.height - 2 >= panes.MIN_ROWS   # (its header and its scroll bar)
        said = len(app._notifications)
        await pilot.press("plus")   # no bigger here: said, the size chosen kept
        await settle(pilot)
        assert "at this terminal's height" in list(app._notifications)[said].message
        await pilot.resize_terminal(120, 50)
        await settle(pilot)
        assert app.screen.has_class("-pane-75")   # the size chosen, back where it fits
        from tui.core.config import load_config
        assert load_config()["pane_size"] == 75


# -- 12-15. the smaller ones ------------------------------------------------------------------------------

def test_help_says_the_hook_is_installed_from_the_palette_not_by_ctrl_p():
    from tui.screens.main import keys
    line = dict((h, k) for _, rows in keys.help_groups() for k, h in rows)
    said = next(h for h in line if "wires Claude Code's hook" in h)
    assert line[said] == "ctrl+p" and said.startswith("then 'Install the Claude Code hook' in the palette")


def test_triage_summary_says_the_index_apart_from_the_entries(sample, capsys):
    from tui.cli import main
    mem, root = sample
    assert main(["triage", "--dir", str(mem), "--root", str(root)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "MEMORY.md (the whole file)"
    summary = next(ln for ln in lines if ln.startswith("12 keep"))
    assert "(the 27 entries); and MEMORY.md (the whole file): edit" in summary


def test_a_mistyped_command_gets_a_did_you_mean(capsys):
    from tui.cli import main
    assert main(["prevew"]) == 2
    assert "did you mean 'memtui preview'?" in capsys.readouterr().err
    assert main(["zzzq"]) == 2
    assert "did you mean" not in capsys.readouterr().err


def test_piped_text_output_has_no_trailing_blanks(sample, capsys):
    from tui.cli import main
    mem, root = sample
    for args in (["preview", PROMPT], ["list"], ["triage"], ["audit"]):
        main([*args, "--dir", str(mem), "--root", str(root)])
        out = capsys.readouterr().out
        assert out.strip() and not [ln for ln in out.splitlines() if ln != ln.rstrip()], args


def test_trimmed_lines_hold_blanks_until_the_line_goes_on():
    import io
    from tui.render import TrimmedLines
    buf = io.StringIO()
    t = TrimmedLines(buf)
    t.write("a  ")
    t.write("b   \n")
    t.write("c \x1b[0m\n")
    assert buf.getvalue() == "a  b\nc\x1b[0m\n"


# -- the screens these change, as reviewed snapshots -------------------------------------------------------

def _snap(snap_compare, app, before, size=SIZE):
    async def run_before(pilot):
        await settle(pilot)
        await before(pilot)
        await settle(pilot)
    return snap_compare(app, terminal_size=size, run_before=run_before)


def test_snapshot_detail_focused_by_enter(snap_compare, sample, tmp_path):
    async def enter_on_jest_setup(pilot):
        pilot.app.query_one(EntryTable).select_id("jest-setup.md")
        await settle(pilot)
        await pilot.press("enter")
    assert _snap(snap_compare, make_app(*sample, tmp_path), enter_on_jest_setup)


def test_snapshot_preview_warns_of_a_contradiction(snap_compare, sample, tmp_path):
    async def typed_then_tab(pilot):
        await pilot.press("p")
        pilot.app.query_one("#query", Input).value = PROMPT   # (typed, it takes seconds)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("tab")
    assert _snap(snap_compare, make_app(*sample, tmp_path), typed_then_tab, size=(120, 56))
