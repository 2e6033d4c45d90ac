"""One memory entry: the dataclass and the parser for every layout of SPEC §2.

Parsing never raises: whatever is wrong with a file ends up in ``entry.error``
(the file is then *unreadable*, but still listed, with as much as is known).
"""
from __future__ import annotations

import datetime as dt
import re
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .frontmatter import ParseWarning, bare_keys, load_yaml, split_frontmatter, truncated_values


MAX_BYTES = 1_000_000  # a memory is a few hundred characters; 1 MB is surely not one
TYPES = ("user", "feedback", "project", "reference", "constraint", "preference", "state", "fact")
SOURCES = ("user", "model", "tool")


@dataclass(slots=True)
class Anchor:
    """A claim that ``quote`` appears in ``file`` (relative to the project root)."""

    file: str
    quote: str | None = None


@dataclass(slots=True)   # no dict per entry: ~1.3 KB less each (50k entries: 65 MB)
class MemoryEntry:
    id: str                      # path relative to the memory directory, '/'-separated
    path: Path
    name: str
    description: str = ""
    type: str | None = None
    source: str = "model"
    created: dt.datetime | None = None
    updated: dt.datetime | None = None
    paths: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)   # the explicit `keywords` field only
    anchors: list[Anchor] = field(default_factory=list)     # (once parsed, an empty list is ())
    anchor_errors: list[str] = field(default_factory=list)  # malformed anchor fields
    promoted_to: str | None = None
    superseded_by: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)      # the whole frontmatter, as written
    body: str = ""
    text: str = ""               # the whole file as text (when it could be decoded)
    body_line: int = 1           # 1-based line of the file where the body starts
    has_frontmatter: bool = False
    error: str | None = None     # set => unreadable
    warnings: list[ParseWarning] = field(default_factory=list)
    mtime_ns: int = 0
    size: int = 0
    # other agents' layouts (core/layouts): an entry may be one part of a shared file
    file: str | None = None      # the file holding it, when the id is FILE#slug
    first_line: int = 1          # where its text starts in that file (1-based)
    kind: str = "memory"         # memory | process (a log of work: shown, never injected)
    about: str = ""              # what its layout knows it is about beyond its own text (a bullet's section
    #                              heading): searched as its description is, never shown
    current: bool = False        # a process file its agent reads at every start as where the work stands
    #                              (Cline's activeContext.md, progress.md): matched like any entry (issue 40)
    load: str | None = None      # the layout's load state; None: from MEMORY.md (Claude Code)
    read_only: bool = False      # an export of a service (mem0): never written
    author: str | None = None    # the last commit's author (a git-backed layout)
    # judgements that depend on the text alone, kept by the parse cache with the entry
    judged: tuple | None = None        # the content findings (secrets, personal data, wording)
    secret_hits: tuple | None = None   # find_secrets(text)
    memo: dict = field(default_factory=dict)   # other values computed from the text alone (see ``memo``)

    @property
    def file_id(self) -> str:
        return self.file or self.id

    # The parse cache pickles entries as their values in field order (no names): the path is set
    # again on reading (a Path costs two parses to rebuild), and a body that ends the text is kept
    # as an offset, not a second copy.
    def __getstate__(self) -> tuple:
        state = [getattr(self, name) for name in _FIELDS]
        state[_PATH] = None
        state[_JUDGED] = state[_HITS] = None   # kept apart by the cache (read only when judging)
        state[_MEMO] = {}
        if self.body and len(self.body) <= len(self.text) and self.text.endswith(self.body):
            state[_BODY] = len(self.text) - len(self.body)
        return tuple(state)

    def __setstate__(self, state: tuple) -> None:
        state = list(state)
        if isinstance(state[_BODY], int):
            state[_BODY] = state[_TEXT][state[_BODY]:]
        # Unpickled, each entry held its own copies of strings many entries share: the few words
        # some fields take, the frontmatter's keys, keywords, paths and anchors (at 50k entries,
        # ~0.8M copies of ~170k distinct strings). Short ones are interned: one copy each.
        for n in _WORDS:
            value = state[n]
            if type(value) is str and len(value) < 20:
                state[n] = sys.intern(value)
        for n in _LISTS:
            if state[n]:
                state[n] = [_shared(v) for v in state[n]]
        if state[_ANCHORS]:
            for a in state[_ANCHORS]:
                a.file, a.quote = _shared(a.file), _shared(a.quote)
        meta = state[_META]
        if meta:
            fields_now = {name: state[i] for name, i in _META_FIELDS}
            state[_META] = {_shared(k): (fields_now[k] if k in fields_now and v == fields_now[k] else _shared(v))
                            for k, v in meta.items()}
        for name, value in zip(_FIELDS, state):
            setattr(self, name, value)

    @property
    def readable(self) -> bool:
        return self.error is None

    @property
    def chars(self) -> int:
        return len(self.body)

    def __copy__(self) -> "MemoryEntry":
        """A copy with every field, the path included: ``copy.copy`` would otherwise go through
        ``__getstate__``, which leaves out what the parse cache keeps apart (a layout's copy of a
        file's entry lost its path, and the audit then stat'ed None). Its own memo dict."""
        new = object.__new__(MemoryEntry)
        for name in _FIELDS:
            setattr(new, name, getattr(self, name))
        new.memo = dict(self.memo)
        return new


