"""Checks that compare entries with each other (and with the instruction files):
conflicts (the same subject with contradicting values) and duplicates (the same text twice)."""
from __future__ import annotations

import heapq
import os
import re
from collections import defaultdict
from pathlib import Path

from .findings import Finding
from .fsutil import within
from .memory import Memory

SKETCH = 8
INSTRUCTION_FILES = ("CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md", "CLAUDE.local.md")


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
