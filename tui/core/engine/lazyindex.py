"""The hook's engine without loading the folder: the inverted index kept beside the parse cache.

The hook runs before every prompt; loading, judging and indexing 10,000 entries each time
cost over a second. Here the folder is only stat-ed: files whose signature changed since
the index was brought up to date are read and re-indexed; a prompt reads the postings of
its own words and paths and loads only the entries it ranks. The Engine scores over this
index (``KeptPostings``) as over the in-memory one (postings.DictPostings, whose indexing of
each entry is what the rows hold), so the decision is the same, byte for byte (tested on
random prompts against the in-memory index). Only Claude Code's
and the memory tool's layouts use it (one file, one entry); when the index is missing or
much of the folder changed, the hook answers the slow way and builds the index afterwards.
"""
from __future__ import annotations

import datetime as dt
import marshal
import os
import sqlite3
from pathlib import Path

from ..judging.anchors import AnchorChecker
from ..cache.parse import ParseCache
from ..reading.entry import MemoryEntry
from .evidence import BODY_DF_MAX
from ..reading.index import INDEX_NAME, MemoryIndex
from .postings import Postings, tie_sorted
# (the names the refresh below uses: an entry's place in the tie order, and its rows)
from .postings import rank_fields as _rank_of, rows_of as postings_of
from ..reading.prefetch import MAP_NOTE, Prefetch, distrust, files_of, outcome, put_map, read_map, stat_pass
from .select import Engine
from ..judging.status import assess
from ..reading.load import _load

INCREMENTAL_MAX = 300   # changed files a prompt re-indexes itself; more, and it answers the slow way


def _connect(cache: ParseCache) -> sqlite3.Connection:
    con = cache.file.connect()
    con.execute("CREATE TABLE IF NOT EXISTS indexed (id TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, "
                "ino INTEGER, source_rank INTEGER, updated REAL)")
    con.execute("CREATE TABLE IF NOT EXISTS postings (kind TEXT, key TEXT, id TEXT, seq INTEGER, weight INTEGER, "
                "p TEXT, raw TEXT)")
    con.execute("CREATE INDEX IF NOT EXISTS postings_key ON postings (kind, key)")
    # a term's (id, weight) read from the index alone: a common word's thousands of rows are
    # not looked up one by one in the table (3.5x quicker at 50k; the index holds terms only)
    con.execute("CREATE INDEX IF NOT EXISTS postings_term ON postings (key, id, weight) WHERE kind = 'term'")
    # (a path's tails likewise: 'index.ts' is a third of a generated folder)
    con.execute("CREATE INDEX IF NOT EXISTS postings_tail ON postings (key, id, seq, p) WHERE kind = 'tail'")
    con.execute("CREATE INDEX IF NOT EXISTS postings_id ON postings (id)")
    return con


class KeptPostings(Postings):
    """The engine's index read from the kept SQLite postings, per key, memoised for the prompt;
    entries and statuses are loaded only for the ids the ranking reads."""

    def __init__(self, con: sqlite3.Connection, entry_of, status_of, rank_of, is_dir) -> None:
        self.con, self.is_dir, self.fields_of = con, is_dir, rank_of   # ids → their (source rank, updated)
        self.entries = _Entries(entry_of)
        self.status = _Entries(lambda i: status_of(self.entries[i]))
        self._memo: dict[object, object] = {}

    def _rows(self, kind: str, key: str) -> list[tuple]:
        # a key's rows by id, then seq: the order in which DictPostings lists them
        return self.con.execute("SELECT id, weight, p, raw FROM postings WHERE kind = ? AND key = ? "
                                "ORDER BY id, seq", (kind, key)).fetchall()

    def weights(self, term):
        value = self._memo.get(("term", term))
        if value is None:   # id → weight, built in C (a term may hold thousands); unordered: an entry
            # holds a term once, and sorting them cost SQLite a temporary B-tree a prompt
            value = self._memo["term", term] = dict(self.con.execute(
                "SELECT id, weight FROM postings INDEXED BY postings_term WHERE kind = 'term' AND key = ?", (term,)))
        return value or None

    def size(self):
        if "size" not in self._memo:
            self._memo["size"] = _readable(self.con)
        return self._memo["size"]

    def body(self, term):
        key = ("body", term)
        if key not in self._memo:
            # at most BODY_DF_MAX + 1 rows read: a common word is known to be one without reading all its postings
            rows = self.con.execute("SELECT id, weight FROM postings WHERE kind = 'body' AND key = ? LIMIT ?",
                                    (term, BODY_DF_MAX + 1)).fetchall()
            self._memo[key] = dict(rows) if 0 < len(rows) <= BODY_DF_MAX else None
        return self._memo[key]

    def _shaped(self, kind: str, key: str, shape):
        k = (kind, key)
        if k not in self._memo:
            self._memo[k] = shape(self._rows(kind, key))
        return self._memo[k]

    def full(self, path):
        return self._shaped("full", path, lambda rows: {i for i, _, _, _ in rows})

    def base(self, name):
        return self.named(name) if "/" not in name else []

    def named(self, path):
        k = ("tail", path)
        if k not in self._memo:   # the paths that end in this one, kept under it as a tail (postings.rows_of)
            self._memo[k] = self.con.execute("SELECT id, p FROM postings INDEXED BY postings_tail "
                                             "WHERE kind = 'tail' AND key = ? ORDER BY id, seq", (path,)).fetchall()
        return self._memo[k]

    def folder(self, run):
        def first(rows):
            out: dict[str, str] = {}
            for i, _, p, _ in rows:
                out.setdefault(i, p)
            return out
        return self._shaped("folder", run, first)

    def bare(self, word):
        return self._shaped("bare", word, lambda rows: [(i, p) for i, _, p, raw in rows
                                                        if not self.is_dir(raw.strip().strip("/"))])

    def shown(self, path):
        return self._shaped("shown", path, lambda rows: rows[0][2] if rows else None)

    def tie_ordered(self, ids):
        return iter(tie_sorted(self.fields_of(ids)))   # only these: never the whole folder


