"""Words of the scripts written without spaces between words, or with particles glued to them:
Chinese and Japanese runs cut into bigrams (a glossary form is its head word, a katakana word is
a word), Korean words without their particles (tokens.py says how each is matched). Kept apart
from tokens.py for its size; tokens.py is the interface.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .stopwords import STOP
from .glossary import CJK_FORMS, CJK_SORTED, PHRASES, WORDS, form_at_start, head_of

# Function characters: a bigram containing one is filler ('的问', '了吗', '我们' is handled below).
# The stop bigrams hold the directional complements too ('打印出来', '看起来', '接下来', '写下去'):
# grammar glued to any verb, as 了 or 过 is, never the subject (Japanese 出来る, 'can', alike; stop 50).
ZH_FUNCTION_CHARS = set("的了吗呢吧啊呀么嘛哦哈啦着过之其而且与及或被把将让给对向从在于")
ZH_STOP_BIGRAMS = set("""
不要 一下 一个 一些 这个 那个 这些 那些 这里 那里 什么 怎么 怎样 为什么 为何 如何 是否 是不 不是 就是 还是
可以 能够 应该 需要 我们 你们 他们 她们 它们 自己 现在 今天 刚才 目前 已经 然后 但是 因为 所以 如果 虽然
或者 以及 还有 没有 有没 有个 有些 一直 一定 一样 时候 东西 问题 帮我 请问 我想 想要 你好 谢谢 请帮 帮忙 知道
觉得 看看 一下 下吧 好的 好吧 可能 其实 比较 非常 特别 这样 那样 怎么样 不用 不会 不能 不过 只是 只有 我的
你的 他的 告诉 一起 一次 这次 上次 下次 之前 之后 以后 以前
继续 辛苦 再见 早上 晚上 晚安 客气 厉害 不错 完美 明白 收到 了解 可以 行吧 没事 多谢 感谢 麻烦 好吗 对吧 是的
出来 起来 下来 上来 下去 上去 出去 进来 进去 出來 起來 下來 上來 進來 進去
怎麼 什麼 為什麼 這個 那個 這些 那些 這裡 那裡 這樣 那樣 沒有 還是 還有 應該 請問 謝謝 時候 東西 問題 幫我 幫忙 現在 剛才
已經 但是 因為 所以 如果 雖然 或者 以及 一直 一定 一樣 覺得 看看 可能 其實 比較 非常 特別 不用 不會 不能 不過 只是 只有 告訴
一起 這次 上次 下次 之前 之後 以後 以前 繼續 再見 晚安 客氣 厲害 完美 明白 收到 了解 沒事 多謝 感謝 麻煩 好嗎 對吧 天氣 今天
""".split())
# Pronouns and particles: a run of Chinese is cut here before bigrams are taken.
ZH_SEPARATORS = ZH_FUNCTION_CHARS | set("我你他她它们这那个是和就都也还很太又再请帮吧吗呢們這個還請幫嗎麼對從於與將讓給過著")
JA_PARTICLES = set("のはがをにでとももへやかねよ")
_SEPARATORS = re.compile("[" + "".join(sorted(ZH_SEPARATORS | JA_PARTICLES)) + " ]+")
_STOP_SORTED = sorted(ZH_STOP_BIGRAMS, key=len, reverse=True)
JA_KANA_ONLY = re.compile(r"[\u3040-\u309f]{2}\Z")  # two hiragana: grammar, not content
# a hiragana then a kanji: one word's inflection and the next word's start ('決めて進めて' → 'て進'), never a word
_JA_ENDING_THEN_KANJI = re.compile(r"[\u3040-\u309f][\u3400-\u4dbf\u4e00-\u9fff]\Z")
_KATAKANA_WORD = "[\u30a1-\u30fa\u30fc-\u30ff]+"   # (the middle dot ・ parts words)
_HANGUL = "\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f"
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_HANGUL_WORD = f"[{_HANGUL}]+"
# Korean particles and the endings of 하다/되다 verbs, longest first (the stem keeps two syllables)
_KO_ENDINGS = sorted("""에서는 에서도 에게서 으로는 으로도 이라도 이라고 했었지 했었어 했는데 하려면 하려고 하는지 하는데
하세요 합니다 했어요 해주세요 해줘요 이에요 입니다 인가요 됐을 됐어 됐다 되는 되면 되어 되나 하기 하여 하지 하나 할까 할때
할지 해야 해서 해도 해요 했어 했지 했다 하고 하는 하면 해줘 라고 에서 에게 한테 께서 으로 부터 까지 마다 처럼 보다 이나 이랑
에는 에도 와는 과는 로는 로도 이다 인지 일까 는지 은지 할 한 함 해 했 된 될 돼 은 는 이 가 을 를 에 의 도 만 로 와 과 랑
나 요""".split(), key=len, reverse=True)


@lru_cache(maxsize=None)
def _rx(pattern: str) -> re.Pattern:
    """Patterns only non-ASCII text needs, compiled on first use (the hook starts afresh for every
    prompt, and compiling them all cost it 3 ms)."""
    return re.compile(pattern)


_KANA = re.compile("[\u30a1-\u30fa\u30fc-\u30ff]+\\Z")
# a katakana form is read where it starts a katakana word (``_kana_terms``); the others anywhere in a run
_CJK_FORMS = "|".join(re.escape(f) for f in CJK_SORTED if not _KANA.match(f)) or "(?!)"
# katakana forms, and each without its final long mark ('ユーザー' / 'ユーザ'), longest first
KANA_FORMS = {}
for _f in CJK_SORTED:
    if _KANA.match(_f):
        KANA_FORMS.setdefault(_f, CJK_FORMS[_f])
        if _f.endswith("ー") and len(_f) > 3:
            KANA_FORMS.setdefault(_f.rstrip("ー"), CJK_FORMS[_f])
_KANA_LONGEST = max(map(len, KANA_FORMS), default=0)


@lru_cache(maxsize=65536)
def _kana_terms(word: str) -> tuple[tuple[str, str], ...]:
    """(as written, term) of one katakana word: the glossary forms it is made of from its start
    ('エラーログ' → error, log), then what is left as a word, without a final long mark
    ('フォルダー' → フォルダ: JIS writes it, others drop it). A form inside another word is not
    read ('プリンター' holds 'リンター', a printer is no linter; 'ダイアログ' no log)."""
    out = []
    pos = 0
    while pos < len(word):
        for n in range(min(_KANA_LONGEST, len(word) - pos), 1, -1):
            head = KANA_FORMS.get(word[pos:pos + n])
            if head is not None:
                out.append((word[pos:pos + n], head))
                pos += n
                break
        else:
            break
    rest = word[pos:]
    bare = rest.rstrip("ー") if len(rest.rstrip("ー")) >= 2 else rest
    if len(bare) >= 2:
        out.append((rest, bare))
    return tuple(out)


def _phrases(words: list[str]) -> tuple[list[str], list[str]]:
    """(glossary heads of the multi-word forms found, the words left). Each word of a form
    is the start of the word written ('variable de entorno' meets 'variables de entorno')."""
    if {w[:2] for w in words}.isdisjoint(PHRASES):   # (most texts hold no phrase: one set operation)
        return [], words
    heads, left, i = [], [], 0
    while i < len(words):
        for form, head in PHRASES.get(words[i][:2], ()):
            n = len(form)
            if n <= len(words) - i and all(words[i + k].startswith(form[k]) for k in range(n)):
                heads.append(head)
                i += n
                break
        else:
            left.append(words[i])
            i += 1
    return heads, left


@lru_cache(maxsize=65536)
def _korean_terms(word: str) -> tuple[str, ...]:
    """A Korean word's terms: its stem's ('_korean_term'), and when the stem is a compound written
    as one word that starts with a glossary form ('서버재시작', '배포스크립트'), the rest's too
    (two syllables at least): 'restart' and '스크립트' are what '서버 재시작', '배포 스크립트' say."""
    t = _korean_term(word)
    if t is None or t == word or not t.isascii():
        return (t,) if t else ()
    stem = _korean_stem(word)
    found = form_at_start(stem)
    rest = stem[found[1]:] if found else ""
    if len(rest) < 2 or rest in STOP:
        return (t,)
    more = form_at_start(rest)
    return (t, more[0] if more else rest) + tuple(x for x in _korean_terms(rest)[1:] if more)


def _korean_stem(word: str) -> str:
    """A Korean word without its endings: a particle after an ending ('배포할때는'), two cuts at most,
    and one syllable left only if the glossary knows it ('키')."""
    for _ in range(2):
        for end in _KO_ENDINGS:
            if word.endswith(end) and len(word) > len(end):
                rest = word[:-len(end)]
                if len(rest) >= 2 or rest in WORDS:
                    word = rest
                    break
        else:
            break
    return word


@lru_cache(maxsize=65536)
def _korean_term(word: str) -> str | None:
    if word in STOP:
        return None
    word = _korean_stem(word)
    if word in STOP or (len(word) < 2 and word not in WORDS):
        return None
    return head_of(word) or word


def hangul_terms(text: str) -> list[str]:
    if text.isascii():
        return []
    words = _rx(_HANGUL_WORD).findall(text)
    heads, words = _phrases(words)
    return heads + [t for w in words for t in _korean_terms(w)]


def _fragments(run: str) -> list[str]:
    """Cut a CJK run at stop words and function characters, so no bigram straddles filler
    ('帮我看一下这个问题' leaves no '我看' or '下这')."""
    for bg in _STOP_SORTED:
        if bg in run:
            run = run.replace(bg, " ")
    return [f for f in _SEPARATORS.split(run) if len(f) >= 2]


def cjk_terms(text: str) -> list[str]:
    out: list[str] = []
    if text.isascii():
        return out
    for run in _CJK_RUN.findall(text):
        forms = _rx(_CJK_FORMS)
        if forms.search(run):
            # a glossary form is its head word, and the characters around it are bigrams apart
            out += [CJK_FORMS[m] for m in forms.findall(run)]
            run = forms.sub(" ", run)
        # a katakana word is a word (a loanword: 'リスト' must not meet 'ストア' through 'スト')
        out += [t for w in _rx(_KATAKANA_WORD).findall(run) for _, t in _kana_terms(w)]
        run = _rx(_KATAKANA_WORD).sub(" ", run)
        for frag in _fragments(run):
            for i in range(len(frag) - 1):
                bg = frag[i:i + 2]
                if bg in ZH_STOP_BIGRAMS or JA_KANA_ONLY.match(bg) or _JA_ENDING_THEN_KANJI.match(bg):
                    continue
                out.append(bg)
    return out
