"""Checks that compare entries with each other (and with the instruction files):
conflicts (the same subject with contradicting values) and duplicates (the same text twice)."""
from __future__ import annotations

import os
import re
import zlib
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from .. import hints
from ..reading.entry import memo
from .findings import Finding, Place
from .conflicts import claims_of as said_claims, conflict_pairs, lines_of_body, might_claim
from .said_pairs import description_line
from .port_claims import GENERIC as PORT_GENERIC, environment as _env
from .spellings import spelling_findings
from .count_claims import summary_count_findings
from .passages import heading_findings, passage_findings, read as read_shingles
from .restated import restated_findings
from .listed_notes import listed_note_findings
from .claim_text import CURRENT_REACH, USES_REACH, ClaimText, before
from ..instructions import INSTRUCTION_FILES
from .instruction_texts import agent_rules as _agent_rules, index_text as _index_text, instruction_texts as _instruction_texts
from ..fsutil import same_bytes
from ..textutil import without_comments

if TYPE_CHECKING:   # annotations only (the reading is passed in): no import of the reader at run time
    from ..snapshots.memory import Memory

SKETCH = 8


# -- conflicts: the same subject with contradicting values ---------------------------------
#
# Only two shapes are claims precise enough to contradict: a version or port *of a named
# thing* ("node 20" / "node 22", "api port 8080" / "api port 3000"), and an explicit rule
# about the same tool ("always use pnpm" / "never use pnpm"). Two notes that merely share
# a word ("python 3.12" and "opencv-python 4.13") are not a conflict.

_TOOL = r"`?([A-Za-z][\w.+#-]{1,30})`?"
# a tool is a name that ends there: not a call (var(--x)), not the start of a longer noun phrase
_TOOL_END = r"(?![\w(])(?=[`\s.,;:!)]|$)(?!\s+(?:when|that|which|where|if)\b)"
_ALWAYS = re.compile(r"(?im)(?:\b(?:always use|always run|use only|only use|must use|we use|switch(?:ed)? to|"
                     r"migrated to)|(?:^|[.!;]\s+)[-*]?\s*(?-i:Use))\s+" + _TOOL + _TOOL_END)
_NEVER = re.compile(r"(?i)\b(?:never use|never run|don'?t use|do not use|must not use|avoid using|stop using|"
                    r"no longer use|not use|do not add|don'?t add|never add)\s+" + _TOOL + _TOOL_END)
_ALWAYS_ZH = re.compile(r"(?:一律使用|必须使用|统一使用|改用|只用)\s*" + _TOOL)
_NEVER_ZH = re.compile(r"(?:不要用|不要使用|别用|禁止使用|不再使用|不准用)\s*" + _TOOL)
_VERSIONED = re.compile(r"(?<![\w.@/-])(node(?:\.?js)?|python|ruby|java|go|rust|php|postgres(?:ql)?|mysql|redis|"
                        r"typescript|react|next(?:\.js)?|django|rails|kotlin|swift|dotnet|\.net|deno|bun|pnpm|npm|yarn)"
                        r"(?![\w.-])[ \t]*(?:version[ \t]*)?v?([1-9]\d?(?:\.\d{1,3}){0,2})(?!\w|\.\d|\+)", re.I)
# a version is a claim about the project only where the line says it is what the project is on now ("uses
# Node 20", "runtime: Python 3.12"), not history, a plan or another's requirement ("upgrade to Next 15", "Next 14 → 15")
_CURRENT = re.compile(r"(?i)(?:\b(?:we use|uses|using|use|runs? on|running|is on|are on|we're on|pinned(?: to)?|"
                      r"targets?|built (?:with|on)|stack|runtime|engine|requires|installed)\b|:)[^.\n]{0,24}$")
_NOT_NOW = re.compile(r"(?i)upgrad|migrat|→|->|=>|\bfrom\b.{0,30}\bto\b|deprecat|obsolet|\bsince\b|\bbefore\b|"
                      r"\bafter\b|\buntil\b|legacy|\bold\b|\bwas\b|\bwere\b|previous|pending|planned|\btodo\b|"
                      r"roadmap|\bbump|breaking|changelog|\bvs\.?\b|instead|compat|aggiorn|actualiz|atualiz|"
                      r"\bif\b|\bwhen\b|\bor\b|\bnot\b|\bno\b")
