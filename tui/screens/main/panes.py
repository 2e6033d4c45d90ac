"""How much of the screen the detail / preview panes take: ``+`` and ``-`` change it in steps, the
config file remembers it (``pane_size``, a percentage), and the stylesheet turns it into a height
(stacked, below 160 columns) or a width (side by side) through a class on the screen.

The size chosen is remembered, not forced: on a terminal too short for it (75% chosen at 40 rows,
the app opened at 24), the panes take the largest step that leaves ``MIN_ROWS`` rows of the table,
and the size chosen comes back when the terminal is tall enough again."""
from __future__ import annotations

from ...core.config import load_config, save_config

STEPS = (25, 35, 45, 55, 65, 75)   # the panes' share, in percent (app.tcss has a rule per step)
DEFAULT = 45
KEY = "pane_size"
MIN_ROWS = 8   # table rows a stacked layout keeps whatever size was chosen
AROUND = 4     # lines around the table and panes: the title, the toolbar, the status line, the footer


def remembered() -> int:
    size = load_config().get(KEY)
    return size if size in STEPS else DEFAULT


def fits(step: int, height: int) -> bool:
    """Does a stacked layout at ``step`` leave MIN_ROWS table rows on a terminal ``height`` high?
    (The panes' share of the lines between the bars; the table's header takes one line, and its
    horizontal scroll bar one more where the columns are wider than the terminal.)"""
    main = height - AROUND
    return main - main * step // 100 - 2 >= MIN_ROWS


def _side(screen) -> bool:
    width = screen.app.size.width
    return any(name == "-side" and width >= at for at, name in screen.app.HORIZONTAL_BREAKPOINTS or ())


def shown_for(screen, size: int) -> int:
    """The step shown for the size chosen, at the terminal's size now."""
    if _side(screen):
        return size
    height = screen.app.size.height
    return next((s for s in reversed(STEPS) if s <= size and fits(s, height)), STEPS[0])


def show(screen, size: int) -> None:
    """Show the size chosen (kept on the screen, ``pane_choice``) as far as the terminal allows."""
    screen.pane_choice = size
    shown = shown_for(screen, size)
    for step in STEPS:
        screen.set_class(step == shown, f"-pane-{step}")


def fit(screen) -> None:
    """The terminal was resized: the size chosen, as far as it now allows."""
    show(screen, getattr(screen, "pane_choice", DEFAULT))


def step(screen, direction: int) -> None:
    """One step bigger (1) or smaller (-1) than what is shown, shown now and remembered; at an end
    (or, bigger, where the table would keep fewer than MIN_ROWS rows) it says so."""
    now = next((s for s in STEPS if screen.has_class(f"-pane-{s}")), DEFAULT)
    i = STEPS.index(now) + direction
    if not 0 <= i < len(STEPS) or (direction > 0 and shown_for(screen, STEPS[i]) != STEPS[i]):
        big = "big" if direction > 0 else "small"
        where = "" if not 0 <= i < len(STEPS) else f" at this terminal's height (the table keeps {MIN_ROWS} rows)"
        screen.notify(f"The panes are as {big} as they go{where}", timeout=2)
        return
    show(screen, STEPS[i])
    try:
        save_config({KEY: STEPS[i]})
    except OSError as e:
        screen.notify(f"Could not remember the pane size: {e}", severity="warning")

