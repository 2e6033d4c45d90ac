"""Other agents' layouts: detection, readers, stable ids, byte-exact bullet delete and restore,
layout-aware audit, writes that keep each layout's shape, and malformed variants."""
import datetime as dt
import json
import shutil
import time

import pytest

from tui.cli import main
from tui.core.snapshots import store as store_mod
from tui.core.reports.audit import audit
from tui.core.layouts import NAMES, detect, get
from tui.core.snapshots.memory import Memory
from tui.core.writes.trash import apply_delete, plan_delete, restore

from conftest import SAMPLE, write

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.timezone.utc)
LAYOUTS = SAMPLE / "layouts"


@pytest.fixture
def layout_copy(tmp_path):
    def copy(name: str):
        dest = tmp_path / name
        shutil.copytree(LAYOUTS / name, dest, symlinks=True)
        return dest
    return copy


def load(folder, layout=None, now=NOW):
    seen = detect(folder, layout)
    return Memory.load(seen.dir, folder, now=now, layout=seen.layout)


def json_out(capsys, *args):
    capsys.readouterr()
    assert main([str(a) for a in args]) == 0
    return json.loads(capsys.readouterr().out)


# -- detection ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,expected", [("cline", "cline"), ("openclaw", "openclaw"), ("letta", "letta"),
                                           ("gemini", "gemini"), ("codex", "codex"), ("mem0", "mem0")])
def test_each_sample_is_detected(name, expected):
    assert detect(LAYOUTS / name).layout.name == expected


def test_claude_sample_and_memory_tool_folders(tmp_path):
    assert detect(SAMPLE / "memory").layout.name == "claude-code"
    write(tmp_path / "mt", "notes/build.txt", "make build\n")
    write(tmp_path / "mt", "prefs.md", "The user likes tabs.\n")
    assert detect(tmp_path / "mt").layout.name == "memory-tool"
    assert detect(tmp_path / "empty").layout.name == "claude-code"


def test_memory_bank_and_codex_home_are_found_one_level_down(tmp_path):
    write(tmp_path / "proj", "memory-bank/tasks.md", "# Tasks\n- [ ] a\n")   # a bank with one file so far
    write(tmp_path / "proj", "src/app.py", "print(1)\n")
    seen = detect(tmp_path / "proj")
    assert (seen.layout.name, seen.dir) == ("cline", tmp_path / "proj" / "memory-bank")
    write(tmp_path / "home/.codex", "memories/memory_summary.md", "v1\n## User Profile\nx\n")
    seen = detect(tmp_path / "home/.codex")
    assert (seen.layout.name, seen.dir.name) == ("codex", "memories")
    write(tmp_path / "kilo", ".kilocode/rules/memory-bank/brief.md", "# Brief\n")
    write(tmp_path / "kilo", ".kilocode/rules/memory-bank/context.md", "# Context\n")
    assert detect(tmp_path / "kilo").layout.name == "cline"


def test_layout_can_be_forced_and_is_reported(capsys):
    data = json_out(capsys, "list", "--json", "--dir", LAYOUTS / "gemini")
    assert data["layout"] == "gemini" and data["agent"] == "Gemini CLI"
    data = json_out(capsys, "list", "--json", "--dir", LAYOUTS / "gemini", "--format", "claude-code")
    assert data["layout"] == "claude-code"
    with pytest.raises(SystemExit) as e:
        main(["list", "--dir", str(LAYOUTS / "gemini"), "--layout", "nope"])
    assert e.value.code == 2
    assert set(NAMES) >= {"claude-code", "memory-tool", "cline", "openclaw", "letta", "gemini", "codex", "mem0"}


def test_kubernetes_json_is_not_a_mem0_export(tmp_path):
    write(tmp_path / "k", "deploy.json", '{"resources": {"limits": {"memory": "512Mi"}}, "created_at": "x"}')
    assert detect(tmp_path / "k").layout.name != "mem0"


# -- readers ------------------------------------------------------------------------------

