"""A MEMORY.md at a project's top: the memory is what it links and the notes beside it, never the
project's sources, documents and folders (they were listed as thousands of entries)."""
from tui.core.layouts.claude import ClaudeCode
from tui.core.snapshots.memory import Memory

NOTE = "---\nname: {0}\ndescription: {0} notes\ntype: project\n---\n{0} body\n"


def _project(tmp_path, manifest="package.json"):
    (tmp_path / "MEMORY.md").write_text("# Memory\n- [Build](notes/build.md) — how to build\n- [Tabs](tabs.md) — style\n")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "build.md").write_text(NOTE.format("build"))
    (tmp_path / "notes" / "scratch.txt").write_text("not linked\n")
    (tmp_path / "tabs.md").write_text(NOTE.format("tabs"))
    (tmp_path / "unlisted.md").write_text(NOTE.format("unlisted"))
    for doc in ("README.md", "CLAUDE.md", "ROADMAP.md", "ARCHITECTURE.md", manifest):
        (tmp_path / doc).write_text("{}\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.ts").write_text("export const a = 1\n")
    return tmp_path


def test_at_a_projects_top_only_the_memory_is_read(tmp_path):
    mem = Memory.load(_project(tmp_path), tmp_path, layout=ClaudeCode())
    assert sorted(mem.entries) == ["notes/build.md", "tabs.md", "unlisted.md"]   # an unlisted note is still one
    roles = {f.id: (f.role, f.note) for f in mem.files}
    assert roles["README.md"][0] == roles["package.json"][0] == roles["src/"][0] == "other"
    assert roles["ROADMAP.md"][0] == roles["ARCHITECTURE.md"][0] == "other"   # the project's own documents
    assert "project" in roles["src/"][1] and roles["notes/scratch.txt"][0] == "other"


def test_a_memory_kept_in_git_is_read_whole(tmp_path):
    """.git alone is no project: a memory folder kept in a repository of its own."""
    root = _project(tmp_path)
    (root / "package.json").unlink()
    (root / ".git").mkdir()
    mem = Memory.load(root, tmp_path, layout=ClaudeCode())
    assert {"README.md", "src/app.ts", "notes/scratch.txt"} <= set(mem.entries)


def test_a_linked_folder_is_read_whole(tmp_path):
    root = _project(tmp_path)
    (root / "MEMORY.md").write_text("- [Notes](notes/) — the notes\n")
    mem = Memory.load(root, tmp_path, layout=ClaudeCode())
    assert {"notes/build.md", "notes/scratch.txt"} <= set(mem.entries)
    assert "src/app.ts" not in mem.entries
