"""Triage decides per entry (issue 37): how much of it is process, test 3 with the project's
lines as evidence, rules an instruction file already holds, reasons a person can check."""
from __future__ import annotations

from conftest import NOW, write, triage_entry as entry, triaged as run
from tui.core.snapshots.memory import Memory


# -- test 1, per entry -------------------------------------------------------------------------------

def test_one_status_line_among_durable_ones_is_an_edit_of_that_line(mem_dir, root):
    entry(mem_dir, "trap.md", "The signature covers the raw bytes the carrier sent.\n"
          "Re-serialising the parsed JSON changes key order, so the check fails.\n"
          "The fix was a buffer content-type parser on that route.\n"
          "Status: the UPS route is still not verified, pending credentials.", "Signatures cover the raw body")
    got = run(mem_dir, root)["trap.md"]
    assert (got.action, got.test, got.lines) == ("edit", 1, [10])
    assert any("line 10" in r for r in got.reasons)


def test_a_session_changelog_is_archived_never_promoted(mem_dir, root):
    entry(mem_dir, "importer.md", "User asked for the importer rewrite; it must stream rows.\n"
          "- Rewrote the importer to stream rows\n- Moved the retries to the worker\n- Added the CSV dialect check",
          "Importer work, 2026-11-04", type_="feedback")
    got = run(mem_dir, root)["importer.md"]
    assert got.action == "archive"


def test_a_why_that_recounts_an_incident_is_the_reason_for_a_rule_not_a_status(mem_dir, root):
    entry(mem_dir, "deploy.md", "Never deploy on Fridays.\n\n**Why:** on 2026-11-20 a Friday deploy broke "
          "billing; the rollback was still pending at midnight.", "Never deploy on Fridays", type_="feedback")
    got = run(mem_dir, root)["deploy.md"]
    assert got.action == "promote"


def test_a_static_reference_table_is_not_a_checklist(mem_dir, root):
    entry(mem_dir, "jira.md", "| transition | id |\n|---|---|\n| To Do | 11 |\n| In Progress | 21 |\n"
          "| Blocked | 51 |\n| Waiting for customer | 61 |\n| In Review | 31 |\n| Done | 41 |",
          "Jira transition ids", type_="reference")
    assert run(mem_dir, root)["jira.md"].action == "keep"


def test_a_possible_finding_never_decides_alone(mem_dir, root):
    entry(mem_dir, "charter.md", "The owner set these rules for the bot (현재 paper trading only):\n"
          "1. Orders go through the risk check.\n2. Report results against the benchmark.\n"
          "3. Write only to our own database.", "The owner's operating charter for the trading bot")
    got = run(mem_dir, root)["charter.md"]
    assert got.action not in ("archive", "edit")


def test_reasons_are_never_one_common_word(mem_dir, root):
    entry(mem_dir, "model.md", "The churn model is a logistic regression on 14 features; retrained monthly.",
          "Churn model")
    entry(mem_dir, "jira-types.md", "Issue types in our Jira: Bug, Story, Task, Epic.", "Jira issue types",
          type_="reference")
    got = run(mem_dir, root)
    for i in ("model.md", "jira-types.md"):
        assert got[i].action == "keep"
        assert not any("learned" in r for r in got[i].reasons), got[i].reasons


# -- test 3 with evidence ----------------------------------------------------------------------------

def node_project(root):
    write(root, "package.json", '{\n  "name": "svc",\n  "scripts": {\n    "test": "node --test",\n'
          '    "lint": "eslint ."\n  },\n  "engines": {"node": ">=20"}\n}\n')
    write(root, ".env.example", "PORT=8080\nDATABASE_URL=postgres://localhost:5432/svc\n")
    write(root, "src/retry.ts", "// webhook retries\nexport const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];\n")


def test_an_entry_the_project_states_is_dropped_with_the_lines_that_state_it(mem_dir, root):
    node_project(root)
    entry(mem_dir, "runner.md", "Tests run with `npm test`, which is `node --test`; the API port is 8080.",
          "How tests run")
    entry(mem_dir, "retries.md", "Webhook retries wait 1s, 5s and 30s (`RETRY_DELAYS_MS`).", "Retry schedule")
    got = run(mem_dir, root)
    assert (got["runner.md"].action, got["runner.md"].test) == ("drop", 3)
    assert any("package.json:4" in r and '"test": "node --test"' in r for r in got["runner.md"].reasons)
    assert {p["file"] for p in got["runner.md"].evidence["project"]} >= {"package.json", ".env.example"}
    assert got["retries.md"].action == "drop"
    assert got["retries.md"].evidence["project"][0]["file"] == "src/retry.ts"