def test_every_file_is_accounted_for(capsys):
    for name in ("cline", "openclaw", "letta", "gemini", "codex", "mem0"):
        data = json_out(capsys, "list", "--json", "--dir", LAYOUTS / name)
        listed = {f["id"] for f in data["files"]}
        on_disk = {str(p.relative_to(LAYOUTS / name)) for p in (LAYOUTS / name).rglob("*") if p.is_file()}
        base = data["dir"]
        prefix = str(__import__("pathlib").Path(base).relative_to(LAYOUTS / name)) + "/" if base != str(
            LAYOUTS / name) else ""
        for f in on_disk:
            rel = f[len(prefix):] if prefix and f.startswith(prefix) else f
            top = rel.split("/")[0]
            assert rel in listed or f"{top}/" in listed or any(rel.startswith(x) for x in listed if
                                                                x.endswith("/")), (name, rel)


def test_openclaw_entries_load_states_and_process_logs():
    mem = load(LAYOUTS / "openclaw")
    e = mem.entries
    bullets = [i for i in e if i.startswith("MEMORY.md#")]
    assert "MEMORY.md#never-push-to-main-directly-open-a-pull" in bullets
    assert "MEMORY.md#gateway" in bullets                       # a section of prose is one entry
    assert all(mem.status[i].load == "resident" for i in bullets)
    assert e["memory/2026-11-30.md"].kind == "process" and mem.status["memory/2026-11-30.md"].load == "resident"
    assert mem.status["memory/2026-12-01-0915.md"].load == "resident"   # today's, with a -HHMM suffix
    assert mem.status["memory/2026-11-12.md"].load == "on-demand"
    assert e["memory/archive/2026-10-03.md"].kind == "process"
    assert e["memory/fly-deploys.md"].kind == "memory"
    files = {f.id: f for f in mem.files}
    assert files["memory/index.sqlite"].role == "other" and files["SOUL.md"].role == "other"


def test_openclaw_logs_are_never_injected():
    mem = load(LAYOUTS / "openclaw")
    from tui.core.engine.select import Engine
    d = Engine.from_memory(mem).decide("2026-11-30 migration dry-run", 10, 10000)
    assert not any(c.id.startswith("memory/2026") for c in d.injected)


def test_non_markdown_in_memory_folder_is_never_opened(monkeypatch):
    opened = []
    real = store_mod._load
    monkeypatch.setattr(store_mod, "_load", lambda path, i, *rest: opened.append(i) or real(path, i, *rest))
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    load(LAYOUTS / "openclaw")
    assert "memory/index.sqlite" not in opened and "SOUL.md" not in opened and "MEMORY.md" in opened


def test_cline_files_are_resident_and_process_files_marked():
    mem = load(LAYOUTS / "cline")
    assert mem.status["projectbrief.md"].load == "resident"
    assert mem.status["archive/2026-08-reports-spike.md"].load == "on-demand"
    assert mem.entries["progress.md"].kind == "process" and mem.entries["activeContext.md"].kind == "process"
    assert mem.entries["techContext.md"].kind == "memory"


def test_letta_system_is_resident_and_skills_are_not_memory():
    mem = load(LAYOUTS / "letta")
    assert mem.status["system/persona.md"].load == "resident"
    assert mem.status["system/project/conventions.md"].load == "resident"
    assert mem.status["reference/fly-deploys.md"].load == "on-demand"
    assert "skills/release/SKILL.md" not in mem.entries
    assert {f.id: f.role for f in mem.files}["skills/release/SKILL.md"] == "other"


def test_letta_git_history_gives_author_and_time(tmp_path, layout_copy):
    import subprocess
    folder = layout_copy("letta")
    env = {"GIT_AUTHOR_NAME": "Quill", "GIT_AUTHOR_EMAIL": "q@x", "GIT_COMMITTER_NAME": "Quill",
           "GIT_COMMITTER_EMAIL": "q@x", "GIT_AUTHOR_DATE": "2026-11-02T10:00:00Z",
           "GIT_COMMITTER_DATE": "2026-11-02T10:00:00Z", "PATH": __import__("os").environ["PATH"]}
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "memory"]):
        subprocess.run(cmd, cwd=folder, env=env, check=True)
    mem = load(folder)
    e = mem.entries["system/human.md"]
    assert e.author == "Quill" and e.updated.date() == dt.date(2026, 11, 2)


