"""Rich renderings for the command line (never imported by `tui.core`)."""
from __future__ import annotations

import os
import sys

from rich.console import Console


class CliConsole(Console):
    """A console for piped output: a reader that leaves early (`| head`) is not an error."""

    def on_broken_pipe(self) -> None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(0)


def console(width: int = 120) -> Console:
    """Full terminal width on a tty; a fixed width when piped (rich would wrap at 80)."""
    return CliConsole(width=None if sys.stdout.isatty() else width)
