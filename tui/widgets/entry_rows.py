"""The entry table's rows as data: what each shows, how they sort and filter (no Textual here).

A Row pairs an entry with its status and the marks this session puts on it; ``build_rows``
makes them from a snapshot, reusing the rows whose entry and status did not change.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from ..core.reading.entry import MemoryEntry
from ..core.judging.findings import kind_flag
from ..core.judging.status import EntryStatus, redated
from ..core.provenance.dating import Dated

SORTABLE = ("name", "type", "source", "age", "anchor", "load", "flags", "agent")
STATUS_FILTERS = {
    "broken": "broken anchor", "unsafe": "unsafe anchor", "old": "old and unverifiable",
    "findings": "has findings", "resident": "resident", "beyond": "beyond the index cut", "new": "new from the agent",
    # the triage's suggested action (T walks the ones that are not keep)
    "to-review": "triage: review", "to-archive": "triage: archive", "to-edit": "triage: edit",
    "to-drop": "triage: drop", "to-promote": "triage: promote", "to-keep": "triage: keep",
}


@dataclass(slots=True)   # one per entry: at 50k rows, no dict each
class Row:
    entry: MemoryEntry
    status: EntryStatus
    kinds: tuple[str, ...] = ()     # finding kinds of this entry, most severe first
    new: bool = False
    reviewed: bool = False
    action: str | None = None       # the triage's suggestion, once it is made
    _hay: str | None = field(default=None, repr=False, compare=False)   # see ``hay``
    # the agent's record (core/provenance): when and by whom it was written, where that is known
    # from; ``status`` then counts the age from it, ``base`` is the reading's own status
    dated: Dated | None = None
    base: EntryStatus | None = None

    def flags(self) -> list[str]:
        out = []
        if self.new and not self.reviewed:
            out.append("NEW")
        # the anchor, age and load have columns of their own; flags say what else is wrong, by one
        # rule: a flag per kind of the findings the audit view shows unfolded (``kinds`` holds no
        # possible one). An age or a path that is gone is a possible finding (shown behind the
        # audit view's `a` and in the entry's detail), so it flags nothing here either; the `old`
        # filter still finds the old rows.
        out += [f for f in map(kind_flag, self.kinds) if f is not None]
        return out

    @property
    def hay(self) -> str:
        """What the filter searches, made once per row (a row's entry never changes: a new
        version of the file gets a new row); at 50k rows, made per keystroke it took ~150 ms."""
        hay = self._hay
        if hay is None:
            e = self.entry
            hay = self._hay = f"{e.id} {e.name} {e.description} {e.type or ''} {' '.join(e.keywords)}".lower()
        return hay

    def matches(self, text: str, statuses: set[str]) -> bool:
        if text and not all(word in self.hay for word in text.lower().split()):
            return False
        return self.in_statuses(statuses)

    def in_statuses(self, statuses: set[str]) -> bool:
        s = self.status
        for f in statuses:
            if f.startswith("to-"):
                if self.action != f[3:]:
                    return False
                continue
            ok = {"broken": s.anchor == "broken", "unsafe": s.anchor == "unsafe",
                  "old": "old-unverifiable" in s.flags, "findings": bool(self.kinds),
                  "resident": s.load == "resident", "beyond": s.load == "beyond-index-cut",
                  "new": self.new and not self.reviewed}[f]
            if not ok:
                return False
        return True


def shown_source(r: Row) -> str:
    """Who wrote it: the agent's record's answer (the person stated it, or the model inferred
    it) when it has one, else the file's own ``source`` (default model); nothing for a file that
    could not be read, as ``memtui list`` shows it (its "model" was the default, not a fact)."""
    if r.dated is not None and r.dated.by:
        return r.dated.by
    return "" if r.entry.error else r.entry.source


def build_rows(snap, new: set[str], reviewed: set[str], kinds_of, reuse: dict[str, Row] | None = None,
               dated: dict | None = None) -> dict[str, Row]:
    """A row per entry; a row of ``reuse`` whose entry and status are the very objects the
    snapshot holds is kept (nothing of it changed: a watched rescan shares them). ``dated``: the
    agent's record's dates by id (a row's age then counts from them)."""
    reuse = reuse or {}
    dated = dated or {}
    out = {}
    for i, e in snap.entries.items():
        r, st, d = reuse.get(i), snap.status[i], dated.get(i)
        if r is None or r.entry is not e or (r.base or r.status) is not st or r.dated != d \
                or r.new != (i in new) or r.reviewed != (i in reviewed):
            shown = redated(st, e, d.updated, snap.now) if d is not None and d.updated != e.updated else st
            r = Row(e, shown, kinds_of(i), i in new, i in reviewed, r.action if r is not None else None,
                    dated=d, base=st if shown is not st else None)
        out[i] = r
    return out


def order_key(rows: dict[str, Row], column: str):
    """An id's place in a sort by ``column`` (its row's sort key, then the id: no ties)."""
    key = sort_key(column)
    return lambda i: (key(rows[i]), i)


def full_order(rows: dict[str, Row], column: str, reverse: bool) -> list[str]:
    """Every id in this sort."""
    return sorted(rows, key=order_key(rows, column), reverse=reverse)


def warm(rows) -> Iterator[None]:
    """Make each row's filter text ahead of the first filter keystroke (50k rows: ~0.2 s),
    a few hundred rows a step."""
    for n, r in enumerate(list(rows), 1):
        r.hay
        if n % 500 == 0:
            yield


def rows_to_redraw(snap, old: dict[str, Row], rows: dict[str, Row]) -> list[str]:
    """The changed files' rows, and any whose status shows differently (an anchor file or
    MEMORY.md changed, a day passed)."""
    shown = lambda r: (r.status.anchor, r.status.load, r.status.age_days)   # noqa: E731
    return list(snap.changed) + [i for i, r in rows.items() if i not in snap.changed and i in old
                                 and old[i] is not r and shown(old[i]) != shown(r)]


class _Descending:
    """A key that orders the other way round (for a binary search in a table sorted descending)."""
    __slots__ = ("key",)

    def __init__(self, key) -> None:
        self.key = key

    def __lt__(self, other: "_Descending") -> bool:
        return other.key < self.key


def matching(ids: list[str], rows: dict[str, Row], text: str, statuses: set[str]) -> list[str]:
    """The ids (in their order) whose rows match the filter text (every word a substring of
    the row's haystack) and the status filters; one pass, the words split once."""
    words = text.lower().split()
    if len(words) == 1:   # the common case, kept to one substring test per row
        w = words[0]
        ids = [i for i in ids if w in rows[i].hay]
    elif words:
        ids = [i for i in ids if all(w in rows[i].hay for w in words)]
    return [i for i in ids if rows[i].in_statuses(statuses)] if statuses else ids


def narrows(old: str, new: str) -> bool:
    """Whether every row matching ``new`` also matches ``old`` (the user typed on)."""
    old_words, new_words = old.lower().split(), new.lower().split()
    if not old_words:
        return True
    if len(new_words) < len(old_words) or new_words[:len(old_words) - 1] != old_words[:-1]:
        return False
    return old_words[-1] in new_words[len(old_words) - 1]


# the columns whose order depends on the entry and its status alone (not on marks or findings,
# which change in place): their full order can be kept between filter keystrokes
STABLE_ORDER = frozenset(SORTABLE) - {"flags"}


_DIGITS = re.compile(r"(\d+)")


def _natural(name: str) -> tuple:
    """'note 2' before 'note 10', as a file manager sorts: text and numbers alternate, so the
    parts compared at each position are of one type."""
    parts = _DIGITS.split(name.lower())
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts))


