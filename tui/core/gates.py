"""The write gates (SPEC §5), per entry: secret, sensitive, transient, in-code, traversal,
identifying. Audit runs the same functions over a directory; the write path runs them
before anything touches the disk.

Every function takes the entry's whole text (frontmatter included, so line numbers are
the file's) and returns findings that echo nothing secret.
"""
from __future__ import annotations

import re

from .anchors import AnchorChecker
from .entry import MemoryEntry
from .findings import Finding
from .secrets import blank_secrets, find_secrets
from .mentions import mentions

ROTATE = ("rotate this credential now: it has been written to disk and may already be in backups, "
          "sync or the agent's context; then remove it from the memory and refer to it by the name "
          "of its environment variable instead")


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _without_code(text: str) -> str:
    """Blank out fenced and inline code (same length, so positions hold): `date.today()` is code."""
    if "`" not in text:
        return text
    text = re.sub(r"```.*?```", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"`[^`\n]*`", lambda m: " " * len(m.group(0)), text)


# -- secrets ---------------------------------------------------------------------

def secret_findings(entry_id: str, text: str) -> list[Finding]:
    out = []
    for h in find_secrets(text):
        shown = f"{h.prefix}…, " if h.prefix else ""
        out.append(Finding(entry_id, "secret", h.rule, line_of(text, h.start),
                           f"{h.title} ({shown}{h.length} characters) — value not shown", ROTATE))
    return out


# -- sensitive personal data --------------------------------------------------------

