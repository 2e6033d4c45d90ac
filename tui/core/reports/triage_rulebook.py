"""The instruction files' lines, by word: the one a line of memory restates in the same words (test 3),
and the line an in-instructions finding names, as the drop's evidence."""
from __future__ import annotations

import re
from collections import Counter

from ..judging.project_index import RuleLine, rule_words
from .triage_facts import _SPAN


# -- rules an instruction file already holds -----------------------------------------------------------

class RuleBook:
    """The instruction files' lines, by word, to find the one a line of memory restates."""

    def __init__(self, rules: list[RuleLine]) -> None:
        self.rules = rules
        self.by_word: dict[str, list[int]] = {}
        for k, r in enumerate(rules):
            for w in r.words:
                self.by_word.setdefault(w, []).append(k)

    def held(self, text: str) -> RuleLine | None:
        """The instruction line that says what ``text`` says (most of its content words, at
        least three, and every code span it quotes); None when none does."""
        mine = rule_words(re.sub(r"`[^`]*`", " ", text)) | rule_words(" ".join(_SPAN.findall(text)))
        if len(mine) < 3 or not self.rules:
            return None
        counts = Counter(k for w in mine for k in self.by_word.get(w, ()))
        spans = [s.strip().lower() for s in _SPAN.findall(text)]
        best = None
        for k, shared in counts.most_common(8):
            r = self.rules[k]
            if shared < 3 or shared / len(mine) < 0.6 or shared / len(r.words) < 0.34:
                continue
            if all(s in r.text.lower() for s in spans) and (best is None or shared > best[0]):
                best = (shared, r)
        return best[1] if best else None


def instruction_line(rules, finding, reading) -> list:
    """The line of the instruction file an in-instructions ``finding`` names that the entry's line
    repeats word for word (list marks, case and spacing aside), as evidence: the drop shows where it
    is said, not only names the file. [] when none does."""
    from ..judging.project_index import ProjectLine
    text = next((ln.text for ln in reading.lines if ln.n == finding.line), "")
    want = " ".join(text.strip(" -*#>").split()).lower()
    for rl in rules:
        if rl.file == (finding.related or "") and " ".join(rl.text.strip(" -*#>").split()).lower() == want:
            return [ProjectLine(rl.file, rl.line, rl.text)]
    return []
