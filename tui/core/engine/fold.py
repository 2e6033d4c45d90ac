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
