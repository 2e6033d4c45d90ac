"""Issue 37, stop 50 (tp50): triage inside a labelled project. (Texts written for these tests.)

- A line that tells an event by the day it was written ("last night's outage … was rolled back by
  the 09:30 deploy") is where work stood that day: next time "last night" is another night. Among
  lines that hold, it is an edit of that line; in a **Why:** it is the reason for the rule and holds.
"""
from __future__ import annotations

from conftest import triage_entry, triaged as run


def test_a_line_that_tells_an_event_of_the_day_before_is_an_edit(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "kiosk_idle_logout.md",
                 "Sessions of the kiosk app expire after 12 minutes of no input, not the usual hour:\n"
                 "the tablets stand in a public hallway and a left session showed a stranger's basket.\n"
                 "Last night's outage (the basket page timed out for everyone) was rolled back by the 09:30 deploy.",
                 description="Why the kiosk logs out so soon")
    got = run(mem, root)["kiosk_idle_logout.md"]
    assert got.action == "edit", got.reasons
    assert got.lines == [9], got.lines


def test_a_why_that_tells_the_day_before_holds(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "refund_twice.md",
                 "Refunds are issued by the ledger job only, never from the admin page.\n\n"
                 "**Why:** yesterday's double refund happened because the admin page and the job both paid out.",
                 description="Refunds go through the ledger job")
    got = run(mem, root)["refund_twice.md"]
    assert got.action in ("keep", "promote"), got.reasons
