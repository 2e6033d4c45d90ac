"""One memory entry: the dataclass and the parser for every layout of SPEC §2.

Parsing never raises: whatever is wrong with a file ends up in ``entry.error``
(the file is then *unreadable*, but still listed, with as much as is known).
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

try:  # the C loader parses 10k frontmatters ~5x faster than the pure one
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

MAX_BYTES = 1_000_000  # a memory is a few hundred characters; 1 MB is surely not one
TYPES = ("user", "feedback", "project", "reference", "constraint", "preference", "state", "fact")
SOURCES = ("user", "model", "tool")

# A frontmatter block may be preceded by blank lines or HTML comments (seen in real folders).
_LEADING = re.compile(r"\A(?:\ufeff)?(?:[ \t]*\n|[ \t]*<!--.*?-->[ \t]*\n)*", re.S)
_FENCE = re.compile(r"^---[ \t]*$", re.M)
_ANCHOR = re.compile(r"(?:^|[\s\[{,:-])&[\w-]+", re.M)
_ALIAS = re.compile(r"(?:^|[\s\[{,:-])\*[\w-]+", re.M)
_KEYLINE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*))?$")


@dataclass
class Anchor:
    """A claim that ``quote`` appears in ``file`` (relative to the project root)."""

    file: str
    quote: str | None = None


@dataclass
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
    anchors: list[Anchor] = field(default_factory=list)
    anchor_errors: list[str] = field(default_factory=list)  # malformed anchor fields
    promoted_to: str | None = None
    superseded_by: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)      # the whole frontmatter, as written
    body: str = ""
    text: str = ""               # the whole file as text (when it could be decoded)
    body_line: int = 1           # 1-based line of the file where the body starts
    has_frontmatter: bool = False
    error: str | None = None     # set => unreadable
    warnings: list[str] = field(default_factory=list)
    mtime_ns: int = 0
    size: int = 0

    @property
    def readable(self) -> bool:
        return self.error is None

    @property
    def chars(self) -> int:
        return len(self.body)


# ---------------------------------------------------------------------------
# Reading


def read_entry(path: Path, entry_id: str, mtime_ns: int, size: int, data: bytes | None = None,
               error: str | None = None) -> MemoryEntry:
    """Build an entry from a file's bytes (``data``) or from an error found while reading it."""
    entry = MemoryEntry(id=entry_id, path=path, name=_stem(entry_id), mtime_ns=mtime_ns, size=size)
    mtime = dt.datetime.fromtimestamp(mtime_ns / 1e9, tz=dt.timezone.utc) if mtime_ns else None
    entry.created = entry.updated = mtime
    if error is None and data is not None:
        error = _decode(data, entry)
    if error is not None:
        entry.error = error
        return entry
    _parse_text(entry, mtime)
    return entry


def _stem(entry_id: str) -> str:
    name = entry_id.rsplit("/", 1)[-1]
    return name[:-3] if name.endswith(".md") else (name.rsplit(".", 1)[0] or name)


def _decode(data: bytes, entry: MemoryEntry) -> str | None:
    if len(data) == 0:
        return "empty file (0 bytes)"
    if len(data) > MAX_BYTES:
        return f"too large ({len(data):,} bytes; the limit is {MAX_BYTES:,})"
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
        return "empty file (only white space)"
    return None


def split_frontmatter(text: str) -> tuple[str | None, str, int, int]:
    """Split ``text`` into (yaml or None, body, first yaml line, first body line); lines 1-based."""
    start = 0
    if not text.startswith("---"):
        lead = _LEADING.match(text)
        start = lead.end() if lead else 0
    if not text.startswith("---", start) or not re.match(r"---[ \t]*\n", text[start:start + 8] + "\n"):
        return None, text, 0, 1
    first_nl = text.find("\n", start)
    close = _FENCE.search(text, first_nl + 1)
    if close is None:
        return None, text, 0, 1
    yaml_text = text[first_nl + 1:close.start()]
    body_start = text.find("\n", close.end())
    body_start = len(text) if body_start == -1 else body_start + 1
    yaml_line = text.count("\n", 0, first_nl + 1) + 1
    body_line = text.count("\n", 0, body_start) + 1
    return yaml_text, text[body_start:], yaml_line, body_line


def _parse_text(entry: MemoryEntry, mtime: dt.datetime | None) -> None:
    text = entry.text
    yaml_text, body, yaml_line, body_line = split_frontmatter(text)
    entry.body, entry.body_line = body, body_line
    if yaml_text is None:
        if text.lstrip().startswith("---") and entry.id.endswith(".md"):
            entry.warnings.append("an opening '---' has no closing '---': read as plain text")
        entry.description = _first_line(body)
        return
    entry.has_frontmatter = True
    meta, err = load_yaml(yaml_text, yaml_line, entry.warnings)
    if err:
        entry.error = err
        entry.description = _first_line(body)
        return
    entry.meta = meta
    _apply_meta(entry, meta, mtime)
    if " #" in yaml_text:
        entry.warnings.extend(_truncated_values(yaml_text, meta, yaml_line))


