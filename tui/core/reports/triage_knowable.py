"""Test 3 on a whole entry: drop it when reading the project once tells everything it says.

Three shapes (SPEC §6, issue 37): every fact it states (a command, a port, a version, a setting)
is in a named project line and it says nothing more; or it only says where code is (each line
names files the project has, with no reason, trap or rule of its own); or it copies a listing out
of one project file (a table's columns from the source that creates it, the linters a config
enables), with a line or two around it that say nothing of their own. Every drop cites the
project lines or files, as ``file:line``.
"""
from __future__ import annotations

import re
from functools import cached_property, lru_cache

from .triage_facts import STRONG, Fact, Found, _cite, says_more, words
from .triage_lines import quote, shown
from .triage_findings import Decision


class Folder:
    """What test 3 reads of a folder's project once a run, not once an entry (instruction lines, env keys)."""

    def __init__(self, index_of) -> None:
        self._index_of = index_of   # the project index, made on first need

    @cached_property
    def idx(self):
        return self._index_of()

    @cached_property
    def rules_at(self) -> dict:
        return {(r.file, r.line): r for r in self.idx.rules}

    @cached_property
    def rules_by_word(self) -> dict:
        out: dict = {}
        for rl in self.idx.rules:
            for w in set(words(rl.text)):
                out.setdefault(w, []).append(rl)
        return out

    @cached_property
    def env_keys(self) -> list:
        """(file, its number in the index, [(line, key, the key's words)]) of each env file."""
        from ..judging.project_index import rule_words
        return [(rel, f, [(n, m.group(1), rule_words(m.group(1).replace("_", " ")))
                          for n, line in enumerate(self.idx._text_of(f), 1) if (m := _ENV_KEY.match(line))])
                for f, rel in enumerate(self.idx.files) if _ENV_FILE.search(rel)]

    @cached_property
    def config_lines(self) -> list:
        """The key-value lines of the project's config files, read once a run (triage_prose)."""
        from .triage_prose import config_lines
        return config_lines(self.idx)

    @cached_property
    def config_by_word(self) -> dict:
        from .triage_prose import by_key_word
        return by_key_word(self.config_lines)


def quoted_value(got: Found, idx) -> Found:
    """A path-shaped fact no file answers may be a value with a slash (a timezone, a MIME type):
    found when a config line assigns it, quoted (``timezone = "Europe/Paris"``)."""
    f = got.fact
    if f.kind != "path" or got.lines or "." in f.text:
        return got
    value = Found(Fact("span", f.text, f.line))
    q = re.compile(rf"[=:]\s*[\"']{re.escape(f.text)}[\"']")
    _cite(idx, idx.lines_with(*words(f.text)[:1]), lambda pl, i: bool(q.search(pl.text)), value, most=1)
    return value if value.lines else got


# "the default is X": only a setting states a default; a usage example that passes the flag does not
_DEFAULT = re.compile(r"(?i)\bdefault|par d[ée]faut|por (?:defecto|omisi[óo]n|padr[ãa]o)|standardm[äa]ßig|"
                      r"по умолчанию|기본값|デフォルト|默认|預設")
_DOC = re.compile(r"(?i)(?:^|/)(?:readme|changelog|docs?/)|\.(?:md|rst|txt|adoc)$")