_FIELDS = tuple(f.name for f in fields(MemoryEntry))
_PATH, _BODY, _TEXT, _META, _JUDGED, _HITS, _MEMO = map(_FIELDS.index, ("path", "body", "text", "meta", "judged",
                                                                      "secret_hits", "memo"))
_WORDS = tuple(map(_FIELDS.index, ("type", "source", "kind", "load")))   # fields that take a handful of words
_LISTS = tuple(map(_FIELDS.index, ("paths", "keywords")))
_ANCHORS = _FIELDS.index("anchors")
# the frontmatter keys a field takes as written (see _compact): the same object again
_META_FIELDS = tuple((name, _FIELDS.index(name)) for name in ("name", "description", "type", "source",
                                                              "paths", "keywords"))


def _shared(value):
    """One copy of a short string, however many entries hold it."""
    return sys.intern(value) if type(value) is str and len(value) <= 80 else value


def memo(entry: "MemoryEntry", key: str, compute):
    """A value computed from the entry's text alone (its mentions, claims, sketch), kept on the
    entry so the parse cache stores it with the file's version. Parts of a shared file are
    rebuilt at every reading: they compute, and keep nothing."""
    if key in entry.memo:
        return entry.memo[key]
    value = compute()
    if entry.file is None:
        entry.memo[key] = value
    return value


# ---------------------------------------------------------------------------
# Reading


def read_entry(path: Path, entry_id: str, mtime_ns: int, size: int, data: bytes | None = None,
               error: str | None = None, limit: int = MAX_BYTES) -> MemoryEntry:
    """Build an entry from a file's bytes (``data``) or from an error found while reading it."""
    entry = MemoryEntry(id=entry_id, path=path, name=_stem(entry_id), mtime_ns=mtime_ns, size=size)
    mtime = dt.datetime.fromtimestamp(mtime_ns / 1e9, tz=dt.timezone.utc) if mtime_ns else None
    entry.created = entry.updated = mtime
    if error is None and data is not None:
        error = _decode(data, entry, limit)
    if error is not None:
        entry.error = error
        return entry
    _parse_text(entry, mtime)
    _compact(entry)
    return entry


def _compact(entry: MemoryEntry) -> None:
    """Once parsed, an entry holds nothing twice: a frontmatter value its field took as it was
    is the same object (pickle keeps the sharing), and the lists most entries leave empty are
    one empty tuple. At 50k entries in the app, ~25 MB."""
    share_empties(entry, ("warnings", "anchor_errors", "anchors"))
    meta = entry.meta
    for key in ("name", "description", "type", "source", "paths", "keywords"):
        value = meta.get(key)
        if value is not None and type(value) is type(getattr(entry, key)) and value == getattr(entry, key):
            meta[key] = getattr(entry, key)


