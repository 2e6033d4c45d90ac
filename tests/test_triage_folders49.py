"""Issue 37, stop 49 (suggestions on real folders): a trap the agent learned, written as guidance,
is kept, not promoted — its reason tells what the code or the machine did and names no person who
wanted it. Texts written for these tests, modelled on shapes seen in read pools."""
from __future__ import annotations

from conftest import triage_entry, triaged as run


def test_guidance_whose_why_tells_what_the_code_did_is_a_trap_kept(mem_dir, root):
    triage_entry(mem_dir, "feedback_grid_gap.md",
                 "A grid parent with `gap` set ignores the margin of its children.\n\n"
                 "**Why:** This caused the card spacing bug on the pricing and the team pages.\n"
                 "**How to apply:** Always set spacing with `gap` on grid parents, never with child margins.",
                 "Always use gap on grid parents, never child margins", "feedback")
    triage_entry(mem_dir, "feedback_symlinks.md",
                 "Symlinked node_modules fail with 'module not found' on this WSL setup. Install per package instead.\n\n"
                 "**Why:** The WSL mount does not follow the links the workspace tool makes.\n"
                 "**How to apply:** Never run the workspace link step here.",
                 "Symlinks fail on this WSL setup - install per package", "feedback")
    got = run(mem_dir, root)
    for i in ("feedback_grid_gap.md", "feedback_symlinks.md"):
        assert got[i].action == "keep", (i, got[i].action, got[i].reasons)


def test_guidance_the_user_set_still_promotes_whatever_its_why_tells(mem_dir, root):
    triage_entry(mem_dir, "feedback_small_commits.md",
                 "Commit after every finished step, with a message that says what changed.\n\n"
                 "**Why:** The user asked for it: a large commit caused a lost afternoon of review last week.\n"
                 "**How to apply:** One step, one commit.",
                 "Always commit after every finished step", "feedback")
    triage_entry(mem_dir, "feedback_no_pickle.md",
                 "Store data as parquet or JSON only. Never pickle.\n\n"
                 "**Why:** Pickled files lock the data to one Python version and one library.\n"
                 "**How to apply:** Every step that saves data writes parquet.",
                 "Never store data as pickle files", "feedback")
    got = run(mem_dir, root)
    for i in ("feedback_small_commits.md", "feedback_no_pickle.md"):
        assert got[i].action == "promote", (i, got[i].action, got[i].reasons)


def test_guidance_the_user_wrote_promotes_though_it_tells_a_failure(mem_dir, root):
    from conftest import write
    write(mem_dir, "fmt_check.md", "---\nname: fmt-check\ndescription: Format check fails on any diff; run the "
                                   "formatter before pushing\ntype: feedback\nsource: user\n---\n"
                                   "Run `cargo fmt` before pushing: CI fails on a single unformatted line.\n")
    got = run(mem_dir, root)["fmt_check.md"]
    assert got.action == "promote", (got.action, got.reasons)


def test_a_table_of_work_items_with_their_state_is_a_checklist(mem_dir, root):
    from conftest import write
    write(mem_dir, "phase_board.md", "# Phase board\n\n> Last touched: 2026-10-02\n\n## Importer\n\n"
                                     "| Task | Status |\n|---|---|\n| CSV reader | ✅ Done |\n"
                                     "| Column mapping UI | 🟡 Todo — next |\n| Dedup pass | 🟡 Todo |\n"
                                     "| Error report | 🟡 Todo |\n| Nightly job | ✅ Done |\n\n"
                                     "**Priority:** finish the importer before the export work.\n")
    got = run(mem_dir, root)["phase_board.md"]
    assert got.action == "archive", (got.action, got.reasons)


def test_a_reference_table_of_states_or_of_support_marks_is_no_checklist(mem_dir, root):
    from conftest import write
    write(mem_dir, "tracker_ids.md", "# Tracker transitions\n\nUse these IDs when moving an issue.\n\n"
                                     "| Status | Transition ID |\n|---|---|\n| To Do | 11 |\n| In Progress | 21 |\n"
                                     "| In Review | 31 |\n| Done | 41 |\n")
    write(mem_dir, "field_types.md", "# Field types the importer accepts\n\n| Kind | Type | Accepted |\n|---|---|---|\n"
                                     "| Text | `single_line` | ✅ |\n| Number | `integer` | ✅ |\n| Date | `date` | ✅ |\n"
                                     "| File | `file_ref` | ❌ |\n")
    got = run(mem_dir, root)
    for i in ("tracker_ids.md", "field_types.md"):
        assert got[i].action == "keep", (i, got[i].action, got[i].reasons)


