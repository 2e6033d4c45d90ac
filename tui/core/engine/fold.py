"""How a word is folded before it is compared: the one rule the tokeniser and the glossary share
(kept apart so that the glossary can fold its forms without importing the tokeniser)."""
from __future__ import annotations

import re
import unicodedata

VI_MARKS = "[ăâđêôơưĂÂĐÊÔƠƯ\u1ea0-\u1ef9\u0300-\u0303\u0309\u0323]"
ACCENTED = "[\u00c0-\u024f\u0300-\u036f]"
_VI = re.compile(VI_MARKS)
_ACC = re.compile(ACCENTED)


def fold(word: str) -> str:
    """Lower case, accents dropped (Vietnamese keeps its marks: they tell words apart), ё → е."""
    w = word.lower()
    if w.isascii():
        return w
    if _VI.search(w):
        return unicodedata.normalize("NFC", w)
    if not _ACC.search(w):   # Cyrillic, Greek…: only ё (й keeps its mark: it is a letter)
        return w.replace("ё", "е")
    w = "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", w).replace("ß", "ss").replace("ø", "o").replace("ł", "l")


# -- the shape of a written word ------------------------------------------------------------------
# A word's parts are words of their own only weakly: 'BigQuery' is not about 'query', 'GitHub'
# hardly about 'hub'; so the tokeniser keeps the whole word (folded: 'bigquery') as the word and
# gives its parts to the index as weak terms (tokens.py).
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_LETTER_RUN = re.compile(r"[^\W\d_]{3,}")


def shape_parts(word: str) -> list[str]:
    """The parts inside one written word, as written: its CamelCase or camelCase parts ('BigQuery'
    → Big, Query; 'HTTPServer' → HTTP, Server; 'getUserById' → get, User, By, Id), else the letter
    runs around its digits ('gpt4o' → gpt, 'oauth2' → oauth; 'k8s' has none); [] for a plain word."""
    parts = _CAMEL.split(word)
    if len(parts) > 1:
        return parts
    if word.isalpha() or word.isdigit():
        return []
    runs = _LETTER_RUN.findall(word)
    return runs if runs != [word] else []
