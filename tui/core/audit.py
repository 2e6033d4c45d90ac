"""Audit a memory directory before sharing it: every gate per entry, plus the checks
that need the whole directory (conflicts, duplicates, the index, git)."""
from __future__ import annotations

import heapq
import os
import re
import subprocess
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .findings import KINDS, Finding
from .fsutil import within
from .gates import entry_gates, identifying_findings, line_of, secret_findings
from .index import INDEX_NAME, MAX_BYTES, MAX_LINES
from .memory import Memory
from .secrets import redact

SKETCH = 8
PARALLEL_FROM = 2000   # entries; below this, forking costs more than it saves
INSTRUCTION_FILES = ("CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md", "CLAUDE.local.md")


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


def entry_findings(mem: Memory, entry_id: str) -> list[Finding]:
    """Every finding about one entry (the gates plus its status)."""
    e, st = mem.entries[entry_id], mem.status[entry_id]
    out: list[Finding] = []
    if not e.readable:
        out.append(Finding(e.id, "unreadable", "unreadable", None, f"cannot be read: {e.error}",
                           "fix or remove the file; it is listed but never injected"))
        text = e.text or _raw_text(e.path)
        if text:   # a file that does not parse can still leak
            out += secret_findings(e.id, text) + identifying_findings(e.id, text)
        return out
    out += entry_gates(e, mem.checker)
    if st.anchor == "broken":
        out.append(Finding(e.id, "anchor-broken", "anchor-broken", _anchor_line(e), st.anchor_detail,
                           "check whether the file was renamed and update the anchor; the entry is "
                           "not injected until it verifies (it is never deleted automatically)"))
    for p in st.missing:
        out.append(Finding(e.id, "path-missing", "mentioned-path-missing", _find_line(e.text, p),
                           f"mentions {p}, which does not exist under the project root",
                           "update the path if the file moved, or drop the sentence"))
    if "old-unverifiable" in st.flags:
        out.append(Finding(e.id, "stale", "old-unverifiable", None,
                           f"{st.age_days} days old and has no anchor: nothing can tell whether it still holds",
                           "re-read it; add an anchor (a file and a quote) if it still holds, or delete it"))
    for w in e.warnings:
        if w.kind == "yaml-truncated":
            out.append(Finding(e.id, "yaml-truncated", "hash-comment", w.line, w.message.split(": ", 1)[1],
                               "quote the value: key: \"text # more\""))
    out += _wiki_links(e, mem)
    return out


_FORKED: Memory | None = None   # the memory a forked worker inherited


def _chunk(ids: list[str]) -> list[Finding]:
    assert _FORKED is not None
    return [f for i in ids for f in entry_findings(_FORKED, i)]


def audit(mem: Memory, git: bool = True, jobs: int | None = None) -> AuditReport:
    """Audit every entry and the directory. ``jobs`` > 1 forks workers for the per-entry gates
    (only from a process with no other threads: forking a threaded process is unsafe)."""
    global _FORKED
    ids = sorted(mem.entries)
    if jobs is None:
        jobs = int(os.environ.get("MEMTUI_JOBS") or 0) or (os.cpu_count() or 1)
    pool = None
    if jobs > 1 and len(ids) >= PARALLEL_FROM and threading.active_count() == 1 and hasattr(os, "fork"):
        import concurrent.futures
        import multiprocessing
        _FORKED = mem
        pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
        futures = [pool.submit(_chunk, ids[k::jobs]) for k in range(jobs)]
    out: list[Finding] = []
    out += index_findings(mem)   # the directory-level checks run here meanwhile
    out += conflict_findings(mem) + duplicate_findings(mem)
    if git:
        out += tracked_in_git(mem.dir)
    if pool is not None:
        for fut in futures:
            out += fut.result()
        pool.shutdown()
        _FORKED = None
    else:
        for i in ids:
            out += entry_findings(mem, i)
    return AuditReport(out, len(mem.entries), str(mem.dir), str(mem.root))


