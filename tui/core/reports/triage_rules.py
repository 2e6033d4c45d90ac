"""The wording judgements of test 2 (*learned or mandated?*) and the record names of test 1.

- ``promotes``: a rule someone set belongs in a reviewed instruction file. The entry's headline
  (its name or description) must be a rule — rule wording ("always", "never", "must", in the
  languages agents write), an imperative, a 'RULE —' label, or it names rules or preferences —
  and someone must have set it: Claude Code's ``feedback`` type says the user did; otherwise a
  line says who ("the user wants …", "team convention"). A trap the agent learned, written with
  a "never" deep in its story, is memory, not a rule to promote; so is an entry its owner calls a
  lesson or a gotcha (``learned_headline``). A feedback entry in Claude Code's shape — the rule as
  its first sentence, then **Why:** and **How to apply:** — promotes though its headline is a topic.
- ``record_name``: a file named for a session or the state of work (``session_2026-03-15.md``).

Words inside code spans are not wording: `never` in a flag name is not a rule.
"""
from __future__ import annotations

import re

from ..textutil import without_code

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
    r"(?i:\b(?:el |la )?usuari[oa] (?:quiere|prefiere|pide|pidió|exige)|\b(?:o )?usu[aá]rio (?:quer|prefere|pediu|exige)|"
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
            "нельзя обязательно întotdeauna intotdeauna niciodată niciodata obligatoriu interzis "
            "asla daima mutlaka zorunlu yasak",
            ("must not", "do not", "shall not", "should never", "under no circumstances",
             "required to", "not allowed", "luôn luôn", "không bao giờ", "bắt buộc", "her zaman"),
            ("必须", "一律", "总是", "始终", "永远不要", "不要", "禁止", "不得", "务必", "必ず", "常に", "絶対に",
             "しないこと", "てはいけない", "てはならない", "ではいけない", "避免", "请勿", "切勿", "不许", "不准",
             "항상", "반드시", "절대", "금지", "하지 마"))

_IMPERATIVE_START = re.compile(
    r"(?im)^[ \t]*(?:[-*+][ \t]+|\d+\.[ \t]+)?(?:\*\*)?(?:use|prefer|avoid|keep|run|write|put|name|call|"
    r"ask|check|add|never|always|don't|do not|no|only|do|make|follow|disable|enable|keep|stop|wait|verify|"
    r"pull|fetch|read|tell|show|update|test|commit|push|deploy|confirm|validate|respond|reply|answer|"
    r"siempre|nunca|usar|usa|evitar|no usar|sempre|nunca|não|toujours|jamais|immer|niemals|всегда|никогда|не|"
    # German du/Sie imperatives ("Antworte mir auf Deutsch", "Verwende pnpm")
    r"antworte|schreib|schreibe|verwende|benutze|nutze|nimm|halte|prüfe|frag|frage|teste|vermeide|achte|"
    r"nenne|gib|sag|sage|lass|lösche|ändere|führe|committe|pushe|antworten sie|verwenden sie|nutzen sie)\b")

# an imperative by its ending (Korean, Japanese: no word of force needed) or a Spanish or
# Portuguese negative imperative ("no uses", "no edites", "não use"): the rule is in the grammar
_RULE_ENDING = re.compile(r"(?:하세요|하십시오|마세요|마십시오|말 것|할 것|해야 한다|해야 합니다|지 말 것|"
                          r"すること|しないこと|ないこと|してください|しないでください|べきだ?|しない)\s*(?:[.。!！]|$)")
_NEG_IMPERATIVE = re.compile(r"(?i)\b(?:no (?:lo |la |los |las |le |les |te |se )?(?!es\b|tienes\b|sabes\b)\w{2,}(?:es|as)|"
                             r"não (?:use|faça|edite|rode|execute|mude|altere|adicione|apague|coloque|crie))\b")


