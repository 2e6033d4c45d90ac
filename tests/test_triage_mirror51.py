"""Issue 37, stop 51, test 3: an entry named for a project document it points at ("style-guide.md"
naming STYLE_GUIDE.md, which the repository holds) and holding no reason or lesson of its own is a
summary of that document: drop, naming the file — the document is read there and the summary goes
stale. With a Why or a lesson of its own it is kept as before; a document the project lacks decides
nothing. Texts written for these tests, never copied."""
from __future__ import annotations

from conftest import triage_entry as entry, triaged as run, write


def _summary(mem_dir, extra: str = ""):
    entry(mem_dir, "style-guide.md",
          "# Style guide v3\n\nFile: C:\\Users\\dev\\shop\\STYLE_GUIDE.md\n\n## Levels in v3\n\n"
          "- Three levels: blocking (4) → required (9) → suggested (6)\n- Positive wording instead of bans\n"
          "- Reviewer and writer split: rules for the writer, the checklist for the reviewer\n" + extra,
          "The shop's style guide, version 3")


def test_a_summary_named_for_a_document_the_project_holds_is_drop(mem_dir, root):
    write(root, "STYLE_GUIDE.md", "# Style guide\n")
    _summary(mem_dir)
    got = run(mem_dir, root)["style-guide.md"]
    assert (got.action, got.test) == ("drop", 3), (got.action, got.reasons)
    assert "STYLE_GUIDE.md" in got.reasons[0]


def test_with_a_lesson_of_its_own_it_is_not_dropped(mem_dir, root):
    write(root, "STYLE_GUIDE.md", "# Style guide\n")
    _summary(mem_dir, "\n**Why:** the reviewer kept rejecting drafts for banned words the writer never saw.\n")
    assert run(mem_dir, root)["style-guide.md"].action != "drop"


def test_a_document_the_project_lacks_decides_nothing(mem_dir, root):
    _summary(mem_dir)
    got = run(mem_dir, root)["style-guide.md"]
    assert not (got.action == "drop" and "STYLE_GUIDE.md" in " ".join(got.reasons)), got.reasons


def test_a_document_named_by_its_path_in_the_project(mem_dir, root):
    write(root, "docs/STYLE_GUIDE.md", "# Style guide\n")
    entry(mem_dir, "style-guide.md", "Source: `docs/STYLE_GUIDE.md`\n\n- Three levels: blocking → required → suggested\n"
          "- Positive wording instead of bans\n", "The shop's style guide, version 3")
    got = run(mem_dir, root)["style-guide.md"]
    assert got.action == "drop" and "docs/STYLE_GUIDE.md" in got.reasons[0] or "STYLE_GUIDE.md" in got.reasons[0], got.reasons


def test_a_document_named_further_down_for_details_is_not_the_entrys_subject(mem_dir, root):
    write(root, "docs/db_snapshots.md", "# Snapshots\n")
    entry(mem_dir, "db-snapshots.md", "- The mini PC's orders.db is the live original; nobody copies it directly.\n"
          "- Others read only the copies under `db/snapshots/<id>`, made with the backup API.\n"
          "- Latest full copy: 2026-08-07, checked ok.\n- Commands and hand-over rules: `docs/db_snapshots.md`.\n",
          "How analysis copies of the databases are made and shared")
    got = run(mem_dir, root)["db-snapshots.md"]
    assert got.action != "drop", (got.action, got.reasons)
