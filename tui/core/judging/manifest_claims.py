"""A memory that gives a dependency's version the project's manifest contradicts (issue 36 item 2,
stop 38): "Vite ^4.3.0" in a memory's table while package.json pins vite ^6.2.1. The manifest is
what the project is on; the memory is what the agent will believe. Same subject (a name the
manifest lists), two values (a different major version): one finding per memory naming both
places and every such dependency it gets wrong.

Narrow on purpose: only the project root's package.json, only names it lists, only a version
right after the name on its line (a table row's cells count: | Vite | build tool | ^4.3.0 |), and
not on a line that tells history or a plan (upgrade, from … to, →, was). ``possible``: a memory may
speak of another package of a monorepo."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .findings import Finding, Place
from .history_words import reader
from .manifests import package_dependencies
from ..textutil import without_code

if TYPE_CHECKING:
    from ..snapshots.memory import Memory

# right after the name: "Vite 4", "vite@4.3", "Vite ^4.3.0", "Vite (v4)", "vite: 4.3"
_AFTER = re.compile(r"[ \t]?[@:(]?[ \t]?(?:version[ \t]*)?([\^~>=]{0,2}v?\d{1,4}(?:\.\d{1,4}){0,2})(?![\w.])")
# a cell that is a version and nothing else
_CELL = re.compile(r"^`?([\^~>=]{0,2}v?\d{1,4}(?:\.\d{1,4}){0,2})`?$")
# (history_words' core, with a version's own words of change, plan and comparison)
_HISTORY = reader(r"upgrad|migrat|=>|\bfrom\b.{0,30}\bto\b|previous|\bold\b|legacy|"
                  r"deprecat|\bbump|\bplan|\btodo\b|\bsince\b|\bbefore\b|\bafter\b|instead|\bvs\.?\b|"
                  r"actualiz|atualiz|升级|迁移|업그레이드|アップグレード")


def _stated(line: str, start: int, end: int) -> str | None:
    """The version the line gives the name at [start, end): right after it in prose; in a table
    row, only when the name is its cell's whole text, from the first later cell that is a version."""
    if line.lstrip().startswith("|"):
        cells = line.split("|")
        at = line.count("|", 0, start)
        if cells[at].strip(" `*").lower().removesuffix(".js") != line[start:end].lower().removesuffix(".js"):
            return None
        return next((m.group(1) for c in cells[at + 1:] if (m := _CELL.match(c.strip()))), None)
    m = _AFTER.match(line, end)
    return m.group(1) if m else None


def _major(spec: str) -> str | None:
    """The part of a version that breaks: the major, or 0.minor (None: a tag, a path, a range)."""
    m = re.match(r"^[\^~>=v ]*(\d+)(?:\.(\d+))?", spec.strip())
    if not m or "||" in spec or " - " in spec:
        return None
    return m.group(1) if m.group(1) != "0" else f"0.{m.group(2) or 0}"


def _manifest(root: str) -> dict[str, str]:
    """Each dependency whose spec has a major (a later field's spec wins, as npm reads them)."""
    return {name.lower(): spec for name, spec in package_dependencies(root) if _major(spec) is not None}


def manifest_conflicts(mem: Memory) -> list[Finding]:
    deps = _manifest(str(mem.root))
    if not deps:
        return []
    # a scoped name is matched whole (@types/node); a bare one also as written for people (Vite, Vue.js)
    names = sorted(deps, key=len, reverse=True)
    rx = re.compile(r"(?i)(?<![\w@/.-])(" + "|".join(re.escape(n) for n in names) + r")(?:\.js)?(?![\w/-])")
    out = []
    for e in mem.sorted_entries():
        if not e.readable or not e.body:
            continue
        body = without_code(e.body) if "```" in e.body else e.body
        low = body.lower()
        if not any(n in low for n in names):
            continue
        places = []
        for m in rx.finditer(body):
            line_start, line_end = body.rfind("\n", 0, m.start()) + 1, body.find("\n", m.end())
            line = body[line_start:line_end if line_end >= 0 else len(body)]
            if _HISTORY.search(line):
                continue
            v = _stated(line, m.start() - line_start, m.end() - line_start)
            if not v:
                continue
            said = _major(v)
            name = m.group(1).lower()
            if said != _major(deps[name]):
                n = e.body_line + body.count("\n", 0, m.start())
                places.append(Place(e.id, n, f"{m.group(1)} {v} (package.json: {deps[name]})"))
        if places:
            shown = ", ".join(p.note for p in places[:3]) + (f" and {len(places) - 3} more" if len(places) > 3 else "")
            out.append(Finding(e.id, "conflict", "manifest-version", places[0].line,
                               f"gives versions package.json contradicts: {shown}",
                               "correct the versions from package.json, or drop them: the manifest says it",
                               "package.json", confidence="possible",
                               places=tuple(places) if len(places) > 1 else ()))
    return out
