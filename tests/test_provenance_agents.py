"""Other agents' records (issue 38 item 5): OpenClaw's session logs (pi's format), Codex's
rollouts cited by its memories, Letta's git history; and an agent with none says so."""
from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess

import pytest

from conftest import NOW, REPO
from transcripts import PiSession, dumps

from tui.core.layouts import get
from tui.core.provenance.report import entry_history, record_of
from tui.core.snapshots.memory import Memory

T = dt.datetime(2026, 11, 1, 8, 0, tzinfo=dt.timezone.utc)


def _history(folder, root, layout, entry_id):
    mem = Memory.load(folder, root, now=NOW, layout=get(layout))
    return entry_history(mem, entry_id, record_of(folder, root, get(layout)))[0]


# -- OpenClaw ---------------------------------------------------------------------------------------
@pytest.fixture
def openclaw(tmp_path, monkeypatch):
    state = tmp_path / "openclaw"
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    ws = tmp_path / "workspace"
    (ws / "memory").mkdir(parents=True)
    log_v1 = "# 2026-11-01\n\n- Moved the staging cron to 03:00 UTC.\n"
    log_v2 = log_v1 + "- The backup job needs the new bucket name.\n"
    curated = "# Memory\n\n## Preferences\n\n- Timezone: Europe/Lisbon.\n"
    s = PiSession(state / "agents" / "main" / "sessions", str(ws), T, "0a1b2c3d-0000-4000-8000-000000000001")
    s.user("remember that my timezone is Europe/Lisbon")
    s.tool("write", {"path": "MEMORY.md", "content": curated})
    s.user("we moved the staging cron to 03:00 UTC today")
    s.tool("write", {"path": "memory/2026-11-01.md", "content": log_v1})
    s.tool("edit", {"path": f"{ws}/memory/2026-11-01.md", "oldText": log_v1, "newText": log_v2})
    s.tool("read", {"path": "memory/2026-11-01.md"}, log_v2)
    s.tool("memory_get", {"path": "MEMORY.md"}, curated)
    s.save()
    (ws / "MEMORY.md").write_text(curated)
    (ws / "memory" / "2026-11-01.md").write_text(log_v2)
    return ws, s


def test_openclaw_session_logs_give_versions_and_reads(openclaw, tmp_path):
    ws, s = openclaw
    h = _history(ws, tmp_path, "openclaw", "memory/2026-11-01.md")
    assert [(v["tool"], v["source"]) for v in h["versions"]] == [("write", "session-log"), ("edit", "session-log")]
    assert h["versions"][0]["session"] == s.id and h["versions"][0]["prompt"].startswith("we moved the staging")
    assert "+- The backup job needs the new bucket name." in h["versions"][1]["diff"]
    assert [r["session"] for r in h["reads"]] == [s.id]
    assert h["written_by"]["source"] == "session-log"


def test_openclaw_a_section_of_memory_md_has_its_files_history_and_says_so(openclaw, tmp_path):
    ws, s = openclaw
    mem = Memory.load(ws, tmp_path, now=NOW, layout=get("openclaw"))
    part = next(i for i in mem.entries if i.startswith("MEMORY.md#"))
    h = entry_history(mem, part, record_of(ws, tmp_path, get("openclaw")))[0]
    assert h["versions"][0]["user_stated"] is True   # "remember that my timezone is …"
    assert any("holds this entry among others" in n for n in h["notes"])
    assert h["reads"] and h["reads"][0]["via"] == "the file itself"   # memory_get reads it


