"""Cutting text into the terms the injection policy matches on.

Words as each language has them:
- Latin and Cyrillic text → folded words (lower case; accents dropped except
  Vietnamese marks, which tell words apart; identifiers split at '-', '_', '.',
  camelCase; French and Italian elisions cut, "l'import" → "import"), then a light
  stem: an English plural 's' and the commonest Russian endings dropped, and every
  word cut to its first six letters, so that inflected forms meet ("despliegue" /
  "desplegar" are met by the glossary, "comentarios" / "comentario", "токена" /
  "токен" by the cut).
- Korean words lose their particles and the endings of 하다-verbs ("배포할" → "배포").
- Chinese and Japanese have no spaces → adjacent character pairs (bigrams).
- A word of the multilingual glossary (``glossary.py``) becomes its concept's English
  head word, so "배포", "despliegue" and "deploy" are one term.
Filler words of every language (function words, greetings, thanks) are dropped, so
that small talk never matches anything.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .fold import VI_MARKS as _VI_MARKS, fold  # noqa: F401 (fold: part of this module's interface)
from .glossary import CJK_FORMS, CJK_SORTED, CONCEPTS, PHRASES, WORDS, head_of

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
_KATAKANA_WORD = "[\u30a1-\u30fa\u30fc-\u30ff]+"   # (the middle dot ・ parts words)

# Filler of the other languages memory is written in (folded as words are, below). A word
# that is filler in one language and a developer's word in another stays out of here
# ('tag', 'fast', 'art' in German; 'test'), except French 'comment' ('how'), too common
# to keep: plural 'comments' still reaches the glossary.
OTHER_STOP = """
a al algo algun alguna algunas alguno algunos ante antes asi aun aunque bien cada casi como con contra cual cuales
cuando de del desde donde dos el ella ellas ellos en entre era eres es esa esas ese eso esos esta estas este esto
estos estoy estas estan fue fueron ha habia hacer hace hago hay hasta la las le les lo los mas me mi mis mucho muy
nada ni nos nosotros nuestro nuestra os otra otro para pero poco por porque puede pueden puedo que quien se sea ser
si sin sobre solo son su sus tambien tan tanto te tengo tiene tienen todo todos toda todas tu tus un una uno unos
usted ustedes vamos voy ya yo hola gracias buenas buenos dias tardes noches adios saludos vale bueno perfecto genial
claro favor oye hoy ahora ahi aqui alli entonces luego despues necesito quiero puedes podemos tal tiempo hace
le la les un une des du et ou mais donc ni car ce cet cette ces ca je tu il elle on nous vous ils elles moi toi
lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos qui quoi dont est sont suis sommes etes etre
avoir ai as avons avez ont ete etait fait faire fais peux peut pouvons veux veut dois doit faut au aux avec sans
pour par sur sous dans chez vers apres pendant depuis comme comment pourquoi quand quel quelle quels quelles combien
tres trop plus moins aussi encore deja toujours jamais tout tous toute toutes rien oui non pas alors voici voila
bonjour salut bonsoir merci beaucoup svp stp daccord parfait super top bonne bon soiree journee va ici maintenant
aujourd hui demain hier quoi faudrait fallait y
o os as um uma uns umas do da dos das em no na nas pelo pela com sem mas quem qual quais onde nao sim sao foi
estar esta estao estou tem tinha ter isso isto essa aquele aquela eu voce voces ele ela eles nos lhe meu minha
seu sua nosso nossa muito mais menos ja ainda tambem so oi ola obrigado obrigada valeu tudo boa bom dia tarde noite
ate logo amanha ontem hoje agora aqui ali vou vai faco fazer posso pode preciso quero devo deve como bem
der die das den dem des ein eine einen einem einer eines und oder aber doch sondern denn weil dass ob wenn als wie
was wer wo wann warum welche welcher welches ich du er sie es wir ihr mich mir dich dir sich uns euch mein meine
dein deine sein seine unser unsere ist sind war waren bin bist haben hat habe hast hatte wird werden wurde kann
konnen muss mussen soll sollen will wollen darf mit ohne fur von zu zum zur bei nach vor aus auf an am im uber
unter um durch gegen nicht kein keine ja nein auch noch schon nur sehr da dann hier dort jetzt heute morgen gestern
hallo danke bitte tschuss gut geht gehts alles etwas viel mehr mal eben halt los immer
il lo gli di della dei delle dal dalla nel nella su sul tra fra ed che chi cosa dove perche sono ho hai abbiamo
avete hanno questo questa quello quella ci vi mio tuo suo nostro molto piu gia ancora anche ciao grazie buongiorno
buonasera prego faccio devo voglio adesso qui mille come va oggi domani ieri si ne se sei siamo stai sta stanno
bene male fatto fare puo posso puoi vorrei dimmi spiega qual quale quali quanto quanti pero cioe tutto tutti niente
nulla ecco allora sempre mai gli alla allo agli alle dello degli nei negli sui sugli col coi uno una anche
и в во не что он она оно они на я с со как а то все так его ее но да ты к у же вы за бы по только мне было вот
от меня еще нет о из ему теперь когда даже ну ли если уже или ни быть был была были него до вас нибудь опять уж
вам ведь там потом себя ничего ей может тут где есть надо ней для мы тебя их чем сам чтобы без чего раз тоже себе
под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтоб нее сейчас куда
зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая
много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно
всю между привет спасибо пожалуйста здравствуйте пока сегодня завтра вчера дела нужно нужен нужна нужны сделать
правильно сколько какие каком каким какой покажи скажи расскажи давай давайте ок окей
va la của co không được cho với cac những một nay đó khi thi để trong từ bằng như thế nao gi sao lam bạn tôi minh
anh chị em nhe nha ạ nhiều cảm ơn chao hôm nay rồi đã sẽ phải cần lên xuống ra vao ở tại đang cung rất hay hoặc
nhưng nếu vi nên về theo sau trước đâu ai bao giờ vậy đây kia a ơi luc
안녕 안녕하세요 감사 감사합니다 고마워 고마워요 고맙습니다 수고 수고했어 수고하셨습니다 오늘 내일 어제 지금 그냥 정말
진짜 이거 그거 저거 이것 그것 무엇 뭐 뭔가 뭐부터 어떻게 어디 어디에 언제 왜 누구 알려줘 알려주세요 좀 제발 부탁 잘 네 예
아니 아니요 그럼 그리고 하지만 근데 그런데 이제 다시 계속 먼저 나중 우리 저 제 내 너 당신 있어 있나 있나요 없어
해줘 해주세요 하나요 하나 돼 되나요 돼요 될까 같은 같아 이런 그런 저런 어떤 무슨 모든 또 더 많이 너무 아주 매우 항상
반드시 같이 혹시 이미 아직 그래서 그러면 때 때는 전 전에 후 후에 다음 이번 부탁드려요 부탁해 할까 할래 줄래
"""

# Patterns only non-ASCII text needs are compiled on first use (``_rx``): the hook starts
# afresh for every prompt, and compiling them all cost it 3 ms.
_CYRILLIC = "[\u0400-\u04ff]"
_HANGUL = "\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f"
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_HANGUL_WORD = f"[{_HANGUL}]+"
# a word: letters and digits of any script but CJK and Hangul (blanked first), an apostrophe inside
# (a negated class of \\W with those ranges took the hook 7 ms to compile)
_NOT_LATIN = f"[{_CJK}{_HANGUL}_]+"
_WORD = re.compile(r"\w+(?:['’]\w+)?")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_ELIDED = {"l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu", "dell", "all", "nell",
           "sull", "dall", "un", "quell"}
STEM_LEN = 6   # a word is cut to its first six letters: inflections meet, distinct words rarely do
# commonest Russian case and verb endings, longest first (the stem keeps three letters at least)
_RU_ENDINGS = sorted("""ами ями ого его ому ему ыми ими ться ешь ишь ов ев ей ой ом ем ам ям ах ях ую юю ая яя ые ие
ый ий ть ет ют ит ят ы и а я у ю е о ь""".split(), key=len, reverse=True)
# Korean particles and the endings of 하다/되다 verbs, longest first (the stem keeps two syllables)
_KO_ENDINGS = sorted("""에서는 에서도 에게서 으로는 으로도 이라도 이라고 했었지 했었어 했는데 하려면 하려고 하는지 하는데
하세요 합니다 했어요 해주세요 해줘요 이에요 입니다 인가요 됐을 됐어 됐다 되는 되면 되어 되나 하기 하여 하지 하나 할까 할때
할지 해야 해서 해도 해요 했어 했지 했다 하고 하는 하면 해줘 라고 에서 에게 한테 께서 으로 부터 까지 마다 처럼 보다 이나 이랑
에는 에도 와는 과는 로는 로도 이다 인지 일까 는지 은지 할 한 함 해 했 된 될 돼 은 는 이 가 을 를 에 의 도 만 로 와 과 랑
나 요""".split(), key=len, reverse=True)


@lru_cache(maxsize=None)
def _rx(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def stem(word: str) -> str:
    """Just enough folding that 'tests' meets 'test', 'токена' meets 'токен' and the long
    forms of a word meet (cut to STEM_LEN letters)."""
    if not word.isascii() and _rx(_CYRILLIC).search(word):
        for end in _RU_ENDINGS:
            if word.endswith(end) and len(word) - len(end) >= 3:
                word = word[:-len(end)]
                break
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-3] + "y" if word.endswith("ies") and len(word) > 4 else word[:-1]
    return word if not word.isascii() and _rx(_VI_MARKS).search(word) else word[:STEM_LEN]


@lru_cache(maxsize=65536)
def _word_term(w: str) -> str | None:
    """The term of one folded word: its concept's head word, else its stem; None for filler."""
    if len(w) < 2 or w in STOP or w.isdigit():
        return None
    return head_of(w) or stem(w)


