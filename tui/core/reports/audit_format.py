"""Audit output formats that are data: JSON (SPEC §7), SARIF 2.1.0, Markdown for a PR.

Messages pass through a last redaction (``safe_message``) even though findings are
built without secret values: no output format may ever carry one.
"""
from __future__ import annotations

from pathlib import PurePosixPath

from ... import __version__
from ..judging.findings import AuditReport, group_severity, kind_title, safe_message
from ..judging.findings import SEVERITY, Finding
from ..writes.fsutil import dumps_json

SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def to_json(rep: AuditReport) -> dict:
    data = rep.as_json()
    for f, d in zip(rep.findings, data["findings"]):
        d["message"] = safe_message(f)
    return data


def _uri(f: Finding) -> str:
    return str(PurePosixPath(f.id)) if f.id else "."


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
        loc = {"physicalLocation": {"artifactLocation": {"uri": _uri(f), "uriBaseId": "MEMORYDIR"}}}
        if f.line:
            loc["physicalLocation"]["region"] = {"startLine": f.line}
        text = safe_message(f) + (f" Fix: {f.fix}" if f.fix else "")
        results.append({"ruleId": rid, "ruleIndex": list(rules).index(rid), "level": SARIF_LEVEL[f.severity],
                        "message": {"text": text}, "locations": [loc], "properties": {"confidence": f.confidence}})
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
            lines.append(f"| `{_md(f.id or '(folder)')}` | {f.line or ''} | {f.confidence} | {_md(safe_message(f))} | "
                         f"{_md(f.fix)} |")
        lines.append("")
    return "\n".join(lines)


def dumps(obj) -> str:
    return dumps_json(obj, indent=2)
