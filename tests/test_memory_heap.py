"""A reading the app lets go of (a rescan replaced it) is freed by reference counting at once:
no cycles, so at 50k entries its memory does not wait for a full pass of the cyclic collector."""
import gc

from tui.screens.main import background
from tui.core.snapshots.memory import MemoryStore
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


async def test_a_large_first_reading_is_kept_out_of_the_collector_until_the_app_closes(sample, tmp_path, monkeypatch):
    """keep_heap freezes the first reading of a large folder (here: the sample, with the bar
    lowered): screens opened later are still collected, and closing the app unfreezes."""
    import weakref
    from conftest import make_app, settle
    from tui.core.snapshots import memory
    from tui.screens.help_screen import HelpScreen
    monkeypatch.setattr(memory, "KEEP_FROM", 10)
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert gc.get_freeze_count() > 0
        refs = []
        for _ in range(5):
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            refs.append(weakref.ref(app.screen))
            await pilot.press("escape")
            await settle(pilot)
        app.main.request_rescan(full=True)   # a later reading is not frozen again
        await settle(pilot)
        frozen = gc.get_freeze_count()
        gc.collect()
        assert sum(r() is not None for r in refs) <= 1 and gc.get_freeze_count() <= frozen   # (freed ones leave it)
    assert gc.get_freeze_count() == 0


def test_one_shot_commands_run_in_process_hand_the_collector_back(sample, capsys):
    """`list`, `audit` and `preview` pause the cyclic collector while they read; called in
    process (a test, a host program) they let go of it when they return."""
    from tui.cli import main
    mem_dir, root = sample
    gc.enable()
    try:
        for args in (["list"], ["list", "--json"], ["audit", "--fail-on", ""], ["preview", "tests"]):
            assert main([*args, "--dir", str(mem_dir), "--root", str(root)]) == 0
            assert gc.isenabled(), args
    finally:
        gc.enable()
    capsys.readouterr()


def test_the_prompt_hook_run_in_process_hands_the_collector_back(sample, capsys, monkeypatch, tmp_path):
    """The hook pauses the collector while it decides; called in process it lets go on return."""
    import io
    import json
    from tui.cli import main
    mem_dir, root = sample
    monkeypatch.setenv("MEMTUI_DIR", str(mem_dir))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"prompt": "how do tests run?", "cwd": str(root),
                                                             "session_id": "t"})))
    gc.enable()
    try:
        assert main(["hook", "claude-code"]) == 0
        assert gc.isenabled()
    finally:
        gc.enable()
    capsys.readouterr()
