"""A record of the injection log as the log pane shows it: an injection (what, for which prompt,
why) or a memory write the hook judged (what it decided about which file, and why; never the
content). Every text from the log passes through a redaction."""
from __future__ import annotations

from rich.text import Text

from ..core.secrets.detect import redact
from ..core.engine.decision import signed_points


_WRITE_STYLE = {"denied": ("write denied", "bold red"), "allowed": ("write allowed", "green"),
                "written": ("written by the agent", "bold"), "failed": ("write failed", "yellow"),
                "none": ("write, no decision", "yellow")}


def format_write(rec: dict, t: Text) -> Text:
    """A write record: what the gate decided about which file, and why (never the content)."""
    label, style = _WRITE_STYLE.get(str(rec.get("decision")), ("write", ""))
    t.append(f"{label} ", style)
    t.append(str(rec.get("id") or "-"))
    t.append(f"  ({rec.get('tool', '?')}, session {str(rec.get('session_id') or '?')[:12]})", "dim")
    if rec.get("error"):
        t.append(f"\n    error: {redact(str(rec['error']))}", "red")
    elif rec.get("decision") in ("none", "failed"):
        t.append(f"\n    {redact(str(rec.get('message', '')))}", "dim")
    for key, style in (("why", "red"), ("noted", "dim")):
        for f in rec.get(key) or []:
            line = f" line {f.get('line')}" if f.get("line") else ""
            extra = ", possible" if f.get("confidence") == "possible" else ""
            t.append(f"\n    {f.get('kind')}{line}{extra}: {redact(str(f.get('message', '')))}", style)
    return t


def format_record(rec: dict) -> Text:
    t = Text()
    t.append(f"{rec.get('time', '?')}  ", "dim")
    if rec.get("kind") == "write":
        return format_write(rec, t)
    ids = [i.get("id", "?") for i in rec.get("injected", [])]
    if rec.get("error"):
        t.append("error ", "bold red")
        t.append(redact(str(rec["error"])))
    elif ids:
        t.append(f"injected {len(ids)}: ", "bold green")
        t.append(", ".join(ids))
    else:
        t.append("nothing injected", "yellow")
    t.append(f"\n    prompt: {redact(str(rec.get('prompt', '')))[:200]}", "")
    for i in rec.get("injected", []):
        reasons = "; ".join(f"{r.get('kind')} {r.get('detail')} {signed_points(r.get('points') or 0)}" for r in i.get("reasons", []))
        if reasons:   # (a record without its reasons — the sample's — named the id over an empty line)
            t.append(f"\n    {i.get('id')}: {reasons}", "dim")
    return t
