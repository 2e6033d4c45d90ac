"""The injection policy (SPEC §4): one engine for the preview, the CLI and the hook.

Given a prompt, decide which memories go into the model's context, and say why to
the person. Default is not to inject; path hits weigh most; keyword hits are
capped below one path hit; ties go to what the user wrote, then the newer, then
the id; broken or unsafe anchors exclude; a count and a character limit apply: the set
is chosen with each entry at its least size (its author's description and the file to read,
when it has one), then each goes in whole while the budget allows (``decide``): never cut.

The body is evidence, weighed below the description, within the keyword cap: no number
of its words outranks a path hit (evidence.py says when and how much they count).

The engine scores over an index (postings.py: in memory for a reading, or the hook's kept
SQLite postings) that lists the entries a word or a path can hit, so a query touches only
those: fast enough for every keystroke.
"""
from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from typing import Iterator

from . import blocks
from ..config import DEFAULT_CHARS, DEFAULT_COUNT  # noqa: F401 (the names others import from here)
from .decision import (WRITER, Candidate, Decision, Excluded, Reason, age_phrase, estimate_tokens,  # noqa: F401
                       shown_points, signed_points)
from ..reading.entry import MemoryEntry
from .evidence import (BODY, BODY_DF_MAX, TAIL, KEYWORD_CAP, body_need, keyword_points, keyword_reasons,  # noqa: F401
                       rarities, second_keys, seconds, spoken_most)
from .postings import SOURCE_RANK, DictPostings, Postings  # noqa: F401
from ..secrets.detect import blank_secrets, redact
from ..judging.status import EntryStatus
from .tokens import norm_path, query_paths, query_terms, term_words

PATH_POINTS = 10         # the prompt names a file the entry is attached to (equal, or a path suffix)
FOLDER_POINTS = 9        # a folder on one side holds the file on the other: close, but less exact
MIN_SCORE = 0.1          # any hit counts (SPEC §4: only a score of 0 stays out); filler words never hit
HEADER = ("Notes from memory that may be relevant to this request "
          "(saved in earlier sessions; they may be out of date):\n")
NO_MATCH = "no memory matched — nothing injected"
BULK = 300               # a folder holding more entries than this is merged lazily
LIST_LIMIT = 20          # excluded entries listed per decision; the rest are counted


def _best(hits: dict[str, tuple], key: str, hit: tuple) -> None:
    if key not in hits or hits[key][0] < hit[0]:
        hits[key] = hit


class _Scored(dict):
    """id → (score, path hits, keyword hits), written when ``decide`` first reads an entry (it
    reads a few dozen of the thousands a broad prompt matches); an entry only the broad folder
    hit (``bulk``) scores that folder hit alone."""

    def __init__(self, index: Postings, scores: dict[str, float], hits_path: dict, qterms, bulk, need: int,
                 rare: dict[str, float], held: dict[str, int], most: dict[str, str], second=()) -> None:
        super().__init__()
        self.index, self.scores, self.hits_path, self.qterms, self.bulk = index, scores, hits_path, qterms, bulk
        self.need = need   # body words an entry needs to match alone (evidence.body_need)
        self.rare, self.held = rare, held   # term → its rarity, and how many entries hold it
        self.most, self.second = most, second   # entry → its folder's own word (evidence.spoken_most); seconds

    def __missing__(self, eid: str) -> tuple[int, dict, dict]:
        ph = self.hits_path.get(eid)
        if ph is None:
            ph = {}
            if self.bulk is not None and eid in self.bulk[1]:
                ph[self.bulk[0]] = (FOLDER_POINTS, "under", self.bulk[1][eid], self.bulk[2])
        score = self.scores.get(eid)
        if score is None:   # not scored: a hit only if the broad folder holds it, worth its points
            if not ph:
                raise KeyError(eid)
            score = FOLDER_POINTS
        kw = {}
        for t in self.qterms:
            weights = self.index.weights(t)
            if weights and eid in weights:
                kw[t] = weights[eid]
            else:
                body = self.index.body(t)
                if body and eid in body and (body[eid] != TAIL or eid in self.second):
                    kw[t] = BODY
        value = self[eid] = (score, ph, kw)
        return value


