"""An entry as the detail pane shows it: fields, rendered body, anchor detail and findings.

Secrets are masked here, in the render layer, unless the person revealed this entry
(an explicit key, reset when the cursor moves away).
"""
from __future__ import annotations

from rich.console import Group
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from ..core.reading.entry import MemoryEntry
from ..core.judging.findings import Finding, by_confidence, folded_note, lines_said, place_label
from ..core.secrets.detect import find_secrets, redact, scrub, secret_pieces
from ..core.reports.serialize import iso
from ..core.judging.status import EntryStatus
from .styles import DEFAULT, Styles


def shown(text: str, reveal: bool, pieces: set[str] = frozenset()) -> str:
    return text if reveal else scrub(redact(text), pieces)


def provenance_text(dated, reads: list | None, styles: Styles = DEFAULT) -> Text:
    """Who wrote it, when, where that is known from, and who read it (core/provenance/dating)."""
    from ..core.provenance.dating import SAID, MTIME
    t = Text()
    if dated.written_at is not None and dated.source != MTIME:
        t.append(f"written {iso(dated.written_at)[:16].replace('T', ' ')}")
        if dated.session:
            t.append(f" in session {dated.session[:8]}")
        if dated.by == "user":
            t.append(" — stated by the person" + (f" ({dated.evidence})" if dated.evidence else ""))
        elif dated.by == "model" and dated.user_stated is not None:
            t.append(" — inferred by the model")
        t.append(f"\nage from {SAID[dated.source]}", styles.dim)
        if dated.updated is not None and dated.updated != dated.written_at:
            t.append(f" (last written {iso(dated.updated)[:10]})", styles.dim)
    else:
        t.append(f"age from {SAID[dated.source]}", styles.warning if dated.source == MTIME else styles.dim)
    if reads is not None:
        t.append(" · ", styles.dim)
        t.append(f"read {len(reads)} time(s), last {iso(reads[-1])[:10]}" if reads else "never read in the record",
                 styles.dim)
    t.append(" · h: history", styles.dim)
    return t


# the load in words, as the status filter (f) says it: JSON's 'beyond-index-cut' read as a third word
# beside the table's 'beyond cut'
LOAD_SAID = {"beyond-index-cut": "beyond the index cut (not loaded at start)"}


def kind_said(e: MemoryEntry) -> str:
    """The entry's type; for layouts that have no types, what the entry is (a section, a work log)
    rather than an "untyped" that reads as a fault the owner should mend."""
    if e.type:
        return e.type
    if e.kind == "process":
        return "work log"
    if e.file:
        return f"a section of {e.file}"
    return "untyped"


def render_entry(e: MemoryEntry, s: EntryStatus, findings: list[Finding], reveal: bool,
                 note: str = "", styles: Styles = DEFAULT, provenance: tuple | None = None) -> Group:
    """``provenance``: (the agent's record's Dated, the times a session read it) once it is read."""
    return Group(*entry_sections(e, s, findings, reveal, note, styles, provenance))


