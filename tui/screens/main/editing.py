"""Adding and editing entries from the main screen: the add form (a file of its own, or a bullet
in a layout that keeps memories as bullets) and $EDITOR on an entry or on its lines of a
shared file. Every save goes through the same gates as ``memtui remember``; a refused one
keeps the draft (the form again, or the next ``e``), and our own write is noted so the next
rescan does not take it for the agent's.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from textual.app import SuspendNotSupported

from ...core.writes.faults import NOT_REMEMBERED, NOT_SAVED
from ...core.reading.memory import Snapshot, utcnow
from ...core.writes.write import Draft, write_memory, write_raw
from .curation import current_part, sentence, shown_id
from .host import MainHost


def add(screen: MainHost, draft: Draft | None = None, error: str = "") -> None:
    from ..add_entry import AddEntry

    part = current_part(screen)
    layout = part.layout if part is not None else None
    folder = part.dir if part is not None else screen.directory
    bullets = layout is not None and not layout.file_per_entry   # a layout whose memories are bullets
    if bullets:
        from ...core.writes.layout_writes import can_append, refusal
        if not can_append(layout):
            screen.notify(refusal(layout, folder), severity="warning", timeout=10)
            return

    def save(d: Draft | None) -> None:
        if d is None:
            return
        try:
            if bullets:
                from ...core.writes.layout_writes import append_bullet
                res = append_bullet(folder, screen.root, layout, d.text)
            else:
                res = write_memory(folder, screen.root, d)
        except OSError as e:
            add(screen, d, sentence(e, NOT_REMEMBERED))
            return
        if not res.ok:
            add(screen, d, res.reason())   # the form again, with the draft and the reason
            return
        screen.writes.note_written([shown_id(screen, part, res.id)])
        for w in res.warnings:
            screen.notify(f"{w.kind}: {w.message}", severity="warning", timeout=8)
        for n in res.notes:
            screen.notify(f"note: {n}", severity="warning", timeout=8)
        screen.notify(f"Remembered {res.id}")
        screen.request_rescan()

    screen.app.push_screen(AddEntry(draft, error), save)


def edit(screen: MainHost, entry_id: str | None) -> None:
    if entry_id is None or screen.snapshot is None:
        return
    part, local = screen.snapshot.locate(entry_id)
    e = part.entries.get(local)
    if e is not None and e.read_only:
        screen.notify(f"{entry_id} is a record of an export: read-only here", severity="warning")
        return
    if e is not None and e.file is not None:
        edit_part(screen, part, local, entry_id)
        return
    folder = part.dir
    path = folder / local
    try:
        on_disk = path.read_bytes().decode("utf-8")   # exactly, to compare before saving
        original = screen.drafts.get(entry_id) or path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        screen.notify(f"Cannot open {entry_id} for editing: {e}", severity="error")
        return
    edited = run_editor(screen, original, suffix=Path(entry_id).suffix or ".md")
    if edited is None or edited == path.read_text(encoding="utf-8", errors="replace"):
        if edited is not None:
            screen.drafts.pop(entry_id, None)
        return
    try:   # the file as it was when the editor opened: an agent's write since then is not overwritten
        res = write_raw(folder, screen.root, local, edited, opened=on_disk, now=screen.fixed_now or utcnow())
    except OSError as e:
        _not_saved(screen, entry_id, edited, e)
        return
    _saved(screen, entry_id, edited, res)


def _not_saved(screen: MainHost, entry_id: str, edited: str, err: OSError) -> None:
    screen.drafts[entry_id] = edited
    screen.notify(sentence(err, NOT_SAVED) + "\nYour edit is kept: press e to continue editing it.",
                  title=f"{entry_id} not saved", severity="error", timeout=15)


def _saved(screen: MainHost, entry_id: str, edited: str, res) -> None:
    """After an edit was written (or refused): keep a refused draft, note our own write."""
    if not res.ok:
        screen.drafts[entry_id] = edited
        screen.notify(res.reason() + "\nYour edit is kept: press e to continue editing it.",
                      title=f"{entry_id} not saved", severity="error", timeout=15)
        return
    screen.drafts.pop(entry_id, None)
    screen.writes.note_written([entry_id])
    screen.notify(f"Saved {entry_id}")
    screen.request_rescan()


def edit_part(screen: MainHost, part: Snapshot, local: str, entry_id: str) -> None:
    """Edit one bullet or section of a shared file: only its lines change."""
    from ...core.writes.layout_writes import replace_part
    from ...core.writes.snippets import locate
    snip = locate(part.dir, part.layout, local)
    if snip is None:
        screen.notify(f"{entry_id} is no longer in its file", severity="warning")
        return
    edited = run_editor(screen, screen.drafts.get(entry_id) or snip.text)
    if edited is None or edited == snip.text:
        return
    try:
        res = replace_part(part.dir, screen.root, part.layout, local, snip.text, edited)
    except OSError as e:
        _not_saved(screen, entry_id, edited, e)
        return
    _saved(screen, entry_id, edited, res)


def run_editor(screen: MainHost, text: str, suffix: str = ".md") -> str | None:
    """Edit ``text`` in $EDITOR on a temporary copy; the app suspends meanwhile."""
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    fd, tmp = tempfile.mkstemp(prefix="memtui-", suffix=suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        cmd = [*shlex.split(editor), tmp]
        try:
            try:
                with screen.app.suspend():
                    subprocess.run(cmd, check=False)
            except SuspendNotSupported:   # headless (tests): only a non-interactive editor works
                subprocess.run(cmd, check=False, stdin=subprocess.DEVNULL, capture_output=True)
        except Exception as e:
            screen.notify(f"Cannot run the editor {editor!r}: {e}", severity="error")
            return None
        return Path(tmp).read_text(encoding="utf-8")
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
