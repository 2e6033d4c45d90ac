"""The write gate inside the agent: Claude Code's Write, Edit and MultiEdit calls into its memory
folder pass the same gates as `memtui remember` (PreToolUse), and landed writes are recorded
(PostToolUse). Payloads are shaped as Claude Code sends them; the hook runs in this process
(its stdin, stdout and stderr swapped), so the many cases stay quick."""
from __future__ import annotations

import io
import json
import os
import sys
import types
from pathlib import Path

import pytest

from corpus import HARD_NEGATIVES, SECRETS, r
from tui.core.judging.findings import Finding
from tui.core.writes.tool_gate import (NoDecision, added_lines, after_call, memory_id, parse_call, sort_findings)

FRONT = "---\nname: {name}\ndescription: {name} notes\ntype: project\n---\n"


class Hook:
    """A project with git, a home with Claude Code's memory folder for it, a private state dir."""

    def __init__(self, tmp_path: Path, monkeypatch) -> None:
        self.tmp = tmp_path
        self.proj = tmp_path / "proj"
        (self.proj / ".git").mkdir(parents=True)
        (self.proj / "src").mkdir()
        self.home = tmp_path / "home"
        from tui.core.reading.discover import claude_slug
        self.mem = self.home / ".claude" / "projects" / claude_slug(self.proj.resolve()) / "memory"
        self.mem.mkdir(parents=True)
        self.log = tmp_path / "state" / "memtui" / "injections.jsonl"
        for k in ("MEMTUI_DIR", "CLAUDE_CONFIG_DIR", "MEMTUI_HOOK_TIMEOUT"):
            monkeypatch.delenv(k, raising=False)
        monkeypatch.setenv("HOME", str(self.home))
        monkeypatch.setenv("MEMTUI_NO_INDEX", "1")   # no forked helpers inside the test process
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
        self.monkeypatch = monkeypatch

    def entry(self, name: str, body: str) -> str:
        return FRONT.format(name=name) + body + "\n"

    def run(self, payload, event: str = "PreToolUse") -> tuple[str, str, dict | None]:
        """(stdout, stderr, the log record this call added, or None)."""
        from tui.commands import hook
        if isinstance(payload, dict):
            payload = {"hook_event_name": event, "session_id": "sess-1", "cwd": str(self.proj),
                       "transcript_path": str(self.tmp / "t.jsonl"), "permission_mode": "default",
                       "tool_use_id": "toolu_01", **payload}
            data = json.dumps(payload).encode()
        else:
            data = payload
        before = self.log.read_text().count("\n") if self.log.exists() else 0
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), out, err
        try:
            assert hook.run(types.SimpleNamespace(agent="claude-code")) == 0
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        return out.getvalue(), err.getvalue(), (json.loads(lines[-1]) if len(lines) > before else None)

    def land(self, rel: str, old: str, new: str) -> None:
        """What Claude Code does once an edit is allowed."""
        path = self.mem / rel
        path.write_text(path.read_text().replace(old, new, 1))

    def write(self, rel: str, content: str, base: Path | None = None, **kw):
        path = str((base or self.mem) / rel) if not rel.startswith("/") else rel
        return self.run({"tool_name": "Write", "tool_input": {"file_path": path, "content": content}}, **kw)

    def edit(self, rel: str, old: str, new: str, replace_all: bool | None = None):
        ti = {"file_path": str(self.mem / rel), "old_string": old, "new_string": new}
        if replace_all is not None:
            ti["replace_all"] = replace_all
        return self.run({"tool_name": "Edit", "tool_input": ti})

    def multi(self, rel: str, edits: list[tuple[str, str]]):
        return self.run({"tool_name": "MultiEdit", "tool_input": {
            "file_path": str(self.mem / rel), "edits": [{"old_string": o, "new_string": n} for o, n in edits]}})


@pytest.fixture
def hk(tmp_path, monkeypatch) -> Hook:
    return Hook(tmp_path, monkeypatch)


def denied(out: str) -> str | None:
    """The deny reason Claude Code is given, or None when the hook said nothing."""
    if not out:
        return None
    o = json.loads(out)["hookSpecificOutput"]
    assert o["hookEventName"] == "PreToolUse" and o["permissionDecision"] == "deny"
    return o["permissionDecisionReason"]


def pieces(value: str, n: int = 8) -> set[str]:
    return {value[i:i + n] for i in range(max(1, len(value) - n + 1))}


# -- secrets: denied, and not a piece of the value anywhere -------------------------------------

