"""`memtui hook install`: Claude Code's settings get the three hook entries, merged, idempotent,
backed up, atomic; a file that is not JSON is never touched. And the newcomer's "done when": a
fresh HOME, the install command, then a prompt in Claude Code's hook JSON gets an injection."""
import json
import os
import shlex
import subprocess
import sys

import pytest

from tui.cli import main
from tui.core.writes.claude_settings import EVENTS, is_ours, merged, unmerged, wired

from conftest import write


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh HOME with no Claude Code settings; the working directory a project in it."""
    h = tmp_path / "home"
    (h / "project").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(h))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.chdir(h / "project")
    return h


def settings(home):
    return home / ".claude" / "settings.json"


def ours(data: dict, event: str) -> list[dict]:
    return [h for g in data["hooks"][event] for h in g["hooks"] if is_ours(h["command"])]


def test_install_writes_the_three_events_with_this_memtui(home, capsys):
    assert main(["hook", "install"]) == 0
    data = json.loads(settings(home).read_text())
    for event in EVENTS:
        (hook,) = ours(data, event)
        argv = shlex.split(hook["command"])
        assert os.path.isabs(argv[0]) and argv[-2:] == ["hook", "claude-code"] and hook["type"] == "command"
    assert {g.get("matcher") for e in ("PreToolUse", "PostToolUse") for g in data["hooks"][e]} == {"Write|Edit|MultiEdit"}
    out = capsys.readouterr().out
    assert "~/.claude/settings.json" in out and "UserPromptSubmit" in out


def test_install_merges_keeps_the_rest_and_backs_up(home):
    before = {"permissions": {"allow": ["Bash(ls:*)"]}, "model": "opus",
              "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit-bash"}]}],
                        "Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}
    raw = json.dumps(before, indent=4)
    write(home, ".claude/settings.json", raw)
    assert main(["hook", "install"]) == 0
    data = json.loads(settings(home).read_text())
    assert data["permissions"] == before["permissions"] and data["model"] == "opus"
    assert data["hooks"]["Stop"] == before["hooks"]["Stop"]
    assert data["hooks"]["PreToolUse"][0] == before["hooks"]["PreToolUse"][0] and ours(data, "PreToolUse")
    assert (home / ".claude" / "settings.json.bak").read_text() == raw   # the file as it was


def test_install_twice_changes_nothing(home, capsys):
    assert main(["hook", "install"]) == 0
    first = settings(home).read_bytes()
    capsys.readouterr()
    assert main(["hook", "install"]) == 0
    assert settings(home).read_bytes() == first and "already" in capsys.readouterr().out


def test_a_moved_memtui_is_replaced_not_added(home):
    old = {"hooks": {"UserPromptSubmit": [{"hooks": [
        {"type": "command", "command": "/old/venv/bin/memtui hook claude-code", "timeout": 10},
        {"type": "command", "command": "other-tool"}]}]}}
    write(home, ".claude/settings.json", json.dumps(old))
    assert main(["hook", "install"]) == 0
    data = json.loads(settings(home).read_text())
    group = data["hooks"]["UserPromptSubmit"][0]["hooks"]
    assert len(ours(data, "UserPromptSubmit")) == 1 and "/old/venv" not in json.dumps(data)
    assert group[1]["command"] == "other-tool"


def test_print_writes_nothing(home, capsys):
    assert main(["hook", "install", "--print"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert ours(shown, "UserPromptSubmit") and not settings(home).exists()


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"hooks": []}', '{"hooks": {"PreToolUse": {}}}'])
def test_settings_that_are_not_json_are_left_untouched(home, capsys, text):
    write(home, ".claude/settings.json", text)
    assert main(["hook", "install"]) == 1
    err = capsys.readouterr().err
    assert str(settings(home)) in err and "nothing was written" in err
    assert settings(home).read_text() == text and not (home / ".claude" / "settings.json.bak").exists()
    assert main(["hook", "install", "--print"]) == 1   # the entries alone, to add by hand
    assert ours(json.loads(capsys.readouterr().out), "PreToolUse") and settings(home).read_text() == text


def test_uninstall_removes_only_ours(home):
    before = {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit-bash"}]}]}}
    write(home, ".claude/settings.json", json.dumps(before))
    assert main(["hook", "install"]) == 0
    assert main(["hook", "install", "--uninstall"]) == 0
    assert json.loads(settings(home).read_text()) == before


def test_project_writes_the_local_settings_of_the_git_top_level(home):
    project = home / "project"
    (project / ".git").mkdir()
    (project / "src").mkdir()
    os.chdir(project / "src")
    assert main(["hook", "install", "--project"]) == 0
    local = project / ".claude" / "settings.local.json"
    assert wired(json.loads(local.read_text())) and not settings(home).exists()


def test_a_symlinked_settings_file_is_written_through(home, tmp_path):
    target = tmp_path / "dotfiles" / "claude-settings.json"
    write(tmp_path, "dotfiles/claude-settings.json", '{"model": "opus"}')
    settings(home).parent.mkdir(parents=True)
    settings(home).symlink_to(target)
    assert main(["hook", "install"]) == 0
    assert settings(home).is_symlink() and wired(json.loads(target.read_text()))


def test_merge_is_pure_and_idempotent():
    cmd = "/x/memtui hook claude-code"
    once = merged({}, cmd)
    assert merged(once, cmd) == once and wired(once) and unmerged(once) == {}
    assert not is_ours("other hook claude-code") and is_ours("'/a b/bin/memtui' hook claude-code")
    assert is_ours("/usr/bin/python3 -m tui hook claude-code")
    assert is_ours("MEMTUI_HOOK_TIMEOUT=3 memtui hook claude-code") and not is_ours("memtui hook")


def test_done_when_a_fresh_home_gets_an_injection(tmp_path):
    """The README's `memtui hook install` in a fresh HOME; then Claude Code's UserPromptSubmit JSON, fed
    to the command the settings hold (through a shell, as Claude Code runs it), gets an injection."""
    home, project = tmp_path / "home", tmp_path / "home" / "work" / "app"
    (project / ".git").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "MEMTUI_"))}
    env.update(HOME=str(home), XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    from tui.core.reading.discover import claude_memory_dir
    memory = claude_memory_dir(project, env)
    write(memory, "deploy.md", "---\nname: deploy\ndescription: Deploys go through make release, never fly deploy\n"
                               "keywords: [deploy, release]\n---\nRun make release; it tags and deploys.\n")
    install = subprocess.run([sys.executable, "-m", "tui", "hook", "install"], cwd=project, env=env,
                             capture_output=True, text=True, timeout=60)
    assert install.returncode == 0, install.stderr
    data = json.loads((home / ".claude" / "settings.json").read_text())
    (command,) = [h["command"] for g in data["hooks"]["UserPromptSubmit"] for h in g["hooks"]]
    payload = {"session_id": "s1", "hook_event_name": "UserPromptSubmit", "cwd": str(project),
               "transcript_path": str(tmp_path / "t.jsonl"), "prompt": "how do I deploy a release?"}
    hook = subprocess.run(["/bin/sh", "-c", command], input=json.dumps(payload), cwd=project, env=env,
                          capture_output=True, text=True, timeout=60)
    assert hook.returncode == 0 and "make release" in hook.stdout, hook.stderr
