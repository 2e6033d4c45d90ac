"""Two ways one thing is written that the six-letter cut and the word split do not meet
(stop 38, issue 40: what heldout37's and the corpus's cross-language misses lacked).

- A Latin noun as Spanish, Portuguese and Italian write it (``latin_noun``): 'animación',
  'animação', 'animazione' meet 'animation' ('animac' against 'animat' once cut); after an n or
  a c the English holds a c ('función', 'funzione', 'protección'); 'decisão' → decision.
- A calendar day (``date_terms``): '25/5', '5/25', '25.05.2026', '5月25日', '5월 25일' and a name's
  '2026_05_25' or '2026-05-25' are one term, the month and day ('05-25'); a day written without
  its year meets the one written with it. Digits alone are never terms (tokens.py), so a
  date was invisible to a prompt that asked about "the data broken on 25/5".
- A count bound to its counter in Chinese or Japanese (``count_terms``, stop 50): '每10集一卡' and
  '写完十集' are one term, '10集', whichever way the number is written (digits, or Han numerals up
  to the thousands: 十二, 二十, 两, 三百); a series' episodes, a plan's steps, a book's chapters
  are counted in the prompt as the owner speaks and in the note as it was typed. One (一) is left
  out on both sides (a word of the language: 统一, 一样, 一起), so is '十分' ('very', never ten
  minutes), and a day's 年月日号 is a date's (above).
"""
from __future__ import annotations

import re

_TION = re.compile(r"(?<=[a-z]{2})(c?)(cion|ciones|cao|coes|zione|zioni|sao|soes|sione|sioni)\Z")


def _noun(m: re.Match) -> str:
    if m.group(2).startswith("s"):
        return "sion"
    return "ction" if m.group(1) or m.string[m.start() - 1] == "n" else "tion"


def latin_noun(word: str) -> str:
    """A folded ASCII word with its Romance -tion/-sion ending written the English way."""
    return _TION.sub(_noun, word) if word.endswith(("o", "e", "i", "n", "s")) else word


_YMD = re.compile(r"(?<!\d)(20\d\d)[-_./]?(\d\d)[-_./]?(\d\d)(?!\d)|(?<!\d)(20\d\d)[-_./](\d{1,2})[-_./](\d{1,2})(?!\d)")
_DM = re.compile(r"(?<![A-Za-z\d/.\-])(\d{1,2})(?:(/)(\d{1,2})(?:/(?:20)?\d\d)?|(\.)(\d{1,2})\.(?:20)?\d\d)"
                 r"(?![\d/\-]|\.\d)")   # 25/5, 5/25/2026; with dots only with its year (3.11 is a version)
_CJK_MD = re.compile(r"(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日号號일]")


def _day(month: int, day: int) -> str | None:
    return f"{month:02d}-{day:02d}" if 1 <= month <= 12 and 1 <= day <= 31 else None


def date_terms(text: str) -> list[tuple[str, str]]:
    """(term, as written) for each calendar day in ``text``. A day and month written with a '/'
    or '.' are read both ways while both are 12 or less ('3/4': 3 April and March 4)."""
    if not any(c.isdigit() for c in text):
        return []
    out: list[tuple[str, str]] = []
    taken = []
    for m in _YMD.finditer(text):
        y, mo, d = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
        t = _day(int(mo), int(d))
        if t:
            out.append((t, m.group(0)))
            taken.append(m.span())
    for m in _DM.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        a, b = int(m.group(1)), int(m.group(3) or m.group(5))
        for t in {_day(b, a), _day(a, b)} if m.group(2) else {_day(b, a)}:   # 25.05.2026 is day.month
            if t:
                out.append((t, m.group(0)))
    for m in _CJK_MD.finditer(text):
        t = _day(int(m.group(1)), int(m.group(2)))
        if t:
            out.append((t, m.group(0)))
    return out


_HAN_DIGIT = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}
_HAN_UNIT = {"十": 10, "百": 100, "千": 1000}
_HAN_NUM = "〇零一二两兩三四五六七八九十百千"
# the counter: the Han or kana character right after the number (a date's and a clock's own are not counts)
_COUNTER = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]"
_NOT_COUNTER = set("年月日号號") | set(_HAN_NUM)
_COUNT = re.compile(f"(?<![\\d.,])(\\d{{1,4}})\\s?({_COUNTER})|([{_HAN_NUM}]{{1,5}})({_COUNTER})")


def _han_value(run: str) -> int | None:
    """The value of Han numerals ('十二' 12, '二十' 20, '三百五十' 350, '两' 2); None when not one number."""
    total, digit = 0, None
    for c in run:
        if c in _HAN_DIGIT:
            if digit is not None:   # two digits in a row ('二三': two or three) is no one number
                return None
            digit = _HAN_DIGIT[c]
        else:
            total += (1 if digit is None else digit) * _HAN_UNIT[c]
            digit = None
    return total + (digit or 0)


def count_terms(text: str) -> list[tuple[str, str]]:
    """(term, as written) for each number bound to a CJK counter in ``text`` ('12章', '第三步' → '3步')."""
    if text.isascii():
        return []
    out: list[tuple[str, str]] = []
    for m in _COUNT.finditer(text):
        if m.group(1):
            n, counter = int(m.group(1)), m.group(2)
        else:
            n, counter = _han_value(m.group(3)), m.group(4)
            if m.group(0) == "十分":
                continue
        if n is None or n == 1 or counter in _NOT_COUNTER:
            continue
        out.append((f"{n}{counter}", m.group(0)))
    return out
