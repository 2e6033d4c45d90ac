"""Does an instruction line already say what a memory's rule says — in any wording or language?

Test 3 for rules (issue 37): "Nunca ejecutes SQL directamente contra producción" restates
"Never run SQL against the production database directly", and "묻지 말고 고쳐도 된다" restates
"fixes may be made without asking". Both sides become *terms* the same way: the engine's
tokeniser (stems, the multilingual glossary: "producción" → production, "base de datos" →
database), then the rule vocabulary below (ask, change, run, add, …), which the retrieval
glossary has no need of. A line restates an instruction line when

- the instruction line covers the entry's rule: most of the entry's terms, weighted by how rare
  each is among the instruction lines (a term every line has decides nothing), at least two
  shared, one of them not a generic verb;
- they say it the same way round: the parity of their negations agrees ("never change code
  without asking" is "always ask before changing code"; "use console.log" is not "never use it");
- the entry adds no condition or exception the instruction line lacks ("salvo en un incidente",
  "except generated files", "예외"): that is a new rule, not a restatement.

Words of another language that neither table knows are weighed lightly (they may be filler);
English words and identifiers count in full.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

from ..engine.fold import fold
from ..engine.tokens import terms
from .triage_facts import _SPAN

# head → its forms: a Latin form starts a folded word (or a stem of six letters starts it), a
# Hangul or CJK form is found in a term
RULE_CONCEPTS = {
    "ask": "ask, pregunt, pergunt, consult, demand, frag, nachfrag, chied, спрос, 묻, 물어, 물어보, 문의, 확인받, 聞, 尋ね, "
           "確認, 询问, 询, 问",
    "approve": "approv, aprob, aprova, genehm, одобр, 승인, 承認, 批准",
    "change": "change, chang, modif, edit, alter, cambi, mude=, mudar=, ander, aender, измен, fix, arregl, corrig, "
              "repar, 수정, 고치, 고쳐, 변경, 바꾸, 変更, 修正, 直す, 直し, 改, 更改, 修改, 修复",
    "run": "run, execut, ejecut, corr=, corre=, corra=, correr=, rode=, roda=, rodar=, ausfuhr, lanc, запуск, выполн, 실행, 돌려, 돌리, 実行, 走ら, 运行, 执行, 跑",
        "use": "use, usa=, usar=, use=, usen=, utilis, utiliz, benutz, verwend, использ, 사용, 쓰, 使う, 使用, 使",
    "code": "code, cod=, codig, codigo, 코드, コード, 代码, 代碼",
    "direct": "direct, directament, diretament, 직접, 直接",
    "touch": "touch, toque, toca, toqu, mexa, mex, touche, beruhr, трога, 건드, 触, 碰",
    "dependency": "depend, dependenc, abhang, зависим, 의존, 依存, 依赖",
    "module": "modul, 모듈, モジュール, 模块",
    "before": "before, antes, avant, bevor, перед, 전에, 前に, 之前",
    "push": "push, 푸시, プッシュ, 推送",
    "wrap": "wrap, envuelv, envolv, envolv, 감싸, 래핑, ラップ, 包装",
    "discard": "discard, ignor, descart, verwerf, 무시, 버리, 삼키, 無視, 握りつぶ, 忽略, 吞掉",
    "function": "function, func, funcion, funcao, fonction, funktion, функц, 함수, 関数, 函数",
    "export": "export, public, publica, 공개, 公開, 导出, 公开",
    "small": "small, minor, pequen, menor, petit, klein, мелк, 작은, 사소, 小さ, 细小, 小",
    "typo": "typo, errata, tippfehler, опечат, 오타, 誤字, 错别字",
    "lint": "lint, 린트, リント",
    "warning": "warn, advert, aviso, avertis, предупр, 경고, 警告",
    "new": "new, nuev, nova, novo, nouv, neu, 새, 新",
    # "add a new one" and "create a new one" are one instruction
    "add": "add, agreg, anad, adicion, ajout, hinzuf, добав, 추가, 追加, 添加, 加入, creat, crea=, crear=, crie=, cri=, cria=, "
           "criar=, erstell, созда, 만들, 생성, 作成, 作る, 创建, 新建",
    "merged": "merge, mergead, fusion, 머지, 병합, マージ, 合并",
    "doc comment": "doc, docstring, documen, 문서, ドキュメント, 文档",
    "wait": "wait, esper, attend, wart, подожд, 기다, 待",
    "mock": "mock, simul, 목=, モック",
    "message": "messag, mensaj, mensag, nachricht, сообщ, 메시지, メッセージ, 消息",
    "timestamp": "timestamp, marca de tiempo, zeitstemp, 타임스탬프, タイムスタンプ, 时间戳",
    "store": "store, stor, guard, armazen, speich, хран, 저장, 保存, 存储",
    "local": "local, lokal, локал, 로컬, ローカル, 本地",
    # what rules are often about (stop 37: "a mano" is "by hand", リクエストボディ "request bodies")
    "manual": "hand=, hands=, mano=, manual, manuel, manuell, вручную, 수동, 손으로, 手動, 手で, 手动, 手工",
    "request": "request, solicitud, requisi, requete, anfrage, запрос, 요청, 리퀘스트, リクエスト, 请求, 請求",
    "body": "body, bodies=, cuerpo, corpo=, corps=, 바디, 본문, ボディ, 本文",
    "card": "card, tarjeta, cartao, karte, карт, 카드, カード, 信用卡",
    "data": "data=, datos=, dados=, donnee, daten=, данны, 데이터, 정보, データ, 情報, 数据, 數據, 信息",
    # the shape of a convention, not its content ("les commits suivent X et sont écrits en anglais")
    "follow": "follow, sigue=, siguen=, seguir=, segue=, seguem=, suiv, folg, следу, 따르, 従う, 従っ, 遵循, 遵守",
    "write": "writ, wrote=, escrib, escrit, escreve, ecri, schreib, geschrieb, пиш, напис, 작성, 書く, 書い, 书写, 编写",
    "open": "open, abr=, abre=, abra=, abrir=, ouvr, offne, открой, открыт, 여세, 열어, 열고, 開い, 開く, 打开, 打開",
    # what a rule about values says in other words (stop 48: "importes en céntimos enteros" is "money is
    # integer cents"; "ids, not objects; tolerate re-runs" is "primary keys, never instances; safe to run twice")
    "money": "money, price, precio, preco, prix=, preis, amount, importe, montant, betrag, monto=, 금액, 가격, 金額, 価格, 价格, 金额",
    "cent": "cent=, cents=, centim, centav, centime, 센트, セント",
    "integer": "integer, int=, ints=, entero, entera, inteir, entier, ganzzahl, целое, целым, 정수, 整数",
    "object": "object, objet, objeto, objekt, instanc, instanz, экземпл, объект, 객체, 인스턴스, オブジェクト, インスタンス, 对象, 实例",
    "id": "id=, ids=, pk=, pks=, primar, 主键",
    "refund": "refund, reembols, rembours, erstatt, ruckerst, reembol, 환불, 返金, 退款",
    "idempotent": "idempot, twic, rerun, reejecu, 두 번, 二重, 两次",
}
# generic verbs: shared, they show the same shape of sentence, not the same rule
GENERIC = frozenset({"use", "run", "add", "new", "change", "before", "code", "cod", "follow", "write"})

_HANGUL_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")


def _build():
    exact: dict[str, str] = {}
    latin: list[tuple[str, str]] = []
    other: list[tuple[str, str]] = []
    for head, forms in RULE_CONCEPTS.items():
        for form in (f.strip() for f in forms.split(",")):
            if not form:
                continue
            if _HANGUL_CJK.search(form):
                other.append((form, head))
            elif form.endswith("="):
                exact[fold(form[:-1])] = head
            else:
                latin.append((fold(form)[:6], head))   # terms are stems of six letters at most
    latin.sort(key=lambda p: -len(p[0]))
    other.sort(key=lambda p: -len(p[0]))
    return exact, latin, other


_EXACT, _LATIN, _OTHER = _build()
HEADS = frozenset(RULE_CONCEPTS)

# negation: its parity tells which way round a rule is said
_NEG_WORDS = frozenset("never not no don't dont doesn't cannot can't mustn't shouldn't without avoid nunca jamas "
                       "sin evita evitar evites nao sem jamais pas sans ne nicht nie niemals kein keine keinen ohne "
                       "vermeide non mai senza не нельзя никогда без".split())
_NEG_CJK = re.compile(r"않|말고|말 것|말것|마라|마세요|금지|없이|못 |하지 마|しない|しないで|ないこと|ない。|ないで|ずに|せず|禁止|"
                      r"不要|不得|不能|别|勿|禁止|不")
_EXCEPT = re.compile(r"(?i)\b(?:unless|except|excepting|exception|other than|only (?:when|if|in|for|during)|"
                     r"salvo|excepto|a menos que|solo (?:si|cuando|en|durante|para)|sólo (?:si|cuando|en|durante)|"
                     r"exceto|a não ser|só (?:quando|se|em)|sauf|à moins|seulement (?:si|quand)|außer|ausser|"
                     r"es sei denn|nur (?:wenn|bei|für)|tranne|eccetto|кроме|только (?:если|когда))\b|"
                     r"예외|제외|경우에만|때만|除非|除了|例外|以外|のみ|場合だけ|に限り")
# the force of a rule, not its content (stems of six letters, as terms are)
_MODAL = frozenset(w[:6] for w in "never nunca always siempre sempre toujours immer jamais must debe deben deve doit "
                   "muss mussen should every todos todas".split()) | _NEG_WORDS
_KANA = re.compile(r"[\u3040-\u309f]")
_WORD = re.compile(r"[^\W\d_][\w'’]*", re.UNICODE)


@lru_cache(maxsize=65536)
def _concept(term: str) -> str:
    """A term's rule concept, when it is a form of one; else the term."""
    if _HANGUL_CJK.search(term):
        for form, head in _OTHER:
            if form in term:
                return head
        return term
    if term in _EXACT:
        return _EXACT[term]
    for form, head in _LATIN:
        if term.startswith(form):
            return head
    return term


