"""Frontmatter that strict YAML refuses but an agent clearly meant: ``key: value`` lines with an
unquoted ': ' inside a value (``name: Échec : serde flatten``), read line by line. Used only
after strict YAML failed (frontmatter.load_yaml), which then warns that it did so."""
from __future__ import annotations

import re
from typing import Any

KEYLINE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*))?$")   # one `key: value` line


def lenient(yaml_text: str) -> dict | None:
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
        m = KEYLINE.match(raw.strip())
        if not m:
            return None
        key, value = m.group(1), (m.group(2) or "").strip()
        if value[:1] in ('"', "'"):   # a whole quoted value beside the unquoted one that broke YAML
            value = _quoted(value)
            if value is None:
                return None
        elif value[:1] in ("[", "{", "|", ">", "&", "*", "!"):   # (@, `, %: reserved by YAML, literal text to an agent)
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


def _quoted(value: str) -> str | None:
    """A complete quoted YAML scalar's text ('it''s', "a \\"b\\""), or None when it is not one."""
    if value[0] == "'":
        inner = value[1:-1] if len(value) > 1 and value.endswith("'") else None
        return None if inner is None or "'" in inner.replace("''", "") else inner.replace("''", "'")
    import json
    try:
        text = json.loads(value)
    except ValueError:
        return None
    return text if isinstance(text, str) else None
