"""One walk of a memory folder: the scan that reads it, the hook's prefetched listing and the
audit cache's signature all list it by the same rules."""
from __future__ import annotations

import os

import pytest

from tui.core import walk as walk_mod
from tui.core.cache.kept import folder_listing
from tui.core.layouts import Gemini
from tui.core.snapshots.memory import Memory
from tui.core.reading.prefetch import stat_pass

from conftest import NOW, write


@pytest.fixture
def folder(tmp_path):
    mem = tmp_path / "memory"
    write(mem, "MEMORY.md", "- [a](a.md)\n")
    write(mem, "a.md", "---\nname: a\n---\nx\n")
    write(mem, "topics/deep/b.md", "---\nname: b\n---\ny\n")
    write(mem, ".notes.md", "hidden\n")
    write(mem, ".gemini/GEMINI.md", "## Gemini Added Memories\n- z\n")
    write(mem, ".git/HEAD", "ref: refs/heads/main\n")
    write(mem, ".trash/20260101T000000Z/old.md", "gone\n")
    write(mem, "c.md.tmp", "half written\n")
    write(mem, ".d.md.tmp", "half written\n")
    return mem


def kinds(mem, **kw) -> dict[str, str]:
    return {i: kind for i, _, _, kind, _, _ in walk_mod.walk(mem, **kw)}


def test_the_rules(folder):
    os.mkfifo(folder / "pipe.md")
    seen = kinds(folder)
    assert seen == {"MEMORY.md": "file", "a.md": "file", "topics": "folder", "topics/deep": "folder",
                    "topics/deep/b.md": "file", ".notes.md": "hidden", ".gemini": "hidden", ".git": "hidden",
                    "c.md.tmp": "file", "pipe.md": "special"}   # the trash and our dot temp files: not even listed
    gemini = kinds(folder, walk_dot=lambda i: i == ".gemini", prune=lambda i: "not memory" if i == "topics" else None)
    assert gemini[".gemini/GEMINI.md"] == "file" and gemini["topics"] == "pruned" and "topics/deep" not in gemini
    assert kinds(folder, walk_dot=lambda i: True)[".git"] == "hidden"   # never walked into


def test_the_scan_the_hook_listing_and_the_audit_signature_agree(folder):
    mem = Memory.load(folder, folder.parent, now=NOW)
    listed = stat_pass(str(folder), "MEMORY.md", None)[0]
    assert set(listed) == set(mem.entries) == {"a.md", "topics/deep/b.md", "c.md.tmp"}
    hidden = {f.id for f in mem.files if f.note == "hidden (not read)"}
    assert hidden == {".notes.md", ".gemini/", ".git/"}
    signature = {row[0] for row in folder_listing(folder)}
    assert signature == {"MEMORY.md", "a.md", "topics", "topics/deep", "topics/deep/b.md", "c.md.tmp",
                         ".notes.md", ".gemini", ".git"}
    os.symlink(folder / "a.md", folder / "link.md")
    assert stat_pass(str(folder), "MEMORY.md", None) is None and folder_listing(folder) is None


def test_a_layout_that_walks_a_dot_folder_reads_it(folder):
    layout = Gemini()
    mem = Memory.load(folder, folder.parent, now=NOW, layout=layout)
    assert ".gemini/GEMINI.md#z" in mem.entries


def test_a_path_named_alone_follows_the_walks_rules():
    """A watcher's path is judged by the walk's own rules (reading.walk.path_rule), not a copy."""
    from tui.core.walk import path_rule
    prune = lambda rel: "node_modules" if rel.endswith("node_modules") else None   # noqa: E731
    assert path_rule(".trash/a.md", prune) is None and path_rule("sub/.archive/x.md", prune) is None
    assert path_rule(".a.md.tmp", prune) is None          # our atomic write's temp file: never listed
    assert path_rule(".notes/a.md", prune) is True        # a dot-folder: a layout may walk it
    assert path_rule("web/node_modules/x.md", prune) is True
    assert path_rule("topic/a.md", prune) is False and path_rule("a.md", None) is False