# names that are also English words count only as written for the product (React 18, not "to react 6")
_WORDLIKE = {"react", "next", "go", "rust", "swift", "bun", "deno", "java"}
_HISTORY_ID = re.compile(r"(?i)\d{4}[-_]\d{2}[-_]\d{2}|session|retro|changelog|(?:^|[/_-])log|todo|roadmap|handoff|"
                         r"archive|pending")
_PORT = re.compile(r"(?i)(?<![\w.-])([a-z][\w-]{1,30})(?:\s+(?:server|service|api|app|db|database))?\s+"
                   r"(?:runs on|listens on|is on|on|uses)?\s*port\s*[:=]?\s*(\d{2,5})\b")
_COMMON = set("""the a an it this that these those them any all more less same other new old here there too only
also just its one two to be as in on of for and or but with by from up out when what which who it's them tests
test code file files it this thing things way ways time same something anything nothing everything default""".split())

# in ASCII text, a match of _ALWAYS holds one of these (lower-cased) or "Use"; of _NEVER, one of
# these: each regex runs only then (either costs ~50 µs a body, tried at every position)
_ALWAYS_HINTS = ("always use", "always run", "use only", "only use", "must use", "we use", "switch", "migrated to",
                 "prefer")
_NEVER_HINTS = ("never use", "never run", "never add", "don", "do not", "avoid", "stop using", "no longer use",
                "not use")
# other text: any of these runs every rule (each Chinese phrase holds 用)
_RULE_HINTS = ("use",) + _ALWAYS_HINTS + _NEVER_HINTS + ("用",)
_DIGIT = re.compile(r"\d")
# one of these is in every _VERSIONED match in ASCII text ("go" stands for itself and for "django",
# "net" for "dotnet"; elsewhere re.I also matches "ı" for i and "ſ" for s)
_VERSION_HINTS = ("node", "python", "ruby", "java", "go", "rust", "php", "postgres", "mysql", "redis", "typescript",
                  "react", "next", "rails", "kotlin", "swift", "net", "deno", "bun", "npm", "yarn")
hints.register(_ALWAYS_HINTS + _NEVER_HINTS + _VERSION_HINTS)   # (found in the shared pass over a text's words)


# a product's version written with its marker ("Expo SDK 52", "Tailwind v4", "Unity 2022.3", "Angular
# version 17"): any named thing, not only the runtimes above; a dotted number or a marker says it is
# a version, not a step or a count ("Phase 2", "Sprint 4")
_NAMED_VERSION = re.compile(r"(?<![\w.@/-])`?((?!(?:Uses?|Using|Runs?|Running|Targets?|Requires?|Built|Stack|Runtime|"
                            r"Engine|Installed|We|The|Our|On|Project|App|Pinned)\b)[A-Z][\w+#-]{1,30}"
                            r"(?:[ \t](?!(?:SDK|API|LTS)\b)[A-Z][\w+#-]{1,20})?)`?[ \t]+"
                            r"(?:(SDK|API level|version|ver\.|v)[ \t]?)?(\d{1,4}(?:\.\d{1,3}){0,2})(?![\w+]|\.\d)")
_NOT_PRODUCTS = {"phase", "step", "sprint", "chapter", "section", "table", "figure", "fig", "week", "day", "level",
                 "tier", "stage", "part", "round", "issue", "pr", "task", "item", "rule", "test", "case", "fase",
                 "etapa", "paso", "passo", "option", "version", "release", "build", "milestone", "epic", "story",
                 "ticket", "page", "line", "lines", "slide", "module", "unit", "lesson", "episode", "season", "top",
                 "q", "h", "v", "no", "number", "id", "port", "group", "team", "room", "floor", "step",
                 "in", "for", "with", "from", "to", "at", "by", "of", "and", "or", "if", "when", "this", "that",
                 "a", "an", "latest", "new", "current", "min", "max", "target"}   # (a sentence's first word: "In SDK 51")
# a named thing is a product the project is on only where the line says so with a verb of use or a
# stack's label ("Result: CAGR 21.8" is a measure, not a version)
_USES = re.compile(r"(?i)(?:\b(?:we use|uses|using|use|runs? on|running|is on|are on|we're on|pinned(?: to)?|targets?|"
                   r"built (?:with|on)|requires|installed)\b|\b(?:tech )?(?:stack|runtime|engine|framework|platform|"
                   r"toolchain|sdk|versions?)\b[^:\n]{0,12}:)[^.\n]{0,24}$")
