"""Issue 36 items 5-6 / issue 37 review, stop 47 (third round): a rate limit said as the gap between
repeated calls ("250 ms between requests") is a setting; an aside in parentheses restates the clause
before it ("one per second (1000 ms between calls)"); what a rule forbids, said as done in the
passive ("indoor sensors (garage, attic) are included"), is the rule's other side. Every text here is written for the test (a
made-up weather-station poller)."""
from __future__ import annotations

from conftest import audit_files, triage_entry as entry, triaged as run
from tui.core.judging.amount_claims import amounts, same_setting
from tui.core.judging.rule_claims import contradict, rules_of


def _fm(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: project\n---\n\n"


def test_a_gap_between_calls_is_a_setting_and_an_aside_takes_its_clause():
    a, = amounts("Poll station readings no more than twice a minute (30 s between polls).")
    b, = amounts("The station gateway accepts 5 s between readings")
    c, = amounts("Wait 2 s between polls")
    assert "poll" in a.subject and "reading" in a.subject and a.value == 30_000
    assert same_setting(a, b) and same_setting(a, c)


def test_a_gap_of_other_things_or_other_hosts_or_a_measurement_is_no_pair():
    a, = amounts("Wait 2 s between polls")
    other, = amounts("Wait 10 s between uploads")
    host, = amounts("Wait 10 s between polls to the backup gateway")
    assert not same_setting(a, other) and not same_setting(a, host)
    for text in ("The nightly sync took 40 s between batches", "Backoff was 2 s between polls",
                 "Maybe 5 s between polls?", "Somewhere 2 s to 5 s between polls"):
        assert not [x for x in amounts(text) if x.spaced], text


def test_two_entries_giving_two_gaps_between_the_same_calls(tmp_path):
    files = {"poll_slow.md": ("Poll the gateway twice a minute", "Poll station readings twice a minute at most "
                              "(30 s between polls).\n\nThe vendor asked for it.\n"),
             "poll_fast.md": ("The new gateway allows 5 s between readings", "No need to wait longer now.\n")}
    got = [f for f in audit_files(tmp_path, {k: _fm(k[:-3], d) + b for k, (d, b) in files.items()})
           if f.kind == "conflict"]
    assert len(got) == 1 and got[0].confidence == "possible", got
    assert {p.id for p in got[0].places} == {"poll_slow.md", "poll_fast.md"}


def test_triage_sends_both_sides_of_a_gap_conflict_to_review(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    entry(mem, "poll_slow.md", "Poll station readings twice a minute at most (30 s between polls).",
          description="Poll the gateway twice a minute")
    entry(mem, "poll_fast.md", "No need to wait longer now.",
          description="The new gateway allows 5 s between readings")
    got = run(mem, root)
    assert got["poll_slow.md"].action == "review" and got["poll_fast.md"].action == "review"


def test_what_a_rule_forbids_said_as_done_in_the_passive():
    no, = rules_of("Never include indoor sensors")
    scoped, = rules_of("Do not include indoor sensors in the hourly chart")
    done, = rules_of("Indoor sensors (garage, attic) are included as extra stations; the owner wants more", 0,
                     frozenset({"include"}))
    assert contradict(no, done) and not contradict(scoped, done)
    for text in ("Indoor sensors are included in the raw export", "Indoor sensors are included only when it rains"):
        r, = rules_of(text, 0, frozenset({"include"}))
        assert not contradict(no, r), text
    for text in ("Indoor sensors are not included", "It is included", "Indoor sensors were included until May"):
        assert rules_of(text, 0, frozenset({"include"})) == [], text


def test_triage_sends_both_sides_of_a_passive_conflict_to_review(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    entry(mem, "sensors_in.md", "Indoor sensors (garage, attic) are included as extra stations; the owner wants "
          "more data.", description="Indoor sensors count as stations")
    entry(mem, "sensors_out.md", "Do not include indoor sensors in the summary: they read warm all winter.",
          description="Never include indoor sensors")
    got = run(mem, root)
    assert got["sensors_in.md"].action == "review" and got["sensors_out.md"].action == "review"