def negations(text: str) -> int:
    low = fold(text.replace("’", "'"))
    n = sum(1 for w in _WORD.findall(low) if w in _NEG_WORDS)
    if _HANGUL_CJK.search(text):
        n += len(_NEG_CJK.findall(text))
    return n


# where an instruction line's halves part: "every X goes through Y; never touch Z by hand"
_CLAUSES = re.compile(r"\s*(?:;|\.\s|。|；|\s[—–]\s|,\s*(?:and\s+)?(?=(?:never|always|do not|don't)\b))\s*", re.I)


def same_way(rule: str, text: str, shared: frozenset) -> bool:
    """Whether ``text`` says the instruction line the same way round. An instruction line that
    says its rule in two halves, one each way round ("every write goes through X; never update
    the table by hand"), is compared by the half that holds most of the terms they share."""
    halves = [h for h in _CLAUSES.split(rule) if h and h.strip()]
    if len(halves) > 1:
        held = [(len(meaning(h) & shared), -k, h) for k, h in enumerate(halves)]
        held.sort(reverse=True)
        if held[0][0] >= 2 and held[0][0] > held[1][0]:
            return negations(held[0][2]) % 2 == negations(text) % 2
    return negations(rule) % 2 == negations(text) % 2


def has_exception(text: str) -> bool:
    return bool(_EXCEPT.search(text))