def load_yaml(yaml_text: str, first_line: int, warnings: list[str]) -> tuple[dict, str | None]:
    """Parse frontmatter YAML; fall back to a lenient reader for unquoted ': ' in values."""
    if not yaml_text.strip():
        return {}, None
    fast = fast_yaml(yaml_text)
    if fast is not None:
        return fast, None
    if _ANCHOR.search(yaml_text) and _ALIAS.search(yaml_text):
        # nested aliases expand exponentially when the data is used ('billion laughs');
        # no memory needs them
        return {}, "YAML anchors and aliases (&name / *name) are not accepted in memory frontmatter"
    try:
        meta = yaml.load(yaml_text, Loader=_Loader)
    except yaml.YAMLError as e:
        lenient = _lenient(yaml_text)
        if lenient is not None:
            warnings.append("frontmatter is not valid YAML (an unquoted ': ' in a value); read line by line")
            return lenient, None
        mark = getattr(e, "problem_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        return {}, f"bad YAML at line {line}: {problem}"
    except Exception as e:  # e.g. recursion in a hostile anchor/alias structure
        return {}, f"bad YAML: {type(e).__name__}"
    if meta is None:
        return {}, None
    if not isinstance(meta, dict):
        return {}, f"frontmatter is a {type(meta).__name__}, not a mapping of fields"
    return {str(k): v for k, v in meta.items()}, None


_PLAIN_BAD_START = set("[]{}&*!|>'\"%@`#?:,-")
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:[0-9][0-9_]*)?\.[0-9_]+(?:[eE][-+][0-9]+)?\Z")
_SIMPLE_WORDS = re.compile(r"[A-Za-z\u00c0-\uffff_/][^:#\t\[\]{},\"]*(?<=[^\s:])\Z")
# 1_000 and 12:30 (base 60) are numbers to YAML 1.1
_ODD_NUMBER = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\Z|[-+]?[0-9][0-9]*_[0-9_]*\Z")
_SPECIAL = {}
for _words, _value in ((("true", "yes", "on"), True), (("false", "no", "off"), False), (("null",), None)):
    for _w in _words:  # PyYAML (YAML 1.1) takes exactly these spellings
        _SPECIAL[_w] = _SPECIAL[_w.capitalize()] = _SPECIAL[_w.upper()] = _value
_SPECIAL["~"] = None


def _plain(value: str, in_flow: bool = False):
    """A YAML plain scalar, or raise ValueError when YAML would read it another way."""
    if _SIMPLE_WORDS.match(value) and value not in _SPECIAL:
        return value  # the common case: words, names, paths
    if not value:
        raise ValueError(value)
    if value[0] in _PLAIN_BAD_START or value in ("=", "<<") or ": " in value or " #" in value or value.endswith(":") or "\t" in value:
        raise ValueError(value)
    if in_flow and any(c in value for c in "[]{},"):
        raise ValueError(value)
    if value in _SPECIAL:
        return _SPECIAL[value]
    low = value.lower()
    if _INT.match(value):
        digits = value.lstrip("+-")
        if digits.startswith("0") and len(digits) > 1:
            raise ValueError(value)  # octal to YAML 1.1
        return int(value)
    if _FLOAT.match(value) or low in (".inf", "-.inf", ".nan") or value.startswith("0x") or \
            value.startswith("0o") or value.startswith("0b") or _ODD_NUMBER.match(value):
        raise ValueError(value)  # rare numeric forms: let PyYAML decide
    return value  # timestamps stay strings here; to_datetime() reads both


def _scalar(value: str):
    if value[:1] == '"' and value.endswith('"') and len(value) >= 2 and '"' not in value[1:-1] \
            and "\\" not in value:
        return value[1:-1]
    if value[:1] == "'" and value.endswith("'") and len(value) >= 2 and "'" not in value[1:-1]:
        return value[1:-1]
    if value[:1] == "{" and value.endswith("}"):
        return _flow_map(value[1:-1])
    if value[:1] == "[" and value.endswith("]"):
        inner = value[1:-1].strip()
        return [] if not inner else [_scalar_in_flow(v.strip()) for v in inner.split(",")]
    return _plain(value)


_FLOW_ITEM = re.compile(r"\s*([A-Za-z_][\w-]*)\s*:\s+(\"[^\"\\\\]*\"|'[^']*'|[^,{}\[\]\"'#]*?)\s*(?:,|\Z)")


