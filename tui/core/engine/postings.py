"""The engine's index: the lookups scoring asks of it, and the in-memory implementation.

The injection engine (``select.Engine``) scores and ranks over an index that answers a few
questions — the entries holding a word or a path, the body words' entries, how a path was
spelled, an entry and its status, the tie order of some entries — and never over anything
else. Two indexes answer them:

- ``DictPostings`` (here): dictionaries built from a reading's entries (the app, the CLI, a
  hook without a kept index);
- ``lazyindex.KeptPostings``: the hook's SQLite postings, read per key, whose rows are this
  module's indexing of each entry (``rows_of``).

So there is one ranking, one tie order and one limits pass, whichever index answers.
"""
from __future__ import annotations

import sys
from collections import defaultdict
from typing import Collection, Iterator, Mapping, Sequence

from ..reading.entry import MemoryEntry
from .evidence import (BODY_CHARS, BODY_DF_MAX, DESCRIPTION_POINTS, KEYWORD_LIST_MAX, KEYWORD_POINTS, NAME_POINTS,
                       TAIL, TAIL_CHARS, WEAK_POINTS, focus)
from ..judging.status import EntryStatus
from .tokens import norm_path, shaped_terms, terms

SOURCE_RANK = {"user": 0, "tool": 1, "model": 2}


def rank_fields(e: MemoryEntry) -> tuple[int, float]:
    """What an entry's place in the tie order is made of (the kept index stores these two)."""
    return SOURCE_RANK.get(e.source, 3), (e.updated.timestamp() if e.updated else 0.0)


def tie_sorted(fields: Mapping[str, tuple[int, float]]) -> list[str]:
    """The ids of ``fields`` (id → its rank_fields) in the one tie order: what the user wrote
    first, then the newer, then the id. (Tuples made inline and sorted: a key function per id
    cost more than the sort.)"""
    return [k[2] for k in sorted([(f[0], -f[1], i) for i, f in fields.items()])]


def line_counts(text: str) -> dict[str, int]:
    """The distinct terms of ``text`` (a body), each with how many of its lines hold it: how much
    of the text speaks of a word, counted once a line (a table row or a list item repeating
    a word is one mention of it; the ranking's last word between equal entries, select.py)."""
    return line_counts_of(text)[0]


def line_counts_of(text: str) -> tuple[dict[str, int], int]:
    """(``line_counts``, the number of lines that hold anything)."""
    out: dict[str, int] = {}
    n = 0
    for line in text.splitlines():
        if line.strip():
            n += 1
            for t in terms(line):
                out[t] = out.get(t, 0) + 1
    return out, n


class Postings:
    """What the engine asks of an index. Every method is a lookup: none scores or ranks."""

    entries: Mapping[str, MemoryEntry]   # id → entry (an index may load them as asked)
    status: Mapping[str, EntryStatus]

    def weights(self, term: str) -> Mapping[str, int] | None:
        """id → the term's weight in the entry's name, description or keywords."""
        raise NotImplementedError

    def size(self) -> int:
        """How many readable entries the index holds (a word's rarity is counted against them)."""
        raise NotImplementedError

    def body(self, term: str) -> Mapping[str, int] | None:
        """The entries whose body holds ``term`` (and not their name, description or keywords),
        each with its focus there (evidence.focus: how many of its lines hold it, against the body's
        length), unless more than BODY_DF_MAX do (then None, as when none does)."""
        raise NotImplementedError

    def full(self, path: str) -> Collection[str]:
        """The entries attached to this normalised path."""
        raise NotImplementedError

    def base(self, name: str) -> Sequence[tuple[str, str]]:
        """(id, path) of every attached path whose last part is ``name``."""
        raise NotImplementedError

    def named(self, path: str) -> Sequence[tuple[str, str]]:
        """``base``'s (id, path) of the attached paths that are ``path`` or end in ``/path``, in
        ``base``'s order (an index may filter them its fastest way: 'index.ts' is half a folder)."""
        tail = "/" + path
        return [(i, p) for i, p in self.base(path.rsplit("/", 1)[-1]) if p == path or p.endswith(tail)]

    def folder(self, run: str) -> Mapping[str, str]:
        """id → the first attached path under this run of folders ('src', 'src/router')."""
        raise NotImplementedError

    def bare(self, word: str) -> Sequence[tuple[str, str]]:
        """(id, path) of attached paths named without a dot or slash ('Makefile') that are not
        folders of the project."""
        raise NotImplementedError

    def shown(self, path: str) -> str | None:
        """A normalised path as the first entry holding it wrote it."""
        raise NotImplementedError

    def tie_ordered(self, ids: Collection[str]) -> Iterator[str]:
        """``ids`` (one score's entries: a collection that answers ``in`` quickly) in the one tie
        order (``tie_sorted``). The engine asks it of a score's entries only when ``decide``
        reaches that score, so an index may read their tie fields then."""
        raise NotImplementedError