def test_guidance_in_claude_codes_whole_shape_whose_reason_names_the_user_promotes(mem_dir, root):
    triage_entry(mem_dir, "feedback_notes_dir.md",
                 "Every design note goes to `docs/notes/` of the wiki checkout.\n\n"
                 "**Why:** The user keeps all design notes in one place to search them from the wiki.\n\n"
                 "**How to apply:** When writing a design note, put it there; never in the repository root.",
                 "Design notes go to the wiki's notes folder", "feedback")
    got = run(mem_dir, root)["feedback_notes_dir.md"]
    assert got.action == "promote", (got.action, got.reasons)


def test_a_record_of_work_that_holds_a_secret_is_archived_the_secret_named_first(mem_dir, root):
    from conftest import write
    key = "sk_live_" + "4fQ9xL2mZ7vT1wR8cN5bY0pJ"
    write(mem_dir, "session_2026-10-03.md", "# Session 2026-10-03\n\n## Done\n\n- Added the refund endpoint ✅\n"
                                            "- Fixed the webhook retry ✅\n- Moved the cron to 06:00 ✅\n\n## Next\n\n"
                                            f"- Wire the payout report\n- STRIPE_SECRET_KEY={key} set on staging\n")
    write(mem_dir, "payments.md", "# Payments\n\nRefunds go through the processor's API, never by hand.\n"
                                  f"STRIPE_SECRET_KEY={key}\n")
    got = run(mem_dir, root)
    s = got["session_2026-10-03.md"]
    assert s.action == "archive" and "secret" in s.reasons[0], (s.action, s.reasons)
    assert got["payments.md"].action == "review", got["payments.md"].reasons


def test_a_plan_its_headline_says_was_stopped_is_archived(mem_dir, root):
    triage_entry(mem_dir, "spanish_drills.md", "## State: inactive\n\nPlan: 20 cards a day, three rounds.\n"
                                               "Reached card 40 of 2000.\nNo more reminders.",
                 "PAUSED 2026-05-02. Spanish flash-card drills stopped by the user.", "project")
    triage_entry(mem_dir, "v3_rewrite.md", "# v3 rewrite\n\nMove the scheduler into its own service.\n\n"
                                           "**Why:** the monolith's cron blocks deploys.\n\n1. Split the queue\n2. Port the jobs",
                 "Rewrite the scheduler as a service — shelved", "project")
    triage_entry(mem_dir, "queue_rule.md", "Never pause the ingest queue during a deploy; drain it first.",
                 "Stopped consumers lose messages: drain the queue before deploys", "feedback")
    got = run(mem_dir, root)
    for i in ("spanish_drills.md", "v3_rewrite.md"):
        assert got[i].action == "archive", (i, got[i].action, got[i].reasons)
    assert got["queue_rule.md"].action != "archive", got["queue_rule.md"].reasons


def test_a_status_files_numbered_sections_are_read_by_their_names(tmp_path):
    from conftest import NOW, write
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    bank, root = tmp_path / "root" / "memory-bank", tmp_path / "root"
    write(bank, "projectbrief.md", "# Brief\n\nA bot that posts new tender notices to a chat channel.\n")
    write(bank, "activeContext.md", "# **Active context: tender bot**\n\n## **1. 現在のフォーカス**\n\n"
                                    "- テストフェーズに着手する。\n- 単体テストの環境を作る。\n\n"
                                    "## **2. Recent changes**\n\n- Fetcher written.\n- Parser written.\n- Notifier written.\n\n"
                                    "## **3. 次のステップ**\n\n1. Add pytest settings.\n2. Write the fetcher's tests.\n"
                                    "3. Mock the chat API.\n\n## **4. Decisions**\n\n- Notices are stored as JSON lines.\n")
    seen = detect(bank, None)
    mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
    got = triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()["activeContext.md"]
    assert got.action == "archive", got.reasons


def test_an_entry_its_headline_names_the_projects_conventions_and_that_is_rules_promotes(mem_dir, root):
    triage_entry(mem_dir, "project_ui_rules.md",
                 "The app is built with Svelte only.\n\n"
                 "**Charts:** every chart must use the shared `Chart` wrapper; never import the chart library directly.\n\n"
                 "**Folders:** the admin and the shop never import from each other.\n\n"
                 "**Why:** keeps the two bundles apart.\n\n"
                 "**How to apply:** always put a new page under its own area's folder.",
                 "UI and folder conventions for this project", "project")
    triage_entry(mem_dir, "project_ui_notes.md",
                 "The app is built with Svelte. Charts use the shared `Chart` wrapper.\n"
                 "The admin and the shop are two bundles.\nNever import the chart library directly.",
                 "UI conventions for this project", "project")
    got = run(mem_dir, root)
    assert got["project_ui_rules.md"].action == "promote", got["project_ui_rules.md"].reasons
    assert got["project_ui_notes.md"].action == "keep", got["project_ui_notes.md"].reasons   # one rule among facts
