"""Stop 39, issue 36: a thing's state superseded inside one entry — a "Not built yet" list left
below the section that stamps the same thing BUILT — is one conflict naming both lines; the
same two lines in the other order (a log that later says it was done) are history, no finding."""
from __future__ import annotations

from conftest import NOW
from test_triage_conflicts import entry
from tui.core.judging.conflict_states import states
from tui.core.reports.audit import audit
from tui.core.snapshots.memory import Memory

STAMPED = ("**Invite page `/join/<code>` — BUILT (2026-03-02).** Route added and checked end to end.\n\n"
           "Other notes on the signup flow.\n\n"
           "**Not built yet:** the rate-limit banner; the invite page")


def conflicts(mem_dir, root):
    mem = Memory.load(mem_dir, root, now=NOW)
    return [f for f in audit(mem, git=False).findings if f.kind == "conflict"]


def test_a_not_built_list_below_the_built_stamp_is_one_conflict_naming_both_lines(mem_dir, root):
    entry(mem_dir, "signup_flow.md", STAMPED)
    got = conflicts(mem_dir, root)
    assert len(got) == 1, got
    assert got[0].confidence == "possible"
    assert sorted(loc.line for loc in got[0].locations) == [7, 11]


def test_not_built_above_built_in_one_entry_is_history(mem_dir, root):
    entry(mem_dir, "signup_flow.md", "**Not built yet:** the invite page\n\n"
                                     "**Invite page `/join/<code>` — BUILT (2026-03-02).** Checked end to end.")
    assert conflicts(mem_dir, root) == []


def test_a_stamp_is_capitals_and_a_list_splits_at_semicolons():
    assert states("Invite page — built with htmx") == []          # what it is made of, no stamp
    assert [s for s, _ in states("Not built yet: a banner; the invite page")] == ["not built", "not built"]
    assert states("PDF invoices are not built yet; the PDF viewer is built")[1][0] == "built"


def test_triage_gives_the_entry_one_review_reason_naming_both_lines(mem_dir, root):
    from test_triage_conflicts import run
    entry(mem_dir, "signup_flow.md", STAMPED)
    got = run(mem_dir, root)["signup_flow.md"]
    assert got.action == "review"
    assert [r for r in got.reasons if "line 7" in r and "line 11" in r]
