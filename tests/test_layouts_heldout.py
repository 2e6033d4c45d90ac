"""Misreads found on a held-out set of real folders of other agents' layouts
(tests/bench/heldout_layouts.md), each pinned on a small fixture written here, modelled on
the shape seen, never copied."""
import datetime as dt
import os

import pytest

from tui.core.layouts import detect
from tui.core.snapshots.memory import Memory
from tui.core.writes.trash import apply_delete, plan_delete, restore

from conftest import write

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.timezone.utc)


def load(folder, root=None):
    seen = detect(folder)
    return seen, Memory.load(seen.dir, root or folder, now=NOW, layout=seen.layout)


# -- Codex -------------------------------------------------------------------------------

def test_a_codex_home_memories_folder_without_task_groups_is_codex(tmp_path):
    """A `.codex/memories` holding only a hand-kept MEMORY.md of plain sections was read as a
    Claude Code folder whose index has no entries: nothing at all was shown."""
    home = tmp_path / "proj" / ".codex"
    write(home, "memories/MEMORY.md", "# Project Memory\n\n## Stack\n\n- Rust service, Postgres.\n\n"
                                      "## Safety\n\nDry-run before any write.\n")
    write(home, "skills/demo/SKILL.md", "---\nname: demo\n---\n# Demo\n")
    for folder in (home, home / "memories"):
        seen, mem = load(folder)
        assert (seen.layout.name, seen.dir) == ("codex", home / "memories")
        assert [e.id for e in mem.sorted_entries()] == ["MEMORY.md"]


def test_a_memories_folder_elsewhere_is_not_taken_for_codex(tmp_path):
    write(tmp_path / "memories", "MEMORY.md", "- [Build](build.md) — how to build\n")
    write(tmp_path / "memories", "build.md", "---\nname: build\n---\nmake\n")
    assert detect(tmp_path / "memories").layout.name == "claude-code"


def test_codex_workspace_diff_is_process_not_memory(tmp_path):
    folder = tmp_path / ".codex" / "memories"
    write(folder, "memory_summary.md", "v1\n\n## User preferences\n- Small diffs.\n")
    write(folder, "phase2_workspace_diff.md", "# Memory Workspace Diff\n\n## Status\n- M raw_memories.md\n\n"
                                             "## Diff\n\n```diff\n+## Thread `t1`\n+updated_at: 2026-07-17\n```\n")
    seen, mem = load(folder)
    diff = mem.entries["phase2_workspace_diff.md"]
    assert diff.kind == "process" and diff.load == "on-demand"
    from tui.core.reports.audit import audit
    rules = {(f.id, f.rule) for f in audit(mem, git=False).findings}
    assert ("phase2_workspace_diff.md", "consolidation-diff") in rules


# -- Letta -------------------------------------------------------------------------------

def test_letta_agent_backup_with_memfs_folder(tmp_path):
    """An agent backup keeps MemFS in `memfs/` beside agent.json: it was read as Claude Code."""
    agent = tmp_path / "agent-1"
    write(agent, "agent.json", "{}\n")
    write(agent, "memfs/system/persona.md", "---\ndescription: Who I am.\n---\nA helpful club assistant.\n")
    write(agent, "memfs/reference/members.md", "---\ndescription: The members.\n---\n- Ana\n")
    seen, mem = load(agent)
    assert (seen.layout.name, seen.dir) == ("letta", agent / "memfs")
    assert {e.id: e.load for e in mem.sorted_entries()} == {"reference/members.md": "on-demand",
                                                           "system/persona.md": "resident"}


# -- Gemini ------------------------------------------------------------------------------

GEMINI_MULTI = """## Gemini Added Memories
- The build uses Nix flakes.
- Notes on workflow state:

**Persistence:**
- File-based: JSON files.
- Checkpoints: snapshot files.

**Guidelines:**
- Atomic updates with temp files.

**References:**
[1] https://example.org/state
- The user prefers less keybindings.
- Optimization ideas:

**1. Startup:**
- Profile the shell.
"""


def test_gemini_fact_of_several_paragraphs_is_one_entry(tmp_path):
    """save_memory writes a fact with newlines as it came: its own bold labels and sub-lists were
    split into one entry per line, and the label lines belonged to no entry."""
    write(tmp_path / "g", "GEMINI.md", GEMINI_MULTI)
    _, mem = load(tmp_path / "g")
    got = [(e.first_line, e.body.strip().splitlines()[0]) for e in mem.sorted_entries()]
    got.sort()
    assert [g[1] for g in got] == ["- The build uses Nix flakes.", "- Notes on workflow state:",
                                   "- The user prefers less keybindings.", "- Optimization ideas:"]
    notes = next(e for e in mem.entries.values() if e.first_line == 3)
    assert "**Guidelines:**" in notes.body and "[1] https://example.org/state" in notes.body
    assert "less keybindings" not in notes.body


