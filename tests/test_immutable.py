"""A published snapshot never changes, nor do its entries: the engine is made from it and
kept beside it, each reading has its own anchor checker, and the app's background judging
pass judges copies (issue 26, "snapshots immutable in fact")."""
import ast
import dataclasses
import shutil
from pathlib import Path

import pytest

from tui.screens.main import background
from tui.core.layouts import detect
from tui.core.snapshots.memory import MemoryStore, Snapshot
from tui.core.snapshots.multi import MultiEngine, MultiStore
from tui.core.engine.select import Engine

from conftest import NOW, REPO, SAMPLE, write


def state(e) -> tuple:
    """What a worker could change on an entry: every field, the memo's items included."""
    return tuple(getattr(e, f.name) if f.name != "memo" else tuple(sorted(e.memo)) for f in dataclasses.fields(e))


def fields_of(snap: Snapshot) -> tuple:
    return tuple(getattr(snap, f.name) for f in dataclasses.fields(snap))


def test_no_object_setattr_anywhere_in_the_app():
    """``object.__setattr__`` is how a frozen dataclass gets changed behind its back."""
    hits = []
    for path in (REPO / "tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "__setattr__":
                hits.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert hits == []


def test_a_snapshot_is_frozen_and_its_engine_is_made_beside_it(sample):
    snap = MemoryStore(*sample).refresh(NOW)
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.engine = None
    with pytest.raises(TypeError):
        snap.entries["x.md"] = None   # a read-only mapping
    before = fields_of(snap)
    assert snap.engine is None
    engine = background.add_engine(snap).engine
    assert isinstance(engine, Engine) and snap.built_engine() is engine   # made once, kept
    assert fields_of(snap) == before and all(a is b for a, b in zip(fields_of(snap), before))
    assert snap.since(snap).engine is engine   # the same reading: the same engine
    assert engine.decide("why does the Makefile run a backup").injected


def test_an_engine_asked_for_at_construction_is_there_when_the_snapshot_is(sample):
    snap = MemoryStore(*sample).refresh(NOW, with_engine=True)
    assert isinstance(snap.engine, Engine)


def test_several_agents_engine_is_each_agents_own(tmp_path):
    folders = []
    for name in ("gemini", "openclaw"):
        shutil.copytree(SAMPLE / "layouts" / name, tmp_path / name)
        folders.append((tmp_path / name, detect(tmp_path / name).layout))
    merged = MultiStore(folders, tmp_path).refresh(NOW)
    assert merged.engine is None and all(p.engine is None for p in merged.parts.values())
    engine = background.add_engine(merged).engine
    assert isinstance(engine, MultiEngine) and all(isinstance(p.engine, Engine) for p in merged.parts.values())


def test_each_reading_has_its_own_anchor_checker(sample):
    store = MemoryStore(*sample)
    first = store.refresh(NOW)
    asked = dict(first.checker.seen)
    assert asked   # the sample's anchors were checked
    second = store.refresh(NOW, full=False)
    third = store.refresh(NOW)
    assert len({id(first.checker), id(second.checker), id(third.checker)}) == 3
    assert first.checker.seen == asked   # later readings asked their own checkers


def test_the_background_judging_pass_judges_copies_and_the_next_reading_takes_them(sample):
    mem_dir, root = sample
    store = MemoryStore(mem_dir, root)
    snap = store.refresh(NOW)
    before = {i: (e, state(e)) for i, e in snap.entries.items()}
    assert any(e.judged is None for e in snap.entries.values())
    report = background.audit_snapshot(snap)
    assert report.findings
    for i, e in snap.entries.items():   # every published entry as it was: the same object, unchanged
        assert e is before[i][0] and state(e) == before[i][1], i
    nxt = store.refresh(NOW, full=False)
    judged = [i for i, e in nxt.entries.items() if e.readable and e.judged is not None]
    assert judged and all(nxt.entries[i] is not snap.entries[i] for i in judged)   # the judged copies
    assert nxt.since(snap).changed == ()   # a judged copy is not a change
    assert background.audit_snapshot(nxt).findings == report.findings
    write(mem_dir, judged[0], "---\nname: rewritten\ndescription: a new text\n---\nbody\n")
    assert store.refresh(NOW, full=False).entries[judged[0]].judged is None   # a changed file: read anew
