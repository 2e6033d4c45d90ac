"""The injection policy (SPEC §4): one engine for the preview, the CLI and the hook.

Given a prompt, decide which memories go into the model's context, and say why to
the person. Default is not to inject; path hits weigh most; keyword hits are
capped below one path hit; ties go to what the user wrote, then the newer, then
the id; broken or unsafe anchors exclude; a count and a character limit apply,
and an entry that does not fit is skipped whole, never truncated.

The engine builds an inverted index once (terms and paths → entries), so a query
touches only the entries it can hit: fast enough for every keystroke.
"""
from __future__ import annotations

import datetime as dt
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .entry import MemoryEntry
from .secrets import redact
from .status import EntryStatus
from .tokens import cjk_terms, latin_terms, norm_path, query_paths, query_terms

PATH_POINTS = 10         # the prompt names a file the entry is attached to (equal, or a path suffix)
FOLDER_POINTS = 9        # a folder on one side holds the file on the other: close, but less exact
NAME_POINTS = 3          # a word of the entry's name
KEYWORD_POINTS = 2       # a word of its `keywords` field
DESCRIPTION_POINTS = 1   # a word of its description
KEYWORD_CAP = 8          # < FOLDER_POINTS: no number of keyword hits outranks one path hit
DEFAULT_COUNT = 3
DEFAULT_CHARS = 2000
SOURCE_RANK = {"user": 0, "tool": 1, "model": 2}
HEADER = ("Notes from memory that may be relevant to this request "
          "(saved in earlier sessions; they may be out of date):\n")
NO_MATCH = "no memory matched — nothing injected"
_WEIGHT_NAME = {NAME_POINTS: "name", KEYWORD_POINTS: "keyword", DESCRIPTION_POINTS: "description"}


@dataclass
class Reason:
    kind: str        # path | keyword | cap | source
    detail: str
    points: int

    def as_json(self) -> dict:
        return {"kind": self.kind, "detail": self.detail, "points": self.points}


@dataclass
class Candidate:
    id: str
    score: int
    reasons: list[Reason]
    source: str
    updated: float
    name: str
    block: str = ""

    @property
    def chars(self) -> int:
        return len(self.block)


@dataclass
class Excluded:
    id: str
    why: str         # anchor-broken | anchor-unsafe | superseded | count-limit | char-limit
    detail: str
    score: int = 0

    def as_json(self) -> dict:
        return {"id": self.id, "why": self.why, "detail": self.detail, "score": self.score}


@dataclass
class Decision:
    query: str
    injected: list[Candidate]
    excluded: list[Excluded]
    chars: int
    tokens: int
    limits: dict
    message: str
    text: str
    matched: int = 0
    more_excluded: int = 0

    def as_json(self) -> dict:
        return {
            "query": self.query,
            "injected": [{"id": c.id, "name": c.name, "score": c.score, "chars": c.chars,
                          "reasons": [r.as_json() for r in c.reasons]} for c in self.injected],
            "excluded": [x.as_json() for x in self.excluded],
            "more_excluded": self.more_excluded,
            "matched": self.matched,
            "chars": self.chars, "tokens": self.tokens, "limits": self.limits,
            "message": self.message, "text": self.text,
        }