class _Entries(dict):
    def __init__(self, loader) -> None:
        super().__init__()
        self.loader = loader

    def __missing__(self, key):
        value = self[key] = self.loader(key)
        return value


STALE = "stale"   # lazy_engine found no index, or an outdated one: worth building (in the background)


def lazy_engine(directory: Path, root: Path, now: dt.datetime, cache: ParseCache | None = None,
                prefetch: Prefetch | None = None):
    """An Engine over the folder's kept index (KeptPostings), brought up to date first. Else None (the cache
    off or locked, a symlink in the folder: the slow way, always) or STALE (no index yet, or
    much changed: the slow way this once, and an index built for the next prompt).
    ``prefetch``: the stat pass (reading/prefetch), started by a child while this process imported."""
    cache = cache or ParseCache(directory, eager=False)   # rows are read one by one, for ranked entries
    if not cache.enabled:
        return None
    if not cache.path.exists():
        return STALE
    return _brought_up(directory, root, now, cache, prefetch.result() if prefetch is not None else ...)


def lazy_answer(directory: Path, root: Path, now: dt.datetime, ask, prefetch: Prefetch | None = None):
    """``ask(engine)`` answered over the folder's kept index, as over ``lazy_engine``'s (ask's
    answer, never None or a string); else None or STALE, as lazy_engine says.

    While the stat pass runs in its child (``prefetch``), the answer is worked out on the index
    as it is kept, in one read transaction (a snapshot: no other writer shows half-way). It
    stands only when the pass then finds nothing changed against the very map that snapshot
    holds (same token): the index was up to date, so the answer is the one lazy_engine's gives.
    Otherwise it is dropped and the index brought up to date first. So the prompt's scoring
    runs on one core while the pass stats the folder on the other."""
    cache = ParseCache(directory, eager=False)
    if not cache.enabled:
        return None
    if not cache.path.exists():
        return STALE
    done = ...
    if prefetch is not None and prefetch.running:
        guess = _guess(directory, root, now, cache, ask)
        done = prefetch.result()
        if guess is not None and done is not ... and done[0] == guess[0] and isinstance(done[1], tuple) \
                and done[1][2] is None:   # (no new map: nothing changed since the index was made)
            return guess[1]
        cache = ParseCache(directory, eager=False)   # (rows read for the guess: not carried over)
    engine = _brought_up(directory, root, now, cache, done)
    return engine if engine is None or isinstance(engine, str) else ask(engine)


def _guess(directory: Path, root: Path, now: dt.datetime, cache: ParseCache, ask) -> tuple | None:
    """(token of the folder map the kept index matches, ``ask``'s answer over the index as kept),
    read in one transaction; None when there is no index of this format, or no map vouches for it."""
    try:
        con = _connect(cache)
        try:
            con.execute("BEGIN")   # (deferred: the first read takes the snapshot)
            meta = dict(con.execute("SELECT key, value FROM meta"))
            token = meta.get(MAP_NOTE)
            if token is None or not cache.file.current(meta) or meta.get("indexed") != "1":
                return None
            answer = ask(_over(con, cache, directory, root, now, {}, {}))
            con.execute("COMMIT")
            return token, answer
        finally:
            con.close()
    except sqlite3.Error:
        return None