def knowable(prepared, looked: list[Found], folder: Folder) -> Decision | None:
    """Drop when every fact it states is found in the project and it says nothing more (a cited
    instruction line is read with the paragraph it is wrapped in)."""
    strong = [g for g in looked if g.fact.kind in STRONG]
    found = [g for g in strong if g.lines]
    if not found or any(not g.lines for g in looked):
        return None
    r = prepared.reading
    if r.of("learned", "why", "rule", "how"):
        return None
    if any(_DEFAULT.search(ln.text) for ln in r.content) and all(_DOC.search(g.lines[0].file) for g in found):
        return None   # never cite a README's example as the project's setting
    content = r.content
    at = _items(r)   # a fact on a wrapped line belongs to the item (the sentence) that line goes on
    with_facts = {at.get(g.fact.line, g.fact.line) for g in looked}
    bare = [ln for ln in content if ln.n not in with_facts and ln.kind != "code"]
    if len(found) < 2 and len(content) > 2 or len(bare) > max(1, len(content) // 3) \
            or any(len(ln.text.split()) > 16 for ln in bare):
        return None
    if folder.idx.rules:
        looked = [Found(g.fact, _with_paragraph(g.lines, folder.rules_at), g.against) for g in looked]
    on = {ln.n: [g for g in looked if at.get(g.fact.line, g.fact.line) == ln.n] for ln in content if ln.n in with_facts}
    # a line that lists several settings names each in a word or so: its own words grow with them
    if any(says_more(ln, on[ln.n], 8 + max(0, len(on[ln.n]) - 1)) for ln in content if ln.n in on):
        return None
    said = [pl for g in found for pl in g.lines if _instruction(pl.file)]
    if said and _turned(said, " ".join(ln.text for ln in r.lines if ln.kind not in ("code", "heading"))):
        return None   # an instruction line said the other way round: a contradiction, not a fact found
    reasons, cited = [], set()
    for g in found:
        key = (g.fact.line, g.lines[0].file, g.lines[0].line)
        if key not in cited and len(reasons) < 4:
            cited.add(key)
            reasons.append(f"line {g.fact.line} {shown(g.fact)} ← {g.lines[0].cite()}")
    reasons.append("every fact it states is in the project's files: reading them once tells the agent")
    return Decision("drop", 3, reasons, sorted({g.fact.line for g in found}), [g.lines[0] for g in found][:6])


def _with_paragraph(lines: list, at: dict) -> list:
    """The project lines, and for one of an instruction file the lines its paragraph wraps onto
    (the lines next to it, no list item or heading among them): one sentence, not the line alone.
    ``at``: the instruction lines by (file, line)."""
    from ..judging.project_index import ProjectLine
    out = list(lines)
    for pl in lines:
        for step in (-1, 1):
            n = pl.line + step
            while (r := at.get((pl.file, n))) is not None and not re.match(r"\s*(?:[-*+]\s|\d+[.)]\s|#)", r.text) \
                    and abs(n - pl.line) <= 3:
                out.append(ProjectLine(r.file, r.line, r.text))
                n += step
    return out


def _instruction(rel: str) -> bool:
    from ..instructions import INSTRUCTION_FILES
    return rel in INSTRUCTION_FILES or rel.rsplit("/", 1)[-1] in INSTRUCTION_FILES or ".claude/rules/" in rel


def _items(reading) -> dict[int, int]:
    """Each line of the body → the line its item starts on (a wrapped line's is the one it goes on)."""
    out, start = {}, None
    for ln in reading.lines:
        if ln.kind != "cont":
            start = ln.n
        out[ln.n] = start if start is not None else ln.n
    return out


_OWN_WORDS = re.compile(r"(?i)\b(?:because|so that|never|must|only|careful|beware|trap|instead|unless|except|"
                        r"why|note|avoid|porque|nunca|solo|sólo|evita|cuidado|em vez|senão)\b|때문|주의|ため|注意|因为|注意")


def describes_code(prepared, looked: list[Found]) -> Decision | None:
    """Drop an entry that only says where code is: every line names files the project has, in a
    short sentence with no reason, trap or rule of its own (reading the tree once tells it). Or a
    map of the code: a longer tour of files the project has (three or more), with no trap, reason,
    way to apply, decision or process of its own and at most one rule line (a file named with a
    date records that day, not the code as it is: never a tour)."""
    r = prepared.reading
    content = r.content
    paths = [g for g in looked if g.fact.kind == "path"]
    if (tour := _code_map(prepared, paths, looked)) is not None:
        return tour
    if not paths or len(content) > 4 or any(not g.lines for g in looked) or r.of("learned", "why", "rule", "how", "status", "final"):
        return None
    named = {g.fact.line for g in paths}
    if any(ln.n not in named or ln.kind == "code" or len(ln.text.split()) > 16 or _OWN_WORDS.search(ln.text)
           for ln in content):
        return None
    reasons = [f"line {g.fact.line} names {g.fact.text} ← {_where(g)}" for g in paths[:3]]
    reasons.append("it only says where code is: reading the project's tree once tells the agent")
    return Decision("drop", 3, reasons, sorted(named), [pl for g in paths for pl in g.lines][:6])


def _where(g: Found) -> str:
    """Where the project holds a path: the file itself, or the lines that make it (its folder, its name)."""
    if g.lines[0].line == 0:
        return f"{g.lines[0].file} (the file exists)"
    return " + ".join(pl.cite() for pl in g.lines)


_ITEM_SPLIT = re.compile(r",|;|、|，|\s(?:and|y|e|und|et|и|와|과)\s")
_NAME = re.compile(r"[\w.\-/]{3,40}")


def _norm(text: str) -> str:
    t = re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", text.strip())
    return " ".join(t.strip("`'\" ").rstrip(",;").lower().split())


def copied(prepared, idx, looked: list[Found]) -> Decision | None:
    """Drop an entry that copies a listing out of one project file: three or more of its lines
    (``station TEXT NOT NULL,``) or of the names a line lists (``errcheck, govet, gosec``) are that
    file's own lines word for word; every other line is short, says nothing of its own, and any
    fact on it is found too. Its why, trap or rule would keep it."""
    r = prepared.reading
    content = r.content
    if len(content) > 12 or r.of("learned", "why", "rule", "how", "status", "final") or any(not g.lines for g in looked) \
            or any(_OWN_WORDS.search(ln.text) for ln in content):
        return None
    own = prepared.id.rsplit("/", 1)[-1]
    hits: dict[str, dict[str, tuple]] = {}   # file → item → (entry line, project line)
    for ln in content:
        whole = _norm(ln.text)
        names = [x for x in (_norm(i) for i in _ITEM_SPLIT.split(ln.text)) if _NAME.fullmatch(x)]
        for item in ([whole] if len(words(whole)) >= 2 else []) + (names if len(names) >= 3 else []):
            for lid in idx.lines_with(*dict.fromkeys(words(item)), limit=50):
                pl = idx.line(lid)
                base = pl.file.rsplit("/", 1)[-1]
                # (not the entry's own copy in the project; never an env file: its values are the owner's)
                if _norm(pl.text) == item and base != own and not base.startswith(".env"):
                    hits.setdefault(pl.file, {}).setdefault(item, (ln.n, pl))
                    break
    if not hits:
        return None
    file, items = max(hits.items(), key=lambda kv: len(kv[1]))
    if len(items) < 3:
        return None
    covered = {n for n, _ in items.values()}
    bare = [ln for ln in content if ln.n not in covered]
    if len(bare) > max(2, len(covered)) or any(len(ln.text.split()) > 16 for ln in bare):
        return None
    shown_items = sorted(items.values(), key=lambda v: v[1].line)
    first, last = shown_items[0][1], shown_items[-1][1]
    span = f"{first.line}" if first.line == last.line else f"{first.line}–{last.line}"
    reasons = [f"{len(items)} of its lines or listed names are {file}:{span}, word for word "
               f"(from '{quote(first.text, 6)}')",
               f"it copies a listing out of {file}: reading that file once tells the agent"]
    reasons[1:1] = [f"line {g.fact.line} {shown(g.fact)} ← {g.lines[0].cite()}" for g in looked if g.fact.kind in STRONG][:2]
    return Decision("drop", 3, reasons, sorted(covered), [pl for _, pl in shown_items][:6])


_MANDATED = ("feedback", "user", "preference", "constraint")


def _code_map(prepared, paths: list[Found], looked: list[Found]) -> Decision | None:
    r = prepared.reading
    content = r.content
    there = list(dict.fromkeys(g.fact.text.rstrip("/") for g in paths if g.lines))
    unstated = [g for g in looked if not g.lines and g.fact.kind in ("span", "script", "port", "version", "number", "env")]
    if len(unstated) > sum(1 for g in looked if g.lines):
        return None   # it states more the project does not hold than what it does: a contract, not a tour
    if len(there) < 3 or len(content) < 10 or (prepared.type or "").lower() in _MANDATED or _DATED_NAME.search(prepared.id) \
            or r.of("learned", "why", "how", "status", "final") or len(r.of("rule")) > 1 \
            or sum(1 for ln in content if _DECIDED.search(ln.text)) * 10 > len(content) \
            or any(_DECIDED.search(t) or _WHY_HEAD.search(t) for t in [prepared.description or ""] + [ln.text for ln in r.of("heading")]):
        return None   # its headline or a heading says it records a decision or its reason: no tour, whatever it names
    lines = sorted({g.fact.line for g in paths if g.lines})
    reasons = [f"line {g.fact.line} names {g.fact.text} ← {g.lines[0].file} (the file exists)"
               for g in [next(g for g in paths if g.fact.text.rstrip("/") == t and g.lines) for t in there][:3]]
    reasons.append(f"a tour of the code: {len(there)} of the project's files named over {len(content)} lines, "
                   "and no trap, reason, decision or rule of its own — reading the project once tells the agent")
    return Decision("drop", 3, reasons, lines[:20], [g.lines[0] for g in paths if g.lines][:6])


# a heading that gives a reason ("## Why not one folder per phase", "## 왜 …", "## 为什么 …")
_WHY_HEAD = re.compile(r"(?i)^\W*(?:why|warum|pourquoi|perch[eé]|por ?qu[eé]|por que|почему|зачем|tại sao)\b|^\W*(?:왜|为什么|為什麼|なぜ)")
# a file named with its day records that day (a decision, a session), not the code as it is
_DATED_NAME = re.compile(r"(?:19|20)\d{2}[-_.]?\d{2}[-_.]?\d{2}")
# a line that decides or explains: what a tour of the code does not hold
_DECIDED = re.compile(r"(?i)\b(?:decided|decision|chose|chosen|because|so that|instead of|rather than|trade-?off|"
                      r"decisi[oó]n|decisão|porque|en lugar de|em vez de|au lieu de|parce que|weil|statt|"
                      r"решил\w*|решение|потому что|quyết định|vì)\b|决定|选择|因为|決定|採用|理由|ため|결정|선택|때문")


_ENV_FILE = re.compile(r"(?i)(?:^|/)(?:\.env(?:\.[\w-]+)?|[\w.-]*\.env(?:\.[\w-]+)?|env\.(?:example|sample|template))$")
_ENV_KEY = re.compile(r"^\s*(?:export\s+)?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*=")
# -- the whole entry told by what its names lead to ------------------------------------------------

# a name the code holds: a span in backticks, CamelCase, snake_case, a dotted name, a call, an X- header
_IDENT = re.compile(r"`([^`\n]{2,80})`|\b([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)\b|\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b|"
                    r"\b([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\(?|\b(\w{3,})\(\)|\b(X(?:-[A-Z][a-z]+)+)\b")
# words of any English sentence: what no project line need hold for the entry to be told by it
_FUNCTION = frozenset("there here one ones does did done doing else anything everything something nothing exactly "
                      "just very also which what where who whom whose how why apply applies again about".split())
# Claude Code's labels over a part of the body: the shape of the entry, not what it says
_LABEL = re.compile(r"(?i)^\W*(?:how to apply|why|note)\W*:\W*")
_TOLD = 0.5   # of the entry's words found beside its names (below: a reason, a trap or a story of its own)
_SPAN_LINES = 2   # the lines either side of a name that tell what it does (its docstring, its body)


def _stem(w: str) -> str:
    if len(w) > 4:
        w = re.sub(r"(?:ies|es|ed|ing|s|e|y)$", "", w)
    return w[:6]


def _stems(text: str) -> set[str]:
    from ..judging.project_index import rule_words
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text).replace("_", " ").replace(".", " ").replace("/", " ")
    return {_stem(w) for w in rule_words(spaced) if not w.isdigit()} - _FUNCTION