@pytest.mark.parametrize("label,text,value", SECRETS, ids=[s[0] for s in SECRETS])
def test_every_secret_write_is_denied_and_never_echoed(hk, label, text, value):
    content = text if text.startswith("---") else hk.entry("creds", f"Deploy notes.\n{text}\n")
    out, err, rec = hk.write("creds.md", content)
    reason = denied(out)
    assert reason and "secret" in reason and "rotate" in reason and "environment variable" in reason, (label, out)
    assert rec["decision"] == "denied" and rec["id"] == "creds.md" and rec["session_id"] == "sess-1"
    everything = out + err + hk.log.read_text()
    leaked = [p for p in pieces(value) if p in everything]
    assert not leaked, (label, leaked[:3])
    assert not (hk.mem / "creds.md").exists()


def test_a_secret_added_by_edit_and_by_multiedit_is_denied(hk):
    (hk.mem / "deploy.md").write_text(hk.entry("deploy", "Deploy with make deploy.\nStaging is eu-west."))
    token = "ghp_" + r(36)
    out, _, rec = hk.edit("deploy.md", "Staging is eu-west.", f"Staging is eu-west.\nexport GH_TOKEN={token}")
    assert denied(out) and rec["why"][0]["kind"] == "secret" and token[:8] not in out
    out, _, rec = hk.multi("deploy.md", [("make deploy", "make ship"),
                                         ("Staging is eu-west.", f'Staging: {{"api_key": "{r(32)}"}}')])
    assert denied(out) and rec["tool"] == "MultiEdit"


# -- transient wording: denied with the fix -----------------------------------------------------

@pytest.mark.parametrize("body", [
    "The CI is red right now because the login test flakes.",
    "Actualmente el despliegue está roto por el certificado.",
    "目前测试失败，需要修复。",
    "Le build est cassé en ce moment à cause du cache.",
    "Der Build ist momentan kaputt wegen des Caches.",
    "現在、ステージングのデプロイが失敗している。",
    "지금 빌드가 깨져 있다.",
    "No momento o deploy está quebrado.",
    "Сейчас сборка падает из-за кэша.",
    "Hiện tại bản build đang lỗi.",
], ids=["en", "es", "zh", "fr", "de", "ja", "ko", "pt", "ru", "vi"])
def test_transient_writes_are_denied_with_the_fix(hk, body):
    out, _, rec = hk.write("ci.md", hk.entry("ci", body))
    reason = denied(out)
    assert reason and "transient" in reason and "fix: drop" in reason and "rewrite" in reason, body
    assert rec["why"][0]["kind"] == "transient" and "backticks" in reason


# -- clean memories and near misses: no opinion ---------------------------------------------------

CLEAN = [
    "Never hardcode the Stripe key; read it from STRIPE_SECRET_KEY in the environment.",
    "Decided 2025-03-14: we use pnpm, not npm, for every package in this repo.",
    "Tests run with `make test`; the integration suite needs Docker.",
    "数据库迁移用 alembic，不要手写 SQL。",
    "The user prefers short commit messages in the imperative mood.",
    "API keys come from the AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY environment variables.",
    "Never commit .env; the SENDGRID_API_KEY lives in 1Password.",
    "password: ${DB_PASSWORD}",
    "The cron job runs every day at 02:00 UTC.",
    "- `list_agenda` takes a preset: `today`, `tomorrow` or `this_week`.",
] + [text for label, text in HARD_NEGATIVES if label not in ("test-card",)]


@pytest.mark.parametrize("body", CLEAN)
def test_clean_memories_get_no_opinion(hk, body):
    out, err, rec = hk.write("note.md", hk.entry("note", body))
    assert out == "" and err == "", body
    assert rec["decision"] == "allowed" and not rec["why"]


def test_an_edit_is_judged_on_what_it_adds_not_on_what_was_there(hk):
    (hk.mem / "ci.md").write_text(hk.entry("ci", "The CI is red right now.\nCI runs on GitHub Actions."))
    out, _, rec = hk.edit("ci.md", "CI runs on GitHub Actions.", "CI runs on GitHub Actions, on every push.")
    assert out == "" and rec["decision"] == "allowed"
    hk.land("ci.md", "CI runs on GitHub Actions.", "CI runs on GitHub Actions, on every push.")
    out, _, _ = hk.edit("ci.md", "on every push.", "on every push.\nThe deploy is currently paused.")
    assert denied(out)


