"""A person's phone number and national numbers, in the local formats memory is written with
(issue 36 item 5, stop 36).

- ``identifying``: a phone number, by its country's mobile shape (010-1234-5678, 090-1234-5678,
  (11) 98765-4321, +34 612 345 678, 138 1234 5678; stop 50, possible: 06 48 27 93 15, 07911
  483926, 0176 48293751, +44 7911 483926) or any number of 9+ digits written as one after a phone
  label (전화, 電話, 电话, 手机, telefone, celular, teléfono, móvil, Handy, WhatsApp, phone, tel).
- ``identifying`` (stop 50, possible): a home address after a label that says it is one's home (Home
  address, domicilio, morada, Wohnadresse, 住址, 自宅, 집 주소) with a house number in its value.
- ``sensitive`` (government ID): a Brazilian CPF, a Spanish DNI/NIE, a Korean resident number,
  each only when its check digits hold (a random number passes one time in 11 to 100).

Never: a number made of one digit or a run (010-0000-0000, 010-1234-5678), a 555 number, an id
inside a URL or a path, a sample id (the label decides for the unshaped ones); a number given with
opening hours beside it (a venue's or an office's public line: stop 50, an owner's look-alike at high); a number a public
register gives and the law makes a business show (a Korean business registration number, printed on
every receipt and in every online shop's footer: stop 49, an owner's look-alike; it was the only
verdict this rule ever had, and wrong at high).
"""
from __future__ import annotations

import re

from .. import hints
from .findings import Finding
from ..textutil import line_of

_PHONE_LABEL = re.compile(r"(?i)(?:phone|tel\b|mobile|cell\b|whats ?app|telefone|telemóvel|celular|teléfono|telefono|"
                          r"móvil|movil|téléphone|telefon(?:nummer)?\b|handy\b|rufnummer|portable\b|cellulare|"
                          r"전화|연락처|휴대폰|핸드폰|電話|携帯|电话|手机|手機|联系方式|聯絡)"
                          r"[^\d\n]{0,12}$")
_SHAPED = re.compile(
    r"(?<![\w+/.-])(?:"
    r"01[016789][- .]\d{3,4}[- .]\d{4}"                     # ko mobile: 010-1234-5678
    r"|0[789]0[- .]\d{4}[- .]\d{4}"                         # ja mobile: 090-1234-5678
    r"|\(\d{2}\)[ \t]?9\d{4}-\d{4}"                          # pt-BR mobile: (11) 98765-4321
    r"|\+\d{1,3}[ \t-]\(?\d{1,4}\)?(?:[ \t-]\d{2,5}){2,4}"  # international, with separators
    r"|1[3-9]\d[ -]\d{4}[ -]\d{4}"                          # zh mobile, written in groups: 138 1234 5678
    r"|\+\d{1,3}[ \t-]\d{3,5}[ \t-]\d{5,8}"                  # international in two groups: +44 7911 483926
    r")(?![\w/-]|\.\w)")   # (a sentence's full stop may follow; a file's or a version's dot may not)
# (stop 50) mobiles written as their countries write them, no label: a shape others share more often
# (an id in groups), so worth a look, and never after a word that names another number
_LOCAL = re.compile(
    r"(?<![\w+/.-])(?:0[67](?:[ .]\d{2}){4}"                # fr mobile: 06 48 27 93 15
    r"|07[1-9]\d{2}[ \t]\d{6}"                              # uk mobile: 07911 483926
    r"|01[5-7]\d[ \t/]\d{7,8}"                              # de mobile: 0176 48293751
    r")(?![\w/-]|\.\w)")
_OTHER_NUMBER = re.compile(r"(?i)\b(?:ids?|sku|build|version|v|order|ticket|invoice|sample|serial|ref|iban|account|"
                           r"no|nr|n[°º]|#)\b[^\n\d]{0,12}$|#[ \t]*$")
_LABELLED = re.compile(r"\+?\(?\d[\d \t().-]{7,18}\d(?![\w/.-])")
_CPF = re.compile(r"(?<![\d./-])(\d{3})\.(\d{3})\.(\d{3})-(\d{2})(?![\d/-]|\.\d)")
_DNI = re.compile(r"(?<![\w-])([XYZ]?)(\d{7,8})-?([A-Z])(?![\w-])")
_RRN = re.compile(r"(?<![\d-])(\d{6})-([1-4]\d{6})(?![\d-])")


