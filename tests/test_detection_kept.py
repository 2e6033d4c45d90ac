"""The layout detection a warm hook keeps (layouts/detection): the same answer as detecting
afresh, and any change detection would see — a name added, a sniffed file edited in place, a
probed path made — detects again."""
import os
import shutil

import pytest

from tui.core.layouts import detection
from tui.core.layouts import detect

from conftest import SAMPLE, write


@pytest.fixture(autouse=True)
def trusted(monkeypatch):
    monkeypatch.setattr(detection, "RACY_NS", 0)   # (as if the files were older)


def same(folder):
    a, b = detect(folder), detection.detect_kept(folder)
    assert (type(a.layout), a.dir, a.note) == (type(b.layout), b.dir, b.note)
    return b


def kept(folder) -> bool:
    return detection.KeptFile(folder).path.with_suffix(".layout").exists()


@pytest.mark.parametrize("name", ["cline", "openclaw", "letta", "gemini", "codex", "mem0"])
def test_other_layouts_are_detected_afresh_and_alike(name, tmp_path):
    folder = tmp_path / name
    shutil.copytree(SAMPLE / "layouts" / name, folder, symlinks=True)
    same(folder)
    same(folder)
    assert not kept(folder)


def test_claude_code_folder_is_kept_and_follows_what_detection_sees(tmp_path, monkeypatch):
    folder = tmp_path / "memory"
    shutil.copytree(SAMPLE / "memory", folder, symlinks=True)
    same(folder)
    assert kept(folder)
    from tui.core import layouts
    calls = []
    real = layouts.detect
    monkeypatch.setattr(layouts, "detect", lambda *a: calls.append(a) or real(*a))
    assert same(folder).layout.name == "claude-code" and calls == []   # answered from what is kept
    # MEMORY.md edited in place (its folder's mtime stays): sniffed by Codex's detection
    with open(folder / "MEMORY.md", "a") as f:
        f.write("\n# Task Group: deploys\n")
    assert same(folder).layout.name == "codex" and len(calls) == 1
    (folder / "MEMORY.md").write_text("# Memory index\n")
    assert same(folder).layout.name == "claude-code" and len(calls) == 2
    same(folder)
    assert len(calls) == 2
    write(folder, "projectbrief.md", "# Brief\n")   # a name added: Cline's memory bank
    write(folder, "activeContext.md", "# Now\n")
    assert same(folder).layout.name == "cline"


def test_a_probe_one_level_down_and_a_symlink_are_seen(tmp_path):
    folder = tmp_path / "memory"
    shutil.copytree(SAMPLE / "memory", folder, symlinks=True)
    (folder / "memories").mkdir()
    assert same(folder).layout.name == "claude-code" and kept(folder)
    write(folder / "memories", "raw_memories.md", "# Raw\n")   # Codex's, one level down: the top folder's mtime stays
    assert same(folder).layout.name == "codex"
    other = tmp_path / "other"
    shutil.copytree(SAMPLE / "memory", other, symlinks=True)
    os.symlink(other / "MEMORY.md", other / "alias.md")
    same(other)
    assert not kept(other)   # a listing with a symlink in it is never vouched for
