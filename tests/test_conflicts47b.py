"""Issue 36 items 5-6 / issue 37 review, stop 47 (second round): an entry's one-line description is
one of its claims; a thing given its value plainly ("the tent stakes are 18 cm") against the same
thing given another; a permission of whom it names against a prohibition of the same people. Every
text here is written for the test (a made-up bicycle workshop)."""
from __future__ import annotations

from conftest import audit_files, triage_entry as entry, triaged as run
from tui.core.judging.amount_claims import amounts, same_setting
from tui.core.judging.rule_claims import contradict, rules_of


def _fm(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: project\n---\n\n"


def _conflicts(tmp_path, files):
    return [f for f in audit_files(tmp_path, {k: _fm(k[:-3], d) + b for k, (d, b) in files.items()})
            if f.kind == "conflict"]


def test_one_thing_given_two_values_in_two_descriptions(tmp_path):
    got = _conflicts(tmp_path, {"wheel.md": ("Loaner wheel rim width is 19 mm", "The loaners ride on narrow rims.\n"),
                                "rims.md": ("Loaner wheel rim width is 25 mm", "Wider rims since the gravel tours.\n")})
    assert len(got) == 1 and got[0].confidence == "possible", got
    assert {p.id for p in got[0].places} == {"wheel.md", "rims.md"} and "19 mm" in got[0].message


def test_a_thing_given_its_value_pairs_only_with_the_same_name():
    a, = amounts("Loaner wheel rim width is 19 mm")
    b, = amounts("Loaner wheel rim width: 25 mm")
    c, = amounts("Race wheel rim width is 25 mm")
    assert same_setting(a, b) and not same_setting(a, c)
    for text in ("The rim is 19 mm", "Rim width is 19 mm for road bikes", "The repair took 40 min",
                 "Rim width is about 19 mm", "Rim width was 19 mm"):
        assert not [x for x in amounts(text) if "=" in x.heads], text


def test_a_permission_against_a_prohibition_of_the_same_people(tmp_path):
    yes, = rules_of("Mechanics may see supplier prices on the till")
    no, = rules_of("Mechanics must never see supplier prices")
    other, = rules_of("Apprentices must never see supplier prices")
    cond, = rules_of("Mechanics may see supplier prices when the owner approves")
    assert contradict(yes, no) and not contradict(yes, other) and not contradict(cond, no)
    assert rules_of("Anyone can see the queue") == [] or not contradict(rules_of("Anyone can see the queue")[0], no)
    assert rules_of("I don't see why the brake bled") == []


def test_triage_sends_both_sides_of_a_permission_conflict_to_review(tmp_path):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    entry(mem, "prices_open.md", "The owner wants mechanics to quote from the supplier list.",
          description="Mechanics may see supplier prices on the till")
    entry(mem, "prices_closed.md", "Supplier prices are for the owner only.",
          description="Mechanics must never see supplier prices")
    got = run(mem, root)
    assert got["prices_open.md"].action == "review" and got["prices_closed.md"].action == "review"


def test_a_hold_said_as_a_window_and_as_an_end_of_day(tmp_path):
    a, = amounts("Repair bikes left at the counter must be collected within 48 hours")
    b, = amounts("Repair bikes left at the counter are stored until closing (19:30)")
    c, = amounts("Rental helmets stay on the rack until closing (19:30)")
    assert same_setting(a, b) and not same_setting(a, c)
    for text in ("The old rack was used until closing (19:30)", "Wait until closing (19:30)",
                 "Spare tubes stock lasted until midnight last winter before we changed suppliers"):
        assert not amounts(text), text
    got = _conflicts(tmp_path, {"hold.md": ("Repair bikes left at the counter must be collected within 48 hours", "x\n"),
                                "store.md": ("Repair bikes left at the counter are stored until closing (19:30)", "y\n")})
    assert len(got) == 1 and "until closing" in got[0].message, got


def test_one_entry_giving_a_thing_two_values_is_a_log_not_a_conflict(tmp_path):
    assert not _conflicts(tmp_path, {"fit.md": ("Frame fitting notes", "- v1: Saddle drop height: 72 cm\n"
                                                "- v2: Saddle drop height: 74 cm\n")})
