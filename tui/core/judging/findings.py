"""A finding: what the audit reports and what a rejected write says. Never holds a secret."""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field



@dataclass(frozen=True)
class Kind:
    """What a finding kind is everywhere it is shown: one entry of the registry below."""

    severity: str            # error | warning | info (a possible finding says one step less)
    title: str               # the audit's heading for the kind (text, Markdown, SARIF, the A view)
    flag: str | None = None  # the entry table's flag; None: a column of its own says it (anchor, age, load)
    stops_write: bool = False   # a write with such a finding is refused (SPEC §5); the others only warn
    noun: str = ""           # what a refused write held, in a sentence ("the agent tried to store a secret")


# The one registry of finding kinds, in the order findings are sorted and shown in (errors first).
KIND = {
    "secret": Kind("error", "Secrets", "secret", stops_write=True, noun="a secret"),
    "sensitive": Kind("error", "Sensitive personal data", "sensitive", stops_write=True, noun="personal data"),
    "traversal": Kind("error", "Paths that escape the project", None, stops_write=True,
                      noun="a path out of the project"),
    "transient": Kind("warning", "'Right now' statements", "transient", stops_write=True,
                      noun="a 'right now' statement"),
    "process": Kind("warning", "Session logs and status reports", "process"),
    "conflict": Kind("warning", "Contradictions", "conflict"),
    "duplicate": Kind("warning", "Duplicates", "duplicate"),
    "identifying": Kind("warning", "Identifying details", "ident"),
    "index-hidden": Kind("warning", "Hidden text in MEMORY.md", "hidden"),
    "index-unlinked": Kind("info", "Index lines that link to nothing", "unlinked"),
    "no-frontmatter": Kind("info", "Files without frontmatter", "no-fm"),
    "anchor-broken": Kind("warning", "Broken anchors", None),
    "unreadable": Kind("warning", "Unreadable files", None),
    "tracked-in-git": Kind("warning", "Committed to git", "git"),
    "index-overflow": Kind("warning", "MEMORY.md index", None),
    "link-broken": Kind("warning", "Broken links", "link"),
    "yaml-truncated": Kind("warning", "Values cut by YAML", "yaml-cut"),
    "in-code": Kind("info", "Already in the code", "in-code", stops_write=True, noun="text already in the code"),
    "stale": Kind("info", "Old and unverifiable", None),
    "path-missing": Kind("info", "Mentioned paths that are gone", None),
    "layout": Kind("warning", "Not as the agent expects it", "layout"),
}
_UNKNOWN = Kind("warning", "", "")   # a kind not in the registry: a warning, shown by its name
SEVERITY = {k: v.severity for k, v in KIND.items()}
KINDS = tuple(KIND)
REJECT_ON_WRITE = tuple(k for k, v in KIND.items() if v.stops_write)
ERROR_KINDS = tuple(k for k, v in KIND.items() if v.severity == "error")   # `audit --fail-on`'s default
STALE_DAYS = 30   # an entry with no anchor older than this may no longer hold


def kind_title(kind: str) -> str:
    """The heading a kind's findings are shown under."""
    return KIND.get(kind, _UNKNOWN).title or kind


def kind_noun(kind: str) -> str:
    """What a write refused for this kind held, as a noun phrase (the kind's name when none is set)."""
    return KIND.get(kind, _UNKNOWN).noun or kind


def kind_flag(kind: str) -> str | None:
    """The entry table's flag for a kind (None: a column of its own shows it)."""
    k = KIND.get(kind)
    return kind if k is None else k.flag


def kinds_in_order(kinds: set[str]) -> tuple[str, ...]:
    """These finding kinds, most severe first."""
    return tuple(k for k in KINDS if k in kinds)