def test_gemini_bullets_only_and_rest_is_instructions():
    mem = load(LAYOUTS / "gemini")
    assert set(mem.entries) == {
        "GEMINI.md#the-user-prefers-pnpm-over-npm-for-every", "GEMINI.md#deploys-go-through-fly-deploy-strategy-rolling-n",
        "GEMINI.md#the-staging-database-is-reset-every-sunday-at", "GEMINI.md#right-now-the-csv-export-is-half-done"}
    e = mem.entries["GEMINI.md#the-user-prefers-pnpm-over-npm-for-every"]
    assert e.source == "model" and mem.status[e.id].load == "resident" and e.first_line == 10


def test_codex_blocks_and_summary():
    mem = load(LAYOUTS / "codex")
    assert mem.status["memory_summary.md"].load == "resident"
    group = mem.entries["MEMORY.md#ledgerline-reports-on-the-materialized-view"]
    assert group.name.startswith("Task Group:") and "entries_by_month" in group.keywords
    assert group.description.startswith("moving the monthly report")
    assert group.updated.date() == dt.date(2026, 11, 20)        # from the rollouts it cites
    assert mem.entries["raw_memories.md"].kind == "process"
    roll = mem.entries["rollout_summaries/2026-11-20T10-02-11-a1B2-reports_view.md"]
    assert roll.meta["thread_id"].startswith("019f") and roll.description.startswith("Create entries_by_month")
    assert "skills/release-notes/SKILL.md" not in mem.entries


def test_codex_folder_with_an_oversized_raw_log_audits(tmp_path, layout_copy, capsys):
    """Real Codex homes keep raw_memories.md over the size limit: an unreadable entry of a
    layout that copies its entries still has its path, so the audit's raw secret scan runs."""
    folder = layout_copy("codex")
    write(folder, "memories/raw_memories.md", "# Raw memories\n" + "- a line of session notes\n" * 50_000)
    mem = load(folder)
    assert all(e.path is not None for e in mem.entries.values())
    assert not mem.entries["raw_memories.md"].readable
    capsys.readouterr()
    assert main(["audit", "--dir", str(folder), "--root", str(tmp_path), "--fail-on", "", "--all"]) == 0
    assert "too large" in capsys.readouterr().out   # (unreadable is possible since stop 40: --all shows it)


def test_mem0_records_are_read_only_entries():
    mem = load(LAYOUTS / "mem0")
    e = mem.entries["export.json#3f1c2a9e-6b1d-4c1e-9a53-1c0d2e7f4a10"]
    assert e.read_only and e.keywords == ["technology", "preferences"] and e.description.startswith("Prefers")
    assert mem.entries["openmemory.jsonl#a9e1d2c3-0001-4000-8000-000000000002"].first_line == 2   # `content`
    assert e.updated.date() == dt.date(2026, 10, 11)


# -- stable ids ---------------------------------------------------------------------------

def test_ids_survive_unrelated_edits(layout_copy):
    folder = layout_copy("openclaw")
    before = set(load(folder).entries)
    path = folder / "MEMORY.md"
    text = path.read_text()
    text = text.replace("## Durable rules", "## A new section\n- Something new.\n\n## Durable rules")
    text = text.replace("Timezone: Europe/Lisbon.", "Timezone: Europe/Lisbon (WET).")
    path.write_text(text + "\n## Tail\nMore prose.\n")
    after = set(load(folder).entries)
    changed = {"MEMORY.md#timezone-europe-lisbon-do-not-schedule-anything"}
    assert before - after == changed
    assert {"MEMORY.md#something-new", "MEMORY.md#tail"} <= after


def test_repeated_bullets_get_numbered_ids(tmp_path):
    write(tmp_path / "g", "GEMINI.md", "## Gemini Added Memories\n- Use tabs.\n- Use tabs.\n")
    assert set(load(tmp_path / "g").entries) == {"GEMINI.md#use-tabs", "GEMINI.md#use-tabs-2"}