class DictPostings(Postings):
    """The index as dictionaries, built from a reading's entries (in id order)."""

    def __init__(self, entries: Mapping[str, MemoryEntry], status: Mapping[str, EntryStatus],
                 is_dir=lambda rel: False, build: bool = True) -> None:
        """``is_dir(rel)``: whether a bare name is a folder of the project (None: keep every
        bare name, with its spelling, as the kept index does and judges at query time)."""
        self.entries, self.status, self.is_dir = entries, status, is_dir
        self.terms: dict[str, dict[str, int]] = defaultdict(dict)     # term → {id: weight}
        self.body_terms: dict[str, dict[str, int]] = defaultdict(dict)   # term → {id: focus}: body words not above
        self.paths: dict[str, set[str]] = defaultdict(set)            # normalised path → ids
        self.by_base: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.folders: dict[str, dict[str, str]] = defaultdict(dict)   # folder run → {id: path}
        self.bares: dict[str, list[tuple]] = defaultdict(list)        # 'makefile' → (id, path[, raw])
        self.spelled: dict[str, str] = {}                             # normalised path → as written
        self._order: tuple[dict[str, int], list[str]] | None = None
        self._size: int | None = None
        if build:
            for _ in self.steps():
                pass

    def steps(self, chunk: int = 50) -> Iterator[None]:
        """Build the index ``chunk`` entries at a time (a generator: the app runs the steps
        between its frames)."""
        for n, e in enumerate(list(self.entries.values()), 1):
            if e.readable:
                self.add(e)
            if n % chunk == 0:
                yield

    def add(self, e: MemoryEntry) -> None:
        """Index one entry: its words by weight, its body's other words, its paths."""
        weights: dict[str, int] = {}
        kw = KEYWORD_POINTS if len(e.keywords) <= KEYWORD_LIST_MAX else DESCRIPTION_POINTS
        # (a bullet's section heading is what it is about, as a description says: OpenClaw's MEMORY.md)
        fields = [(e.description, DESCRIPTION_POINTS), (e.about, DESCRIPTION_POINTS)] + [(k, kw) for k in e.keywords] \
            + [(e.name, NAME_POINTS)]
        for text, w in fields:
            if not text:
                continue   # (no words: most entries have no section heading above them, `about`)
            strong, weak = shaped_terms(text, adjacent=True)
            for t in strong:
                if weights.get(t, 0) < w:
                    weights[t] = w
            for t in weak:
                if weights.get(t, 0) < WEAK_POINTS:
                    weights[t] = WEAK_POINTS
        for t, w in weights.items():
            self.terms[t][e.id] = w
        counts, length = line_counts_of(e.body[:BODY_CHARS])
        for t, n in counts.items():
            if t not in weights:   # kept as its focus: the lines naming it against the body's length
                self.body_terms[t][e.id] = focus(n, length)
        if len(e.body) > BODY_CHARS:   # a long note's sections past BODY_CHARS: its other words, as TAIL
            for t in terms(e.body[BODY_CHARS:TAIL_CHARS]):
                if t not in weights and t not in counts:
                    self.body_terms[t][e.id] = TAIL
        is_dir = self.is_dir
        for raw in list(e.paths) + [a.file for a in e.anchors]:
            p = sys.intern(norm_path(raw))   # the same few paths in thousands of entries: one copy each
            if any(c in p for c in "*?["):   # a glob: 'src/**/*.ts' is attached to the folder src/
                p = "/".join(part for part in p.split("/")[: next(i for i, part in enumerate(p.split("/"))
                                                                  if any(c in part for c in "*?["))])
                raw = p + "/"
            if not p or p.startswith(("/", "~")) or ".." in p.split("/") or "%" in p:
                continue  # unsafe paths never match (the anchor status reports them)
            self.paths[p].add(e.id)
            self.spelled.setdefault(p, raw.strip().replace("\\", "/").rstrip("/") or p)
            parts = p.split("/")
            self.by_base[parts[-1]].append((e.id, p))
            # every run of folders in p ('src', 'router', 'src/router'): a prompt naming one holds p
            for i in range(len(parts) - 1):
                for j in range(i + 1, len(parts)):
                    self.folders["/".join(parts[i:j])].setdefault(e.id, p)
            base = parts[-1]
            if "." not in base and not raw.rstrip().endswith(("/", "\\")):
                if is_dir is None:
                    self.bares[base].append((e.id, p, raw))
                elif not is_dir(raw.strip().strip("/")):
                    self.bares[base].append((e.id, p))

    # -- the lookups -----------------------------------------------------------------------------
    def weights(self, term):
        return self.terms.get(term)

    def size(self):
        if self._size is None:
            self._size = sum(1 for e in self.entries.values() if e.readable)
        return self._size

    def body(self, term):
        ids = self.body_terms.get(term)
        return ids if ids and len(ids) <= BODY_DF_MAX else None

    def full(self, path):
        return self.paths.get(path, ())

    def base(self, name):
        return self.by_base.get(name, ())

    def folder(self, run):
        return self.folders.get(run, {})

    def bare(self, word):
        return self.bares.get(word, ())

    def shown(self, path):
        return self.spelled.get(path)

    def tie_ordered(self, ids):
        if self._order is None:   # static: every entry's place, computed once
            order = tie_sorted({i: rank_fields(e) for i, e in self.entries.items()})
            self._order = dict(zip(order, range(len(order)))), order
        rank, order = self._order
        if len(ids) * 16 > len(order):   # much of the folder ('… in src/'): walked in order, as far as read
            return (eid for eid in order if eid in ids)
        return iter(sorted(ids, key=rank.__getitem__))


