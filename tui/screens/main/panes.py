"""How much of the screen the detail / preview panes take: ``+`` and ``-`` change it in steps, the
config file remembers it (``pane_size``, a percentage), and the stylesheet turns it into a height
(stacked, below 160 columns) or a width (side by side) through a class on the screen."""
from __future__ import annotations

from ...core.config import load_config, save_config

STEPS = (25, 35, 45, 55, 65, 75)   # the panes' share, in percent (app.tcss has a rule per step)
DEFAULT = 45
KEY = "pane_size"


def remembered() -> int:
    size = load_config().get(KEY)
    return size if size in STEPS else DEFAULT


def show(screen, size: int) -> None:
    for step in STEPS:
        screen.set_class(step == size, f"-pane-{step}")


def step(screen, direction: int) -> None:
    """One step bigger (1) or smaller (-1), shown now and remembered; at an end it says so."""
    now = next((s for s in STEPS if screen.has_class(f"-pane-{s}")), DEFAULT)
    i = STEPS.index(now) + direction
    if not 0 <= i < len(STEPS):
        screen.notify("The panes are as " + ("big" if direction > 0 else "small") + " as they go", timeout=2)
        return
    show(screen, STEPS[i])
    try:
        save_config({KEY: STEPS[i]})
    except OSError as e:
        screen.notify(f"Could not remember the pane size: {e}", severity="warning")
