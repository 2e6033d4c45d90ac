"""Two entries that cannot both hold: the one detector of contradictions between entries whose
subject is a phrase of the text (SPEC §5 ``conflict``, possible; SPEC §6 ``review`` in triage,
naming both sides). Triage reads ``find_conflicts`` (each entry's side), the audit
``conflict_pairs`` (one finding naming both places): the same pairs. (crossfile keeps the claims
precise by their form — a named runtime's version, a port, "always/never use X" — and
manifest_claims the project's own manifest.)

Across the entries of one folder, four kinds of disagreement:

- **a named setting, two values**: "the payments client timeout is 2 s" and "client timeout:
  10 s"; "DB 커넥션 풀 크기는 10" and "the database connection pool size is 50". A setting is a
  concept (timeout, pool size, retries, TTL, workers, batch size) with a number, in the languages
  agents write; two lines speak of the same setting only when they share a qualifier beside it
  (client, payment, database, webhook …, through a small glossary), so a lock timeout never
  meets an HTTP timeout. Values compare in one unit (2 s = 2000 ms).
- **built and not built**: "X is not built" and "X is built and verified" (two content words of
  X shared), or a label ("X — BUILT", "Not built yet: …; X"); inside one entry only a "not built"
  below the "built" (conflict_states.py).
- **a rule a later entry replaced**: a later entry says what replaced what ("switched from black
  to ruff", "antes eran 3", "cambiamos de X a Y", "X is gone"): the earlier entry still stating
  the old way is ``review`` ("superseded"); the later one is the decision and is not flagged.

- **whether the repository has a remote**: "local only, no git remote" / "sin remoto" and an
  entry that says where it is pushed or published ("origin is https://github.com/…", "vive
  publicado en github.com/…").

- **an amount of one setting, a rule and its negation** (stop 47): amount_claims ("refund window
  14 days" / "30 days", a rate, a time of day) and rule_claims ("always X" / "never X" in one scope),
  paired in said_pairs.

Neither side is promoted or kept silently. A client library's version against a server's is
not a setting here (versions are triage_decide's, by their named subject).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import hints
from . import amount_claims, choice_claims, rule_claims, tool_roles
from .tool_roles import tool_pairs
from .said_pairs import Said, lines_of_body, amount_pairs, clause as _clause, most_shared as _most_shared, rule_pairs, within
from .conflict_states import ACRONYM as _ACRONYM, STATE_HINTS as _STATE_HINTS, same_entry_stale, states
from .project_index import rule_words
from .gone_files import GONE_HINTS, dated, gone_files

# concept → its forms (lower-case substrings; Latin forms start a word)
_CONCEPTS = {
    "timeout": ("timeout", "time-out", "time out", "타임아웃", "タイムアウト", "超时", "超時", "tiempo de espera",
                "tempo limite", "délai d'attente"),
    "pool size": ("pool size", "connection pool", "풀 크기", "풀 사이즈", "커넥션 풀", "プールサイズ", "接続プール", "连接池",
                  "連接池", "tamaño del pool", "pool de conexiones"),
    "retries": ("retries", "retry", "retried", "reintent", "재시도", "リトライ", "再試行", "重试", "tentativas",
                "wiederholung"),
    "ttl": ("ttl", "expir", "caduca", "유효기간", "有効期限", "过期时间", "caducidad"),
    "workers": ("workers", "concurrency", "concurrencia", "워커", "ワーカー", "并发"),
    "batch size": ("batch size", "tamaño de lote", "배치 크기", "バッチサイズ", "批大小"),
    # how often a periodic job runs ("every 15 minutes", "alle 60 Minuten", "每 30 分钟")
    "interval": ("interval", "intervall", "intervalo", "intervalle", "every ", "alle ", "toutes les ", "a cada ",
                 "间隔", "間隔", "간격", "주기", "每", "ごと", "마다"),
}
# qualifiers in other languages → an English head, so "결제 웹훅" meets "payment webhook"
_QUALIFIERS = {
    "payment": ("pago", "pagos", "pagamento", "결제", "支払", "決済", "支付", "paiement", "zahlung"),
    "webhook": ("webhook", "웹훅", "ウェブフック", "webフック"),
    "database": ("db", "base de datos", "banco de dados", "데이터베이스", "データベース", "数据库", "postgres",
                 "mysql", "database"),
    "connection": ("conexión", "conexiones", "conexão", "커넥션", "연결", "接続", "连接", "connection"),
    "client": ("cliente", "클라이언트", "クライアント", "客户端", "client"),
    "request": ("solicitud", "petición", "requisição", "요청", "リクエスト", "请求", "request"),
    "cache": ("caché", "캐시", "キャッシュ", "缓存", "cache"),
    "queue": ("cola", "fila", "큐", "キュー", "队列", "queue"),
    "job": ("trabajo", "작업", "ジョブ", "任务", "job"),
    "session": ("sesión", "sessão", "세션", "セッション", "会话", "session"),
    "export": ("exportación", "exportação", "내보내기", "エクスポート", "导出", "export"),
    "sync": ("sync", "sincroniz", "synchronis", "同步", "同期", "동기화"),
}
_NAMED = frozenset(_QUALIFIERS)
_FILLER = frozenset("size set value default the this that our its use uses used currently now keep should runs läuft "
                    "minut minute minutes second seconds hour hours minuten stunden sekunden "
                    "setting config configured number count max maximum limit los las del por para con una uno que "
                    "tras antes desde eran era son esta este está estos pero como más mais com dos das para pelo "
                    "each every always never must after before since when with from into than then also sempre siempre "
                    "nunca toujours jamais immer nie".split())
_NUM_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|segundos?|min|mins|minutes?|"
                       r"minutos?|[Mm]inuten|[Ss]tunden?|[Ss]ekunden?|h|hours?|horas?|초|분|시간|秒|分|時間|小时|회|번|回|次|veces|vezes|times|x)?(?![A-Za-z0-9])")
TO_MS = {"ms": 1, "millisecond": 1, "milliseconds": 1, "s": 1000, "sec": 1000, "secs": 1000, "second": 1000,
          "seconds": 1000, "segundo": 1000, "segundos": 1000, "초": 1000, "秒": 1000, "min": 60_000, "mins": 60_000,
          "minute": 60_000, "minutes": 60_000, "minuto": 60_000, "minutos": 60_000, "분": 60_000, "分": 60_000,
          "h": 3_600_000, "hour": 3_600_000, "hours": 3_600_000, "hora": 3_600_000, "horas": 3_600_000,
          "시간": 3_600_000, "時間": 3_600_000, "小时": 3_600_000, "hr": 3_600_000, "d": 86_400_000, "day": 86_400_000,
          "sekunde": 1000, "sekunden": 1000, "minuten": 60_000, "stunde": 3_600_000, "stunden": 3_600_000}
# an interval is the form right beside its number ("every 15 min", "alle 30 Minuten", "每 30 分钟",
# "15分ごと", "10분마다", "sync interval: 15 min"): a duration with "every" elsewhere on the line
# ("times out after 5 s, every retry", "Alle Tests dauern 10 Sekunden") is no interval
_EVERY_BEFORE = re.compile(r"(?i)(?:\bevery|\balle|\btoutes\s+les|\ba\s+cada|每隔?|"
                           r"(?:interval(?:l|o|le)?|间隔|間隔|간격|주기)[^.;,!?\d]{0,12})\s*$")
_EVERY_AFTER = re.compile(r"\s*(?:ごと|毎|おき|마다)")
# "(antes eran 3)", "was 3", "from 3 to 5", "instead of 3": the number after it is the old value
_BEFORE = re.compile(r"(?i)\b(?:antes|before|previously|formerly|was|were|used to be|era|eram|eran|instead of|"
                     r"en lugar de|em vez de|from)\b|이전|기존|以前|之前|元は|従来")

# what replaced what, in a later entry: (pattern, group of the old thing)
_TERM = r"`?([\w.+#-]{2,40})`?"
_REPLACED = [
    (re.compile(rf"(?i)\b(?:switched|moved|migrated|changed|went|swapped)\s+(?:\w+\s+){{0,2}}from\s+{_TERM}\s+(?:to|for)\s+{_TERM}"), 1),
    (re.compile(rf"(?i)\b(?:cambiamos|migramos|pasamos|mudamos|trocamos|migrámos)\s+(?:\w+\s+){{0,2}}de\s+{_TERM}\s+(?:a|para|por)\s+{_TERM}"), 1),
    (re.compile(rf"(?i)\breplaced\s+{_TERM}\s+with\s+{_TERM}"), 1),
    (re.compile(rf"(?i){_TERM}\s+(?:was|is|has been)\s+replaced\s+by\s+{_TERM}"), 1),
    (re.compile(rf"(?i){_TERM}\s+(?:is no longer used|ya no se usa|não é mais usad[oa])"), 1),
    (re.compile(rf"(?i)\b(?:ya no usamos|no longer use|não usamos mais|we dropped)\s+{_TERM}"), 1),
]
_NO_REMOTE = re.compile(r"(?i)\b(?:no|without(?: a)?|has no|there is no)[ \t]+(?:git[ \t]+)?remote\b|"
                        r"\b(?:sin|sem|ningún|nenhum)[ \t]+(?:git[ \t]+)?remoto\b|\bpas de remote\b|\bkein(?:en)? remote\b|"
                        r"(?:没有|无|不设|沒有)(?:git[ \t]*)?远程|リモート(?:は)?(?:なし|無し|を持たない)|원격(?:이)?[ \t]*없")
# a repository's address said to be where it lives: after remote/origin, or after a word that
# says it is published or pushed there ("vive publicado en github.com/x/y", "pushed to …")
_REMOTE = re.compile(r"(?i)(?:\b(?:remote|origin|remoto)\b|\b(?:published|pushed|hosted|lives|publicado|publicada|"
                     r"subido|enviado|hospedado|publié|veröffentlicht)\b|推送到|托管在|公開先|푸시)"
                     r"(?:[^\n]|\n(?!\s*\n)){0,30}?"   # (a paragraph may wrap between)
                     r"(?:(?:https?://|git@)[\w.-]+[:/]|(?<![\w.])(?:github|gitlab|bitbucket|codeberg)\.(?:com|org)/)"
                     r"[\w.-]+/[\w.-]+")
_REMOTE_HINTS = ("remote", "origin", "remoto", "远程", "遠程", "リモート", "원격", "github.", "gitlab.", "bitbucket.",
                 "codeberg.")
# a line that says its value was replaced tells history, not a claim
_WAS = re.compile(r"(?i)\b(?:was|were|previously|formerly|used to|no longer|replaced|superseded|old|changed from|"
                  r"instead of|until)\b|→|->|~~")
# the words each shape needs, looked for (lower-cased) before its patterns: a pattern tried on every
# line of 10,000 entries cost ~1 s; these tests cost ~0.1 s
_REPLACED_HINTS = ("switched", "moved", "migrated", "changed", "went", "swapped", "cambiamos", "migramos", "pasamos",
                   "mudamos", "trocamos", "migrámos", "replaced", "no longer", "ya no", "não é mais", "não usamos mais",
                   "dropped")
_NOT_OLD = frozenset("the a an it this that we our to from de a la el los las one old code file table feature step "
                     "way approach version".split())


@dataclass(frozen=True)
class Claim:
    entry: str
    line: int
    kind: str            # setting | built | replaced | remote | amount | rule
    key: str             # the setting's concept; built: "built"/"not built"; replaced: the old term;
                         # remote: "none"/"url"
    value: str = ""      # the setting's value (ms for a time)
    old: tuple = ()      # a setting's earlier values the same line names
    quals: frozenset = frozenset()
    name: frozenset = frozenset()   # built: the thing's words outside paths ("/join/<code>" names, not qualifies)
    said: object = None  # amount: amount_claims.Amount; rule: rule_claims.Rule


@dataclass(frozen=True)
class Conflict:
    line: int            # this entry's line
    reason: str


def _concepts(low: str) -> list[str]:
    out = []
    for head, forms in _CONCEPTS.items():
        for f in forms:
            k = low.find(f)
            if k >= 0 and (not f[0].isascii() or k == 0 or not low[k - 1].isalnum()):
                out.append(head)
                break
    return out


def qualifiers(text: str, skip: tuple[str, ...] = ()) -> frozenset:
    low = text.lower()
    out = {head for head, forms in _QUALIFIERS.items() if any(f in low for f in forms)}
    bare = re.sub(r"\d+", " ", low)
    for f in skip:
        bare = bare.replace(f, " ")
    out |= {w for w in rule_words(bare) if w.isascii() and len(w) >= 4 and w not in _FILLER}
    return frozenset(out)


def _named(thing: str) -> frozenset:
    """A thing's qualifiers without its paths: "Invite page /join/<code>" is "the invite page",
    while "the PDF export" is not "the export"."""
    plain = re.sub(r"\S*/\S*", " ", thing)
    return qualifiers(plain) | {w.lower() for w in _ACRONYM.findall(plain)}


def _value(num: str, unit: str | None) -> str:
    scale = TO_MS.get((unit or "").lower())
    if scale is None:
        return num
    return f"{float(num) * scale:g}ms"


_SAID = tuple(sorted(set(_STATE_HINTS + _REPLACED_HINTS + _REMOTE_HINTS + GONE_HINTS)))
_FORMS = tuple(sorted({f for forms in _CONCEPTS.values() for f in forms}))
_SAID_OR_RULE = tuple(sorted(set(_SAID) | set(rule_claims.HINTS) | set(choice_claims.HINTS)
                            | set(tool_roles.HINTS), key=len))   # (the short first: found sooner)
_DIGIT = re.compile(r"\d")
_FORMS_RX = re.compile(hints.trie_pattern(_FORMS))   # ~100 `in`s cost more
# the ASCII ones through the shared pass over a text's words (hints: a trie tried at every place of
# every text cost ~20 us an entry), the others only in a text that is not ASCII
_SAID_OR_RULE_ASCII = frozenset(w for w in _SAID_OR_RULE if w.isascii())
_SAID_OR_RULE_OTHER = hints.finder([w for w in _SAID_OR_RULE if not w.isascii()])
hints.register(_SAID_OR_RULE_ASCII)


def might_claim(low: str) -> bool:
    """Whether a lower-cased text holds a word any claim starts from (the rest is not read): a
    state, a replacement, a remote, or a setting's name beside a digit."""
    return not hints.present(low).isdisjoint(_SAID_OR_RULE_ASCII) or \
        not low.isascii() and bool(_SAID_OR_RULE_OTHER(low)) or _DIGIT.search(low) is not None and \
        (_FORMS_RX.search(low) is not None or amount_claims.might_amount(low))


