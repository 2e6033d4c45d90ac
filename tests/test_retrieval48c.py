"""Retrieval, stop 48 round 3 (issue 40): words every memory folder uses for where the work
stands, a session and a phase, meet across languages, and German's 'nochmal' is filler.

Modelled, not copied: a folder in one language, a prompt in another."""
from __future__ import annotations

import pytest

from test_retrieval_cases import entry, injected
from tui.core.engine.tokens import terms


@pytest.mark.parametrize("a, b", [
    ("phiên trước", "last session"), ("sesión anterior", "session notes"), ("la sessione di ieri", "session"),
    ("letzte Sitzung", "session"), ("прошлая сессия", "session"), ("이전 세션", "session"),
    ("前回のセッション", "session"), ("上次会话", "session"),
    ("la fase 3", "Phase 3"), ("fase dos", "phases"), ("Phase zwei", "phase"), ("третья фаза", "phase"),
    ("giai đoạn 2", "phase two"), ("フェーズ2", "phase"), ("第二阶段", "phase"),
])
def test_session_and_phase_meet_across_languages(a, b):
    assert {"session", "phase"} & terms(a) & terms(b), (terms(a), terms(b))


def test_a_version_in_vietnamese_is_no_session():
    # 'phiên' alone is a session; 'phiên bản' is a version
    assert "session" not in terms("phiên bản mới"), terms("phiên bản mới")
    assert "version" in terms("phiên bản mới") & terms("the new version")


def test_english_versioned_is_no_italian_versione():
    # a form that starts a longer English word is written whole ('versione=' would take 'versioned')
    assert terms("versioned") == terms("versioned routes") - terms("routes")
    assert "version" not in terms("versioned") and "version" in terms("la versione") & terms("version")


def test_sessionstorage_stays_its_own_word():
    assert "session" not in terms("sessionStorage keeps the draft") - terms("session")


def test_german_particles_are_filler():
    assert not terms("nochmal ab")


def test_a_prompt_about_the_last_session_finds_the_session_note(mem_dir, root):
    """The folder's notes are in English; the prompt asks in Vietnamese where the last session
    left off, with no other word the notes share."""
    entry(mem_dir, "last_session", name="Last session summary", description="what the previous session did",
          body="- moved the importer to the worker\n- next: retry queue")
    entry(mem_dir, "stack", name="Stack", description="framework and database", body="Django with Postgres.")
    entry(mem_dir, "people", name="People", description="who reviews what", body="Lan reviews the importer.")
    assert injected(mem_dir, root, "phiên trước xong chưa?")[:1] == ["last_session.md"]


def test_an_italian_prompt_about_a_phase_finds_the_english_plan(mem_dir, root):
    entry(mem_dir, "execution", name="Phase execution progress", description="Phase 2 in progress, checkpoint pending",
          body="Phase 1 done.\nPhase 2 pages built, review pending.")
    entry(mem_dir, "design", name="Design rules", description="colours and type", body="Serif headings.")
    entry(mem_dir, "deploy", name="Deploy", description="how the site ships", body="Netlify on push.")
    assert injected(mem_dir, root, "la fase 2 è finita?")[:1] == ["execution.md"]


def test_german_particles_do_not_rank_a_long_note_first(mem_dir, root):
    """A German prompt with a separable verb's particle ('bricht ab') and 'nochmal' (again):
    the note that merely holds 'ab' and 'nochmal' is not the answer before the one that names
    the build error."""
    entry(mem_dir, "pitfalls", name="Known pitfalls", description="build errors and their fixes",
          body="MSB4711: the SDK path is missing; set it in global.json.")
    entry(mem_dir, "decisions", name="Decisions", description="why the app is made this way",
          body="Ab Version 3 bleiben wir bei WinForms, das haben wir nochmal geprüft; the build stays x86.\n" * 3)
    entry(mem_dir, "overview", name="Overview", description="what the app does",
          body="Antragsformular; the build once failed with MSB4711.")
    entry(mem_dir, "ci", name="CI", description="the build pipeline", body="Runs on push.")
    assert injected(mem_dir, root, "wie lösen wir MSB4711 nochmal? der build bricht ab")[:1] == ["pitfalls.md"]


def test_a_rare_identifier_the_prompt_names_outweighs_a_common_name_word(mem_dir, root):
    """The prompt names a code symbol one note holds in its body, and a common word ('project')
    that another note's name holds: the note that holds the symbol answers, as a plain BM25 has it."""
    entry(mem_dir, "project_phase", name="Project current phase", description="what is being built now",
          body="Phase 1: the forms engine.\nPhase 2: the grammar.")
    entry(mem_dir, "decisions", name="Architecture decisions", description="why things are where they are",
          body="HiddenWhenEmptyConverter lives in the Shared project, not in Core: the designer loads it.\n"
               "The API references Infrastructure directly.")
    entry(mem_dir, "profile", name="Profile", description="who the owner is", body="Runs it alone.")
    entry(mem_dir, "style", name="Style", description="naming rules", body="Suffix converters with Converter.")
    assert injected(mem_dir, root, "HiddenWhenEmptyConverter nên nằm trong project nào, có phải Core không?")[:1] == ["decisions.md"]