def is_rule(text: str) -> bool:
    """A line written as a rule: its words include always / never / must / do not (any language),
    or it ends as a Korean or Japanese imperative, or it is a Spanish or Portuguese "don't"."""
    bare = without_code(text)
    tokens, joined = _tokens(bare)
    if RULE.find(tokens, joined, bare.isascii()) or _RULE_LABEL.match(bare.replace("*", "")):
        return True
    if not bare.isascii():
        if _RULE_ENDING.search(bare):
            return True
    return ("no" in tokens or "não" in tokens) and bool(_NEG_IMPERATIVE.search(bare))


def promotes(type_: str | None, name: str, description: str, lines: list[str], n_content: int, entry_id: str = "") -> bool:
    """Test 2 on a whole entry: a rule someone set. Its headline (name or description) is a rule,
    and someone set it — Claude Code's feedback type says the user did; for another type a line
    must say who ("the user wants …"). A short entry that says who set it is one too."""
    texts = [name, description, *lines]
    if learned_headline(name, description, entry_id):
        return False   # "lección: GSAP …", "踩坑", trap_…: the owner calls it a lesson learned — memory, even in type feedback
    if (type_ or "").lower() == "user" and not headline_rule(name, description, worded=True):
        return False   # what one person likes ("用户偏好的讲解方式"): the user's memory, not a rule for everyone
    if not headline_rule(name, description):
        first = lines[0] if lines and n_content <= 4 else \
            re.split(r"(?<=[.!?。！])\s*", lines[0])[0] if lines and _WHY_HOW.match(" ".join(lines[1:3])) else ""
        if (type_ or "").lower() in MANDATED_TYPES and first \
                and (is_rule(first) or _IMPERATIVE_START.match(without_code(first))):
            # the user's guidance, its headline a topic ("Logs con campos estructurados"): the body is the rule —
            # short, or in Claude Code's shape for guidance (the rule, then **Why:** and **How to apply:**)
            return True
        if (type_ or "").lower() in MANDATED_TYPES and who_set([description]) is not None:
            return True   # the user's guidance whose headline says so ("Usuario quer respostas concisas", "用户希望…")
        if (type_ or "").lower() in MANDATED_TYPES and mandate(description, lines) is not None:
            return True   # the rule part holds a rule sentence, or its Why says who wanted it
        return n_content <= 3 and who_set(texts) is not None
    if (type_ or "").lower() in MANDATED_TYPES:
        return True
    if not type_ and n_content <= 3:   # a layout with no types: a short note that is a rule is one
        return True
    return who_set(texts) is not None


# a person's will in the Why of the user's guidance: "she rejected …", "he wants …", "lo dijo explícitamente"
_WILL = re.compile(
    r"(?i)\b(?:the |this )?(?:user|owner|he|she)\s+(?:(?:has|had|have|clearly|explicitly|repeatedly|"
    r"already|does not|doesn't|did not|didn't|never|always|just)\s+)?(?:wants?|wanted|prefers?|preferred|rejects?|"
    r"rejected|refused|refuses|asked|asks|insists?|insisted|requires?|required|dislikes?|disliked|hates?|hated|"
    r"demands?|demanded|objected|complained|corrected|told (?:me|us|claude)|pushed back|"
    r"want|like|prefer)\b|"
    r"(?-i:\b[A-Z][a-zà-ÿ]{2,} (?:wants|asked|insists|prefers|veut|exige|préfère|quiere|pidió|prefiere|quer|pediu|"
    r"prefere|möchte|bevorzugt|хочет|просит|vrea|a cerut|cere|prefer[ăa]|istiyor|istedi))\b|"
    r"\butilizatorul (?:nu )?(?:vrea|a cerut|cere|prefer[ăa])\b|\bkullan[ıi]c[ıi] (?:bunu )?(?:istiyor|istedi|tercih ediyor)\b|"
    r"\b(?:explicitly|expressly) (?:said|asked|told|requested|stated)|\bsaid (?:so )?explicitly\b|"
    r"\b(?:el |la |le )?(?:usuari[oa]|cliente) (?:no |nunca )?(?:quiere|prefiere|pide|pidió|exige|rechaza|rechazó)\b|"
    r"\b(?:o )?usu[aá]rio (?:não |nunca )?(?:quer|prefere|pediu|exige|rejeitou|recusou)\b|"
    r"\b(?:dijo|pidió|disse|pediu|a dit|hat gesagt|sagte) (?:\w+ )?(?:expl[ií]citamente|claramente|expressément|ausdrücklich)\b|"
    r"\b(?:expl[ií]citamente|claramente|expressément|ausdrücklich) (?:lo |o )?(?:dijo|pidió|disse|pediu|dit|gesagt)\b|"
    r"\bl['’]utilisateur (?:ne )?(?:veut|préfère|demande|exige|refuse)|\b(?:il|elle) (?:ne )?(?:veut|préfère|exige|refuse)\b|"
    r"(?:用户|使用者|老板)(?:明确|明確|一再|多次|反复|已经)?(?:说|說|要求|希望|拒绝|拒絕|不想|不希望|偏好|强调|強調)|"
    r"ユーザー(?:は|が)[^。\n]{0,30}(?:希望|好む|求め|望|嫌|拒否|言っ)|"
    r"사용자(?:는|가)[^.\n]{0,30}(?:원한|원함|선호|요청|싫어|거부|말했)|"
    r"пользователь (?:не )?(?:хочет|предпочитает|просит|требует|отказ)")