def _flow_map(inner: str) -> dict:
    """`{file: a.ts, quote: "x y"}` with plain or simply quoted values."""
    out: dict[str, Any] = {}
    pos = 0
    inner = inner.strip()
    while pos < len(inner):
        m = _FLOW_ITEM.match(inner, pos)
        if not m or m.end() == pos or m.group(1) in out:
            raise ValueError(inner)
        out[m.group(1)] = _scalar_in_flow(m.group(2))
        pos = m.end()
    if inner.endswith(","):
        raise ValueError(inner)
    return out


def _scalar_in_flow(value: str):
    if value[:1] in ('"', "'"):
        return _scalar(value)
    return _plain(value, in_flow=True)


def fast_yaml(yaml_text: str) -> dict | None:
    """Read the simple frontmatter almost every memory has, ~5x faster than PyYAML.

    Handles `key: scalar`, `key: [a, b]`, simple quotes and one nested level of
    `key: scalar` lines; returns None for anything else so PyYAML decides. Dates and
    times stay strings (to_datetime reads them); everything else matches PyYAML
    (tests/test_fast_yaml.py compares the two).
    """
    out: dict[str, Any] = {}
    parent: dict[str, Any] | None = None
    blocks: list[str] = []
    try:
        for raw in yaml_text.split("\n"):
            if not raw.strip():
                continue
            if raw[0] in " \t":
                if parent is None or raw[0] == "\t":
                    return None
                m = _KEYLINE.match(raw.strip())
                if not m or m.group(1) in parent:
                    return None
                parent[m.group(1)] = _scalar(m.group(2) or "") if m.group(2) else None
                continue
            if raw[0] == "#":
                continue
            m = _KEYLINE.match(raw)
            if not m or m.group(1) in out:
                return None
            if m.group(2) is None or not m.group(2).strip():
                parent = out[m.group(1)] = {}
                blocks.append(m.group(1))
                continue
            parent = None
            out[m.group(1)] = _scalar(m.group(2).rstrip())
    except ValueError:
        return None
    for k in blocks:
        if out[k] == {}:
            out[k] = None  # `key:` with nothing under it
    return out


def _lenient(yaml_text: str) -> dict | None:
    """Read ``key: value`` lines (one level of nesting) the way agents mean them.

    Only used when strict YAML fails, and only when every line has that shape and no
    value opens a flow collection or quote: real breakage stays unreadable.
    """
    out: dict[str, Any] = {}
    parent: dict[str, Any] | None = None
    for raw in yaml_text.split("\n"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indented = raw[0] in " \t"
        m = _KEYLINE.match(raw.strip())
        if not m:
            return None
        key, value = m.group(1), (m.group(2) or "").strip()
        if value[:1] in ("[", "{", '"', "'", "|", ">", "&", "*", "!", "%", "@", "`"):
            return None
        if indented:
            if parent is None:
                return None
            parent[key] = value
            continue
        if value:
            out[key] = value
            parent = None
        else:
            parent = out[key] = {}
    return out


def _first_line(body: str) -> str:
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
    if isinstance(meta.get("description"), (str, int, float)):
        entry.description = " ".join(str(meta["description"]).split())
    else:
        entry.description = _first_line(entry.body)
    kind = pick("type")
    if isinstance(kind, str) and kind.strip():
        entry.type = kind.strip().lower()
    source = pick("source")
    if isinstance(source, str) and source.strip():
        entry.source = source.strip().lower()
    entry.created = to_datetime(pick("created")) or to_datetime(pick("date")) or mtime
    entry.updated = (to_datetime(pick("updated")) or to_datetime(pick("modified"))
                     or (entry.created if pick("created") is not None else None) or mtime)
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


def _truncated_values(yaml_text: str, meta: dict, first_line: int) -> list[str]:
    """YAML cuts `key: a #b` to 'a'; agents meant the '#b'. Report where that happened."""
    notes = []
    for offset, raw in enumerate(yaml_text.split("\n")):
        m = _KEYLINE.match(raw.strip())
        if not m or not m.group(2) or " #" not in m.group(2):
            continue
        key, written = m.group(1), m.group(2)
        if written[:1] in ('"', "'"):
            continue
        value = meta.get(key)
        if value is None and isinstance(meta.get("metadata"), dict):
            value = meta["metadata"].get(key)
        if isinstance(value, str) and " #" not in value and value.strip() != written.strip():
            lost = written[written.index(" #"):].strip()
            notes.append(f"yaml-truncated: line {first_line + offset}: '{key}' was cut before {lost[:40]!r}")
    return notes
