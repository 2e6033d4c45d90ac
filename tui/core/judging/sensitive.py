"""Sensitive personal data (SPEC §5): the data itself, never a word that names its category.

A finding needs a statement about a person ("she was diagnosed with…", "he is on an H-1B
visa", "votes Labour") or a number that checks out (a card number with its Luhn digit, a
Chinese resident ID with its checksum, an SSN outside the never-issued ranges). Software
talk that names a category — "undocumented API", "the ethnicity field", "gender identity
select", "immigration-status enum" — is not personal data.
"""
from __future__ import annotations

import re

from .. import hints
from .findings import Finding
from .sensitive_i18n import RULES
from ..textutil import line_of, without_code

SENSITIVE: list[tuple[str, str, tuple[str, ...], re.Pattern]] = [
    ("health", "health", ("diagnos", "diabetes", "depression", "anxiety", "adhd", "autism", "cancer", "hiv",
                          "epilepsy", "bipolar", "schizo", "ptsd", "pregnant", "prescribed", "rehab", "medical leave", "sick leave"),
     re.compile(r"(?i)\b(?:(?:was|is|been|got|were) diagnosed with|diagnosis of (?:diabetes|depression|cancer|adhd|"
                r"autism|bipolar|ptsd)|(?:has|have|suffers? from|treated for|taking meds? for|living with) "
                r"(?:diabetes|depression|clinical anxiety|an anxiety disorder|adhd|autism|cancer|hiv|epilepsy|"
                r"bipolar disorder|schizophrenia|ptsd|an? eating disorder)|(?:is|am|'m|was) pregnant|"
                r"(?:was|is|been|got) prescribed \w+|(?:is|was|went) (?:in|to) rehab|(?:is|was|went) on (?:medical|sick) leave)")),
    ("health", "health", ("确诊", "诊断出", "患有", "怀孕", "住院"),
     re.compile(r"(?:确诊(?:了|为)?|诊断出|患有)\s*\S{1,8}|怀孕了|住院治疗")),
    ("religion", "religion", ("muslim", "christian", "catholic", "jew", "hindu", "buddhist", "sikh", "mormon",
                              "atheist", "church", "mosque", "synagogue", "ramadan", "shabbat", "sabbath"),
     re.compile(r"(?i)\b(?:(?:is|am|'m|was|are) an? (?:devout |practicing |practising )?(?:muslim|christian|catholic|"
                r"jew|hindu|buddhist|sikh|mormon|atheist)\b|(?:is|am|'m|are) (?:jewish|muslim|catholic)\b|"
                r"(?:attends|goes to) (?:church|mosque|synagogue|temple)\b|observes (?:ramadan|shabbat|the sabbath))")),
    ("religion", "religion", ("信仰", "基督徒", "穆斯林", "佛教徒", "天主教徒"),
     re.compile(r"(?:信仰(?:基督教|伊斯兰教|佛教|天主教)|是(?:基督徒|穆斯林|佛教徒|天主教徒))")),
    ("politics", "politics", ("vote", "republican", "democrat", "communist", "socialist", "labour", "tory", "party"),
     re.compile(r"(?i)\b(?:votes? (?:for (?:the )?\w+|republican|democrat|labour|tory|conservative)|"
                r"(?:is|am|'m|was) an? (?:registered )?(?:republican|democrat|communist|socialist|libertarian)\b|"
                r"(?:is|am|'m|was) a member of the \w+ party)")),
    ("politics", "politics", ("党员", "入党", "投票给"), re.compile(r"(?:是\S{0,4}党员|入了?党|投票给\S{1,10})")),
    ("sexuality-gender", "sexual orientation or gender identity", ("gay", "lesbian", "bisexual", "transgender",
                                                                   "queer", "asexual", "binary", "came out"),
     re.compile(r"(?i)\b(?:(?:is|am|'m|was|are) (?:gay|lesbian|bisexual|transgender|queer|asexual|non-binary|"
                r"nonbinary)\b|came out (?:to \w+ )?as (?:an? )?(?:gay|lesbian|bi(?:sexual)?|trans(?:gender)?|queer|asexual|ace|"
                r"non-?binary|pan(?:sexual)?)\b|(?:he|she|they)(?: is|'s| are) transitioning)")),
    ("sexuality-gender", "sexual orientation or gender identity", ("同性恋", "双性恋", "跨性别"),
     re.compile(r"(?:是|作为)(?:同性恋|双性恋|跨性别者?)")),
    ("ethnicity", "ethnicity", ("descent", "race is", "ethnicity is"),
     re.compile(r"(?i)\b(?:(?:is|am|'m|are) of \w+ descent|(?:his|her|their|my) (?:race|ethnicity) is \w+)")),
    ("ethnicity", "ethnicity", ("民族是", "族人"), re.compile(r"(?:他|她|我)的?民族是\S{1,6}|是\S{1,4}族人")),
    ("government-id", "government ID", ("ssn", "social security", "passport"),
     re.compile(r"(?i)(?:\bssn\b|social security)\D{0,20}(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b|"
                r"\bpassport (?:number|no\.?|#)\s*:?\s*[A-Z0-9]{6,9}\b")),
    ("government-id", "government ID", ("护照号", "驾驶证号", "社保号"),
     re.compile(r"(?:护照号|驾驶证号|社保号)码?[:：]?\s*[A-Z0-9]{6,}")),
    ("criminal-record", "criminal record", ("convicted", "arrested", "incarcerated", "jailed", "felony", "parole",
                                            "probation", "served time"),
     re.compile(r"(?i)\b(?:(?:was|been|got|were) (?:convicted|arrested|incarcerated|jailed)|felony conviction|"
                r"served (?:time|a sentence) (?:for|in)|(?:is|was|are) on (?:parole|probation)\b)")),
    ("criminal-record", "criminal record", ("前科", "判刑", "逮捕", "坐过牢"),
     re.compile(r"(?:有前科|被判刑|被逮捕|坐过牢)")),
    ("immigration", "immigration status", ("immigrant", "asylum", "refugee", "visa", "green card", "undocumented",
                                           "deported"),
     re.compile(r"(?i)\b(?:(?:is|am|'m|are|was) (?:an? )?(?:illegal immigrant|asylum seeker|refugee|undocumented)\b|"
                r"undocumented (?:immigrant|worker|migrant)s?|(?:is |am |are )?(?:on|holds?|has) an? "
                r"(?:h-1b|h1b|f-1|l-1|o-1|tn) visa|(?:is|am|'m) a green card holder|(?:was|got) deported)")),
    ("immigration", "immigration status", ("非法移民", "难民", "绿卡", "工作签证"),
     re.compile(r"(?:是非法移民|是难民|持有绿卡|拿到了?绿卡|(?:持|拿)(?:有)?工作签证)")),
    ("bank-account", "bank or card number", ("iban", "account", "routing", "sort code"),
     re.compile(r"(?i)\b(?:iban\s*:?\s*[A-Z]{2}\d{2}[A-Z0-9 ]{10,30}|(?:account|routing|sort code) "
                r"(?:number|no\.?)\s*:?\s*\d[\d -]{5,})")),
    ("bank-account", "bank or card number", ("银行卡号", "银行账号", "信用卡号", "卡号"),
     re.compile(r"(?:银行卡号|银行账号|信用卡号|卡号)[:：]?\s*\d{6,}")),
]
# a category word is data only when it is said of a person: "his immigration status", "她的签证状态"
_CATEGORY = r"(?:religion|religious (?:beliefs?|views?)|political (?:views?|stance|leanings?|affiliation)|" \
            r"immigration status|visa status|sexual orientation|gender identity|ethnicity|ethnic background|race|" \
            r"criminal record|medical (?:condition|history)|diagnosis)"
