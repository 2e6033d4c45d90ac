"""An entry's history as a person reads it: who wrote each version, when, after which message,
the diff; and who read it. Used by `memtui history` and the app's History view (the texts come
masked from core/provenance)."""
from __future__ import annotations

from rich.console import Console, Group
from rich.text import Text

from . import console as make_console
from .styles import DEFAULT, Styles


def when(at: str | None) -> str:
    """'2026-09-08 19:29' (UTC, as the record has it); 'between' when not known."""
    return at[:16].replace("T", " ") if at else "(time not known)"


def short(session: str | None) -> str:
    return session[:8] if session else "—"


def who(v: dict) -> str:
    """'the person' · 'the model' · 'a person or another tool …' (a commit: its author and subject)"""
    if v["source"] == "git":
        return v["evidence"].removeprefix("committed by ")
    if v["source"] == "file":
        return "a person or another tool (not in the agent's record)"
    return ("the person" if v["user_stated"] else "the model") + (", in a subagent" if v.get("subagent") else "")


def diff_text(diff: str, styles: Styles = DEFAULT) -> Text:
    out = Text()
    for line in diff.splitlines():
        style = (styles.ok if line.startswith("+") and not line.startswith("+++") else
                 styles.error if line.startswith("-") and not line.startswith("---") else
                 styles.info if line.startswith("@@") else styles.dim if line.startswith(("---", "+++")) else "")
        out.append(line + "\n", style=style)
    return out


def version_renderable(n: int, v: dict, styles: Styles = DEFAULT) -> Group:
    head = Text.assemble((f"v{n}  ", "bold"), (when(v["at"]), "bold"), "  ", (v["tool"], styles.info),
                         "  session ", (short(v["session"]), styles.source), "  by ", who(v))
    if v.get("commit"):
        head.append(f"  commit {v['commit']}", style=styles.dim)
    parts: list = [head]
    if v["prompt"]:
        parts.append(Text.assemble(("  after: ", styles.dim), (f"“{_one(v['prompt'], 300)}”", "italic")))
    if v["source"] in ("transcript", "session-log") and v["evidence"]:
        parts.append(Text(f"  {v['evidence']}", styles.dim))
    if v.get("note"):
        parts.append(Text(f"  {v['note']}", styles.warning))
    if v["diff"]:
        parts.append(diff_text(v["diff"], styles))
    return Group(*parts)


def _one(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 1] + "…"


def summary_text(h: dict, styles: Styles = DEFAULT) -> Text:
    """Where the history comes from and what it says of the first write."""
    rec = h["record"]
    wb = h["written_by"] or {}
    t = Text.assemble((h["id"], "bold"), "  ")
    if h["written_at"]:
        judged = wb.get("user_stated") is not None   # (the record's verdict; a frontmatter only declares)
        by = ({"user": "stated by the person", "model": "inferred by the model"} if judged else
              {"user": "by the person (its frontmatter says)", "model": "by the model (its frontmatter says)"}
              ).get(wb.get("by") or "", "")
        t.append(f"written {when(h['written_at'])}" + (f", {by}" if by else "")
                 + (f", session {short(wb.get('session'))}" if wb.get("session") else ""))
        from ..core.provenance.dating import SAID
        t.append(f"  (from {SAID.get(wb.get('source'), wb.get('source'))})", style=styles.dim)
    if rec.get("label") and not rec.get("note"):
        t.append(f"\n{rec['label']}: {rec['files']} file(s), {rec['bytes'] / 1e6:.1f} MB", style=styles.dim)
        if rec.get("unreadable_lines"):
            t.append(f", {rec['unreadable_lines']} line(s) that could not be read", style=styles.warning)
        if rec.get("gone_files"):
            t.append(f", {rec['gone_files']} deleted since they were read", style=styles.dim)
    for note in h["notes"]:
        t.append(f"\n{note}", style=styles.warning)
    return t


def reads_text(h: dict, styles: Styles = DEFAULT) -> Text:
    if not h["reads"]:
        known = h["record"].get("note") is None
        return Text("no session read it" if known else "who read it: not known (no record)", styles.dim)
    t = Text(f"read {len(h['reads'])} time(s):\n", "bold")
    for r in h["reads"][-20:]:
        t.append(f"  {when(r['at'])}  session {short(r['session'])}  via {r['via']}\n")
    if len(h["reads"]) > 20:
        t.append(f"  (and {len(h['reads']) - 20} earlier)\n", style=styles.dim)
    return t


def print_history(h: dict, console: Console | None = None, styles: Styles = DEFAULT) -> None:
    console = console or make_console(120)
    console.print(summary_text(h, styles))
    console.print()
    if not h["versions"]:
        console.print(Text("no versions in the record", styles.dim))
    for n, v in enumerate(h["versions"], 1):
        console.print(version_renderable(n, v, styles))
    console.print()
    console.print(reads_text(h, styles))
