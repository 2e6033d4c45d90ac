"""A reading the app lets go of (a rescan replaced it) is freed by reference counting at once:
no cycles, so at 50k entries its memory does not wait for a full pass of the cyclic collector."""
import gc

from tui import background
from tui.core.memory import MemoryStore
from tui.widgets.entry_rows import build_rows

from conftest import NOW


def test_a_dropped_reading_with_its_index_and_rows_leaves_no_cyclic_garbage(sample):
    mem_dir, root = sample
    store = MemoryStore(mem_dir, root)
    snap = background.add_engine(store.refresh(NOW, with_engine=False))
    rows = build_rows(snap, set(), set(), lambda i: ())
    (mem_dir / "test-runner.md").write_text("---\nname: test runner\n---\nUse pytest -x.\n")
    newer = background.add_engine(store.refresh(NOW, with_engine=False))   # the store keeps this one
    assert newer.generation > snap.generation
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        del snap, rows
        assert gc.collect() == 0, {type(o).__name__ for o in gc.garbage}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