def _brought_up(directory: Path, root: Path, now: dt.datetime, cache: ParseCache, done):
    """lazy_engine's Engine once the kept index is brought up to date with the stat pass's
    outcome ``done`` (``...``: the pass is made here)."""
    ranks: dict = {}   # id → its rank, as kept in the index
    fresh: dict = {}   # id → (path, signature) of the files read again here
    try:
        con = _connect(cache)
        if done is ...:   # no child: the pass is made here
            done = _stat_pass(con, directory)
        if done[1] is None:   # a symlink (whatever is kept): the full scan, always
            con.close()
            return None
        meta = dict(con.execute("SELECT key, value FROM meta"))
        if not cache.file.current(meta) or meta.get("indexed") != "1":
            con.close()
            return STALE
        for _ in range(2):   # a second time only when another process moved the index meanwhile
            if done is ... or done[0] != meta.get(MAP_NOTE):   # the pass was made against another map
                done = _stat_pass(con, directory)
            token, told = done
            if told is None:
                con.close()
                return None
            if told == "no map" or len(told[0]) > INCREMENTAL_MAX:
                con.close()
                return STALE
            changed, gone, folders = told
            if folders is None:   # nothing changed since the index was made
                break
            entries = {i: _load(Path(p), i, _lstat(p), None) for i, (p, _) in changed.items()}
            if _write(con, entries, {i: sig for i, (_, sig) in changed.items()}, gone, folders=folders, since=token):
                ranks.update((i, _rank_of(e)) for i, e in entries.items())
                fresh = changed
                break
            meta, done = dict(con.execute("SELECT key, value FROM meta")), ...
        else:
            con.close()
            return None
    except sqlite3.Error:
        return None
    return _over(con, cache, directory, root, now, ranks, fresh)


def _over(con: sqlite3.Connection, cache: ParseCache, directory: Path, root: Path, now: dt.datetime,
          ranks: dict, fresh: dict) -> Engine:
    """The Engine over the kept index on ``con``; ``fresh``: id → (path, signature) of the files
    read again since it was kept, ``ranks`` theirs."""
    checker, empty = AnchorChecker(root), MemoryIndex()

    def entry_of(i: str) -> MemoryEntry:
        if i in fresh:
            path, sig = fresh[i]
        else:   # unchanged since indexed (the stat pass vouched for it): the index's signature is the file's
            path = os.path.join(directory, i)
            row = con.execute("SELECT mtime_ns, size, ino FROM indexed WHERE id = ?", (i,)).fetchone()
            sig = tuple(row) if row else None
        if i not in cache.rows:
            cache.fetch(con, i)
        hit = cache.get(i, sig, Path(path)) if i in cache.rows and sig is not None else None
        return hit if hit is not None else _load(Path(path), i, _lstat(path), None)

    def rank_of(ids) -> dict:
        wanted = [i for i in ids if i not in ranks]   # (an unchanged folder's ranks are read as asked)
        for k in range(0, len(wanted), 500):
            part = wanted[k:k + 500]
            ranks.update((i, (r, u)) for i, r, u in con.execute(
                f"SELECT id, source_rank, updated FROM indexed WHERE id IN ({','.join('?' * len(part))})", part))
        return {i: ranks[i] if i in ranks else _rank_of(entry_of(i)) for i in ids}

    folders: dict[str, bool] = {}

    def is_dir(rel: str) -> bool:
        if rel not in folders:
            folders[rel] = (root / rel).is_dir()
        return folders[rel]

    index = KeptPostings(con, entry_of, lambda e: assess(e, checker, empty, now, None, False), rank_of, is_dir)
    index.listed = _Indexed(con)   # the ids of every file read as an entry (and kept.unopened_ids)
    return Engine(index, now)


class _Indexed:
    """The ids the index holds, asked one by one: after the stat pass, every file of the folder."""

    def __init__(self, con: sqlite3.Connection) -> None:
        self.con = con

    def __contains__(self, entry_id: str) -> bool:
        return self.con.execute("SELECT 1 FROM indexed WHERE id = ?", (entry_id,)).fetchone() is not None


def _stat_pass(con: sqlite3.Connection, directory: Path) -> tuple:
    token, kept = read_map(con)
    return token, outcome(stat_pass(str(directory), INDEX_NAME, kept), kept)


