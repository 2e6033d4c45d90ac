"""A large folder read cold shows its first files first: read and judged as the reading will."""
from tui.core.snapshots import first_look as look
from tui.core.snapshots.memory import Memory, MemoryStore

from conftest import NOW, write


def test_the_first_files_are_judged_as_the_whole_reading_judges_them(tmp_path, monkeypatch):
    monkeypatch.setattr(look, "FROM", 30)
    mem, root = tmp_path / "memory", tmp_path / "project"
    write(root, "src/app.py", "def main():\n    return 1\n")
    index = ["# Memory", "<!-- a comment the agent never sees: [c](e-00.md) -->"]
    for n in range(40):
        anchor = ('anchor: {file: src/app.py, quote: "def main"}\n' if n % 3 == 0 else
                  'anchor: {file: src/gone.py, quote: "x"}\n' if n % 3 == 1 else "")
        write(mem, f"e-{n:02d}.md", f"---\nname: e{n}\ndescription: entry {n}\n{anchor}---\nbody {n}\n")
        if n % 4:   # a quarter never linked: on demand
            index.append(f"- [e{n}](e-{n:02d}.md) — entry {n}")
    index += ["filler"] * 200 + ["- [late](e-00.md)", "- [encoded](e%2D04.md)"]   # beyond the 200-line cut
    write(mem, "MEMORY.md", "\n".join(index) + "\n")
    store = MemoryStore(mem, root)
    entries, status = look.first_look(store, NOW, count=12)
    assert sorted(entries) == [f"e-{n:02d}.md" for n in range(12)]
    whole = Memory.load(mem, root, now=NOW)
    assert {i: whole.status[i] for i in entries} == status
    assert {status[i].load for i in status} == {"resident", "beyond-index-cut", "on-demand"}
    assert status["e-00.md"].load == status["e-04.md"].load == "beyond-index-cut"


def test_a_small_folder_or_another_layout_is_read_whole_at_once(tmp_path):
    mem = tmp_path / "memory"
    write(mem, "a.md", "---\nname: a\n---\nx\n")
    assert look.first_look(MemoryStore(mem, tmp_path), NOW) is None


async def test_a_cold_start_shows_the_first_files_until_the_folder_is_read(sample, tmp_path, monkeypatch,
                                                                           hold_reading):
    from conftest import make_app, shown_while_held
    from test_tui import SIZE
    mem_dir, root = sample
    monkeypatch.setattr(look, "FROM", 20)
    monkeypatch.setattr(look, "COUNT", 10)
    release = hold_reading()   # the folder takes its time: its first files show meanwhile
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await shown_while_held(app, pilot, release, 10, "its first 10 files", then=27)


async def test_keys_typed_once_the_rows_show_go_to_the_table_not_the_filter(sample, tmp_path, hold_reading):
    """A cold start hides the empty table until rows come: the focus must not move on to the
    filter meanwhile (a 'p' typed then landed in the filter as text)."""
    from textual.widgets import Input

    from conftest import make_app, settle
    from test_tui import SIZE
    mem_dir, root = sample
    release = hold_reading()
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        assert not isinstance(app.focused, Input)
        release.set()
        await settle(pilot)
        await pilot.press("p")
        assert app.focused is app.main.query_one("#query")
