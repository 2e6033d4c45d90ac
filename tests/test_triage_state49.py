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

**Why**: a side project to learn FastAPI and the Claude API together; the AI coach is what sets it apart.

**Status**: technical design phase finished (2026-04-12)

**Concept**: plan a garden backwards from the harvest you want; the coach reviews the beds each week.

**Decided**:
- Platform: web first, mobile later
- Sign-in: Google and Apple only
- No payments (a learning project)

**Stack**:
- Frontend: React 18 + Vite + TypeScript
- Backend: Python 3.12 + FastAPI
- Database: Postgres with row-level security

**How to apply**: propose designs on this stack; do not suggest a second backend language.
"""

CATALOGUE = """## Lab handouts per course

Where the handouts come from: the faculty site lists each course's syllabus under /plan.asp.

Why: the department asked for one sheet per course, not one per semester.

**Estado: COMPLETO para los 6 grados** — 412 fichas generadas, una por asignatura.

The syllabus page answers 0 bytes without the session cookie: fetch the index first.

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


RUNBOOK = """The app runs as a systemd service on the office box (user `lab`, not root: the share mounts are per user).

Why: as root the share at /mnt/reports was invisible and every upload failed with 'folder not found'.

How to apply: if uploads fail, check the unit's User= line first, then the mount.

## Commands

- Status: `systemctl status labreports`
- Restart: `sudo systemctl restart labreports`
- Logs: `journalctl -u labreports -n 50`
- Reinstall: `./deploy/install.sh` (idempotent)

## Network

- Port 3000/TCP, opened for the LAN only.
- The box keeps a fixed address; DHCP is off on it.
"""


def test_a_status_label_that_names_a_command_is_no_state_of_the_entry(mem_dir, root):
    triage_entry(mem_dir, "service.md", RUNBOOK, "How the service runs on the office box", "project")
    got = run(mem_dir, root)["service.md"]
    assert got.action != "edit", (got.action, got.reasons)


COURIER = """Courier app: a delivery marketplace where drivers bid on posted parcels.

## Stack

| Layer | Tech |
|---|---|
| API | Laravel 11, PHP 8.3, Sanctum |
| Web | React + Vite + Tailwind |
| Mobile | Expo, axios |

## Business rules

- A user can be both sender and driver.
- A driver registers a vehicle profile before bidding.
- The sender picks one bid; the others are rejected at once.
- The driver marks the parcel delivered; the sender then rates 1-5.

## Tables

- `parcels` (sender_id, driver_id, budget, final_price, status)
- `bids` (parcel_id, driver_id, price; unique parcel+driver)

## Status (2026-06-19)

Web and API are finished; the mobile app has no screens yet and CORS is still open for every origin.

How to apply: continue with the mobile screens; a new endpoint also gets its web page.
"""


def test_a_section_dated_as_the_state_of_a_day_is_edited_in_a_lasting_overview(mem_dir, root):
    triage_entry(mem_dir, "courier.md", COURIER, "Courier app overview: stack, rules, tables", "project")
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