def test_a_secret_never_reaches_an_id(tmp_path):
    key = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
    write(tmp_path / "g", "GEMINI.md", f"## Gemini Added Memories\n- The token is {key} for CI\n")
    ids = list(load(tmp_path / "g").entries)
    assert ids == ["GEMINI.md#the-token-is-for-ci"] and key[4:12] not in ids[0]


# -- delete and restore, byte for byte -------------------------------------------------------

GEMINI_CRLF = ("\ufeff# Project\r\n\r\nUse tabs.\r\n\r\n#### gemini added memories\r\n- The user prefers pnpm.\r\n"
               "- Deploys go through `make deploy` only.\r\n  continued line\r\n\r\n## Next\r\n- not a memory\r\n"
               "- last").encode("utf-8")


@pytest.mark.parametrize("slug", ["deploys-go-through-make-deploy-only", "the-user-prefers-pnpm"])
def test_gemini_bullet_delete_and_restore_round_trip(tmp_path, slug):
    folder = tmp_path / "g"
    write(folder, "GEMINI.md", GEMINI_CRLF)
    mem = load(folder)
    assert set(mem.entries) == {"GEMINI.md#the-user-prefers-pnpm", "GEMINI.md#deploys-go-through-make-deploy-only"}
    plan = plan_delete(folder, [f"GEMINI.md#{slug}"], mem.layout)
    res = apply_delete(folder, plan)
    after = (folder / "GEMINI.md").read_bytes()
    assert res.moved == [f"GEMINI.md#{slug}"] and len(after) < len(GEMINI_CRLF)
    assert after.startswith(b"\xef\xbb\xbf# Project\r\n") and b"- not a memory\r\n- last" in after
    assert f"GEMINI.md#{slug}" not in load(folder).entries
    assert restore(folder, [f"GEMINI.md#{slug}"]).restored == [f"GEMINI.md#{slug}"]
    assert (folder / "GEMINI.md").read_bytes() == GEMINI_CRLF
    assert not (folder / ".trash").exists() or not any((folder / ".trash").iterdir())


def test_restore_after_the_file_changed_goes_back_under_its_neighbour(layout_copy):
    folder = layout_copy("openclaw")
    mem = load(folder)
    target = "MEMORY.md#never-push-to-main-directly-open-a-pull"
    apply_delete(folder, plan_delete(folder, [target], mem.layout))
    path = folder / "MEMORY.md"
    path.write_text("# Added on top\n\n" + path.read_text())
    assert restore(folder, [target]).restored == [target]
    text = path.read_text()
    assert "1. Always run `pnpm test`" in text
    assert text.index("1. Always run") < text.index("2. Never push") < text.index("3. Commit messages")


def test_cli_delete_shows_the_lines_and_touches_nothing_else(layout_copy, capsys):
    folder = layout_copy("openclaw")
    before = (folder / "MEMORY.md").read_bytes()
    capsys.readouterr()
    assert main(["delete", "--dir", str(folder), "MEMORY.md#gateway", "--yes"]) == 0
    out = capsys.readouterr().out
    assert "MEMORY.md:18  ## Gateway" in out and "nothing else in it changes" in out
    assert main(["restore", "--dir", str(folder), "MEMORY.md#gateway"]) == 0
    assert (folder / "MEMORY.md").read_bytes() == before


def test_mem0_export_is_never_changed(layout_copy, capsys):
    folder = layout_copy("mem0")
    before = (folder / "export.json").read_bytes()
    assert main(["delete", "--dir", str(folder), "export.json#c0ffee00-1111-4222-8333-444455556666", "--yes"]) == 0
    assert (folder / "export.json").read_bytes() == before
    copies = list((folder / ".trash" / "exports").iterdir())
    kept = json.loads(copies[0].read_text())
    assert len(copies) == 1 and [r["id"][:8] for r in kept] == ["3f1c2a9e", "8b7e4c21"]
    assert main(["remember", "--dir", str(folder), "Likes green tea"]) == 2