def _a_list(number: str, text: str, line_start: int) -> bool:
    """Five two-digit groups that climb one after another (06 08 10 12 14, a draw's 07 13 22 38 41) are
    a list of numbers, not a mobile's, unless the line names a phone or the country's code (stop 50)."""
    groups = re.split(r"[ .]", number)
    if len(groups) < 5 or any(int(a) >= int(b) for a, b in zip(groups, groups[1:])):
        return False
    line = text[line_start:text.find("\n", line_start) % (len(text) + 1)]
    return not (_PHONE_WORD.search(line) or "+33" in line)


_PHONE_WORD = re.compile(_PHONE_LABEL.pattern.replace(r"[^\d\n]{0,12}$", ""))


def _filler(digits: str) -> bool:
    """One digit over and over, or a count up or down (0000, 1234 5678): a placeholder."""
    core = digits[-8:]
    return len(set(core)) <= 2 or core in "0123456789012345678" or core in "9876543210987654321" or "5555" in digits


def _cpf_ok(d: str) -> bool:
    n = [int(c) for c in d]
    if len(set(n)) == 1:
        return False
    for k in (9, 10):
        s = sum(n[i] * (k + 1 - i) for i in range(k))
        if (s * 10 % 11) % 10 != n[k]:
            return False
    return True


def _dni_ok(prefix: str, digits: str, letter: str) -> bool:
    num = int({"": "", "X": "0", "Y": "1", "Z": "2"}[prefix] + digits)
    return (len(digits) == 8 or prefix) and "TRWAGMYFPDXBNJZSQVHLCKE"[num % 23] == letter


def _rrn_ok(a: str, b: str) -> bool:
    n = [int(c) for c in a + b]
    s = sum(x * w for x, w in zip(n, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]))
    return (11 - s % 11) % 10 == n[12] and 1 <= int(a[2:4]) <= 12 and 1 <= int(a[4:6]) <= 31


# a run of digits and separators long enough to hold any of the numbers above: the precise
# patterns are tried only inside such runs (trying them at every place of 10k texts cost ~1 s)
_RUN = re.compile(r"[\d+(][\d().+ -]{8,}")
_ID_WORDS = ("CPF", "cpf", "DNI", "dni", "NIE", "NIF", "ocumento", "주민", "esident")
_A_DATE = re.compile(r"(?:19|20)\d{2}[-.]\d{2}[-.]\d{2}[ T]?(?:\d{2})?\s*")   # most runs: a date (and its hour)


# a travel document's number after its name on the same line: a passport's, an ESTA application's, a
# visa's (E12345678, a 16-character ESTA number); no check digit to test, so possible
# (ESTA in capitals only: Spanish "esta" is "this")
# (not Node's auth library: passport.js, passport-jwt; not a plural: PASSPORTS)
_TRAVEL_DOC = re.compile(r"(?<![\w-])(?:(?i:passport|pasaporte|passaporte|passeport|reisepass)(?![A-Za-z]|\.js\b|-(?:jwt|local|"
                         r"http|oauth\w*|google|github|saml|azure|facebook|twitter|apple|openid)\b)|パスポート|旅券|护照|護照|"
                         r"여권|ESTA|签证|簽證|비자|ビザ)(?![a-z])[^\n]{0,60}?(?<![\w@./:-])((?=[A-Z]*\d)[A-Z0-9]{6,20})(?![\w@./:-])")
_COMPACT_DATE = re.compile(r"(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")   # 20251103: a stamp
# (each of the pattern's names in lower and upper case: 'assaporte' is Portuguese's, 'asaporte' Spanish's)
_TRAVEL_HINTS = ("assport", "ASSPORT", "asaporte", "ASAPORTE", "assaporte", "ASSAPORTE", "asseport", "ASSEPORT",
                 "eisepass", "EISEPASS", "パスポート", "旅券", "护照", "護照", "여권", "ESTA", "签证", "簽證", "비자", "ビザ")


# (stop 50) a person's home address after a label that says it is one's home (not a firm's office, not
# "the address of the API"): the label, then a value holding a house number or a flat and a word
_HOME = re.compile(r"(?i)(?:(?:\bhome[ \t]+addr(?:ess)?|\bprivate[ \t]+address|\bresidential[ \t]+address|"
                   r"\bdirecci[oó]n[ \t]+(?:particular|de[ \t]+casa)|\bdomicilio(?:[ \t]+particular)?|"
                   r"\bendere[cç]o[ \t]+residencial|\bmorada|\badresse[ \t]+(?:personnelle|du[ \t]+domicile)|\bdomicile|"
                   r"\bwohnadresse|\bprivatadresse|家庭住址|家庭地址|居住地址|住址|自宅住所|自宅|집[ \t]?주소|자택|거주지)"
                   r"(?:\*\*)?[ \t]*[:：=](?:\*\*)?"   # a label: its colon right after it ("Home address field: max 120": no)
                   r"|\b(?:lives[ \t]+at|mora[ \t]+(?:na|no|em)|habite[ \t]+(?:au|à)|wohnt[ \t]+in[ \t]+der)(?=[ \t]+\d)"
                   r"|家住)[ \t]*([^\n]{6,80})")   # (the verbs: a house number right after, "lives at 221 …")
