"""Cutting text into the terms the injection policy matches on.

Latin text → lower-case words (identifiers split at '-', '_', '.', camelCase;
a plural 's' dropped). Chinese and Japanese have no spaces → adjacent character
pairs (bigrams). Function words of both are dropped, so that filler like
'the', 'how', '的', '不要', '一下' never matches anything.
"""
from __future__ import annotations

import re

EN_STOP = set("""
a an the and or but nor not no yes so if then than that this these those there here it its it's i me my mine
we us our you your yours he him his she her they them their what which who whom whose when where why how
is are was were be been being am do does did doing done have has had having will would shall should can
could may might must of in on at by for with without about into onto from to as up down out over under
again further once all any both each few more most other some such only own same too very just also
now today please thanks thank thx hi hello hey ok okay sure yeah yep nope lol hmm let lets let's get got
go going gonna wanna want need like know think see say said tell told make made use used using via per
etc e.g i.e vs don doesn didn isn aren wasn weren won wouldn shouldn couldn can't cannot ll ve re
something anything everything nothing thing things way ways really actually maybe still even much many
well good great nice new old first last next one two three again back around right left time day
before after during while since until because through between against among within across above below
why's what's there's it'd i'm i've i'd you're we're they're
cool awesome perfect excellent amazing wonderful fine alright sounds sound ahead continue proceed carry
bye goodbye morning afternoon evening night welcome sorry appreciate appreciated cheers congrats
help helps helping anyway though also whatever kind sort bit lot lots really pretty quite much
""".split())

# Function characters: a bigram containing one is filler ('的问', '了吗', '我们' is handled below).
ZH_FUNCTION_CHARS = set("的了吗呢吧啊呀么嘛哦哈啦着过之其而且与及或被把将让给对向从在于")
ZH_STOP_BIGRAMS = set("""
不要 一下 一个 一些 这个 那个 这些 那些 这里 那里 什么 怎么 怎样 为什么 为何 如何 是否 是不 不是 就是 还是
可以 能够 应该 需要 我们 你们 他们 她们 它们 自己 现在 今天 刚才 目前 已经 然后 但是 因为 所以 如果 虽然
或者 以及 还有 没有 有没 有个 有些 一直 一定 一样 时候 东西 问题 帮我 请问 我想 想要 你好 谢谢 请帮 帮忙 知道
觉得 看看 一下 下吧 好的 好吧 可能 其实 比较 非常 特别 这样 那样 怎么样 不用 不会 不能 不过 只是 只有 我的
你的 他的 告诉 一起 一次 这次 上次 下次 之前 之后 以后 以前
继续 辛苦 再见 早上 晚上 晚安 客气 厉害 不错 完美 明白 收到 了解 可以 行吧 没事 多谢 感谢 麻烦 好吗 对吧 是的
""".split())
# Pronouns and particles: a run of Chinese is cut here before bigrams are taken.
ZH_SEPARATORS = ZH_FUNCTION_CHARS | set("我你他她它们这那个是和就都也还很太又再请帮吧吗呢")
JA_PARTICLES = set("のはがをにでとももへやかねよ")
_SEPARATORS = re.compile("[" + "".join(sorted(ZH_SEPARATORS | JA_PARTICLES)) + " ]+")
_STOP_SORTED = sorted(ZH_STOP_BIGRAMS, key=len, reverse=True)
JA_KANA_ONLY = re.compile(r"[\u3040-\u309f]{2}\Z")  # two hiragana: grammar, not content

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def stem(word: str) -> str:
    """Just enough folding that 'tests' meets 'test' and 'migrations' meets 'migration'."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        if word.endswith("ies") and len(word) > 4:
            return word[:-3] + "y"
        return word[:-1]
    return word


def latin_terms(text: str) -> list[str]:
    out = []
    for raw in _WORD.findall(_CAMEL.sub(" ", text)):
        w = raw.lower().replace("’", "'")
        if "'" in w:
            w = w.split("'", 1)[0]
        if len(w) < 2 or w in EN_STOP or w.isdigit():
            continue
        out.append(stem(w))
    return out


def _fragments(run: str) -> list[str]:
    """Cut a CJK run at stop words and function characters, so no bigram straddles filler
    ('帮我看一下这个问题' leaves no '我看' or '下这')."""
    for bg in _STOP_SORTED:
        if bg in run:
            run = run.replace(bg, " ")
    return [f for f in _SEPARATORS.split(run) if len(f) >= 2]


def cjk_terms(text: str) -> list[str]:
    out = []
    for run in _CJK_RUN.findall(text):
        for frag in _fragments(run):
            for i in range(len(frag) - 1):
                bg = frag[i:i + 2]
                if bg in ZH_STOP_BIGRAMS or JA_KANA_ONLY.match(bg):
                    continue
                out.append(bg)
    return out


def terms(text: str) -> set[str]:
    """The distinct match terms of a piece of text."""
    return set(latin_terms(text)) | set(cjk_terms(text))


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


def query_terms(text: str, paths: list[str]) -> set[str]:
    """Match terms of a query. A path counts by its file name's words only ('src/server.ts' →
    'server'): its folders and extension are matched as a path, not as keywords."""
    for p in paths:
        text = text.replace(p, " ")
    extra = []
    for p in paths:
        base = p.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        extra.append(base.rsplit(".", 1)[0] if "." in base.lstrip(".") else base)
    return terms(text + " " + " ".join(extra))


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
