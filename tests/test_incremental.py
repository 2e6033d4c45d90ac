"""A watched rescan looks only at the paths the watcher noted, and knows the folder exactly as a
full walk would; what it cannot account for (a folder, the index, a hidden file) makes it walk."""
from __future__ import annotations

import random

from conftest import NOW, write

from tui.core.snapshots.memory import MemoryStore


def _view(snap) -> dict:
    return {i: (e.name, e.description, e.readable) for i, e in snap.entries.items()}


def test_noted_paths_give_what_a_full_walk_gives(mem_dir, root):
    rnd = random.Random(7)
    for k in range(30):
        write(mem_dir, f"n{k}.md", f"---\nname: n{k}\ndescription: first {k}\n---\nbody {k}\n")
    store = MemoryStore(mem_dir, root)
    store.refresh(NOW)
    for step in range(40):
        touched = []
        for _ in range(rnd.randint(1, 4)):
            k = rnd.randrange(40)
            p = mem_dir / f"n{k}.md"
            if p.exists() and rnd.random() < 0.3:
                p.unlink()
            else:
                write(mem_dir, f"n{k}.md", f"---\nname: n{k}\ndescription: step {step}\n---\nbody\n")
            touched.append(str(p))
        store.note_changes(touched)
        watched = store.refresh(NOW, full=False, noted=True)
        walked = MemoryStore(mem_dir, root).refresh(NOW)
        assert _view(watched) == _view(walked), step
        assert list(watched.entries) == list(walked.entries)   # the walk's order


def test_what_the_paths_cannot_tell_is_walked(mem_dir, root):
    write(mem_dir, "a.md", "---\nname: a\ndescription: a\n---\nbody\n")
    store = MemoryStore(mem_dir, root)
    store.refresh(NOW)
    write(mem_dir, "sub/b.md", "---\nname: b\ndescription: b\n---\nbody\n")   # a new folder
    store.note_changes(None)
    assert "sub/b.md" in store.refresh(NOW, full=False, noted=True).entries
    write(mem_dir, "MEMORY.md", "- [a](a.md) — a\n")   # the index: statuses depend on it
    store.note_changes([str(mem_dir / "MEMORY.md")])
    assert store.refresh(NOW, full=False, noted=True).index.exists
    write(mem_dir, ".hidden.md", "x\n")
    write(mem_dir, "c.md", "---\nname: c\n---\nbody\n")   # noted with a hidden file: the walk lists both
    store.note_changes([str(mem_dir / ".hidden.md"), str(mem_dir / "c.md")])
    snap = store.refresh(NOW, full=False, noted=True)
    assert "c.md" in snap.entries and ".hidden.md" in {f.id for f in snap.files}


def test_nothing_noted_is_nothing_changed_only_for_the_watcher(mem_dir, root):
    write(mem_dir, "a.md", "---\nname: a\ndescription: a\n---\nbody\n")
    store = MemoryStore(mem_dir, root)
    store.refresh(NOW)
    write(mem_dir, "b.md", "---\nname: b\n---\nbody\n")   # unseen by any watcher
    assert "b.md" not in store.refresh(NOW, full=False, noted=True).entries   # a folder's own event
    assert "b.md" in store.refresh(NOW, full=False).entries   # anyone else's rescan walks


def test_a_changed_entry_is_checked_against_the_project_as_it_is_now(mem_dir, root):
    """Project files are stat'ed once a pass, not once a run: an entry changed after its anchored
    file changed is judged against the file's new text."""
    (root / "app.py").write_text("def handler():\n    return 1\n")
    write(mem_dir, "a.md", "---\nname: a\ndescription: a\nanchor: {file: app.py, quote: 'def handler'}\n---\nbody\n")
    store = MemoryStore(mem_dir, root)
    assert store.refresh(NOW).status["a.md"].anchor == "verified"
    (root / "app.py").write_text("def renamed():\n    return 1\n")
    write(mem_dir, "a.md", "---\nname: a\ndescription: b\nanchor: {file: app.py, quote: 'def handler'}\n---\nbody\n")
    store.note_changes([str(mem_dir / "a.md")])
    assert store.refresh(NOW, full=False, noted=True).status["a.md"].anchor == "broken"
