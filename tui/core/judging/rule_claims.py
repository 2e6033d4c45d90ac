"""A rule and its negation on one subject in one scope: "always squash-merge pull requests" here,
"never squash-merge" there; "never deploy from a laptop" and "deploy by running deploy.sh from
your laptop" (issue 36 item 6, stop 47). conflicts.py pairs two such claims.

A rule is a clause with a marker of its sense and the verb right after it: never / don't / do
not / must not / avoid (and nunca, jamás, no, não, jamais, 不要, 禁止, 不得, 别, 切勿) against always
/ must / only (siempre, sempre, toujours, 必须, 总是, 一律, 始终); or, on the affirmative side only,
a clause that starts with the very verb a negative rule forbids (an instruction: "Deploy by
running …"), or a clause that says the forbidden thing is done, in the passive ("plural forms
(a, b) are included as …": its subject before "is / are", an aside in parentheses set apart).

The clause's other words are split in two: its **scope** — what follows in / on / for / during /
when / after / unless / except (and en, para, cuando, em, quando, 在, 时) — and its **object**,
the rest. Two rules contradict only when they have the same verb, the same scope (both none, or
the same words), and what the negative forbids is within what the affirmative does (the
negative's object words are all among the affirmative's; an affirmative without a marker must
share at least one of them). "never mock X in integration tests" and "always mock X in unit
tests" are two scopes; "never push to main" and "always push to main after CI is green" are a
rule and its condition; "never run migrations by hand" and "run migrations with make" are two
ways. The verb "use" is crossfile's (a tool's name, already compared with its scope). A
permission of whom it names ("cashiers may see cost on the POS") meets a prohibition of the same
people and verb said for everywhere ("cashiers must never see cost"); a condition ("when a manager
approves") is the rule's exception, not a contradiction. A line
that tells history (was, used to, no longer, antes, 以前 …), a question, code, a table row or a
quoted string is no rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

from .history_words import HISTORY

_CLAUSES = re.compile(r"[.!?;:。！？；：]+(?:\s|$)|\n|\s[—–]\s|[()]")
_QUOTED = re.compile(r"\"[^\"\n]{1,200}\"|“[^”\n]{1,200}”|«[^»\n]{1,200}»|「[^」\n]{1,200}」|`[^`\n]{30,}`")
_NEG = re.compile(r"(?i)(?:^|(?<=\s)|(?<=\*))(?:never|don'?t|do\s+not|must\s+not|mustn'?t|should\s+not|shouldn'?t|"
                  r"avoid|nunca|jamás|jamas|(?<![\w\s])\s*no(?=\s+[^\W\d_]\w+(?:es|as)\b)|não|nao|ne\s+jamais|jamais)"
                  r"\s+(?:ever\s+|to\s+|se\s+)?`?(?P<verb>[^\W\d_][\w-]{1,30})`?")
_POS = re.compile(r"(?i)(?:^|(?<=\s)|(?<=\*))(?:always|must|should\s+always|only|siempre|sempre|toujours|solo|sólo|"
                  r"somente|apenas)\s+(?:be\s+)?`?(?P<verb>[^\W\d_][\w-]{1,30})`?")
# a permission of whom it names ("cashiers may see cost", "admins can delete"): it holds against a
# prohibition of the same verb for the same people, nothing else
_MAY = re.compile(r"(?i)(?:^|(?<=\s)|(?<=\*))(?:may|can|(?:is|are)\s+allowed\s+to|puede[n]?|podem|pode|peuvent|peut|dürfen|darf)"
                  r"\s+(?:always\s+)?`?(?P<verb>[^\W\d_][\w-]{1,30})`?")
# a scope that is a condition ("when a manager approves"): a rule's exception, not its place
_CONDITION = re.compile(r"(?i)\s*(?:when|whenever|after|before|once|unless|except|if|while|until|cuando|después|antes|"
                        r"excepto|salvo|si|quando|depois|exceto|se|quand|après|sauf|lors)\b")
_NEG_ZH = re.compile(r"(?:不要|禁止|不得|不准|不可|切勿|别|勿)(?P<verb>[\u4e00-\u9fff]{2})")
_POS_ZH = re.compile(r"(?:必须|总是|一律|始终|务必|只能|只)(?P<verb>[\u4e00-\u9fff]{2})")
_HINTS = ("may ", "can ", "allowed", "pued", "pode", "peu", "darf", "dürf", "never", "don", "do not", "must", "should", "avoid", "always", "only", "nunca", "jam", "no ", "não", "nao",
          "siempre", "sempre", "toujours", "solo", "sólo", "somente", "apenas", "不", "禁止", "切勿", "别", "勿", "必须",
          "总是", "一律", "始终", "务必", "只")
_HISTORY = HISTORY   # (history_words: "until" and "antes" open a rule's condition, not its past)
# where the scope of a clause starts
_SCOPE_START = re.compile(r"(?i)\b(?:in|on|for|during|when|whenever|after|before|once|unless|except|if|inside|outside|"
                          r"while|until|within|under|en|para|cuando|durante|después|antes|excepto|salvo|em|quando|"
                          r"depois|exceto|dans|pour|quand|après|sauf|lors)\b|在|时|時")
_WORD = re.compile(r"[^\W\d_][\w.-]*[\w]|[^\W\d_]")
_STOP = frozenset("""a an the it its this that these those them they we you our your their his her to of and or but either neither
as so be is are can any all each every one some more most just also then than too very with by from into via
through using use without not no yes do does did will would should must may might shall always never only ever
here there now yet still what which who whom whose how why where
el la los las lo un una unos unas de del al y o que se su sus con por sin es son está
o a os as um uma do da dos das e que seu sua com sem é são
le les des du et ou que se son sa ses avec sans est sont""".split())
# a negative marker that is the verb's object, not a rule: "don't know", "no sé"
_NOT_VERBS = frozenset("""be have know think see need want like get make sure forget care mind worry matter mean
understand remember exist work apply happen change seem""".split())
MAX_PER_VERB = 10   # a verb ruled on in more places than this: many rules that share it (said_pairs)
_MARKERS = 8        # the markers tried in one clause (each reads the clause before it)


@dataclass(frozen=True)
class Rule:
    line: int
    sense: str            # "always" | "never" | "do" (an instruction that starts with its verb)
    verb: str
    obj: frozenset
    scope: frozenset
    said: str             # the clause, as the reason quotes it
    who: frozenset = frozenset()   # the words before the marker: whom the rule is for ("tenant", "master")
    place: bool = True    # its scope (if any) is where it holds, not a condition ("when …", "unless …")


def _fold(w: str) -> str:
    w = w.lower().strip(".-`*_")
    for suffix in ("ing", "es", "ed", "s"):
        if len(w) > 5 and w.endswith(suffix):
            return w[:-len(suffix)]
    return w


def _bags(rest: str) -> tuple[frozenset, frozenset]:
    """(object words, scope words) of what follows the verb."""
    m = _SCOPE_START.search(rest)
    obj_text, scope_text = (rest[:m.start()], rest[m.start():]) if m else (rest, "")

    def words(t: str) -> frozenset:
        if any("\u4e00" <= c <= "\u9fff" for c in t):
            run = "".join(c for c in t if "\u4e00" <= c <= "\u9fff")
            return frozenset(run[i:i + 2] for i in range(len(run) - 1))
        # (a manner adverb says how, not what: "never deploy from main directly" forbids deploying from main)
        return frozenset(f for w in _WORD.findall(t) if (f := _fold(w)) not in _STOP and len(f) >= 2
                         and not (len(f) > 4 and f.endswith("ly")))
    scope = words(scope_text) - {"in", "on", "for"}
    return words(obj_text), scope


HINTS = _HINTS


def might_rule(low: str) -> bool:
    """Whether a lower-cased text holds a marker any rule starts from."""
    return any(map(low.__contains__, _HINTS))


def rules_of(text: str, line: int = 0, do: frozenset = frozenset()) -> list[Rule]:
    """The rules one line states; with ``do``, only the clauses that start with one of these verbs
    (``sense`` "do": an instruction)."""
    t = text.strip()
    if not t or t.startswith(("|", ">")) or "?" in t or _HISTORY.search(t):
        return []
    t = _QUOTED.sub(" ", re.sub(r"\*\*|__", "", t))
    if do:
        t = _ASIDE.sub("", t)   # (an aside in parentheses set apart: "Plural forms (a, b) are included")
    out = []
    for clause in _CLAUSES.split(t):
        c = clause.strip(" \t-*#>")
        if len(c) < 6:
            continue
        found = bool(do)
        for rx, sense in () if do else ((_NEG, "never"), (_NEG_ZH, "never"), (_POS, "always"), (_POS_ZH, "always"),
                                        (_MAY, "may")):
            for m in islice(rx.finditer(c), _MARKERS):
                verb = _fold(m.group("verb"))
                if verb.endswith("ly") or verb.endswith("mente"):   # "never silently launder": the adverb is no verb
                    continue
                who, pre_scope = _bags(c[:m.start()]) if rx not in (_NEG_ZH, _POS_ZH) else (frozenset(), frozenset())
                # ("don't know" is no rule; "cashiers must never see cost" is one: it names whom it binds)
                if verb in _NOT_VERBS and not (who and rx in (_NEG, _MAY)) or verb in _STOP or verb == "use" \
                        or verb == "使用" or sense == "may" and not who:
                    continue
                obj, scope = _bags(c[:m.start()] + " " + c[m.end():] if rx in (_NEG_ZH, _POS_ZH)
                                   else c[m.end():])
                sm = _SCOPE_START.search(c, m.end())
                out.append(Rule(line, sense, verb, obj, scope | pre_scope, c[:120], who,
                                not (sm and _CONDITION.match(c, sm.start()))))
                found = True
                break
            if found:
                break
        if do and not out:   # "plural forms are included as …": what a negative rule forbids, said as done
            pm = _PASSIVE.match(c)
            verb = pm and next((v for v in (_fold(pm.group("p")[:-1]), _fold(pm.group("p")[:-2])) if v in do), None)
            if verb:
                obj, _ = _bags(pm.group("obj"))
                scope = _bags(pm.group("rest"))[1]
                if obj and not obj & _DETERMINERS:
                    out.append(Rule(line, "do", verb, obj, scope, c[:120]))
                    continue
        if do:   # an instruction: its first word is a verb a negative rule may name
            w = _WORD.match(c)
            if w and w.start() == 0 and w.group(0)[0].isupper() and _fold(w.group(0)) in do and \
                    not w.group(0).lower().endswith(("ing", "ly", "ed")):
                obj, scope = _bags(c[w.end():])
                out.append(Rule(line, "do", _fold(w.group(0)), obj, scope, c[:120]))
    return out


# "Plural forms (a, b) are included as separate words": a thing said to be done the way a rule forbids;
# its subject the clause's words before "is / are" (an aside in parentheses set apart first)
_PASSIVE = re.compile(r"(?i)^(?P<obj>[^\W\d_][\w `'-]{2,60}?)\s+(?:is|are)\s+(?:now\s+|always\s+)?(?P<p>[^\W\d_]{3,30}ed)\b"
                      r"(?P<rest>.*)$")
_ASIDE = re.compile(r"\s*\([^()\n]{0,80}\)")
# a subject that points at something said before ("this is included", "it is deployed"): no thing named
_DETERMINERS = frozenset("this that it they these those which what who".split())


def passive_of(verbs) -> re.Pattern:
    """A pattern for a text saying one of ``verbs`` is done ("… are included"): see ``rules_of``."""
    return re.compile(r"(?i)\b(?:is|are)\s+(?:now\s+|always\s+)?(?:" + "|".join(map(re.escape, sorted(verbs)))
                      + r")e?d\b")


def starts_with(verbs) -> re.Pattern:
    """A pattern for a text with a line or clause that starts with one of ``verbs``."""
    return re.compile(r"(?im)(?:^|[.;:!]\s|\s[—–]\s)[\s>*#-]*(?:\*\*)?(?:" + "|".join(map(re.escape, sorted(verbs)))
                      + r")\w{0,3}\b")   # (a verb is folded: "Deploys" is "deploy")


def contradict(a: Rule, b: Rule) -> bool:
    """Two rules that cannot both hold (see the module's doc)."""
    if a.verb != b.verb or a.who != b.who or "never" not in (a.sense, b.sense) or a.sense == b.sense:
        return False
    no, yes = (a, b) if a.sense == "never" else (b, a)
    if yes.sense == "may":   # a permission where a prohibition of everywhere holds ("may see cost on the POS")
        return bool(no.obj) and no.obj <= yes.obj and (no.scope == yes.scope or not no.scope and yes.place)
    if a.scope != b.scope:
        return False
    if yes.sense == "do":   # (the same scope: "never deploy on Fridays" / "Deploys go out on Fridays")
        return bool(no.obj) and no.obj <= yes.obj or not no.obj and bool(no.scope)
    # "never squash-merge" against "always squash-merge pull requests": a verb that says one thing
    # ("vê", "run", "push" alone say too little to forbid everything they do)
    return no.obj <= yes.obj and (bool(no.obj) or len(no.verb) >= 6 and len(yes.obj) <= 4)