# an Android SDK level set in the build ("minSdk 24", "targetSdkVersion = 34")
_SDK_LEVEL = re.compile(r"(?i)\b((?:min|target|compile)Sdk)(?:Version)?[ \t]*[=:]?[ \t]*(\d{2})\b")
# the scope a rule is said for: "in the Docker image", "for local installs", "in tests,", "on staging"
_SCOPE = re.compile(r"(?i)\b(?:in|on|for|inside|within|during|under|at|outside|across|per|from)[ \t]+"
                    r"(?:(?:the|a|an|our|all|any|every|each|your)[ \t]+)?([\w./-]+(?:[ \t]+(?!(?:to|and|or|when|if|"
                    r"because|since|so|but|it|is|are|as|with|by|for|on|in)\b)[\w./-]+)?)")
_SCOPE_STOP = {"it", "this", "that", "them", "there", "here", "all", "any", "each", "every", "one", "way", "time", "now"}
# words that qualify a port without naming its thing (a second service has its own "custom port")
_NOT_A_NAME = frozenset({"same", "custom", "another", "different", "free", "open", "its", "their", "whatever"}) | PORT_GENERIC


def _scope(text: str, start: int, end: int, tool: str, reading: "ClaimText | None" = None) -> str:
    """The qualifiers of the sentence a rule stands in ("in the Docker image", "in tests"), as a
    sorted set of words: two rules about one tool contradict only in the same scope."""
    words = (reading or ClaimText(text, _NOT_NOW, _SCOPE)).clause_words(start, end)
    return " ".join(sorted(w for w in words if w and w not in _SCOPE_STOP and w != tool))


def claims(text: str) -> list[tuple[str, str, int, str]]:
    """(subject, value, offset, phrase) for each precise claim in ``text``."""
    out = []
    low = text.lower()
    reading = ClaimText(text, _NOT_NOW, _SCOPE)
    found = hints.present(low) if text.isascii() else None
    if found is not None:
        rules = ((_ALWAYS, "always"),) if "Use" in text or not found.isdisjoint(_ALWAYS_HINTS) else ()
        rules += ((_NEVER, "never"),) if not found.isdisjoint(_NEVER_HINTS) else ()
    elif any(map(low.__contains__, _RULE_HINTS)):
        rules = ((_ALWAYS, "always"), (_ALWAYS_ZH, "always"), (_NEVER, "never"), (_NEVER_ZH, "never"))
    else:
        rules = ()
    for rx, value in rules:
        for m in rx.finditer(text):
            tool = m.group(1).lower().rstrip(".,;:")
            if tool not in _COMMON and len(tool) >= 2:
                # the rule's scope rides with its value: "always@local installs", "never@" (everywhere)
                out.append((f"use {tool}", f"{value}@{_scope(text, m.start(), m.end(), tool, reading)}", m.start(), m.group(0)))
    versioned = (found is None or not found.isdisjoint(_VERSION_HINTS)) and _DIGIT.search(text)
    for m in (_VERSIONED.finditer(text) if versioned else ()):
        name = m.group(1).lower().replace("postgresql", "postgres").replace("nodejs", "node").replace("node.js", "node")
        if name.split(".")[0] in _WORDLIKE and not m.group(1)[0].isupper():
            continue
        line_start, line = reading.line(m.start(), m.end())
        if not before(_CURRENT, text, line_start, m.start(), CURRENT_REACH) or reading.not_now(line_start, line):
            continue
        out.append((f"{name} version", m.group(2), m.start(), m.group(0)))
    known = {subject for subject, *_ in out}
    for m in (_NAMED_VERSION.finditer(text) if _DIGIT.search(text) else ()):
        name, marker, version = m.group(1), m.group(2), m.group(3)
        first = name.split()[0].lower()
        if first in _NOT_PRODUCTS or (not marker and "." not in version) or _VERSIONED.match(m.group(0)):
            continue   # "Phase 2", a count; a runtime the pattern above reads
        line_start, line = reading.line(m.start(), m.end())
        # a marker that names the version ("Expo SDK 55", "Angular version 17") claims it without a verb of use
        if not (before(_USES, text, line_start, m.start(), USES_REACH) or marker and marker.lower() != "v") \
                or reading.not_now(line_start, line):
            continue
        subject = f"{name.lower()}{' ' + marker.lower() if marker and marker.lower() != 'v' else ''} version"
        if subject not in known:
            out.append((subject, version, m.start(), m.group(0)))
    for m in (_SDK_LEVEL.finditer(text) if "sdk" in low else ()):
        out.append((f"android {m.group(1).lower()}", m.group(2), m.start(), m.group(0)))
    for m in (_PORT.finditer(text) if "port" in low else ()):
        # the word before "port" names the thing only when it is a name: "the default port", "on the
        # local port" name no thing (Ollama's 11434 and a gateway's 18789 are both "default")
        if m.group(1).lower() not in _COMMON and m.group(1).lower() not in _NOT_A_NAME:
            out.append((f"{m.group(1).lower()} port", m.group(2), m.start(), m.group(0)))
    return out