def test_memory_md_is_judged_on_the_lines_it_adds(hk):
    (hk.mem / "MEMORY.md").write_text("# Memory\n- [CI](ci.md) — CI is red right now\n")
    out, _, rec = hk.edit("MEMORY.md", "right now\n", "right now\n- [Tests](tests.md) — make test runs them\n")
    assert out == "" and rec["decision"] == "allowed" and rec["id"] == "MEMORY.md"
    hk.land("MEMORY.md", "right now\n", "right now\n- [Tests](tests.md) — make test runs them\n")
    out, _, rec = hk.edit("MEMORY.md", "runs them\n", "runs them\n- [Deploy](deploy.md) — deploys are blocked today\n")
    assert "transient" in denied(out)


def test_replace_all_and_an_edit_creating_a_file(hk):
    (hk.mem / "a.md").write_text(hk.entry("a", "use npm\nuse npm in CI"))
    out, _, rec = hk.edit("a.md", "npm", "pnpm", replace_all=True)
    assert out == "" and rec["decision"] == "allowed"
    out, _, rec = hk.run({"tool_name": "Edit", "tool_input": {
        "file_path": str(hk.mem / "new.md"), "old_string": "", "new_string": hk.entry("new", "The VPN is down at the moment.")}})
    assert denied(out)


def test_an_edit_that_does_not_apply_is_judged_on_its_new_text_alone(hk):
    (hk.mem / "a.md").write_text(hk.entry("a", "one\none"))
    for old, why in (("absent", "not in the file"), ("one", "not unique")):
        out, err, rec = hk.edit("a.md", old, "Deploys go through make ship.")
        assert out == "" and err == "" and rec["decision"] == "none" and why in rec["message"]
    value = "sk_live_" + r(24)
    out, err, rec = hk.edit("a.md", "absent", f"STRIPE_KEY={value}")   # fails in Claude Code too
    reason = denied(out)
    assert "secret:" in reason and "(line" not in reason and "judged on the new text" in rec["unapplied"]
    out, _, _ = hk.edit("missing.md", "x", f"STRIPE_KEY={value}")
    assert denied(out) and not [p for p in pieces(value) if p in out + hk.log.read_text()]


# -- the other gates: a path out of the project, text already in the code --------------------------

def test_a_path_outside_the_project_and_a_copied_fact_are_denied(hk):
    content = "---\nname: cfg\ndescription: config\ntype: project\npaths: [../../etc/passwd]\n---\nThe config.\n"
    assert "traversal" in denied(hk.write("cfg.md", content)[0])
    fact = "initialise the distributed background scheduler before serving requests"
    (hk.proj / "src" / "run.sh").write_text(f"# {fact}\n")
    body = f"See src/run.sh: {fact}."
    reason = denied(hk.write("run.md", hk.entry("run", body))[0])
    assert "in-code" in reason and "fix: anchor" in reason


# -- where the file is: only the memory folder, symlinks and '..' resolved ------------------------

def test_calls_outside_the_memory_folder_say_nothing_and_log_nothing(hk):
    token = "ghp_" + r(36)
    for path in (hk.proj / "src" / "config.py", hk.mem / ".." / "escaped.md", hk.mem.parent / "memory-old" / "x.md"):
        out, err, rec = hk.write(str(path), f"TOKEN = '{token}'\n")
        assert (out, err, rec) == ("", "", None), path


def test_paths_through_symlinks_and_dots_into_the_folder_are_judged(hk):
    link = hk.tmp / "mem-link"
    link.symlink_to(hk.mem, target_is_directory=True)
    body = hk.entry("x", "The staging box is down right now.")
    assert denied(hk.write(str(link / "x.md"), body)[0])
    assert denied(hk.write(str(hk.proj / ".." / "home" / ".claude" / ".." / ".claude" / "projects" /
                               hk.mem.parent.name / "memory" / "y.md"), body)[0])
    outside = hk.proj / "notes.md"
    outside.write_text("")
    (hk.mem / "out.md").symlink_to(outside)   # a link out of the folder writes outside it
    assert hk.write("out.md", body)[0] == ""


def test_memory_id_resolves_both_sides(tmp_path):
    mem = tmp_path / "m"
    mem.mkdir()
    assert memory_id(str(mem / "a" / ".." / "b.md"), mem) == "b.md"
    assert memory_id(str(mem / "sub" / "c.md"), mem) == "sub/c.md"
    assert memory_id(str(mem / ".." / "b.md"), mem) is None
    assert memory_id(str(mem), mem) is None
    assert memory_id(str(tmp_path / "m2" / "x.md"), mem) is None