def estimate_tokens(text: str) -> int:
    """≈ tokens: a CJK character is about one token, other text about four characters each."""
    cjk = sum(1 for ch in text if "\u3040" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff")
    return cjk + math.ceil((len(text) - cjk) / 4)


def age_phrase(days: int | None) -> str:
    if days is None:
        return "at an unknown time"
    if days <= 0:
        return "today"
    return "yesterday" if days == 1 else f"{days} days ago"


WRITER = {"user": "the user", "model": "the agent", "tool": "a tool"}


def _best(hits: dict[str, tuple[str, int]], key: str, detail: str, points: int) -> None:
    if key not in hits or hits[key][1] < points:
        hits[key] = (detail, points)


class Engine:
    """An inverted index over a memory directory's entries, and the policy that reads it."""

    def __init__(self, entries: dict[str, MemoryEntry], status: dict[str, EntryStatus],
                 now: dt.datetime, is_dir=lambda rel: False):
        self.entries, self.status, self.now = entries, status, now
        self.terms: dict[str, dict[str, int]] = defaultdict(dict)     # term → {id: weight}
        self.full: dict[str, set[str]] = defaultdict(set)             # normalised path → ids
        self.by_base: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.by_part: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.bare: dict[str, list[tuple[str, str]]] = defaultdict(list)  # 'makefile' → (id, path)
        self.shown: dict[str, str] = {}                               # normalised path → as written
        for e in entries.values():
            if e.readable:
                self._add(e, is_dir)

    @classmethod
    def from_memory(cls, mem) -> "Engine":
        root = mem.root
        return cls(mem.entries, mem.status, mem.now, is_dir=lambda rel: (root / rel).is_dir())

    def _add(self, e: MemoryEntry, is_dir) -> None:
        weights: dict[str, int] = {}
        for text, w in ((e.description, DESCRIPTION_POINTS), (" ".join(e.keywords), KEYWORD_POINTS),
                        (e.name, NAME_POINTS)):
            for t in set(latin_terms(text)) | set(cjk_terms(text)):
                if weights.get(t, 0) < w:
                    weights[t] = w
        for t, w in weights.items():
            self.terms[t][e.id] = w
        for raw in list(e.paths) + [a.file for a in e.anchors]:
            p = norm_path(raw)
            if not p or p.startswith(("/", "~")) or ".." in p.split("/") or "%" in p:
                continue  # unsafe paths never match (the anchor status reports them)
            self.full[p].add(e.id)
            self.shown.setdefault(p, raw.strip().replace("\\", "/").rstrip("/") or p)
            parts = p.split("/")
            self.by_base[parts[-1]].append((e.id, p))
            for part in parts[:-1]:
                self.by_part[part].append((e.id, p))
            base = parts[-1]
            if "." not in base and not raw.rstrip().endswith(("/", "\\")) and not is_dir(raw.strip().strip("/")):
                self.bare[base].append((e.id, p))

    # -- scoring ---------------------------------------------------------------
    def score(self, query: str) -> dict[str, Candidate]:
        hits_path: dict[str, dict[str, tuple[str, int]]] = defaultdict(dict)  # id → {query path: (detail, points)}
        qpaths, qbare = query_paths(query)
        for raw in qpaths:
            q = norm_path(raw)
            if not q:
                continue
            parts = q.split("/")
            for eid, p in self.by_base.get(parts[-1], ()):
                if p == q:
                    _best(hits_path[eid], q, f"{self.shown[p]} (named in the prompt)", PATH_POINTS)
                elif p.endswith("/" + q):
                    _best(hits_path[eid], q, f"{self.shown[p]} (the prompt names {raw})", PATH_POINTS)
            for eid, p in self.by_part.get(parts[-1], ()):   # the prompt names a folder holding p
                if ("/" + p).find("/" + q + "/") >= 0:
                    _best(hits_path[eid], q, f"{self.shown[p]} (under {raw.rstrip('/')}/)", FOLDER_POINTS)
            for i in range(1, len(parts)):                    # an entry attached to a folder above q
                folder = "/".join(parts[:i])
                for eid in self.full.get(folder, ()):
                    _best(hits_path[eid], q, f"{self.shown[folder]}/ (holds {raw})", FOLDER_POINTS)
        for word in qbare:
            for eid, p in self.bare.get(word.lower(), ()):
                _best(hits_path[eid], p, f"{self.shown[p]} (named in the prompt)", PATH_POINTS)

        hits_kw: dict[str, dict[str, int]] = defaultdict(dict)
        for t in query_terms(query, qpaths):
            for eid, w in self.terms.get(t, {}).items():
                hits_kw[eid][t] = w

        out: dict[str, Candidate] = {}
        for eid in set(hits_path) | set(hits_kw):
            e = self.entries[eid]
            reasons = [Reason("path", d, pts) for d, pts in hits_path.get(eid, {}).values()]
            kw = hits_kw.get(eid, {})
            kw_total = 0
            for t, w in sorted(kw.items(), key=lambda x: (-x[1], x[0])):
                reasons.append(Reason("keyword", f"{t} ({_WEIGHT_NAME[w]})", w))
                kw_total += w
            if kw_total > KEYWORD_CAP:
                reasons.append(Reason("cap", f"keyword points capped at {KEYWORD_CAP} "
                                             f"({len(kw)} hits, {kw_total} points)", KEYWORD_CAP - kw_total))
            score = sum(r.points for r in reasons)
            if score <= 0:
                continue
            updated = e.updated.timestamp() if e.updated else 0.0
            out[eid] = Candidate(eid, score, reasons, e.source, updated, e.name)
        return out

    def decide(self, query: str, max_count: int = DEFAULT_COUNT, max_chars: int = DEFAULT_CHARS) -> Decision:
        scored = self.score(query)
        ranked = sorted(scored.values(),
                        key=lambda c: (-c.score, SOURCE_RANK.get(c.source, 3), -c.updated, c.id))
        ties = Counter(c.score for c in ranked)
        injected: list[Candidate] = []
        excluded: list[Excluded] = []
        over: list[Excluded] = []
        used = len(HEADER)
        for c in ranked:
            st, e = self.status[c.id], self.entries[c.id]
            if st.anchor in ("broken", "unsafe"):
                excluded.append(Excluded(c.id, f"anchor-{st.anchor}", st.anchor_detail, c.score))
                continue
            if e.superseded_by:
                excluded.append(Excluded(c.id, "superseded", f"superseded by {e.superseded_by}", c.score))
                continue
            if len(injected) >= max_count:
                over.append(Excluded(c.id, "count-limit", f"ranked below the {max_count} injected", c.score))
                continue
            c.block = self.block(e, st)
            if used + len(c.block) + 1 > max_chars:
                excluded.append(Excluded(c.id, "char-limit",
                                         f"{len(c.block)} characters would not fit in the "
                                         f"{max_chars - used} left of {max_chars}; skipped whole", c.score))
                continue
            if ties[c.score] > 1:
                c.reasons.append(Reason("source", f"tie at {c.score} points, broken by source "
                                        f"({WRITER.get(c.source, c.source)}), then age", 0))
            injected.append(c)
            used += len(c.block) + 1
        shown = over[:20]
        text = HEADER + "\n" + "\n".join(c.block for c in injected) if injected else ""
        chars = len(text)
        limits = {"count": max_count, "chars": max_chars}
        if injected:
            n = len(injected)
            message = (f"{n} memor{'y' if n == 1 else 'ies'} injected — {chars} of {max_chars} characters, "
                       f"≈{estimate_tokens(text)} tokens")
        elif ranked:
            message = f"{len(ranked)} matched, none can be injected (see excluded) — nothing injected"
        else:
            message = NO_MATCH
        return Decision(query, injected, excluded + shown, chars, estimate_tokens(text) if text else 0,
                        limits, message, text, matched=len(ranked), more_excluded=len(over) - len(shown))

    def block(self, e: MemoryEntry, st: EntryStatus) -> str:
        content = (e.body.strip() or e.description).strip()
        stamp = f"## {e.name} — written by {WRITER.get(e.source, e.source)}, {age_phrase(st.age_days)}"
        return redact(f"{stamp}\n{content}\n")
