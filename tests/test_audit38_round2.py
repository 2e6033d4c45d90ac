"""Issue 36 (stop 38, round 2): what owners rejected or missed on the stop-38 held-out review, as
principles. Own text; each rule with a case found and a look-alike not."""
from __future__ import annotations

import datetime as dt
import os

from conftest import write

from tui.core.layouts import detect
from tui.core.judging.run_logs import run_log_findings
from tui.core.reports.audit import audit_dir

FM = "---\nname: {0}\ndescription: {0} notes\ntype: reference\n---\n"
INDEX = "# Memory\n- [Deploy](deploy.md) — how we ship\n"


def _audit(tmp_path, files: dict[str, str], root_files: dict[str, str] | None = None, index: str | None = INDEX,
           name: str = "mem"):
    mem, root = tmp_path / name, tmp_path / "proj"
    root.mkdir(exist_ok=True)
    if index is not None:
        write(mem, "MEMORY.md", index)
    for rel, text in files.items():
        write(mem, rel, text)
    for rel, text in (root_files or {}).items():
        write(root, rel, text)
    return audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings


MOVED = {"src/new/main.ts": "x\n", "src/new/util.ts": "x\n"}


# -- 1. a tool's run log or generated report is process: one finding, 'remove it' ----------------

def test_a_scripts_run_log_is_one_process_finding_not_an_unindexed_file(tmp_path):
    log = ("[2025/03/11 Tue 09:14:02.11] ==== backup start ====\n"
           "[2025/03/11 Tue 09:14:09.50] pushed 3 files\n"
           "[2025/03/12 Wed 09:13:58.02] ==== backup start ====\n")
    found = _audit(tmp_path, {"deploy.md": FM.format("deploy") + "Ship with `make ship`.\n", "backup-log.txt": log})
    mine = [f for f in found if f.id == "backup-log.txt" or any(p.id == "backup-log.txt" for p in f.places)]
    assert [(f.kind, f.rule) for f in mine] == [("process", "run-log")]
    assert "remove it" in mine[0].fix and "3 lines" in mine[0].message


def test_a_stamped_generated_report_folds_the_paths_it_lists_as_absent(tmp_path):
    report = ("# Layout drift\n\nGenerated: 2025-06-02T10:41:07.118Z\n\n- declared only: 3\n\n"
              "## Samples\n\n- declared only: src/old/main.ts\n- declared only: src/old/util.ts\n")
    found = _audit(tmp_path, {"deploy.md": FM.format("deploy") + "Ship with `make ship`.\n", "drift.md": report},
                   root_files=MOVED)
    about = [(f.kind, f.rule) for f in found if f.id == "drift.md" or any(p.id == "drift.md" for p in f.places)]
    assert about == [("process", "run-log")]   # no path-missing, no no-frontmatter, no not-in-index


def test_an_empty_generated_digest_is_the_same_cause():
    assert [f.rule for f in run_log_findings("plans/README.md", "# Plans\n\nGenerated: 2025-06-02 10:41:07\n")] \
        == ["run-log"]


def test_a_persons_dated_notes_and_a_memory_quoting_a_log_line_are_not_run_logs(tmp_path):
    notes = FM.format("deploy") + "- 2025-03-11: moved to pnpm\n- 2025-03-12: CI on Node 22\n"
    assert run_log_findings("deploy.md", notes) == []        # dated to the day: a person's notes
    quoted = (FM.format("deploy") + "The nightly job fails when the disk is full; its log then says\n"
              "`2025-03-11 02:00:13 ERROR no space left` — clear /var/tmp first.\nRun it by hand after.\n")
    assert run_log_findings("deploy.md", quoted) == []       # one stamp among prose
    assert run_log_findings("x.md", "Generated: by hand, from the wiki\n") == []   # no machine stamp
    found = _audit(tmp_path, {"deploy.md": quoted, "gone.md": FM.format("gone") + "Entry point: `src/old/main.ts`.\n"},
                   root_files=MOVED)
    assert not any(f.rule == "run-log" for f in found)
    assert any(f.kind == "index-overflow" and f.id == "gone.md" for f in found)   # unindexed memory still said
    assert any(f.kind == "path-missing" and f.id == "gone.md" for f in found)     # a memory's gone path still said


