"""A screen owns its state (issue 39, item 4): the main screen's children (the triage, the audit runs,
the agent's record, the writer, the reader, the previews) keep their own state and answer by
messages; the flows ask the screen only what ``MainHost`` offers; adding a key is one row of
``keys.ACTIONS``."""
from __future__ import annotations

import ast
from pathlib import Path

import tui.app
from tui.screens.help_screen import HelpScreen
from tui.screens.main import host, keys
from tui.screens.main.main_screen import MainScreen
from tui.widgets.key_footer import KeyFooter

from conftest import make_app, settle
from test_tui import plain

MAIN = Path(host.__file__).parent


def _members() -> set[str]:
    hints = set(host.MainHost.__annotations__)
    methods = {n for n, v in vars(host.MainHost).items() if callable(v) and not n.startswith("_")}
    return hints | methods


def test_the_host_protocol_is_what_a_flow_must_ask():
    """28 members before (the screen's state, its widgets' queries, its redraws); now the reading
    shown, the entry under the cursor, a write, the ledger of our writes, and a message."""
    assert len(_members()) <= 12, sorted(_members())
    assert not {"query_one", "findings", "report", "drafts", "triaged", "audits", "records", "show_detail",
                "set_title_bar", "request_rescan", "update_empty", "run_worker"} & _members()


def _host_uses(path: Path) -> set[str]:
    """Every attribute a module reads on a parameter annotated ``MainHost`` (``screen.X``, ``self.screen.X``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.arg for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             for a in f.args.args + f.args.kwonlyargs
             if isinstance(a.annotation, ast.Name) and a.annotation.id == "MainHost"}
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            base = node.value
            if isinstance(base, ast.Name) and base.id in names:
                used.add(node.attr)
            elif isinstance(base, ast.Attribute) and base.attr == "screen" and isinstance(base.value, ast.Name) \
                    and base.value.id == "self":
                used.add(node.attr)
    return used


def test_the_flows_use_only_the_protocol():
    members = _members()
    flows = [p for p in MAIN.glob("*.py") if "MainHost" in p.read_text(encoding="utf-8") and p.name not in
             ("host.py", "main_screen.py")]
    assert {p.name for p in flows} >= {"curation.py", "editing.py", "history_flow.py"}
    for path in flows:
        assert _host_uses(path) <= members, (path.name, sorted(_host_uses(path) - members))


def test_the_views_with_state_are_not_handed_the_screen():
    """The triage, the audit runs, the agent's record, the writer, the reader and the previews are
    widgets: made with what they need, they answer by messages, never through the host."""
    for name in ("triage_view.py", "audit_runs.py", "record_view.py", "writer.py", "reader.py", "previews.py"):
        text = (MAIN / name).read_text(encoding="utf-8")
        assert "MainHost" not in text and ".host" not in text and "query_one" not in text, name


async def test_adding_a_key_is_one_row_of_the_action_table(sample, tmp_path, monkeypatch):
    """A throwaway row: its binding works, and the footer, the palette and the help show it."""
    rang = []
    row = keys.Action("z", "app.bell", "Bell", "ring the terminal bell (a test's row)", keys.VIEWS, keys.ALWAYS,
                      "Ring the bell", "A throwaway row")
    monkeypatch.setattr(keys, "ACTIONS", keys.ACTIONS + (row,))

    class WithTheRow(MainScreen):   # (a class takes its bindings when it is made: as MainScreen does from the table)
        BINDINGS = keys.bindings()
    monkeypatch.setattr(tui.app, "MainScreen", WithTheRow)
    app = make_app(*sample, tmp_path)
    monkeypatch.setattr(app, "bell", lambda: rang.append(1))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        from textual.widgets._footer import FooterKey
        assert "z" in [k.key for k in app.main.query_one(KeyFooter).query(FooterKey)]
        assert "Ring the bell" in [c.title for c in app.get_system_commands(app.screen)]
        await pilot.press("z")
        assert rang
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = " ".join("\n".join(plain(s) for s in app.screen.query("Static")).split())
        assert "ring the terminal bell (a test's row)" in text


async def test_no_flow_queries_the_widget_tree_from_a_worker(sample, tmp_path, off_thread):
    """Triage, audit, review, history and a delete: every widget query is on the UI thread."""
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        for keys_pressed in (("T",), ("escape", "A"), ("escape", "h"), ("escape", "d", "y")):
            await pilot.press(*keys_pressed)
            await settle(pilot)
        assert app.is_running
    assert off_thread == []


async def test_our_own_edit_is_not_said_as_a_change_on_disk(sample, tmp_path, monkeypatch):
    """After e, the screen said 'Saved X' and then 'X changed on disk; the detail shows the new
    version', as if someone else had written it; an agent's change is still said."""
    script = tmp_path / "ed.sh"
    script.write_text('#!/bin/sh\nfor last; do :; done\necho "A line the person added." >> "$last"\n')
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        first = app.main.current_id()
        await pilot.press("e")
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert f"Saved {first}" in said and "A line the person added." in (mem_dir / first).read_text()
        assert not any("changed on disk" in m for m in said), said
        with open(mem_dir / first, "a") as f:   # the agent's change is still said
            f.write("The agent's line.\n")
        app.main.request_rescan()
        await settle(pilot)
        assert any(f"{first} changed on disk" in n.message for n in app._notifications)
