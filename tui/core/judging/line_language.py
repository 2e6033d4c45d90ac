"""Which Latin-script language a line reads as, told by its function words and its letters: a
word means what it means in the line's language ("hier" is "yesterday" in French and "here" in
German and Dutch; "ora" is "now" in Italian and "hour" in Romanian). Used where a rule's word
belongs to one language: the word counts only when the line does not read as another one.

A vote, not a classifier: each short word that is a function word of a language (an article,
a pronoun, an auxiliary, a preposition) counts for every language that writes it, each word with
a letter only one of them writes (ß ä ö ü, ñ, ã õ) for that one. With no word of any, the line
says nothing and its text decides (``reads_as_other``'s ``text``). English, which memory in every
language borrows (code, tools, "out-of-band"), never outvotes a line's own language.
"""
from __future__ import annotations

import re
from functools import lru_cache

# the commonest function words, each a short closed class: enough to tell a sentence's language
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset("the a an and or of to in on at is are was were be been has have had it this that these "
                    "with for from by not no we you they he she will would can should must do does did".split()),
    "de": frozenset("der die das den dem des ein eine einen einem einer und oder ist sind war waren wird werden "
                    "wurde wurden nicht kein keine mit für fur auf bei von zu zum zur im am aus nach ich wir sie "
                    "es auch noch schon nur sich dass muss müssen kann können soll sollen alle".split()),
    "nl": frozenset("de het een en is zijn niet met voor op van dat die wordt worden ook nog bij naar".split()),
    "fr": frozenset("le la les un une des du et est sont pas ne que qui pour dans sur avec au aux ce cette ces "
                    "nous vous il elle on je été était être avoir ont par en de à".split()),
    "es": frozenset("el la los las un una unos unas y es son está están del al para con que por se lo como "
                    "pero no en de fue muy".split()),
    "pt": frozenset("o a os as um uma e é são está estão do da dos das no na nos nas para com que por não "
                    "em de foi muito".split()),
    "it": frozenset("il lo la gli le un una e è sono di del della dei delle per con che non nel nella sul "
                    "alla al da è stato".split()),
}
_ONLY_LETTERS = (("de", re.compile("[ßäöü]")), ("es", re.compile("ñ")), ("pt", re.compile("[ãõ]")))
_WORD = re.compile(r"(?<![\w/.-])[^\W\d_]+(?:[-'’][^\W\d_]+)*(?![\w/.-])")   # (a compound or a path is no function word: "out-of-band")


# the language every other one borrows from in memory (code, tools, "out of band"): its words in a
# line make it no less the line's own language, and an English word is read by the English rule
BORROWED = frozenset({"en"})


@lru_cache(maxsize=256)
def votes(text: str) -> dict[str, int]:
    """Each language's count of function words and own letters in ``text``."""
    out = dict.fromkeys(FUNCTION_WORDS, 0)
    for w in _WORD.findall(text.lower()):
        for lang, words in FUNCTION_WORDS.items():
            if w in words:
                out[lang] += 1
        for lang, rx in _ONLY_LETTERS:
            if rx.search(w):
                out[lang] += 1
    return out


def reads_as_other(line: str, lang: str, text: str | None = None) -> bool:
    """Whether ``line`` reads as a language other than ``lang``: another language has more votes
    than ``lang`` there. A line with no vote at all is read by ``text``'s (its file) the same way."""
    for scope in (line, text):
        if scope is None:
            break
        v = votes(scope)
        own = v.get(lang, 0)
        best = max(n for other, n in v.items() if other != lang and other not in BORROWED)
        if own or best:
            return best > own
    return False
