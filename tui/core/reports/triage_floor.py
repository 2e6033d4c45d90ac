"""A version given as a floor ("from minSdk 24 (Android 7.0)", "Node 18+", "iOS 13 or later") is
the oldest one supported, not the one the project runs: it cannot contradict another entry's
version (issue 37, review). "Android 14 denies exact alarms" and "we support Android from 7.0"
both hold; "Node 18" and "Node 20" as what the project runs do not.
"""
from __future__ import annotations

import re

# the words before the version that make it the lowest one supported
_BEFORE = re.compile(r"(?i)(?:\bfrom|\bmin(?:imum)?(?:\s*sdk)?|\bat least|>=|≥|\bab|\bdesde|\ba partir de|\bà partir de)"
                     r"\W+(?:\w+\W+){0,3}$")
# the words after it that say the same: "18+", "13 or later", "7.0 and up"
_AFTER = re.compile(r"(?i)^\s*(?:\+|or (?:later|newer|higher|above)|and (?:up|above|later|newer)|以上|이상)")


def is_floor(fact, line: str) -> bool:
    """``fact``'s version, as ``line`` writes it, is a lower bound (its text found in the line)."""
    at = line.find(fact.text)
    if at < 0:
        return False
    return bool(_BEFORE.search(line[max(0, at - 40):at]) or _AFTER.search(line[at + len(fact.text):]))
