"""Retrieval, stop 47 (issue 40): what the tune41 pool's half A showed."""
from __future__ import annotations


def test_a_label_written_from_the_repository_root_meets_the_entry_of_that_file():
    # a reviewer labels a Cline bank's file by its place in the repository; the entry's id is
    # its place in the memory folder (memory-bank/): the same file
    from tui.core.engine.evaluate import _known, meets
    assert meets("memory-bank/progress.md", "progress.md")
    assert meets(".claude/memory/deploy_notes.md", "deploy_notes.md")
    assert meets("memory/MEMORY.md", "MEMORY.md#gateway")
    assert not meets("memory-bank/progress.md", "oldprogress.md")
    assert not meets("memory-bank/progress.md", "systemPatterns.md")
    assert _known("memory-bank/techContext.md", {"techContext.md", "progress.md"}) == "techContext.md"
