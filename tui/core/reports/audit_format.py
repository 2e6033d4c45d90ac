"""Audit output formats that are data: JSON (SPEC §7), SARIF 2.1.0, Markdown for a PR.

Messages pass through a last redaction (``safe_message``) even though findings are
built without secret values: no output format may ever carry one.
"""
from __future__ import annotations

from pathlib import PurePosixPath

from ... import __version__
from ..judging.findings import AuditReport, group_severity, kind_title, lines_said, place_label, safe_message
from ..judging.findings import SEVERITY, Finding, Place, safe_text
from ..fsutil import dumps_json

SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def to_json(rep: AuditReport) -> dict:
    data = rep.as_json()
    for f, d in zip(rep.findings, data["findings"]):
        d["message"] = safe_message(f)
        if f.places:
            for p, loc in zip(f.places, d["locations"]):
                loc["note"] = safe_text(p.note)
    return data


def _uri(entry_id: str) -> str:
    return str(PurePosixPath(entry_id)) if entry_id else "."


def _location(p: Place, **more) -> dict:
    loc = {"physicalLocation": {"artifactLocation": {"uri": _uri(p.id), "uriBaseId": "MEMORYDIR"}}, **more}
    if p.line:
        loc["physicalLocation"]["region"] = {"startLine": p.line, **({"endLine": p.end} if p.end else {})}
    return loc


def to_sarif(rep: AuditReport) -> dict:
    rules: dict[str, dict] = {}
    results = []
    for f in rep.findings:
        rid = f"{f.kind}:{f.rule}"   # not "/": a rule named after a URL host would read as part of the URL
        if rid not in rules:
            rules[rid] = {
                "id": rid, "name": f"{f.kind}-{f.rule}".replace("-", " ").title().replace(" ", ""),
                "shortDescription": {"text": f"{kind_title(f.kind)}: {f.rule}"},
                "defaultConfiguration": {"level": SARIF_LEVEL[SEVERITY.get(f.kind, "warning")]},
                "properties": {"kind": f.kind},
            }
        # One result per cause. Its first place is its location; the others are related locations, each
        # with what is there (SARIF 2.1.0 §3.27.12: several "locations" only where one change must be
        # made at every one of them — a cause's places are each fixed on their own, or not at all)
        # A folder-wide cause (no id) is the folder's: every file is one of its related locations.
        first, *others = f.locations if f.id or not f.places else (Place("", None), *f.places)
        text = safe_message(f) + (f" Fix: {f.fix}" if f.fix else "")
        result = {"ruleId": rid, "ruleIndex": list(rules).index(rid), "level": SARIF_LEVEL[f.severity],
                  "message": {"text": text}, "locations": [_location(first)],
                  "properties": {"confidence": f.confidence}}
        if others:
            result["relatedLocations"] = [_location(p, id=n, message={"text": safe_text(p.note) or kind_title(f.kind)})
                                          for n, p in enumerate(others, 1)]
        results.append(result)
    # No "$schema"/"informationUri" URLs: an output that contains "https://" would share
    # 8-character pieces with any webhook URL it reports, and no output may do that.
    return {
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "memtui", "version": __version__, "rules": list(rules.values())}},
            "originalUriBaseIds": {"MEMORYDIR": {"uri": PurePosixPath(rep.dir).as_uri() + "/"
                                                 if rep.dir.startswith("/") else rep.dir}},
            "results": results,
        }],
    }


def _md(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def to_markdown(rep: AuditReport) -> str:
    n = len(rep.findings)
    lines = [f"## memtui audit: {n} finding{'s' if n != 1 else ''} in {rep.entries} entries", ""]
    if rep.unchecked:
        lines += [f"_Paths not checked: {_md(rep.unchecked)}._", ""]
    if not n:
        return "\n".join(lines + ["No findings: nothing in this memory folder is unsafe to share.", ""])
    summary = ", ".join(f"{k}: {c}" for k, c in rep.by_kind.items())
    lines += [f"**{summary}**", ""]
    for kind in rep.by_kind:
        items = [f for f in rep.findings if f.kind == kind]
        icon = {"error": "🔴", "warning": "🟡", "info": "🔵"}[group_severity(items)]
        lines += [f"### {icon} {kind_title(kind)} ({len(items)})", "",
                  "| entry | line | confidence | finding | fix |", "|---|---|---|---|---|"]
        for f in items:
            lines.append(f"| `{_md(f.id or '(folder)')}` | {_md(_lines(f))} | {f.confidence} | {_md(_said(f))} | "
                         f"{_md(f.fix)} |")
        lines.append("")
    return "\n".join(lines)


def _lines(f: Finding) -> str:
    """The line column: the lines of a cause in one file, else its first line."""
    if f.places and f.id and all(p.id == f.id for p in f.places):
        return lines_said(f, 12).removeprefix("lines ")
    return str(f.line or "")


def _said(f: Finding, most: int = 12) -> str:
    """The finding column: the message, then each place with what is there (where notes differ)."""
    text = safe_message(f)
    if not f.places:
        return text
    if len({p.note for p in f.places}) == 1:
        return text + ("" if f.id and all(p.id == f.id for p in f.places) else f": {lines_said(f, most)}")
    items = [f"{place_label(p, f)}: {safe_text(p.note)}" for p in f.places[:most]]
    more = f"<br>… and {len(f.places) - most} more" if len(f.places) > most else ""
    return text + "<br>" + "<br>".join(items) + more


def dumps(obj) -> str:
    return dumps_json(obj, indent=2)
