"""The values of a Kubernetes Secret manifest: under ``data:`` (base64) and ``stringData:``."""
from __future__ import annotations

import re

from .assign import looks_placeholder


def kubernetes_values(text: str, add) -> None:
    """The values under a Kubernetes Secret's data: (base64, 10+ characters) and stringData:,
    wherever `kind: Secret` stands; comments and block scalars (|, >) inside are read through."""
    if not re.search(r"(?im)^\s*kind:\s*[\"']?secret[\"']?\s*$", text):
        return
    lines = text.split("\n")
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln) + 1)
    i = 0
    while i < len(lines):
        m = re.match(r"^([ \t]*)(data|stringData):[ \t]*$", lines[i])
        i += 1
        if not m:
            continue
        base, plain = len(m.group(1).expandtabs(4)), m.group(2) == "stringData"
        while i < len(lines):
            line = lines[i]
            if not line.strip() or line.strip().startswith("#"):
                i += 1
                continue
            if len(line[:len(line) - len(line.lstrip())].expandtabs(4)) <= base:
                break
            item = re.match(r"^[ \t]+[\w.-]+:[ \t]*(.*)$", line)
            i += 1
            if not item:
                continue
            value, start = item.group(1).strip(), offsets[i - 1] + item.start(1)
            if value in ("|", ">", "|-", ">-", "|+", ">+") and i < len(lines):
                nxt = lines[i]
                value, start = nxt.strip(), offsets[i] + len(nxt) - len(nxt.lstrip())
                i += 1
            q = value[:1] if value[:1] in "\"'" else ""
            if q:
                value, start = value.strip(q), start + 1
            ok = (len(value) >= 6 and not looks_placeholder(value)) if plain else \
                (len(value) >= 10 and re.fullmatch(r"[A-Za-z0-9+/]+={0,3}", value) is not None)
            if ok and not value.startswith(("{{", "$")):
                add("kubernetes-secret", "a Kubernetes Secret's value", start, start + len(value))
