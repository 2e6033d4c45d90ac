"""The triage pass (T), the per-action filters and the Usage tab, driven like a person would."""
from __future__ import annotations

import json

from textual.widgets import Static, TabbedContent

from tui.core.writes.injection_log import sample_records
from tui.core.walk import ARCHIVE_DIR, TRASH_DIR
from tui.screens.confirm_delete import ConfirmDelete
from tui.screens.main.main_screen import MainScreen
from tui.screens.promote_screen import PromoteScreen
from tui.screens.triage_screen import TriageScreen
from tui.widgets.browser import Browser
from tui.widgets.entry_table import EntryTable

from conftest import NOW, make_app, settle
from test_snapshots import snap


def with_log(mem_dir, tmp_path) -> None:
    """The bundled sample's example log, as the hook would have written it for this copy."""
    log = tmp_path / "state" / "injections.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("".join(json.dumps(r) + "\n" for r in sample_records(mem_dir, NOW)))


def title(app) -> str:
    return str(app.screen.query_one("#triage-title", Static).render())


async def test_triage_pass_acts_only_after_each_confirmation(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "12 keep · 5 promote · 1 archive · 2 drop · 7 review" in \
            str(app.screen.query_one("#filter-status").render())
        await pilot.press("T")
        await settle(pilot)
        assert isinstance(app.screen, TriageScreen) and "1/16" in title(app) and "review" in title(app)
        for _ in range(7):   # the reviews first (session-notes: its frontmatter does not parse), then the archive
            await pilot.press("n")
        assert "ci-status.md · suggested: archive" in title(app)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDelete) and app.screen.archive
        await pilot.press("n")   # cancelled: nothing moves, the same entry stays
        await settle(pilot)
        assert (mem_dir / "ci-status.md").exists() and "ci-status.md" in title(app)
        await pilot.press("a", "y")
        await settle(pilot)
        assert not (mem_dir / "ci-status.md").exists() and list((mem_dir / ARCHIVE_DIR).glob("*/ci-status.md"))
        assert "ci-status.md" not in (mem_dir / "MEMORY.md").read_text()
        assert "MEMORY.md (the whole file) · suggested: edit" in title(app)   # the index's own suggestion, as the CLI's
        await pilot.press("n")
        assert "db-migrations.md · suggested: drop" in title(app)
        await pilot.press("n")
        assert "deploy-fly.md · suggested: drop" in title(app)
        await pilot.press("d", "y")
        await settle(pilot)
        assert list((mem_dir / TRASH_DIR).glob("*/deploy-fly.md"))
        assert "suggested: promote" in title(app)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PromoteScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TriageScreen) and not (root / "CLAUDE.md").read_text().count("Learned")
        await pilot.press("o")   # review: leave the pass, open the entry
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.screen.query_one(TabbedContent).active == "detail"


async def test_usage_and_the_status_filter_per_action(sample, tmp_path):
    mem_dir, root = sample
    with_log(mem_dir, tmp_path)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "Injections per week" in str(app.screen.query_one("#usage-head", Static).render())
        assert sum(app.screen.triaged.weekly("test-runner.md")) > 0
        assert app.screen.triaged.report.by_id()["user-profile.md"].evidence["never_injected_days"] > 7
        for action, ids in (("archive", ["ci-status.md"]), ("drop", ["db-migrations.md", "deploy-fly.md"])):
            app.screen.query_one(Browser).set_status_filter(f"to-{action}")
            await settle(pilot)
            assert app.screen.query_one(EntryTable).visible_ids == ids


def test_snapshot_triage_pass(snap_compare, sample, tmp_path):
    with_log(sample[0], tmp_path)
    assert snap(snap_compare, make_app(*sample, tmp_path), "T", *"n" * 8)   # past the 7 reviews and the archive: the index


def test_snapshot_usage_tab(snap_compare, sample, tmp_path):
    with_log(sample[0], tmp_path)
    assert snap(snap_compare, make_app(*sample, tmp_path), "4")


def test_snapshot_usage_tab_without_log(snap_compare, sample, tmp_path):
    assert snap(snap_compare, make_app(*sample, tmp_path), "4")
