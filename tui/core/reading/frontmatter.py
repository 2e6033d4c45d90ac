"""Frontmatter: the one reader of the YAML block at the top of a memory file.

Used by parsing (``tui.core.reading.entry``) and by ``set_fields``, the one editor (a promotion
mark, an edit through ``write_memory``: a field's own line changes, no other byte): both read the
same shapes, including the lenient ones agents write (an unquoted ': ' in a value). Problems that
do not make a file unreadable come back as structured ``ParseWarning``s, never strings to re-parse.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..textutil import lazy_re
from .lenient_yaml import KEYLINE as _KEYLINE, lenient

yaml: Any = None      # PyYAML, imported when a frontmatter first needs it (see _yaml)
_Loader: Any = None


def _yaml():
    """PyYAML and its loader. Most frontmatter is read by fast_yaml, and the import costs every
    start ~15 ms (the hook's included), so it waits until a file needs it."""
    global yaml, _Loader
    if _Loader is None:
        import yaml as module
        yaml = module
        # the C loader parses 10k frontmatters ~5x faster than the pure one
        _Loader = getattr(module, "CSafeLoader", None) or module.SafeLoader
    return yaml, _Loader


# A frontmatter block may be preceded by blank lines or HTML comments (seen in real folders).
_LEADING = re.compile(r"\A(?:\ufeff)?(?:[ \t]*\n|[ \t]*<!--.*?-->[ \t]*\n)*", re.S)
_FENCE = re.compile(r"^---[ \t]*$", re.M)
_ANCHOR = re.compile(r"(?:^|[\s\[{,:-])&[\w-]+", re.M)
_ALIAS = re.compile(r"(?:^|[\s\[{,:-])\*[\w-]+", re.M)


@dataclass(frozen=True)
class ParseWarning:
    """Something about a file worth telling, which still leaves it readable."""

    kind: str            # 'yaml-truncated' | 'yaml-type' | 'lenient-yaml' | 'bare-frontmatter'
    message: str         # the whole sentence, as shown to a person
    line: int | None = None
    detail: str = ""     # the message without its leading kind: the audit finding's wording

    def __str__(self) -> str:
        return self.message


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


def load_yaml(yaml_text: str, first_line: int, warnings: list[ParseWarning]) -> tuple[dict, str | None]:
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
    module, loader = _yaml()
    try:
        meta = module.load(yaml_text, Loader=loader)
    except module.YAMLError as e:
        lenient_meta = lenient(yaml_text)
        mark = getattr(e, "problem_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        if lenient_meta is not None:
            problem = getattr(e, "problem", None) or "not valid YAML"
            warnings.append(ParseWarning("lenient-yaml", f"frontmatter is not valid YAML (line {line}: {problem}); "
                                         "read line by line, as an unquoted ': ' in a value was meant", line))
            return lenient_meta, None
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
_SIMPLE_WORDS = lazy_re(r"[A-Za-z\u00c0-\uffff_/][^:#\t\[\]{},\"]*(?<=[^\s:])\Z")
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


# top-level `key: scalar` lines and what they read as, when that is a value nobody can change: the
# same few lines come back in most files of a folder (type, source, dates), read once per process
_SEEN_LINES: dict[str, tuple[str, Any]] = {}
_SEEN_MAX = 20_000
_IMMUTABLE = (str, int, float, bool, type(None))
_OWN = ("name", "description")   # each file's own: never seen again, not kept


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
    seen = _SEEN_LINES
    try:
        for raw in yaml_text.split("\n"):
            hit = seen.get(raw)
            if hit is not None:   # a top-level `key: scalar` line read before (type: project)
                if hit[0] in out:
                    return None
                parent = None
                out[hit[0]] = hit[1]
                continue
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
            value = out[m.group(1)] = _scalar(m.group(2).rstrip())
            if type(value) in _IMMUTABLE and len(seen) < _SEEN_MAX and m.group(1) not in _OWN:
                seen[raw] = (m.group(1), value)
    except ValueError:
        return None
    for k in blocks:
        if out[k] == {}:
            out[k] = None  # `key:` with nothing under it
    return out


def truncated_values(yaml_text: str, meta: dict, first_line: int) -> list[ParseWarning]:
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
            line = first_line + offset
            detail = f"line {line}: '{key}' was cut before {lost[:40]!r}"
            notes.append(ParseWarning("yaml-truncated", f"yaml-truncated: {detail}", line, detail))
    return notes


class NotEditable(ValueError):
    """A field that cannot be set by changing its own line alone; ``str()`` says why in a sentence."""


def set_fields(text: str, fields: dict[str, Any]) -> str:
    """``text`` with ``fields`` set in its frontmatter, every other byte kept (comments, quoting, key
    order, line endings, the body); read back, it must hold the old fields plus these, else ``NotEditable``."""
    yaml_text, _, yaml_line, _ = split_frontmatter(text.replace("\r\n", "\n"))   # (the same lines)
    meta, err = load_yaml(yaml_text, yaml_line, []) if yaml_text is not None else ({}, "no fences")
    if err:
        raise NotEditable("it has no frontmatter between '---' lines" if yaml_text is None else
                          f"its frontmatter does not parse ({err})")
    lines = text.split("\n")               # each line keeps its own '\r' (a CRLF file stays CRLF)
    first, close = yaml_line - 1, yaml_line - 1 + yaml_text.count("\n")
    eol = "\r" if lines[close - 1 if close > first else first - 1].endswith("\r") else ""
    for key, value in fields.items():
        own = [n for n in range(first, close) if re.match(rf"{re.escape(key)}[ \t]*:(?:[ \t]|\r?$)", lines[n])]
        if len(own) > 1:
            raise NotEditable(f"its frontmatter has '{key}' twice")
        if own and meta.get(key, ...) == value:
            continue   # already so: its line (and a comment on it) stays
        if (own and own[0] + 1 < close and lines[own[0] + 1][:1] in (" ", "\t", "-")) or (not own and key in meta):
            raise NotEditable(f"its '{key}' " + ("spans several lines" if own else "is not on a line of its own"))
        line = f"{key}: {_yaml_value(value)}{eol}"
        if own:
            lines[own[0]] = line
        else:
            lines.insert(close, line)
            close += 1
    new = "\n".join(lines)
    again = split_frontmatter(new.replace("\r\n", "\n"))[0]
    if again is None or not _reads_back(again, yaml_text, {**meta, **fields}, fields):
        raise NotEditable("its frontmatter would not read back as the same fields plus the new one")
    return new


def _reads_back(new_yaml: str, old_yaml: str, wanted: dict, fields: dict) -> bool:
    """Both blocks read alike: by PyYAML where the old one is strict YAML (a date is no string)."""
    module, loader = _yaml()
    try:
        old = module.load(old_yaml, Loader=loader) or {}
    except Exception:
        return load_yaml(new_yaml, 1, [])[0] == wanted
    try:
        return module.load(new_yaml, Loader=loader) == {**old, **fields}
    except Exception:
        return False


def _yaml_value(value: Any) -> str:
    """A value as one line of YAML that reads back as itself (plain where it can be)."""
    import json
    if isinstance(value, (list, dict)):
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        inner = ", ".join(f"{k}: {_yaml_value(v)}" if k is not None else _yaml_value(v) for k, v in items)
        return f"{{{inner}}}" if isinstance(value, dict) else f"[{inner}]"
    module, loader = _yaml()
    try:   # plain, even inside a list, when YAML reads it back as itself
        plain = isinstance(value, str) and value == value.strip() and module.load(f"[{value}]", Loader=loader) == [value]
    except Exception:
        plain = False
    return value if plain else json.dumps(value, ensure_ascii=False)   # a JSON string or number is YAML too


def read_meta(text: str) -> tuple[dict | None, str]:
    """(frontmatter fields, body) of a file's text, for a rewrite that must keep every field
    as written. Reads what parsing reads (leniently too); None when it does not parse."""
    yaml_text, body, yaml_line, _ = split_frontmatter(text.replace("\r\n", "\n"))
    if yaml_text is None:
        return {}, body
    meta, err = load_yaml(yaml_text, yaml_line, [])
    return (None if err else meta), body


def field_at(text: str, line: int) -> str | None:
    """The top-level frontmatter key whose value holds ``line`` (1-based) of ``text``, or None
    when that line is not in the frontmatter: a rejection can then say "line 3 (description)"."""
    yaml_text, _, yaml_line, _ = split_frontmatter(text.replace("\r\n", "\n"))
    if yaml_text is None or not yaml_line <= line < yaml_line + yaml_text.count("\n"):
        return None
    for row in reversed(yaml_text.split("\n")[:line - yaml_line + 1]):
        key = _TOP_KEY.match(row)
        if key:
            return key.group(1)
    return None


_TOP_KEY = re.compile(r"([A-Za-z_][\w-]*)[ \t]*:")


_BARE_KEYS = re.compile(r"\A(?:[ \t]*\n)*((?:(?:name|description|type|metadata|tags|keywords|date|created|updated|"
                        r"source)[ \t]*:[^\n]*\n(?:[ \t]+[^\n]*\n)*)(?:[A-Za-z_][\w-]*[ \t]*:[^\n]*\n"
                        r"(?:[ \t]+[^\n]*\n)*)*)")


def bare_keys(text: str) -> tuple[str, str, int] | None:
    """Frontmatter keys written with no '---' fences (a file that starts with `name:` and
    `description:` lines): (yaml, body, first body line), or None."""
    m = _BARE_KEYS.match(text if text.endswith("\n") else text + "\n")
    if m is None or m.group(1).count("\n") < 2 and not m.group(1).startswith(("name", "description")):
        return None
    yaml_text = m.group(1)
    body_start = m.end(1)
    return yaml_text, text[body_start:], text.count("\n", 0, body_start) + 1
