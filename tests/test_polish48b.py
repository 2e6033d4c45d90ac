"""Stop 48 polish (b): what a newcomer's run found — keys that said nothing in an empty folder,
symlinks to folders listed as entries, a loop's two statements of its age, promote offered on an
unreadable file, an empty file's triage, the add dialog's default type, two entries of one name."""
from __future__ import annotations

import os

import pytest

from conftest import make_app, settle, write

_FM = "---\nname: {name}\ndescription: {desc}\ntype: {type}\n---\n\n{body}\n"


def _said(app) -> list[str]:
    return [n.message for n in app._notifications]


# -- 1. keys on an empty folder say why they do nothing -------------------------------------------------

@pytest.mark.parametrize("key", ["e", "d", "x", "P"])
async def test_entry_keys_in_an_empty_folder_say_why(tmp_path, key):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = len(_said(app))
        await pilot.press(key)
        await pilot.pause()
        new = _said(app)[before:]
        assert any("the folder is empty" in m and "a adds one" in m for m in new), new
        assert app.screen is app.screen_stack[0] or len(app.screen_stack) == 1   # no dialog opened


# -- 2. a symlink to a folder is not an entry; a symlink to a file inside the folder still is -----------

def _linked_folder(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "runner.md", _FM.format(name="runner", desc="tests use the node runner", type="feedback",
                                       body="Run them with node --test."))
    (mem / "notes").mkdir()
    write(mem, "notes/build.md", _FM.format(name="build", desc="the build uses make", type="project",
                                            body="make all"))
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    write(outside, "far.md", _FM.format(name="far", desc="a note outside", type="project", body="far away"))
    os.symlink("notes", mem / "notes_link")           # a folder inside
    os.symlink(str(outside), mem / "outside_link")    # a folder outside: never followed (SPEC §3 traversal)
    os.symlink("runner.md", mem / "alias.md")        # a file inside: an entry, as before
    return mem, root


def test_a_symlink_to_a_folder_is_not_an_entry(tmp_path):
    from tui.core.snapshots.memory import Memory
    mem, root = _linked_folder(tmp_path)
    snap = Memory.load(mem, root)
    assert sorted(snap.entries) == ["alias.md", "notes/build.md", "runner.md"]
    # still told, as what the walk lists without reading: not followed, inside or out
    other = {f.id: f.note for f in snap.files if f.role == "other"}
    assert other.get("notes_link/") == other.get("outside_link/") == "symlink to a folder (not followed)"


def test_list_shows_no_symlinked_folder_as_an_entry(tmp_path):
    import json
    from tui.cli import main
    mem, root = _linked_folder(tmp_path)
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["list", "--dir", str(mem), "--root", str(root), "--json"])
    ids = [e["id"] for e in json.loads(out.getvalue())["entries"]]
    assert ids == ["alias.md", "notes/build.md", "runner.md"]


# -- 4. promote is not offered on an unreadable file: the key says why ----------------------------------

async def test_promote_on_an_unreadable_entry_says_why_and_opens_no_dialog(tmp_path):
    from tui.screens.main import keys
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "broken.md", "---\nname: broken\ndescription: [unclosed\n---\n\nbody\n")
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.current_id() == "broken.md" and not screen.snapshot.entries["broken.md"].readable
        assert keys.applies("promote", keys.state_of(screen)) is None   # greyed out in the footer
        before = len(_said(app))
        await pilot.press("P")
        await pilot.pause()
        new = _said(app)[before:]
        assert len(app.screen_stack) == 1, "no promote dialog that only refuses"
        assert any("broken.md cannot be promoted: it is unreadable" in m for m in new), new
        await pilot.press("d")   # delete still applies to it
        await pilot.pause()
        assert len(app.screen_stack) == 2


# -- 3. a symlink loop: one honest statement, not "age unknown" beside "age from the file's mtime" -------

def test_a_symlink_loop_says_once_that_it_is_unreadable_and_why(tmp_path):
    from rich.console import Console
    from tui.core.provenance.dating import from_file
    from tui.core.snapshots.memory import Memory
    from tui.render.entry import render_entry
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    mem.mkdir()
    os.symlink("loop-b.md", mem / "loop-a.md")
    os.symlink("loop-a.md", mem / "loop-b.md")
    snap = Memory.load(mem, root)
    e = snap.entries["loop-a.md"]
    con = Console(width=120, record=True)
    con.print(render_entry(e, snap.status["loop-a.md"], [], False, provenance=(from_file(e), None)))
    text = con.export_text()
    head = text.split("(no text could be read)")[0]
    assert "mtime" not in head and "age unknown" not in head and "written by" not in head, head
    assert head.count("unreadable") == 1 and "unreadable: symlink loop (not followed)" in head, head