def audit_dir(directory: str, root: str, now_iso: str | None = None, git: bool = True) -> AuditReport:
    """Load and audit a folder in this process: what the TUI runs in a separate process for
    large folders, so the audit's CPU never competes with the UI thread for the GIL."""
    import datetime as dt
    now = dt.datetime.fromisoformat(now_iso) if now_iso else None
    return audit(Memory.load(Path(directory), Path(root), now=now), git=git)


def _raw_text(path: Path) -> str:
    """The bytes of an unreadable entry, for the secret scan only. Never follows a symlink
    (it may point out of the folder) and never opens a pipe or device (it would block)."""
    import stat as stat_mod
    try:
        st = os.lstat(path)
        if not stat_mod.S_ISREG(st.st_mode) or st.st_size > 1_000_000:
            return ""
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        try:
            return os.read(fd, 1_000_000).decode("latin-1")
        finally:
            os.close(fd)
    except OSError:
        return ""


def _find_line(text: str, needle: str) -> int | None:
    pos = text.find(needle)
    return line_of(text, pos) if pos >= 0 else None


def _anchor_line(e) -> int | None:
    m = re.search(r"^anchors?\s*:", e.text, re.M)
    return line_of(e.text, m.start()) if m else None


_WIKI = re.compile(r"\[\[([^\]|#\n]+)(?:[#|][^\]\n]*)?\]\]")


def _wiki_links(e, mem: Memory) -> list[Finding]:
    out = []
    names = None
    for m in _WIKI.finditer(e.body):
        target = m.group(1).strip()
        if names is None:
            names = {x.name.lower() for x in mem.entries.values()} | \
                    {i.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower() for i in mem.entries}
        if target.lower() not in names and target not in mem.entries and target + ".md" not in mem.entries:
            out.append(Finding(e.id, "link-broken", "wiki-link", e.body_line + e.body.count("\n", 0, m.start()),
                               f"[[{target}]] links to no entry", "point it at an existing entry or drop it"))
    return out


def index_findings(mem: Memory) -> list[Finding]:
    idx = mem.index
    if not idx.exists or idx.error:
        return [Finding(INDEX_NAME, "unreadable", "index", None, idx.error, "")] if idx.error else []
    out = []
    beyond = [ln for ln in idx.lines if not ln.resident and any(ln.ids)]
    if idx.cut_reason:
        limit = f"{MAX_LINES} lines" if idx.cut_reason == "lines" else f"{MAX_BYTES:,} bytes"
        ids = [i for ln in beyond for i in ln.ids if i]
        shown = ", ".join(ids[:8]) + (f" and {len(ids) - 8} more" if len(ids) > 8 else "")
        first_out = next((ln.file_line for ln in idx.lines if not ln.resident), None)
        out.append(Finding(INDEX_NAME, "index-overflow", "past-the-cut", first_out,
                           f"MEMORY.md is {idx.total_lines} lines / {idx.total_bytes:,} bytes; the agent loads only "
                           f"the first {limit}, so {len(beyond)} index line(s) after line {idx.cut_line} are never "
                           f"seen at start-up" + (f": {shown}" if ids else ""),
                           "move what matters above the cut; fold session logs and stale lines out of the index"))
    for ln in idx.lines:
        for target, i in zip(ln.targets, ln.ids):
            if not i:
                if "://" not in target and not target.startswith("#"):
                    out.append(Finding(INDEX_NAME, "link-broken", "index-outside", ln.file_line,
                                       f"index link '{target[:80]}' points outside the memory folder",
                                       "link only to files inside the memory folder"))
            elif i not in mem.entries and not (mem.dir / i).exists():
                out.append(Finding(INDEX_NAME, "link-broken", "index-missing-file", ln.file_line,
                                   f"index line points at {i}, which does not exist",
                                   "remove the line, or restore the file from the trash"))
    listed = idx.resident_ids | idx.beyond_ids
    for i in sorted(mem.entries):
        if i not in listed and mem.status[i].load == "on-demand":
            out.append(Finding(i, "index-overflow", "not-in-index", None,
                               "not listed in MEMORY.md: the agent only finds it by searching the folder",
                               "add a line for it to MEMORY.md if it matters at start-up"))
    return out


# -- conflicts and duplicates -------------------------------------------------------------

