"""Retrieval, stop 47 round 3 (issue 40): second entries in a small bank, after heldout41."""
from __future__ import annotations

import pytest


@pytest.fixture
def bank(mem_dir, root):
    """A six-file bank about a school canteen's ordering app. The setup notes say where the
    orders API runs; the running log (long: a line a day) says in one of its lines which port
    the API moved to. The API is named in four of the six files and a port in three: too
    common to match alone; the patterns note names a port once in a long list of rules, the
    product notes and the progress list the API once each."""
    from test_retrieval_cases import write
    write(mem_dir, "techContext.md", "# Tech\n\n" + "\n".join([
        "- The orders API is Flask on port 5100, behind nginx.", "- Postgres 16 holds the menus.",
        "- The kiosk is a Vue app.", "- Images go to a bucket.", "- Backups are nightly.",
        "- Python 3.12.", "- Tests with pytest.", "- Deploys by a shell script."]
        + [f"- library {i}: pinned in requirements.txt" for i in range(16)]) + "\n")
    days = [f"- day {i}: menu photos for week {i} uploaded, allergens checked" for i in range(20)]
    days[12] = "- day 12: the API port changed to 5100 (the old one clashed with the print server)"
    write(mem_dir, "activeContext.md", "# Now\n\n" + "\n".join(days) + "\n")
    write(mem_dir, "systemPatterns.md", "# Patterns\n\n" + "\n".join(
        [f"- rule {i}: screens stay readable on the kiosk, big buttons, no scrolling" for i in range(20)]
        + ["- never hard-code a port in the kiosk client"]) + "\n")
    write(mem_dir, "projectbrief.md", "# Brief\n\nPupils choose lunch at a kiosk; kitchen staff see the meals on a screen.\n")
    write(mem_dir, "productContext.md", "# Product\n\nParents top up the card through the card API; menus change weekly.\n")
    write(mem_dir, "progress.md", "# Progress\n\n- [x] menus\n- [x] card top-up\n- [ ] refunds in the API\n")
    return mem_dir, root


def test_a_long_log_that_names_the_words_in_one_of_its_lines_goes_in_second(bank):
    """The setup note answers; the running log's one line about the port is the owner's second
    answer, though a long body speaks of the words less than a short note does (its length
    discounts each line): it goes in after the setup note, and says why."""
    from test_retrieval_cases import decide
    d = decide(*bank, "which port does the orders API run on?")
    got = [c.id for c in d.injected]
    assert got[:2] == ["techContext.md", "activeContext.md"], got
    assert any("beside the entries matched" in r.detail for r in d.injected[1].reasons), d.injected[1].reasons


def test_a_note_that_never_speaks_of_the_words_is_no_fill(bank):
    # the brief never names the API, a port or the orders: however many places are left, it stays
    # out; the notes that name one common word once fill them, after the log that names two
    from test_retrieval_cases import decide
    d = decide(*bank, "which port does the orders API run on?", max_count=6)
    got = [c.id for c in d.injected]
    assert "projectbrief.md" not in got and got[:2] == ["techContext.md", "activeContext.md"], got
    assert set(got[2:]) == {"systemPatterns.md", "productContext.md", "progress.md"}, got


def test_small_talk_over_the_bank_stays_silent(bank):
    from test_retrieval_cases import decide
    assert not decide(*bank, "good morning, how are you today?").injected