NO_MAP: dict = {}   # never written: only the object that held it could, before it was shared


def share_empties(obj: Any, names: tuple[str, ...]) -> None:
    """Each of ``names`` that ``obj`` leaves empty becomes the one shared empty tuple (or map):
    objects that are never changed once made need no empty containers of their own."""
    for name in names:
        value = getattr(obj, name)
        if not value:
            setattr(obj, name, NO_MAP if type(value) is dict else ())


def _stem(entry_id: str) -> str:
    name = entry_id.rsplit("/", 1)[-1]
    return name[:-3] if name.endswith(".md") else (name.rsplit(".", 1)[0] or name)


EMPTY_FILE = "empty file (0 bytes)"   # unreadable, and nothing in it to keep (triage: drop)
BLANK_FILE = "empty file (only white space)"   # the same, with blank lines in it


def _decode(data: bytes, entry: MemoryEntry, limit: int = MAX_BYTES) -> str | None:
    if len(data) == 0:
        return EMPTY_FILE
    if len(data) > limit:
        return f"too large ({len(data):,} bytes; the limit is {limit:,})"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "not UTF-8 (UTF-16 byte-order mark)"
    if b"\x00" in data[:8192]:
        return "binary file (contains NUL bytes)"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return f"not UTF-8 (invalid byte 0x{data[e.start]:02x} at offset {e.start})"
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    entry.text = text
    if not entry.text.strip():
        return BLANK_FILE
    return None



def _parse_text(entry: MemoryEntry, mtime: dt.datetime | None) -> None:
    text = entry.text
    yaml_text, body, yaml_line, body_line = split_frontmatter(text)
    entry.body, entry.body_line = body, body_line
    if yaml_text is None:
        bare = bare_keys(text) if entry.id.endswith(".md") and not text.lstrip().startswith("---") else None
        if bare is not None:   # `name:` / `description:` lines with no fences: frontmatter all the same
            meta, err = load_yaml(bare[0], 1, [])
            if not err and isinstance(meta.get("name", meta.get("description", "")), (str, int, float)):
                entry.body, entry.body_line, entry.meta = bare[1], bare[2], meta
                entry.warnings.append(ParseWarning("bare-frontmatter", "frontmatter keys with no '---' lines "
                                                   "around them: read as frontmatter", 1))
                _apply_meta(entry, meta, mtime)
                return
        entry.description = first_line(body)
        if text.lstrip().startswith("---") and entry.id.endswith(".md"):
            # most often a file the agent is still writing: unreadable until the closing line lands
            entry.error = "the frontmatter has no closing '---' (the file may still be being written)"
        return
    entry.has_frontmatter = True
    meta, err = load_yaml(yaml_text, yaml_line, entry.warnings)
    if err:
        entry.error = err
        entry.description = first_line(body)
        return
    entry.meta = meta
    _apply_meta(entry, meta, mtime)
    if " #" in yaml_text:
        entry.warnings.extend(truncated_values(yaml_text, meta, yaml_line))



def first_line(body: str) -> str:
    """The first non-empty line, without heading marks, cut at 160 characters."""
    for line in body.split("\n"):
        line = line.strip().lstrip("#").strip()
        if line:
            return line[:160]
    return ""