SENSITIVE += [
    ("about-a-person", "a sensitive fact about a person", ("religio", "politic", "immigration", "visa", "sexual",
                                                           "gender", "ethnic", " race", "criminal", "medical",
                                                           "diagnosis"),
     re.compile(r"\b(?:[Hh]is|[Hh]er|[Tt]heir|[Mm]y|(?:[Tt]he )?user's|[A-Z][a-z]+'s) " + _CATEGORY + r"\b|"
                r"\b(?:[Hh]e|[Ss]he|[Tt]hey|[Tt]he user|[A-Z][a-z]+) (?:has|had|have) (?:a |an )?"
                r"(?:criminal record|medical condition|chronic \w+)")),
    ("about-a-person", "a sensitive fact about a person", ("宗教", "政治", "签证", "移民", "性取向", "性别认同",
                                                           "民族", "病史", "犯罪记录", "前科"),
     re.compile(r"(?:他|她|用户|我|老板|同事|客户)的?(?:宗教信仰|政治立场|政治倾向|签证状态|移民身份|性取向|性别认同|民族|"
                r"病史|犯罪记录)|(?:他|她|用户|老板|同事|客户)有(?:犯罪记录|前科|病史)")),
]
SENSITIVE += RULES   # the other languages memory is written in
_CARD_HINT = re.compile(r"\d{4}[ -]?\d{4,6}[ -]?\d{4,5}")   # 4-4-4-4 and 4-6-5 groupings
_DIGITS17 = re.compile(r"\d{17}")
# every trigger word once (substring tests: a regex alternation of them is ~10x slower)
_RULES_OF: dict[str, list[int]] = {}
for _i, (_, _, _ws, _) in enumerate(SENSITIVE):
    for _w in _ws:
        _RULES_OF.setdefault(_w, []).append(_i)
