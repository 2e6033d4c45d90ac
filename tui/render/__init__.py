"""Rich renderings for the command line (never imported by `tui.core`)."""
from __future__ import annotations

import os
import re
import sys

from rich.console import Console


class CliConsole(Console):
    """A console for piped output: a reader that leaves early (`| head`) is not an error."""

    def on_broken_pipe(self) -> None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(0)


_TRAILING = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)(?=\n)")


class TrimmedLines:
    """stdout without the blanks rich pads each line with to the console's width (a table's
    cells, a wrapped reason): piped or copied, a line ends at its last character. Blanks at the
    end of what is written so far are held until the line goes on or ends."""

    def __init__(self, out) -> None:
        self.out, self.held = out, ""

    def write(self, text: str) -> int:
        text = _TRAILING.sub(r"\1", self.held + text)
        body = text.rstrip(" \t")
        self.held = text[len(body):]
        self.out.write(body)
        return len(text)

    def flush(self) -> None:
        self.out.flush()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.out.fileno()


def console(width: int = 120) -> Console:
    """Full terminal width on a tty; a fixed width when piped (rich would wrap at 80), each line's
    trailing blanks left out."""
    if sys.stdout.isatty():
        return CliConsole()
    return CliConsole(width=width, file=TrimmedLines(sys.stdout))
