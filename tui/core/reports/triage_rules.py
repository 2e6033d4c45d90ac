"""The wording judgements behind triage (the seed's sorting tests 1–3) that the audit does not make.

- ``mandate``: test 2, *learned or mandated?* A rule the user or the team set ("always",
  "never", "must", "the user wants …", an imperative convention, Claude Code's ``feedback``
  type) belongs in a reviewed instruction file; a fact the agent learned (a trap it hit, an
  approach that failed, a cause it found) stays in memory.
- ``status_lines``: test 1, *will it still be true next time?* A line that reports the state
  of work ("deploy pending", "CI is red", "next: …") is process, even with no time word; a
  dated *decision* ("2026-03-02: chose Postgres because …") still holds and is not.
- ``derivable``: test 3, *could you learn it by reading the code once?* The entry's code spans
  are all in a project file it names, and it says nothing the file does not (no trap, no why).

Each returns plain data (counts, the words that decided); the triage assembles the reasons.
Words inside code spans are not wording: `never` in a flag name is not a rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..judging.textutil import without_code

# -- test 2: mandated ------------------------------------------------------------------------------

MANDATED_TYPES = ("feedback", "preference", "constraint")

# someone set it: the user or the team said so
_SET_BY = re.compile(
    r"(?i)\b(?:the )?(?:user|owner|maintainer|team|lead|client|boss|reviewer)s?\s+(?:\w+\s+)?"
    r"(?:wants?|prefers?|asked|asks|insists?|requires?|expects?|likes?|dislikes?|hates?|demands?|said|says|"
    r"decided|agreed|mandates?|requested|told me|does not want|doesn't want|don't want)\b|"
    r"\b(?:we|the team) (?:always|never|agreed|decided|require|prefer)\b|"
    r"\b(?:house|team|project|coding|naming) (?:rule|convention|policy|style)\b|"
    r"\b(?:rule|policy|convention)\s*:|"
    r"(?:用户|使用者|老板|团队)(?:希望|要求|偏好|喜欢|不喜欢|规定|说|坚持|习惯)|规定|约定|"
    r"ユーザー(?:は|が)[^。\n]{0,30}(?:希望|好む|求め|望|嫌)|"
    r"사용자(?:는|가)[^.\n]{0,30}(?:원한|원함|선호|요청|싫어)|"
    r"(?i:\b(?:el|la) usuari[oa] (?:quiere|prefiere|pide|exige)|\bo usuário (?:quer|prefere|pediu|exige)|"
    r"\bl['’]utilisateur (?:veut|préfère|demande|exige)|\bder (?:nutzer|benutzer|user) (?:will|möchte|bevorzugt|verlangt)|"
    r"\bl['’]utente (?:vuole|preferisce|chiede|esige)|\bpreferisce\b|"
    r"пользователь (?:хочет|предпочитает|просит|требует)|người dùng (?:muốn|thích|yêu cầu))")

class Cues:
    """Words and phrases to find in lower-cased text, fast: the words by one tokenising pass and
    a set lookup, the phrases as substrings of the re-joined tokens (so only whole words match),
    other scripts' cues as substrings (only in text that is not ASCII). One big case-insensitive
    alternation cost ~0.7 ms an entry (7 s at 10k)."""

    def __init__(self, words: str, phrases: tuple[str, ...], other: tuple[str, ...] = ()) -> None:
        self.words = frozenset(words.split())
        self.phrases = tuple(f" {p} " for p in phrases)
        self.other = other

    def find(self, tokens: list[str], joined: str, ascii_only: bool) -> list[str]:
        out = [t for t in tokens if t in self.words]
        out += [p.strip() for p in self.phrases if p in joined]
        if not ascii_only:
            out += [c for c in self.other if c in joined]
        return list(dict.fromkeys(out))


_TOKEN = re.compile(r"\w+(?:'\w+)*")


def _tokens(text: str) -> tuple[list[str], str]:
    tokens = _TOKEN.findall(text.lower().replace("’", "'"))
    return tokens, " " + " ".join(tokens) + " "


# an imperative rule: always/never/must, "do not", a sentence that starts with a verb of doing
RULE = Cues("always never must mustn't don't mandatory forbidden prohibited siempre nunca jamás sempre toujours "
            "jamais immer niemals nie mai obbligatorio vietato regola debe deve doit muss müssen всегда никогда "
            "нельзя обязательно",
            ("must not", "do not", "shall not", "should never", "only ever", "under no circumstances",
             "required to", "not allowed", "luôn luôn", "không bao giờ", "bắt buộc"),
            ("必须", "一律", "总是", "始终", "永远不要", "不要", "禁止", "不得", "务必", "必ず", "常に", "絶対に",
             "しないこと", "してはいけない", "항상", "반드시", "절대", "금지", "하지 마"))

_IMPERATIVE_START = re.compile(
    r"(?im)^[ \t]*(?:[-*+][ \t]+|\d+\.[ \t]+)?(?:\*\*)?(?:use|prefer|avoid|keep|run|write|put|name|call|"
    r"ask|check|add|never|always|don't|do not|no)\b")

# the agent found it out: a trap hit, an approach that failed, a cause
LEARNED = Cues("gotcha trap pitfall caveat footgun discovered workaround fail fails failed failing break breaks broke "
               "broken crash crashes crashed hang hangs hung silently tried bug flaky lesson learned otherwise quirk "
               "surprising surprisingly deadlock deadlocks regress regressed regression resultó falla falló trampa "
               "falhou falha armadilha descobri piège échoue échec falle ursache trappola fallisce scoperto ловушка "
               "падает причина",
               ("turned out", "turns out", "found that", "found out that", "root cause", "work around", "time out",
                "times out", "timed out", "doesn't work", "does not work", "didn't work", "did not work", "we hit",
                "i hit", "bit us", "caused by", "because of", "the reason", "race condition", "causa raíz",
                "causa raiz", "schlägt fehl", "не работает"),
               ("坑", "踩", "原来", "发现", "失败", "报错", "根因", "绕过", "不行", "试过", "卡住", "ハマ", "罠", "原因",
                "失敗", "回避", "判明", "落ちる", "함정", "원인", "실패", "우회", "알고 보니"))
_SET_BY_HINTS = ("user", "owner", "maintainer", "team", "lead", "client", "boss", "reviewer", "we ", "rule",
                 "policy", "convention", "style")


@dataclass(frozen=True)
class Mandate:
    """What test 2 saw: who set it (``set_by``), rule wording, and signs the agent learned it."""

    set_by: str | None        # the phrase naming who set it ("the user wants"), or the type
    rule_words: tuple[str, ...]
    learned: tuple[str, ...]
    headline_rule: bool = False   # the rule wording is in the name or description, or the entry is short

    @property
    def mandated(self) -> bool:
        """A rule someone set, not outweighed by what the agent found out."""
        if self.set_by is not None:
            # a type or a named setter is strong; only a story of what broke outweighs it
            return len(self.learned) < 3 or bool(self.rule_words) and len(self.learned) < 4
        # wording alone: an imperative that is the entry's point (a "never" deep in a long note is
        # a detail), with no sign that it was learned the hard way
        return bool(self.rule_words) and self.headline_rule and not self.learned


def mandate(type_: str | None, name: str, description: str, body: str) -> Mandate:
    """Test 2 on an entry's type and text."""
    text = without_code("\n".join((description, body)))
    set_by = None
    if (type_ or "").lower() in MANDATED_TYPES:
        set_by = f"type {type_.lower()}"
    ascii_only = text.isascii()
    m = _SET_BY.search(text) if not ascii_only or any(map(text.lower().__contains__, _SET_BY_HINTS)) else None
    if m:
        set_by = f"'{m.group(0).strip()}'"
    tokens, joined = _tokens(text)
    words = RULE.find(tokens, joined, ascii_only)
    if _IMPERATIVE_START.search(description or "") and not words:
        words.append("an imperative")
    learned = LEARNED.find(tokens, joined, ascii_only)
    head = without_code(f"{name}\n{description}")
    headline = bool(RULE.find(*_tokens(head), head.isascii()) or _IMPERATIVE_START.search(description or "")) or \
        len([ln for ln in body.splitlines() if ln.strip()]) <= 6
    return Mandate(set_by, tuple(dict.fromkeys(words)), tuple(dict.fromkeys(learned)), headline)


