"""Retrieval, stop 49 (issue 40): a folder too small for rarity (what the heldout49 pools showed, on text written here)."""
from __future__ import annotations

import pytest


@pytest.fixture
def two_notes(mem_dir, root):
    """A Claude Code folder of two notes about one small app: both speak of the release tag and
    the changelog (a folder this small has no rarity: every word the prompt shares, both hold),
    the checklist far more than the state note; both speak of the garden demo, the state note more."""
    from test_retrieval_cases import entry
    entry(mem_dir, "release_checklist", name="release checklist", description="steps before a version goes out",
          body="- bump the tag in pyproject first\n- the changelog gets one line per fix\n"
               "- push the tag after the changelog is merged\n- the garden photos stay out of the wheel\n")
    entry(mem_dir, "app_state", name="where the app stands", description="modules, hosting, what is done",
          body="The app runs on one small VPS. The login page is done, the export is half done.\n"
               "Photos of the garden demo live in assets/.\nThe garden demo is the first page. CI builds on every push.\n"
               "The changelog and the release tag are kept by the release checklist.\n")
    return mem_dir, root


def test_in_a_two_note_folder_two_words_both_hold_open_the_gate_for_the_note_that_speaks_of_them(two_notes):
    """Nothing matched a name or a description, and each word of the prompt is held by both notes
    (no rarity to open the gate): two of the prompt's words in the body that speaks of them most
    do, and the other note goes in beside it (a plain BM25 top 3 gives both)."""
    from test_retrieval_cases import decide
    d = decide(*two_notes, "i moved the tag, anything to add to the changelog?")
    assert [c.id for c in d.injected] == ["release_checklist.md", "app_state.md"], d.message
    assert any("speaks of it most" in r.detail for r in d.injected[0].reasons), d.injected[0].reasons


def test_in_a_two_note_folder_one_word_both_hold_stays_silent(two_notes):
    # small talk that shares one word with both notes is still small talk
    from test_retrieval_cases import decide
    assert not decide(*two_notes, "my garden looks lovely this evening").injected


def test_the_kept_index_decides_alike_in_a_two_note_folder(two_notes):
    from test_lazyindex import index, same
    index(*two_notes)
    same(*two_notes, ["i moved the tag, anything to add to the changelog?", "my garden looks lovely this evening",
                      "changelog"])
