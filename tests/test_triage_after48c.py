"""Issue 37, stop 48 (after the held-out results): a drop that restates an instruction line shows
that line as the project's evidence; a file created with only its purpose and a "nothing yet"
comment is dropped; an OpenClaw workspace's USER.md gets a suggestion. Texts written for these tests."""
from __future__ import annotations

from conftest import NOW, triage_entry, triaged as run, write


RULES = """# Orchard API

## Rules
1. Run `make check` before every commit; a failing check blocks the commit.
2. Every response body is JSON with an `error` key on failure (ErrorEnvelope); handlers never write raw strings.
3. Ask before adding a dependency.
"""


def test_a_restated_rule_shows_the_instruction_line_as_project_evidence(mem_dir, root):
    write(root, "CLAUDE.md", RULES)
    triage_entry(mem_dir, "check_first.md", "Before any commit, run `make check`; if it fails, do not commit.",
                 "make check must pass before committing", "feedback")
    got = run(mem_dir, root)["check_first.md"]
    assert got.action == "drop", got.reasons
    project = got.evidence["project"]
    assert project and project[0]["file"] == "CLAUDE.md" and project[0]["line"] == 4, project


def test_a_file_set_up_with_its_purpose_and_a_nothing_yet_comment_is_dropped(mem_dir, root):
    write(mem_dir, "review_notes.md", "# Review notes\n\n> The agent adds a line here whenever the user corrects "
                                      "a review habit.\n\n<!-- nothing recorded yet; filled in on the first correction -->\n")
    write(mem_dir, "deploy_notes.md", "# Deploy notes\n\n> Deploys go out from main only, tagged vX.Y.Z.\n\n"
                                      "Staging is rebuilt every night at 02:00.\n\n<!-- keep this short -->\n")
    write(mem_dir, "push_rule.md", "# Pushing\n\n> Never force-push to main.\n\n<!-- added after the March incident -->\n")
    got = run(mem_dir, root)
    assert got["review_notes.md"].action == "drop", got["review_notes.md"].reasons
    for i in ("deploy_notes.md", "push_rule.md"):
        assert got[i].action != "drop", (i, got[i].reasons)


def test_an_openclaw_users_profile_gets_a_keep_of_its_own(tmp_path):
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    from tui.render.triage import print_triage
    from rich.console import Console
    ws = tmp_path / "workspace"
    write(ws, "MEMORY.md", "# Memory\n\n## Deploys\n\n- Deploys go out from main only.\n")
    write(ws, "USER.md", "# USER.md - about Mira\n\n- Time zone: Europe/Lisbon\n- Prefers short answers in Portuguese\n")
    write(ws, "SOUL.md", "# Soul\n\nBe direct.\n")
    write(ws, "memory/2026-03-02.md", "# 2026-03-02\n\n- moved the cron job to 06:00\n")
    seen = detect(ws, None)
    assert seen.layout.name == "openclaw"
    mem = Memory.load(seen.dir, tmp_path, now=NOW, layout=seen.layout)
    report = triage(mem, audit(mem, git=False).findings, Usage(), NOW)
    files = {f.file: f for f in report.files}
    assert files["USER.md"].action == "keep", files
    assert "SOUL.md" not in files   # the persona is an instruction file, not the user's profile
    assert "USER.md" in report.as_json()["files"][-1]["file"]
    console = Console(record=True, width=140)
    print_triage(report, console)
    assert "USER.md (the whole file)" in console.export_text()


CMDS = """# Lantern

## Commands
- `./gradlew bootRun` — start the service
- `./gradlew test` — run the tests
- `./node_modules/.bin/prettier --write .` — format the web part

## Rules
1. Format before committing.
"""


def test_commands_run_by_their_path_that_the_instruction_file_lists_are_dropped(mem_dir, root):
    write(root, "CLAUDE.md", CMDS)
    write(root, "build.gradle", "plugins { id 'java' }\n")
    triage_entry(mem_dir, "dev_commands.md", "Run: `./gradlew bootRun`. Tests: `./gradlew test`. "
                 "Format: `./node_modules/.bin/prettier`.", "How to run and format", "reference")
    triage_entry(mem_dir, "lint_tool.md", "Lint with `./node_modules/.bin/eslint` — it is not in the instructions.",
                 "How to lint", "reference")
    got = run(mem_dir, root)
    assert got["dev_commands.md"].action == "drop", got["dev_commands.md"].reasons
    assert any("CLAUDE.md" in p["file"] for p in got["dev_commands.md"].evidence["project"])
    assert got["lint_tool.md"].action != "drop", got["lint_tool.md"].reasons