def claims_of(entry_id: str, lines) -> list[Claim]:
    """The settings, build states, replacements and remotes one entry's lines state (``lines``:
    Line or Said)."""
    out: list[Claim] = []
    lines = list(lines)
    remote = any(h in ln.text.lower() for ln in lines for h in _REMOTE_HINTS)
    for k, ln in enumerate(lines):
        if remote and ln.kind != "code":
            _remote(entry_id, ln, lines[k + 1].text if k + 1 < len(lines) else "", out)
        if ln.kind != "code":
            for ch in choice_claims.choices(ln.text):
                out.append(Claim(entry_id, ln.n, "choice", ch.other, ch.chosen, said=ch))
        if ln.kind in ("code", "heading") or ln.text.startswith("|"):
            continue   # a table row lists many things: its numbers are no one setting
        text = re.sub(r"`([^`]*)`", r"\1", ln.text)
        low = text.lower()
        if any(c.isdigit() for c in low):
            for concept in _concepts(low):
                forms = _CONCEPTS[concept]
                start = min(k for k in (low.find(f) for f in forms) if k >= 0)
                nums = [m for m in _NUM_UNIT.finditer(text) if m.start() >= start - 20 and m.start() - start < 60]
                if concept == "interval":
                    nums = [m for m in nums if _EVERY_BEFORE.search(text[max(0, m.start() - 30):m.start()])
                            or _EVERY_AFTER.match(text, m.end())]
                if not nums:
                    continue
                values = [(_value(m.group(1), m.group(2)), m.start()) for m in nums
                          if m.group(2) and m.group(2).lower() in TO_MS or "." not in m.group(1)]   # a count is whole
                if not values:
                    continue
                old, new = set(), []
                for v, at in values:
                    b = [x for x in _BEFORE.finditer(text[:at]) if at - x.end() <= 12]
                    (old.add(v) if b else new.append(v))   # "was 2 s until March": history, no claim
                if len(set(new)) == 1 and (concept != "interval" or new[0].endswith("ms")):   # "every 3 tools": no interval
                    at = min(at for v, at in values if v == new[0])
                    out.append(Claim(entry_id, ln.n, "setting", concept, new[0], tuple(sorted(old - {new[0]})),
                                     qualifiers(_clause(text, min(start, at), at), forms)))
        if not any(c.line == ln.n and c.kind == "setting" for c in out) and _DIGIT.search(low):
            for a in amount_claims.amounts(text, ln.n):   # a setting the glossary does not name: "refund window 14 days"
                out.append(Claim(entry_id, ln.n, "amount", a.dim, a.shown, said=a))
        for t in (tool_roles.said(ln.text) if ln.kind != "code" else ()):
            out.append(Claim(entry_id, ln.n, "tool", t.role, said=t))
        if rule_claims.might_rule(low):
            for r in rule_claims.rules_of(text, ln.n):
                out.append(Claim(entry_id, ln.n, "rule", r.verb, r.sense, said=r))
        for state, thing in (states(text) if any(map(low.__contains__, _STATE_HINTS)) else ()):
            out.append(Claim(entry_id, ln.n, "built", state,
                             quals=qualifiers(thing) | {w.lower() for w in _ACRONYM.findall(thing)},
                             name=_named(thing)))
        for name in (gone_files(ln.text) if "`" in ln.text and any(map(low.__contains__, GONE_HINTS)) else ()):
            out.append(Claim(entry_id, ln.n, "replaced", name, "", old=("removed",)))   # a file said removed
        if any(map(low.__contains__, _REPLACED_HINTS)):
            for rx, g in _REPLACED:
                m = rx.search(text)
                if m and m.group(g).lower() not in _NOT_OLD:
                    new_term = m.group(g + 1).lower() if m.lastindex and m.lastindex > g else ""
                    out.append(Claim(entry_id, ln.n, "replaced", m.group(g).lower(), new_term))
                    break
    return out


