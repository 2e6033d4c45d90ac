"""Issue 37, stop 48 round 2: an instruction line often says its rule in two halves, one each way
round ("every X goes through Y; never write Z directly"): a memory that restates one half is
compared with that half's way round, not the whole line's."""
from __future__ import annotations

import pytest

from tui.core.judging.project_index import RuleLine
from tui.core.reports.triage_meaning import Meanings

CLAUDE = """# rules

1. Every write to `balance_cents` goes through `LedgerBook.post`; never update the accounts table by hand.
2. Keep migrations reversible.
3. Ask before adding a new dependency.
4. Never log a customer's card number.
"""


def book():
    return Meanings([RuleLine("CLAUDE.md", n, t, frozenset()) for n, t in enumerate(CLAUDE.splitlines(), 1)])


@pytest.mark.parametrize("text", [
    "All balance writes go through LedgerBook.post",                       # the first half, said positively
    "Never update the accounts table by hand.",                            # the second half, negated as it is
])
def test_a_memory_restating_one_half_of_a_two_way_rule_is_found(text):
    got = book().restated(text)
    assert got is not None and got.line == 3


@pytest.mark.parametrize("text", [
    "Update the accounts table by hand when a post fails.",                # the second half turned round
    "Balance writes never go through LedgerBook.post.",                     # the first half turned round
])
def test_a_half_turned_round_is_still_not_a_restatement(text):
    assert book().restated(text) is None


# -- whole entries (stop 48 round 2): texts written for these tests ------------------------------------

from conftest import triage_entry, triaged as run, write  # noqa: E402

RULES = """# Greenhouse API

## Rules
1. Amounts are integer cents (`total_cents`) everywhere; no floats on the wire.
2. Background jobs take primary keys, never model instances, and must be safe to run twice.
3. Ask before adding a dependency.
"""


def test_a_rule_restated_in_other_words_or_in_spanish_is_dropped_never_promoted(mem_dir, root):
    write(root, "CLAUDE.md", RULES)
    triage_entry(mem_dir, "importes.md", "Los importes se guardan en céntimos enteros; nada de float en la API.",
                 "Importes en céntimos enteros", "project")
    triage_entry(mem_dir, "jobs.md", "Pass the order id to a job, not the Order instance, and let a second run do no harm.",
                 "Jobs get ids, not objects; must tolerate re-runs", "feedback")
    got = run(mem_dir, root)
    for i in ("importes.md", "jobs.md"):
        assert got[i].action == "drop", (i, got[i].reasons)
        assert any("CLAUDE.md:" in r for r in got[i].reasons)


def test_settings_listed_in_words_are_the_env_files_keys(mem_dir, root):
    write(root, ".env.example", "APP_SECRET_KEY=x\nAPP_DEBUG=false\nALLOWED_ORIGINS=*\nQUEUE_URL=amqp://q\n"
                                "MAILER_FROM=noreply@example.org\n")
    triage_entry(mem_dir, "settings.md", "Set in .env: the secret key, a debug flag, allowed origins, the queue URL and "
                                         "the mailer's from address.", "What the service reads", "reference")
    triage_entry(mem_dir, "why_env.md", "Set in .env: the secret key, a debug flag, allowed origins.\n\n"
                                        "**Why:** the staging box once ran with the debug flag on for a week.",
                 "What the service reads", "reference")
    got = run(mem_dir, root)
    assert got["settings.md"].action == "drop", got["settings.md"].reasons
    assert any(".env.example:1" in r for r in got["settings.md"].reasons)
    assert got["why_env.md"].action != "drop"


def test_a_line_dated_to_this_moment_or_left_halfway_is_edited_out(mem_dir, root):
    write(root, "app/views.py", "x = 1\n")
    triage_entry(mem_dir, "release.md", "Releases go out with `make ship` from main only.\n"
                 "Only one worker may run the scheduler, otherwise mails go out twice.\n\n"
                 "Right now (3 Mar) the staging certificate is stuck waiting for DNS.",
                 "How the release is deployed", "reference")
    triage_entry(mem_dir, "import.md", "Prices come from the shared sheet; export it as CSV and run the admin import.\n"
                 "The import converts euros to cents itself, never pre-convert.\n\n"
                 "Halfway through adding an export action; continue from exporter.py line ~40.",
                 "Importing prices from the sheet", "reference")
    got = run(mem_dir, root)
    assert got["release.md"].action == "edit", got["release.md"].reasons
    assert got["import.md"].action == "edit", got["import.md"].reasons


def test_a_list_pending_for_this_week_and_a_days_debugging_diary_are_archived(mem_dir, root):
    triage_entry(mem_dir, "pendientes.md", "- revisar el PR de Ana\n- preguntar por la tarifa de verano\n- subir versión del SDK",
                 "Pendientes de esta semana", "project")
    triage_entry(mem_dir, "debug_queue.md", "4/3: jobs stayed queued on my laptop. Tried flushing the queue, nothing. "
                 "Turned out a stale worker from another checkout was eating them; killed it, fine.",
                 "Debugging: jobs stuck in the queue (4 Mar)", "project")
    triage_entry(mem_dir, "decision_locks.md", "2026-03-04: decided to lock the account pair in sorted order, because "
                 "row locks deadlocked under concurrent refunds.", "2026-03-04 decision: sorted pair locks", "project")
    got = run(mem_dir, root)
    assert got["pendientes.md"].action == "archive", got["pendientes.md"].reasons
    assert got["debug_queue.md"].action == "archive", got["debug_queue.md"].reasons
    assert got["decision_locks.md"].action != "archive"


