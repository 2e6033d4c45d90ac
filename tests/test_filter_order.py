"""Filtering keeps the sorted order between keystrokes and only re-tests what is shown when
the user types on; every path must give exactly what a fresh filter of every row gives."""
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import make_app, settle, write

from tui.widgets.entry_rows import matching, narrows
from tui.widgets.entry_table import EntryTable

SIZE = (120, 36)


def test_narrows_only_when_the_new_text_extends_the_old():
    assert narrows("", "ro") and narrows("ro", "rou") and narrows("ro", "ro ut") and narrows("ro u", "ro ut")
    assert not narrows("rou", "ro") and not narrows("ro", "r") and not narrows("ro ut", "ro")
    assert not narrows("ab cd", "ab")


words = st.text(alphabet="abc ", max_size=6)


@given(old=words, new=words, hays=st.lists(st.text(alphabet="abc ", max_size=8), max_size=12))
@settings(max_examples=300, deadline=None)
def test_narrowing_never_hides_a_match(old, new, hays):
    """Whenever narrows() says so, filtering what matched before equals filtering everything."""
    class R:
        def __init__(self, hay):
            self.hay = hay

        def in_statuses(self, statuses):
            return True

    rows = {str(n): R(h) for n, h in enumerate(hays)}
    ids = list(rows)
    if narrows(old, new):
        assert matching(matching(ids, rows, old, set()), rows, new, set()) == matching(ids, rows, new, set())


async def test_typing_erasing_sorting_and_a_change_on_disk_show_what_a_fresh_filter_shows(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)

        def fresh() -> list[str]:   # every row tested, sorted from scratch
            rows = table.rows_by_id
            from tui.widgets.entry_rows import sort_key
            key = sort_key(table.sort_column)
            ids = [i for i, r in rows.items() if r.matches(table.filter_text, table.status_filters)]
            return sorted(ids, key=lambda i: (key(rows[i]), i), reverse=table.sort_reverse)

        await pilot.press("slash", *"te")
        await settle(pilot)
        assert table.visible_ids == fresh() and 0 < len(table.visible_ids) < len(table.rows_by_id)
        await pilot.press("s", "t")
        await settle(pilot)
        assert table.visible_ids == fresh()
        await pilot.press("backspace", "backspace", "backspace")
        await settle(pilot)
        assert table.visible_ids == fresh() and table.filter_text == "t"
        app.main.query_one("#filter").blur()
        table.focus()
        app.main.query_one("Browser").reverse_sort()
        await settle(pilot)
        assert table.visible_ids == fresh()
        write(mem_dir, "test-zzz.md", "---\nname: test zzz\ndescription: a new test note\n---\nbody\n")
        app.main.request_rescan()
        await settle(pilot)
        assert "test-zzz.md" in table.visible_ids and table.visible_ids == fresh()
        table.filter_text = "test z"
        table.rebuild()
        await settle(pilot)
        assert table.visible_ids == ["test-zzz.md"] == fresh()


async def test_names_sort_as_a_file_manager_sorts_them(mem_dir, root, tmp_path):
    """'note 2' before 'note 10' (a generated folder sorted 0, 1, 10, 100, 1004 before)."""
    for n in (10, 2, 1, 100):
        write(mem_dir, f"note-{n}.md", f"---\nname: note {n}\ndescription: d\ntype: project\n---\nText {n}.\n")
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert app.query_one(EntryTable).visible_ids == ["note-1.md", "note-2.md", "note-10.md", "note-100.md"]
