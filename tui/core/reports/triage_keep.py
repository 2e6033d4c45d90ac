"""Test 2 and the fallback of one entry's decision (triage_decide): whether a rule someone set
promotes, the reasons a promotion gives, and a keep whose first reason names the line that holds
(a trap learned, a reason, a rule, a fact the project's files do not state)."""
from __future__ import annotations

import re

from .triage_facts import STRONG, Found
from .triage_findings import WHAT_HOLDS, Decision
from ..textutil import without_code
from .triage_learned import learned
from .triage_lines import _BULLET, quote, shown
from .triage_rules import MANDATED_TYPES, is_rule, headline_rule, learned_headline, mandate, promotes, will as _will, who_set


def _promotes(prepared) -> bool:
    if prepared.promotes is None:
        r = prepared.reading
        prepared.promotes = promotes(prepared.type, prepared.name, prepared.description,
                                     [ln.text for ln in r.content], len(r.content), prepared.id) \
            and not cause_told(prepared) or guidance_shape(prepared) or stated_conventions(prepared)
    return prepared.promotes


def stated_conventions(prepared) -> bool:
    """An entry its headline names as the project's rules or conventions ("Tech stack and file
    structure conventions", "设计参考规范") whose body is rules — three or more, a third of its lines
    or more — and tells nothing learned: the project's mandate, for the instruction file, whatever
    its type (a person's profile aside)."""
    r = prepared.reading
    if (prepared.type or "").lower() == "user" or learned_headline(prepared.name, prepared.description, prepared.id) \
            or not headline_rule(prepared.name, prepared.description) or r.of("learned"):
        return False
    ruled = _under_rule_heading(r)
    rules = [ln for ln in r.content if ln.kind == "rule" or ln.kind == "how" and is_rule(ln.text)
             or ln.kind == "plain" and ln.n in ruled]
    return len(rules) >= 3 and 3 * len(rules) >= len(r.content)


# a heading that files its items as rules or conventions (not "principles" or "standards": a domain's
# own, which an owner keeps as memory — a trading strategy's "핵심 원칙")
_RULE_HEADING = re.compile(r"(?i)\b(?:rules|conventions|reglas|regras|règles|regeln|regole|правила|quy tắc)\b|"
                           r"规则|规范|约定|ルール|規約|規則|규칙")


def _under_rule_heading(r) -> set[int]:
    """The list items of a section whose heading names them rules ("## Mandatory rules", "## 规则",
    "## Conventions"): the author filed them as rules, whatever words each item uses."""
    out, under = set(), False
    for ln in r.lines:
        if ln.kind == "heading":
            under = bool(_RULE_HEADING.search(ln.text.lstrip("#")))
        elif under and _BULLET.match(ln.text):
            out.add(ln.n)
    return out


def tells_learning(text: str) -> bool:
    """The line says what the agent found out ("root cause", "turned out", "this caused …"): a
    *Why:* may, as well as a plain line."""
    return learned(without_code(text))


def guidance_shape(prepared) -> bool:
    """Claude Code's shape for the user's guidance, whole: a feedback entry whose **How to apply:**
    is a rule and whose reason names the user ("Why: the user keeps the docs in one vault") — the
    user's rule though its headline is a topic and its first line no rule word."""
    r = prepared.reading
    if (prepared.type or "").lower() != "feedback" or learned_headline(prepared.name, prepared.description, prepared.id):
        return False
    whys, hows = r.of("why"), r.of("how")
    return bool(whys and any(is_rule(ln.text) for ln in hows) and any(_PERSON.search(ln.text) for ln in whys))


def cause_told(prepared) -> bool:
    """Guidance whose **Why:** tells what the code or the machine did, and no one's will: a trap
    the agent learned and wrote as a rule ("width 100% on flex children — this caused the
    alignment bug on every page"), memory to keep, not a mandate for the instruction file. Its
    reason names no person who wanted it: neither the headline, the rule nor the Why says the
    user asked, wants, hates, insists, and the user did not write it."""
    r = prepared.reading
    if prepared.source == "user":   # the user wrote it down: their rule, whatever its reason tells
        return False
    if not any(ln.kind == "learned" or ln.kind == "why" and tells_learning(ln.text) for ln in r.content):
        return False
    texts = [prepared.name, prepared.description] + [ln.text for ln in r.content]
    return not any(_will(t) or _PERSON.search(t or "") for t in texts) and who_set(texts) is None


# a person the guidance is about, in the languages agents write: the user, the owner, the client
_PERSON = re.compile(r"(?i)\b(?:user|owner|client|customer|boss|maintainer|usuari[oa]|usu[aá]rio|utilisateur|"
                     r"nutzer|benutzer|utente|cliente|пользовател\w*|người dùng)\b|用户|使用者|老板|ユーザー|사용자")


def setter(prepared) -> str | None:
    if prepared.who is False:
        prepared.who = who_set([prepared.name, prepared.description] + [ln.text for ln in prepared.reading.content])
    return prepared.who