def _own_lines(mem: Memory, name: str) -> Counter:
    """The lines the memory's own entries hold in the instruction file ``name``, when that file
    is read as memory too (Gemini's GEMINI.md, or CLAUDE.md linked to it): an entry is not
    "already stated" in the file it is read from, only where the file says it once more."""
    out: Counter = Counter()
    real = os.path.realpath(mem.root / name)
    base = os.path.basename(real)
    for e in mem.entries.values():
        if e.path.name == base and e.readable and (os.path.realpath(e.path) == real or same_bytes(e.path, real)):
            out.update(_norm(ln) for ln in without_comments(e.body).splitlines() if len(ln.split()) >= 5)
    return out


def conflict_findings(mem: Memory) -> list[Finding]:
    """Two entries (or an entry and an instruction file) making contradicting claims about the
    same subject, in the same scope (entries attached to disjoint paths do not conflict)."""
    by_subject: dict[str, list[tuple[str, str, int, str]]] = defaultdict(list)
    texts: dict[str, str] = {}
    for e in mem.sorted_entries():
        # a dated session log or a retro tells what held then: history does not contradict the present
        if e.readable and not e.superseded_by and not _HISTORY_ID.search(e.id):
            texts[e.id] = e.text
            base = e.text.find(e.body) if e.body else 0
            for subject, value, off, phrase in memo(e, "claims", lambda e=e: claims_of(e)):
                by_subject[subject].append((e.id, value, base + off, phrase))
    for name, text in _instruction_texts(mem.root).items():
        texts[name] = text
        for subject, value, off, phrase in claims(text):
            by_subject[subject].append((name, value, off, phrase))
    texts.update((n, t) for n, t in _agent_rules(mem).items() if n not in texts)
    texts.update((n, t) for n, t in _index_text(mem).items() if n not in texts and n not in mem.entries)
    out, seen = _said_conflicts(mem, texts) + spelling_findings(mem) + summary_count_findings(mem), set()
    for subject in sorted(by_subject):
        sides = by_subject[subject]
        for i, (a, va, oa, pa) in enumerate(sides):
            for b, vb, ob, pb in sides[i + 1:]:
                if a == b or _agree(va, vb) or (a not in mem.entries and b not in mem.entries):
                    continue
                if not _same_scope(mem, a, b) or (a, b, subject) in seen:
                    continue
                seen.add((a, b, subject))
                if a not in mem.entries:
                    a, b, oa, ob, pa, pb = b, a, ob, oa, pb, pa
                la, lb = texts[a].count("\n", 0, oa) + 1, texts[b].count("\n", 0, ob) + 1
                # a version read from its marker alone ("Expo SDK 55", no verb of use) is worth a look, not sure
                sure = all(_USES.search(texts[x], texts[x].rfind("\n", 0, o) + 1, o) or _CURRENT.search(
                    texts[x], texts[x].rfind("\n", 0, o) + 1, o) for x, o in ((a, oa), (b, ob)))
                out.append(Finding(a, "conflict", "contradiction", la,
                                   f"“{pa.strip()}” — but {b} line {lb}: “{pb.strip()}”",   # (its own line: f.line)
                                   "decide which holds; delete or rewrite the other (mark it superseded_by)", b,
                                   # a port: sure only where both lines name the same environment (a
                                   # billing api on 8080, "locally" on 3000: two places, worth a look)
                                   confidence="high" if (sure or not subject.endswith(" version")) and (
                                       not subject.endswith(" port") or _env(texts[a], oa) == _env(texts[b], ob))
                                   else "possible"))
    return out


