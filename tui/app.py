"""MemtuiApp: themes, the config, the screen stack. Everything about the memory folder
lives in ``MainScreen`` (the default screen) and, below it, in ``tui.core``."""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .core.config import load_config, save_config
from .core.writes.injection_log import log_path as default_log_path
from .render.styles import DEFAULT, Styles, from_theme
from .screens.main.keys import palette
from .screens.main.main_screen import MainScreen
from .theming import DEFAULT_DARK, load_themes
from .widgets.entry_table import STATUS_FILTERS

SAMPLE_NOTE = ("No memory folder found here, so this is a private copy of the bundled sample ({path}); changes "
               "stay in the copy. Run memtui DIR for yours.")


class MemtuiApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "memtui"
    # side by side only where both panes fit; stacked below (120x36, 80x24)
    HORIZONTAL_BREAKPOINTS = [(0, "-stacked"), (160, "-side")]
    # the main screen shows these first in its footer; here they reach every other screen
    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, directory: Path, root: Path, theme: str | None = None, watch: bool = True,
                 sample: bool = False, now: dt.datetime | None = None, display_path: str | None = None,
                 log_path: Path | None = None, layout=None, store=None, select: str | None = None,
                 offer_hook: bool = False) -> None:
        super().__init__()
        self.requested_theme = theme
        self.colours: Styles = DEFAULT
        self._saving_theme = False
        note = SAMPLE_NOTE.format(path=_short(Path(directory).parent)) if sample else ""
        shown = display_path or ("the sample" if sample else _short(Path(directory)))
        self.main = MainScreen(directory, root, watch=watch, sample_note=note, now=now, display_path=shown,
                               log_path=log_path or default_log_path(), layout=layout, store=store, select=select,
                               offer_hook=offer_hook)

    def get_default_screen(self) -> Screen:
        return self.main

    def on_mount(self) -> None:
        themes, problems = load_themes()
        for th in themes:
            self.register_theme(th)
        if problems:
            self.notify("Theme files skipped: " + " | ".join(problems), severity="warning", timeout=10)
        wanted = self.requested_theme or load_config().get("theme") or DEFAULT_DARK
        if wanted not in self.available_themes:
            self.notify(f"No theme named {wanted!r}; using {DEFAULT_DARK}", severity="warning")
            wanted = DEFAULT_DARK
        self._saving_theme = self.requested_theme is None
        self.theme = wanted

    def watch_theme(self, theme: str) -> None:
        try:
            self.colours = from_theme(self.current_theme)
        except Exception:
            self.colours = DEFAULT
        if self.main.is_mounted:
            self.main.restyle()
        if self._saving_theme and self.main.loaded:
            try:
                save_config({"theme": theme})
            except OSError as e:
                self.notify(f"Could not save the theme choice: {e}", severity="warning")
        self._saving_theme = True

    def action_help(self) -> None:
        from .screens.help_screen import HelpScreen
        if not isinstance(self.screen, HelpScreen):   # from a view of its own: that view's keys first
            self.push_screen(HelpScreen(None if self.screen is self.main else self.screen))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if screen is not self.main:
            return   # curation commands belong to the main screen only
        for name, label in STATUS_FILTERS.items():
            yield SystemCommand(f"Filter: {label}", f"Show only entries: {label}",
                                lambda n=name: screen.set_status_filter(n))
        for action, title, help_text in palette():   # the action table's rows (screens/main/keys)
            owner, name = (self, action[4:]) if action.startswith("app.") else (screen, action)
            if owner is self or screen.check_action(action, ()):
                yield SystemCommand(title, help_text, getattr(owner, f"action_{name}"))


def _short(path: Path) -> str:
    try:
        return "~/" + str(Path(path).resolve().relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)