@lru_cache(maxsize=65536)
def _folded(raw: str) -> str:
    w = fold(raw).replace("’", "'")
    if "'" in w:
        head, tail = w.split("'", 1)
        w = tail if head in _ELIDED and len(tail) > 1 else head
    return w


def _latin_words(text: str) -> list[str]:
    text = _CAMEL.sub(" ", text)
    return list(map(_folded, _WORD.findall(text if text.isascii() else _rx(_NOT_LATIN).sub(" ", text))))


def term_words(text: str) -> dict[str, str]:
    """term → how reasons show it: the prompt's word it was cut from ('servicio', not 'servic');
    a glossary concept with the prompt's word that led to it ('배포할 → deploy')."""
    out: dict[str, str] = {}
    pairs = [(w, _word_term(w)) for w in _latin_words(text)]
    if not text.isascii():
        pairs += [(w, _korean_term(w)) for w in _rx(_HANGUL_WORD).findall(text)]
        pairs += [(m, CJK_FORMS[m]) for run in _CJK_RUN.findall(text) for m in _rx(_CJK_FORMS).findall(run)]
    for w, t in pairs:
        if t and t != w:
            out.setdefault(t, f"{w} → {t}" if t in CONCEPTS else w)
    return out


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


def latin_terms(text: str) -> list[str]:
    heads, words = _phrases(_latin_words(text))
    return heads + [t for t in map(_word_term, words) if t]


