"""The words of a prompt that are names (issue 40, stop 39): evidence on their own.

A name is a word the writer did not take from the sentence's language: an identifier (camelCase
'useMemo', digits in a word 'k8s', pieces joined by '-', '_' or '.', 'react-query', an all-capital
'CV'), a slash command ('/goal': the agent's command, stop 50; a path is none), or a Latin-script word in a prompt written mostly in another script ('npm' in a Russian
prompt, 'vault' in a Chinese one). Small talk holds none. When few entries hold such a word
(evidence.NAME_RARE), one body holding it matches alone, where a common word needs company
(evidence.body_counts): on the tune prompts the rule fired once, rightly, and on no small talk;
on the stop-38 reviewer's pool (read after its set-aside figure) twice, rightly ('useMemo', 'CV').
A word a hyphen alone makes a name ('follow-up', 'check-in', 'react-query') is a name as a
whole, not in its pieces: 'follow' of 'follow-up' is an ordinary word and needs company.
"""
from __future__ import annotations

import re

_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*")
_CAMEL = re.compile(r"[a-z][A-Z]")
# a slash command ('/goal', '/review-pr'): a slash opening a word, and no slash after it (a path)
_COMMAND = re.compile(r"(?<![^\s(\[`'\"])/([A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*)(?![\w/.-])")


def name_tokens(text: str) -> list[str]:
    """The words of ``text`` shaped as names, as written."""
    letters = [c for c in text if c.isalpha()]
    foreign = bool(letters) and sum(c.isascii() for c in letters) * 2 < len(letters)
    out = []
    commands = {m.start(1) for m in _COMMAND.finditer(text)} if "/" in text else ()
    for m in _LATIN.finditer(text):
        tok = m.group()
        if (_CAMEL.search(tok) or any(c.isdigit() for c in tok) or any(c in "-_." for c in tok)
                or (tok.isupper() and len(tok) >= 2) or (foreign and len(tok) >= 2) or m.start() in commands):
            out.append(tok)
    return out


def commands(text: str) -> list[str]:
    """The slash commands of ``text`` ('/goal' → 'goal'): query_paths reads them as paths (one
    segment), whose file name's words are quiet; a command's word is a name instead."""
    return [m.group(1) for m in _COMMAND.finditer(text)] if "/" in text else []


def name_terms(text: str, terms) -> frozenset[str]:
    """The terms (``terms``: tokens.terms) of the names in ``text``. Of a word only its hyphens
    make a name, the pieces' own terms are left out: the whole ('reactq') stays a name, 'follow'
    of 'follow-up' does not (English joins ordinary words with a hyphen; '_' and '.' are code's)."""
    out: set[str] = set()
    for tok in name_tokens(text):
        ts = terms(tok)
        if "-" in tok and tok.islower() and tok.replace("-", "").isalpha():
            for piece in tok.split("-"):
                ts -= terms(piece)
        out |= ts
    return frozenset(out)