def will(text: str) -> str | None:
    """The words that say a person wanted it ("she rejected", "lo dijo explícitamente", "用户明确说")."""
    m = _WILL.search(without_code(text or ""))
    return m.group(0) if m else None


def mandate(description: str, lines: list[str]) -> str | None:
    """The line that makes a guidance entry (Claude Code's feedback) a rule someone set though its
    headline is a topic: its description, its rule part (what comes before **Why:** / **How to
    apply:**, or a long entry's opening lines) or its Why says who wanted it ("she rejected two
    reports", "lo dijo explícitamente", "用户明确说"). A technical note filed as feedback does not,
    nor does a rule word alone (a trap the agent learned is written as a rule too: tune41 half B)."""
    head = []
    for t in lines:
        if _WHY_HOW.match(t):
            break
        head.append(t)
    if len(head) > 6:   # no Why near the top: a recipe or a description, read its opening lines only
        head = head[:3]
    why = [t for t in lines if _WHY_HOW.match(t) and not re.match(r"(?i)\W*how", t)]
    for t in [description] + head[:6] + why[:3]:
        m = _WILL.search(without_code(t or ""))
        if m:
            return t
    return None



_LEARNED_HEAD = re.compile(r"(?i)\b(?:lessons?|learnings|traps?|near[ -]miss(?:es)?|lecci[oó]n|lecciones|li[çc][ãa]o|lições|lektion|leçons?|gotchas?|"
                           r"pitfalls?|trampas?|armadilhas?|learned|aprendid[oa]|aprendizaje)\b|教训|教訓|교훈|踩坑|坑点|"
                           r"ハマりどころ|落とし穴")


def learned_headline(name: str, description: str, entry_id: str = "") -> bool:
    """The name, the description or the file's own name (``trap_cron_path.md``, ``gotcha-dst.md``)
    or the folder its owner filed it in (``learnings/``, ``lessons/``) calls the entry a lesson
    learned or a trap (any language): what the agent learned, not a rule set."""
    stem = entry_id.rsplit(".", 1)[0].replace("-", " ").replace("/", " ")
    return bool(_LEARNED_HEAD.search(f"{name} {description} {stem}".replace("_", " ")))


_WHY_HOW = re.compile(r"(?i)\W*(?:why|how to apply|por qu[ée]|porqu[eê]|warum|pourquoi|理由|原因|为什么|なぜ|이유)\W*[:：]")


_SLUG = re.compile(r"[A-Za-z0-9_.-]*")


def is_title(name: str) -> bool:
    """A name written as a title, not a file stem: it has a space, or it is not an ASCII slug (a
    Chinese or Japanese title has no spaces: "报告必须先写结论")."""
    name = (name or "").strip()
    return bool(name) and (" " in name or not _SLUG.fullmatch(name))


