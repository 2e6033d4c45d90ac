"""Issue 37, stop 50 (suggestions on real folders, tf50): what in an entry makes a careful owner
edit, archive or drop it where triage said keep. Texts written for these tests, modelled on shapes
seen in read pools, never copied."""
from __future__ import annotations

from conftest import triage_entry, triaged as run


def test_a_labelled_list_of_steps_marked_done_and_to_do_is_edited_out_of_a_durable_overview(mem_dir, root):
    triage_entry(mem_dir, "project_overview.md",
                 "A port of the tabletop rules engine to a Godot 4.3 client.\n\n"
                 "## Stack\n- **Engine**: Godot 4.3\n- **Scripting**: GDScript, C# for the solver\n"
                 "- **Assets**: art/ (tiles, units, sounds)\n\n"
                 "## Goals\n- Same rules as the printed edition, turn by turn\n- Play offline against the AI\n"
                 "- Save a game at any turn and load it on another machine\n\n"
                 "## Importer\n- Reads the printed cards from JSON exported by the card editor\n"
                 "- Progress:\n  - ✅ Stage 1: card parser\n  - ✅ Stage 2: unit stats\n"
                 "  - ⏳ Stage 3: terrain rules\n  - ⏳ Stage 4: campaign scripts\n"
                 "- Plan: docs/importer-plan.md\n",
                 "Tabletop rules engine ported to Godot 4.3")
    got = run(mem_dir, root)["project_overview.md"]
    assert got.action == "edit", (got.action, got.reasons)
    assert "Stage 3" in " ".join(got.reasons)


def test_a_do_and_dont_list_marked_yes_and_no_is_no_checklist(mem_dir, root):
    triage_entry(mem_dir, "feedback_copy_tone.md",
                 "How the landing page copy is written.\n\n"
                 "Tone:\n- ✅ short sentences, one idea each\n- ✅ the reader as 'you'\n"
                 "- ❌ exclamation marks\n- ❌ jargon the reader has to look up\n",
                 "Landing page copy: short, plain, no exclamation marks", "feedback")
    got = run(mem_dir, root)["feedback_copy_tone.md"]
    assert got.action in ("keep", "promote"), (got.action, got.reasons)


def test_a_decision_log_is_its_decisions_and_their_reasons_not_a_record_of_work(mem_dir, root):
    triage_entry(mem_dir, "decision_log.md",
                 "The choices made on the editor, one a section.\n\n"
                 "### Decision\n[2026-02-11 09:12] - Kept the outline state in the page component, passed down.\n\n"
                 "**Rationale:** a shared store re-rendered every open panel on each keystroke.\n\n"
                 "**Details:**\n- `useOutline` is called once, in `page.tsx`.\n"
                 "- The panels get `items` and `onMove` as props.\n- `OutlineStore.ts` is no longer used.\n\n"
                 "### Decision\n[2026-02-12 16:40] - Notes are saved as Markdown files, one a note.\n\n"
                 "**Rationale:** the user wants to open them in any editor and keep them in git.\n\n"
                 "**Details:**\n- The file name is the note's slug.\n- Front matter holds the tags.\n",
                 "Decision Log")
    got = run(mem_dir, root)["decision_log.md"]
    assert got.action == "keep", (got.action, got.reasons)


def test_a_note_whose_headline_waits_for_tomorrow_held_for_one_day(mem_dir, root):
    triage_entry(mem_dir, "chapter7_drafts.md",
                 "## Background\nTwo drafts of chapter 7 were written; the author liked neither and writes his own.\n\n"
                 "## What to compare\n1. The hero's voice in the market scene\n2. How the bargaining goes\n"
                 "3. Where the chapter's hook lands\n",
                 "Chapter 7 drafts kept side by side for tomorrow's comparison with the author's own", "feedback")
    got = run(mem_dir, root)["chapter7_drafts.md"]
    assert got.action == "archive", (got.action, got.reasons)
    assert "the day after it was written" in got.reasons[0]


def test_items_filed_under_a_rules_heading_are_the_projects_rules_to_promote(mem_dir, root):
    triage_entry(mem_dir, "conventions.md",
                 "## Team rules\n\n- Every change to a handler comes with its feature test.\n"
                 "- A new endpoint gets tests for success, a validation error and a refused permission.\n"
                 "- A changed response shape updates the assertions of the tests that read it.\n\n"
                 "**How to apply:** before each commit, look for the tests the change touches.",
                 "Development rules of the project: tests with every feature")
    got = run(mem_dir, root)["conventions.md"]
    assert got.action == "promote", (got.action, got.reasons)


def test_principles_of_the_domain_under_a_heading_stay_memory(mem_dir, root):
    triage_entry(mem_dir, "entry_timing.md",
                 "## Core principles\n\n- Buy on the rebound after a confirmed bottom: posts 1021, 1160.\n"
                 "- Volume should rise on up days: 1188, 1402.\n- Sell on a broken support line: 1533.\n",
                 "Entry timing principles extracted from the mentor archive")
    got = run(mem_dir, root)["entry_timing.md"]
    assert got.action == "keep", (got.action, got.reasons)


def test_a_backlog_by_its_headline_keeps_its_open_items(mem_dir, root):
    triage_entry(mem_dir, "project_state.md",
                 "Start here. Closed items move to the changelog.\n\n## Backlog\n\n### Waiting for the owner's go\n"
                 "- [pending] Run the installer end to end on a clean VM and fix what breaks.\n"
                 "- [pending] Pin the image versions instead of `:latest`.\n"
                 "- [pending] Health checks in the service units.\n\n### Needs a plan\n"
                 "- A second copy of the data: one disk is no backup.\n"
                 "- Login with a session cookie and a limit on attempts.\n\n"
                 "## Decided against (do not reopen)\n- Opening ports on the router: everything goes through the VPN.\n",
                 "Standing backlog of the home server project: read the Backlog section first")
    got = run(mem_dir, root)["project_state.md"]
    assert got.action == "keep", (got.action, got.reasons)