_ASCII_WORDS = frozenset(w for w in _RULES_OF if w.isascii())
hints.register(_ASCII_WORDS)
_OTHER_WORDS = sorted(w for w in _RULES_OF if not w.isascii())   # CJK, Hangul, Cyrillic, accented
_OTHER_PRESENT = hints.finder(_OTHER_WORDS)
_ZERO = bytes.maketrans(b"123456789", b"000000000")   # on bytes: five times quicker than on str
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_CARD = re.compile(r"(?<![\w.\-/:=+])(?:\d[ -]?){12,18}\d(?![\w.\-/])")   # a group of its own, not part of a token
_CN_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?!\d)")
# a diagnosis named bare, as a profile names it ("ADHD + ASD Level 1", "type 1 diabetic"): data only in a
# memory about the owner, and only when it is not a product's audience, feature or field
_CONDITION = re.compile(r"\b(?:ADHD|ASD Level \d|[Aa]utis(?:m|tic)|[Dd]yslexi[ac]|[Bb]ipolar(?: I{1,2}\b| disorder)?|"
                        r"PTSD|[Ee]pilep(?:sy|tic)|(?:[Tt]ype [12] )?[Dd]iabet(?:es|ic)|Tourette'?s)\b")
_CONDITION_NOT_AFTER = re.compile(r"(?i)\b(?:for|audience|adults|people|users|kids|children|students|patients|those|"
                                  r"clients|an?|the)\b[^.;:\n]{0,20}$")
_CONDITION_NOT_BEFORE = re.compile(r"(?i)[-_/]|\s*(?:friendly|apps?|tools?|users?|patients?|clients?|community|"
                                   r"support|forums?|research|mode|fields?|scores?|data|coach(?:es)?|screening)\b")
_PROFILE_NAME = re.compile(r"(?i)(?:^|/)user[\w-]*\.md$")
_USER_TYPE = re.compile(r"(?m)^\s*type:\s*['\"]?user\b")