@lru_cache(maxsize=8192)
def meaning(text: str) -> frozenset:
    """The concept terms of a rule: stems and glossary heads, mapped through RULE_CONCEPTS, the
    words of negation left out (their parity is compared apart)."""
    bare = re.sub(r"[`*_]", " ", text)
    out = set()
    for t in terms(bare):
        if t in _NEG_WORDS or t[:6] in _MODAL:
            continue
        if _HANGUL_CJK.search(t):   # a run without spaces may hold several concepts (リクエストボディ)
            heads = {head for form, head in _OTHER if form in t}
            if heads:
                out |= heads
                continue
        c = _concept(t)
        if c not in HEADS and _KANA.search(c):
            continue   # a Japanese bigram across a particle or an ending: grammar, not content
        if _HANGUL_CJK.search(c) and (_NEG_CJK.fullmatch(c) or c in ("반드시", "항상", "절대", "絶対", "必ず", "常に",
                                                                         "必须", "总是", "된다", "바로", "먼저", "마세")):
            continue
        out.add(c)
    return frozenset(out)


class Meanings:
    """The instruction lines' meanings, and how rare each term is among them."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.terms = [meaning(r.text) for r in rules]
        df: dict[str, int] = {}
        for ts in self.terms:
            for t in ts:
                df[t] = df.get(t, 0) + 1
        self.df = df
        self.vocab = frozenset(df)
        self.n = max(1, len(rules))
        self._weights: dict[str, float] = {}

    def weight(self, t: str) -> float:
        w = self._weights.get(t)
        if w is None:
            w = math.log(1 + self.n / self.df.get(t, 0.5))
            if t in GENERIC:
                w *= 0.4
            elif _HANGUL_CJK.search(t) and t not in HEADS and t not in self.df:
                w *= 0.3   # a word no table knows, in a script the instruction files are not written in
            self._weights[t] = w
        return w

    def restated(self, text: str, whole: str = ""):
        """The instruction line that ``text`` restates (``whole``: the entry, for its
        exceptions), or None."""
        mine = meaning(text)
        if len(mine) < 2 or not mine & self.vocab:
            return None
        total = sum(self.weight(t) for t in mine)
        best = None
        for k, theirs in enumerate(self.terms):
            shared = mine & theirs
            if len(shared) < 2 or not shared - GENERIC:
                continue
            cover = sum(self.weight(t) for t in shared) / total
            if cover < 0.7 or len(shared) / len(theirs) < 0.3 or best is not None and cover <= best[0]:
                continue
            r = self.rules[k]
            if not same_way(r.text, text, shared) or has_exception(whole or text) and not has_exception(r.text):
                continue
            best = (cover, r)
        return best[1] if best else None

    def says_all_of(self, text: str, rule, whole: str = "") -> bool:
        """``text`` holds every term of the instruction line ``rule``, the same way round, and no
        exception of its own: "never use unwrap() outside tests; propagate errors instead" says all
        of "no unwrap() outside tests" (its few more words say how, not another rule)."""
        try:
            theirs = self.terms[self.rules.index(rule)]
        except ValueError:
            return False
        mine = meaning(text)
        return len(theirs - GENERIC) >= 2 and theirs <= mine and len(mine - theirs) <= 3 \
            and negations(rule.text) % 2 == negations(text) % 2 \
            and not (has_exception(whole or text) and not has_exception(rule.text))


    def holds_all(self, text: str, whole: str = ""):
        """The instruction line every concept of which ``text`` holds (three or more, two not generic),
        the same way round, with at most two concepts of its own beside them and no exception of its
        own: "Ask the user before adding any new dependency" holds all of "Do not add new dependencies
        without asking" (the negations' parity is the same: "not … without" is "ask before")."""
        mine = meaning(text)
        if len(mine) < 3 or has_exception(whole or text):
            return None
        best = None
        for r, theirs in zip(self.rules, self.terms):
            if len(theirs) < 3 or len(theirs - GENERIC) < 2 or not theirs <= mine or len(mine - theirs - GENERIC) > 2:
                continue
            if same_way(r.text, text, theirs) and (best is None or len(theirs) > len(best[0])):
                best = (theirs, r)
        return best[1] if best else None

    def covers(self, text: str, whole: str = ""):
        """The instruction line whose every code span ``text`` names, and most of its terms (seven
        tenths, weighted; three not generic), each span said the same way round, with no exception
        of its own: "Prices are BigDecimal scale 2 and NUMERIC(12,2); never double or float" is
        "Money is `BigDecimal` … `NUMERIC(12,2)` …; never `double`/`float`" with its values named (and
        no code span the instruction line lacks)."""
        mine, low = meaning(text), text.replace("`", "").lower()
        if len(mine) < 3 or has_exception(whole or text):
            return None
        for r, theirs in zip(self.rules, self.terms):
            spans = [sp.lower() for sp in _SPAN.findall(r.text)]
            if not spans or len(theirs - GENERIC) < 3 or not all(sp in low for sp in spans) or len(theirs & mine - GENERIC) < 3 \
                    or any(sp.lower() not in r.text.lower() for sp in _SPAN.findall(text)):   # a code fact of its own: more than the rule
                continue
            if sum(self.weight(t) for t in theirs & mine) < 0.7 * sum(self.weight(t) for t in theirs):
                continue
            if all(quotes_span(r.text, text, sp) for sp in spans):
                return r
        return None

    def near(self, text: str, rule, whole: str = "") -> bool:
        """``text`` says most of what the instruction line ``rule`` says (half its weighted terms or
        more, two of them not generic), the same way round, with no exception of its own: once the
        headline restates that line, a body line this close is the same rule told at length."""
        try:
            theirs = self.terms[self.rules.index(rule)]
        except ValueError:
            return False
        mine = meaning(text)
        shared = mine & theirs
        if len(shared - GENERIC) < 2 or not mine:
            return False
        cover = sum(self.weight(t) for t in shared) / sum(self.weight(t) for t in mine)
        return cover >= 0.5 and same_way(rule.text, text, shared) \
            and not (has_exception(whole or text) and not has_exception(rule.text))


