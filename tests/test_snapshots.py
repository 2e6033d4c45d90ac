"""Screens at 120x36, compared with reviewed SVG snapshots (pytest --snapshot-update to accept,
after looking at them). Deterministic: fixed clock, no watcher, a fixed display path."""
import pytest

from tui.widgets.entry_table import EntryTable

from conftest import make_app, settle

SIZE = (120, 36)


def snap(snap_compare, app, *press, before=None):
    async def run_before(pilot):
        await settle(pilot)
        if before is not None:
            await before(pilot)
            await settle(pilot)
        for key in press:
            await pilot.press(key)
            await settle(pilot)
    return snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_main_screen(snap_compare, sample, tmp_path):
    assert snap(snap_compare, make_app(*sample, tmp_path))


def test_preview(snap_compare, sample, tmp_path):
    async def typed(pilot):
        await pilot.press("p", *"why does the Makefile run a backup before migrate?")
    assert snap(snap_compare, make_app(*sample, tmp_path), before=typed)


def test_detail_with_masked_secret(snap_compare, sample, tmp_path):
    async def pick(pilot):
        pilot.app.query_one(EntryTable).select_id("staging-uploads.md")
    assert snap(snap_compare, make_app(*sample, tmp_path), before=pick)


def test_delete_modal(snap_compare, sample, tmp_path):
    assert snap(snap_compare, make_app(*sample, tmp_path), "space", "j", "space", "d")


def test_audit_view(snap_compare, sample, tmp_path):
    assert snap(snap_compare, make_app(*sample, tmp_path), "A")


@pytest.mark.parametrize("theme", ["memtui-dark", "memtui-light"])
def test_each_bundled_theme(snap_compare, sample, tmp_path, theme):
    assert snap(snap_compare, make_app(*sample, tmp_path, theme=theme))


def test_empty_folder(snap_compare, mem_dir, root, tmp_path):
    assert snap(snap_compare, make_app(mem_dir, root, tmp_path))


def _layout_copy(tmp_path, name):
    """A copy of a bundled layout sample with every file dated 2026-11-20 (ages stay put)."""
    import os
    import shutil
    from conftest import SAMPLE
    dest = tmp_path / name
    shutil.copytree(SAMPLE / "layouts" / name, dest)
    stamp = 1795176000   # 2026-11-20T12:00:00Z
    for p in dest.rglob("*"):
        os.utime(p, (stamp, stamp))
    return dest


def test_two_agents_side_by_side(snap_compare, tmp_path):
    from tui.core.layouts import detect
    from tui.core.snapshots.multi import MultiStore
    gem, oc = _layout_copy(tmp_path, "gemini"), _layout_copy(tmp_path, "openclaw")
    store = MultiStore([(gem, detect(gem).layout), (oc, detect(oc).layout)], tmp_path)
    app = make_app(gem, tmp_path, tmp_path, store=store, display_path="2 folders")
    assert snap(snap_compare, app)


def test_bullet_delete_modal(snap_compare, tmp_path):
    from tui.core.layouts import detect
    oc = _layout_copy(tmp_path, "openclaw")
    app = make_app(oc, tmp_path, tmp_path, layout=detect(oc).layout, display_path="openclaw")

    async def pick(pilot):
        pilot.app.query_one(EntryTable).select_id("MEMORY.md#gateway")
    assert snap(snap_compare, app, "d", before=pick)
