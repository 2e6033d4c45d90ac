"""Issue 41's small defects, each as a newcomer met it: a test per defect, written to fail first."""
import sys

from textual.widgets import Input, Select

from tui.cli import main
from tui.screens.promote_screen import PromoteScreen
from tui.widgets.entry_table import EntryTable
from tui.widgets.injection_log import InjectionLog

from conftest import make_app, settle
from test_tui import detail_text

SIZE = (120, 36)
TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"   # a GitHub token's shape (not a live one)


def test_remember_rejecting_a_secret_does_not_say_it_was_written(sample, capsys):
    mem_dir, root = sample
    code = main(["remember", f"the deploy token is {TOKEN}", "--dir", str(mem_dir), "--root", str(root)])
    err = capsys.readouterr().err
    assert code == 2 and "not written" in err
    assert "written to disk" not in err and TOKEN not in err
    assert "rotate" in err   # it was still typed somewhere: say what to do about that


async def test_esc_clears_a_confirmed_filter_then_the_status_filter(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        await pilot.press("slash", *"jest", "enter")   # typed, then confirmed: the table has the focus
        await settle(pilot)
        assert app.focused is table and len(table.visible_ids) < 27
        await pilot.press("escape")
        await settle(pilot)
        assert len(table.visible_ids) == 27 and app.query_one("#filter", Input).value == ""
        await pilot.press("f")   # a status filter: the next esc clears it too
        await settle(pilot)
        assert table.status_filters and len(table.visible_ids) < 27
        await pilot.press("escape")
        await settle(pilot)
        assert not table.status_filters and len(table.visible_ids) == 27


async def test_promote_dialog_opens_on_the_target_not_on_cancel(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("P")
        await settle(pilot)
        assert isinstance(app.screen, PromoteScreen)
        assert isinstance(app.focused, Select) and app.focused.id == "promote-target"


async def test_injection_log_tab_shows_the_sample_example_log(sample, tmp_path):
    """The Usage tab counts the sample's example injections; the log tab must show the same records."""
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, sample=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")   # the tab, as a person opens it
        await settle(pilot)
        log = app.query_one(InjectionLog)
        shown = "\n".join(strip.text for strip in log.lines)
        assert log.count > 0 and "No injections yet" not in shown
        assert "example" in shown.lower()   # and it says these are the sample's, not the hook's


def test_conflict_message_does_not_repeat_its_line(sample):
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    mem_dir, root = sample
    found = [f for f in audit(Memory.load(mem_dir, root)).findings if f.kind == "conflict"]
    assert found and all(not f.message.startswith(f"line {f.line}") for f in found)


async def test_detail_shows_a_conflict_line_once(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.query_one(EntryTable).select_id("jest-setup.md")
        await settle(pilot)
        text = detail_text(app)
        assert "conflict" in text and "line 10: line 10" not in text


def _editor(tmp_path, monkeypatch):
    script = tmp_path / "fake-editor"
    script.write_text(f"#!{sys.executable}\nimport sys,os\np=sys.argv[1]\nt=open(p).read()\n"
                      "open(p,'w').write(t.replace(os.environ['FROM'], os.environ['TO']))\n")
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)


async def test_edit_rejection_names_the_line_and_the_field(sample, tmp_path, monkeypatch):
    mem_dir, root = sample
    _editor(tmp_path, monkeypatch)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setenv("FROM", "description: Routes live")
        monkeypatch.setenv("TO", f"description: {TOKEN} Routes live")
        await pilot.press("e")
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert any("line 3" in m and "description" in m for m in said), said
        assert TOKEN not in "".join(said)


async def test_saving_an_edit_bumps_updated(sample, tmp_path, monkeypatch):
    mem_dir, root = sample
    _editor(tmp_path, monkeypatch)
    app = make_app(mem_dir, root, tmp_path)   # the clock is fixed at 2026-11-29
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setenv("FROM", "All routes")
        monkeypatch.setenv("TO", "Every route")
        await pilot.press("e")
        await settle(pilot)
        text = (mem_dir / "api-versioning.md").read_text()
        assert "Every route" in text and "updated: 2026-11-29\n" in text and "2026-07-09\n" not in text
        assert "created: 2026-07-09T11:00:00Z" in text   # nothing else moved


def test_bumping_updated_keeps_every_other_byte():
    import datetime as dt
    from tui.core.writes.write import bump_updated
    now = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.timezone.utc)
    old = "---\nname: a  # kept\nupdated: 2026-01-02\nkeywords: [x]\n---\nbody\n"
    assert bump_updated(old, old, now) == old.replace("2026-01-02", "2026-11-29")
    stamped = "---\nupdated: 2026-01-02T03:04:05Z\n---\nbody\n"
    assert bump_updated(stamped, stamped, now) == "---\nupdated: 2026-11-29T12:00:00Z\n---\nbody\n"
    nested = "---\nname: a\nmetadata:\n  modified: 2026-01-02\n---\nbody\n"
    assert bump_updated(nested, nested, now) == nested.replace("2026-01-02", "2026-11-29")
    bare = "---\nname: a\n---\nbody\n"
    assert bump_updated(bare, bare, now) == "---\nname: a\nupdated: 2026-11-29\n---\nbody\n"
    assert bump_updated("no frontmatter\n", "no frontmatter\n", now) == "no frontmatter\n"
    theirs = old.replace("2026-01-02", "2025-12-31")   # the person set it: theirs stands
    assert bump_updated(theirs, old, now) == theirs
    crlf = old.replace("\n", "\r\n")
    assert bump_updated(crlf, crlf, now) == crlf.replace("2026-01-02", "2026-11-29")


def test_a_file_as_dir_is_refused_with_its_folder(sample, capsys):
    mem_dir, root = sample
    code = main(["list", "--dir", str(mem_dir / "env-vars.md"), "--root", str(root)])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert "env-vars.md" in captured.err and f"--dir {mem_dir}" in captured.err


def test_a_layout_file_as_dir_still_reads_its_folder(tmp_path, capsys):
    from conftest import write
    folder = tmp_path / "g"
    write(folder, "GEMINI.md", "## Gemini Added Memories\n- Use tabs in the Makefile.\n")
    assert main(["list", "--dir", str(folder / "GEMINI.md"), "--json"]) == 0
    captured = capsys.readouterr()
    assert "GEMINI.md" in captured.out and "reading the folder that holds GEMINI.md" in captured.err


async def test_the_app_given_an_entry_file_opens_its_folder_on_that_entry(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, select="env-vars.md")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.query_one(EntryTable).current_id() == "env-vars.md"
        assert any("env-vars.md" in n.message for n in app._notifications)