# -- 2. Cline's activeContext.md and progress.md are status by design --------------------------

BANK = {"projectbrief.md": "# Brief\nA viewer for TSX files.\n",
        "techContext.md": "# Tech\nElectron and React.\n",
        "activeContext.md": "# Active context\n\n## Current focus\n\nFilling the bank.\n\n## Next steps\n\n1. Tabs.\n",
        "progress.md": "# Progress\n\n## What works\n\n- Opening a file.\n\n## Backlog\n\n- Saving.\n"}


def test_cline_status_files_are_no_finding_for_being_status(tmp_path):
    found = _audit(tmp_path, BANK, index=None, name="memory-bank")   # only possible: no evidence it has passed
    assert not any(f.kind == "process" and f.confidence == "high" for f in found)


def test_cline_current_section_untouched_for_weeks_is_still_said(tmp_path):
    _audit(tmp_path, BANK, index=None, name="memory-bank")
    old = (dt.datetime.now() - dt.timedelta(days=40)).timestamp()
    os.utime(tmp_path / "memory-bank" / "activeContext.md", (old, old))
    found = audit_dir(str(tmp_path / "memory-bank"), str(tmp_path / "proj"), git=False, layout="cline").findings
    assert [(f.id, f.rule) for f in found if f.kind == "process" and f.confidence == "high"] == \
        [("activeContext.md", "current-section")]
    assert [f.id for f in found if f.kind == "process"].count("activeContext.md") == 1   # one finding per cause


# -- 4. a human's instruction note named in another script is not a memory ----------------------

def test_an_instructions_note_named_in_chinese_is_not_an_unindexed_memory(tmp_path):
    guide = "# 同步步骤\n\n1. git pull\n2. git push\n"
    found = _audit(tmp_path, {"deploy.md": FM.format("deploy") + "Ship.\n", "git-sync-说明.md": guide,
                              "project_架构说明.md": FM.format("arch") + "前端用 React, 后端用 Go.\n"})
    assert not any("git-sync-说明.md" in {f.id, *(p.id for p in f.places)} for f in found)
    # a memory named by its type that explains something is still a memory out of the index
    assert any("project_架构说明.md" in {f.id, *(p.id for p in f.places)} and f.kind == "index-overflow" for f in found)


def test_a_cline_next_step_to_create_a_file_that_exists_says_the_status_has_passed(tmp_path):
    bank = dict(BANK, **{"activeContext.md": "# Active context\n\n## Next steps\n\n1. Create `progress.md`.\n"
                                             "2. Write src/tabs.ts for tabs.\n3. Update techContext.md.\n"})
    found = _audit(tmp_path, bank, index=None, name="memory-bank", root_files={"src/app.ts": "x\n"})
    assert [(f.id, f.rule, f.line) for f in found if f.kind == "process" and f.id == "activeContext.md"] == \
        [("activeContext.md", "next-step-done", 5)]   # the file's possible 'record of work' folds into it
    assert "progress.md" in found[[f.rule for f in found].index("next-step-done")].message


def test_next_steps_naming_files_still_to_make_or_to_update_are_no_finding(tmp_path):
    bank = dict(BANK, **{"activeContext.md": "# Active context\n\n## Done\n\n- Created `progress.md`.\n\n"
                                             "## Next steps\n\n1. Write src/tabs.ts for tabs.\n"
                                             "2. Update techContext.md and progress.md.\n"})
    found = _audit(tmp_path, bank, index=None, name="memory-bank", root_files={"src/app.ts": "x\n"})
    assert not any(f.kind == "process" and f.confidence == "high" for f in found)


def test_a_bold_label_starts_the_next_steps_too():
    from tui.core.judging.steps_done import done_step_findings
    text = "# Active\n\n**Done:**\n- Create `a.md`\n\n**Next Steps:**\n- Create `b.md`\n"
    assert [f.line for f in done_step_findings("activeContext.md", text, lambda n: True)] == [7]