# -- writes keep the shape ---------------------------------------------------------------------

def test_remember_appends_a_gemini_bullet(tmp_path, capsys):
    folder = tmp_path / "g"
    write(folder, "GEMINI.md", "# Proj\r\nUse tabs.")
    assert main(["remember", "--dir", str(folder), "Prefer pnpm for scripts"]) == 0
    assert (folder / "GEMINI.md").read_bytes() == (b"# Proj\r\nUse tabs.\r\n\r\n## Gemini Added Memories\r\n"
                                                   b"- Prefer pnpm for scripts\r\n")
    assert main(["remember", "--dir", str(folder), "Use tabs in Go files"]) == 0
    assert (folder / "GEMINI.md").read_bytes().endswith(b"- Prefer pnpm for scripts\r\n- Use tabs in Go files\r\n")
    assert main(["remember", "--dir", str(folder), "Right now the build is red"]) == 2   # the gates still hold


def test_promotion_moves_the_bullet(layout_copy, capsys):
    folder = layout_copy("gemini")
    before = (folder / "GEMINI.md").read_bytes()
    entry = "GEMINI.md#the-user-prefers-pnpm-over-npm-for-every"
    assert main(["promote", "--dir", str(folder), "--root", str(folder), entry, "--to", "AGENTS.md", "--yes"]) == 0
    assert "prefers pnpm" in (folder / "AGENTS.md").read_text()
    assert b"prefers pnpm" not in (folder / "GEMINI.md").read_bytes()
    assert main(["restore", "--dir", str(folder), entry]) == 0
    assert (folder / "GEMINI.md").read_bytes() == before


# -- audit ---------------------------------------------------------------------------------

def rules(folder, now=NOW):
    return {(f.id, f.kind, f.rule) for f in audit(load(folder, now=now), git=False).findings}


def test_audit_knows_each_layout(layout_copy, tmp_path):
    oc = rules(LAYOUTS / "openclaw")
    # a daily log is where process belongs: no finding of its own, nor its words as 'right now'
    assert not any(r == "daily-log" or i.startswith("memory/20") and k == "transient" for i, k, r in oc)
    assert not any(i.startswith("memory/20") and k == "stale" for i, k, _ in oc)   # a log's age is its date
    assert ("memory/2026-11-30.md", "process", "durable-rule-in-log") in oc
    # a log's rule MEMORY.md already holds was promoted: nothing to move (heldout40, read after measuring)
    ws = tmp_path / "ws"
    shutil.copytree(LAYOUTS / "openclaw", ws)
    log = next(p for p in sorted((ws / "memory").glob("20*.md")) if "memory/" + p.name == "memory/2026-11-30.md")
    rule = next(ln for ln in log.read_text().splitlines() if "always" in ln.lower() or "never" in ln.lower())
    with (ws / "MEMORY.md").open("a") as fh:
        fh.write("\n## Promoted\n" + rule + "\n")
    assert ("memory/2026-11-30.md", "process", "durable-rule-in-log") not in rules(ws)
    cl = rules(LAYOUTS / "cline")
    # status by design (Cline reads them at every task start): being what they are is only possible
    found = audit(load(LAYOUTS / "cline", now=NOW), git=False).findings
    mine = [f for f in found if f.kind == "process" and f.id in ("progress.md", "activeContext.md")]
    assert mine and all(f.confidence == "possible" or f.rule == "current-section" for f in mine)
    assert len({f.id for f in mine}) == len(mine)   # one finding per file
    lt = rules(LAYOUTS / "letta")
    assert ("reference/incident-2026-11.md", "layout", "letta-unknown-key") in lt
    assert ("reference/scratch.md", "layout", "letta-no-description") in lt
    assert not any(r == "letta-no-persona" for _, _, r in lt)
    folder = layout_copy("letta")
    (folder / "system/persona.md").unlink()
    assert ("", "layout", "letta-no-persona") in rules(folder)
    folder = layout_copy("codex")
    assert not any(r == "codex-no-v1" for _, _, r in rules(folder / "memories"))
    (folder / "memories/memory_summary.md").write_text("## User Profile\nno version line\n")
    assert ("memory_summary.md", "layout", "codex-no-v1") in rules(folder / "memories")