def _about_owner(entry_id: str, text: str) -> bool:
    """A memory about the owner: named a user profile, or its frontmatter says its type is user."""
    if _PROFILE_NAME.search(entry_id.split("#", 1)[0]):
        return True
    if not text.startswith("---"):
        return False
    end = text.find("\n---", 3)
    return end > 0 and _USER_TYPE.search(text, 3, end) is not None


def _bare_diagnoses(entry_id: str, text: str, scan: str) -> list[int]:
    """The lines of a profile of the owner that name a condition bare."""
    lines = []
    for m in _CONDITION.finditer(scan):
        start = scan.rfind("\n", 0, m.start()) + 1
        if _CONDITION_NOT_AFTER.search(scan, start, m.start()) or _CONDITION_NOT_BEFORE.match(scan, m.end()):
            continue
        lines.append(line_of(text, m.start()))
    return lines if lines and _about_owner(entry_id, text) else []


FIX = ("do not keep personal data about anyone in agent memory; remove it "
       "(if the agent truly needs it, keep it out of shared folders and ask the person)")


def _luhn(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


# the issuers' numbers (IIN) with the lengths their cards have: Visa, Mastercard, Amex, Discover,
# JCB, Diners, UnionPay, Maestro
_IIN = re.compile(r"4\d{12}(?:\d{3}){0,2}|(?:5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}|"
                  r"3[47]\d{13}|(?:6011|65\d{2}|64[4-9]\d)\d{12,15}|35(?:2[89]|[3-8]\d)\d{12,15}|"
                  r"3(?:0[0-5]|[68]\d)\d{11,16}|62\d{14,17}|(?:50|5[6-9]|6\d)\d{10,17}")
# a card said to be one, in the languages memory is written in
_CARD_WORDS = re.compile(r"(?i)\b(?:card|credit|debit|visa|master\s?card|amex|american express|discover|jcb|"
                         r"maestro|pan|cc|tarjeta|cart[ãa]o|carte|karte|kart[ıi]?|carta)\b|карт|thẻ|"
                         r"カード|卡号|卡號|信用卡|银行卡|銀行卡|카드")
# a documented test card (Stripe's 4000 0566 5566 5556, a sandbox's): public, no one's
_TEST_WORDS = re.compile(r"(?i)\b(?:test|testing|sandbox|sample|dummy|fake|example|prueba|teste|essai|"
                         r"tests?karte|demo)\b|テスト|测试|測試|테스트")
_GROUPED = re.compile(r"\d{4}([ -])\d{4}\1\d{4}\1\d{4}|\d{4}([ -])\d{6}\2\d{5}")


def _card_shaped(scan: str, m: re.Match, digits: str) -> bool:
    """A payment card, not an id of the same length: the checksum holds, an issuer's number with
    its length, and the line says it is a card or writes it grouped as cards are printed; a
    documented test card is public. A 15-digit sample id passes the checksum one time in ten."""
    if not _IIN.fullmatch(digits):
        return False
    start, end = m.start(), m.end()
    line = scan[scan.rfind("\n", 0, start) + 1:(scan.find("\n", end) + 1 or len(scan) + 1) - 1]
    if _TEST_WORDS.search(line):
        return False
    return _CARD_WORDS.search(line) is not None or _GROUPED.fullmatch(m.group(0).strip()) is not None


# an IBAN by its shape, no label needed: a country's code, two check digits, the country's length
# (grouped by fours or as the bank prints it: "ES91 2100 0418 45 0200051332")
_IBAN = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){8,34})")
_IBAN_HINT = re.compile(r"[A-Z][A-Z][0-9][0-9]")
_IBAN_LENGTHS = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "BR": 29, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18,
                 "EE": 20, "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IT": 27,
                 "LT": 20, "LU": 20, "LV": 21, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SE": 24,
                 "SI": 19, "SK": 24, "TR": 26, "UA": 29, "AE": 23, "SA": 24, "IL": 23}