def _lstat(path: str) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None   # gone since it was listed: read as unreadable, as the full scan would


def _readable(con: sqlite3.Connection) -> int:
    """How many readable entries the index holds (a word's rarity is counted against them):
    kept in meta as files change; counted once where an older index has no note of it."""
    row = con.execute("SELECT value FROM meta WHERE key = 'readable'").fetchone()
    if row is not None:
        return int(row[0])
    return con.execute("SELECT count(DISTINCT id) FROM postings").fetchone()[0]


def _with_postings(con: sqlite3.Connection, ids: list[str]) -> int:
    """How many of ``ids`` are indexed as readable entries now (an unreadable file has no postings)."""
    n = 0
    for k in range(0, len(ids), 500):
        chunk = ids[k:k + 500]
        n += con.execute(f"SELECT count(DISTINCT id) FROM postings WHERE id IN ({','.join('?' * len(chunk))})",
                         chunk).fetchone()[0]
    return n


def _write(con: sqlite3.Connection, fresh: dict[str, MemoryEntry], sigs: dict, gone: list[str],
           reset: bool = False, folders=None, since: str | None = None) -> bool:
    """Index these files anew (every file with ``reset``) and forget those gone; keep ``folders``
    (the stat pass's folder map, marshalled, or a map) as what the index now matches, file for
    file. ``since``: the token of the map this change was found against; when another process
    has kept another since, nothing is written (False)."""
    con.execute("BEGIN IMMEDIATE")
    if since is not None:
        row = con.execute("SELECT value FROM meta WHERE key = ?", (MAP_NOTE,)).fetchone()
        if row is None or row[0] != since:
            con.execute("ROLLBACK")
            return False
    if reset:
        con.execute("DELETE FROM postings")
        con.execute("DELETE FROM indexed")
        readable = 0
    else:
        ids = list(fresh) + gone
        readable = _readable(con) - _with_postings(con, ids)
        con.executemany("DELETE FROM postings WHERE id = ?", [(i,) for i in ids])
        con.executemany("DELETE FROM indexed WHERE id = ?", [(i,) for i in ids])
    rows, indexed = [], []
    for i, e in fresh.items():
        if e.readable:
            rows += [(kind, key, i, seq, w, p, raw) for kind, key, seq, w, p, raw in postings_of(e)]
            readable += 1
        indexed.append((i, *sigs[i], *_rank_of(e)))
    con.executemany("INSERT INTO postings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    con.executemany("INSERT INTO indexed VALUES (?, ?, ?, ?, ?, ?)", indexed)
    con.execute("INSERT OR REPLACE INTO meta VALUES ('readable', ?)", (str(readable),))
    if reset:
        con.execute("INSERT OR REPLACE INTO meta VALUES ('indexed', '1')")
    token = None
    if folders is not None:
        blob = folders if isinstance(folders, bytes) else marshal.dumps(folders)
        token = os.urandom(8).hex()
        try:   # (the map first: a meta naming a map that is not there would be no map at all)
            put_map(con, token, blob)
        except OSError:
            token = None
    if token is not None:
        con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (MAP_NOTE, token))
    else:   # an index no map vouches for is never trusted file by file
        con.execute("DELETE FROM meta WHERE key = ?", (MAP_NOTE,))
    con.execute("COMMIT")
    return True


def build_index(directory: Path, entries: dict[str, MemoryEntry], sigs: dict, cache: ParseCache | None = None) -> None:
    """Index every entry (after the slow way answered): the next prompt takes the quick one. The
    folder map is made now, after the reading: a file whose signature is no longer the one read
    (or that came meanwhile) is kept as not trusted, one gone meanwhile is not indexed."""
    cache = cache or ParseCache(directory)
    if not cache.enabled:
        return
    try:
        con = _connect(cache)
        try:
            if not cache.file.current(dict(con.execute("SELECT key, value FROM meta"))):
                return   # the parse cache of another version: its own save starts it over first
            found = stat_pass(str(directory), INDEX_NAME, None)
            folders = found[2] if found is not None else None   # (a symlink: the full scan always)
            there = files_of(folders) if folders is not None else set(sigs)
            fresh = {i: e for i, e in entries.items() if i in sigs and i in there}
            if folders is not None:
                distrust(folders, [i for i, (_, sig) in found[0].items() if i not in fresh or sigs[i] != sig])
            _write(con, fresh, sigs, [], reset=True, folders=folders)
        finally:
            con.close()
    except sqlite3.Error:
        pass