def test_stale_current_sections_only_once_a_week_has_passed(layout_copy):
    import os
    folder = layout_copy("cline")
    assert not any(r == "current-section" for _, _, r in rules(folder / "memory-bank"))
    old = (NOW - dt.timedelta(days=30)).timestamp()
    os.utime(folder / "memory-bank/activeContext.md", (old, old))
    found = [f for f in audit(load(folder / "memory-bank"), git=False).findings if f.rule == "current-section"]
    # one cause (the file's sections of the moment went stale), its places each section
    assert len(found) == 1 and {p.line for p in found[0].locations} == {3, 7, 10}   # not the file's title


def test_findings_on_a_part_point_at_lines_of_its_file():
    rep = audit(load(LAYOUTS / "gemini"), git=False)
    f = next(f for f in rep.findings if f.kind == "transient")
    assert (f.id, f.line) == ("GEMINI.md#right-now-the-csv-export-is-half-done", 13)


def test_mem0_bad_lines_are_reported(tmp_path):
    write(tmp_path / "m", "x.jsonl", '{"id": "1", "memory": "Likes tea", "user_id": "u"}\nnot json\n')
    assert ("x.jsonl", "layout", "mem0-bad-record") in rules(tmp_path / "m")


def test_a_snapshot_keeps_its_own_layout_state(tmp_path):
    """A snapshot's layout findings are its reading's: the next reading of the same store (here a
    mem0 export that lost its bad line) never changes what an audit of the earlier one sees."""
    from tui.core.snapshots.memory import MemoryStore
    folder = tmp_path / "m"
    write(folder, "x.jsonl", '{"id": "1", "memory": "Likes tea", "user_id": "u"}\nnot json\n')
    store = MemoryStore(folder, folder, layout=detect(folder).layout)
    first = store.refresh(NOW)
    before = [f.as_json() for f in first.layout.findings(first)]
    assert [f["rule"] for f in before] == ["mem0-bad-record"]
    write(folder, "x.jsonl", '{"id": "1", "memory": "Likes tea", "user_id": "u"}\n')
    second = store.refresh(NOW)
    assert second.layout.findings(second) == []
    assert [f.as_json() for f in first.layout.findings(first)] == before


# -- malformed variants ---------------------------------------------------------------------

def test_gemini_section_in_the_middle_at_another_level(tmp_path):
    write(tmp_path / "g", "GEMINI.md", "# T\n\n##### Gemini Added Memories:\n- one\n\n#### Deeper\n- two\n"
                                      "### Sibling\n- not memory\n```\n## Gemini Added Memories\n- in a fence\n```\n")
    assert set(load(tmp_path / "g").entries) == {"GEMINI.md#one"}
    write(tmp_path / "h", "GEMINI.md", "# Only instructions\n- a rule\n")
    mem = load(tmp_path / "h")
    assert not mem.entries and mem.files[0].note.startswith("instruction file with no")


GEMINI_BULLETS = "## Gemini Added Memories\n- Builds run with make release.\n- The docs live in docs/site.\n"
GEMINI_FOLDERS = {   # how real Gemini CLI folders name the file its memories are in
    "lowercase": {"gemini.md": GEMINI_BULLETS, "README.md": "# Tool\n"},
    "title-case": {"Gemini.md": "# Rules\nUse tabs.\n\n" + GEMINI_BULLETS},
    "project-setting": {".gemini/settings.json": '{"context": {"fileName": "AGENTS.md"}}',
                        "AGENTS.md": "# Agents\n\n" + GEMINI_BULLETS},
    "home-setting-list": {"settings.json": '{"context": {"fileName": ["context.md", "GEMINI.md"]}}',
                          "context.md": GEMINI_BULLETS, "tmp/x/logs.json": "[]"},
    "section-only": {"context.md": "# Context\n\n" + GEMINI_BULLETS + "\n## Notes\n- not memory\n",
                     "src/app.py": "x = 1\n"},
}


