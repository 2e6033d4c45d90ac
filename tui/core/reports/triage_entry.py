"""One entry as the decision reads it (triage_decide): its body line by line, with the kinds its
shape gives, and the facts it states — a number whose sentence wraps onto the next line named by
that line's words too."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..judging.project_index import rule_words
from .triage_facts import facts_of
from .triage_lines import Line, Reading, read_body
from .triage_shape import field as _field, reshaped


@dataclass
class Entry:
    """What the decision reads of one entry (the body read line by line, its facts)."""

    reading: Reading
    facts: list
    name: str
    description: str
    type: str | None
    promotes: bool | None = None          # test 2, once asked
    who: str | None | bool = False        # who set its rule, once asked (False: not asked yet)
    id: str = ""
    source: str | None = None             # who wrote it, by its frontmatter ("user": the user's own words)


def prepare(e) -> Entry:
    name, description, type_ = e.name, e.description, e.type
    if not e.readable and e.text:   # YAML that does not parse: the text still says what it is
        name = _field(e.text, "name") or name
        description = _field(e.text, "description") or description
        type_ = _field(e.text, "type") or type_
    reading = read_body(e.body, e.body_line + e.first_line - 1)   # the file's lines (a part of a shared file too)
    reading.lines = reshaped(reading.lines)   # a run of labelled ids: a reference; a table of work states: a checklist
    raw = e.body.splitlines()   # once, not once a line (a file of 12,000 lines: 2.4 s)
    facts = [f for ln in reading.lines if ln.kind != "code" for f in facts_of(_raw_line(e, ln, raw), ln.n)]
    return Entry(reading, _wrapped(facts, reading), name, description, type_, id=e.id, source=e.source)


def _wrapped(facts: list, reading: Reading) -> list:
    """A number whose sentence goes on past the line's end ('with a 5 minute' / 'timeout; …') is
    named by the next line's words too: a wrapped paragraph is one sentence, not two."""
    text = {ln.n: ln for ln in reading.lines}

    def goes_on(n: int) -> bool:
        after = text.get(n + 1)
        return after is not None and (after.kind == "cont" or after.kind == "plain"
                                      and not re.search(r"[.!?:。！？]\s*$", text[n].text))
    return [replace(f, context=f.context | rule_words(text[f.line + 1].text))
            if f.kind in ("number", "port") and goes_on(f.line) else f for f in facts]


def _raw_line(e, ln: Line, lines: list[str]) -> str:
    """The line as the body holds it (``lines``: the body's lines)."""
    k = ln.n - e.body_line - e.first_line + 1
    return lines[k] if 0 <= k < len(lines) else ln.text
