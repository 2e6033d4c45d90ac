"""Issue 37, stop 49 (te49): an entry that holds (a stack, rules, a reason) and gives the WHOLE
entry a state on one labelled line ("**Status**: design phase done (2026-04-12)", "Estado: COMPLETO
— 412 fichas") is edited, naming that line: the owner keeps the rest and fixes the line the agent
would read as still true. A problem's record whose label says it was settled ("Status: RESOLVED")
keeps its last word, and a state said in passing among plain lines stays a note.
An entry whose headline rules out what its own body prescribes goes to review, naming both.
(Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run

OVERVIEW = """## Seedling planner

**Why**: the allotment club keeps its bed rota on paper and loses it every spring.

**Status**: technical design phase finished (2026-04-12)

**Concept**: members book a bed per season; the rota prints itself for the noticeboard.

**Decided**:
- One season = March to October; beds are never split
- Members log in with a club number and a PIN
- Fees are paid at the shed, never online

**Stack**:
- Frontend: SvelteKit
- Backend: Go 1.22 + chi
- Database: SQLite on the club's NAS

**How to apply**: propose designs on this stack; do not suggest a second backend language.
"""

CATALOGUE = """## Lab handouts per course

Where the handouts come from: the lab manual's chapters, one per practical.

Why: students lost marks for bringing last year's safety sheet.

**Estado: COMPLETO para los 6 grados** — 412 fichas generadas, una por práctica.

The manual's PDF export drops the hazard symbols: take them from the source files.

How to apply: when a course is added, build its sheet from the syllabus, never from last year's sheet.
"""

INCIDENT = """## Nightly export stalls

**Status:** RESOLVED

Symptom: the export job hung at 3 am every night after the upgrade.

Root cause: the connection pool was sized 5 while the job opened 8 cursors.

Fix: the pool is sized from the job's worker count (settings.EXPORT_WORKERS + 2).

Lesson: size a pool from the work that uses it, never a fixed number.

How it showed: no error in the log; the job's last line was the third table's header.

How to check it: `SELECT count(*) FROM pg_stat_activity WHERE application_name = 'export'` while it runs.

Trap: raising the pool in the admin panel does nothing; the job reads settings at start only.

Trap: the staging box has 16 cores, production 4; a pool sized on staging hides the stall.

Why it matters: the morning invoices read the export; a stall means no invoices until noon.
"""


def test_an_overview_that_states_its_phase_on_one_labelled_line_is_edited_at_that_line(mem_dir, root):
    triage_entry(mem_dir, "planner_overview.md", OVERVIEW, "Seedling planner: requirements done, stack chosen", "project")
    got = run(mem_dir, root)["planner_overview.md"]
    assert got.action == "edit", (got.action, got.reasons)
    assert any("Status" in r for r in got.reasons), got.reasons


def test_a_labelled_count_of_finished_work_among_lasting_lines_is_edited(mem_dir, root):
    triage_entry(mem_dir, "handouts.md", CATALOGUE, "Lab handouts: where they come from and how to build them", "project")
    got = run(mem_dir, root)["handouts.md"]
    assert got.action == "edit", (got.action, got.reasons)


def test_a_problem_record_labelled_resolved_keeps_its_last_word(mem_dir, root):
    triage_entry(mem_dir, "export_stall.md", INCIDENT, "Nightly export stalled: pool too small", "project")
    got = run(mem_dir, root)["export_stall.md"]
    assert got.action != "edit", (got.action, got.reasons)


RUNBOOK = """The scheduler runs as a systemd service on the build box, with a 30-second stop timeout.

Why: the default 90 s held every deploy while a stuck job drained.

How to apply: if a deploy hangs at "stopping", lower TimeoutStopSec before anything else.

## Commands

- Status: `systemctl status jobsched`
- Restart: `sudo systemctl restart jobsched`
- Logs: `journalctl -u jobsched -n 50`
- Reinstall: `./deploy/install.sh` (idempotent)

## Network

- Port 7070/TCP, opened to the CI runners only.
- Metrics on 9102, scraped every 30 s.
"""


def test_a_status_label_that_names_a_command_is_no_state_of_the_entry(mem_dir, root):
    triage_entry(mem_dir, "service.md", RUNBOOK, "How the scheduler runs on the build box", "project")
    got = run(mem_dir, root)["service.md"]
    assert got.action != "edit", (got.action, got.reasons)


COURIER = """Tutor booking app: parents book lessons in slots a tutor publishes.

## Stack

| Layer | Tech |
|---|---|
| API | Django 5, DRF, Postgres |
| Web | Vue 3 + Pinia |
| Mobile | Flutter |

## Business rules

- A slot is 45 minutes; a tutor publishes at most 30 a week.
- A booking is free to cancel until 24 h before; after that it is charged.
- A tutor confirms each booking; unconfirmed ones lapse after 12 h.
- Ratings open only after the lesson's end time.

## Tables

- `slots` (tutor_id, starts_at, subject, capacity)
- `bookings` (slot_id, parent_id, state; unique slot+parent)

## Status (2026-06-19)

Booking and cancelling are finished; the ratings screen is not built and emails still go to a test inbox.

How to apply: continue with the ratings screen; a new rule also gets its API test.
"""


def test_a_section_dated_as_the_state_of_a_day_is_edited_in_a_lasting_overview(mem_dir, root):
    triage_entry(mem_dir, "courier.md", COURIER, "Tutor booking app overview: stack, rules, tables", "project")
    got = run(mem_dir, root)["courier.md"]
    assert got.action == "edit", (got.action, got.reasons)


EXPORTS = """## Where exports go

**Never** write spreadsheets for the user as `.csv` — the user opens them in a viewer that mangles accents.

**Formats:** `.xlsx` for tables, `.pdf` for anything to print.

**Preferred location:** **Downloads** (the browser's download folder) so the files are one click away.

**How to apply:** save every export as `.xlsx` or `.pdf`; never leave a `.csv` behind.
"""

EXPORTS_AGREE = EXPORTS.replace("**Downloads** (the browser's download folder)", "**the E: drive** (its exports folder)")


def test_a_headline_that_rules_out_what_its_body_prescribes_goes_to_review_naming_both(mem_dir, root):
    triage_entry(mem_dir, "exports.md", EXPORTS, "User wants exports on the E: drive, not Downloads; never as CSV", "user")
    got = run(mem_dir, root)["exports.md"]
    assert got.action == "review", (got.action, got.reasons)
    assert "Downloads" in got.reasons[0] and "description" in got.reasons[0], got.reasons


def test_a_body_that_agrees_with_its_headline_is_no_doubt(mem_dir, root):
    triage_entry(mem_dir, "exports.md", EXPORTS_AGREE, "User wants exports on the E: drive, not Downloads; never as CSV", "user")
    got = run(mem_dir, root)["exports.md"]
    assert got.action != "review", (got.action, got.reasons)