class _Undated:
    updated = created = None   # an instruction file: no date, never "newer"


def _said_conflicts(mem: Memory, texts: dict[str, str]) -> list[Finding]:
    """The contradictions whose subject is a phrase of the text (judging/conflicts: the same pairs triage
    reads), between the entries and instruction files in ``texts``: one possible finding naming both places."""
    lines, entries, claims = {}, {}, {}
    for i, text in texts.items():
        e = mem.entries.get(i)
        body, first = (e.body or "", e.body_line) if e is not None else (text, 1)
        entries[i] = e if e is not None else _Undated()
        desc = description_line(e)   # the description is one of the entry's claims
        if might_claim("\n".join([*(d.text for d in desc), body]).lower()):
            lines[i] = lines_of_body(body, first)
            claims[i] = said_claims(i, desc + lines[i])

    def plain(i: str) -> list:
        if i not in lines:
            e = mem.entries.get(i)
            lines[i] = lines_of_body(e.body or "", e.body_line) if e is not None else lines_of_body(texts[i], 1)
        return [ln for ln in lines[i] if ln.kind == "plain"]

    by_two: dict[tuple[str, str], list] = {}   # two entries that disagree: one cause, however many claims
    for p in conflict_pairs(entries, claims, plain):
        a, b = p.a, p.b
        if not p.superseded and b.entry < a.entry:
            a, b = b, a
        if a.entry not in mem.entries:
            if p.superseded or b.entry not in mem.entries:
                continue   # an instruction file is the owner's to edit, not memory's: no finding on it alone
            a, b = b, a
        if _same_scope(mem, a.entry, b.entry):
            by_two.setdefault((a.entry, b.entry), []).append((a, b, p.why_a if a is p.a else p.why_b, p.superseded))
    out = []
    for (ea, eb), said in by_two.items():
        a, b, why, old = said[0]
        n = len({(x.kind, x.key) for x, *_ in said}) - 1
        more = f" (and {n} more claim{'s' * (n > 1)} the two disagree on)" if n else ""
        out.append(Finding(ea, "conflict", "superseded" if old else "contradiction", a.line, why + more,
                           "decide which holds; delete or rewrite the other (mark it superseded_by)", eb,
                           confidence="possible", places=(Place(ea, a.line), Place(eb, b.line))))
    return out


def _agree(a: str, b: str) -> bool:
    """Equal, or equal as far as both go: "20" and "20.11" agree, "3.12" and "3.11" do not. Two rules
    agree when they say the same, or speak of two scopes ("never in the Docker image", "always for
    local installs"); a rule said for everywhere meets every scope."""
    if "@" in a:
        (ra, _, sa), (rb, _, sb) = a.partition("@"), b.partition("@")
        return ra == rb or bool(sa and sb and sa != sb)
    pa, pb = a.split("."), b.split(".")
    n = min(len(pa), len(pb))
    return pa[:n] == pb[:n]


def _same_scope(mem: Memory, a: str, b: str) -> bool:
    ea, eb = mem.entries.get(a), mem.entries.get(b)
    if ea is None or eb is None or not ea.paths or not eb.paths:
        return True
    return any(x.rstrip("/").startswith(y.rstrip("/")) or y.rstrip("/").startswith(x.rstrip("/"))
               for x in ea.paths for y in eb.paths)


def _norm(line: str) -> str:
    return " ".join(line.strip(" -*#>").split()).lower()


def claims_of(e) -> list[tuple[str, str, int, str]]:
    return claims(e.body)


def shingle_crcs(e) -> tuple[int, ...] | None:
    """An entry's word 3-gram hashes, sorted (None: under four words, never compared); the first
    SKETCH of them are its bottom-k sketch. Read with its passages (judging/passages)."""
    return memo(e, "shingles", lambda: read_shingles(e))[0]


