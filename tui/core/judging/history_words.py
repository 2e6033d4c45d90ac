"""What a line says was, or no longer is: the one reader of history the claim rules share
(rule_claims, amount_claims, manifest_claims). A line that says what was ("used to", "no
longer", "switched", "previously", "~~struck~~", "A → B", 以前, 不再) claims nothing about what
holds now, whatever rule reads it.

The core holds only the words that say "what was" in every reading. A word that also opens a
rule's condition or alternative stays out of it, each rule adding it where it means history there:
"until" ("never merge until CI is green"), "before"/"antes"/"vorher" ("antes de desplegar, …"),
"instead" ("use X instead of Y"), and a noun of change ("run the migrations", "変更しないこと",
"변경하지 마세요": a rule forbidding a change). amount_claims' change reader adds "instead" and
"actualizado/atualizado"; its not-now reader adds a plan or a doubt ("plan", "maybe", "if", "?").
"""
from __future__ import annotations

import re

CORE = (r"\b(?:was|were|used\s+to|no\s+longer|previously|formerly|changed|switched|replaced|superseded|"
        r"ya\s+no|anteriormente|früher|geändert|auparavant)\b|→|->|~~|以前|之前|原来|原來|不再")


def reader(*more: str) -> re.Pattern:
    """The core with a rule's own words (each a regular expression), case-insensitive."""
    return re.compile("(?i)" + "|".join((CORE, *more)))


HISTORY = reader()
