"""Every screen at 80x24 (and the main screen at 100x30): the title keeps its counts, the footer keeps
the keys that matter, long findings are whole somewhere. Reviewed SVG snapshots, as in
test_snapshots.py (look at them as PNG before --snapshot-update)."""
from tui.widgets.entry_table import EntryTable

from conftest import make_app, settle
from test_triage_tui import with_log

SMALL = (80, 24)


def snap(snap_compare, app, *press, before=None, size=SMALL):
    async def run_before(pilot):
        await settle(pilot)
        if before is not None:
            await before(pilot)
            await settle(pilot)
        for key in press:
            await pilot.press(key)
            await settle(pilot)
    return snap_compare(app, terminal_size=size, run_before=run_before)


def test_main_screen_80x24(snap_compare, sample, tmp_path):
    assert snap(snap_compare, make_app(*sample, tmp_path))


def test_main_screen_100x30(snap_compare, sample, tmp_path):
    assert snap(snap_compare, make_app(*sample, tmp_path), size=(100, 30))


def test_detail_80x24(snap_compare, sample, tmp_path):
    async def pick(pilot):
        pilot.app.query_one(EntryTable).select_id("staging-uploads.md")
    # (no "plus": at 24 rows a bigger pane would leave the table fewer than 8 rows, and is refused)
    assert snap(snap_compare, make_app(*sample, tmp_path), before=pick)


def test_preview_80x24(snap_compare, sample, tmp_path):
    async def typed(pilot):
        await pilot.press("p")
        pilot.app.query_one("#query").value = "why does the Makefile run a backup before migrate?"   # (typing is slow)
        await pilot.press("enter")
    assert snap(snap_compare, make_app(*sample, tmp_path), before=typed)


def test_audit_view_80x24_shows_both_sides_of_a_conflict(snap_compare, sample, tmp_path):
    async def to_the_conflict(pilot):
        await pilot.press("A")
        await settle(pilot)
        tree = pilot.app.screen.query_one("#audit-tree")
        group = next(n for n in tree.root.children if "Contradictions" in str(n.label))
        group.expand()
        await settle(pilot)
        tree.move_cursor(group.children[0])
    assert snap(snap_compare, make_app(*sample, tmp_path), before=to_the_conflict)


def test_triage_pass_80x24(snap_compare, sample, tmp_path):
    mem_dir, root = sample
    with_log(mem_dir, tmp_path)
    assert snap(snap_compare, make_app(mem_dir, root, tmp_path), "T")