def _rule_lines(prepared) -> list[int]:
    return [ln.n for ln in prepared.reading.of("rule", "how")]


def _promote_reasons(prepared) -> list[str]:
    rules = prepared.reading.of("rule")
    head = next((t for t in (prepared.description, prepared.name) if t), "")
    who, who_at = setter(prepared), None
    said = None if headline_rule(prepared.name, prepared.description) else \
        mandate(prepared.description, [ln.text for ln in prepared.reading.content])
    if said is not None and not rules:   # the user's guidance under a topic headline: name its lines
        at = next((ln for ln in prepared.reading.content if said.strip()[:30] in ln.text), None)
        lead = next((ln for ln in prepared.reading.content if not ln.text.lstrip().startswith("#")), at)
        first = f"line {lead.n} states the user's guidance: '{quote(lead.text, 10)}'" if lead else \
            f"its description states the user's guidance: '{quote(said, 10)}'"
        who_at = at.n if at is not None else None
        who = _will(said) or who
    elif not headline_rule(prepared.name, prepared.description) and rules:
        first = f"line {rules[0].n} states a rule: '{quote(rules[0].text, 10)}'"
    else:
        first = f"its headline states a rule: '{quote(head, 10)}'"
    if rules and quote(rules[0].text, 8) != quote(head, 8) and first.startswith("its"):
        first += f"; line {rules[0].n} '{quote(rules[0].text, 8)}'"
    t = (prepared.type or "").lower()
    why = f"set by the user: line {who_at} '{quote(who, 8)}'" if who and who_at else \
        f"set by the user: '{quote(who, 8)}'" if who else \
        (f"set by the user: type {t} (Claude Code's type for guidance the user gave)" if t else
         "a short note written as a rule, with nothing that says it was learned")
    return [first, why, "a rule for everyone belongs in a reviewed instruction file, not in local memory"]


def _keep(prepared, looked: list[Found], notes: list[str], unchecked: str | None = None) -> Decision:
    """``unchecked``: why no project is there to hold facts (project_marks.unchecked_root): test 3 says
    it was not checked, not what "the project's files" do not state."""
    r = prepared.reading
    learned = r.of("learned")
    unstated = {g.fact.line for g in looked if not g.lines}
    durable = (learned or r.of("why", "rule", "how") or
               [ln for ln in r.content if ln.kind == "plain" and ln.n in unstated] or
               [ln for ln in r.content if ln.kind in ("plain", "code")])
    if not durable:   # headings, a record's last word: nothing to keep by, nothing to say it is process
        return Decision("review", None, ["cannot tell what it holds: no line of a trap, a rule, a reason or a fact, "
                                         "only headings or marks — a person decides"],
                        [ln.n for ln in r.content][:3], notes=notes)
    holds = durable[0]
    what = WHAT_HOLDS.get(holds.kind, "a fact")
    if holds.kind == "plain" and holds.n in unstated and not unchecked:
        what = "a fact the project's files do not state"
    reasons = [f"holds: line {holds.n} '{quote(holds.text, 10)}' — {what}", "test 1: " + ("one line of it reports where work stood (noted below), too few to edit"
                                                                       if any("— one line of" in n for n in notes) else
                                                                       "no line of it reports where work stood")]
    if learned:
        reasons.append(f"test 2: learned, not set — line {learned[0].n} '{quote(learned[0].text, 10)}'")
    elif learned_headline(prepared.name, prepared.description, prepared.id):
        head = prepared.name if learned_headline(prepared.name, prepared.description) else \
            prepared.id.rsplit("/", 1)[-1].replace("_", " ")   # its file's name, its words apart
        reasons.append(f"test 2: learned, not set — '{quote(head or prepared.description, 6)}' calls it a lesson or a trap")
    elif (prepared.type or "").lower() in MANDATED_TYPES or setter(prepared):
        reasons.append(f"test 2: its headline is no rule ('{quote(prepared.description or prepared.name, 8)}'): "
                       "a fact or a trap to remember")
    else:
        reasons.append("test 2: no rule someone set")
    missing = [g.fact for g in looked if g.fact.kind in STRONG and not g.lines]
    found = [g for g in looked if g.fact.kind in STRONG and g.lines]
    if unchecked and not found:
        reasons.append(f"test 3: not checked — {unchecked} (--root sets the project)")
    elif missing:
        facts = ", ".join(list(dict.fromkeys(shown(f) for f in missing))[:3])   # a value said twice is named once
        reasons.append(f"test 3: the project's files do not state {facts} (line {missing[0].line})")
    elif found:
        reasons.append(f"test 3: line {found[0].fact.line} {shown(found[0].fact)} is in {found[0].lines[0].cite(40)}, "
                       "but the entry says more than the project does")
    else:
        reasons.append("test 3: it states nothing the project's files could hold (no command, port, version or setting)")
    return Decision("keep", None, reasons, [holds.n], [g.lines[0] for g in found][:3], notes=notes)