# -- 5. an empty (0-byte) memory file: drop, nothing to keep (like a file of frontmatter only) ---------

def test_an_empty_file_is_drop_with_its_reason(tmp_path):
    from conftest import triaged
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "empty.md", "")
    write(mem, "only-fm.md", "---\nname: only\ndescription: d\ntype: project\n---\n")
    write(mem, "bad.md", "---\nname: bad\ndescription: [unclosed\n---\n")   # unreadable with text: still review
    got = triaged(mem, root)
    e = got["empty.md"]
    assert (e.action, e.reasons) == ("drop", ["an empty file (0 bytes): nothing to keep"])
    assert got["only-fm.md"].action == "drop"
    assert got["bad.md"].action == "review"


# -- 6. the add dialog's type: feedback by default (what a note added by hand is), each type told --------

async def test_the_add_dialog_defaults_to_feedback_and_says_what_each_type_is(tmp_path):
    from textual.widgets import Select
    from tui.screens.add_entry import AddEntry
    mem, root = tmp_path / "mem", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AddEntry)
        select = app.screen.query_one("#add-type", Select)
        assert select.value == "feedback"
        labels = {value: str(label) for label, value in select._options if value is not Select.BLANK}
        # Claude Code's four types: 'user' is about the person (role, preferences), not who wrote it
        # (the dialog writes source: user whatever the type)
        assert "about you" in labels["user"] and "rule or correction" in labels["feedback"], labels
        assert set(labels) == {"feedback", "project", "user", "reference"}


# -- 7. two entries of one name: the list tells them apart ----------------------------------------------

def test_twin_labels_name_the_folder_that_tells_twins_apart():
    from tui.widgets.entry_rows import twin_labels
    ids = {"letta/reference/fly.md": "fly-deploys", "openclaw/memory/fly.md": "fly-deploys",
           "memory/MEMORY.md": "MEMORY", "codex/memories/MEMORY.md": "MEMORY", "MEMORY.md": "MEMORY",
           "a/notes.md": "notes", "b/a/notes.md": "notes", "c/a/notes.md": "notes", "alone.md": "alone"}
    got = twin_labels(ids.items())
    assert got == {"letta/reference/fly.md": "reference/", "openclaw/memory/fly.md": "memory/",
                   "memory/MEMORY.md": "memory/", "codex/memories/MEMORY.md": "memories/", "MEMORY.md": "./",
                   "a/notes.md": "a/", "b/a/notes.md": "b/a/", "c/a/notes.md": "c/a/"}


async def test_the_table_shows_where_each_of_two_same_named_entries_lives(tmp_path):
    from tui.widgets.entry_table import EntryTable
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    for where in ("letta/reference", "openclaw/memory"):
        write(mem, f"{where}/fly-deploys.md", "# Fly deploys\n\nThe app runs in one region.\n")
    write(mem, "other.md", _FM.format(name="other", desc="an only name", type="project", body="x"))
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen.query_one(EntryTable)
        name = {i: str(table.cells(table.rows_by_id[i])[1]) for i in table.rows_by_id}
        assert name["letta/reference/fly-deploys.md"] == "fly-deploys  reference/", name
        assert name["openclaw/memory/fly-deploys.md"] == "fly-deploys  memory/", name
        assert name["other.md"] == "other"


async def test_a_twin_added_later_marks_both(tmp_path):
    from tui.widgets.entry_table import EntryTable
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "a/deploy.md", "# Deploy\n\nrolling\n")
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen.query_one(EntryTable)
        assert table.twins == {}
        write(mem, "b/deploy.md", "# Deploy\n\nblue-green\n")
        app.screen.request_rescan()
        await settle(pilot)
        assert table.twins == {"a/deploy.md": "a/", "b/deploy.md": "b/"}
        assert str(table.cells(table.rows_by_id["a/deploy.md"])[1]) == "deploy  a/"