# -- Codex ------------------------------------------------------------------------------------------
def test_codex_memories_name_the_sessions_they_were_made_from(tmp_path, monkeypatch):
    home = tmp_path / "codex-home"
    monkeypatch.setenv("CODEX_HOME", str(home))
    memories = home / "memories"
    shutil.copytree(REPO / "sample_memories" / "layouts" / "codex" / "memories", memories)
    rollout = home / "sessions" / "2026" / "11" / "20" / "rollout-2026-11-20T10-02-11.jsonl"
    rollout.parent.mkdir(parents=True)
    rollout.write_text("\n".join(dumps(x) for x in [
        {"timestamp": "2026-11-20T10:02:11.000Z", "type": "session_meta",
         "payload": {"id": "019f2a10-0000-7000-8000-000000000001", "cwd": "/home/u/code/ledgerline"}},
        {"timestamp": "2026-11-20T10:02:12.000Z", "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [{"type": "input_text",
                                                                      "text": "<environment_context>…</environment_context>"}]}},
        {"timestamp": "2026-11-20T10:02:13.000Z", "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [{"type": "input_text",
                                                                      "text": "move the monthly report onto a materialized view"}]}},
    ]) + "\n")
    summary = next(p.name for p in (memories / "rollout_summaries").iterdir())
    h = _history(memories, tmp_path, "codex", f"rollout_summaries/{summary}")
    v = h["versions"][0]
    assert v["session"] == "019f2a10-0000-7000-8000-000000000001" and v["at"].startswith("2026-11-20T11:40")
    assert v["prompt"] == "move the monthly report onto a materialized view" and v["source"] == "rollout"
    assert "consolidated" in v["note"] and h["reads"] == []
    mem = Memory.load(memories, tmp_path, now=NOW, layout=get("codex"))
    group = next(i for i in mem.entries if i.startswith("MEMORY.md#ledgerline-reports"))
    g = entry_history(mem, group, record_of(memories, tmp_path, get("codex")))[0]
    assert [x["session"] for x in g["versions"]] == ["019f2a10-0000-7000-8000-000000000001"]


# -- Letta: its MemFS is a git repository ---------------------------------------------------------------
def _git(folder, *args, when="2026-10-01T10:00:00+00:00"):
    env = {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_NAME": "letta-agent",
           "GIT_AUTHOR_EMAIL": "agent@example.invalid", "GIT_COMMITTER_NAME": "letta-agent",
           "GIT_COMMITTER_EMAIL": "agent@example.invalid", "HOME": str(folder), "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, env=env)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_letta_versions_and_dates_come_from_its_git_history(tmp_path):
    memfs = tmp_path / "memory"
    shutil.copytree(REPO / "sample_memories" / "layouts" / "letta", memfs)
    _git(memfs, "init", "-q")
    _git(memfs, "add", "-A")
    _git(memfs, "commit", "-qm", "initial memory")
    persona = memfs / "system" / "persona.md"
    persona.write_text(persona.read_text() + "\nI keep answers short.\n")
    _git(memfs, "commit", "-qam", "persona: short answers", when="2026-11-15T09:30:00+00:00")
    h = _history(memfs, tmp_path, "letta", "system/persona.md")
    assert [v["source"] for v in h["versions"]] == ["git", "git"]
    assert h["versions"][0]["at"].startswith("2026-10-01") and "+I keep answers short." in h["versions"][1]["diff"]
    assert h["written_by"]["source"] == "git" and h["written_at"].startswith("2026-10-01")
    assert h["reads"] == []


# -- none -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", ["gemini", "cline", "mem0"])
def test_an_agent_with_no_record_says_so(layout, tmp_path):
    folder = tmp_path / layout   # (a copy: the bundled one is committed in memtui's own repository)
    shutil.copytree(REPO / "sample_memories" / "layouts" / layout, folder)
    from tui.core.layouts import detect
    found = detect(folder, layout)
    mem = Memory.load(found.dir, tmp_path, now=NOW, layout=found.layout)
    entry = sorted(mem.entries)[0]
    h = entry_history(mem, entry, record_of(found.dir, tmp_path, found.layout))[0]
    assert h["versions"] == [] and h["notes"][0] == found.layout.no_record and h["record"]["note"]
    assert json.dumps(h)