class _Group:
    """The entries of the broad folder's points (FOLDER_POINTS): those scored so, and those only
    the broad folder holds (``held`` less ``scores``), which are never listed unless asked (at
    50k, listing them all took 30 ms a prompt for "… in src/ …")."""

    def __init__(self, ids: set[str], held: dict[str, str], scores: dict[str, int], rest: int) -> None:
        self.ids, self.held, self.scores, self.rest = ids, held, scores, rest

    def __contains__(self, eid: str) -> bool:
        return eid in self.ids or (eid in self.held and eid not in self.scores)

    def __len__(self) -> int:
        return len(self.ids) + self.rest

    def __iter__(self) -> Iterator[str]:
        yield from self.ids
        yield from (eid for eid in self.held if eid not in self.scores)


class Engine:
    """The injection policy over an index (``postings.Postings``): in memory for a reading,
    or the hook's kept SQLite postings. One scoring, one ranking, one limits pass for both."""

    def __init__(self, index: Postings, now: dt.datetime | None = None) -> None:
        self.index, self.now = index, now
        self.entries, self.status = index.entries, index.status

    @classmethod
    def from_memory(cls, mem) -> "Engine":
        root = mem.root
        return cls(DictPostings(mem.entries, mem.status, is_dir=lambda rel: (root / rel).is_dir()), mem.now)

    @classmethod
    def steps(cls, mem, chunk: int = 50) -> Iterator[None]:
        """The same engine as ``from_memory``, built ``chunk`` entries at a time: the caller
        runs the steps in slices between its own work (the app, on its UI thread: a build in
        another thread would take the interpreter from the UI for its whole length). The
        engine is the generator's return value."""
        root = mem.root
        index = DictPostings(mem.entries, mem.status, is_dir=lambda rel: (root / rel).is_dir(), build=False)
        yield from index.steps(chunk)
        return cls(index, mem.now)

    # -- scoring ---------------------------------------------------------------
    def _path_hits(self, query: str) -> tuple[dict[str, dict[str, tuple]], tuple | None, list[str]]:
        """(path hits per entry {key: (points, how, path, as named)}, the broad folder hit left
        out of them, the query's paths).

        A folder named in the prompt that holds thousands of entries ('… in src/') is kept as
        one hit (``bulk``) rather than thousands: ``decide`` merges it lazily in rank order."""
        hits_path: dict[str, dict[str, tuple]] = defaultdict(dict)
        qpaths, qbare = query_paths(query)
        bulk = None
        for raw in qpaths:
            q = norm_path(raw)
            if not q:
                continue
            held = self.index.folder(q)
            if len(held) > BULK and (bulk is None or len(held) > len(bulk[1])):
                if bulk is not None:
                    self._folder_hits(hits_path, bulk[0], bulk[1], bulk[2])
                bulk = (q, held, raw)
            elif held:
                self._folder_hits(hits_path, q, held, raw)
            parts = q.split("/")
            for eid, p in self.index.named(q):
                if p == q:
                    _best(hits_path[eid], q, (PATH_POINTS, "named", p, raw))
                elif p.endswith("/" + q):
                    _best(hits_path[eid], q, (PATH_POINTS, "suffix", p, raw))
            for i in range(1, len(parts)):                    # an entry attached to a folder above q
                folder = "/".join(parts[:i])
                for eid in self.index.full(folder):
                    _best(hits_path[eid], q, (FOLDER_POINTS, "holds", folder, raw))
        for word in qbare:
            for eid, p in self.index.bare(word.lower()):
                _best(hits_path[eid], p, (PATH_POINTS, "named", p, word))
        return hits_path, bulk, qpaths

    @staticmethod
    def _folder_hits(hits_path: dict, q: str, held: dict[str, str], raw: str) -> None:
        for eid, p in held.items():   # the prompt names a folder holding p
            _best(hits_path[eid], q, (FOLDER_POINTS, "under", p, raw))

    def reasons(self, ph: dict, kw: dict, words: dict[str, str] | None, scored: "_Scored",
                eid: str | None = None) -> list[Reason]:
        """The reasons of one entry's (``eid``'s) hits; ``words``: term → the prompt's word (evidence.keyword_reasons)."""
        words = words or {}
        out = []
        for points, how, p, raw in sorted(ph.values(), key=lambda h: (-h[0], h[2], h[3])):
            shown = self.index.shown(p) or p
            detail = {"named": f"{shown} (named in the prompt)",
                      "suffix": f"{shown} (the prompt names {raw})",
                      "under": f"{shown} (under {raw.rstrip('/')}/)",
                      "holds": f"{shown}/ (holds {raw})"}[how]
            out.append(Reason("path", detail, points))
        foci = {t: self.index.body(t)[eid] for t, w in kw.items() if w == BODY}   # (evidence.body_tenths)
        out += keyword_reasons(kw, words, scored.need, scored.rare, scored.held, self.index.size(), scored.qterms.names,
                               scored.qterms.quiet, scored.most.get(eid), eid in scored.second, foci)
        return out

    def _ranked(self, query: str):
        """(scored, (rank key, id) in rank order as a lazy iterator, number matched, ties Counter
        by score and by rank key).

        The rank key is (score, evidence, body words, mentions): at equal score an entry whose
        points come from paths, its name, keywords or description goes before one whose come from
        its body (evidence strength: the score less the body's points; a second entry, evidence.seconds,
        has less than any), then the one whose body holds more of the prompt's words, then the one
        whose body speaks of them more (evidence.mentions, focus: as BM25 weighs a count; stop-40
        TUNE pool: first 9 -> 12 of 14 on its tune half, 10 -> 11 of 22 on the other), then the
        index's tie order (source, age, id). Counted rather than itemised: keyword points are summed
        over the query's terms' postings; the ranking goes key by key, and a key's entries are put
        in tie order only when ``decide`` reaches it (it reads a few dozen of the thousands a broad
        prompt matches). The reasons are written only for the entries it reads (``_Scored``)."""
        scores, scored, bulk, keys = self._scores(query)
        groups: dict[tuple, list[str]] = defaultdict(list)
        for eid, sc in scores.items():
            groups[keys.get(eid) or (sc, sc, 0, 0)].append(eid)
        ties: Counter = Counter(scores.values())   # entries per score, and per rank key (counted in C)
        ties.update({k: len(ids) for k, ids in groups.items()})
        matched = len(scores)
        if bulk is not None:
            held = bulk[1]
            rest = len(held) - len(held.keys() & scores.keys())   # held, no other hit: one folder hit each
            if rest:
                k = (FOLDER_POINTS, FOLDER_POINTS, 0, 0)
                ties[FOLDER_POINTS] += rest
                ties[k] += rest
                matched += rest
                groups[k] = _Group(set(groups.get(k, ())), held, scores, rest)

        def ranked():
            for k in sorted(groups, reverse=True):
                for eid in self.index.tie_ordered(groups[k]):
                    yield k, eid

        return scored, ranked(), matched, ties

    def _scores(self, query: str) -> tuple[dict[str, float], "_Scored", tuple | None, dict[str, tuple]]:
        """(id → score, the same ids → (score, path hits, keyword hits {term: weight}) on demand, the
        broad folder hit, id → rank key where it is not (score, score, 0, 0)). Keyword points are counted
        per entry, each word's scaled by its rarity, capped below one path hit (the broad folder's
        entries get them too), and the second entries beside (evidence.seconds). One decimal."""
        hits_path, bulk, qpaths = self._path_hits(query)
        qterms = query_terms(query, qpaths)
        need = body_need(qterms.words)
        rare, held = rarities(self.index, qterms)
        counts, named, body, spoken, waiting = keyword_points(self.index, qterms, need, rare)   # (in tenths of a point)
        most = {}
        if not counts and not hits_path and bulk is None:   # nothing matched: the folder's own words
            most, counts = spoken_most(self.index, qterms, rare)
        cap = KEYWORD_CAP * 10
        held_b = bulk[1] if bulk is not None else {}
        second = seconds(waiting, counts, (hits_path, held_b))   # the gate open: the places left
        counts.update(second)
        for eid, ph in hits_path.items():
            if eid in held_b:
                _best(ph, bulk[0], (FOLDER_POINTS, "under", held_b[eid], bulk[2]))
        paths = {eid: 10 * sum(h[0] for h in ph.values()) for eid, ph in hits_path.items()}
        for eid in (counts.keys() & held_b.keys()) - hits_path.keys():   # keyword hits under the broad folder
            paths[eid] = 10 * FOLDER_POINTS
        tenth = {eid: (c if c < cap else cap) for eid, c in counts.items()}
        for eid, p in paths.items():
            tenth[eid] = tenth.get(eid, 0) + p
        keys = {}   # the rank keys that are not (score, score, 0): the entries whose body counts
        for eid, n in body.items():   # (the score less what the body counted in it: evidence)
            c = counts.get(eid)
            if c is not None and c != named.get(eid, 0):
                sc = tenth[eid]
                keys[eid] = (sc / 10, (sc - min(c, cap) + min(named.get(eid, 0), cap)) / 10, n, spoken[eid])
        keys.update(second_keys(second, tenth, body, spoken))   # after every entry that matched on its own
        scores = {eid: sc / 10 for eid, sc in tenth.items()}
        out = _Scored(self.index, scores, hits_path, qterms, bulk, need, rare, held, most, second)
        return scores, out, bulk, keys

    def decide(self, query: str, max_count: int = DEFAULT_COUNT, max_chars: int = DEFAULT_CHARS) -> Decision:
        """The injection decision, in two passes over the ranked entries.

        The set: entries go in rank order, each counted at its least size (its summary when its
        author wrote a description, else whole), so that a long entry never crowds out the next
        ones (the budget chooses the best set that fits). One whose whole does not fit in what
        is left waits until the entries of its rank key that fit have gone in (at equal
        evidence, fit to the budget breaks the tie), then goes in at its least size if that
        fits and the count allows, else is listed as over the budget. Then the content: each
        entry of the set, in rank order, goes in whole if the budget still allows it, else as its summary (never a cut text). Every listed exclusion
        says its own reason, below the count too."""
        # a secret pasted into the prompt is never matched, so no reason can quote it
        scored, ranked, matched, ties = self._ranked(blank_secrets(query))
        chosen: list[tuple[Candidate, str | None]] = []   # (candidate whole, its summary or None)
        excluded: list[Excluded] = []
        waiting: list[tuple[Candidate, str | None]] = []   # of the current rank key: too long for what is left
        hidden = 0
        used = len(HEADER)   # the set's characters, each entry at its least size
        words = None   # term → the prompt's word, for the reasons (made once an entry is read)
        key = None

        def least(c: Candidate, short: str | None) -> int:
            return len(short) + 1 if short is not None else len(c.block) + 1

        def exclude(eid: str, why: tuple[str, str], score: float) -> None:
            nonlocal hidden
            if len(excluded) < LIST_LIMIT:
                excluded.append(Excluded(eid, why[0], why[1], score))
            else:
                hidden += 1

        def settle() -> None:
            nonlocal used
            for c, short in waiting:
                if len(chosen) < max_count and used + least(c, short) <= max_chars:
                    chosen.append((c, short))
                    used += least(c, short)
                elif used + least(c, short) <= max_chars:   # it fits: the count was reached first
                    exclude(c.id, ("count-limit", f"ranked below the {max_count} injected"), c.score)
                else:
                    exclude(c.id, ("char-limit", f"{least(c, short) - 1} characters would not fit in the "
                                                 f"{max_chars - used} left of {max_chars}; skipped whole"), c.score)
            waiting.clear()

        for i, (k, eid) in enumerate(ranked):
            if k != key:
                settle()
                key = k
            if len(chosen) >= max_count and len(excluded) >= LIST_LIMIT:
                hidden += matched - i   # everything below is over the count: counted, not listed
                break
            score, ph, kw = scored[eid]
            e, st = self.entries[eid], self.status[eid]
            why = self._exclusion(e, st)   # its own reason first, below the count too
            if why is None and len(chosen) >= max_count:
                why = ("count-limit", f"ranked below the {max_count} injected")
            if why is not None:
                exclude(eid, why, score)
                continue
            if words is None:
                words = term_words(blank_secrets(query))
            c = Candidate(eid, score, self.reasons(ph, kw, words, scored, eid), e.source,
                          e.updated.timestamp() if e.updated else 0.0, e.name)
            c.block = self.block(e, st)
            tie = self._tie_reason(k, ties, e.source)
            if tie:
                c.reasons.append(tie)
            short = blocks.short(e, st, len(c.block)) or blocks.pointer(e, st, len(c.block), set(kw))
            if used + len(c.block) + 1 <= max_chars:   # whole, in what is left
                chosen.append((c, short))
                used += least(c, short)
            else:
                waiting.append((c, short))
        settle()
        injected = blocks.fill(chosen, used, max_chars)
        text = HEADER + "\n" + "\n".join(c.block for c in injected) if injected else ""
        chars = len(text)
        limits = {"count": max_count, "chars": max_chars}
        if injected:
            n = len(injected)
            message = (f"{n} memor{'y' if n == 1 else 'ies'} injected — {chars} of {max_chars} characters, "
                       f"≈{estimate_tokens(text)} tokens")
        elif matched:
            message = f"{matched} matched, none can be injected (see excluded) — nothing injected"
        else:
            message = NO_MATCH
        return Decision(redact(query), injected, excluded, chars, estimate_tokens(text) if text else 0,
                        limits, message, text, matched=matched, more_excluded=hidden)

    @staticmethod
    def _tie_reason(key: tuple, ties, source: str) -> Reason | None:
        """What broke this entry's tie with others of its score, if it had one."""
        score = key[0]
        if ties[key] > 1:
            return Reason("source", f"tie at {shown_points(score)} points, broken by source ({WRITER.get(source, source)}), "
                                    "then age", 0)
        if ties[score] > 1:
            more = f", then the body's words ({key[2]} here) and how often it names them" if key[2] else ""
            return Reason("source", f"tie at {shown_points(score)} points, broken by evidence: paths, name, keywords and "
                                    f"description before the body{more}", 0)
        return None

    @staticmethod
    def _exclusion(e: MemoryEntry, st: EntryStatus) -> tuple[str, str] | None:
        if st.anchor in ("broken", "unsafe"):
            return f"anchor-{st.anchor}", st.anchor_detail
        if e.superseded_by:
            return "superseded", f"superseded by {e.superseded_by}"
        if e.kind == "process" and not e.current:
            return "process", "a record of work done (a log): shown, never injected"
        return None

    def explain(self, query: str, entry_id: str) -> str:
        """Why ``entry_id`` scored what it did for ``query`` (for eval misses)."""
        try:
            scored = self._scores(query)[1]
            hit = scored[entry_id]
        except KeyError:
            return self._no_hit(query, entry_id)
        why = self._exclusion(self.entries[entry_id], self.status[entry_id])
        reasons = self.reasons(hit[1], hit[2], term_words(blank_secrets(query)), scored, entry_id)
        parts = "; ".join(f"{r.kind} {r.detail} {signed_points(r.points)}" for r in reasons)
        return f"score {shown_points(hit[0])}: {parts}" + (f"; excluded: {why[0]}: {why[1]}" if why else "")

    def _no_hit(self, query: str, entry_id: str) -> str:
        """Why an entry did not match: nothing at all, or body words below what counts alone."""
        clean = blank_secrets(query)
        qterms, words = query_terms(clean, query_paths(query)[0]), term_words(clean)
        body = sorted(words.get(t, t) for t in qterms if entry_id in (self.index.body(t) or ()))
        if not body:
            return "no hit: nothing in the prompt matched its paths, name, keywords, description or body"
        return (f"no match: its body holds {len(body)} of the prompt's {qterms.words} words "
                f"({', '.join(body)}); alone, a body needs {body_need(qterms.words)} of them, or one "
                "few entries hold")

    # the text of one entry for the model (blocks.py)
    block = staticmethod(blocks.block)
    summary = staticmethod(blocks.summary)