_HOME_HINTS = ("home", "private", "residential", "lives", "direcci", "domicil", "endere", "morada", "mora", "adresse",
               "habite", "wohn", "privat")
hints.register(_HOME_HINTS)   # (the shared pass over a text's words finds them)
_HOME_OTHER = ("住址", "地址", "家住", "自宅", "주소", "자택", "거주지")


# (stop 50, a second reader) what an address holds: a street's or a flat's word, a postcode's shape, or a
# CJK address unit after a number or a place (路 街 号 番地 丁目 町 区 市 길 로 동 …)
_STREET = re.compile(r"(?i)\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|court|ct|place|pl|square|sq|close|"
                     r"crescent|terrace|boulevard|blvd|highway|hwy|flat|apt|apartment|suite|unit|floor|rua|avenida|av|"
                     r"avda|travessa|largo|praça|praca|alameda|calle|c/|paseo|plaza|piso|puerta|carrer|rue|allée|allee|"
                     r"chemin|impasse|quai|cours|via|viale|piazza|corso|platz|gasse|weg|ring)\b|"
                     r"(?i:stra(?:ße|sse)\b|str\.)|\d+\s*[ºª°]|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s\d[A-Z]{2}\b|"
                     r"\b\d{4}-\d{3}\b|\b\d{5}\s+[A-Z][a-z]|"
                     r"[路街道巷弄号號番地丁目町村区區市県縣府省길로동읍면리]\s*\d|\d\s*(?:号|號|番地?|丁目|単元|单元|室|층|호|번지|길)")
# the words of a field's rule or a schedule, not of a place: "Home address: required, up to 120 characters"
_SPEC = re.compile(r"(?i)\b(?:required|optional|mandatory|max(?:imum)?|min(?:imum)?|characters?|chars|validat\w*|"
                   r"field|format|obrigat[oó]ri[oa]|opcional|m[aá]ximo|m[ií]nimo|caracteres|campo|obligatori[oa]|"
                   r"requerido|pflicht\w*|zeichen|caract[eè]res|obligatoire)\b|必填|选填|必須|任意|最多|最大|字符|文字|"
                   r"\d\s*字|필수|최대|글자|週|毎週|\d\s*日|[月火水木金土](?:・[月火水木金土])+")


def _home_value(v: str) -> bool:
    """A value that reads as a street address: a house number or a flat beside a street's word, a
    postcode or a CJK address unit; no field's rule or schedule; no link, path or host."""
    v = v.strip()
    return any(c.isdigit() for c in v) and sum(c.isalpha() for c in v) >= 3 and _STREET.search(v) is not None \
        and not _SPEC.search(v) and not re.search(
        r"https?://|www\.|@|^[/~.]|\\|\.(?:md|py|js|ts|json|ya?ml)\b|\b(?:localhost|127\.0|\d+\.\d+\.\d+)|"
        r"\w\.(?:com|org|net|io|dev|app|local|internal)\b|:\d{2,5}\b", v)


# (stop 50) opening hours, a time range: "10:00-17:30", "09:30～18:00", "9am–6pm", "10h-18h"; a number given
# beside them is a business's public line (a venue's, an office's desk): it names no one
_HOURS = re.compile(r"(?i)(?<![\d:])(?:[01]?\d|2[0-4])(?:[:：.h][0-5]\d|[ \t]?[ap]\.?m\.?|h)[ \t]*"
                    r"(?:[-–—~〜～至到]|\bto\b|\bbis\b|\bàs\b|\bà\b|\ba\b)[ \t]*"
                    r"(?:[01]?\d|2[0-4])(?:[:：.h][0-5]\d|[ \t]?[ap]\.?m\.?|h)(?![\d:])")


