"""Semantic styles: the one place that says which colour means what.

The command line uses ``DEFAULT``; the TUI builds a ``Styles`` from its current theme
(``from_theme``), so a custom theme recolours every table, pane and dialog at once.
Renderables take a ``Styles`` and never name a colour themselves.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Styles:
    ok: str = "green"
    error: str = "bold red"
    warning: str = "yellow"
    info: str = "cyan"
    unsafe: str = "bold magenta"
    new: str = "bold yellow"
    injected: str = "bold green"
    path: str = "bold cyan"       # a path hit: the strongest reason
    source: str = "magenta"
    dim: str = "dim"
    strong: str = "bold"

    def severity(self, sev: str) -> str:
        return {"error": self.error, "warning": self.warning, "info": self.info}.get(sev, "")

    def anchor(self, status: str) -> str:
        return {"verified": self.ok, "broken": self.error, "unsafe": self.unsafe}.get(status, self.dim)

    def load(self, load: str) -> str:
        return {"resident": self.info, "beyond-index-cut": self.warning}.get(load, self.dim)

    def reason(self, kind: str) -> str:
        return {"path": self.path, "keyword": self.ok, "cap": self.warning, "source": self.source}.get(kind, "")

    def excluded(self, why: str) -> str:
        return {"anchor-broken": self.error, "anchor-unsafe": self.unsafe, "superseded": self.warning,
                "char-limit": self.warning}.get(why, self.dim)


DEFAULT = Styles()


def from_theme(theme) -> Styles:
    """Styles from a textual Theme: its semantic colours and the ``entry-*`` variables that
    themes/*.yaml declare (a theme without them falls back to its main colours)."""
    v = theme.variables or {}
    ok = v.get("entry-verified") or theme.success or "green"
    error = v.get("entry-broken") or theme.error or "red"
    unsafe = v.get("entry-unsafe") or theme.accent or "magenta"
    new = v.get("entry-new") or theme.warning or "yellow"
    injected_bg = v.get("entry-injected")
    return Styles(
        ok=ok, error=f"bold {error}", warning=theme.warning or "yellow", info=theme.secondary or "cyan",
        unsafe=f"bold {unsafe}", new=f"bold {new}",
        injected=f"bold {theme.success or 'green'}" + (f" on {injected_bg}" if injected_bg else ""),
        path=f"bold {theme.primary}", source=theme.accent or "magenta",
    )