def test_a_mobile_stack_and_fastlane_lanes_restated_are_dropped_with_their_lines(mem_dir, root):
    write(root, "Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n"
                                 "    name: \"Sprout\",\n    platforms: [.iOS(.v17)],\n)\n")
    write(root, "fastlane/Fastfile", "default_platform(:ios)\n\nplatform :ios do\n  lane :check do\n    scan\n  end\n\n"
                                     "  lane :nightly do\n    build_app\n    upload_to_testflight\n  end\nend\n")
    triage_entry(mem_dir, "lanes.md", "Run the tests with `bundle exec fastlane check`; `fastlane nightly` uploads a build.",
                 "Fastlane lanes", "reference")
    triage_entry(mem_dir, "platform.md", "The app targets iOS 17.", "Minimum iOS", "project")
    got = run(mem_dir, root)
    assert got["lanes.md"].action == "drop", got["lanes.md"].reasons
    assert any("Fastfile:4" in r for r in got["lanes.md"].reasons), got["lanes.md"].reasons
    assert got["platform.md"].action == "drop", got["platform.md"].reasons
    assert any("Package.swift:6" in r for r in got["platform.md"].reasons)


def test_an_open_decision_goes_to_the_owner(mem_dir, root):
    triage_entry(mem_dir, "pasarela.md", "El equipo está valorando cambiar de pasarela de pago por las comisiones. Sin decidir.\n"
                 "Si se hace, habría que rehacer el cobro entero.", "Posible cambio de pasarela", "project")
    triage_entry(mem_dir, "spec.md", "\n".join(f"- field {i}: integer" for i in range(6)) + "\n- retention: TBD",
                 "Export file layout", "project")
    got = run(mem_dir, root)
    assert got["pasarela.md"].action == "review", got["pasarela.md"].reasons
    assert got["spec.md"].action != "review"


def test_a_bundle_id_written_bare_is_found_in_the_build_settings(mem_dir, root):
    write(root, "Config/Base.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = org.sproutlab.garden\nMARKETING_VERSION = 2.3\n")
    triage_entry(mem_dir, "bundle.md", "The bundle id is org.sproutlab.garden.", "Bundle identifier", "reference")
    got = run(mem_dir, root)["bundle.md"]
    assert got.action == "drop", got.reasons
    assert any("Base.xcconfig:1" in r for r in got.reasons), got.reasons


@pytest.mark.parametrize("line", [
    "Status (4 Mar): waiting on the store review for 2.1.",
    "As of Mar 4 the nightly build is stuck in processing.",
    "Currently blocked on the payment sandbox account.",
    "Started moving the sync layer last week; not done yet.",
])
def test_a_status_line_in_an_owners_words_among_durable_ones_is_an_edit(mem_dir, root, line):
    triage_entry(mem_dir, "sync.md", "Sync runs on app launch and every 30 minutes in the background.\n"
                 "Conflicts resolve last-writer-wins per field, never per record.\n"
                 f"The server is the source of truth for deletions.\n\n{line}", "How sync works", "project")
    got = run(mem_dir, root)["sync.md"]
    assert got.action == "edit", got.reasons


def test_a_setup_list_dated_by_as_of_is_no_status(mem_dir, root):
    triage_entry(mem_dir, "machine.md", "On the studio Mac, as of 2026-03-04:\n- Xcode is installed from the App Store.\n"
                 "- The signing certificate is in the login keychain.\n- The repo is cloned to ~/src/sprout.",
                 "Local setup of the studio Mac", "reference")
    got = run(mem_dir, root)["machine.md"]
    assert got.action != "edit" and got.action != "archive", got.reasons


def test_a_headline_that_says_the_question_is_open_goes_to_the_owner(mem_dir, root):
    triage_entry(mem_dir, "limit.md", "Free accounts may get 3 or 5 saved plans; the owner hasn't decided yet.",
                 "Free tier plan limit", "project")
    got = run(mem_dir, root)["limit.md"]
    assert got.action == "review", got.reasons


def test_one_setting_given_two_amounts_in_two_languages_goes_to_the_owner(mem_dir, root):
    triage_entry(mem_dir, "refund_en.md", "Full refund when a class is cancelled at least 48 hours before it starts.",
                 "Refund window", "project")
    triage_entry(mem_dir, "reembolso_es.md", "Reembolso completo si el alumno cancela la clase 24 horas antes.",
                 "Ventana de reembolso", "project")
    triage_entry(mem_dir, "backup.md", "Backups run every 24 hours and are kept for 30 days.", "Backups", "project")
    triage_entry(mem_dir, "reminder_a.md", "The daily watering reminder fires at 08:00 by default.", "Default reminder", "project")
    triage_entry(mem_dir, "reminder_b.md", "By default the daily watering reminder fires at 19:00 local time.",
                 "Reminder time", "project")
    got = run(mem_dir, root)
    for i, other in (("refund_en.md", "reembolso_es.md"), ("reembolso_es.md", "refund_en.md"),
                     ("reminder_a.md", "reminder_b.md"), ("reminder_b.md", "reminder_a.md")):
        assert got[i].action == "review", (i, got[i].reasons)
        assert any(other in r for r in got[i].reasons), got[i].reasons
    assert got["backup.md"].action != "review", got["backup.md"].reasons