@pytest.mark.parametrize("variant", sorted(GEMINI_FOLDERS))
def test_gemini_memory_in_a_file_not_named_GEMINI_md_is_read(tmp_path, variant):
    folder = tmp_path / variant
    for rel, text in GEMINI_FOLDERS[variant].items():
        write(folder, rel, text)
    seen = detect(folder)
    assert seen.layout.name == "gemini"
    mem = Memory.load(seen.dir, folder, now=NOW, layout=seen.layout)   # the first reading already has them
    assert sorted(e.name for e in mem.entries.values()) == ["Builds run with make release.",
                                                            "The docs live in docs/site."]


def test_a_claude_folder_quoting_the_gemini_heading_stays_claude(tmp_path):
    write(tmp_path / "m", "MEMORY.md", "- [notes](notes.md)\n")
    write(tmp_path / "m", "notes.md", "---\nname: notes\n---\n" + GEMINI_BULLETS)
    assert detect(tmp_path / "m").layout.name == "claude-code"


def test_codex_bare_keys_and_bom(tmp_path):
    folder = tmp_path / "c"
    write(folder, "memory_summary.md", b"\xef\xbb\xbfv1\r\n## User Profile\r\nx\r\n")
    write(folder, "rollout_summaries/r.md", b"\xef\xbb\xbfupdated_at: 2026-11-02T00:00:00Z\ncwd: /x\n\n# Did it\n")
    mem = load(folder)
    assert mem.entries["rollout_summaries/r.md"].updated.date() == dt.date(2026, 11, 2)
    assert not any(f.rule == "codex-no-v1" for f in audit(mem, git=False).findings)


def test_a_300kb_daily_log_is_read_quickly(tmp_path):
    folder = tmp_path / "oc"
    write(folder, "MEMORY.md", "# M\n- one\n")
    write(folder, "memory/2026-11-30.md", "# 2026-11-30\n" + "- did a thing, then another thing\n" * 9000)
    assert (folder / "memory/2026-11-30.md").stat().st_size > 300_000
    start = time.perf_counter()
    mem = load(folder)
    rep = audit(mem, git=False)
    assert time.perf_counter() - start < 10
    assert mem.entries["memory/2026-11-30.md"].readable and mem.entries["memory/2026-11-30.md"].kind == "process"


def test_broken_export_is_listed_unreadable(tmp_path):
    write(tmp_path / "m", "export.json", '{"results": [{"id": "1", "memory": "x", "user_id": "u"}')
    mem = load(tmp_path / "m", layout="mem0")
    assert mem.entries["export.json"].error.startswith("not valid JSON")


def test_layout_names_resolve():
    for name in NAMES:
        assert get(name).name == name
    assert get("memory-bank").name == "cline"


def test_plain_memory_md_is_one_entry_and_a_file_arg_opens_its_folder(tmp_path, capsys):
    write(tmp_path / "oc", "MEMORY.md", "Dana prefers tea.\nShe works remotely.\n")
    write(tmp_path / "oc", "memory/2026-11-01.md", "# 2026-11-01\n- x\n")
    mem = load(tmp_path / "oc")
    assert set(mem.entries) == {"MEMORY.md", "memory/2026-11-01.md"}
    assert mem.status["MEMORY.md"].load == "resident"
    data = json_out(capsys, "list", "--json", "--dir", tmp_path / "oc" / "MEMORY.md")
    assert data["layout"] == "openclaw" and len(data["entries"]) == 2


def test_detection_never_opens_a_fifo_or_follows_a_symlink_out(tmp_path):
    import os
    folder = tmp_path / "f"
    (folder / "system").mkdir(parents=True)
    for name in ("MEMORY.md", "AGENTS.md", "system/x.md", "a.json", "memory_summary.md"):
        os.mkfifo(folder / name)
    outside = write(tmp_path, "outside.md", "---\nname: secret-ish\n---\nx\n")
    os.symlink(outside, folder / "link.md")
    seen = detect(folder)   # returns (a FIFO opened for reading would block here)
    assert seen.layout.name in NAMES


