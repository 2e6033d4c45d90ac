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
    many: str = ""           # what several of them in one cause are, after a count ("3 broken links")
    # one cause across the folder: the files that lack it are one habit to fix, not one finding each
    folder_wide: bool = False


# The one registry of finding kinds, in the order findings are sorted and shown in (errors first).
KIND = {
    "secret": Kind("error", "Secrets", "secret", stops_write=True, noun="a secret", many="secrets"),
    "sensitive": Kind("error", "Sensitive personal data", "sensitive", stops_write=True, noun="personal data",
                      many="statements of personal data"),
    "traversal": Kind("error", "Paths that escape the project", None, stops_write=True,
                      noun="a path out of the project", many="paths that escape the project"),
    "transient": Kind("warning", "'Right now' statements", "transient", stops_write=True,
                      noun="a 'right now' statement", many="'right now' statements"),
    "process": Kind("warning", "Session logs and status reports", "process", many="signs of a session log"),
    "conflict": Kind("warning", "Contradictions", "conflict", many="contradictions"),
    "duplicate": Kind("warning", "Duplicates", "duplicate", many="repeated passages"),
    "identifying": Kind("warning", "Identifying details", "ident", many="identifying details"),
    "index-hidden": Kind("warning", "Hidden text in MEMORY.md", "hidden", many="HTML comments the agent never sees"),
    "index-unlinked": Kind("info", "Index lines that link to nothing", "unlinked", many="index lines that link to nothing"),
    "no-frontmatter": Kind("info", "Files without frontmatter", "no-fm", many="files without frontmatter",
                           folder_wide=True),
    "anchor-broken": Kind("warning", "Broken anchors", None, many="broken anchors"),
    "unreadable": Kind("warning", "Unreadable files", None, many="unreadable parts"),
    "tracked-in-git": Kind("warning", "Committed to git", "git", many="committed files"),
    "index-overflow": Kind("warning", "MEMORY.md index", None, many="files not listed in MEMORY.md", folder_wide=True),
    "link-broken": Kind("warning", "Broken links", "link", many="broken links"),
    "yaml-truncated": Kind("warning", "Values cut by YAML", "yaml-cut", many="values cut by YAML"),
    "in-code": Kind("info", "Already in the code", "in-code", stops_write=True, noun="text already in the code",
                    many="passages already in the code"),
    "stale": Kind("info", "Old and unverifiable", None, many="old, unverifiable statements"),
    "path-missing": Kind("info", "Mentioned paths that are gone", "gone", many="mentioned paths that are gone"),
    "layout": Kind("warning", "Not as the agent expects it", "layout", many="layout problems"),
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


# rules whose cause is a habit of the folder though their kind's is not: one finding for the folder
FOLDER_WIDE_RULES = {"empty-file": "empty files"}


def kind_many(kind: str, rule: str = "") -> str:
    """What several findings of a kind in one cause are, after their count ("3 broken links")."""
    return FOLDER_WIDE_RULES.get(rule) or KIND.get(kind, _UNKNOWN).many or f"{kind} findings"


def kinds_in_order(kinds: set[str]) -> tuple[str, ...]:
    """These finding kinds, most severe first."""
    return tuple(k for k in KINDS if k in kinds)


@dataclass(frozen=True)
class Place:
    """One place a finding's cause shows: a file, a line in it, and what is there."""

    id: str
    line: int | None
    note: str = ""     # what this place holds (the path, the link, the statement), as its own finding said
    end: int | None = None   # the last line of a run of lines this place covers (9,800 lines past a cut)

    def as_json(self) -> dict:
        out = {"id": self.id, "line": self.line, "note": self.note}
        if self.end is not None:
            out["end"] = self.end
        return out


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
    # every place of the cause, when it shows in more than one (one finding per cause: 44 lines past
    # the cut are one finding that lists them); empty: the one place is (id, line). ``line`` is the
    # first place's line.
    places: tuple[Place, ...] = ()
    # "high" when the detector was sure and the audit's calibration (judging/calibration) shows it
    # as possible: triage, which has its own measure, still acts on what the shape said
    shape_level: str = ""
    # what the finding is about when the same thing can show in several files (an address, a home
    # folder): a short hash of it, never the value; one value is one cause (judging/causes)
    cause: str = ""

    @property
    def sure_by_shape(self) -> bool:
        """Sure as its detector found it, whatever level the audit shows it at."""
        return self.confidence != "possible" or self.shape_level == "high"

    @property
    def locations(self) -> tuple[Place, ...]:
        """Every place of this finding, the first being its own (id, line)."""
        return self.places or (Place(self.id, self.line, ""),)

    @property
    def severity(self) -> str:
        sev = KIND.get(self.kind, _UNKNOWN).severity
        if self.confidence == "possible":   # says one step less: worth a look, not a failure
            return {"error": "warning", "warning": "info"}.get(sev, sev)
        return sev

    def as_json(self) -> dict:
        # the fields by hand: dataclasses.asdict deep-copies each value (a tenth of a second at 5k findings)
        out = {"id": self.id, "kind": self.kind, "rule": self.rule, "line": self.line, "message": self.message,
               "fix": self.fix, "related": self.related, "severity": self.severity, "confidence": self.confidence}
        if self.places:   # a cause seen in several places lists them all; one place is (id, line)
            out["locations"] = [p.as_json() for p in self.places]
        if self.shape_level:   # shown possible by calibration, sure by its detector's shape
            out["shape_level"] = self.shape_level
        return out


def age_finding(entry_id: str, age_days: int | None) -> Finding:
    return Finding(entry_id, "stale", "old-unverifiable", None,
                   f"{age_days} days old and has no anchor: nothing can tell whether it still holds",
                   "re-read it; add an anchor (a file and a quote) if it still holds, or delete it",
                   confidence="possible")   # age alone: worth a look, rarely acted on (SPEC §5 calibration)


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
    unchecked: str = ""   # why no path could be checked under the root (project_marks.unchecked_root)

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
                            "dir": self.dir, "root": self.root,
                            **({"paths_unchecked": self.unchecked} if self.unchecked else {})}}


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
    return safe_text(f.message)


