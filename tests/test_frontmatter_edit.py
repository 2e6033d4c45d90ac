"""The one frontmatter editor (reading/frontmatter.set_fields): setting a field changes that
field's line and no other byte, over the shapes agents write (comments, quoting, flow
mappings, nested blocks, CRLF, a missing last newline, a BOM, HTML comments above)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tui.core.reading.entry import read_entry
from tui.core.reading.frontmatter import NotEditable, set_fields

LINES = [
    "name: deploys", "description: 'Deploys: go through fly'", 'description: "the \\"quoted\\" one"',
    "created: 2026-01-02", 'created: "2026-01-02"', "updated: 2026-01-02T10:00:00Z", "# a comment line",
    "type: project  # trailing comment", "anchor: {file: fly.toml, quote: \"app = x\"}", "tags: [a, b, 'c d']",
    "metadata:\n  origin: agent\n  score: 3", "paths:\n  - src/a.ts\n  - src/b.ts", "", "auto_saved: true",
    "summary: >\n  folded text\n  over lines", "promoted_to: CLAUDE.md",
]
TARGETS = ["AGENTS.md", ".github/copilot-instructions.md", "docs/agents/RULES.md", "CLAUDE.md", "2026-01-02",
           "yes", "a: b", "#x"]


def _fields(text: str) -> dict:
    e = read_entry(None, "e.md", 0, 0, data=text.encode("utf-8"))
    assert e.error is None, e.error
    return e.meta


@st.composite
def files(draw):
    lines = draw(st.lists(st.sampled_from(LINES), max_size=8))
    keys = set()
    kept = []
    for ln in lines:   # one of each key (YAML would take the last one)
        key = ln.split(":", 1)[0] if ":" in ln and not ln.startswith("#") else None
        if key in keys:
            continue
        keys.add(key)
        kept.append(ln)
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    lead = draw(st.sampled_from(["", "\ufeff", "<!-- kept by the agent -->\n", "\n"]))
    body = draw(st.sampled_from(["", "Body line.", "Body line.\n", "# Title\n\n- a\n---\nafter a rule\n"]))
    fm = "\n".join(["---", *kept, "---"])
    text = lead + fm + ("\n" + body if body or draw(st.booleans()) else "")
    return text.replace("\n", eol)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files(), st.sampled_from(TARGETS))
def test_setting_a_field_changes_its_line_alone(text, target):
    before = _fields(text.lstrip("\ufeff"))
    new = set_fields(text, {"promoted_to": target})   # every shape here is editable
    old_lines, new_lines = text.split("\n"), new.split("\n")
    if "promoted_to:" in text:
        assert len(new_lines) == len(old_lines)
        changed = [n for n, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b]
        assert len(changed) <= 1 and all(new_lines[n].startswith("promoted_to: ") for n in changed)
    else:
        assert len(new_lines) == len(old_lines) + 1
        at = next(n for n, (a, b) in enumerate(zip(old_lines + [None], new_lines)) if a != b)
        assert new_lines[at].startswith("promoted_to: ") and new_lines[:at] + new_lines[at + 1:] == old_lines
        assert new_lines[at + 1].rstrip("\r") == "---"   # just above the closing fence
        assert new_lines[at].endswith("\r") == ("\r\n" in text)
    assert _fields(new.lstrip("\ufeff")) == {**before, "promoted_to": target}


@pytest.mark.parametrize("text, why", [
    ("name: a\ndescription: b\nbody\n", "no frontmatter"),
    ("---\nname: [a\n---\nbody\n", "does not parse"),
    ("---\npromoted_to:\n  - CLAUDE.md\n---\nbody\n", "spans several lines"),
    ("---\npromoted_to: A.md\npromoted_to: B.md\n---\nbody\n", "twice"),
    ("---\n  name: a\n  type: b\n---\nbody\n", "would not read back"),
])
def test_a_field_that_cannot_be_set_in_its_own_line_is_refused(text, why):
    with pytest.raises(NotEditable, match=why):
        set_fields(text, {"promoted_to": "AGENTS.md"})


def test_setting_a_field_to_its_value_changes_nothing():
    text = "---\nname: a\npromoted_to: AGENTS.md  # done\n---\nbody"
    assert set_fields(text, {"promoted_to": "AGENTS.md"}) == text
