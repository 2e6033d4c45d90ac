"""Cutting text into the terms the injection policy matches on.

Words as each language has them:
- Latin and Cyrillic text → folded words (lower case; accents dropped except
  Vietnamese marks, which tell words apart; French and Italian elisions cut, "l'import" →
  "import"), then a light
  stem: an English plural 's' and the commonest Russian endings dropped, and every
  word cut to its first six letters, so that inflected forms meet ("despliegue" /
  "desplegar" are met by the glossary, "comentarios" / "comentario", "токена" /
  "токен" by the cut).
- Korean words lose their particles and the endings of 하다-verbs ("배포할" → "배포").
- Chinese and Japanese have no spaces → adjacent character pairs (bigrams); a number bound to
  its counter is one more term however the number is written ('十集', '10集': forms.count_terms).
  (Chinese, Japanese and Korean words are cut in cjk.py.)
- A word of the multilingual glossary (``glossary.py``) becomes its concept's English
  head word, so "배포", "despliegue" and "deploy" are one term.
Filler words of every language (function words, greetings, thanks) are dropped, so
that small talk never matches anything.

Case and shape fold the same on both sides (issue 40), so "bigquery", "BigQuery", "big-query"
and "big query" meet, and "github" meets "GitHub":
- an identifier is cut at '-', '_' and '.' into words ("deploy-fly", "MAX_RETRIES"), and its
  pieces joined are one more word ("gpt-4o" → gpt4o, "node.js" → nodejs);
- a CamelCase word or one with digits in it is one word, folded whole ("BigQuery" → bigquery,
  "gpt4o", "k8s"); its parts (big, query; gpt) are weak terms, which the index keeps at a
  description word's weight and a prompt does not send ("BigQuery" is not about "query");
- two adjacent words joined are one more term of a prompt, and of an entry's name, description
  and keywords ("big query" → bigquery), never of a body (its size).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .fold import VI_MARKS as _VI_MARKS, fold, shape_parts  # noqa: F401 (fold: part of this module's interface)
from .stopwords import EN_STOP, FILLER_PHRASES, OTHER_STOP, STOP, stop_scope  # noqa: F401 (part of this module's interface)
from .forms import count_terms, date_terms, latin_noun
from .names import commands, name_terms
from .smalltalk import small_talk_terms
from .glossary import CJK_FORMS, CONCEPTS, head_of
from .cjk import _CJK, _CJK_FORMS, _CJK_RUN, _HANGUL, _HANGUL_WORD, _KATAKANA_WORD, _kana_terms, _korean_terms, \
    _phrases, _rx, cjk_terms, hangul_terms

# Patterns only non-ASCII text needs are compiled on first use (``_rx``): the hook starts
# afresh for every prompt, and compiling them all cost it 3 ms.
_CYRILLIC = "[\u0400-\u04ff]"
# a word: letters and digits of any script but CJK and Hangul (blanked first), an apostrophe inside
# (a negated class of \\W with those ranges took the hook 7 ms to compile)
_NOT_LATIN = f"[{_CJK}{_HANGUL}]+"
# an identifier: words joined by '-', '_' or '.' ('deploy-fly', 'MAX_RETRIES', 'node.js'), each with
# an apostrophe inside at most (elisions)
_WORD = "[^\\W_]+(?:['’][^\\W_]+)?"
_IDENT = re.compile(f"{_WORD}(?:[-_.]{_WORD})*")
_PIECES = re.compile("[-_.]")
JOIN_MIN = 4   # a joined word shorter than this is an abbreviation's letters ('e.g.'), not a word
_ELIDED = {"l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu", "dell", "all", "nell",
           "sull", "dall", "un", "quell"}
STEM_LEN = 6   # a word is cut to its first six letters: inflections meet, distinct words rarely do
# commonest Russian case and verb endings, longest first (the stem keeps three letters at least)
_RU_ENDINGS = sorted("""ами ями ого его ому ему ыми ими ться ешь ишь ов ев ей ой ом ем ам ям ах ях ую юю ая яя ые ие
ый ий ть ет ют ит ят ы и а я у ю е о ь""".split(), key=len, reverse=True)


# Cyrillic letters as Latin ones (issue 40): a Russian loanword is the English word it was written
# from ('трансформер' / 'transformer', 'сервер' / 'server', 'статус' / 'status'), and a Russian
# prompt asking about it meets an entry in English. Both sides read a Cyrillic word so, so Russian
# still meets Russian; й is j and х is h ('файл' is no 'fail', 'хост' is 'host'). The Latin form's
# glossary concept is its term, as the English word's is.
_RU_LATIN = str.maketrans({**dict(zip("абвгдезийклмнопрстуфхцыэ", "abvgdezijklmnoprstufhcye")),
                           "ё": "e", "ж": "zh", "ч": "ch", "ш": "sh", "щ": "sch", "ю": "ju", "я": "ja",
                           "ъ": "", "ь": ""})


def stem(word: str) -> str:
    """Just enough folding that 'tests' meets 'test', 'токена' meets 'токен' and the long
    forms of a word meet (cut to STEM_LEN letters)."""
    if word.isascii():
        word = latin_noun(word)
    if not word.isascii() and _rx(_CYRILLIC).search(word):
        for end in _RU_ENDINGS:
            if word.endswith(end) and len(word) - len(end) >= 3:
                word = word[:-len(end)]
                break
        latin = word.translate(_RU_LATIN)
        if latin.isascii() and latin.isalpha():
            return head_of(latin) or stem(latin)   # ('линтер' is 'linter', whose concept is lint)
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-3] + "y" if word.endswith("ies") and len(word) > 4 else word[:-1]
    if word.isascii():
        word = _english(word)
    return word if not word.isascii() and _rx(_VI_MARKS).search(word) else word[:STEM_LEN]


_VOWEL = re.compile("[aeiouy]")


def _english(word: str) -> str:
    """English -ing and -ed forms and a final -e meet their word ('saving' / 'save', 'failing' /
    'failed' / 'fail', 'caching' / 'cache'): the ending goes when a syllable is left ('string',
    'need' stay), a doubled last letter is undone ('running' → run)."""
    for end in ("ing", "ed"):
        if word.endswith(end) and len(word) - len(end) >= 3 and _VOWEL.search(word[:-len(end)]):
            word = word[:-len(end)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") and not word.endswith("ee") else word


@lru_cache(maxsize=65536)
def _word_term(w: str, stop: frozenset | None = None) -> str | None:
    """The term of one folded word: its concept's head word, else its stem; None for filler
    (``stop``: the filler of the text it is in, stop_scope; by default every language's)."""
    if len(w) < 2 or w in (STOP if stop is None else stop) or w.isdigit():
        return None
    if "ı" in w:   # Turkish (below); then its ı is an i, as its capital 'I' lower-cases ('SIRALAMA')
        w = _turkish_root(w).replace("ı", "i")
    return head_of(w) or stem(w)


@lru_cache(maxsize=65536)
def _folded(raw: str) -> str:
    w = fold(raw).replace("’", "'")
    if "'" in w:
        head, tail = w.split("'", 1)
        w = tail if head in _ELIDED and len(tail) > 1 else head
    return w


# Turkish (issue 40): a short root takes suffixes the six-letter cut does not reach ('kanalları',
# 'dosyayı', 'hatası' → kanal, dosya, hata). A word is read as Turkish when it holds a dotless ı
# (no other language here writes it, and folding keeps it; the suffix's own vowel often is the ı),
# and then loses one case or possessive suffix and a plural before it, the root keeping three
# letters. Folded forms (ş → s, ü → u); a Turkish word without an ı keeps the six-letter cut alone
# ('sunucuya' / 'sunucunun' → sunucu already met). The reasons show the prompt's word, not the root.
_TR_CASES = sorted("""larından lerinden larında lerinde ların lerin ları leri larda lerde lardan lerden lara lere
ından inden undan ında inde unda ına ine una ını ini unu nın nin nun yla yle yı yi yu ya ye dan den tan ten
da de ta te ın in un ı i u a e sı si su nı ni nu dır dir dur tır tir tur ydı ydi""".split(), key=len, reverse=True)


def _turkish_root(w: str) -> str:
    for end in _TR_CASES:
        if w.endswith(end) and len(w) - len(end) >= 3:
            w = w[:-len(end)]
            break
    for end in ("lar", "ler"):
        if w.endswith(end) and len(w) - len(end) >= 3:
            return w[:-len(end)]
    return w


@lru_cache(maxsize=65536)
def _ident(token: str) -> tuple[tuple[str, ...], str | None, tuple[str, ...]]:
    """(its words, folded, in order; its pieces joined, or None; the weak parts inside its words)."""
    pieces = _PIECES.split(token) if len(token) > 1 else [token]
    words = tuple(map(_folded, pieces))
    joined = "".join(words) if len(pieces) > 1 else None
    parts = tuple(_folded(p) for piece in pieces for p in shape_parts(piece))
    return words, (joined if joined and len(joined) >= JOIN_MIN else None), parts


def _latin_split(text: str) -> tuple[list[str], list[str], list[str]]:
    """(the words of ``text`` in order, the joined forms of its identifiers, the weak parts)."""
    words: list[str] = []
    joined: list[str] = []
    parts: list[str] = []
    for token in _IDENT.findall(text if text.isascii() else _rx(_NOT_LATIN).sub(" ", text)):
        w, j, p = _ident(token)
        words += w
        if j:
            joined.append(j)
        if p:
            parts += p
    return words, joined, parts


def _latin_words(text: str) -> list[str]:
    return _latin_split(text)[0]


def _adjacent(words: list[str], stop: frozenset | None = None) -> list[tuple[str, str]]:
    """(two adjacent words as shown, their joined term) for each pair of adjacent content words
    written in ASCII ('big query' → bigquery)."""
    out = []
    for a, b in zip(words, words[1:]):
        if a.isascii() and b.isascii() and a.isalpha() and b.isalpha() and _word_term(a, stop) and _word_term(b, stop):
            t = _word_term(a + b)
            if t and t != _word_term(a):   # (a six-letter cut can make the pair its first word again)
                out.append((f"{a} {b}", t))
    return out


_WIDE = "[\uff01-\uff5e\uff65-\uff9f]+"   # full-width ASCII ('ＡＷＳ'), half-width katakana ('ｻｰﾊﾞｰ')


def _narrow(text: str) -> str:
    """Full-width Latin letters, digits and signs and half-width katakana as the same letters are
    written elsewhere (NFKC of those two blocks only: Japanese input writes 'ＡＷＳ' for 'AWS')."""
    if text.isascii() or not _rx(_WIDE).search(text):
        return text
    return _rx(_WIDE).sub(lambda m: unicodedata.normalize("NFKC", m.group(0)), text)


def term_words(text: str) -> dict[str, str]:
    """term → how reasons show it: the prompt's word it was cut from ('servicio', not 'servic');
    a glossary concept with the prompt's word that led to it ('배포할 → deploy')."""
    out: dict[str, str] = {}
    text = _narrow(text)
    words, joined, _ = _latin_split(text)
    stop = stop_scope(words)
    pairs = [(w, _word_term(w, stop)) for w in words + joined] + _adjacent(words, stop)
    if not text.isascii():
        pairs += [(w, t) for w in _rx(_HANGUL_WORD).findall(text) for t in _korean_terms(w)]
        pairs += [(m, CJK_FORMS[m]) for run in _CJK_RUN.findall(text) for m in _rx(_CJK_FORMS).findall(run)]
        pairs += [p for w in _rx(_KATAKANA_WORD).findall(text) for p in _kana_terms(w)]
        pairs += [(raw, t) for t, raw in count_terms(text)]
    pairs += [(raw, t) for t, raw in date_terms(text)]
    for w, t in pairs:
        if t and t != w:
            out.setdefault(t, f"{w} → {t}" if t in CONCEPTS else w)
    return out


def shaped_terms(text: str, adjacent: bool = False) -> tuple[set[str], set[str]]:
    """(the match terms of ``text``, the weak terms: parts inside its words that are not terms of
    it too). ``adjacent``: adjacent words joined are terms too (a prompt; a name or description)."""
    text = _narrow(text)
    seq, joined, parts = _latin_split(text)
    heads, words = _phrases(seq)
    out = set(heads)
    stop = None if text.isascii() else stop_scope(seq)   # (an ASCII text is never Vietnamese)
    out.update(_word_term(w, stop) for w in set(words))   # each distinct word once (a body repeats its words)
    out.update(_word_term(w, stop) for w in joined)
    if adjacent:
        out.update(t for _, t in _adjacent(seq, stop))
    if not text.isascii():
        out.update(hangul_terms(text))
        out.update(cjk_terms(text))
        out.update(t for t, _ in count_terms(text))
    out.update(t for t, _ in date_terms(text))
    out.discard(None)
    weak = {t for t in (_word_term(w, stop) for w in set(parts)) if t and t not in out}
    return out, weak


def terms(text: str) -> set[str]:
    """The distinct match terms of a piece of text, its weak terms with them."""
    strong, weak = shaped_terms(text)
    return strong | weak


class QueryTerms(set):
    """A prompt's terms; ``words``: how many are its own words (not adjacent pairs joined);
    ``names``: those of its words shaped as names (names.py); ``quiet``: those that never open
    the gate alone (small talk's words, smalltalk.py; a named path's words)."""
    words: int = 0
    names: frozenset = frozenset()
    quiet: frozenset = frozenset()


# -- paths in a query ---------------------------------------------------------

_PATHISH = re.compile(r"[A-Za-z0-9_.\-/~@+\\]+")
_EXT = re.compile(r"(?:^|[A-Za-z0-9_\-])\.[A-Za-z][A-Za-z0-9]{0,9}$")
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]*://\S+")