def safe_text(text: str) -> str:
    """A finding's text (its message, a place's note) after a last redaction pass."""
    from ..secrets.detect import redact   # here: a kept audit is printed without the checks' imports
    return redact(text)


def place_label(p: Place, f: Finding) -> str:
    """Where a place of ``f`` is, said from the finding: 'line 12' in its own file, else 'a.md:12'."""
    span = f"{p.line}–{p.end}" if p.end else f"{p.line}"
    if p.id == f.id and f.id:
        return f"line{'s' if p.end else ''} {span}" if p.line else p.id
    return (p.id or "(folder)") + (f":{span}" if p.line else "")


def lines_said(f: Finding, most: int = 8) -> str:
    """A grouped finding's places in a few words ('lines 3, 9, 12', 'a.md, b.md and 4 more'); '' for one."""
    if not f.places:
        return ""
    own = all(p.id == f.id for p in f.places) and f.id
    if own and all(p.line for p in f.places):   # lines of one file, a run of them as a range (35–200)
        runs: list[list[int]] = []
        for a, b in sorted({(p.line, p.end or p.line) for p in f.places}):
            if runs and a <= runs[-1][-1] + 1:
                runs[-1][-1] = max(runs[-1][-1], b)
            else:
                runs.append([a, b])
        labels = [f"{a}–{b}" if b > a + 1 else (f"{a}, {b}" if b > a else f"{a}") for a, b in runs]
        shown = ", ".join(labels[:most]) + (f" and {len(labels) - most} more" if len(labels) > most else "")
        return "lines " + shown
    # files whose every place is the file as a whole (its first line): their names say it
    whole = all((p.line or 1) == 1 and not p.end for p in f.places)
    labels = [p.id if whole else place_label(p, f) for p in f.places]
    return ", ".join(labels[:most]) + (f" and {len(labels) - most} more" if len(labels) > most else "")


def by_confidence(findings) -> tuple[list[Finding], list[Finding]]:
    """(high, possible): what a person is shown by default, and what is folded under one line."""
    high, possible = [], []
    for f in findings:
        (possible if f.confidence == "possible" else high).append(f)
    return high, possible


def folded_note(possible: list[Finding], hint: str, width: int | None = None) -> str:
    """The one line that stands for the possible findings a view folds: how many, how to see them
    (``hint``: the view's own key or flag), then their kinds. The hint comes before the kinds, and
    within ``width`` the kinds past what fits are counted ("+3 more"): a cut line never loses the hint."""
    n = len(possible)
    kinds = kinds_in_order({f.kind for f in possible})
    head = f"and {n} possible finding{'s' if n != 1 else ''} to check by hand, {hint}"
    for shown in range(len(kinds), 0, -1):
        more = f", +{len(kinds) - shown} more" if shown < len(kinds) else ""
        note = f"{head} ({', '.join(kinds[:shown])}{more})"
        if width is None or len(note) <= width:
            return note
    return head
