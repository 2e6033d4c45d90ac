"""Stop 51, the newcomer's frictions 6, 10, 11 and the triage pass's footer at 80 columns: the
model is not told a copied file's mtime as its age; a review the owner settled stops counting;
the preview names an entry as the table does; the pass's keys all fit an 80-column footer."""
from __future__ import annotations

import json
import os

from tui.cli import main
from tui.core.engine.select import Engine
from tui.core.snapshots.memory import Memory

from conftest import NOW, make_app, settle, write
from test_tui import plain


# -- 6. an age that is only the file's mtime is not stated to the model --------------------------------

def test_the_stamp_states_no_age_that_only_the_mtime_gives(mem_dir, root, capsys):
    write(mem_dir, "copied.md", "---\nname: cache-path\ndescription: where the cache lives\n---\n"
                                "The cache lives in /tmp/c.\n")
    write(mem_dir, "dated.md", "---\nname: cache-owner\nupdated: 2026-11-19\nsource: user\n---\n"
                               "The cache belongs to the build team.\n")
    d = Engine.from_memory(Memory.load(mem_dir, root, now=NOW)).decide("cache")
    assert "## cache-path — written by the agent\nThe cache lives" in d.text   # no 'today'
    assert "## cache-owner — written by the user, 10 days ago\n" in d.text      # a written date is said
    assert "today" not in d.text and "unknown" not in d.text
    # the JSON of SPEC §7 keeps its keys: only the text's stamp changed
    assert main(["preview", "cache", "--dir", str(mem_dir), "--root", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"query", "injected", "excluded", "chars", "tokens", "limits", "message", "text"} <= set(out)
    assert "— written by the agent\n" in out["text"] and out["chars"] == len(out["text"])


# -- 10. k in the triage pass: "I decided: keep it" stops the review counting, until the file changes ---

def _reviews(app) -> int:
    from tui.widgets.browser import Browser
    line = app.screen.query_one(Browser).triage_line
    return next((int(p.split()[0]) for p in line.split(" · ") if p.endswith(" review")), 0)


async def test_k_keeps_a_review_for_its_current_text(sample, tmp_path):
    from test_triage_pass import to_first
    from tui.core import decisions
    from tui.screens.help_screen import HelpScreen
    from tui.screens.triage_screen import TriageScreen
    from tui.widgets.browser import Browser
    from textual.widgets import Static
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        before = _reviews(app)
        assert before > 0
        first = await to_first(pilot, app, "review")
        queued = len(app.screen.queue)
        assert "k keep" in str(app.screen.query_one("#triage-title").render())
        await pilot.press("question_mark")   # the pass's help names the key
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and "Keep (decided)" in "".join(
            plain(w) for w in app.screen.query(Static))
        await pilot.press("escape")
        await pilot.press("k")
        await settle(pilot)
        assert isinstance(app.screen, TriageScreen) and first not in [s.id for s in app.screen.queue]
        assert len(app.screen.queue) == queued - 1 and app.screen.done_count == 1
        await pilot.press("escape")
        await settle(pilot)
        assert _reviews(app) == before - 1
        assert "(1 by you)" in app.screen.query_one(Browser).triage_line
    # kept beside the injection log, never in the memory folder
    kept = decisions.path_for(mem_dir)
    assert kept.is_file() and str(kept).startswith(os.environ["XDG_STATE_HOME"])
    assert oct(kept.stat().st_mode & 0o777) == "0o600"
    assert first in json.loads(kept.read_text())["entries"]
    assert not any("decision" in p.name for p in mem_dir.rglob("*"))

    app = make_app(mem_dir, root, tmp_path)   # a new session: the decision holds
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert _reviews(app) == before - 1
        await pilot.press("T")
        await settle(pilot)
        assert first not in [s.id for s in app.screen.queue]

    path = mem_dir / first   # the file changed: it counts again
    path.write_text(path.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert _reviews(app) == before


# -- the triage pass's footer at 80 columns: every key shown, none cut ------------------------------------

async def test_the_triage_footer_fits_80_columns_with_every_key(sample, tmp_path):
    from textual.widgets._footer import FooterKey
    from tui.screens.triage_screen import TriageScreen
    mem_dir, root = sample
    for size, labels in (((80, 24), {"Drop", "Edit", "Keep", "Skip", "Done", "Help"}),
                         ((140, 30), {"Drop (delete)", "Edit the lines", "Keep (decided)", "Skip", "Done"})):
        app = make_app(mem_dir, root, tmp_path)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("T")
            await settle(pilot)
            assert isinstance(app.screen, TriageScreen)
            keys = [k for k in app.screen.query(FooterKey) if k.display]
            shown = {k.description for k in keys}
            assert labels <= shown, "|".join(sorted(shown))
            assert all(k.region.right <= size[0] for k in keys), [(k.description, k.region) for k in keys]
            assert {k.key for k in keys} >= {"p", "d", "a", "e", "k", "o", "n", "escape", "question_mark"}


# -- 11. the preview names an entry as the table does, beside its id, where the two differ ----------------

async def test_the_preview_shows_the_name_beside_an_id_that_does_not_say_it(sample, tmp_path):
    from textual.widgets import Static
    from test_tui import plain
    from tui.widgets.preview_pane import PreviewPane
    mem_dir, root = sample
    write(mem_dir, "notes/ops-7.md", "---\nname: Nightly restore drill\ndescription: restore the backup "
                                     "every night\n---\nThe nightly restore drill runs the backup restore at 02:00.\n")
    write(mem_dir, "restore-window.md", "---\nname: restore-window\n---\nA restore waits for the 02:00 window.\n")
    long = "A very long title for a memory about the restore drill that goes on"
    write(mem_dir, "r3.md", f"---\nname: {long}\n---\nThe restore drill log is in ops/.\n")
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("p", *"how does the nightly restore drill work?")
        await settle(pilot)
        pane = app.query_one(PreviewPane)
        ids = [c.id for c in pane.decision.injected]
        assert {"notes/ops-7.md", "restore-window.md", "r3.md"} <= set(ids)
        shown = plain(pane.query_one("#preview-body", Static))
        assert "notes/ops-7.md  “Nightly restore drill”" in shown
        assert "“restore-window”" not in shown            # its id says its name: nothing beside it
        assert "r3.md  “A very long title for a mem…”" in shown and long not in shown.split("───")[0]


async def test_the_detail_says_the_owner_decided(sample, tmp_path):
    from textual.widgets import Static
    from test_tui import plain
    from tui.widgets.detail_pane import DetailPane
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        from test_triage_pass import to_first
        first = await to_first(pilot, app, "review")
        await pilot.press("k", "escape")
        await settle(pilot)
        app.main.query_one("#entry-table").select_id(first)
        await settle(pilot)
        text = plain(app.query_one(DetailPane).query_one("#detail-triage", Static))
        assert text.startswith("REVIEW") and "• you decided to keep it" in text, text
