"""A root that is no project: the paths a memory names are neither found nor missing there."""
import json
import subprocess
import sys

from tui.core.project_marks import unchecked_root

NOTE = "---\nname: build\ndescription: how the app is built\ntype: project\n---\nThe entry point is `src/server/main.ts`; the build writes `dist/app.js`.\n"


def _memory(tmp_path, where=".claude/memory"):
    mem = tmp_path / where
    mem.mkdir(parents=True)
    (mem / "build.md").write_text(NOTE, encoding="utf-8")
    (mem / "MEMORY.md").write_text("- [build](build.md) — how the app is built\n", encoding="utf-8")
    return mem


def test_a_root_holding_only_the_memory_is_unchecked(tmp_path):
    mem = _memory(tmp_path)
    assert "nothing but the memory folder" in unchecked_root(tmp_path, mem)


def test_a_root_with_anything_beside_the_memory_is_checked(tmp_path):
    """A monorepo's top may hold no manifest (landing/, web/): anything beside the memory counts."""
    mem = _memory(tmp_path)
    (tmp_path / "web").mkdir()
    assert unchecked_root(tmp_path, mem) is None
    assert unchecked_root(tmp_path / "elsewhere", mem) is None   # a memory outside the root: its paths are the root's


def test_the_memory_at_the_projects_top_is_checked(tmp_path):
    mem = _memory(tmp_path)
    assert unchecked_root(mem, mem) is None   # an OpenClaw workspace: its own files are the project


def _audit(tmp_path, mem):
    r = subprocess.run([sys.executable, "-m", "tui", "audit", "--dir", str(mem), "--root", str(tmp_path),
                        "--format", "json", "--all"], capture_output=True, text=True,
                       env={"MEMTUI_NO_CACHE": "1", "XDG_CACHE_HOME": str(tmp_path / ".cache"), "PATH": ""})
    return json.loads(r.stdout)


def test_audit_says_paths_were_not_checked_instead_of_calling_them_missing(tmp_path):
    mem = _memory(tmp_path)
    data = _audit(tmp_path, mem)
    assert not [f for f in data["findings"] if f["kind"] == "path-missing"]
    assert "nothing but the memory folder" in data["summary"]["paths_unchecked"]
    (tmp_path / "src" / "server").mkdir(parents=True)   # now a project holding src/: its paths are missing there
    (tmp_path / "src" / "server" / "app.ts").write_text("")
    data = _audit(tmp_path, mem)
    assert [f for f in data["findings"] if f["kind"] == "path-missing"]
    assert "paths_unchecked" not in data["summary"]


def test_triage_says_test_3_was_not_checked_under_such_a_root(tmp_path):
    mem = tmp_path / ".claude" / "memory"
    mem.mkdir(parents=True)
    (mem / "port.md").write_text("---\nname: port\ndescription: the api port\ntype: project\n---\n"
                                 "The API listens on port 8080.\n", encoding="utf-8")
    env = {"MEMTUI_NO_CACHE": "1", "XDG_CACHE_HOME": str(tmp_path / ".cache"), "PATH": ""}
    r = subprocess.run([sys.executable, "-m", "tui", "triage", "--dir", str(mem), "--root", str(tmp_path)],
                       capture_output=True, text=True, env=env)
    assert "test 3: not checked" in r.stdout and "the project's files" not in r.stdout