def told_by_project(prepared, folder: Folder, looked: list[Found], live=None) -> Decision | None:
    """Drop an entry the project tells whole: the code names it uses (``TenantMiddleware``,
    ``create_booking()``, ``InventoryService.apply``) lead to an instruction line and to the code
    that holds them, and those lines hold half the entry's words or more (most of the rest its
    sentence's grammar). Its own reason, trap, status or story holds words no such line does (an
    entry that only names the code scores far less: 0.2 to 0.4 on the labelled projects). An entry
    whose facts the project contradicts, or said the other way round from the instruction line,
    is never told by it. ``live``: lines the audit marked as where work stands (then never)."""
    r = prepared.reading
    content = r.content
    if live or not content or len(content) > 8 or r.of("learned", "why", "status", "final") \
            or any(g.against and not g.lines for g in looked):
        return None
    text = " ".join(_LABEL.sub("", ln.text) for ln in r.lines if ln.kind not in ("code", "heading"))
    names = []
    for m in _IDENT.finditer(text + " " + (prepared.description or "")):
        ws = tuple(dict.fromkeys(w for w in words(next(g for g in m.groups() if g)) if len(w) >= 2))
        if ws and max(map(len, ws)) >= 4 and not all(w.isdigit() for w in ws) and ws not in names:
            names.append(ws)   # every word of the name: node_modules alone, a part of a path, names no one thing
    if not names:
        return None
    idx = folder.idx
    told, rules, code = set(), [], []
    by_word = folder.rules_by_word
    for ws in names[:8]:
        key = max(ws, key=len)
        rules += [rl for rl in by_word.get(key, ()) if rl not in rules and all(rl in by_word.get(w, ()) for w in ws)]
        for i in idx.lines_with(*ws, limit=12):
            name = idx.file_name(i)
            if not _DOC.search(name):
                told |= _near_stems(idx, i) | _stems(name)
                code.append(i)
    if not rules:
        return None   # the project's code alone: knowable() weighs each fact
    for rl in rules:
        told |= _stems_of(rl.text)
    mine = _stems(re.sub(r"\d+", " ", text))
    if len(mine) < 5 or len(mine & told) < _TOLD * len(mine):
        return None
    from .triage_meaning import has_exception
    if _turned(rules, text) or has_exception(text) and not any(has_exception(rl.text) for rl in rules):
        return None   # the other way round, or an exception of its own: a contradiction or a new rule
    from ..judging.project_index import ProjectLine
    cited = [ProjectLine(rl.file, rl.line, rl.text) for rl in rules[:2]]
    shown_code = sorted(code, key=lambda i: -len(_near_stems(idx, i) & mine))[:2]
    cited += [idx.line(i) for i in shown_code]
    share = len(mine & told) / len(mine)
    reasons = [f"it restates {cited[0].cite()}"]
    reasons += [f"and what the code holds: {pl.cite()}" for pl in cited[len(rules[:2]):]]
    reasons.append(f"{share:.0%} of its words are in those lines and nothing of its own is left (no reason, trap "
                   "or status): reading them once tells the agent")
    return Decision("drop", 3, reasons, [content[0].n], cited[:6])