# -- test 1: status lines ----------------------------------------------------------------------------

_STATUS = re.compile(
    r"(?i)\b(?:is|are|was|still|now) (?:red|green|failing|broken|blocked|pending|in progress|in review|"
    r"waiting|down|paused|on hold|not (?:yet )?(?:done|merged|deployed|fixed|started))\b|"
    r"\b(?:wip|todo|to-?do|in progress|pending|blocked on|waiting (?:for|on)|not yet|next steps?|"
    r"next up|remaining|left to do|still to do|will (?:do|finish|continue|pick up)|tomorrow|"
    r"last (?:session|time|week)|where (?:i|we) left off|resume (?:from|with|at))\b|"
    r"待办|进行中|下一步|还没|未完成|尚未|明天|次回|残タスク|対応中|未対応|다음 ?단계|진행 ?중|남은 ?작업|"
    r"(?i:\b(?:pendiente|en curso|próximos pasos|em andamento|próximos passos|en cours|prochaines étapes|"
    r"in arbeit|nächste schritte|in corso|prossimi passi|в процессе|следующие шаги|đang làm|bước tiếp theo)\b)")

_DECISION = re.compile(
    r"(?i)\b(?:decided|decision|chose|chosen|picked|settled on|went with|switched to|migrated to|adopted|"
    r"because|so that|instead of|rather than|over)\b|决定|选择|因为|決定|採用|결정|선택")


