"""The TUI on other agents' layouts and on several folders at once (pilot tests)."""
import datetime as dt
import shutil

from textual.widgets import Input, Static

from tui.core.layouts import detect
from tui.core.snapshots.multi import MultiStore
from tui.screens.confirm_delete import ConfirmDelete
from tui.screens.trash_screen import TrashScreen
from tui.widgets.entry_table import EntryTable
from tui.widgets.preview_pane import PreviewPane

from conftest import SAMPLE, make_app, settle
from test_tui import plain

SIZE = (130, 36)
NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.timezone.utc)
LAYOUTS = SAMPLE / "layouts"


def copy(tmp_path, name):
    shutil.copytree(LAYOUTS / name, tmp_path / name)
    return tmp_path / name


async def test_openclaw_bullet_delete_and_restore_in_the_tui(tmp_path):
    folder = copy(tmp_path, "openclaw")
    before = (folder / "MEMORY.md").read_bytes()
    seen = detect(folder)
    app = make_app(seen.dir, folder, tmp_path, layout=seen.layout, now=NOW, display_path="openclaw")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        title = plain(app.main.query_one("#title-bar", Static))
        assert "OpenClaw (openclaw layout)" in title and "not memory" in title
        table = app.query_one(EntryTable)
        target = "MEMORY.md#never-push-to-main-directly-open-a-pull"
        assert table.select_id(target)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmDelete) and target in app.screen.plan.snippets
        await pilot.press("y")
        await settle(pilot)
        assert b"Never push" not in (folder / "MEMORY.md").read_bytes() and target not in table.rows
        assert not app.main.writes.pending()          # our own cut, not the agent's write
        await pilot.press("t")
        assert isinstance(app.screen, TrashScreen)
        await pilot.press("r")
        await settle(pilot)
        assert (folder / "MEMORY.md").read_bytes() == before
        await pilot.press("escape")
        await settle(pilot)
        assert target in table.rows and not app.main.writes.pending()


async def test_daily_logs_group_after_memories(tmp_path):
    folder = copy(tmp_path, "openclaw")
    app = make_app(folder, folder, tmp_path, layout=detect(folder).layout, now=NOW)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ids = app.query_one(EntryTable).visible_ids
        kinds = [app.main.snapshot.entries[i].kind for i in ids]
        assert kinds == sorted(kinds, key=lambda k: k == "process") and kinds[-1] == "process"


async def test_two_agents_side_by_side(tmp_path):
    gem, oc = copy(tmp_path, "gemini"), copy(tmp_path, "openclaw")
    store = MultiStore([(gem, detect(gem).layout), (oc, detect(oc).layout)], tmp_path)
    before = (gem / "GEMINI.md").read_bytes()
    app = make_app(gem, tmp_path, tmp_path, store=store, now=NOW, display_path="2 folders")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert "agent" in [str(c.key.value) for c in table.columns.values()]
        assert "gemini:GEMINI.md#the-user-prefers-pnpm-over-npm-for-every" in table.rows
        assert "openclaw:memory/fly-deploys.md" in table.rows
        assert "Gemini CLI + OpenClaw" in plain(app.main.query_one("#title-bar", Static))
        # findings of each folder land on its rows
        assert app.main.findings["gemini:GEMINI.md#right-now-the-csv-export-is-half-done"]
        # the preview runs each agent's engine with its own limits
        await pilot.press("p")
        app.query_one("#query", Input).value = "pnpm"
        await settle(pilot)
        decision = app.query_one(PreviewPane).decision
        assert {c.id.split(":")[0] for c in decision.injected} == {"gemini", "openclaw"}
        assert set(decision.limits["per_agent"]) == {"gemini", "openclaw"}
        assert decision.limits["per_agent"]["openclaw"]["count"] == 6
        await pilot.press("escape")
        # a delete goes back to the entry's own folder and layout
        target = "gemini:GEMINI.md#the-staging-database-is-reset-every-sunday-at"
        table.focus()
        assert table.select_id(target)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmDelete)
        await pilot.press("y")
        await settle(pilot)
        assert b"staging database" not in (gem / "GEMINI.md").read_bytes() and target not in table.rows
        assert table.select_id("gemini:GEMINI.md#the-user-prefers-pnpm-over-npm-for-every")
        await pilot.press("t", "r")
        await settle(pilot)
        assert (gem / "GEMINI.md").read_bytes() == before
        await pilot.press("escape")
        await settle(pilot)
        assert not app.main.writes.pending()   # our own cut and restore: not the agent's writes
