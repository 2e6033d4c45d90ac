"""A setting given as an amount with its unit: "the refund window is 14 days" here, "refund window:
30 days" there (issue 36 item 5, stop 47). conflicts.py pairs two such claims of one subject.

A claim is an amount (a number with a unit of time, of size or a percentage) said of a **setting**:
the words just before it in its clause hold a word that names a setting — a window, a limit, a
timeout, a retention, an expiry, a grace period, a cooldown, a quota (in the languages agents
write) — or the amount follows "within"/"dentro de"/"以内" ("refunds within 14 days": a window).
A measurement ("the build takes 5 minutes", "tests ran 40 s") names no setting and is no claim:
two measurements differ without contradicting.

The subject is the content words of the clause before the amount (the nearest five). Two claims
speak of one setting when they share a word that names it and at least one other word (or
each's subject is only the other's words): "refund window" meets "refunds … within", never
"session window" or "the retry window". Not a claim: a line that tells history or a change (was,
previously, changed, from … to, →, antes, 以前 …), a plan or a condition (if, should, plan,
TODO, proposal), an estimate or a floor (at least, about, more than …) or a range (14–30 days), a
table row, code. A limit is the setting's value ("up to 30 days", "at most", "hasta": a window).
A scope after the amount ("14 days for EU orders") rides with the claim: two scopes that differ
are two settings. A thing given its value plainly ("receipt printer paper is 58 mm", "X: 80 mm")
is a claim of that very name: it pairs only with the same words, in another entry. A hold's end
("stays reserved until closing (22:00)") is a window's other way of being said: it meets "within
2 hours" of the same thing (two of its words), in another entry. A rate limit said as the gap
between repeated calls ("250 ms between requests", "wait 2 s between polls") is a setting of the thing
spaced: it pairs with another gap whose words hold that thing ("requests … (1000 ms between calls)",
an aside in parentheses taking the clause before it), never with a gap "to" another host, nor with a
duration measured ("took 40 s between batches"). Only the standard library.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .history_words import reader

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# a unit → (dimension, scale to the dimension's base: ms, bytes, percent)
_UNITS: dict[str, tuple[str, float]] = {}
for _names, _dim, _scale in (
        ("ms millisecond milliseconds", "time", 1),
        ("s sec secs second seconds segundo segundos seconde secondes sekunde sekunden 초 秒 秒钟", "time", 1000),
        ("min mins minute minutes minuto minutos minuten 분 分 分钟 分鐘", "time", 60_000),
        ("h hr hrs hour hours hora horas heure heures stunde stunden 시간 小时 小時 時間", "time", 3_600_000),
        ("d day days día días dia dias jour jours tag tage tagen 일 天 日 日間 дней дня день", "time", 86_400_000),
        ("week weeks wk semana semanas semaine semaines woche wochen 주 周 週 週間", "time", 7 * 86_400_000),
        ("month months mes meses mois monat monate monaten 개월 个月 個月 ヶ月 か月 カ月 месяц месяца месяцев", "time",
         30 * 86_400_000),
        ("year years yr yrs año años ano anos ans jahr jahre jahren 년 年 год года лет", "time", 365 * 86_400_000),
        ("mm 毫米", "length", 1), ("cm 厘米", "length", 10),
        ("kb kib", "size", 1024), ("mb mib", "size", 1024 ** 2), ("gb gib", "size", 1024 ** 3),
        ("% percent prozent 퍼센트", "percent", 1)):
    for _n in _names.split():
        _UNITS[_n] = (_dim, _scale)
_UNIT_RX = "|".join(sorted((re.escape(u) for u in _UNITS if " " not in u), key=len, reverse=True))
_AMOUNT = re.compile(rf"(?i)(?<![A-Za-z0-9_.,/:#-])(\d{{1,6}}(?:[.,]\d{{1,3}})?)[ \t]?(?:-[ \t]?)?({_UNIT_RX})(?![A-Za-z0-9_%])")
# words that name a setting (a plural, accents and case folded by _norm)
_HEADS = frozenset("""window windows limit limits timeout timeouts ttl retention retain retained expiry expiration
expire expires expired lifetime grace cooldown backoff delay deadline quota cap threshold period validity valid
cutoff cut-off debounce throttle interval frequency max maximum minimum keep kept horizon lookback budget policy
política politica politique richtlinie ventana plazo límite limite caducidad expira vence vencimiento retención retencion período periodo máximo
prazo janela validade retenção retencao expiração expiracao
frist fenster aufbewahrung ablauf gültigkeit gultigkeit zeitlimit
délai delai fenêtre fenetre durée duree conservation expiration
期限 期間 保持 有効期限 有效期 期限内 保留 过期 過期 时限 時限 窗口 上限 기간 기한 만료 보관 유효기간 제한 한도
срок окно лимит""".split())
# the words that name a rate, a setting only of a percentage ("tax rate 16%", "IVA: 19%", "fee 2.5%")
_RATES = frozenset("""rate rates tax taxes vat iva gst fee fees commission commissions discount discounts markup margin
surcharge tip tasa tarifa impuesto impuestos comisión comision descuento recargo taxa imposto comissão comissao
desconto steuer mwst gebühr gebuhr provision rabatt taux taxe tva frais remise 税率 手续费 手數料 折扣 税 세율 수수료 할인
налог ставка комиссия скидка""".split())
# "within 14 days": the amount is a window whatever the words before it
_WITHIN = re.compile(r"(?i)(?:\bwithin|\bdentro\s+de|\bno\s+prazo\s+de|\bbinnen|\binnerhalb(?:\s+von)?|\bsous|"
                     r"\bdans\s+les|\bв\s+течение)[ \t]+(?:the[ \t]+|los[ \t]+|las[ \t]+|der[ \t]+)?$")
_WITHIN_AFTER = re.compile(r"[ \t]*(?:以内|以内に|内|이내)|[ \t]+(?:to|para|pour|um|zum)[ \t]+[^\W\d_]")
_HAVE = re.compile(r"(?i)\b(?:ha(?:ve|s)|get|gets|tienen?|tiene|têm|tem|haben|hat|ont|a)[ \t]+$")
# a line that tells what changed, a plan, a condition or a question: no claim of what holds now
# (history_words' core, with what is history or a plan where an amount is said: a change of value
# "down from", "raised", "until", "antes"; a plan or a doubt "plan", "maybe", "if", "?")
_NOT_NOW = reader(r"\b(?:down\s+from|up\s+from|change|changing|"
                  r"moved|migrated|upgraded|bumped|raised|lowered|reduced|increased|extended|shortened|"
                  r"instead|until|old|legacy|deprecated|plan|planned|planning|propos\w*|"
                  r"todo|maybe|might|could|consider\w*|should\s+we|if|unless|whether|suggest\w*|option|"
                  r"antes|anterior|cambi\w+|pasó|pasamos|era|eran|antigo|mudou|mudamos|vorher|"
                  r"ancien|avant|plan\w*|si)\b|=>|\?|改为|改為|"
                  r"旧|変更|から.{0,12}に|이전|기존|변경")
# what changed: the core, "instead", "actualizado/atualizado" and the verbs and nouns of an upgrade
_CHANGE = reader(r"\b(?:moved|migrated|"
                 r"migrat\w+|upgrad\w+|downgrad\w+|bump\w*|instead|antes|anterior\w*|cambi\w+|"
                 r"actualiz\w+|atualiz\w+|vorher)\b|=>|改为|"
                 r"改為|升级|升級|迁移|旧|変更|アップグレード|移行|이전|기존|변경|업그레이드")


def tells_change(text: str) -> bool:
    """A line that tells what was, or what changed ("upgraded from SDK 52 to 55", "antes eran 3",
    "以前は…"): history, not a claim of what holds now."""
    return _CHANGE.search(text) is not None


# an estimate or a comparison, not the value: "at least 3 days", "about 5 min", "~5 min", "30s+"
_BOUND = re.compile(r"(?i)(?:\bat\s+least|\bmore\s+than|\bless\s+than|\bover|\bunder|\babout|"
                    r"\baround|\bapprox\w*|\broughly|\bnearly|\balmost|\bmás\s+de|\bmenos\s+de|"
                    r"\bmindestens|\bcirca|\bca\.|~|≈|<=?|>=?|≤|≥|约|約|最少|以上|이상)[ \t]*$")
# a limit is a setting's value: "up to 30 days", "at most 5", "hasta 14 días", "最多 3 次"
_LIMIT = re.compile(r"(?i)(?:\bat\s+most|\bup\s+to|\bhasta|\bbis\s+zu|\bjusqu'à|\baté|最多|最长|最長|以内|이하|以下)[ \t]*$")
_CLAUSE = re.compile(r"[,;()\[\]。，；、!?]|\s[—–-]\s|\.(?:\s|$)|\b(?:and|but|y|pero|e|mas|und|aber|et|mais)\b")
_SCOPE = re.compile(r"(?i)^[ \t]*(?:\w+[ \t]+){0,2}?(?:for|in|on|per|para|en|por|für|pour|dans|sur)[ \t]+"
                    r"(?:the[ \t]+|el[ \t]+|la[ \t]+|los[ \t]+|las[ \t]+|die[ \t]+|der[ \t]+|les?[ \t]+)?([^\W\d_][\w-]*)")
_STOP = frozenset("""the a an of to is are be been being it its this that these those our your their we you they
our all any each every one can may will after before has have had get gets got offer offers most least on in at for by with from as per and or not no so is are was set sets setting settings
default defaults value currently current now today here there also only just still always never must should
el la los las lo un una unos unas de del al en con por para es son está están que se su sus y o
o a os as um uma de do da dos das em no na com por para é são
der die das den dem des ein eine einen ist sind mit von für zu im am und oder
le la les un une des du de est sont avec pour dans sur et ou
days day hours hour minutes minute seconds second weeks week months month years year""".split())
_NEAR = 200       # how far either side of an amount its clause is read (its nearest words count)


@dataclass(frozen=True)
class Amount:
    line: int
    dim: str              # time | size | percent | clock (minutes of the day)
    value: float          # in the dimension's base unit
    shown: str            # as written ("14 days")
    subject: frozenset    # the clause's content words before the amount (folded)
    heads: frozenset      # of them, the words that name a setting
    scope: str = ""       # "for X" right after the amount
    spaced: str = ""      # "250 ms between requests": what the amount spaces apart (folded)


def _norm(w: str) -> str:
    w = w.lower().strip("'’-")
    for a, b in (("á", "a"), ("é", "e"), ("í", "i"), ("ó", "o"), ("ú", "u"), ("ã", "a"), ("õ", "o"), ("ç", "c"),
                 ("ä", "a"), ("ö", "o"), ("ü", "u"), ("è", "e"), ("ê", "e"), ("â", "a"), ("ô", "o")):
        w = w.replace(a, b)
    if len(w) > 7 and w.endswith(("ones", "ores", "ades")):
        w = w[:-2]   # "devoluciones", "órdenes", "ciudades": a Spanish plural
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return w


_HEADS_N = frozenset(_norm(h) for h in _HEADS)
_RATES_N = frozenset(_norm(h) for h in _RATES)
_STOP_N = frozenset(_norm(s) for s in _STOP)


def _words(text: str) -> list[str]:
    out = []
    for w in _WORD.findall(text):
        if not w.isascii() and any("\u3000" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in w):
            # CJK: its character pairs (and a head of more than two characters whole)
            run = "".join(c for c in w if not c.isdigit())
            out.extend(run[i:i + 2] for i in range(max(1, len(run) - 1)))
            out.extend(h for h in _HEADS if len(h) > 2 and not h.isascii() and h in run)
            continue
        n = _norm(w)
        if len(n) >= 3 and n not in _STOP_N:
            out.append(n)
    return out


def might_amount(text: str) -> bool:
    """Whether a text holds an amount with its unit or a time of day (one search each)."""
    return _AMOUNT.search(text) is not None or _CLOCK.search(text) is not None


def amounts(text: str, line: int = 0) -> list[Amount]:
    """The amounts one line says of a setting (see the module's doc)."""
    if text.lstrip().startswith(("|", "#", ">")):
        return []
    end = _UNTIL.search(text)
    if end and not _NOT_NOW.search(text[:end.start()] + text[end.end():]):
        return _end(text, end, line)
    if _NOT_NOW.search(text):
        return []
    found = list(_AMOUNT.finditer(text))
    out = []
    for i, m in enumerate(found):
        unit = m.group(2).lower()
        dim, scale = _UNITS[unit]
        if unit == "d" and text[m.end(1):m.start(2)]:
            continue   # "3 d": a bare letter d only glued to its number ("14d")
        # (the clause's end only: its last words are read; a window keeps a long line linear)
        left = _CLAUSE.split(text[max(0, m.start() - _NEAR):m.start()])[-1]
        if _BOUND.search(left) or text[m.end():m.end() + 1] == "+":
            continue
        same_dim = [x for x in found[max(0, i - 20):i + 21] if x is not m and _UNITS[x.group(2).lower()][0] == dim
                    and abs(x.start() - m.start()) < 40]
        if same_dim or re.match(r"[ \t]*(?:-|–|to|a|bis|à|~)[ \t]*\d", text[m.end():]) or \
                re.search(r"\d[ \t]*(?:-|–|to|a|bis|à|~|or|o|ou|oder)[ \t]*$", left):
            continue   # a range or two amounts side by side: no one value
        words = _words(left)[-5:]
        right = _CLAUSE.split(text[m.end():m.end() + _NEAR])[0]
        gap = _BETWEEN.match(right) if dim == "time" else None
        spaced = _norm(gap.group(1)) if gap and not _MEASURED.search(left) else ""
        if spaced and not words and text[:m.start()].rstrip().endswith("("):
            # "keep requests at one per second (1000 ms between calls)": the aside restates its clause
            words = _words(_CLAUSE.split(text[max(0, m.start() - _NEAR):m.start()].rstrip()[:-1])[-1])[-5:]
        if spaced:
            words = words + [spaced]
        # "a 14-day refund window", "30 day return policy": the setting named right after its amount
        named = _words(right)[:3] if re.match(r"-|[ \t]+[^\W\d_]", text[m.end(1):m.start(2)] + text[m.end():][:2]) \
            and "-" in text[m.end(1):m.start(2) + 1] else []
        if any(w in _HEADS_N for w in named):
            words = words[-2:] + named[:next(i for i, w in enumerate(named) if w in _HEADS_N) + 1]
        # "within 14 days", "14日以内", "up to 30 days", "customers have 14 days to return it": a window
        after = _WITHIN_AFTER.match(text, m.end())
        to_form = after is not None and after.group(0).strip()[:1].isascii() and _HAVE.search(left) is not None
        within = _WITHIN.search(left) or _LIMIT.search(left) or after and (to_form or not after.group(0).strip()[:1].isascii())
        if to_form:
            words = words + _words(right)[:3]   # "… have 14 days to return an item": the window to return
        heads = frozenset(w for w in words if w in _HEADS_N or dim == "percent" and w in _RATES_N) | \
            ({"within"} if within else set()) | ({"between"} if spaced else set())
        if not heads and _IS.search(left) and len(words) >= 2 and not right.strip():
            heads = frozenset({"="})   # "receipt printer paper is 58 mm": a named thing given its value
        if not heads or not words:
            continue
        sm = _SCOPE.match(right) or spaced and _SPACED_SCOPE.match(right, gap.end())
        if sm and sm.group(1).lower() in ("every", "each", "all", "any", "todo", "todos", "todas", "cada", "jeden", "jede",
                                          "alle", "tout", "tous", "toutes", "chaque"):
            sm = None   # "on every ticket": everywhere, no scope
        num = float(m.group(1).replace(",", "."))
        out.append(Amount(line, dim, num * scale, m.group(0).strip(), frozenset(words), heads,
                          _norm(sm.group(1)) if sm else "", spaced))
    return out + (_clock(text, line) if ":" in text or "m" in text.lower() else [])


# a time of day ("02:00", "3 am", "21h30") a scheduled thing is said to run, open or close at
_CLOCK = re.compile(r"(?i)(?<![\w:.,/-])(?:([01]?\d|2[0-3])(?::|h)([0-5]\d)|(1[0-2]|0?[1-9])[ \t]?([ap])\.?m\.?)(?![\w:]|\.\d)")
_ZONE = re.compile(r"(?i)[ \t]*\(?(utc|gmt|cet|cest|est|edt|pst|pdt|et|pt|jst|kst|cst|ist|bst|z|brt|art|hkt|sgt)\b")
_SCHEDULE = frozenset(_norm(w) for w in """run runs ran scheduled schedule cron crontab starts start opens open closes
close cutoff cut-off daily nightly resets expires fires triggers corre ejecuta abre cierra
diario diaria roda abre fecha läuft öffnet schließt täglich ouvre ferme quotidien""".split())
_SCHEDULE_CJK = ("执行", "実行", "開店", "閉店", "开门", "关门", "打烊", "마감", "시작", "실행", "毎日", "每天", "매일")


def _clock(text: str, line: int) -> list[Amount]:
    found = list(_CLOCK.finditer(text))
    if len(found) != 1:
        return []   # none, or a schedule of several times ("09:00 and 18:00"): no one value
    m = found[0]
    if re.match(r"[ \t]*(?:-|–|to|a|bis|à|~)[ \t]*\d", text[m.end():]):
        return []   # "09:00-18:00": hours, a range
    left = _CLAUSE.split(text[:m.start()])[-1]
    words = _words(left)[-5:]
    heads = frozenset(w for w in words if w in _SCHEDULE) | frozenset(h for h in _SCHEDULE_CJK if h in left)
    if not heads or not set(words) - heads or _BOUND.search(left):
        return []
    h, mm = (int(m.group(1)), int(m.group(2))) if m.group(1) else (int(m.group(3)) % 12 + (12 if m.group(4).lower() == "p" else 0), 0)
    zone = _ZONE.match(text, m.end())
    right = _CLAUSE.split(text[m.end():])[0]
    sm = _SCOPE.match(right[zone.end() - m.end():] if zone else right)
    scope = (zone.group(1).lower() if zone else "") + ("|" + _norm(sm.group(1)) if sm else "")
    return [Amount(line, "clock", h * 60 + mm, m.group(0).strip().rstrip("."), frozenset(words), heads, scope)]


# "stay reserved until closing (22:00)", "until the shop closes at 22:00", "until midnight": the end of a
# hold, a window's other way of being said (against "within 2 hours" of the same thing)
_UNTIL = re.compile(r"(?i)\b(?:until|till|hasta|jusqu'à)[ \t]+(?:the[ \t]+|el[ \t]+|la[ \t]+)?(?:\w+[ \t]+){0,2}?"
                    r"(closing|closes|close|midnight|end[ \t]+of[ \t]+(?:the[ \t]+)?day|cierre|cierra|medianoche|fermeture|minuit)"
                    r"\b(?:[ \t]*\(?(?:at[ \t]+|a[ \t]+las[ \t]+|à[ \t]+)?(\d{1,2})[:h](\d{2})\)?)?")


def _end(text: str, m: re.Match, line: int) -> list[Amount]:
    left = _CLAUSE.split(text[:m.start()])[-1]
    words = _words(left)[-5:]
    if len(words) < 2:
        return []
    minutes = int(m.group(2)) * 60 + int(m.group(3)) if m.group(2) else 1440 if m.group(1).lower() in (
        "midnight", "medianoche", "minuit") else -1   # (closing, its hour unsaid: no hour, still an end)
    shown = m.group(0).strip().rstrip(")")
    return [Amount(line, "time", -1 - minutes, shown + (")" if "(" in shown else ""), frozenset(words),
                   frozenset({"until"}))]


# the heads that say a window of time (an amount after "within" is one)
_WINDOWS = frozenset(_norm(w) for w in "window ventana plazo prazo janela frist fenster délai delai deadline period "
                     "periodo período zeitraum 期間 기간 "
                     "期限 时限 時限 窗口 기한 срок окно within".split())


# "250 ms between requests", "2 s between retries", "500 ms entre peticiones": the spacing of a repeated
# action (a rate limit said as its gap); the action a plural noun right after, and nothing after it but a scope
_BETWEEN = re.compile(r"(?i)[ \t]+(?:between|entre|zwischen)[ \t]+(?:two[ \t]+|dos[ \t]+|zwei[ \t]+|deux[ \t]+|"
                      r"(?:the|las|los|les|den)[ \t]+)?(?:consecutive[ \t]+|successive[ \t]+)?([^\W\d_][\w-]{2,}s)\b")

# "… between requests to the search API": whose requests (two hosts are two limits)
_SPACED_SCOPE = re.compile(r"(?i)[ \t]+(?:to|for|on|against|at|of|a|al|an|auf)[ \t]+(?:the[ \t]+|la[ \t]+|el[ \t]+|die[ \t]+|der[ \t]+)?"
                           r"([^\W\d_][\w-]*)")
# a duration measured, not a gap kept: "the build took 5 min between steps"
_MEASURED = re.compile(r"(?i)\b(?:took|takes?|taking|lasted|lasts?|spent|spends?|elapsed|passed|measured|tardó|tarda|"
                       r"levou|leva|dauert\w*|dura\w*)\b")


# "X is 58 mm", "X: 58 mm", "X = 58 mm": the amount is what the words before it name
_IS = re.compile(r"(?i)(?:\b(?:is|are|es|son|est|ist|sind|é|são)|[:=]|是|为|為|は|는|은)[ \t]*$")


def same_setting(a: Amount, b: Amount) -> bool:
    """Two amounts speak of one setting (see the module's doc)."""
    if a.dim != b.dim or a.scope != b.scope:
        return False
    if "=" in a.heads or "=" in b.heads:   # a thing given its value: the very same name on both sides
        return a.heads == b.heads and a.subject == b.subject
    shared = a.subject & b.subject
    if not shared:
        return False
    if a.spaced or b.spaced:   # one gap between the same repeated action ("between requests" / "requests … between calls")
        return bool(a.spaced and b.spaced and (a.spaced in b.subject or b.spaced in a.subject))
    if "until" in a.heads or "until" in b.heads:   # an end against a window, or another end, of one hold
        return len(shared - _HEADS_N - {"within", "until"}) >= 2 and ("within" in a.heads | b.heads or a.heads == b.heads)
    if a.heads & _WINDOWS and b.heads & _WINDOWS and shared - _HEADS_N:
        return True   # "refunds within 14 days" / "the refund window is 30 days": one window
    if not shared - _HEADS_N - {"within"}:
        return False   # "max 20%" / "max 5%": a setting's word alone names no setting of one thing
    # one's words all among the other's ("free plan retention" and "pro plan retention": two settings)
    return (a.subject <= b.subject or b.subject <= a.subject) and bool(shared & (a.heads | b.heads))


def differ(a: Amount, b: Amount) -> bool:
    return abs(a.value - b.value) > 1e-9 * max(abs(a.value), abs(b.value), 1)
