"""A doubt a person settles (test 2): an entry whose headline rules a thing out that its own body
prescribes ("files go to D:, not the Desktop" over "Preferred location: Desktop"). The agent reads
both; which one the owner meant is the owner's to say, so triage names the two (stop 49, te49)."""
from __future__ import annotations

import re

from .triage_findings import Decision
from .triage_lines import quote

# what the headline rules out: "X, not Y", "instead of Y", "rather than Y", "never on Y"
_RULED_OUT = re.compile(r"(?i)(?:,\s*not|\binstead of|\brather than|\bnever (?:in|on|to|use|with))\s+(?:the |a |an )?"
                        r"[`'\"*]*([A-Za-z][\w.+#-]{2,}(?: [A-Z][\w.+#-]+)?)")
_NEGATION = re.compile(r"(?i)\b(?:not|never|no|don'?t|do not|avoid|instead|rather|without|except|nor|unless|"
                       r"nunca|jamais|niemals|nie|nicht|pas)\b|❌|🚫|✗|不要|禁止|しない|않")
_PRESCRIBES = re.compile(r"(?i)\b(?:prefer\w*|default|always|save[sd]? (?:to|in|on)|output|location|use)\b")


def headline_against(description: str, content: list, notes: list) -> Decision | None:
    """review, naming the description and the body's line, when the body prescribes what the headline rules out."""
    m = _RULED_OUT.search(description or "")
    if not m:
        return None
    term = re.compile(rf"(?i)(?<![\w.]){re.escape(m.group(1))}(?![\w])")
    for ln in content:
        if ln.kind in ("why", "learned", "heading", "code") or not term.search(ln.text) or _NEGATION.search(ln.text):
            continue
        if ln.kind in ("rule", "how") or _PRESCRIBES.search(ln.text):
            return Decision("review", None, [f"its description rules out '{m.group(1)}' ('{quote(description, 10)}') "
                                             f"while line {ln.n} prescribes it: '{quote(ln.text, 10)}'",
                                             "the agent reads both: the owner says which holds, then one side goes"],
                            [ln.n], notes=notes)
    return None
