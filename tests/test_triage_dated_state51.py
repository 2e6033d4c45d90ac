"""Issue 37, stop 51 (after the held-out pools): an entry that holds (facts, a reason, how to apply)
and gives the work's state on one line dated or named as the current phase ("Estado a 2026-09-24: …",
"**Current phase:** …") is edited at that line, as "**Status**: …" already was; a section headed as
what was pending on a day ("## Open points to settle (2026-05-09)") is edited out of a lasting entry, while a
dated section of a setup's state ("## Current config (2026-05-09)") is not process. In an entry about
a person, their "Current phase:" is a fact about them, not a state of the work.
(Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run

SHELF = """## Herbarium catalogue site

The site lists the herbarium's sheets by family, with a photo and the collector's label.

Why: the volunteers answer the same 'do you hold X' mail every week.

**Stack**: Astro static pages built from a CSV export of the sheet register.

**Decided**:
- Photos are served from the museum's CDN, never from the repository
- Latin names are the key; common names are a search alias only

{state}

How to apply: add a family by adding its CSV rows; never hand-edit the generated pages.
"""


def test_a_state_line_dated_to_a_day_is_edited_in_a_lasting_entry(mem_dir, root):
    body = SHELF.format(state="Estado a 2026-09-24: familias 1 a 12 publicadas; la 13 en curso.")
    triage_entry(mem_dir, "catalogue.md", body, "Herbarium catalogue site: stack and decisions", "project")
    got = run(mem_dir, root)["catalogue.md"]
    assert got.action == "edit", (got.action, got.reasons)
    assert any("Estado a" in r for r in got.reasons), got.reasons


def test_a_current_phase_line_is_edited_in_a_lasting_entry(mem_dir, root):
    body = SHELF.format(state="**Current phase:** Phase 2 — the family pages and the photo grid.")
    triage_entry(mem_dir, "catalogue.md", body, "Herbarium catalogue site: stack and decisions", "project")
    got = run(mem_dir, root)["catalogue.md"]
    assert got.action == "edit", (got.action, got.reasons)


ROBOT = """## Who does what

### Firmware
- Motor driver on CAN1, encoders read at 1 kHz
- Soft limits: arm angle within [-60, +60] degrees

### Simulator
- Inverse kinematics in closed form, elbow down by default
- Renders the arm live from UDP encoder packets

Encoder to frame: left joint angle = -(enc_1) - 12.5 degrees.

## {heading}

1. Motor direction check on the left joint
2. Zero pose measured against the encoder values
3. Right arm mirror confirmed
4. Which command the simulator sends targets with
"""


def test_a_section_of_items_pending_on_a_day_is_edited_out(mem_dir, root):
    triage_entry(mem_dir, "roles.md", ROBOT.format(heading="Open points to settle with firmware (2026-05-09)"),
                 "How firmware and simulator split the arm's work", "project")
    got = run(mem_dir, root)["roles.md"]
    assert got.action == "edit", (got.action, got.reasons)


def test_a_dated_section_of_a_setup_is_no_process(mem_dir, root):
    triage_entry(mem_dir, "roles.md", ROBOT.replace("1. Motor direction check on the left joint", "1. Motor driver firmware 3.2")
                 .format(heading="Current config (2026-05-09)"),
                 "How firmware and simulator split the arm's work", "project")
    got = run(mem_dir, root)["roles.md"]
    assert got.action not in ("edit", "archive"), (got.action, got.reasons)


PERSON = """- Name: Rui
- Studies: evening master's in network security
- Current phase: writing the thesis (threat models for clinics)
- Prefers answers in Portuguese, code comments in English

How to apply: explain a security trade-off before proposing the change.
"""


def test_a_persons_current_phase_is_a_fact_about_them(mem_dir, root):
    triage_entry(mem_dir, "user_profile.md", PERSON, "Who the user is and how he likes answers", "user")
    got = run(mem_dir, root)["user_profile.md"]
    assert got.action != "edit", (got.action, got.reasons)


# a rule the entry itself says is already written in the instruction file, in Russian (the words
# were matched in eight other languages): a drop, never a second copy by promotion
RU_PLACED = """**Не запускать миграции на общей базе без согласования.**
**Why:** База общая для трёх команд — это уже прописано в CLAUDE.md.
**How to apply:** Готовить миграцию и показывать её, но запускать только после явного «да»."""

RU_UNPLACED = RU_PLACED.replace("это уже прописано в CLAUDE.md", "это нужно прописать в CLAUDE.md")


def test_a_rule_said_to_be_written_in_the_instruction_file_in_russian_is_dropped(mem_dir, root):
    triage_entry(mem_dir, "feedback_migrations.md", RU_PLACED, "Не запускать миграции без согласования", "feedback")
    got = run(mem_dir, root)["feedback_migrations.md"]
    assert got.action == "drop", (got.action, got.reasons)
    assert "CLAUDE.md" in got.reasons[0], got.reasons


def test_a_rule_still_to_be_written_there_is_not_dropped(mem_dir, root):
    triage_entry(mem_dir, "feedback_migrations.md", RU_UNPLACED, "Не запускать миграции без согласования", "feedback")
    got = run(mem_dir, root)["feedback_migrations.md"]
    assert got.action != "drop", (got.action, got.reasons)
