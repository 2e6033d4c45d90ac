"""Stop 39: the entry table's flags follow one rule, the audit view's levels: a flag per kind of
the entry's findings that are not `possible` (those are folded behind the audit view's `a`).
An age or a mentioned path that is gone is a possible finding, so neither flags a row; the
`old` filter still finds old rows."""
from __future__ import annotations

from pathlib import Path

from tui.core.judging.status import EntryStatus
from tui.core.reading.entry import MemoryEntry
from tui.widgets.entry_rows import Row


def row(kinds=(), **status) -> Row:
    e = MemoryEntry(id="a.md", path=Path("a.md"), name="a", type="project", body="x")
    return Row(e, EntryStatus(**status), kinds=kinds)


def test_possible_findings_flag_nothing_old_and_gone_included():
    r = row(flags=["old-unverifiable", "path-missing"], missing=["src/gone.py"], age_days=200)
    assert r.flags() == []
    assert r.in_statuses({"old"})          # the filter still finds it


def test_findings_worth_acting_on_flag_by_kind():
    assert row(kinds=("conflict", "identifying")).flags() == ["conflict", "ident"]
    assert row(kinds=("path-missing",)).flags() == ["gone"]   # a sure one (a line past the end)