@lru_cache(maxsize=65536)
def _korean_term(word: str) -> str | None:
    if word in STOP:
        return None
    for _ in range(2):   # a particle after an ending ('배포할때는'): two cuts at most
        for end in _KO_ENDINGS:
            if word.endswith(end) and len(word) > len(end):
                rest = word[:-len(end)]
                if len(rest) >= 2 or rest in WORDS:   # one syllable only if the glossary knows it ('키')
                    word = rest
                    break
        else:
            break
    if word in STOP or (len(word) < 2 and word not in WORDS):
        return None
    return head_of(word) or word


def hangul_terms(text: str) -> list[str]:
    if text.isascii():
        return []
    words = _rx(_HANGUL_WORD).findall(text)
    heads, words = _phrases(words)
    return heads + [t for t in map(_korean_term, words) if t]


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
        out += [w for w in _rx(_KATAKANA_WORD).findall(run) if len(w) >= 2]
        run = _rx(_KATAKANA_WORD).sub(" ", run)
        for frag in _fragments(run):
            for i in range(len(frag) - 1):
                bg = frag[i:i + 2]
                if bg in ZH_STOP_BIGRAMS or JA_KANA_ONLY.match(bg):
                    continue
                out.append(bg)
    return out


def terms(text: str) -> set[str]:
    """The distinct match terms of a piece of text."""
    heads, words = _phrases(_latin_words(text))
    out = set(heads)
    out.update(map(_word_term, set(words)))   # each distinct word once (a body repeats its words)
    out.discard(None)
    if not text.isascii():
        out.update(hangul_terms(text))
        out.update(cjk_terms(text))
    return out


STOP = EN_STOP | set(OTHER_STOP.split())   # (written folded, see fold: a test checks)
_CJK_FORMS = "|".join(map(re.escape, CJK_SORTED)) or "(?!)"


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