def test_gemini_multi_paragraph_fact_deletes_and_restores_byte_for_byte(tmp_path):
    folder = tmp_path / "g"
    write(folder, "GEMINI.md", GEMINI_MULTI)
    _, mem = load(folder)
    target = next(e for e in mem.entries.values() if e.first_line == 3)
    before = (folder / "GEMINI.md").read_bytes()
    apply_delete(folder, plan_delete(folder, [target.id], mem.layout))
    after = (folder / "GEMINI.md").read_text()
    assert "Persistence" not in after and "The user prefers less keybindings." in after
    assert restore(folder, [target.id]).restored == [target.id]
    assert (folder / "GEMINI.md").read_bytes() == before


def test_gemini_plain_bullets_and_a_following_rule_are_unchanged(tmp_path):
    write(tmp_path / "g", "GEMINI.md", "## Gemini Added Memories\n- A fact:\n- Another fact.\n\n---\n\n"
                                        "## Own notes\n\nText.\n")
    _, mem = load(tmp_path / "g")
    assert sorted(e.body.strip() for e in mem.entries.values()) == ["- A fact:", "- Another fact."]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_gemini_md_linked_to_agents_md_is_read_once(tmp_path):
    """`GEMINI.md -> AGENTS.md` (one file for every agent) gave every memory twice."""
    folder = tmp_path / "repo"
    write(folder, "AGENTS.md", "# Guide\n\n## Gemini Added Memories\n- Use LaTeXString(s).\n- Files end in -v1.\n")
    os.symlink("AGENTS.md", folder / "GEMINI.md")
    os.symlink("AGENTS.md", folder / "CLAUDE.md")
    seen, mem = load(folder)
    assert seen.layout.name == "gemini"
    assert sorted(e.file for e in mem.entries.values()) == ["AGENTS.md", "AGENTS.md"]
    roles = {f.id: (f.role, f.note) for f in mem.files}
    assert roles["GEMINI.md"][0] == "other" and "AGENTS.md" in roles["GEMINI.md"][1]
    # a remembered fact goes into the file itself: the links stay links
    from tui.cli import main
    assert main(["remember", "--dir", str(folder), "--root", str(folder), "Prefer pnpm for scripts"]) == 0
    assert (folder / "GEMINI.md").is_symlink() and (folder / "CLAUDE.md").is_symlink()
    assert "- Prefer pnpm for scripts" in (folder / "AGENTS.md").read_text()
    _, mem = load(folder)
    assert len(mem.entries) == 3


# -- OpenClaw ----------------------------------------------------------------------------

OPENCLAW_MIXED = """# Long-term memory

## Preferences

### Confirmation
- Show the plan before changing the machine.
- Read-only work needs no confirmation.

---

## Projects

### CardGame (2026-02-10)

**Path**: `E:\\CardGame`

**Architecture**:
- Data-driven (ScriptableObject)
- Client-server (Netcode)

**Key files**:
- `Scripts/Card.cs`

## Installed skills

### Tools
- **browser** (0.2.0) - browser automation
- **audit** (1.0.0) - code audit

### How to install
```bash
npx clawhub install <name>
```

## Lessons

### 2026-02-10: a broken rule

**Timeline**:
- 02:23 - the rule was written down
- 02:29 - a file was created without asking

**Promise**:
- Ask before every write.
"""


def test_openclaw_section_mixing_labels_and_lists_is_not_cut_into_fragments(tmp_path):
    """A project section of `**Label**:` lines and short lists gave one entry per bullet
    (`- Scripts/Card.cs` alone), and its labels belonged to no entry."""
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", OPENCLAW_MIXED)
    write(ws, "memory/2026-02-10.md", "# 2026-02-10\n\n- worked on cards\n")
    _, mem = load(ws)
    parts = {e.id.split("#", 1)[1]: e for e in mem.entries.values() if e.file == "MEMORY.md"}
    assert sorted(parts) == ["2026-02-10-a-broken-rule", "audit-1-0-0-code-audit", "browser-0-2-0-browser-automation",
                             "cardgame-2026-02-10", "how-to-install",
                             "read-only-work-needs-no-confirmation", "show-the-plan-before-changing-the-machine"]
    card = parts["cardgame-2026-02-10"]
    assert "**Key files**" in card.body and "Scripts/Card.cs" in card.body and "Installed" not in card.body
    assert "npx clawhub install" in parts["how-to-install"].body


def test_openclaw_labelled_list_stays_whole_and_a_plain_list_is_still_split(tmp_path):
    """`**Installed at:**` then bullets then `**User preference:**`: the bullets were entries of
    their own and both labels were lost. A list closed by a `---` and a signature still splits."""
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n## Persona installed\n\n**Installed at:** `personas/forge/`\n"
                           "- `SOUL.md` — identity\n- `MEMORY.md` — defaults\n\n"
                           "**User preference:** use it for code.\n\n"
                           "## Accounts\n\n- **Username:** bot\n- **CLI:** gh 2.67\n\n---\n\n*kept by the agent*\n")
    write(ws, "memory/2026-03-06.md", "# log\n")
    _, mem = load(ws)
    slugs = sorted(e.id.split("#", 1)[1] for e in mem.entries.values() if e.file == "MEMORY.md")
    assert slugs == ["cli-gh-2-67", "persona-installed", "username-bot"]
    assert "User preference" in mem.entries["MEMORY.md#persona-installed"].body