_POS = re.compile(r"(?i)\b(?:use|uses|using|prefer|prefers|switch(?:ed)? to|always use|run with|runs with)\s+"
                  r"(?:the\s+)?([A-Za-z][\w.+-]{2,30})")
_NEG = re.compile(r"(?i)\b(?:don'?t use|do not use|never use|never|avoid|no longer use|stop using|not|instead of|"
                  r"rather than|don'?t add|do not add|without)\s+(?:the\s+)?([A-Za-z][\w.+-]{2,30})")
_POS_ZH = re.compile(r"(?:使用|用|改用|采用)\s*([A-Za-z][\w.+-]{2,30})")
_NEG_ZH = re.compile(r"(?:不要用|不要使用|别用|禁止使用|禁止|不用|不再使用)\s*([A-Za-z][\w.+-]{2,30})")
_VALUE = re.compile(r"(?i)\b(port|node|python|postgres|postgresql|java|go|ruby|timeout|retries)\s*(?:is|=|:|of|version)?"
                    r"\s*v?(\d+(?:\.\d+)?)\b")
_NOT_OBJECTS = set("""the a an it this that these those them any all more less same other new old here there
too only also just it's its one two to be as in on of for and or but with by from up out when what which who""".split())


def claims(text: str) -> tuple[set[str], set[str], dict[str, set[str]]]:
    """(things it says to use, things it says not to use, subject → values) of a text."""
    pos, neg, vals = set(), set(), defaultdict(set)
    for rx, bucket in ((_NEG, neg), (_NEG_ZH, neg)):
        for m in rx.finditer(text):
            w = m.group(1).lower().rstrip(".,;:")
            if w not in _NOT_OBJECTS:
                bucket.add(w)
    for rx in (_POS, _POS_ZH):
        for m in rx.finditer(text):
            w = m.group(1).lower().rstrip(".,;:")
            before = text[max(0, m.start() - 12):m.start()].lower()
            if w in _NOT_OBJECTS or re.search(r"(?:n't|not|never|不要|别|禁止)\s*$", before):
                continue
            pos.add(w)
    for m in _VALUE.finditer(text):
        vals[m.group(1).lower().replace("postgresql", "postgres")].add(m.group(2))
    return pos, neg - pos, vals


def _instruction_texts(root: Path) -> dict[str, str]:
    out = {}
    real_root = os.path.realpath(root)
    for name in INSTRUCTION_FILES:
        p = root / name
        try:
            if not within(real_root, os.path.realpath(p)) or os.path.realpath(p) == real_root:
                continue   # a symlink out of the project is not the project's instruction file
            if p.is_file() and p.stat().st_size < 2_000_000:
                out[name] = p.read_text(encoding="utf-8", errors="replace")
        except OSError:
            pass
    return out


def conflict_findings(mem: Memory) -> list[Finding]:
    docs: dict[str, tuple[set, set, dict]] = {}
    for e in mem.sorted_entries():
        if e.readable and not e.superseded_by:
            docs[e.id] = claims(f"{e.description}\n{e.body}")
    instr = {name: claims(text) for name, text in _instruction_texts(mem.root).items()}
    by_pos: dict[str, list[str]] = defaultdict(list)
    by_neg: dict[str, list[str]] = defaultdict(list)
    by_val: dict[tuple[str, str], list[str]] = defaultdict(list)
    for src in list(docs) + list(instr):
        pos, neg, vals = docs.get(src) or instr[src]
        for w in pos:
            by_pos[w].append(src)
        for w in neg:
            by_neg[w].append(src)
        for subject, values in vals.items():
            for v in values:
                by_val[(subject, v)].append(src)
    out, seen = [], set()

    def add(a: str, b: str, what: str) -> None:
        if a == b or (a in instr and b in instr):
            return
        if a in instr:
            a, b = b, a
        key = (a, b, what) if b in instr else (min(a, b), max(a, b), what)
        if key in seen:
            return
        seen.add(key)
        out.append(Finding(key[0], "conflict", "contradiction", None, f"{what} — contradicts {key[1]}",
                           "decide which holds; delete or rewrite the other (mark it superseded_by)", key[1]))

    for w in sorted(set(by_pos) & set(by_neg)):
        for a in by_pos[w]:
            for b in by_neg[w]:
                add(a, b, f"says to use {w}, the other says not to")
    subjects: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for (subject, v), srcs in by_val.items():
        for s in srcs:
            subjects[subject].append((v, s))
    for subject, pairs in sorted(subjects.items()):
        for i, (v1, s1) in enumerate(pairs):
            for v2, s2 in pairs[i + 1:]:
                if v1 != v2 and s1 != s2:
                    add(s1, s2, f"{subject} {v1} here, {subject} {v2} there")
    return out