def status_lines(body: str) -> list[str]:
    """Lines of the body that report where work stands (first words of each), not a decision."""
    out = []
    for line in without_code(body).splitlines():
        if _STATUS.search(line) and not _DECISION.search(line):
            out.append(line.strip(" -*#\t")[:60])
    return out


# a record of one session by its file name: session_2026-03-15.md, handoff.md, worklog-…
_RECORD_NAME = re.compile(r"(?i)(?:^|[/_-])(?:session|sessions|handoff|worklog|work-log|progress|status|daily-?log|"
                          r"standup|journal)(?:[_.-]|$)")


def record_name(entry_id: str) -> bool:
    """The file's name says it records a session or the state of work."""
    return bool(_RECORD_NAME.search(entry_id.rsplit("/", 1)[-1]))


# -- test 3: in the code ------------------------------------------------------------------------------

_SPAN = re.compile(r"`([^`\n]{3,80})`")


def code_spans(body: str) -> list[str]:
    """The backticked spans of a body that say something (not a bare file name)."""
    spans = []
    for s in _SPAN.findall(body):
        s = s.strip()
        if len(s) >= 3 and not re.fullmatch(r"[\w./-]+\.\w{1,5}", s):   # a path names a place, it is no fact
            spans.append(s)
    return list(dict.fromkeys(spans))


def derivable(body: str, files: dict[str, str]) -> tuple[str, list[str]] | None:
    """(file, spans) when every code span of the body is verbatim in one project file it names
    (at least two spans, or one of ten characters or more): what reading that file once tells."""
    spans = code_spans(body)
    if not spans:
        return None
    for rel, content in files.items():
        if all(_says(s, rel, content) for s in spans) and (len(spans) >= 2 or len(spans[0]) >= 10):
            return rel, spans
    return None


_RUN = re.compile(r"(?:npm|pnpm|yarn|bun)(?: run)? ([\w:.-]+)|make ([\w.-]+)")


def _says(span: str, rel: str, content: str) -> bool:
    """The file holds the span, or is the manifest that defines the command it quotes
    (`pnpm test` ↔ package.json's "test" script, `make migrate` ↔ the Makefile's target)."""
    if span in content:
        return True
    m = _RUN.fullmatch(span.strip())
    name = rel.rsplit("/", 1)[-1]
    if m and m.group(1) and name == "package.json":
        return f'"{m.group(1)}":' in content.replace('" :', '":')
    if m and m.group(2) and name in ("Makefile", "makefile", "GNUmakefile"):
        return re.search(rf"(?m)^{re.escape(m.group(2))}\s*:", content) is not None
    return False
