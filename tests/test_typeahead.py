"""Keys typed faster than the app draws go where the key before them sent the focus: a prompt
typed right after `p` (or a filter after `/`) is text, never a binding — "deploy to fly" once
reached the table as d(elete) … y(es) and moved an entry to the trash."""
from textual import events

from conftest import make_app, settle
from tui.widgets.entry_table import EntryTable

SIZE = (120, 36)


async def _type_ahead(app, pilot, keys: str) -> None:
    for ch in keys:   # all queued before the app handles the first
        app.post_message(events.Key({" ": "space", "/": "slash"}.get(ch, ch), ch))
    await settle(pilot)


async def test_a_prompt_typed_right_after_p_is_text(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = len(app.query_one(EntryTable).rows_by_id)
        await _type_ahead(app, pilot, "phow do I deploy to fly")
        assert app.main.query_one("#query").value == "how do I deploy to fly"
        assert type(app.screen).__name__ == "MainScreen"   # no confirmation was opened
        assert len(app.query_one(EntryTable).rows_by_id) == before
        assert not list((sample[0] / ".trash").glob("*")) if (sample[0] / ".trash").exists() else True


async def test_a_filter_typed_right_after_slash_is_text(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _type_ahead(app, pilot, "/deploy")
        assert app.main.query_one("#filter").value == "deploy"
        assert type(app.screen).__name__ == "MainScreen"
