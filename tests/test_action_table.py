"""One table of actions: the main screen's bindings, its footer at each width, the command palette
and the help screen all come from ``screens/main/keys.ACTIONS``."""
import json
from pathlib import Path

from tui.screens.help_screen import HelpScreen, key_groups
from tui.screens.hook_offer import HookOffer
from tui.screens.main import keys
from tui.screens.main.main_screen import MainScreen
from tui.widgets.entry_table import EntryTable
from tui.widgets.key_footer import KeyFooter
from tui.widgets.usage_pane import UsagePane

from conftest import REPO, make_app, settle
from test_tui import plain


def test_bindings_are_the_table():
    assert MainScreen.BINDINGS == keys.bindings()
    bound = {(b.key, b.action) for b in keys.bindings()}
    assert bound == {(a.keys, a.action) for a in keys.ACTIONS if a.keys and a.action}
    for a in keys.ACTIONS:   # every row says something in the help, and has a method to run
        assert a.help and a.footer in (keys.ALWAYS, keys.WIDE, keys.NO)
        if a.action and not a.action.startswith(("app.", "tab(")):
            assert hasattr(MainScreen, f"action_{a.action}"), a.action


def test_every_key_the_table_widget_binds_is_in_the_help():
    helped = " ".join(shown for _, rows in key_groups() for shown, _ in rows)
    for b in EntryTable.BINDINGS:
        key = {"space": "space"}.get(b.key, b.key)
        assert key in helped.split() or key in helped, b.key


def test_help_and_palette_list_every_row(sample, tmp_path):
    helped = [line for _, rows in keys.help_groups() for line in rows]
    assert len(helped) == len(keys.ACTIONS)
    assert [t for _, t, _ in keys.palette()] == [a.palette for a in keys.ACTIONS if a.palette]


