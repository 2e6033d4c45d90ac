"""Issue 37, stop 51: two entries whose titles name one thing with another value are both **review**:
"Release freeze: the 3rd" / "Release freeze: ten days before launch" (one label before a colon, an
amount after it on each side), "Main merge after one review" / "Main merge needs two reviewers" (one thing
counted with another number). Two notes titled by their days are two days, not two stances.
(Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run


def test_one_label_with_two_amounts_after_its_colon_is_a_pair(mem_dir, root):
    triage_entry(mem_dir, "freeze_third.md", "Nothing merges to main after the 3rd of the launch month.\n\n"
                 "**How to apply:** refuse merges to main after the 3rd.", "Merges to main stop on the 3rd",
                 title="Release freeze: the 3rd")
    triage_entry(mem_dir, "freeze_ten_days.md", "Main is frozen ten days before the launch so QA has a quiet week.\n\n"
                 "**How to apply:** count back ten days from the launch date.", "Main freezes ten days before launch",
                 title="Release freeze: ten days before launch")
    got = run(mem_dir, root)
    for i in ("freeze_third.md", "freeze_ten_days.md"):
        assert got[i].action == "review", (i, got[i].reasons)


def test_one_thing_counted_with_another_number_in_two_titles_is_a_pair(mem_dir, root):
    triage_entry(mem_dir, "merge_one.md", "A single approving review is enough to merge into main; the second "
                 "reviewer slowed fixes down.", "One review lets a change merge", title="Main merge after one review")
    triage_entry(mem_dir, "merge_two.md", "Merging into main waits for **two** approving reviewers.\n\n"
                 "**Why:** a bad migration went out on one look.", "Main merges wait for two reviewers",
                 title="Main merge needs two reviewers")
    got = run(mem_dir, root)
    for i in ("merge_one.md", "merge_two.md"):
        assert got[i].action == "review", (i, got[i].reasons)


def test_two_notes_titled_by_their_days_are_no_pair(mem_dir, root):
    from tui.core.reports.triage_amounts import _titled_values
    assert _titled_values("Standup notes: 2026-03-02", "Standup notes: 2026-03-09") is None
    assert _titled_values("Standup notes: March 2", "Standup notes: March 9") is None
    assert _titled_values("Gotcha: two clocks", "Gotcha: one cache") is None   # a label of one concept: a kind