# -- confidence: only high denies ----------------------------------------------------------------

def test_a_possible_finding_is_allowed_and_recorded():
    possible = Finding("x.md", "secret", "generic-secret", 6, "a value that may be a password", confidence="possible")
    high = Finding("x.md", "secret", "github-token", 7, "GitHub token (40 characters) — value not shown")
    old_line = Finding("x.md", "transient", "time-word", 2, "right now")
    d = sort_findings("x.md", [possible, old_line], {6, 7}, set())
    assert not d.deny and d.noted == [possible]
    d = sort_findings("x.md", [possible, high], {6, 7}, set())
    assert d.denied == [high] and d.noted == [possible]
    whole = Finding("x.md", "traversal", "path-escapes-root", None, "escapes")
    assert sort_findings("x.md", [whole], {1}, {("traversal", "path-escapes-root", "escapes")}).denied == []


def test_a_possible_secret_is_allowed_and_in_the_log(hk, monkeypatch):
    import tui.core.writes.tool_gate as tg
    real = tg._findings

    def softer(*a):
        return [Finding(f.id, f.kind, f.rule, f.line, f.message, f.fix, confidence="possible") for f in real(*a)]
    monkeypatch.setattr(tg, "_findings", softer)
    value = r(32)
    out, _, rec = hk.write("p.md", hk.entry("p", f'api_key: "{value}"'))
    assert out == "" and rec["decision"] == "allowed"
    assert rec["noted"][0]["kind"] == "secret" and rec["noted"][0]["confidence"] == "possible"
    assert not [p for p in pieces(value) if p in hk.log.read_text()]


# -- never in the agent's way ------------------------------------------------------------------

@pytest.mark.parametrize("stdin", [
    b"", b"\xff\xfe garbage", b"[1, 2]", b'{"hook_event_name": "PreToolUse"}',
    b'{"hook_event_name": "PreToolUse", "tool_name": "Write", "tool_input": "x"}',
    b'{"hook_event_name": "PreToolUse", "tool_name": "Write", "tool_input": {"file_path": 42}}',
    b'{"hook_event_name": "PreToolUse", "tool_name": "Edit", "tool_input": {"file_path": "/m/a.md", "edits": 1}}',
    b'{"hook_event_name": "PreToolUse", "tool_name": "MultiEdit", "tool_input": {"file_path": "/m/a.md", "edits": [7]}}',
    b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "echo x > MEMORY.md"}}',
    b'{"hook_event_name": "PostToolUse", "tool_name": "Write", "tool_input": null}',
], ids=["empty", "binary", "list", "no-tool", "input-not-object", "path-not-text", "edit-no-strings",
        "multiedit-bad-edit", "unknown-tool", "post-null-input"])
def test_garbage_exits_0_with_nothing_on_stdout_and_a_reason_in_the_log(hk, stdin):
    out, _, rec = hk.run(stdin)
    assert out == ""
    assert rec is not None and (rec.get("error") or rec.get("decision") == "none"), rec


def test_an_internal_error_or_the_time_limit_gives_no_decision(hk, monkeypatch):
    import time
    import tui.core.writes.tool_gate as tg
    monkeypatch.setattr(tg, "judge", lambda *a: 1 / 0)
    out, _, rec = hk.write("a.md", hk.entry("a", "The build is broken right now."))
    assert out == "" and "ZeroDivisionError" in rec["error"] and rec["decision"] == "none" and rec["id"] == "a.md"
    monkeypatch.setattr(tg, "judge", lambda *a: time.sleep(5))
    monkeypatch.setenv("MEMTUI_HOOK_TIMEOUT", "0.2")
    out, _, rec = hk.write("a.md", hk.entry("a", "The build is broken right now."))
    assert out == "" and "gave up" in rec["error"] and rec["decision"] == "none"


def test_a_memory_folder_that_does_not_exist_yet_is_still_gated(hk):
    import shutil
    shutil.rmtree(hk.mem)
    assert denied(hk.write("first.md", hk.entry("first", "The API is down right now."))[0])


def test_the_prompt_hook_is_unchanged(hk):
    (hk.mem / "make-test.md").write_text(hk.entry("make-test", "Tests run with make test."))
    out, _, rec = hk.run({"prompt": "how do I run make test?"}, event="UserPromptSubmit")
    assert "make test" in out and rec["injected"][0]["id"] == "make-test.md" and "kind" not in rec


# -- PostToolUse: the landed write is the agent's ---------------------------------------------------