def entry_sections(e: MemoryEntry, s: EntryStatus, findings: list[Finding], reveal: bool,
                   note: str = "", styles: Styles = DEFAULT, provenance: tuple | None = None) -> tuple[Group, Group]:
    """(what the entry is: its name, who wrote it, its description and body; then, after a blank
    line, what was checked of it: anchor, mentioned paths, findings, fields). The detail pane shows the triage's
    suggestion between the two: a person reads what the memory says before the verdict on it."""
    parts: list = []
    pieces = secret_pieces(e.text) if e.text and not reveal else set()
    if note:
        parts.append(Text(note, styles.new))
    secrets = find_secrets(e.text) if e.text else []
    if secrets:
        state = "shown — press x to hide" if reveal else "masked — press x to reveal"
        parts.append(Text(f"⚠ {len(secrets)} secret(s) in this entry, {state}. Rotate them.", styles.error))
    dated = provenance[0] if provenance is not None else None
    by = dated.by if dated is not None and dated.by else "" if e.error else e.source   # (unread: not known)
    # a file never reached (a symlink loop, a stat that failed) has no date and no author to tell:
    # its one statement is the unreadable line below, not "age unknown" beside "age from the mtime"
    unreached = e.error is not None and s.age_days is None
    head = Text.assemble((shown(e.name, reveal), "bold"), "  ", (f"{kind_said(e)} · ", "dim"),
                         ("" if unreached or not by else f"written by {by} · ", "dim"),
                         ("" if unreached else f"{s.age_days} days old · " if s.age_days is not None
                          else "age unknown · ", "dim"), (LOAD_SAID.get(s.load, s.load), "dim"))
    parts.append(head)
    if dated is not None and not unreached:
        parts.append(provenance_text(dated, provenance[1], styles))
    if e.error:
        parts.append(Text(f"unreadable: {e.error}", styles.error))
    first = next((ln.strip().lstrip("#").strip() for ln in e.body.split("\n") if ln.strip()), "")
    if e.description and not e.error and e.description != first[:160]:
        parts.append(Text(shown(e.description, reveal), "italic"))
    parts.append(Text(""))
    body = e.body if not e.error else e.text
    if body.strip():
        parts.append(Markdown(shown(body, reveal)) if not e.error else Text(shown(body, reveal)))
    elif e.error:
        parts.append(Text("(no text could be read)", "dim"))
    lead, parts = Group(*parts), []

    anchor = Text("\nanchor: ", "bold")
    anchor.append(s.anchor, styles.anchor(s.anchor))
    if s.anchor != "none" or e.error:
        anchor.append(f" — {s.anchor_detail}")
    parts.append(anchor)
    for r in s.anchor_results:
        quote = f' "{shown(r.quote, reveal, pieces)}"' if r.quote else ""
        parts.append(Text(f"  {r.status:8} {shown(r.file, reveal, pieces)}{quote} — {shown(r.detail, reveal, pieces)}",
                          styles.anchor(r.status)))
    if s.mentioned:
        line = Text(f"mentions {len(s.mentioned)} path(s)")
        if s.missing:
            line.append(f", {len(s.missing)} missing: {shown(', '.join(s.missing), reveal, pieces)}", styles.warning)
        parts.append(line)
    if findings:
        parts.append(Text("\nfindings", "bold"))
        sure, possible = by_confidence(findings)   # possible ones fold into one line (the audit view shows them)
        for f in sure:
            where = f"{lines_said(f, 8)}: " if f.places and f.id == e.id else f"line {f.line}: " if f.line else ""
            also = " (this file among them)" if f.places and f.id != e.id else ""
            parts.append(Text.assemble(("  ● ", styles.severity(f.severity)), (f"{f.kind} ", "bold"),
                                       f"{where}{shown(f.message, False, pieces)}{also}"))
            if f.id == e.id and len({p.note for p in f.places}) > 1:
                for pl in f.places[:5]:
                    parts.append(Text(f"      {place_label(pl, f)}: {shown(pl.note, False, pieces)}", "dim"))
                if len(f.places) > 5:
                    parts.append(Text(f"      … and {len(f.places) - 5} more", "dim"))
            if f.fix:
                parts.append(Text(f"      → {f.fix}", "dim"))
        if possible:
            parts.append(Text("  " + folded_note(possible, "the audit view (A, then a) shows them"), "dim italic"))

    fields = Table.grid(padding=(0, 1))
    fields.add_column(style="bold", no_wrap=True)
    fields.add_column()
    fields.add_row("id", e.id)
    if e.file is not None:
        fields.add_row("file", f"{e.file}, from line {e.first_line}" + (" (read-only: an export)" if e.read_only
                                                                          else " (a part of a shared file)"))
    if e.kind == "process":
        fields.add_row("kind", "process — where the work stands: injected when matched" if e.current
                       else "process — a log of work: shown, never injected")
    if e.author:
        fields.add_row("last commit", f"{iso(e.updated) or '—'} by {shown(e.author, reveal, pieces)}")
    fields.add_row("created", iso(e.created) or "—")
    fields.add_row("updated", iso(e.updated) or "—")
    if e.paths:
        fields.add_row("paths", shown(", ".join(e.paths), reveal, pieces))
    if e.keywords:
        fields.add_row("keywords", shown(", ".join(e.keywords), reveal))
    known = {"name", "description", "type", "source", "created", "updated", "paths", "keywords", "anchor",
             "anchors", "metadata"}
    for k, v in e.meta.items():
        if k not in known:
            fields.add_row(k, shown(str(v), reveal, pieces))
    if isinstance(e.meta.get("metadata"), dict):
        for k, v in e.meta["metadata"].items():
            fields.add_row(f"metadata.{k}", shown(str(v), reveal, pieces))
    parts.append(Text("\nfields", "bold"))
    parts.append(fields)
    return lead, Group(*parts)