def headline_rule(name: str, description: str, worded: bool = False) -> bool:
    """The name or description is a rule: rule wording, an imperative (also after a dash or a
    colon), a 'RULE —' label, a Japanese rule ending, or (unless ``worded``) it names rules,
    conventions, preferences."""
    head = [t for t in (name if is_title(name) else "", description) if t]   # a file stem is no title
    clauses = [c for t in head for c in re.split(r"\s[—–-]\s|[:：;]\s", t)]
    sentences = [c for t in head for c in re.split(r"(?<=[。．])", t) if c.strip()]   # a Japanese rule may be any sentence
    return any(is_rule(t) or _RULE_LABEL.match(t) or not worded and _RULE_NOUN.search(t) for t in head) \
        or any(_JA_RULE.search(c) for c in sentences) \
        or any(_IMPERATIVE_START.match(c.strip()) for c in clauses)


def who_set(texts: list[str]) -> str | None:
    """The phrase that says who set a rule ('the user wants', 'team convention'), if any does."""
    for t in texts:
        low = (t or "").lower()
        if not any(h in low for h in _SET_BY_HINTS):
            continue   # the one big pattern only where it can match (a 10k folder's worth of lines)
        m = _SET_BY.search(t)
        if m:
            return m.group(0).strip()
    return None


_SET_BY_HINTS = ("user", "owner", "maintainer", "team", "lead", "client", "boss", "reviewer", "we ", "rule",
                 "policy", "convention", "style", "usuari", "utilisateur", "nutzer", "utente", "preferisce",
                 "пользователь", "người dùng", "用户", "使用者", "老板", "团队", "规定", "约定", "ユーザー", "사용자")


_RULE_LABEL = re.compile(r"(?i)^\W*(?:rule|mandatory|critical|important|policy|convention|regla|regra|règle|regel|"
                         r"regola|правило|quy tắc)\b\s*[—:–-]|^\W*(?:规则|规定|ルール|규칙)")
_JA_RULE = re.compile(r"(?:する|しない|すること|こと|べき|行う|使う|伝える|出す|書く|守る|禁止|ておく|いけない|ならない|"
                      r"てよい|てもよい|てもいい|て良い)"   # a permission the user gave ("確認なしで実行してよい")
                      r"[。．.]?\s*$")
_RULE_NOUN = re.compile(r"(?i)\b(?:rules|conventions?|guidelines?|preferences|standards|polic(?:y|ies)|checklist|"
                        r"reglas|normas|regras|règles|regeln|regole|правила|quy tắc)\b|规则|规范|约定|偏好|指令|"
                        r"ルール|規約|規則|규칙|지침|선호|원칙")


# -- test 1: status lines ----------------------------------------------------------------------------

# a record of one session by its file name: session_2026-03-15.md, handoff.md, worklog-…
_RECORD_NAME = re.compile(r"(?i)(?:^|[/_-])(?:session|sessions|handoff|worklog|work-log|progress|"
                          r"status(?![_-](?:codes?|table|map|enum|values|mapping|list)\b)|daily-?log|"
                          r"active-?work|current-?work|wip|"
                          r"standup|journal|logbook|devlog|dev-log|bit[aá]cora|diario-de-trabajo|tagebuch|arbeitsprotokoll|"
                          r"journal-de-bord|di[aá]rio-de-bordo)(?:[_.-]|$)")   # (status_codes.md, state-machine.md are references)


_DAY_NAME = re.compile(r"^\d{4}[-_.]?\d{2}[-_.]?\d{2}(?:[-_ ][a-z]{3,9})?\.(?:md|txt)$|"
                       r"^(?:now|current|today|wip|status|active[-_ ]?context)\.md$", re.I)   # where work stands now


def record_name(entry_id: str) -> bool:
    """The file's name says it records a session or the state of work."""
    name = entry_id.rsplit("/", 1)[-1]
    return bool(_RECORD_NAME.search(name) or _DAY_NAME.match(name))   # named by its day alone, or for the moment


# -- what is no memory of the project at all ---------------------------------------------------------

# the memory folder itself: how to copy, move or back it up (a setup guide is not a memory)
_MEMORY_FOLDER = re.compile(r"(?i)\.claude/projects|MEMORY\.md|\bmemory (?:folder|directory|dir|files?)\b|"
                            r"\bthis memory\b|carpeta de memoria|pasta de memória|speicherordner|dossier (?:de )?mémoire|"
                            r"메모리 ?(?:폴더|디렉터리)|メモリ(?:フォルダ|ディレクトリ)|记忆(?:文件夹|目录)")