def _shingle_set(text: str) -> set[str]:
    words = re.findall(r"\w+", text.lower())
    return {" ".join(words[i:i + 3]) for i in range(max(1, len(words) - 2))} if words else set()


def duplicate_findings(mem: Memory, threshold: float = 0.8) -> list[Finding]:
    """Near-identical entries: Jaccard of word 3-grams >= ``threshold``.

    Candidates come from a bottom-k sketch (the k smallest shingle hashes of each entry):
    two entries that similar share one of them almost surely, and unrelated entries
    rarely do, so the work stays near-linear at 10k entries instead of all pairs.
    """
    sets = {e.id: _shingle_set(e.body) for e in mem.sorted_entries() if e.readable and len(e.body.split()) >= 4}
    buckets: dict[int, list[str]] = defaultdict(list)
    for eid, sh in sets.items():
        for h in heapq.nsmallest(SKETCH, (hash(x) for x in sh)):
            buckets[h].append(eid)
    candidates: set[tuple[str, str]] = set()
    for ids in buckets.values():
        if 1 < len(ids) <= 20:   # a min-hash shared that widely is boilerplate, not a duplicate
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    candidates.add((a, b) if a < b else (b, a))
    out = []
    for a, b in sorted(candidates):
        inter = len(sets[a] & sets[b])
        union = len(sets[a]) + len(sets[b]) - inter
        if union and inter / union >= threshold:
            out.append(Finding(a, "duplicate", "near-identical", None,
                               f"{inter / union:.0%} the same as {b}", "keep one; delete the other", b))
    instr = _instruction_texts(mem.root)
    for name, text in instr.items():
        lines = {" ".join(ln.strip(" -*#>").split()).lower() for ln in text.splitlines() if len(ln.split()) >= 5}
        for eid in sets:
            e = mem.entries[eid]
            for ln in e.body.splitlines():
                norm = " ".join(ln.strip(" -*#>").split()).lower()
                if len(norm.split()) >= 5 and norm in lines:
                    out.append(Finding(eid, "duplicate", "in-instructions", e.body_line + e.body.split("\n").index(ln),
                                       f"already stated in {name}", f"delete it from memory: {name} is "
                                       "loaded every session", name))
                    break
    return out


def tracked_in_git(directory: Path) -> list[Finding]:
    try:
        p = subprocess.run(["git", "-C", str(directory), "ls-files", "-z", "--", "."], capture_output=True,
                           timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if p.returncode != 0 or not p.stdout.strip(b"\0"):
        return []
    n = len([x for x in p.stdout.split(b"\0") if x])
    return [Finding("", "tracked-in-git", "committed", None,
                    f"the memory folder is committed to git ({n} file(s) tracked): anyone with the repository "
                    "has these memories, and removing them now does not remove them from history",
                    "stop tracking it (git rm -r --cached, add it to .gitignore); if a secret was ever committed, "
                    "rotate it — history keeps it")]


def fail_kinds(spec: str) -> set[str]:
    """Parse --fail-on: comma-separated kinds; '' or 'none' fails on nothing; 'any' on everything."""
    spec = spec.strip().lower()
    if spec in ("", "none"):
        return set()
    if spec in ("any", "all"):
        return set(KINDS)
    kinds = {k.strip() for k in spec.split(",") if k.strip()}
    unknown = kinds - set(KINDS)
    if unknown:
        raise ValueError(f"unknown kind(s) {', '.join(sorted(unknown))}; kinds are {', '.join(KINDS)}")
    return kinds


def safe_message(f: Finding) -> str:
    """Belt and braces: a message goes out only after a last redaction pass."""
    return redact(f.message)
