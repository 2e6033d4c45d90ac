"""The one write path: how any change to a file an agent also writes lands.

Every write of memtui to a memory folder or an instruction file — an entry, MEMORY.md, a
daily log, GEMINI.md, AGENTS.md, a restore, a promotion and its ``promoted_to`` mark, an
edit, a restored version — is made here, in two steps::

    from tui.core.writes.change import change, writing

    with writing(folder):                           # the folder's lock + one journal transaction
        change(folder, path, lambda text: text + "- a new line\\n")   # an edit of the text as it is now
        change(folder, path, new_text, seen=bytes_the_person_saw)   # or their version of what they saw

* ``writing(folder, *also)`` holds the folder's lock (``locking``: one memtui writer at a time,
  with who holds it said while waiting) and makes the block one transaction (``journal``):
  every write in it lands, or on any fault (a full disk, a read-only folder) none does.
* ``change`` never overwrites what it did not see. An edit given as a function of the text is
  applied to the file as it is just before the rename, and again if the agent wrote meanwhile
  (the agent does not take our lock). An edit given as the new text, with the bytes the person
  saw, is compared with the file at the rename: unchanged, it lands; changed, the person's
  change (seen → new) is merged into the agent's version when they touched different lines
  (``merge``: an agent's appended line is kept), else ``faults.Changed`` says so in a sentence
  and nothing is written.

A ``change`` outside ``writing`` takes the lock and the transaction itself. The callers say
faults with ``faults.explain`` (one sentence: what was not done, why, what to do).
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from . import journal
from ..faults import Changed
from ..fsutil import ANY
from .locking import held

UNSEEN = ANY   # ``seen`` for a write over whatever is there (a file memtui alone writes)

Edit = Callable[[str | None], str | None]


@contextmanager
def writing(folder: Path, *also: Path, **wait):
    """The lock of ``folder`` (and of ``also``: an instruction file a promotion writes) for the
    block, which is one transaction. ``wait``: ``locking.held``'s (how long, who is told, a
    cancel event)."""
    with held(Path(folder), *map(Path, also), **wait), journal.transaction() as j:
        yield j


def change(folder: Path, path: Path, edit: Edit | str | bytes, *, seen=UNSEEN, merged: bool = True) -> str | None:
    """Land one change to ``path`` (in ``folder``, whose lock it holds); returns the text written,
    None when there was nothing to change.

    ``edit`` is a function of the current text (None: no file; it returns None to change
    nothing), or the new text. With the new text, ``seen`` is what it was made from (bytes or
    text; None: no file may appear meanwhile): a file changed since is merged into, or with
    ``merged=False`` (a promotion: the diff shown is the change made) refused."""
    path = Path(path)
    with writing(folder):
        if callable(edit):
            return journal.rewrite(path, edit)
        new = edit.decode("utf-8") if isinstance(edit, bytes) else edit
        if seen is UNSEEN:
            journal.write(path, new)
            return new
        base = seen.decode("utf-8") if isinstance(seen, bytes) else seen

        def carry(current: str | None) -> str | None:
            if current == base:
                return new
            if base is None:
                raise Changed(path, "a file of that name appeared meanwhile")
            if current is None:
                raise Changed(path, "it was removed meanwhile")
            if not merged and not (base.endswith("\n") and current.startswith(base)):
                raise Changed(path)   # (only lines the agent appended are merged into: the diff shown stays the change made)
            from .merge import Conflict, merge   # (here: `remember` and the hook's path never merge)
            try:
                return merge(base, new, current)
            except Conflict as c:
                raise Changed(path, str(c)) from None
        return journal.rewrite(path, carry)