def test_an_entry_that_says_more_than_the_project_is_kept(mem_dir, root):
    node_project(root)
    entry(mem_dir, "flaky.md", "`node --test` runs files in parallel; the DB tests deadlocked until we "
          "turned out to need `--test-concurrency=1`.", "Test runner trap")
    assert run(mem_dir, root)["flaky.md"].action == "keep"


def test_a_value_the_project_contradicts_is_for_a_person(mem_dir, root):
    node_project(root)
    entry(mem_dir, "port.md", "The API listens on port 3000.", "API port")
    got = run(mem_dir, root)["port.md"]
    assert got.action == "review"
    assert any(".env.example:1 PORT=8080" in r for r in got.reasons)


def test_two_entries_that_disagree_are_not_both_kept(mem_dir, root):
    entry(mem_dir, "sdk-a.md", "The mobile app is on Expo SDK 52.", "Expo version")
    entry(mem_dir, "sdk-b.md", "The mobile app targets Expo SDK 55 since the upgrade.", "Expo upgrade")
    got = run(mem_dir, root)
    assert {got["sdk-a.md"].action, got["sdk-b.md"].action} == {"review"}


def test_a_rule_an_instruction_file_holds_is_dropped_never_promoted(mem_dir, root):
    write(root, "CLAUDE.md", "# rules\n\n- Run the linter and the unit tests before you push a branch.\n")
    write(root, ".claude/rules/db.md", "- Migrations that were merged are never edited; write a new migration.\n")
    entry(mem_dir, "lint.md", "Always run the linter and the unit tests before pushing a branch.",
          "Always lint and test before pushing", type_="feedback")
    entry(mem_dir, "migrations.md", "Never edit migrations that were merged: write a new migration instead.",
          "Never edit merged migrations", type_="feedback")
    got = run(mem_dir, root)
    assert (got["lint.md"].action, got["lint.md"].test) == ("drop", 3)
    assert any("CLAUDE.md:3" in r for r in got["lint.md"].reasons)
    assert got["migrations.md"].action == "drop"
    assert any(".claude/rules/db.md:1" in r for r in got["migrations.md"].reasons)


def test_the_claude_md_above_the_root_counts_too(tmp_path):
    top = tmp_path / "mono"
    root = top / "services" / "api"
    mem_dir = tmp_path / "memory"
    write(top, "CLAUDE.md", "- Every service logs JSON lines to stdout, never to files.\n")
    entry(mem_dir, "logs.md", "Services log JSON lines to stdout, never to files.", "Log to stdout, never files",
          type_="feedback")
    root.mkdir(parents=True)
    got = run(mem_dir, root)["logs.md"]
    assert got.action == "drop" and any("../../CLAUDE.md:1" in r for r in got.reasons)


# -- the index: made once, kept, made again when a file changes --------------------------------------

def test_the_project_index_is_kept_and_made_again_when_a_file_changes(mem_dir, root, monkeypatch, tmp_path):
    from tui.core.judging import project_cache as kept_project
    from tui.core.judging.project_index import ProjectIndex
    from tui.core.judging.root_files import RootFiles
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    node_project(root)
    entry(mem_dir, "a.md", "x", "a")
    Memory.load(mem_dir, root, now=NOW)   # the folder's kept file exists once a reading was kept
    built = []
    real = ProjectIndex.build.__func__

    def counting(cls, *a, **kw):
        built.append(1)
        return real(cls, *a, **kw)
    monkeypatch.setattr(ProjectIndex, "build", classmethod(counting))
    monkeypatch.setattr(kept_project, "racy", lambda *a: False)   # a test's files are all seconds old
    first = kept_project.project_index(root, RootFiles(root), mem_dir)
    again = kept_project.project_index(root, RootFiles(root), mem_dir)
    assert len(built) == 1 and again.files == first.files
    (root / ".env.example").write_text("PORT=9090\n")
    changed = kept_project.project_index(root, RootFiles(root), mem_dir)
    assert len(built) == 2
    assert changed.lines_with("9090") and not changed.lines_with("8080")


def test_json_has_the_deciding_lines_and_the_project_evidence(mem_dir, root):
    node_project(root)
    entry(mem_dir, "runner.md", "Tests run with `npm test` (`node --test`).", "How tests run")
    s = run(mem_dir, root)["runner.md"].as_json()
    assert s["lines"] == [7] and s["evidence"]["project"][0] == {"file": "package.json", "line": 4,
                                                                  "text": '"test": "node --test",'}
