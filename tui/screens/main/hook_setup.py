"""Claude Code's hook, seen from the app: whether it is wired (the Usage tab says so), the offer to
wire it — made once, the answer kept in the config (``hook_offer``) — and the install itself, the same
merge and write as `memtui hook install` (``core/writes/claude_settings``), off the UI thread."""
from __future__ import annotations

from pathlib import Path

from ...core.writes import claude_settings as cs
from ...core.config import load_config, save_config
from ...widgets.usage_pane import UsagePane
from .host import MainHost

OFFER_KEY = "hook_offer"   # "installed" or "declined": the offer is never made again


def check(screen: MainHost, pane: UsagePane) -> None:
    """Look for the hook in a thread; then show what was found (in the Usage tab's ``pane``), and
    make the offer if it is due."""
    def look() -> None:
        where = cs.wired_in(screen.root)
        screen.app.call_from_thread(found, screen, pane, where, True)
    screen.app.run_worker(look, thread=True, group="hook-check", exclusive=True)


def found(screen: MainHost, pane: UsagePane, where: Path | None, offer: bool) -> None:
    pane.show_hook(shown(where) if where else None, screen.app.colours)
    if where is None and offer and not load_config().get(OFFER_KEY):
        from ..hook_offer import HookOffer
        screen.app.push_screen(HookOffer(shown(cs.user_settings())), lambda yes: answered(screen, pane, yes))


def answered(screen: MainHost, pane: UsagePane, yes: bool | None) -> None:
    _remember("installed" if yes else "declined", screen)
    if yes:
        install(screen, pane)


def install(screen: MainHost, pane: UsagePane) -> None:
    """Wire the hook into the user's settings (ctrl+p, or yes to the offer)."""
    def write() -> None:
        path = cs.user_settings()
        try:
            changed, backup = cs.write(path, lambda data: cs.merged(data, cs.this_command()))
        except (cs.SettingsError, OSError) as e:
            message = (f"{shown(path)} was not changed: {e}. Fix it, or run memtui hook install --print and add "
                       "the entries by hand.")
            screen.app.call_from_thread(screen.notify, message, title="Hook not installed", severity="error",
                                        timeout=15)
            return
        said = (f"Wired the Claude Code hook into {shown(path)}" + (f" (the old file: {shown(backup)})" if backup
                else "") + ". Start a new Claude Code session to use it.") if changed else \
            f"The hook is already wired in {shown(path)}."
        screen.app.call_from_thread(screen.notify, said, timeout=10)
        screen.app.call_from_thread(found, screen, pane, path, False)
    screen.app.run_worker(write, thread=True, group="hook-install", exclusive=True)


def _remember(answer: str, screen: MainHost) -> None:
    try:
        save_config({OFFER_KEY: answer})
    except OSError as e:
        screen.notify(f"Could not remember the answer: {e}", severity="warning")


def shown(path: Path) -> str:
    try:
        return "~/" + str(Path(path).relative_to(Path.home()))
    except ValueError:
        return str(path)
