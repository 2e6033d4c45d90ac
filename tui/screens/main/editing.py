"""Adding and editing entries from the main screen: the add form (a file of its own, or a bullet
in a layout that keeps memories as bullets) and $EDITOR on an entry or on its lines of a
shared file. Every save goes through the same gates as ``memtui remember`` and runs off the UI
thread (``writer``); a refused one keeps the draft (the form again, or the next ``e``) with
the bytes it started from, so continuing it never overwrites what the agent wrote since; our
own write is noted so the next rescan does not take it for the agent's.
"""
from __future__ import annotations

import datetime as dt
import os
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

from textual.app import SuspendNotSupported

from ...core.faults import NOT_REMEMBERED, NOT_SAVED
from ...core.writes.drafts import Kept, opened, resume
from ...core.writes.merge import has_markers
from ...core.snapshots.memory import Snapshot
from ...core.writes.write import Draft, write_memory, write_raw
from ...messages import RescanWanted
from .curation import current_part, failed, sentence, shown_id
from .host import MainHost


class EditSession:
    """The edits of one screen: the add form and $EDITOR, and the drafts a refused save keeps
    (entry id → ``Kept``) for the next ``e``. It asks the screen only what ``MainHost`` offers;
    a saved write asks for a new reading by posting ``RescanWanted``."""

    def __init__(self, screen: MainHost, now: Callable[[], dt.datetime]) -> None:
        self.screen = screen
        self.now = now   # an edit's updated: stamp (the app's clock: fixed in tests)
        self.drafts: dict[str, Kept] = {}

    def add(self, draft: Draft | None = None, error: str = "") -> None:
        from ..add_entry import AddEntry
        screen = self.screen
        part = current_part(screen)
        if part is None:
            return   # (add waits for the first reading)
        layout, folder = part.layout, part.dir
        bullets = layout is not None and not layout.file_per_entry   # a layout whose memories are bullets
        if bullets:
            from ...core.writes.layout_writes import can_append, refusal
            if not can_append(layout):
                screen.notify(refusal(layout, folder), severity="warning", timeout=10)
                return

        def write(d: Draft):
            if bullets:
                from ...core.writes.layout_writes import append_bullet
                return append_bullet(folder, screen.root, layout, d.text)
            return write_memory(folder, screen.root, d)

        def written(d: Draft, res) -> None:
            if not res.ok:
                self.add(d, res.reason())   # the form again, with the draft and the reason
                return
            screen.writes.note_written([shown_id(screen, part, res.id)])
            for w in res.warnings:
                screen.notify(f"{w.kind}: {w.message}", severity="warning", timeout=8)
            for n in res.notes:
                screen.notify(f"note: {n}", severity="warning", timeout=8)
            screen.notify(f"Remembered {res.id}")
            screen.post_message(RescanWanted())

        def save(d: Draft | None) -> None:
            if d is None:
                return
            say = failed(screen, NOT_REMEMBERED)
            screen.writer.submit("remembering", (folder,), lambda: write(d), lambda res: written(d, res),
                                 lambda e: self.add(d, sentence(e, NOT_REMEMBERED)) if isinstance(e, OSError)
                                 else say(e))

        screen.app.push_screen(AddEntry(draft, error), save)

    def edit(self, entry_id: str | None, line: int | None = None, then: Callable[[bool], None] | None = None) -> None:
        """$EDITOR on an entry (a whole file, or its lines of a shared file), at ``line`` of its file
        when given (the triage's edit); the save runs off the UI thread, against the file as the
        editor first opened it. ``then(saved)`` once the editor is closed and the edit written, or not."""
        screen, drafts = self.screen, self.drafts
        done = then or (lambda saved: None)
        if entry_id is None or screen.snapshot is None:
            return done(False)
        part, local = screen.snapshot.locate(entry_id)
        e = part.entries.get(local)
        if e is not None and e.read_only:
            screen.notify(f"{entry_id} is a record of an export: read-only here", severity="warning")
            return done(False)
        shared = e is not None and e.file is not None
        path = part.dir / (e.file if shared else local)
        try:
            now = path.read_bytes()
            text = now.decode("utf-8")   # exactly: what a save is compared with
        except (OSError, UnicodeDecodeError) as err:
            screen.notify(f"Cannot open {entry_id} for editing: {err}", severity="error")
            return done(False)
        current = _editable(part, local, text) if shared else text
        if current is None:
            screen.notify(f"{entry_id} is no longer in its file", severity="warning")
            return done(False)
        if shared and line is not None:   # the entry's own lines are what the editor shows
            line = line - e.first_line + 1
        before = drafts.get(entry_id)
        kept, conflicts = (opened(current, now), 0) if before is None else resume(before, current, now)
        if before is not None and kept is not before:   # the agent changed it since the draft began
            screen.notify(f"{entry_id} changed on disk since your draft began: the agent's change is in the text "
                          "you now edit" + (f", beside yours between conflict markers ({conflicts}): keep what "
                                            "should stay and remove the markers" if conflicts else ""),
                          severity="warning", timeout=12)
        edited = run_editor(screen, kept.text, suffix=".md" if shared else Path(local).suffix or ".md", line=line)
        if edited is None or edited == kept.base:
            if edited is not None:
                drafts.pop(entry_id, None)
            return done(False)
        if has_markers(edited):
            drafts[entry_id] = Kept(edited, kept.base, kept.seen)
            screen.notify("Not saved: the conflict markers (<<<<<<< … >>>>>>>) are still in it. Your edit is kept: "
                          "press e, keep what should stay and remove the markers.", severity="error", timeout=12)
            return done(False)
        draft = Kept(edited, kept.base, kept.seen)
        if shared:
            from ...core.writes.layout_writes import replace_part
            run = lambda: replace_part(part.dir, screen.root, part.layout, local, draft.seen.decode("utf-8"), edited)  # noqa: E731
        else:
            stamp = self.now()   # its updated: field
            run = lambda: write_raw(part.dir, screen.root, local, edited, opened=draft.seen, now=stamp)  # noqa: E731
        screen.writer.submit(f"saving {entry_id}", (part.dir,), run,
                             lambda res: done(self._saved(entry_id, draft, res)),
                             lambda err: done(self._not_saved(entry_id, draft, err)))

    def _not_saved(self, entry_id: str, draft: Kept, err: BaseException) -> bool:
        screen = self.screen
        self.drafts[entry_id] = draft
        if not isinstance(err, OSError):
            failed(screen, NOT_SAVED)(err)
            return False
        screen.notify(sentence(err, NOT_SAVED) + "\nYour edit is kept: press e to continue editing it.",
                      title=f"{entry_id} not saved", severity="error", timeout=15)
        return False

    def _saved(self, entry_id: str, draft: Kept, res) -> bool:
        """After an edit was written (or refused): keep a refused draft, note our own write."""
        screen = self.screen
        if not res.ok:
            self.drafts[entry_id] = draft
            screen.notify(res.reason() + "\nYour edit is kept: press e to continue editing it.",
                          title=f"{entry_id} not saved", severity="error", timeout=15)
            return False
        self.drafts.pop(entry_id, None)
        screen.writes.note_written([entry_id])
        screen.notify(f"Saved {entry_id}")
        screen.post_message(RescanWanted())
        return True