def _with_hours(text: str, pos: int) -> bool:
    """The number at ``pos`` is given with opening hours: on its line or a line of its block (up to two
    lines either side, no blank line or heading between)."""
    a = text.rfind("\n", 0, pos) + 1
    b = text.find("\n", pos)
    b = len(text) if b < 0 else b
    if _HOURS.search(text, a, b):
        return True
    lines_before = text[:a].split("\n")[-3:-1] if a else []
    lines_after = text[b + 1:].split("\n")[:2] if b < len(text) else []
    for side in (reversed(lines_before), lines_after):
        for line in side:
            if not line.strip() or line.lstrip().startswith("#"):
                break
            if _HOURS.search(line):
                return True
    return False


def personal_id_findings(entry_id: str, text: str) -> list[Finding]:
    """Phone numbers, national and travel documents' numbers in ``text`` (code already blanked)."""
    runs = [(max(0, m.start() - 1), min(len(text), m.end() + 2)) for m in _RUN.finditer(text)
            if not _A_DATE.fullmatch(m.group(0))]
    dni = any(map(text.__contains__, _ID_WORDS))
    travel = [m for m in (_TRAVEL_DOC.finditer(text) if any(map(text.__contains__, _TRAVEL_HINTS)) else ()) if sum(c.isdigit() for c in m.group(1)) >= 5
              and not _filler(re.sub(r"\D", "", m.group(1))) and not _A_DATE.fullmatch(m.group(1))
              and not _COMPACT_DATE.fullmatch(m.group(1))]
    home = (not text.isascii() and any(map(text.__contains__, _HOME_OTHER))) or \
        not hints.present(text.lower()).isdisjoint(_HOME_HINTS)
    homes = [m for m in (_HOME.finditer(text) if home else ()) if _home_value(m.group(1))]
    if not runs and not dni and not travel and not homes:
        return []
    out: list[Finding] = []
    seen: set[tuple[int, str]] = set()

    def add(kind: str, rule: str, pos: int, what: str, fix: str, confidence: str = "high") -> None:
        if rule == "phone" and _with_hours(text, pos):
            return   # a business's public line, its opening hours beside it: no one's personal number
        ln = line_of(text, pos)
        if (ln, kind) not in seen:
            seen.add((ln, kind))
            out.append(Finding(entry_id, kind, rule, ln, what, fix, confidence=confidence))

    def within(rx: re.Pattern):
        for a, b in runs:
            yield from rx.finditer(text, a, b)

    phone_fix = "drop the number, or keep it where contacts are kept (not in what the agent reads and may repeat)"
    # the labelled ones first: a label says whose; an international number alone may be an office's
    shaped = [m for m in within(_SHAPED) if not _filler(re.sub(r"\D", "", m.group(0)))]
    for m in within(_LABELLED):
        digits = re.sub(r"\D", "", m.group(0))
        line_start = text.rfind("\n", 0, m.start()) + 1
        if 9 <= len(digits) <= 15 and not _filler(digits) and \
                _PHONE_LABEL.search(text, max(line_start, m.start() - 30), m.start()):
            add("identifying", "phone", m.start(), "a phone number after a phone label", phone_fix)
    for m in within(_LOCAL):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not _filler(re.sub(r"\D", "", m.group(0))) and not _OTHER_NUMBER.search(text, line_start, m.start()) \
                and not _a_list(m.group(0), text, line_start):
            add("identifying", "phone", m.start(), "a mobile number, as its country writes one", phone_fix, "possible")
    for m in shaped:
        intl = m.group(0).startswith("+")
        add("identifying", "phone", m.start(), "a phone number" + (" (an office's, or a person's?)" if intl else ""),
            phone_fix, "possible" if intl else "high")
    id_fix = "remove it now: a national ID number is personal data, and it is now in the memory's history"
    for m in within(_CPF):
        if _cpf_ok("".join(m.groups())):
            add("sensitive", "government-id", m.start(), "a Brazilian CPF number (its check digits hold)", id_fix)
    for m in within(_RRN):
        if _rrn_ok(m.group(1), m.group(2)):
            add("sensitive", "government-id", m.start(), "a Korean resident registration number (its check digit holds)",
                id_fix)
    for m in travel:
        add("identifying", "travel-document", m.start(1), "a travel document's number (a passport's, a visa's or an "
            "ESTA application's) after its name", "drop it: the agent never needs it, and it names its holder",
            "possible")
    for m in homes:
        add("identifying", "home-address", m.start(1), "a home address after a label that says it is one's home",
            "drop it: the agent never needs where someone lives", "possible")
    if dni:   # a DNI's shape (8 digits and a letter) is common in ids: only where one is named
        for m in _DNI.finditer(text):
            if _dni_ok(*m.groups()) and not _filler(m.group(2)):
                add("sensitive", "government-id", m.start(), "a Spanish DNI/NIE number (its letter checks out)", id_fix)
    return out