def line_crcs(e) -> tuple[int, ...]:
    """Each line of an entry as a crc32 of its normal form: counting repeats needs no body read again."""
    return tuple(sorted({zlib.crc32(_norm(ln).encode()) for ln in without_comments(e.body).splitlines()}))


# what the checks here keep on each entry (see entry.memo): a reader may compute them ahead
MEMOS = {"claims": claims_of, "shingles": read_shingles, "line_crcs": line_crcs}


def memos_wanted(root: Path) -> tuple[str, ...]:
    """The MEMOS an audit of a folder about ``root`` will use: line hashes only when an
    instruction file is there to compare lines with."""
    lines = any(os.path.isfile(os.path.join(root, name)) for name in INSTRUCTION_FILES)
    return ("claims", "shingles") + (("line_crcs",) if lines else ())


def duplicate_findings(mem: Memory, threshold: float = 0.8) -> list[Finding]:
    """Near-identical entries: Jaccard of word 3-grams >= ``threshold``.

    Candidates come from a bottom-k sketch (the k smallest shingle hashes of each entry):
    two entries that similar share one of them almost surely, and unrelated entries
    rarely do, so the work stays near-linear at 10k entries instead of all pairs.
    """
    readable = [e for e in mem.sorted_entries() if e.readable]
    hashes = {e.id: shingle_crcs(e) for e in readable}
    eligible = [i for i, h in hashes.items() if h is not None]
    buckets: dict[int, list[str]] = defaultdict(list)
    for eid in eligible:
        for h in hashes[eid][:SKETCH]:
            buckets[h].append(eid)
    # each entry's candidates: the later entries that share a min-hash with it (ids are in sorted
    # order, so each pair (a, b) has a < b), gathered per entry so its hashes become a set once
    partners: dict[str, set[str]] = defaultdict(set)
    for ids in buckets.values():
        if 1 < len(ids) <= 20:   # a min-hash shared that widely is boilerplate, not a duplicate
            for k in range(len(ids) - 1):
                partners[ids[k]].update(ids[k + 1:])
    near = []
    for a, later in partners.items():
        ha = hashes[a]
        la, sa = len(ha), set(ha)
        for b in later:
            hb = hashes[b]
            lb = len(hb)
            if lb < threshold * la or la < threshold * lb:
                continue   # Jaccard ≤ the smaller over the larger: this pair cannot reach the threshold
            # what b's sketch misses of a's hashes, b cannot share: a bound on the intersection that
            # drops most pairs (they share one hash by chance) before it is counted whole
            most = lb - min(lb, SKETCH) + len(sa.intersection(hb[:SKETCH]))
            if most / (la + lb - most) < threshold:
                continue
            inter = len(sa.intersection(hb))
            union = la + lb - inter
            if union and inter / union >= threshold:
                near.append((a, b, inter / union))
    out = [Finding(a, "duplicate", "near-identical", None, f"{j:.0%} the same as {b}", "keep one; delete the other", b)
           for a, b, j in sorted(near)]
    out += passage_findings(mem, _HISTORY_ID, {(a, b) for a, b, _ in near})
    out += restated_findings(mem, _HISTORY_ID, {(f.id, f.related) for f in out})
    out += listed_note_findings(mem)
    for e in readable:
        out += heading_findings(e, _HISTORY_ID)
    instr = _instruction_texts(mem.root)
    # a line that many entries repeat is a template or banner, not a fact stated twice
    repeated = Counter(h for e in readable for h in memo(e, "line_crcs", lambda e=e: line_crcs(e))) \
        if instr else Counter()
    for name, text in instr.items():
        # a banner in an HTML comment, shared by memories and instruction files, states nothing
        stated = Counter(_norm(ln) for ln in without_comments(text).splitlines() if len(ln.split()) >= 5)
        stated.subtract(_own_lines(mem, name))
        lines = {ln for ln, n in stated.items() if n > 0}
        for eid in eligible:
            e = mem.entries[eid]
            for n, ln in enumerate(without_comments(e.body).splitlines()):
                norm = _norm(ln)
                if len(norm.split()) >= 5 and norm in lines and repeated[zlib.crc32(norm.encode())] < 3:
                    out.append(Finding(eid, "duplicate", "in-instructions", e.body_line + n,
                                       f"already stated in {name}", f"delete it from memory: {name} is "
                                       "loaded every session", name))
                    break
    return out

