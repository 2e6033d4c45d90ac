"""Issue 37, stop 51: a folder of day logs the layout does not read as memory (an OpenClaw
workspace's daily/ beside its MEMORY.md, not memory/) still gets a suggestion per day: the owner
asks what to do with each file of the folder. A day older than yesterday is that day's record:
archive; today's and yesterday's are left alone; a folder whose files are not named by days is
not a log. Texts written for these tests, never copied."""
from __future__ import annotations

from conftest import NOW, write


def _files(folder) -> dict:
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    seen = detect(folder, None)
    mem = Memory.load(seen.dir, folder, now=NOW, layout=seen.layout)
    return {f.file: f for f in triage(mem, audit(mem, git=False).findings, Usage(), NOW).files}


def _workspace(ws):
    write(ws, "MEMORY.md", "# Memory\n\n## Build\n- The release build needs `make dist`, never `make all`.\n")
    write(ws, "AGENTS.md", "# Agents\n\nRead MEMORY.md first.\n")
    write(ws, "SOUL.md", "Calm, brief, precise.\n")


def test_an_old_day_log_beside_the_workspace_is_archived(tmp_path):
    ws = tmp_path / "ws"
    _workspace(ws)
    write(ws, "daily/2026-02-13.md", "# 2026-02-13\n\n- Rebased the parser branch onto main; two conflicts fixed\n"
                                     "- The nightly export failed again, retried by hand\n- Next: ask Ana about the quota\n")
    got = _files(ws)
    assert got["daily/2026-02-13.md"].action == "archive", got["daily/2026-02-13.md"].reasons
    assert "2026-02-13" in got["daily/2026-02-13.md"].reasons[0]


def test_yesterdays_log_is_left_alone(tmp_path):
    ws = tmp_path / "ws"
    _workspace(ws)
    day = (NOW.date().toordinal() - 1)
    import datetime as dt
    name = f"daily/{dt.date.fromordinal(day).isoformat()}.md"
    write(ws, name, "# yesterday\n\n- Fixed the flaky upload test\n")
    assert name not in _files(ws)


def test_a_folder_of_notes_not_named_by_days_is_no_log(tmp_path):
    ws = tmp_path / "ws"
    _workspace(ws)
    write(ws, "notes/parser.md", "The parser keeps comments as tokens.\n")
    write(ws, "notes/2026-01-05-kickoff.md", "Kick-off: scope agreed.\n")
    write(ws, "notes/deploy.md", "Deploys go through the staging slot first.\n")
    got = _files(ws)
    assert not any(f.startswith("notes/") for f in got), list(got)