def test_openclaw_daily_log_name_variants():
    from tui.core.layouts.openclaw import daily_date
    for name in ("memory/2026-01-05.md", "memory/2026/01/2026-01-05.md", "memory/archive/2026-01-05.md",
                 "memory/2026-01-05 18.md", "memory/2026-01-05-0229.md", "memory/2026-01-05_learning.md",
                 "memory/2026-01-05-request-timed-out.md"):
        assert daily_date(name) == dt.date(2026, 1, 5), name
    for name in ("memory/fly-deploys.md", "memory/2026-13-45.md", "MEMORY.md", "memory/notes-2026-01-05.md",
                 "notes/2026-01-05.md"):
        assert daily_date(name) is None, name


def test_a_file_with_a_hash_in_its_name_is_still_a_file(tmp_path):
    folder = tmp_path / "m"
    write(folder, "notes#1.md", "---\nname: n\ndescription: d\n---\nbody\n")
    plan = plan_delete(folder, ["notes#1.md"])
    assert plan.files == ["notes#1.md"] and not plan.snippets
    apply_delete(folder, plan)
    assert restore(folder, ["notes#1.md"]).restored == ["notes#1.md"] and (folder / "notes#1.md").is_file()


def test_a_large_mem0_export_is_read(tmp_path):
    recs = [{"id": f"r{i}", "memory": f"Fact number {i} about the user's projects and tools", "user_id": "u",
             "hash": f"h{i}", "created_at": "2026-10-01T00:00:00Z"} for i in range(30000)]
    write(tmp_path / "m", "export.json", json.dumps({"results": recs}))
    assert (tmp_path / "m" / "export.json").stat().st_size > 2_000_000
    mem = load(tmp_path / "m")
    assert len(mem.entries) == 30000 and "export.json#r29999" in mem.entries


def test_a_layout_sample_resolves_against_the_demo_project(tmp_path):
    """`--dir sample:cline` from inside any repository: its anchors and its triage read the
    bundled demo project, not the repository the command runs in."""
    from tui.core.reading.discover import default_root, layout_sample, sample_root
    assert default_root(layout_sample("cline"), cwd=tmp_path) == sample_root()


def test_a_day_logs_rule_is_said_in_memory_md_only_with_its_never():
    """A day log's rule MEMORY.md holds is promoted; one MEMORY.md contradicts is not (stop 40's read)."""
    from tui.core.layouts.openclaw import _said_in, _words
    kept = _words("- Always use npm scripts for builds\n- The user prefers to be called Kapitan\n")
    assert _said_in("- The user prefers to be called Kapitan", kept)
    assert not _said_in("- Always use pnpm, never npm", kept)


def test_a_memory_md_written_in_at_a_projects_top_is_the_memory(tmp_path, capsys):
    """A Codex-style project keeps its memory as a MEMORY.md of sections at the repository's top,
    beside README.md, AGENTS.md and the code: its sections are the entries (not an index of 0), the
    project's documents and code are not memory. Without a project's marks the old reading holds."""
    repo = tmp_path / "repo"
    write(repo, "MEMORY.md", "# Memory\n\n## Deploy\nVercel builds from main; preview per PR.\n\n"
                             "## Fonts\nThe display font is self-hosted under public/fonts.\n")
    write(repo, "README.md", "# Site\n")
    write(repo, "AGENTS.md", "Use pnpm.\n")
    write(repo, "package.json", "{}\n")
    write(repo, "app/page.tsx", "export default 1\n")
    assert main(["list", "--dir", str(repo), "--json"]) == 0
    ids = [e["id"] for e in json.loads(capsys.readouterr().out)["entries"]]
    assert len(ids) == 2 and all(i.startswith("MEMORY.md") for i in ids)
    # no project mark: a Claude Code folder whose MEMORY.md has no links yet keeps its notes
    notes = tmp_path / "notes"
    write(notes, "MEMORY.md", "# Memory\n\n## A\ntext\n")
    write(notes, "sub/b.md", "---\nname: b\ndescription: b\ntype: project\n---\nb\n")
    assert detect(notes).layout.name == "claude-code"
