"""Whether the person stated a memory or the model inferred it (SPEC §9), from the message the
person typed before the write and what the write put in.

The person stated it when they asked for it to be remembered ("remember that …", "记住",
"覚えておいて", "# …" in Claude Code's memory shortcut), or when their own words hold it: most of
the distinctive words the write added are in their message. Anything else is the model's
inference (it may still be right; it is just not the person's word).

The answer is kept as a short code with no text in it: "asked", "words 7/9", or "" (not stated).
"""
from __future__ import annotations

import re

# a request to remember, in the languages agents write memory in (the phrase, not the word alone:
# "remember" in "I don't remember why" is no request)
_ASKED = re.compile(
    # "remember" asked for: opening a sentence or after please/also/and, or "remember that/this/it …"
    # (not "I don't remember why it broke")
    r"(?i)(?:(?:^|[.!?\n;]\s*|\b(?:please|pls|also|and|so|can you|could you)\s+)(?:remember|memori[sz]e)\b|"
    r"\bremember\s+(?:that|this|it|these|those|for next time)\b|\bremember:|"
    r"\b(?:don'?t|do not) forget\b|\bkeep (?:this |that |it )?in mind\b|\bmake a note\b|"
    r"\bnote (?:that|this|it)\b|\b(?:save|add|store|write) (?:this|that|it) (?:to|in|into|as) (?:your |the )?memor|"
    r"\bfor future (?:sessions|reference)\b|\bfrom now on\b)"
    r"|记住|记下|记一下|别忘了|不要忘记|以后都|覚えて|覚えといて|記憶して|メモして|忘れないで|기억해|잊지\s*마|"
    r"(?i:\brecuerd[ae]\b|\bmemoriz[ae]\b|\bno olvides\b|\bten en cuenta\b|\blembre(?:-se)?\b|"
    r"\bnão esque[çc]a\b|\bsouviens-toi\b|\bretiens\b|\bn'oublie pas\b|\bmémorise\b|\bmerk dir\b|"
    r"\bvergiss nicht\b|\bdenk daran\b|hãy nhớ|ghi nhớ|nhớ rằng|запомни|не забудь|имей в виду)")
_SHORTCUT = re.compile(r"^#\s+\S")   # Claude Code's "# text" memory shortcut

_WORD = re.compile(r"[^\W_]{3,}|\d+(?:\.\d+)+|[\w./-]*[./][\w./-]+", re.U)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_FRONT = re.compile(r"\A\s*---\n.*?\n---\s*\n", re.S)
# words a memory file holds whoever wrote it: its frontmatter keys and types, glue words
_STOP = frozenset("""
the and for are but not you your with this that these those from into onto have has had was were will
would should could can its it's they them their there then than when what which who whom how why where
all any each some such use used using via per also just only very more most other our ours out over
under about after before again once here both same own too off yes now new one two
name description type metadata user feedback project reference source model created updated modified
originsessionid keywords paths anchor apply rule note notes memory memories
""".split())
MIN_WORDS = 3
SHARE = 0.6


def words(text: str) -> set[str]:
    """Distinctive words of a text: letters and digits of 3+ characters, versions and paths,
    and CJK character pairs."""
    text = text.lower()
    out = {w.strip("./-") for w in _WORD.findall(text)}
    for run in _CJK.findall(text):
        out.update(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return {w for w in out if w and w not in _STOP}


def judge(prompt: str | None, added: str, removed: str = "") -> str:
    """"asked", "words N/M", or "" — see the module's docstring. ``added``: what the write put
    in (a Write's whole text, an Edit's new strings); ``removed``: what an edit took out (its
    words are no evidence either way)."""
    if not prompt:
        return ""
    if _SHORTCUT.match(prompt) or _ASKED.search(prompt):
        return "asked"
    body = _FRONT.sub("", added)
    mine = words(body) - words(removed)
    if len(mine) < MIN_WORDS:
        return ""
    theirs = words(prompt)
    held = len(mine & theirs)
    return f"words {held}/{len(mine)}" if held >= MIN_WORDS and held >= SHARE * len(mine) else ""


def evidence(code: str) -> str:
    """The code as a person reads it."""
    if code == "asked":
        return "the person asked for it to be remembered"
    if code.startswith("words "):
        held, _, total = code[6:].partition("/")
        return f"the person's message holds {held} of its {total} words"
    return "the model wrote it: the person's message before it does not state it"