def norm_path(p: str) -> str:
    """Paths compare lower-case, '/'-separated, without './' or a trailing '/'."""
    p = p.strip().replace("\\", "/").lower()
    while p.startswith("./"):
        p = p[2:]
    p = re.sub(r"/{2,}", "/", p)
    return p.rstrip("/")


def query_terms(text: str, paths: list[str]) -> QueryTerms:
    """Match terms of a query: its words, and adjacent words joined; never the weak parts inside
    its words ("BigQuery" does not ask for "query"). A path counts by its file name's words only
    ('src/server.ts' → 'server'): its folders and extension are matched as a path, not as keywords."""
    text = _narrow(text)
    dates = {t for t, _ in date_terms(text)}   # (before '25/5' goes as a path)
    told = set().union(*(terms(c) for c in commands(text)))   # a slash command's words: a name, not quiet
    for p in paths:
        text = text.replace(p, " ")
    text = _rx("(?i)" + FILLER_PHRASES).sub(" ", text)
    extra = []
    for p in paths:
        base = p.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        extra.append(base.rsplit(".", 1)[0] if "." in base.lstrip(".") else base)
    text = text + " " + " ".join(extra)
    own = shaped_terms(text)[0] | dates
    for p in paths:   # a bare file name is also read as text reads it ('Three.js' → threej, as in an entry)
        own |= terms(p) - terms(p.rsplit(".", 1)[-1]) if "/" not in p.replace("\\", "/") else set()
    seq = _latin_words(text)
    out = QueryTerms(own.union(t for _, t in _adjacent(seq, stop_scope(seq))))
    out.words = len(own)
    out.names = (name_terms(text, terms) | told) & out
    out.quiet = (small_talk_terms(terms) | terms(" ".join(extra))) - told & out
    return out


def query_paths(text: str) -> tuple[list[str], list[str]]:
    """(path tokens, bare words) of a query. A token is a path when it has a '/' or an extension."""
    paths, bare = [], []
    for tok in _PATHISH.findall(_URL.sub(" ", text)):
        tok = tok.rstrip(".,;!?)]'\"`").lstrip("(['\"`")
        tok = re.sub(r"(?::\d+){1,2}$", "", tok)  # src/a.ts:12:3
        if not tok or "://" in tok or tok.startswith(("http:", "https:")):
            continue
        if ("/" in tok.replace("\\", "/") and re.search(r"[A-Za-z0-9]", tok)) or _EXT.search(tok):
            paths.append(tok)
        elif re.fullmatch(r"[A-Za-z0-9_\-]+", tok):
            bare.append(tok)
    return paths, bare