async def test_palette_offers_what_applies_from_the_table(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for t in ("Audit", "Triage", "Keys", "Install the Claude Code hook", "Panes: bigger detail"):
            assert t in titles
        assert "Review new entries" not in titles   # nothing new from the agent: it does not apply


async def test_the_real_palette_finds_the_table_actions(sample, tmp_path):
    """Searched while the palette itself is the top screen (the actions used to be filtered out then)."""
    from textual.command import CommandList, CommandPalette
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p", *"install the claude")
        await pilot.pause(0.5)
        assert isinstance(app.screen, CommandPalette)
        found = [str(o.prompt) for o in app.screen.query_one(CommandList).options]
        assert any("Install the Claude Code hook" in f for f in found), found


async def test_help_screen_shows_every_row(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(plain(s) for s in app.screen.query("Static"))
        for a in keys.ACTIONS:
            assert a.help in " ".join(text.split()), a.help


def _footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey
    return [k.key for k in app.main.query_one(KeyFooter).query(FooterKey)]


async def test_footer_keeps_the_keys_that_matter_at_80_columns(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = _footer_keys(app)
        for key in ("question_mark", "a", "e", "d", "A", "R", "T"):
            assert key in shown
        assert not set(shown) & {a.keys for a in keys.ACTIONS if a.footer == keys.WIDE}
        await pilot.resize_terminal(120, 36)
        await settle(pilot)
        assert {"t", "P", "x"} <= set(_footer_keys(app))


async def test_title_and_status_line_abbreviate_at_80_columns(sample, tmp_path):
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = str(app.main.query_one("#title-bar").render())
        status = str(app.main.query_one("#filter-status").render())
        # no-frontmatter is possible (stop 39); broken index links and an unreadable file too (stop 40);
        # an index line to a missing file is high again (stop 49): 9
        assert "9 findings" in title and "27 entries" in title and len(title) <= 78
        assert "27 shown" in status and "7 review" in status and "…" not in status and len(status) <= 78


def test_fit_shortens_the_path_not_the_counts():
    from tui.widgets.fit_line import fit
    long = "~/.claude/projects/-home-someone-work-a-very-long-project-name/memory · 12 entries · 3 findings · watching"
    out = fit([long], 60)
    assert len(out) <= 60 and out.endswith("12 entries · 3 findings · watching") and "…" in out
    assert fit(["a long one that does not fit", "short"], 10) == "short"


async def test_panes_resize_with_plus_and_minus_and_are_remembered(sample, tmp_path):
    # (40 rows: at 24, 65% would leave the table fewer than 8 rows — test_newcomer51)
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(pilot)
        right = app.main.query_one("#right")
        before = right.size.height
        await pilot.press("plus", "plus")
        await settle(pilot)
        assert right.size.height > before and app.main.has_class("-pane-65")
    again = make_app(*sample, tmp_path)
    async with again.run_test(size=(80, 40)) as pilot:
        await settle(pilot)
        assert again.main.has_class("-pane-65")
        for _ in range(9):
            await pilot.press("minus")
        await settle(pilot)
        assert again.main.has_class("-pane-25")   # (it stops at the smallest, and says so)


async def test_the_app_offers_the_hook_once_and_remembers_no(sample, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    app = make_app(*sample, tmp_path, offer_hook=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HookOffer)
        await pilot.press("n")
        await settle(pilot)
        assert not isinstance(app.screen, HookOffer)
        await pilot.press("4")
        await settle(pilot)
        assert "not wired" in plain(app.main.query_one(UsagePane).query_one("#usage-hook"))
    assert not (tmp_path / "home" / ".claude" / "settings.json").exists()
    again = make_app(*sample, tmp_path, offer_hook=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not isinstance(again.screen, HookOffer)


async def test_yes_to_the_offer_wires_the_hook(sample, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    app = make_app(*sample, tmp_path, offer_hook=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        settings = json.loads((tmp_path / "home" / ".claude" / "settings.json").read_text())
        assert settings["hooks"]["UserPromptSubmit"]
        assert "is wired" in plain(app.main.query_one(UsagePane).query_one("#usage-hook"))
        assert any("Wired the Claude Code hook" in n.message for n in app._notifications)


def test_the_hook_is_offered_only_for_an_agent_it_can_serve(tmp_path, monkeypatch):
    """Claude Code's hook: offered on a Claude Code folder (the sample), not on an OpenClaw or
    Gemini one (their prompts never reach that hook)."""
    import argparse
    import shutil
    import tui.app
    from tui.cli import run_tui
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    offered = {}

    class Spy:
        def __init__(self, directory, *a, offer_hook=False, **kw):
            offered[directory.name] = offer_hook
            self.return_code = 0

        def run(self):
            pass
    monkeypatch.setattr(tui.app, "MemtuiApp", Spy)
    for name in ("openclaw", "gemini"):
        shutil.copytree(REPO / "sample_memories" / "layouts" / name, tmp_path / name)
    shutil.copytree(REPO / "sample_memories" / "memory", tmp_path / "cc" / "memory")
    for d in (tmp_path / "openclaw", tmp_path / "gemini", tmp_path / "cc" / "memory"):
        run_tui(argparse.Namespace(dir=[str(d)], root=None, layout=None, theme=None, no_watch=True))
    assert offered == {"openclaw": False, "gemini": False, "memory": True}


def test_the_app_takes_dir_as_every_command_does(tmp_path, monkeypatch):
    """`memtui audit --dir X` then `memtui --dir X`: the app opens X (it used to stop on an
    unrecognised argument); --dir and DIR together open both, side by side."""
    import shutil
    import tui.app
    from tui.cli import main
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    opened = []

    class Spy:
        def __init__(self, directory, *a, **kw):
            opened.append((Path(directory), kw.get("store")))
            self.return_code = 0

        def run(self):
            pass
    monkeypatch.setattr(tui.app, "MemtuiApp", Spy)
    for name in ("one", "two"):
        shutil.copytree(REPO / "sample_memories" / "memory", tmp_path / name / "memory")
    assert main(["--dir", str(tmp_path / "one" / "memory"), "--no-watch"]) == 0
    assert opened[-1][0].resolve() == (tmp_path / "one" / "memory").resolve()
    assert main([str(tmp_path / "one" / "memory"), "--dir", str(tmp_path / "two" / "memory"), "--no-watch"]) == 0
    folders = {str(Path(f).resolve()) for f in opened[-1][1].folders}
    assert folders == {str((tmp_path / n / "memory").resolve()) for n in ("one", "two")}