def _luhn(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _cn_id(s: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    check = "10X98765432"[sum(int(a) * w for a, w in zip(s[:17], weights)) % 11]
    return s[17].upper() == check and 1900 <= int(s[6:10]) <= 2100 and 1 <= int(s[10:12]) <= 12


SENSITIVE: list[tuple[str, str, re.Pattern]] = [
    ("health", "health", re.compile(
        r"(?i)\b(?:diagnos(?:ed|is) with|medical (?:condition|history|leave)|chronic (?:illness|pain)|"
        r"(?:has|have|with|suffers? from|treated for|taking meds? for) (?:diabetes|depression|anxiety|adhd|autism|"
        r"cancer|hiv|aids|epilepsy|bipolar|schizophrenia|ptsd|an? eating disorder)|"
        r"(?:is|am|'m) pregnant|mental health (?:condition|issue|diagnosis)|prescribed \w+|therapy sessions?|"
        r"in rehab|health condition)")),
    ("health", "health", re.compile(r"(?:确诊|诊断出|患有|病史|抑郁症|糖尿病|癌症|艾滋|怀孕了|精神疾病|心理治疗|住院治疗)")),
    ("religion", "religion", re.compile(
        r"(?i)\b(?:religio(?:n|us) (?:beliefs?|views?|affiliation)|(?:is|am|'m|as) an? (?:devout |practicing )?"
        r"(?:muslim|christian|catholic|jew|jewish|hindu|buddhist|sikh|mormon|atheist)\b|"
        r"(?:attends|goes to) (?:church|mosque|synagogue|temple)|observes (?:ramadan|shabbat|the sabbath))")),
    ("religion", "religion", re.compile(r"(?:宗教信仰|信仰(?:基督|伊斯兰|佛|天主)|是(?:基督徒|穆斯林|佛教徒|天主教徒))")),
    ("politics", "politics", re.compile(
        r"(?i)\b(?:political (?:views?|affiliation|opinions?|leanings?)|votes? (?:for|republican|democrat|labour|tory)|"
        r"(?:is|am|'m) an? (?:registered )?(?:republican|democrat|communist|socialist|libertarian)\b|"
        r"member of the \w+ party|party membership)")),
    ("politics", "politics", re.compile(r"(?:政治立场|政治倾向|政治观点|是党员|入党|投票给)")),
    ("sexuality-gender", "sexual orientation or gender identity", re.compile(
        r"(?i)\b(?:sexual orientation|gender identity|(?:is|am|'m|as) (?:gay|lesbian|bisexual|transgender|trans|"
        r"queer|asexual|non-binary|nonbinary)\b|came out as|transitioning)")),
    ("sexuality-gender", "sexual orientation or gender identity", re.compile(r"(?:性取向|性别认同|同性恋|双性恋|跨性别)")),
    ("ethnicity", "ethnicity", re.compile(
        r"(?i)\b(?:ethnicity|ethnic (?:background|origin|group)|racial (?:background|identity)|"
        r"(?:his|her|their|my) race\b)")),
    ("ethnicity", "ethnicity", re.compile(r"(?:民族是|种族|少数民族|族裔)")),
    ("government-id", "government ID", re.compile(
        r"(?i)\b(?:social security (?:number|no\.?)|ssn\b|passport (?:number|no\.?)|driver'?s licen[cs]e (?:number|no\.?)|"
        r"national (?:id|insurance) (?:number|no\.?)|tax (?:id|file) number)")),
    ("government-id", "government ID", re.compile(r"\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b")),
    ("government-id", "government ID", re.compile(r"(?:身份证号?|护照号|社保号|驾驶证号)")),
    ("criminal-record", "criminal record", re.compile(
        r"(?i)\b(?:criminal (?:record|history|conviction)|(?:was|been|got) (?:convicted|arrested|incarcerated|"
        r"jailed)|felony conviction|served (?:time|a sentence)|on parole|on probation)")),
    ("criminal-record", "criminal record", re.compile(r"(?:犯罪记录|前科|被判刑|被逮捕|坐过牢)")),
    ("immigration", "immigration status", re.compile(
        r"(?i)\b(?:immigration status|visa status|undocumented|(?:is|am|'m) (?:an? )?(?:illegal immigrant|"
        r"asylum seeker|refugee)|(?:on|holds?|has) an? (?:h-1b|h1b|f-1|l-1|o-1|tn) visa|green card (?:holder|status|"
        r"application)|work permit (?:expires|status)|deportation)")),
    ("immigration", "immigration status", re.compile(r"(?:移民身份|签证状态|绿卡|非法移民|难民身份|工作签证)")),
    ("bank-account", "bank or card number", re.compile(
        r"(?i)\b(?:iban\s*:?\s*[A-Z]{2}\d{2}[A-Z0-9 ]{10,30}|(?:account|routing|sort code) (?:number|no\.?)\s*:?\s*\d[\d -]{5,})")),
    ("bank-account", "bank or card number", re.compile(r"(?:银行卡号|银行账号|信用卡号|卡号[:：]?\s*\d)")),
]
_DIGITS13 = re.compile(r"\d{4}")   # no card or ID number without four digits in a row
_CARD = re.compile(r"(?<![\d.])(?:\d[ -]?){12,18}\d(?![\d.])")
_CN_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?!\d)")


# A pattern runs only when one of its words is in the text: substring tests are ~100x cheaper
# than 19 regex passes (2.7 s at 10k entries). '' means always run (digit patterns).
_TRIGGERS = [
    ("diagnos", "medical", "chronic", "diabetes", "depression", "anxiety", "adhd", "autism", "cancer", "hiv",
     "aids", "epilepsy", "bipolar", "schizo", "ptsd", "eating", "pregnant", "mental", "prescribed", "therapy",
     "rehab", "health condition"),
    tuple("确诊 诊断 患有 病史 抑郁 糖尿病 癌症 艾滋 怀孕 精神疾病 心理治疗 住院".split()),
    ("religio", "muslim", "christian", "catholic", "jew", "hindu", "buddhist", "sikh", "mormon", "atheist",
     "church", "mosque", "synagogue", "temple", "ramadan", "shabbat", "sabbath"),
    tuple("宗教 信仰 基督徒 穆斯林 佛教徒 天主教".split()),
    ("politic", "vote", "republican", "democrat", "communist", "socialist", "libertarian", "party"),
    tuple("政治 党员 入党 投票".split()),
    ("sexual", "gender", "gay", "lesbian", "bisexual", "trans", "queer", "asexual", "binary", "came out"),
    tuple("性取向 性别认同 同性恋 双性恋 跨性别".split()),
    ("ethnic", "racial", "race"),
    tuple("民族 种族 族裔".split()),
    ("social security", "ssn", "passport", "licen", "national", "tax"),
    ("",),
    tuple("身份证 护照 社保 驾驶证".split()),
    ("criminal", "convicted", "arrested", "incarcerated", "jailed", "felony", "served", "parole", "probation"),
    tuple("犯罪 前科 判刑 逮捕 坐过牢".split()),
    ("immigra", "visa", "undocumented", "illegal", "asylum", "refugee", "green card", "permit", "deport"),
    tuple("移民 签证 绿卡 难民".split()),
    ("iban", "account", "routing", "sort code"),
    tuple("银行 信用卡 卡号".split()),
]
assert len(_TRIGGERS) == len(SENSITIVE)
_TRIGGER_WORDS = sorted({w for ws in _TRIGGERS for w in ws if w}, key=len, reverse=True)
_ANY_TRIGGER = re.compile("|".join(map(re.escape, _TRIGGER_WORDS)))   # run on lower-cased text


def sensitive_findings(entry_id: str, text: str, scan: str | None = None) -> list[Finding]:
    out, seen = [], set()
    scan = _without_code(text) if scan is None else scan
    fix = ("do not keep personal data about anyone in agent memory; remove it "
           "(if the agent truly needs it, keep it out of shared folders and ask the person)")
    present = set(_ANY_TRIGGER.findall(scan.lower()))
    for (rule, label, rx), words in zip(SENSITIVE, _TRIGGERS):
        if words != ("",) and not present.intersection(words):
            continue
        for m in rx.finditer(scan):
            ln = line_of(text, m.start())
            if (rule, ln) in seen:
                continue
            seen.add((rule, ln))
            out.append(Finding(entry_id, "sensitive", rule, ln, f"personal data: {label}", fix))
    for m in (_CARD.finditer(scan) if _DIGITS13.search(scan) else ()):
        digits = re.sub(r"\D", "", m.group(0))
        if 13 <= len(digits) <= 19 and digits[0] in "3456" and _luhn(digits) and len(set(digits)) > 3:
            out.append(Finding(entry_id, "sensitive", "card-number", line_of(text, m.start()),
                               f"personal data: a payment card number ({len(digits)} digits, not shown)", fix))
    for m in (_CN_ID.finditer(scan) if _DIGITS13.search(scan) else ()):
        if _cn_id(m.group(0)):
            out.append(Finding(entry_id, "sensitive", "government-id", line_of(text, m.start()),
                               "personal data: a Chinese resident ID number (not shown)", fix))
    return out


# -- transient statements -------------------------------------------------------------

_TRANSIENT_EN = re.compile(
    r"(?i)\b(?:right now|currently|at the moment|at present|as of (?:now|today|this (?:morning|week))|today|tonight|"
    r"this (?:morning|afternoon|evening|session)|just now|for now|for the time being|temporarily|"
    r"yesterday|earlier today|so far today)\b")
_TRANSIENT_HINTS = ("now", "current", "moment", "present", "today", "tonight", "morning", "afternoon", "evening",
                    "session", "yesterday", "temporar", "time being")
_HAS_CJK = re.compile(r"[\u4e00-\u9fff]")
# '发现在' is 发现 + 在, not 现在; '当前目录' is the current directory, not a time
_TRANSIENT_ZH = re.compile(r"(?:(?<![发出实表体呈显])现在|目前|刚才|刚刚|今天|今晚|此刻|眼下|这会儿|暂时|昨天|本周)")


def transient_findings(entry_id: str, text: str, body_line: int = 1, scan: str | None = None) -> list[Finding]:
    """'right now' statements: process, not fact. Checked in the name, description and body."""
    out, seen = [], set()
    scan = _without_code(text) if scan is None else scan
    lines = None
    low = scan.lower()
    rxs = []
    if any(w in low for w in _TRANSIENT_HINTS):
        rxs.append(_TRANSIENT_EN)
    if _HAS_CJK.search(scan):
        rxs.append(_TRANSIENT_ZH)
    # frontmatter keys other than name/description never carry the statement
    for rx in rxs:
        for m in rx.finditer(scan):
            ln = line_of(text, m.start())
            if ln < body_line:
                lines = lines or text.split("\n")
                if not re.match(r"\s*(?:name|description)\s*:", lines[ln - 1]):
                    continue
            if ln in seen:
                continue
            seen.add(ln)
            word = m.group(0)
            out.append(Finding(entry_id, "transient", "time-word", ln,
                               f"a 'right now' statement ('{word}'): it will be stale next session, "
                               "and the agent cannot tell when 'now' was",
                               f"drop '{word}' and rewrite it as a fact that stays true (the cause, the rule, "
                               "the command), or keep it out of memory — it belongs in the session log"))
    return out


# -- facts already in the code ---------------------------------------------------------

IN_CODE_WORDS = 6        # a run of six words ...
IN_CODE_CHARS = 40       # ... and at least 40 characters, copied verbatim: long enough that
                         # 'test' in package.json (or any short command) never counts


def _shingles(words: list[str]) -> dict[tuple[str, ...], int]:
    return {tuple(words[i:i + IN_CODE_WORDS]): i for i in range(len(words) - IN_CODE_WORDS + 1)}


def _file_shingles(checker: AnchorChecker, path, content: str) -> set:
    cache = checker.__dict__.setdefault("_shingle_cache", {})
    key = (str(path), len(content), hash(content))
    if key not in cache:
        cache[key] = set(_shingles(content.split()))
    return cache[key]


def in_code_findings(entry: MemoryEntry, checker: AnchorChecker, body: str | None = None) -> list[Finding]:
    """Only files the memory itself names are read (a whole-repo search would reject everything)."""
    body = entry.body if body is None else body
    words = body.split()
    if len(words) < IN_CODE_WORDS:
        return []
    named = list(dict.fromkeys(list(entry.paths) + [a.file for a in entry.anchors] + [m.path for m in mentions(blank_secrets(body))]))
    quotes = [a.quote for a in entry.anchors if a.quote]
    mine = _shingles(words)
    out = []
    for raw in named:
        c = checker.confine(raw)
        if c.unsafe or c.path is None or not c.path.is_file():
            continue
        content, _ = checker.read(c.path)
        if not content:
            continue
        theirs = _file_shingles(checker, c.path, content)
        for sh, i in mine.items():
            frag = " ".join(sh)
            if sh in theirs and len(frag) >= IN_CODE_CHARS and not any(frag in q for q in quotes):
                ln = entry.body_line + body[: body.find(words[i])].count("\n") if words[i] in body else None
                where = content.find(sh[0])
                code_line = content.count("\n", 0, where) + 1 if where >= 0 else None
                out.append(Finding(entry.id, "in-code", "copied-from-file", ln,
                                   f"this text is already in {c.rel}" + (f" (near line {code_line})" if code_line else ""),
                                   f"anchor the memory to it (anchor: {{file: {c.rel}, quote: \"…\"}}) and keep only "
                                   "what the code does not say, or do not store it: the agent can read the file"))
                break
    return out


# -- traversal and identifying data ------------------------------------------------------

def traversal_findings(entry: MemoryEntry, checker: AnchorChecker) -> list[Finding]:
    out = []
    for kind, raw in [("anchor", a.file) for a in entry.anchors] + [("path", p) for p in entry.paths]:
        c = checker.confine(raw)
        if c.unsafe:
            ln = _field_line(entry, raw)
            out.append(Finding(entry.id, "traversal", f"{kind}-escapes-root", ln,
                               f"the {kind} '{raw[:80]}' escapes the project root: {c.unsafe}",
                               "use a path relative to the project root, inside it"))
    return out


def _field_line(entry: MemoryEntry, raw: str) -> int | None:
    pos = entry.text.find(raw)
    return line_of(entry.text, pos) if pos >= 0 else None


_EMAIL = re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")
_PRIVATE_IP = re.compile(r"\b(?:10\.\d{1,3}|192\.168|172\.(?:1[6-9]|2\d|3[01]))\.\d{1,3}\.\d{1,3}\b")
_HOME = re.compile(r"(?:/home/|/Users/|[Cc]:\\\\?Users\\\\?)([A-Za-z0-9._-]+)")
_GENERIC_USERS = {"user", "username", "me", "runner", "ubuntu", "root", "admin", "shared", "public",
                  "you", "your-name", "yourname", "name", "example", "default", "<user>", "xxx", "alice", "bob"}


def identifying_findings(entry_id: str, text: str) -> list[Finding]:
    out = []
    for m in (_EMAIL.finditer(text) if "@" in text else ()):
        addr = m.group(0).lower()
        if addr.endswith(("example.com", "example.org", "users.noreply.github.com")) or addr.startswith("noreply"):
            continue
        if re.search(r"@[\w.-]*\.(?:png|jpg|svg|js|ts|py)$", addr):  # logo@2x.png, pkg@1.2.js
            continue
        out.append(Finding(entry_id, "identifying", "email", line_of(text, m.start()),
                           "an e-mail address", "refer to the person by role, or drop the address"))
    for m in (_PRIVATE_IP.finditer(text) if ("10." in text or "192.168" in text or "172." in text) else ()):
        out.append(Finding(entry_id, "identifying", "private-ip", line_of(text, m.start()),
                           "a private IP address of your network", "use a host name or leave it out"))
    for m in (_HOME.finditer(text) if ("/home/" in text or "Users" in text) else ()):
        if m.group(1).rstrip(".").lower() not in _GENERIC_USERS:
            out.append(Finding(entry_id, "identifying", "home-path", line_of(text, m.start()),
                               "a home-directory path that carries a user name",
                               "use a path relative to the project, or ~"))
    return out


def entry_gates(entry: MemoryEntry, checker: AnchorChecker) -> list[Finding]:
    """Every per-entry gate, for an entry that parsed (text, frontmatter and body known)."""
    text = entry.text
    scan = _without_code(text)
    return (secret_findings(entry.id, text) + sensitive_findings(entry.id, text, scan)
            + transient_findings(entry.id, text, entry.body_line, scan) + traversal_findings(entry, checker)
            + in_code_findings(entry, checker) + identifying_findings(entry.id, text))
