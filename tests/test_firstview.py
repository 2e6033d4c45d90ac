"""A warm start shows the last reading's first screen at once; rows are placed without cells."""

from tui.screens.main import firstview
from tui.core.snapshots.memory import MemoryStore
from tui.widgets.entry_table import EntryTable

from conftest import make_app, settle, shown_while_held
from test_tui import SIZE, plain


async def test_a_warm_start_shows_the_last_first_screen_until_the_folder_is_read(sample, tmp_path, hold_reading):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:   # the first run keeps its first screen
        await settle(pilot)
    total, kept = firstview.load(MemoryStore(mem_dir, root))
    assert total == 27 and "api-versioning.md" in kept

    release = hold_reading()   # the folder takes its time: the kept rows show meanwhile
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await shown_while_held(app, pilot, release, 27, "from the last reading", then=27)


async def test_no_first_screen_without_the_cache(sample, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
    assert firstview.load(MemoryStore(mem_dir, root)) is None


async def test_rows_are_placed_without_cells_and_drawn_rows_have_them(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 12)) as pilot:   # a short screen: most rows are never drawn
        await settle(pilot)
        table = app.query_one(EntryTable)
        built = {key for key, _ in table._lines}
        assert 0 < len(built) < table.row_count
        last = table.visible_ids[-1]
        assert last not in built
        table.selected.add(last)
        table.redraw(last)          # a row not drawn yet: its cells are built as it is now
        cells = table.row_cells(last)
        assert str(cells[0]) == "●" and str(cells[1]) == table.rows_by_id[last].entry.name
        table.select_id(last)
        await settle(pilot)
        assert (last, True) in table._lines   # drawn once shown, with the cursor on it


def test_kept_rows_are_dropped_when_the_row_class_changed(sample, tmp_path, monkeypatch):
    """The kept first screen is a pickle of table rows, whose class lives outside the core the
    parse cache stamps: a changed row module (here: its file stands for an edited one) reads
    the folder anew instead of loading stale rows."""
    from tui.widgets import entry_rows
    mem_dir, root = sample
    store = MemoryStore(mem_dir, root)
    snap = store.refresh()
    firstview.save(store, entry_rows.build_rows(snap, set(), set(), lambda i: ()))
    assert firstview.load(MemoryStore(mem_dir, root))[0] == len(snap.entries)
    edited = tmp_path / "entry_rows.py"
    edited.write_text(open(entry_rows.__file__).read() + "\n# a field more\n")
    monkeypatch.setattr(entry_rows, "__file__", str(edited))
    assert firstview.load(MemoryStore(mem_dir, root)) is None
