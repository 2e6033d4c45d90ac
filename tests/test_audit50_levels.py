"""Stop 50 (issue 36): the audit's levels and one finding per cause. Every text here is written for
the test."""
from conftest import ENTRY_FM, write


def _audit(mem, root):
    from tui.core.reports.audit import audit_dir
    return audit_dir(str(mem), str(root), git=False).findings


def test_empty_files_of_one_folder_are_one_finding(tmp_path):
    # three placeholder files left empty (a sync that wrote names and no text): one habit of the folder,
    # one finding that lists them, worth a look (the owner deletes them or fills them)
    root = tmp_path / "proj"
    mem = root / ".claude" / "memory"
    write(mem, "MEMORY.md", "- [Deploy](project_deploy.md) — how the site ships\n")
    write(mem, "project_deploy.md", ENTRY_FM.format("deploy") + "The site ships from the main branch by a tag.\n")
    for name in ("feedback_tone.md", "project_billing.md", "reference_vendors.md"):
        (mem / name).write_text("", encoding="utf-8")
    empty = [f for f in _audit(mem, root) if f.kind == "unreadable"]
    assert len(empty) == 1, empty
    (f,) = empty
    assert f.rule == "empty-file" and f.confidence == "possible"
    assert sorted(p.id for p in f.places) == ["feedback_tone.md", "project_billing.md", "reference_vendors.md"]
    assert f.message.startswith("3 empty files")


def test_one_empty_file_is_said_as_such(tmp_path):
    root = tmp_path / "proj"
    mem = root / ".claude" / "memory"
    write(mem, "MEMORY.md", "- [Deploy](project_deploy.md) — how the site ships\n")
    write(mem, "project_deploy.md", ENTRY_FM.format("deploy") + "The site ships from the main branch by a tag.\n")
    (mem / "notes_blank.md").write_text("\n  \n\n", encoding="utf-8")
    (f,) = [f for f in _audit(mem, root) if f.kind == "unreadable"]
    assert (f.id, f.rule, f.confidence) == ("notes_blank.md", "empty-file", "possible")
    assert "empty" in f.message and "cannot be read" not in f.message