def _apply_meta(entry: MemoryEntry, meta: dict, mtime: dt.datetime | None) -> None:
    nested = meta.get("metadata") if isinstance(meta.get("metadata"), dict) else {}

    def pick(key: str) -> Any:
        value = meta.get(key)
        return nested.get(key) if value is None else value

    if isinstance(meta.get("name"), (str, int, float)) and str(meta["name"]).strip():
        entry.name = str(meta["name"]).strip()
    desc = meta.get("description")
    if isinstance(desc, str) and _TYPED_PLAIN.fullmatch(desc.strip()) and _unquoted(entry.text, "description"):
        desc = to_datetime(desc) or desc   # YAML reads an unquoted 2026-01-02 or 42 as a date or a number
        if isinstance(desc, str):
            desc = float(desc) if "." in desc else int(desc) if desc.lstrip("+-").isdigit() else desc
    if isinstance(desc, str):
        entry.description = " ".join(desc.split())
    elif desc is not None and not isinstance(desc, (dict, list)):
        # an unquoted value YAML turned into a date, a number or a boolean: the text is not what was meant
        entry.description = str(desc)
        kind = {bool: "a boolean", int: "a number", float: "a number"}.get(type(desc), "a date")
        detail = f"'description' was read by YAML as {kind} ({desc}), not as text"
        entry.warnings.append(ParseWarning("yaml-type", f"yaml-truncated: {detail}", None, detail))
    else:
        entry.description = first_line(entry.body)
    kind = pick("type")
    if isinstance(kind, str) and kind.strip():
        entry.type = kind.strip().lower()
    source = pick("source")
    if isinstance(source, str) and source.strip():
        entry.source = source.strip().lower()
    entry.created = to_datetime(pick("created")) or to_datetime(pick("date")) or mtime
    entry.updated = (to_datetime(pick("updated")) or to_datetime(pick("modified"))
                     or (entry.created if pick("created") is not None else None)
                     or to_datetime(pick("date")) or mtime)   # a custom `date:` beats the file's mtime
    entry.paths = _str_list(pick("paths"))
    entry.keywords = _str_list(pick("keywords"))
    entry.anchors, entry.anchor_errors = _anchors(pick("anchor"))
    if pick("anchors") is not None:
        more, errs = _anchors(pick("anchors"))
        entry.anchors += more
        entry.anchor_errors += errs
    for key in ("promoted_to", "superseded_by"):
        if pick(key):
            setattr(entry, key, str(pick(key)))


_TYPED_PLAIN = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?|[-+]?\d+(?:\.\d+)?")


def _unquoted(text: str, key: str) -> bool:
    m = re.search(rf"(?m)^[ \t]*{key}[ \t]*:[ \t]*(\S)", text)
    return m is not None and m.group(1) not in "\"'"


def _str_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        parts = value.split(",") if "," in value else [value]
        return [p.strip() for p in parts if p.strip()]
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if v is not None and not isinstance(v, (dict, list)) and str(v).strip()]
    return [str(value)]


def _anchors(value: Any) -> tuple[list[Anchor], list[str]]:
    if value is None:
        return [], []
    items = value if isinstance(value, list) else [value]
    anchors, errors = [], []
    for item in items:
        if isinstance(item, dict):
            file = item.get("file") or item.get("path")
            if not file or not isinstance(file, (str, int, float)):
                errors.append("anchor has no 'file'")
                continue
            quote = item.get("quote")
            anchors.append(Anchor(str(file), None if quote is None else str(quote)))
        elif isinstance(item, str) and item.strip():
            # "FILE:QUOTE" as `memtui remember --anchor` takes it, or a bare file
            file, sep, quote = item.partition(":")
            anchors.append(Anchor(file.strip(), quote if sep and quote else None))
        else:
            errors.append(f"anchor is a {type(item).__name__}, not {{file, quote}}")
    return anchors, errors


def to_datetime(value: Any) -> dt.datetime | None:
    """YAML gives dates, datetimes or strings; normalise to an aware UTC datetime."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc)
    if isinstance(value, (int, float)) and 0 < value < 1e11:
        return dt.datetime.fromtimestamp(value, tz=dt.timezone.utc)
    if isinstance(value, str):
        s = value.strip().replace("Z", "+00:00")
        try:
            parsed = dt.datetime.fromisoformat(s)
        except ValueError:
            try:
                parsed = dt.datetime.fromisoformat(s[:10])
            except ValueError:
                return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.timezone.utc)
    return None