def _iban(s: str) -> bool:
    """The country's length, ending where a group ends, and the mod-97 checksum (ISO 13616): a
    random code passes one time in 97."""
    want = _IBAN_LENGTHS.get(s[:2])
    compact = s.replace(" ", "")
    if want is None or len(compact) < want:
        return False
    cut, n = 0, 0
    while n < want:   # the place in s where the country's length is reached
        n += s[cut] != " "
        cut += 1
    if cut < len(s) and s[cut] != " ":
        return False   # the code runs on: not an account number of that country
    v = compact[:want]
    if len(set(v[4:])) <= 3:
        return False
    digits = "".join(str(int(c, 36)) for c in v[4:] + v[:4])
    return int(digits) % 97 == 1


def _cn_id(s: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    check = "10X98765432"[sum(int(a) * w for a, w in zip(s[:17], weights)) % 11]
    return s[17].upper() == check and 1900 <= int(s[6:10]) <= 2100 and 1 <= int(s[10:12]) <= 12


def sensitive_findings(entry_id: str, text: str, scan: str | None = None) -> list[Finding]:
    out, seen = [], set()
    scan = without_code(text) if scan is None else scan
    low = scan.lower()
    present = list(hints.present(low) & _ASCII_WORDS)
    if not scan.isascii():
        present += _OTHER_PRESENT(low)
    for i in sorted({i for w in present for i in _RULES_OF[w]}):
        rule, label, _, rx = SENSITIVE[i]
        for m in rx.finditer(scan):
            ln = line_of(text, m.start())
            if (rule, ln) not in seen:
                seen.add((rule, ln))
                out.append(Finding(entry_id, "sensitive", rule, ln, f"personal data: {label}", FIX))
    if _CONDITION.search(scan):
        for ln in _bare_diagnoses(entry_id, text, scan):
            if ("health", ln) not in seen:
                seen.add(("health", ln))
                out.append(Finding(entry_id, "sensitive", "health", ln, "personal data: health", FIX))
    # both numbers need a long run of digits: in ASCII text, found on a copy with every digit made
    # "0" (C-speed string tests; three regex scans of every text cost more than all the rest of
    # this check). Elsewhere \d also takes other scripts' digits: the scans decide.
    zeros = scan.encode().translate(_ZERO) if scan.isascii() else None
    if (zeros is None or b"0" * 12 in zeros.replace(b" ", b"").replace(b"-", b"")) and _CARD_HINT.search(scan):
        for m in _CARD.finditer(scan):
            digits = re.sub(r"\D", "", m.group(0))
            if 13 <= len(digits) <= 19 and _luhn(digits) and len(set(digits)) > 3 and _card_shaped(scan, m, digits):
                out.append(Finding(entry_id, "sensitive", "card-number", line_of(text, m.start()),
                                   f"personal data: a payment card number ({len(digits)} digits, not shown)", FIX))
    # an IBAN holds a run of digits (spaces aside) and a country's two letters before two digits
    ibans = (zeros is None or b"0000" in zeros.replace(b" ", b"")) and _IBAN_HINT.search(scan) is not None
    for m in (_IBAN.finditer(scan) if ibans else ()):
        if _iban(m.group(1)) and not any(f.rule == "bank-account" and f.line == line_of(text, m.start()) for f in out):
            out.append(Finding(entry_id, "sensitive", "bank-account", line_of(text, m.start()),
                               "personal data: a bank account number (IBAN, its checksum holds; not shown)", FIX))
    cards = {f.line for f in out if f.rule == "card-number"}
    if cards:   # "卡号 4…": one number, one finding (the card's, which its checksum proves)
        out = [f for f in out if not (f.rule == "bank-account" and f.line in cards)]
    if (zeros is None or b"0" * 17 in zeros) and _DIGITS17.search(scan):
        for m in _CN_ID.finditer(scan):
            if _cn_id(m.group(0)):
                out.append(Finding(entry_id, "sensitive", "government-id", line_of(text, m.start()),
                                   "personal data: a Chinese resident ID number (not shown)", FIX))
    return out
