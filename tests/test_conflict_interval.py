"""Issue 37, stop 39 round 3: how often a periodic job runs is a setting (judging/conflicts
'interval'): two entries giving one job two intervals are review in triage, in any language.
Every text here is written for the test (a made-up bicycle-repair shop)."""
from __future__ import annotations

from test_triage_stop39 import entry, run
from tui.core.judging.conflicts import Said, claims_of


def test_an_interval_in_german_minutes_is_a_time():
    c, = claims_of("x", [Said(3, "plain", "Der Lager-Sync läuft alle 30 Minuten.")])
    assert (c.key, c.value) == ("interval", "1.8e+06ms")


def test_two_intervals_for_one_job_are_review(mem_dir, root):
    entry(mem_dir, "stock_sync.md", "The stock sync with the supplier runs every 10 minutes over the shop's Wi-Fi.")
    entry(mem_dir, "lager_sync_de.md", "Der Stock-Sync mit dem Lieferanten läuft alle 120 Minuten.")
    got = run(mem_dir, root)
    for name in ("stock_sync.md", "lager_sync_de.md"):
        assert got[name].action == "review", (name, got[name].reasons)
        assert "interval" in got[name].reasons[0] and "which holds" in got[name].reasons[0], got[name].reasons


def test_intervals_of_two_different_jobs_do_not_meet(mem_dir, root):
    entry(mem_dir, "backup.md", "The receipt printer backup runs every 60 minutes.")
    entry(mem_dir, "stock.md", "The stock sync with the supplier runs every 10 minutes.")
    got = run(mem_dir, root)
    assert got["backup.md"].action != "review" and got["stock.md"].action != "review"


def test_the_conflict_is_said_once_not_again_as_notes(mem_dir, root):
    entry(mem_dir, "a.md", "The payments client timeout is 2 s.")
    entry(mem_dir, "b.md", "The payments client timeout is 10 s.")
    got = run(mem_dir, root)
    for name in ("a.md", "b.md"):
        assert got[name].action == "review"
        assert not any(": conflict: " in r for r in got[name].reasons), got[name].reasons
