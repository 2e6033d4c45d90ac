"""The pairs of the claims amount_claims and rule_claims read (conflicts.py's Claim and Pair are
passed in): two amounts of one setting that differ, a rule and its negation in one scope."""
from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import NamedTuple

from . import amount_claims, rule_claims

_CLAUSE_END = re.compile(r"[;!?。；！？]|[.,，、](?:\s|$)|\s[—–]\s")


def clause(text: str, start: int, end: int) -> str:
    """The clause(s) of ``text`` that hold [start, end]: a setting's qualifiers are the words beside
    it, not every word of a long line ("… poll every 5 s, …; the scheduler runs every 5 min")."""
    left = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    right = _CLAUSE_END.search(text, end)
    return text[left:right.start() if right else len(text)]


def _cognate(a: str, b: str) -> bool:
    """Two words one name in two languages: the same, or sharing a run of six letters or more that
    is most of the shorter ("export"/"exportación", "conciliación"/"reconciliation")."""
    if a == b:
        return True
    short = min(len(a), len(b))
    if short < 6:
        return False
    m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return m.size >= 6 and m.size * 5 >= short * 3


def within(a: frozenset, b: frozenset) -> bool:
    """Every word of ``a`` is a word of ``b``, or its cognate (a thing named in two languages)."""
    return a <= b or all(w in b or any(_cognate(w, x) for x in b) for w in a)


def most_shared(a: frozenset, b: frozenset, named: frozenset = frozenset()) -> bool:
    """Two settings' qualifiers name one thing when they share at least half of the shorter's, and
    two words or one the glossary knows (``named``: cache, payment, webhook …): one plain word in
    common among several ("poll", "appointment") is a coincidence of two long lines."""
    shared = a & b
    n, least = len(shared), min(len(a), len(b))
    return n > 0 and 2 * n >= least and (n >= 2 or least == 1 or bool(shared & named))


def amount_pairs(amounts: dict[str, list], Pair) -> list:
    """Two amounts of one setting that differ (amount_claims): across entries, or two lines of one."""
    out = []
    for cs in amounts.values():
        hits: dict[int, int] = {}
        found = []
        for i, a in enumerate(cs):
            for k in range(i + 1, len(cs)):
                b = cs[k]
                if (a.entry, a.line) == (b.entry, b.line) or a.entry == b.entry and {"=", "until"} & a.said.heads \
                        or not amount_claims.same_setting(a.said, b.said) \
                        or not amount_claims.differ(a.said, b.said):
                    continue
                hits[i] = hits.get(i, 0) + 1
                hits[k] = hits.get(k, 0) + 1
                found.append((i, k))
        for i, k in found:
            if max(hits[i], hits[k]) > 3:
                continue   # a subject that meets many values: many settings that share their words
            a, b = cs[i], cs[k]
            what = " ".join(sorted(a.said.subject & b.said.subject - {"within"})) or "it"
            if a.said.spaced and b.said.spaced:   # "the time between requests"
                what = "the time between " + " / ".join(sorted({a.said.spaced + "s", b.said.spaced + "s"}))
            if a.entry == b.entry:
                out.append(Pair(a, b, f"line {a.line} gives {what} {a.value}; line {b.line} gives {b.value} — which "
                                "holds?"))
                continue
            out.append(Pair(a, b, f"line {a.line} gives {what} {a.value}; {b.entry}:{b.line} gives {b.value} — which "
                            "holds?", f"line {b.line} gives {what} {b.value}; {a.entry}:{a.line} gives {a.value} — "
                            "which holds?"))
    return out


def rule_pairs(rules: dict[str, list], entries: dict, Claim, Pair, lines_of_body) -> list:
    """A rule and its negation on one subject in one scope (rule_claims), across entries; a negative
    rule against an instruction that starts with its verb ("Deploy by running …") too."""
    out = []
    forbidden = frozenset(v for v, cs in rules.items() if any(c.value == "never" for c in cs) and len(cs) <= rule_claims.MAX_PER_VERB)
    if forbidden:
        rx, px = rule_claims.starts_with(forbidden), rule_claims.passive_of(forbidden)
        for eid, e in entries.items():
            body = getattr(e, "body", None)
            if body and (rx.search(body) or px.search(body)):
                for ln in lines_of_body(body, getattr(e, "body_line", 1)):
                    if ln.kind != "plain":
                        continue
                    for r in rule_claims.rules_of(ln.text, ln.n, forbidden):
                        rules[r.verb].append(Claim(eid, ln.n, "rule", r.verb, r.sense, said=r))
    for verb, cs in rules.items():
        if sum(c.value != "do" for c in cs) > rule_claims.MAX_PER_VERB or not any(c.value == "never" for c in cs):
            continue
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                if a.entry == b.entry or not rule_claims.contradict(a.said, b.said):
                    continue
                out.append(Pair(a, b, f"line {a.line} says “{a.said.said}”; {b.entry}:{b.line} says "
                                f"“{b.said.said}” — which holds?", f"line {b.line} says “{b.said.said}”; "
                                f"{a.entry}:{a.line} says “{a.said.said}” — which holds?"))
    return out


class Said(NamedTuple):
    """A line of an entry as the claims read it (triage passes its own, richer Line)."""
    n: int
    kind: str    # code | heading | plain
    text: str


def lines_of_body(body: str, first: int) -> list[Said]:
    """An entry's body line by line (``first``: the file's line of its first), code fenced apart."""
    out, code = [], False
    for k, raw in enumerate(body.splitlines()):
        t = raw.strip()
        if t.startswith(("```", "~~~")):
            code = not code
            continue
        out.append(Said(first + k, "code" if code else "heading" if t.startswith("#") else "plain", t))
    return out


class _Line(NamedTuple):
    n: int
    kind: str
    text: str


def description_at(e, wanted=None) -> tuple[int, str] | None:
    """(file line, text) of an entry's one-line description in its frontmatter, None without one (or
    when ``wanted(text)`` says it is of no use: the line is not looked for)."""
    d = (getattr(e, "description", "") or "").strip()
    if not d or not getattr(e, "has_frontmatter", False) or wanted is not None and not wanted(d):
        return None
    text = getattr(e, "text", "") or ""
    at = text.find("\ndescription:", 0, 4000)
    return (text.count("\n", 0, at) + 2, d) if at >= 0 else None


def description_line(e) -> list:
    """An entry's one-line description as a line of its claims (its file's line): the summary
    states the setting as plainly as the body ("Receipt paper is 58 mm"), often more plainly."""
    said = description_at(e)
    if said is None or getattr(e, "file", None):
        return []
    return [_Line(said[0], "plain", said[1])]