_SENTENCE = re.compile(r"(?<=[.!?;:。！？；])\s+|\s\((?=\S)|(?<=[^\s(])\)")


def _turned(rules, text: str) -> bool:
    """Whether the entry says the instruction clause it is closest to the other way round: of every
    (entry clause, instruction clause) pair sharing three concepts or more (fewer: a clause that
    names the same things, "views and jobs go through it" beside "never build one in a view or a
    job"), the one that covers most of the instruction clause, by the parity of their negations."""
    from .triage_meaning import _CLAUSES, GENERIC, meaning, negations
    theirs = [(h, meaning(h)) for rl in rules for h in _CLAUSES.split(rl.text) if h and h.strip()]
    best = (0.0, 0, None, None)
    for c in (c for c in _SENTENCE.split(text) if c and c.strip()):
        mine = meaning(c)
        for h, t in theirs:
            n = len((mine & t) - GENERIC)
            if n >= 3 and (n / len(t), n) > best[:2]:
                best = (n / len(t), n, h, c)
    _, _, half, c = best
    return half is not None and negations(half) % 2 != negations(c) % 2


def _near_stems(idx, i: int) -> frozenset:
    return _stems_of(idx.neighbours(i, _SPAN_LINES))


@lru_cache(maxsize=4096)
def _stems_of(text: str) -> frozenset:
    return frozenset(_stems(text))