def test_post_tool_use_records_the_agents_write_without_its_content(hk):
    body = hk.entry("tests", "Tests run with make test.")
    (hk.mem / "tests.md").write_text(body)
    out, err, rec = hk.run({"tool_name": "Write", "tool_input": {"file_path": str(hk.mem / "tests.md"), "content": body},
                            "tool_response": {"filePath": str(hk.mem / "tests.md"), "success": True}},
                           event="PostToolUse")
    assert (out, err) == ("", "")
    assert rec["kind"] == "write" and rec["decision"] == "written" and rec["id"] == "tests.md"
    assert rec["session_id"] == "sess-1" and rec["dir"] == str(hk.mem)
    assert "make test" not in json.dumps(rec)
    out, _, rec = hk.run({"tool_name": "Write", "tool_input": {"file_path": str(hk.proj / "x.py"), "content": "1"},
                          "tool_response": {"success": True}}, event="PostToolUse")
    assert (out, rec) == ("", None)


# -- the pure parts ----------------------------------------------------------------------------

def test_edits_apply_as_claude_code_applies_them():
    c = parse_call("MultiEdit", {"file_path": "/m/a.md", "edits": [
        {"old_string": "a", "new_string": "b", "replace_all": True}, {"old_string": "bc", "new_string": "X"}]})
    assert after_call(c, "a ac a") == "b X b"
    with pytest.raises(NoDecision):
        after_call(parse_call("Edit", {"file_path": "/m/a.md", "old_string": "z", "new_string": "y"}), None)
    assert after_call(parse_call("Write", {"file_path": "/m/a.md", "content": "new"}), "old") == "new"
    assert added_lines("a\nb\nc\n", "a\nB\nc\nd\n") == {2, 4}
    assert added_lines(None, "x\ny") == {1, 2}
    with pytest.raises(NoDecision):
        parse_call("NotebookEdit", {})


def test_the_log_keeps_decisions_never_content(hk):
    value = "Tr0ub4dor&3xq"
    hk.write("db.md", hk.entry("db", f"db_password = {value}"))
    hk.write("ok.md", hk.entry("ok", "Migrations run with alembic upgrade head."))
    text = hk.log.read_text()
    assert value not in text and "alembic" not in text
    recs = [json.loads(x) for x in text.splitlines()]
    assert [x["decision"] for x in recs] == ["denied", "allowed"]
    assert os.stat(hk.log).st_mode & 0o077 == 0


# -- the app: a denied write shows up live, a landed one joins the NEW inbox -----------------------

def _hook_process(payload: dict, env: dict, cwd: Path) -> None:
    import subprocess
    from conftest import REPO
    p = subprocess.run([sys.executable, "-m", "tui", "hook", "claude-code"], input=json.dumps(payload).encode(),
                       capture_output=True, env=env, cwd=cwd, timeout=30)
    assert p.returncode == 0


async def test_the_app_shows_a_denied_write_live_and_inboxes_a_landed_one(sample, tmp_path):
    from conftest import REPO, make_app, settle
    from textual.widgets import TabbedContent
    from tui.widgets.injection_log import InjectionLog
    mem_dir, root = sample
    log = tmp_path / "state" / "memtui" / "injections.jsonl"
    env = {k: v for k, v in os.environ.items() if k not in ("MEMTUI_DIR", "PYTEST_CURRENT_TEST")}
    env.update(PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"), MEMTUI_DIR=str(mem_dir),
               HOME=str(tmp_path / "home"), MEMTUI_NO_INDEX="1")
    base = {"session_id": "sess-42", "cwd": str(root), "tool_name": "Write"}
    app = make_app(mem_dir, root, tmp_path, watch=True, log_path=log)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.query_one(TabbedContent).active = "log"
        panel = app.query_one(InjectionLog)
        value = "ghp_" + r(36)
        _hook_process({**base, "hook_event_name": "PreToolUse", "tool_input": {
            "file_path": str(mem_dir / "gh.md"), "content": FRONT.format(name="gh") + f"push with {value}\n"}}, env, root)
        for _ in range(60):
            await pilot.pause(0.05)
            if panel.count:
                break
        await pilot.pause(0.1)
        shown = "\n".join("".join(seg.text for seg in line) for line in panel.lines)
        assert "write denied gh.md" in shown and "secret" in shown and value[:8] not in shown
        assert any("gh.md was denied" in n.message for n in app._notifications)
        # the agent writes a memory that says it is the user's: the hook's record still makes it NEW
        body = "---\nname: note\ndescription: a note\nsource: user\n---\nReleases are tagged vX.Y.Z.\n"
        (mem_dir / "note.md").write_text(body)
        _hook_process({**base, "hook_event_name": "PostToolUse", "tool_input": {
            "file_path": str(mem_dir / "note.md"), "content": body}, "tool_response": {"success": True}}, env, root)
        for _ in range(80):
            await pilot.pause(0.05)
            if "note.md" in app.main.writes.pending() and "note.md" in app.main.snapshot.entries:
                break
        assert "note.md" in app.main.writes.pending() and app.main.writes.sessions["note.md"] == "sess-42"
        await settle(pilot)
        from tui.widgets.entry_table import EntryTable
        assert "NEW" in app.query_one(EntryTable).rows_by_id["note.md"].flags()