def quotes_span(rule: str, text: str, span: str) -> bool:
    """``text`` names the instruction line's code ``span`` the same way round: the clauses that hold
    it have negations of one parity ("every change is a new `V<n>.sql`" / "never edit …; a new `V<n>.sql`")."""
    def clause(t: str) -> str:
        return next((c for c in _CLAUSES.split(t) if c and span in c.replace("`", "").lower()), t)
    return negations(clause(rule)) % 2 == negations(clause(text)) % 2


def held_rules(book, meanings, r, description: str, deep: bool = True, guidance: bool = False) -> list[tuple[int, object]]:
    """(entry line, instruction line) for the entry's rule the instruction files already hold: its
    description, or most of its rule lines — in the same words (RuleBook) or in other words or
    another language (Meanings: the same concepts, the same way round, no added exception).
    ``deep``: plain lines and the description are compared on meaning too (an entry someone set,
    or a short one); otherwise only rule lines are (10k entries: the meaning of every line cost 6 s).
    ``guidance``: its type says the user gave it (feedback) and its headline is worded as a rule or
    says who set it: the headline is the guidance itself, not a topic ("queue notes for the worker")."""
    candidates = [ln for ln in r.of("rule", "how", "plain") if _sizeable(ln.text)]
    if not book or not candidates and not description:
        return []
    whole = " ".join([description] + [ln.text for ln in r.content])

    def held(text: str, ruled: bool):
        said = book.held(text)   # in the same words, but for an exception of its own ("…, except FX rates")
        said = None if said is not None and has_exception(text) and not has_exception(said.text) else said
        return said or (meanings.restated(text, whole) or meanings.covers(text, whole) or meanings.holds_all(text, whole)
                        if deep or ruled else None)
    head = held(description, False) if description else None
    rules = [ln for ln in candidates if ln.kind in ("rule", "how")]
    if rules and candidates[0].kind == "plain" and candidates[0].n == r.content[0].n:
        rules.insert(0, candidates[0])   # the rule stated first, then How to apply (Claude Code's shape), in words
                                         # no rule table knows ("actualizar X tras implementar")
    found = [(ln.n, held(ln.text, ln.kind != "plain")) for ln in (rules or candidates)[:12]]
    base = rules or candidates
    if head is not None and meanings is not None:   # the headline restates it: a body line that says all of it
        spans = [] if has_exception(whole) and not has_exception(head.text) else \
            [sp.lower() for sp in _SPAN.findall(head.text)]   # (or it names the line's code the same way round)
        pairs = list(zip(found, base))
        all_of = [h is None and meanings.says_all_of(ln.text, head, whole) for (_, h), ln in pairs]   # once a line
        near = [(n, h or (head if a or meanings.near(ln.text, head, whole) or spans
                          and all(sp in ln.text.replace("`", "").lower() and quotes_span(head.text, ln.text, sp) for sp in spans) else None))
                for ((n, h), ln), a in zip(pairs, all_of)]
        found = [(n, h or (head if a else None)) for (n, h), a in zip(found, all_of)]   # and only adds how, restates it too
        if all(h is not None for (_, h), ln in zip(near, base) if ln.kind == "rule"):
            found = near   # a rule line close to it, the rest told at length: only when no rule of its own is left
    found = [(n, h) for n, h in found if h is not None]
    if head is not None and (found or not base or (guidance or r.of("why", "how")) and not r.of("rule")):
        return found + [(0, head)]   # a line of the body, when one restates it, is the clearer evidence;
        # guidance, or a body in Claude Code's shape, with no rule of its own (the same at length, a Why,
        # a How to apply) adds no rule to it; a topic for a headline over plain notes is no rule at all
    return found if found and len(found) * 2 >= len(base) else []


def _sizeable(text: str) -> bool:
    """Enough of a line to be a rule: four words, or eight characters of a script without spaces."""
    return len(text.split()) >= 4 or len(re.findall(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", text)) >= 8