def sort_key(column: str):
    order_anchor = {"unsafe": 0, "broken": 1, "none": 2, "verified": 3}
    order_load = {"resident": 0, "beyond-index-cut": 1, "on-demand": 2}
    # process entries (daily logs, progress files) form their own group, after the memories
    return {
        "name": lambda r: (r.entry.kind == "process", _natural(r.entry.name)),
        "type": lambda r: (r.entry.type or "~", _natural(r.entry.name)),
        "source": lambda r: (shown_source(r), _natural(r.entry.name)),
        "age": lambda r: (r.status.age_days if r.status.age_days is not None else 10**6),
        "anchor": lambda r: (order_anchor.get(r.status.anchor, 9) if not r.entry.error else -1, _natural(r.entry.name)),
        "load": lambda r: (order_load.get(r.status.load, 9), _natural(r.entry.name)),
        "flags": lambda r: (-len(r.flags()), -len(r.kinds), _natural(r.entry.name)),
        "agent": lambda r: (r.entry.id.partition(":")[0], r.entry.kind == "process", _natural(r.entry.name)),
    }[column]


def twin_labels(named) -> dict[str, str]:
    """For every entry whose name another entry shares, the folder that tells them apart (its last
    folders, as few as make each one of the name distinct; './' at the top): ``named`` is (id, name)
    pairs. Two files of one stem in two agents' folders showed as one name twice."""
    by_name: dict[str, list[str]] = {}
    for i, name in named:
        by_name.setdefault(name, []).append(i)
    out: dict[str, str] = {}
    for ids in by_name.values():
        if len(ids) < 2:
            continue
        folders = [i.partition("#")[0].split("/")[:-1] for i in ids]
        for k in range(1, max(map(len, folders)) + 1):
            labels = ["/".join(f[-k:]) + "/" if f else "./" for f in folders]
            if len(set(labels)) == len(labels):
                break
        else:   # one folder: the files; one file's parts: the file and the part's place (never its anchor,
            files = [i.partition("#")[0] for i in ids]   # the heading lowered: a name the table redacts)
            many, seen = Counter(files), Counter()
            labels = []
            for f in files:
                seen[f] += 1
                labels.append(f"{f} §{seen[f]}" if many[f] > 1 else f)
        out.update(zip(ids, labels))
    return out