def rows_of(e: MemoryEntry) -> list[tuple]:
    """The kept index's rows of one entry: (kind, key, seq, weight, path, raw), the postings
    ``DictPostings`` makes of it, in the order it adds them (``seq``: the kept index reads a
    key's rows by id, then seq, so each lookup lists them as the dictionaries do); a path is
    kept under each of its tails (``tail``: its file name's key is ``base``'s). A bare
    name's "is it a folder of the project" is left to the query (the project changes)."""
    d = DictPostings({e.id: e}, {}, is_dir=None, build=False)
    d.add(e)
    eid = e.id
    rows: list[tuple] = [("term", t, 0, ids[eid], None, None) for t, ids in d.terms.items()]
    rows += [("body", t, 0, ids[eid], None, None) for t, ids in d.body_terms.items()]
    rows += [("full", p, 0, 0, None, None) for p in d.paths]
    # each attached path under every tail of it ('index.ts', 'router/index.ts', 'src/router/index.ts'):
    # ``named`` is then one key's rows, not a scan of every path with that file name (a third of a folder)
    rows += [("tail", "/".join(parts[k:]), 0, 0, p, None) for lst in d.by_base.values() for _, p in lst
             for parts in (p.split("/"),) for k in range(len(parts))]
    rows += [("folder", f, 0, 0, ids[eid], None) for f, ids in d.folders.items()]
    rows += [("bare", b, 0, 0, p, raw) for b, lst in d.bares.items() for _, p, raw in lst]
    rows += [("shown", p, 0, 0, raw, None) for p, raw in d.spelled.items()]
    return [(kind, key, seq, w, p, raw) for seq, (kind, key, _, w, p, raw) in enumerate(rows)]