@dataclass
class Finding:
    id: str            # entry id ('' for the directory as a whole, 'MEMORY.md' for the index)
    kind: str
    rule: str
    line: int | None
    message: str
    fix: str = ""
    related: str | None = None   # the other entry (or instruction file) of a conflict/duplicate
    # "high": the shape alone says so (a provider token, a key block, a random value under a key
    # name); "possible": worth a look, and wrong often enough that it never fails a run by itself.
    confidence: str = "high"

    @property
    def severity(self) -> str:
        sev = KIND.get(self.kind, _UNKNOWN).severity
        if self.confidence == "possible":   # says one step less: worth a look, not a failure
            return {"error": "warning", "warning": "info"}.get(sev, sev)
        return sev

    def as_json(self) -> dict:
        # the fields by hand: dataclasses.asdict deep-copies each value (a tenth of a second at 5k findings)
        return {"id": self.id, "kind": self.kind, "rule": self.rule, "line": self.line, "message": self.message,
                "fix": self.fix, "related": self.related, "severity": self.severity,
                "confidence": self.confidence}


def age_finding(entry_id: str, age_days: int | None) -> Finding:
    return Finding(entry_id, "stale", "old-unverifiable", None,
                   f"{age_days} days old and has no anchor: nothing can tell whether it still holds",
                   "re-read it; add an anchor (a file and a quote) if it still holds, or delete it")


def stale_finding(entry_id: str, updated: dt.datetime, now: dt.datetime) -> Finding | None:
    """The age finding of a readable entry with no anchor that is not a record of work, if it
    is old enough (how the entry's status sets its 'old-unverifiable' flag)."""
    age = max(0, (now - updated).days)
    return age_finding(entry_id, age) if age > STALE_DAYS else None


@dataclass
class AuditReport:
    findings: list[Finding]
    entries: int
    dir: str = ""
    root: str = ""
    by_kind: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        order = {k: i for i, k in enumerate(KINDS)}
        self.findings.sort(key=lambda f: (order.get(f.kind, 99), f.id, f.line or 0, f.rule))
        counts: dict[str, int] = defaultdict(int)
        for f in self.findings:
            counts[f.kind] += 1
        self.by_kind = dict(counts)

    def as_json(self) -> dict:
        return {"findings": [f.as_json() for f in self.findings],
                "summary": {"entries": self.entries, "findings": len(self.findings), "by_kind": self.by_kind,
                            "dir": self.dir, "root": self.root}}


_RANK = {"error": 0, "warning": 1, "info": 2}


def group_severity(findings) -> str:
    """The severity a group of findings is shown under: its most severe one's (a kind whose every
    finding is possible says less than its kind)."""
    return min((f.severity for f in findings), key=lambda s: _RANK.get(s, 1), default="info")


def fail_kinds(spec: str) -> set[str]:
    """Parse --fail-on: comma-separated kinds, each failing on its high-confidence findings, or
    ``kind:possible`` on every one of that kind; '' or 'none' fails on nothing; 'any' on every
    high-confidence finding."""
    spec = spec.strip().lower()
    if spec in ("", "none"):
        return set()
    if spec in ("any", "all"):
        return set(KINDS)
    items = {k.strip() for k in spec.split(",") if k.strip()}
    kinds = {k.split(":", 1)[0] for k in items}
    unknown = kinds - set(KINDS)
    bad = [k for k in items if ":" in k and k.split(":", 1)[1] not in ("possible", "high")]
    if unknown or bad:
        raise ValueError(f"unknown kind(s) {', '.join(sorted(unknown | set(bad)))}; kinds are {', '.join(KINDS)}, "
                         "each optionally with :possible")
    return {k.removesuffix(":high") for k in items}


def failing(findings, kinds: set[str]) -> list[str]:
    """The kinds among ``findings`` that fail the run: a high-confidence finding of a listed kind,
    or any of a kind listed with :possible."""
    return sorted({f.kind for f in findings
                   if f.kind + ":possible" in kinds or f.kind in kinds and f.confidence != "possible"})


def safe_message(f: Finding) -> str:
    """Belt and braces: a message goes out only after a last redaction pass."""
    from ..secrets.detect import redact   # here: a kept audit is printed without the checks' imports
    return redact(f.message)
