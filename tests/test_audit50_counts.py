"""Stop 50 (issue 36 item 5): a summary's count its own entry contradicts — MEMORY.md's line or the
description says "three", the body "4" — and the counts that are not one thing's number (a name, a
breakdown, a tally, a range, another noun). Every text here is written for the test."""
from __future__ import annotations

import pytest

from conftest import NOW, write


def _audit(mem_dir, root):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Snapshot
    return [f for f in audit(Snapshot.load(mem_dir, root, NOW), git=False, jobs=1).findings
            if f.rule == "summary-count"]


def _entry(desc, body):
    return f"---\nname: exports\ndescription: {desc}\ntype: project\n---\n\n# Exports\n\n{body}\n"


def test_an_index_line_counting_otherwise_than_its_entry_is_one_possible_conflict(mem_dir, root):
    write(mem_dir, "MEMORY.md", "- [Modules](modules.md) — the three modules and who owns each\n")
    write(mem_dir, "modules.md", _entry("how the code is split", "The service is split into 4 modules, one team each."))
    found = _audit(mem_dir, root)
    assert [(f.id, f.line, f.confidence) for f in found] == [("MEMORY.md", 1, "possible")]
    assert [(p.id, p.line) for p in found[0].places] == [("MEMORY.md", 1), ("modules.md", 9)]


def test_a_count_in_chinese_with_a_modifier_before_the_noun_meets_its_bare_noun(mem_dir, root):
    write(mem_dir, "MEMORY.md", "- [模块](modules.md) — 三个模块的负责人\n")
    write(mem_dir, "modules.md", _entry("拆分", "服务拆成4个彼此独立的模块，每个团队负责一个。"))
    assert [f.id for f in _audit(mem_dir, root)] == ["MEMORY.md"]


def test_a_description_counting_otherwise_than_its_body_is_a_conflict(mem_dir, root):
    write(mem_dir, "exports.md", _entry("the 3 export formats the app offers", "The app offers 4 export formats: CSV, PDF, XLSX and JSON."))
    assert [(f.id, f.line) for f in _audit(mem_dir, root)] == [("exports.md", 3)]


@pytest.mark.parametrize("desc,body", [
    ("the 4 export formats", "The app offers 4 export formats."),                          # the same
    ("map of Tier 3 partners", "The program has 6 partners."),                            # a name
    ("10 checks run per upload", "6 file checks + 4 virus checks run on every upload."),   # a breakdown
    ("3 exports shipped", "Session tally: 43 commits, 9 exports, 12 fixes."),              # a tally
    ("runs 3-5 workers", "Production runs 4 workers."),                                    # a range
    ("about 3 retries", "The client makes 5 retries."),                                   # a bound
    ("the 40 report types", "It has 38 report types."),                                   # a tally of a moment
    ("keeps 3 formats", "2 formats are legacy.\nThe app offers 4 formats."),             # parts of it
    ("switched from 3 workers", "Production runs 4 workers."),                              # a change told
    ("2 export formats", "Exports take 4 minutes."),                                      # another noun
])
def test_counts_that_are_not_one_things_number_are_silent(mem_dir, root, desc, body):
    write(mem_dir, "exports.md", _entry(desc, body))
    assert _audit(mem_dir, root) == []


def test_two_entries_counting_differently_are_not_this_rules(mem_dir, root):
    """Two entries may count two scopes or two dates: only a summary and its own entry are one scope."""
    write(mem_dir, "a.md", _entry("exports", "The app offers 3 export formats."))
    write(mem_dir, "b.md", _entry("more exports", "The app offers 4 export formats."))
    assert _audit(mem_dir, root) == []


@pytest.mark.parametrize("body", [
    "New releases go to 2 regions first as a canary, then to the rest.",
    "Only 2 regions carry the EU traffic.",
    "Deploys roll 2 regions at a time.",
    "Backups are kept in 2 out of the regions.",
])
def test_a_body_line_placing_its_count_among_others_is_a_subset_not_a_conflict(mem_dir, root, body):
    """(stop 50, a second reader) "2 regions first, then the rest" counts a part of the 4, not the 4 again."""
    write(mem_dir, "MEMORY.md", "- [Rollout](rollout.md) — the service runs in 4 regions\n")
    write(mem_dir, "rollout.md", _entry("how releases roll out", body))
    assert _audit(mem_dir, root) == []
