"""Test 3 for what a manifest declares: an entry that only lists the project's dependencies (with
their versions and features) or its toolchain (the MSRV, the edition, the engines) restates
Cargo.toml, package.json or pyproject.toml — in any language ("l'édition 2021", "MSRV 1.78").

It is a drop only when every name it gives is declared there, every version it gives beside a
name is the declared one (another value is a disagreement, not a restatement), and what is left
is filler ("we use … with …; tests use …"), never a reason, a trap or a rule of its own. The drop
cites the manifest lines.
"""
from __future__ import annotations

import re

from ..judging.manifests import declaring_line
from ..judging.project_index import rule_words
from .triage_findings import Decision

_NAME = re.compile(r"(?<![\w./-])([A-Za-z][\w-]{1,40})(?:\s+v?(\d+(?:\.\d+){0,2}))?(?![\w-])")
# the toolchain, said in words: the manifest key that states it
_TOOLCHAIN = re.compile(r"(?i)\b(msrv|rust[- ]version|minimum supported rust(?: version)?|[ée]dition|edici[óo]n|"
                        r"engines?|requires[- ]python)\b\D{0,24}?(\d+(?:\.\d+){0,2})(?!\d|\.\d)")
_KEYS = {"msrv": "rust-version", "rust-version": "rust-version", "rust version": "rust-version",
         "minimum supported rust": "rust-version", "minimum supported rust version": "rust-version",
         "edition": "edition", "édition": "edition", "edición": "edition", "edicion": "edition",
         "engine": "node", "engines": "node", "requires-python": "requires-python", "requires python": "requires-python"}
# words that only frame such a list (stems of rule_words; Latin script only)
_FILLER = frozenset(("use uses used using with and the our project crate crates dependencie dependency dev test tests "
                     "feature features version versions newer older minimum supported msrv edition toolchain rust "
                     "utilise utilisons projet dition nous avec les des dependencias usamos usa con los proyecto "
                     "verwenden wir mit").split())


def declared(prepared, idx) -> Decision | None:
    """Drop an entry that only restates what the project's manifest declares."""
    r = prepared.reading
    content = r.content
    if idx is None or not content or len(content) > 3 or r.of("learned", "why", "how"):
        return None
    cited: dict[int, object] = {}
    for ln in content:
        if ln.kind == "code":
            return None
        text = ln.text.replace("`", "")
        rest = text
        for m in _TOOLCHAIN.finditer(text):
            i = declaring_line(idx, _KEYS.get(m.group(1).lower(), m.group(1).lower()))
            if i is None or not re.search(rf'["\'=\s]{re.escape(m.group(2))}["\'.\s]', idx.line(i).text + " "):
                return None
            cited[i] = idx.line(i)
            rest = rest.replace(m.group(0), " ")
        for m in _NAME.finditer(rest):
            name, version = m.group(1), m.group(2)
            i = declaring_line(idx, name) if len(name) >= 3 else None
            if i is None:
                continue
            if version and not re.search(rf'["\'=\s^~]{re.escape(version)}["\'.\s]', idx.line(i).text + " "):
                return None   # another version than the manifest's: a disagreement, not a restatement
            cited[i] = idx.line(i)
        if ln.kind == "rule" and not cited:
            return None
    if not cited or len(cited) < 2 and not _TOOLCHAIN.search(" ".join(ln.text for ln in content)):
        return None
    theirs = set()
    for pl in cited.values():
        theirs |= rule_words(pl.text.replace("_", " ").replace("-", " ")) | rule_words(pl.text)
    own = {w for ln in content for w in rule_words(re.sub(r"[\d.]+", " ", ln.text.replace("-", " ")))
           if w not in theirs and w not in _FILLER}
    short = sum(len(ln.text.split()) for ln in content) <= 12   # "MSRV 1.80; nothing newer": no room for a story
    if len(own) > (4 if short else 2):
        return None
    lines = sorted(cited.values(), key=lambda pl: (pl.file, pl.line))
    reasons = [f"{pl.cite()}" for pl in lines[:3]]
    reasons.append("it only restates what the project's manifest declares (its dependencies, versions or toolchain): "
                   "reading the manifest once tells the agent")
    return Decision("drop", 3, reasons, [ln.n for ln in content], lines[:6])