_COPY = re.compile(r"(?i)\b(?:copy|copying|move|moving|transfer|back ?up|restore|new (?:machine|laptop|computer)|"
                   r"copiar|mover|respald|kopier|übertrag|copier|déplacer)\w*|복사|옮기|백업|コピー|移行|"
                   r"バックアップ|复制|迁移|备份")


def about_memory_folder(name: str, description: str) -> str | None:
    """The headline of a guide to the memory folder itself (copying it to another machine, backing
    it up): not a memory of the project. A note on how memory is *synced* (commit after a write)
    tells the agent what to do, and is not one."""
    head = f"{name} {description}"
    return (description or name) if _COPY.search(head) and _MEMORY_FOLDER.search(head) else None


# a piece of coursework, handed in: not about the project
_COURSEWORK = re.compile(r"(?i)\b(?:homework|coursework|term paper|essay|university|college|"
                         r"tarea de|deberes|universidad|trabajo práctico|asignatura|facultad|faculdade|"
                         r"hausaufgabe|seminararbeit|devoir)\w*|숙제|대학|宿題|大学|论文")
_HANDED_IN = re.compile(r"(?i)\b(?:submitted|handed in|turned in|graded|grade:|entregad[oa]|entregue|"
                        r"nota:?\s*\d|calificación|abgegeben|benotet|rendu)|제출|점수|提出|採点|已提交|成绩")


def finished_coursework(name: str, description: str, lines: list[str]) -> str | None:
    """The line that shows an entry records a piece of coursework that was handed in."""
    head = f"{name} {description}"
    if not _COURSEWORK.search(head) and not (lines and _COURSEWORK.search(lines[0])):
        return None
    return next((t for t in lines if _HANDED_IN.search(t)), None)


# a decision its owner has not taken: "Sin decidir", "not decided yet", "we're considering switching to …"
_UNDECIDED = re.compile(
    r"(?i)\b(?:undecided|not (?:yet )?decided|no (?:decision|call) (?:yet|made)|(?:still |yet to be |to be )decided|"
    r"(?:are|is|am) (?:still )?(?:considering|weighing|evaluating) (?:switching|moving|replacing|a (?:switch|move))|"
    r"pending (?:a |the owner'?s? )?decision|sin decidir|(?:a|por) decidir|no (?:está |esta )?decidid[oa]|"
    r"(?:est[áa]|estamos|están) (?:valorando|considerando|evaluando) (?:cambiar|pasar|migrar|mover|sustituir)|"
    r"não (?:está )?decidid[oa]|ainda não decid|(?:está|estamos) (?:avaliando|considerando) (?:mudar|trocar|migrar)|"
    r"(?:have|has)n'?t (?:yet )?decided|(?:have|has) not (?:yet )?decided|still deciding|decision (?:is )?(?:still )?pending|"
    r"(?:needs|awaiting|waiting (?:on|for)) (?:a |the |\w+'s )?(?:owner'?s? )?decision|open decision|"
    r"noch nicht entschieden|pas encore (?:décidé|tranché)|non ancora deciso)\b|未定|待定|尚未决定|未決定|결정 ?(?:전|안 ?됨|되지 않)")


_OPEN_HEAD = re.compile(r"(?i)\b(?:tbd|open question|to decide|por decidir|a decidir)\b")   # in a headline only


def undecided(description: str, content) -> tuple[int, str] | None:
    """(line, text) where the entry says a decision is still open — its headline, or a line of a
    short entry (four lines or fewer: the open decision is its point). A person takes it; the
    agent must not act as if either way held. A placeholder ("TBD") in a longer spec is no such line."""
    if description and (_UNDECIDED.search(description) or _OPEN_HEAD.search(description)):
        return 0, description
    if len(content) > 4:
        return None
    for ln in content:
        if _UNDECIDED.search(ln.text):
            return ln.n, ln.text
    return None