def _editable(part: Snapshot, local: str, text: str) -> str | None:
    """A shared file's entry: its lines as they are in ``text`` (None: no longer there)."""
    from ...core.writes.snippets import find
    snip = find(part.layout, local, text)
    return None if snip is None else snip.text


def run_editor(screen: MainHost, text: str, suffix: str = ".md", line: int | None = None) -> str | None:
    """Edit ``text`` in $EDITOR on a temporary copy (its cursor on ``line``, when given); the app
    suspends meanwhile."""
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    fd, tmp = tempfile.mkstemp(prefix="memtui-", suffix=suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        cmd = at_line(shlex.split(editor), tmp, line)
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


def at_line(editor: list[str], path: str, line: int | None) -> list[str]:
    """The editor's command opening ``path`` at ``line``: ``+N path`` for vi, vim, nano, emacs,
    micro and the like; ``-g path:N`` for VS Code and its forks; ``path:N`` for Helix, Sublime, Zed."""
    if not line or line < 1:
        return [*editor, path]
    name = os.path.basename(editor[0]) if editor else ""
    if name in ("code", "code-insiders", "codium", "cursor", "windsurf"):
        return [*editor, "-g", f"{path}:{line}"]
    if name in ("hx", "helix", "subl", "zed", "kak-lsp"):
        return [*editor, f"{path}:{line}"]
    return [*editor, f"+{line}", path]