def _remote(entry_id: str, ln, after: str, out: list[Claim]) -> None:
    """"No remote" / where the repository is pushed, on this line (an address may wrap to the next)."""
    both = ln.text + "\n" + after
    for rx, key in ((_NO_REMOTE, "none"), (_REMOTE, "url")):
        m = rx.search(both)
        if m and m.start() < len(ln.text) and not _WAS.search(ln.text):
            out.append(Claim(entry_id, ln.n, "remote", key))


@dataclass(frozen=True)
class Pair:
    """Two claims that cannot both hold. ``superseded``: ``a`` is the old side a later entry
    replaced (only ``a`` is to act on); otherwise which holds is the owner's call."""
    a: Claim
    b: Claim
    why_a: str
    why_b: str = ""
    superseded: bool = False


def conflict_pairs(entries: dict, claims: dict[str, list[Claim]], lines_of) -> list[Pair]:
    """Every contradiction among ``claims`` (entry id → its claims, ``claims_of``). ``entries``: id →
    an entry (for its date); ``lines_of(id)``: its rule-bearing lines, to find the old way a later
    entry replaced."""
    out: list[Pair] = []
    settings: dict[str, list[Claim]] = {}
    built: list[Claim] = []
    replaced: list[Claim] = []
    remotes: list[Claim] = []
    amounts: dict[str, list[Claim]] = {}
    rules: dict[str, list[Claim]] = {}
    tools: dict[str, list[Claim]] = {}
    chosen: list[Claim] = []
    for cs in claims.values():
        for c in cs:
            {"setting": settings.setdefault(c.key, []), "built": built, "replaced": replaced,
             "remote": remotes, "amount": amounts.setdefault(c.key, []),
             "rule": rules.setdefault(c.key, []), "tool": tools.setdefault(c.key, []), "choice": chosen}[c.kind].append(c)
    out += amount_pairs(amounts, Pair) + rule_pairs(rules, entries, Claim, Pair, lines_of_body) + tool_pairs(tools, Pair)
    out += choice_claims.choice_pairs(chosen, entries, lines_of, Claim, Pair)

    for concept, cs in settings.items():
        if len(cs) > 12:
            continue   # a folder that names this setting everywhere: values of many different things
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                if a.entry == b.entry or a.value == b.value or not _most_shared(a.quals, b.quals, _NAMED) \
                        or a.value.endswith("ms") != b.value.endswith("ms"):   # a time against a bare number
                    continue
                if a.value in b.old or b.value in a.old:   # one says the other's value was the old one
                    old, new = (a, b) if a.value in b.old else (b, a)
                    out.append(Pair(old, new, f"line {old.line} says {concept} {_shown(old.value)}; {new.entry}:{new.line} "
                                    f"says it is {_shown(new.value)} now (was {_shown(old.value)}): superseded — drop or "
                                    "update it", superseded=True))
                    continue
                out.append(Pair(a, b, f"line {a.line} says {concept} {_shown(a.value)}; {b.entry}:{b.line} says "
                                f"{_shown(b.value)} — which holds?", f"line {b.line} says {concept} {_shown(b.value)}; "
                                f"{a.entry}:{a.line} says {_shown(a.value)} — which holds?"))
    for i, a in enumerate(built):
        for b in built[i + 1:]:
            # the same thing: one's name is the other's or within it ("CSV export" / "the CSV export
            # of invoices"), never two that merely share a word ("PDF viewer" / "3D viewer"); within one
            # entry the name must be the same ("the export" / "the PDF export": two things)
            if a.key != b.key and a.quals and b.quals and (within(a.quals, b.quals) or within(b.quals, a.quals)) and \
                    (a.entry != b.entry or a.name == b.name and same_entry_stale(a, b)):
                if a.entry == b.entry:   # one finding in one file: its two lines
                    yes, no = (a, b) if a.key == "built" else (b, a)
                    out.append(Pair(yes, no, f"line {yes.line} says it is built; line {no.line}, below it, still "
                                    "says it is not built — which holds?"))
                    continue
                out.append(Pair(a, b, f"line {a.line} says it is {a.key}; {b.entry}:{b.line} says it is {b.key} — which "
                                "holds?", f"line {b.line} says it is {b.key}; {a.entry}:{a.line} says it is {a.key} — "
                                "which holds?"))
    none = list({c.entry: c for c in reversed(remotes) if c.key == "none"}.values())   # an entry's first
    for a in none:
        b = next((c for c in remotes if c.key == "url" and c.entry != a.entry), None)
        if b is not None:
            out.append(Pair(a, b, f"line {a.line} says the repository has no remote; {b.entry}:{b.line} says where it "
                            "is pushed — which holds?", f"line {b.line} says where the repository is pushed; "
                            f"{a.entry}:{a.line} says it has no remote — which holds?"))
    for r in replaced:
        later, gone = entries[r.entry], r.old == ("removed",)   # gone: a file said removed (judging/gone_files)
        word = re.compile(rf"(?i)(?<![\w.-]){re.escape(r.key)}(?![\w-])")
        for eid, e in entries.items():
            if eid == r.entry or _newer(e, later) and (not gone or dated(e) and dated(later)):
                continue
            hit = next((ln for ln in lines_of(eid) if word.search(ln.text) and not (r.value and r.value in ln.text.lower())
                        and not (gone and (any(map(ln.text.lower().__contains__, GONE_HINTS)) or _WAS.search(ln.text)))), None)
            if hit is not None:
                out.append(Pair(Claim(eid, hit.n, "replaced", r.key), r, f"line {hit.n} still says {r.key}; "
                                f"{r.entry}:{r.line} says {r.key} was {'removed' if gone else 'replaced'}: "
                                "superseded — drop or update it", superseded=True))
    return out


def find_conflicts(entries: dict, claims: dict[str, list[Claim]], lines_of) -> dict[str, list[Conflict]]:
    """entry id → the conflicts it is part of (``conflict_pairs``, each side that is to act on)."""
    out: dict[str, list[Conflict]] = {}

    def add(c: Claim, reason: str) -> None:
        mine = out.setdefault(c.entry, [])
        if not any(x.reason == reason for x in mine):
            mine.append(Conflict(c.line, reason))

    for p in conflict_pairs(entries, claims, lines_of):
        add(p.a, p.why_a)
        if not p.superseded and p.why_b:   # (one entry's two lines: one reason, on the first)
            add(p.b, p.why_b)
    return out


def _newer(e, than) -> bool:
    """``e`` was written after ``than`` (unknown dates: not newer)."""
    a, b = e.updated or e.created, than.updated or than.created
    return a is not None and b is not None and a > b


def _shown(value: str) -> str:
    if value.endswith("ms"):
        ms = float(value[:-2])
        return f"{ms / 1000:g} s" if ms >= 1000 else f"{ms:g} ms"
    return value