def test_the_audit_says_what_the_gate_kept_out_this_week(hk, monkeypatch, capsys):
    from tui.core.writes.injection_log import attempts_note, denied_writes
    for _ in range(2):
        hk.write("gh.md", hk.entry("gh", "push with ghp_" + r(36)))
    hk.write("ci.md", hk.entry("ci", "The CI is red right now."))
    hk.write("ok.md", hk.entry("ok", "Releases are tagged vX.Y.Z."))
    counts = denied_writes(hk.mem, "2000-01-01T00:00:00Z")
    assert counts == {"secret": 2, "transient": 1}
    assert denied_writes(hk.mem, "2999-01-01T00:00:00Z") == {} and denied_writes(hk.proj, "2000") == {}
    assert attempts_note(counts, 7).startswith("in the last 7 days the agent tried to store here a secret twice, a 'right now' statement once")
    from tui.commands.audit import _attempts
    _attempts(hk.mem)
    assert "a secret twice" in capsys.readouterr().err


def test_a_relative_file_path_is_taken_from_cwd(hk):
    rel = os.path.relpath(hk.mem / "rel.md", hk.proj)
    assert denied(hk.write(rel, hk.entry("rel", "Staging is down right now."), base=Path(""))[0])


def test_a_claude_code_memory_folder_of_another_project_is_known_by_its_shape(hk, tmp_path, monkeypatch):
    from tui.core.writes.tool_gate import claude_folder_of
    other = hk.home / ".claude" / "projects" / "-somewhere-else" / "memory"
    assert denied(hk.write(str(other / "x.md"), hk.entry("x", "The VPN is down right now."))[0])
    assert claude_folder_of(str(other / "sub" / "memory" / "y.md")) == other
    assert claude_folder_of(str(tmp_path / "projects" / "p" / "memory" / "y.md")) is None
    cfg = tmp_path / "cfg"
    assert claude_folder_of(str(cfg / "projects" / "p" / "memory" / "y.md"), str(cfg)) == cfg / "projects" / "p" / "memory"


def test_only_entries_join_the_new_inbox(tmp_path):
    from tui.screens.main.agent_writes import AgentWrites
    w = AgentWrites(tmp_path)
    rec = {"kind": "write", "decision": "written", "dir": str(tmp_path), "session_id": "s", "time": "2999-01-01T00:00:00Z"}
    assert w.note_logged({**rec, "id": "MEMORY.md"}) is None
    assert w.note_logged({**rec, "id": "a.md", "time": "2000-01-01T00:00:00Z"}) is None   # before launch
    assert w.note_logged({**rec, "id": "a.md", "dir": str(tmp_path / "other")}) is None
    assert w.note_logged({**rec, "id": "a.md"}) == "a.md" and w.pending() == ["a.md"] and w.sessions["a.md"] == "s"


def test_a_file_named_after_a_token_is_not_echoed_either(hk):
    value = "ghp_" + r(36)
    out, err, rec = hk.write(f"{value}.md", hk.entry("t", f"token {value}"))
    assert denied(out) and not [p for p in pieces(value) if p in out + err + hk.log.read_text()]


@pytest.mark.parametrize("body,deny", [
    ("Dana was diagnosed with type 1 diabetes last year.", True),
    ("The user's SSN is 078-05-1120.", True),
    ("Add an ethnicity field to the signup form.", False),
    ("The health check endpoint is /healthz.", False),
], ids=["health", "government-id", "names-a-category", "healthz"])
def test_sensitive_data_is_denied_and_its_category_named_is_not(hk, body, deny):
    out, _, rec = hk.write("person.md", hk.entry("person", body))
    assert bool(denied(out)) is deny and (not deny or rec["why"][0]["kind"] == "sensitive"), body
