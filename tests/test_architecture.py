"""The app layer's contracts: import layering, immutable snapshots, and one regression test
per defect the rebuild fixed (each failed on the code before it)."""
from __future__ import annotations

import ast
import gc
import os
import subprocess
import sys
import weakref
from pathlib import Path

from conftest import NOW, REPO, make_app, settle, write

from tui.core.reports.audit import audit
from tui.core.snapshots.memory import MemoryStore, Snapshot
from tui.core.writes.promote import apply_promotion, plan_promotion
from tui.core.writes.trash import plan_delete
from tui.widgets.entry_table import EntryTable
from tui.widgets.preview_pane import PreviewPane

SIZE = (120, 36)
PKG = REPO / "tui"


# -- import contracts ---------------------------------------------------------------------------

def _imports(path: Path) -> set[str]:
    """Absolute names of every module a file imports (relative imports resolved)."""
    rel = path.relative_to(REPO).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
                out.add(mod)
                if not node.module:   # `from . import x`: x is a module of the package
                    out |= {f"{mod}.{a.name}" for a in node.names}
            else:
                out.add(node.module or "")
    return out


def _modules(folder: str):
    for path in sorted((PKG / folder).rglob("*.py")) if folder else sorted(PKG.glob("*.py")):
        yield path, _imports(path)


def test_core_imports_no_ui_and_nothing_above_it():
    for path, names in _modules("core"):
        bad = {n for n in names if n.split(".")[0] in ("textual", "rich", "watchdog")
               or (n.startswith("tui.") and not n.startswith("tui.core")) }
        bad.discard("tui.__init__")
        assert not bad - {"tui", "tui.__version__"}, f"{path.name} imports {sorted(bad)}"


def test_widgets_and_screens_import_no_command_and_commands_not_the_entry_point():
    for folder in ("widgets", "screens"):
        for path, names in _modules(folder):
            assert not {n for n in names if n.startswith("tui.commands")}, path.name
    for path, names in _modules("commands"):
        assert "tui.cli" not in names, f"{path.name} imports the entry point"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(path: Path, modules: set[str]) -> set[str]:
    """The tui modules a file imports when it runs: at the top and inside functions alike
    (an import in a function is an import all the same), not those under TYPE_CHECKING
    (annotations, never run). `from pkg import mod` counts as importing pkg.mod."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for sub in node.body for n in ast.walk(sub)}
    name = _module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = (".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
                    if node.level else node.module or "")
            out |= {f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names}
    return {m for m in out if m in modules and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while not comp or comp[-1] != v:
                comp.append(stack.pop())
                on.discard(comp[-1])
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_anywhere_counting_imports_inside_functions():
    paths = {_module_name(p): p for p in PKG.rglob("*.py")}
    graph = {m: _runtime_imports(p, set(paths)) for m, p in paths.items()}
    assert graph["tui.core.snapshots.store"] >= {"tui.core.layouts"}   # (the graph sees imports, inside functions too)
    assert "tui.core.judging.crossfile" in graph["tui.core.snapshots.forked"]
    assert _cycles(graph) == []


def test_layouts_are_below_the_reader_even_for_annotations():
    """The reader (store, memory) uses the layouts; a layout's findings take a reading by the
    interface it declares (layouts.base.Reading), never the reader's module: the ring
    layouts ↔ memory ↔ store is gone, under TYPE_CHECKING too."""
    for path, names in _modules("core/layouts"):
        assert not {n for n in names if n in ("tui.core.snapshots.memory", "tui.core.snapshots.store")}, path.name


def test_the_main_screens_helpers_never_import_it_even_for_annotations():
    """The screen imports its helpers (curation, editing, keys, …); they are handed a MainHost and
    never import the screen's module back: the curation ↔ main_screen ring is gone, under
    TYPE_CHECKING too."""
    for path, names in _modules("screens/main"):
        if path.name != "main_screen.py":
            assert "tui.screens.main.main_screen" not in names, path.name


def test_renderables_import_no_textual_widget_or_screen():
    for path, names in _modules("render"):
        bad = {n for n in names if n.split(".")[0] == "textual" or n.startswith(("tui.widgets", "tui.screens",
                                                                                  "tui.app"))}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_cycles_are_found_through_imports_inside_functions():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_widgets_never_import_screens_nor_the_app():
    for path, names in _modules("widgets"):
        bad = {n for n in names if n.startswith(("tui.screens", "tui.app"))}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_no_module_over_400_lines():
    for path in PKG.rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path


# -- snapshots ------------------------------------------------------------------------------------

def test_snapshots_are_read_only_and_numbered(sample):
    store = MemoryStore(*sample)
    a = store.refresh(NOW)
    b = store.refresh(NOW)
    assert b.generation == a.generation + 1
    try:
        a.entries["x"] = None
    except TypeError:
        pass
    else:
        raise AssertionError("a snapshot's entries can be changed")


# -- the eight defects ----------------------------------------------------------------------------

async def test_1_closed_screens_are_collected_and_nothing_is_frozen(sample, tmp_path):
    from tui.screens.help_screen import HelpScreen
    app = make_app(*sample, tmp_path)
    refs = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for n in range(8):
            await pilot.press("question_mark")
            refs.append(weakref.ref(app.screen))
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            if n % 4 == 0:
                app.main.request_rescan()
                await settle(pilot)
        await settle(pilot)
        gc.collect()
        assert gc.get_freeze_count() == 0
        assert sum(r() is not None for r in refs) <= 1   # Textual may hold the last one for a moment


def test_2_a_reader_that_leaves_early_is_not_an_error(sample):
    mem_dir, root = sample
    for cmd in (f"list --json --dir {mem_dir} --root {root} | true",
                f"audit --dir {mem_dir} --root {root} | head -1 >/dev/null"):
        p = subprocess.run(["bash", "-c", f"{sys.executable} -m tui {cmd}; echo \"rc=${{PIPESTATUS[0]}}\" >&2"],
                           capture_output=True, text=True, cwd=REPO, timeout=60)
        assert "internal error" not in p.stderr, p.stderr
        assert "rc=0" in p.stderr or "rc=1" in p.stderr, p.stderr   # audit exits 1 on the sample's secret


def test_3_an_audit_of_an_old_snapshot_survives_a_rescan_that_removed_files(sample):
    mem_dir, root = sample
    store = MemoryStore(mem_dir, root)
    old = store.refresh(NOW)
    for p in sorted(mem_dir.glob("*.md"))[:10]:
        if p.name != "MEMORY.md":
            p.unlink()
    new = store.refresh(NOW)
    assert new.removed and set(new.removed) <= set(old.entries)
    rep = audit(old, git=False, jobs=1)
    assert rep.entries == len(old.entries)


async def test_4_a_late_preview_never_overwrites_a_newer_one(sample, tmp_path):
    from tui.core.engine.select import Engine
    from tui.messages import Previewed
    app = make_app(*sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await pilot.press(*"Makefile")
        await settle(pilot)
        table = app.query_one(EntryTable)
        marks = dict(table.injected)
        assert marks
        body = str(app.query_one(PreviewPane).query_one("#preview-body").render())
        stale = Engine.from_memory(app.main.snapshot).decide("deploy fly.toml")
        app.main.post_message(Previewed(app.main._preview_request - 1, stale))
        await settle(pilot)
        assert table.injected == marks
        assert str(app.query_one(PreviewPane).query_one("#preview-body").render()) == body


async def test_5_and_8_restore_from_the_trash_with_enter_is_not_an_agent_write(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        assert app.main.snapshot.entries["ci-status.md"].source == "model"
        table.select_id("ci-status.md")
        await pilot.press("d")
        await pilot.press("y")
        await settle(pilot)
        assert not (mem_dir / "ci-status.md").exists()
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert (mem_dir / "ci-status.md").exists()
        assert "ci-status.md" in table.rows
        assert not app.main.writes.new
        assert "new from the agent" not in str(app.query_one("#title-bar").render())


def test_6_promotion_marks_an_entry_read_leniently(tmp_path):
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    write(mem_dir, "pnpm.md", "---\nname: pnpm\ndescription: Installs: always pnpm, never npm\ntype: feedback\n"
                              "---\nUse pnpm for every install in this repository.\n")
    snap = Snapshot.load(mem_dir, root, NOW)
    assert snap.entries["pnpm.md"].readable
    plan = plan_promotion(snap, ["pnpm.md"], "CLAUDE.md")
    notes = apply_promotion(snap, plan)
    assert not any("could not mark" in n for n in notes), notes
    assert "promoted_to: CLAUDE.md" in (mem_dir / "pnpm.md").read_text()


def test_7_index_findings_and_the_delete_dialog_count_the_same_file_lines(tmp_path):
    mem_dir, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    write(mem_dir, "a.md", "---\nname: a\n---\nA fact.\n")
    write(mem_dir, "MEMORY.md", "<!--\nnotes for people\nmore notes\n-->\n# Index\n- [A](a.md)\n"
                                "- [Gone](gone.md) — was removed\n")
    rep = audit(Snapshot.load(mem_dir, root, NOW), git=False, jobs=1)
    broken = [f for f in rep.findings if f.rule == "index-missing-file"]
    assert [f.line for f in broken] == [7]
    assert plan_delete(mem_dir, ["a.md"]).index_lines["a.md"][0][0] == 6


async def test_8_the_sample_opens_as_a_private_copy(tmp_path, monkeypatch):
    from tui.commands.common import resolve_dir
    from tui.core.reading.discover import sample_dir
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MEMTUI_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    directory, root, found = resolve_dir(None, None, quiet=True, writes=True)
    assert found.is_sample and directory.resolve() != sample_dir().resolve()
    assert str(directory).startswith(str(tmp_path / "data")) and (root / "Makefile").exists()
    app = make_app(directory, root, tmp_path, sample=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "private copy" in str(app.query_one("#title-bar").render())
        app.query_one(EntryTable).select_id("ci-status.md")
        await pilot.press("d", "y")
        await settle(pilot)
    assert (sample_dir() / "ci-status.md").exists()        # the bundled sample is untouched
    assert not (directory / "ci-status.md").exists()
    again, _, _ = resolve_dir(None, None, quiet=True, writes=True)
    assert again == directory and (directory / ".trash").is_dir()   # kept: a delete can be restored


def test_a_folder_change_rejudges_only_what_changed_and_ctrl_r_rechecks_anchors(mem_dir, root):
    write(root, "package.json", '{"scripts": {"test": "node --test"}}\n')
    write(mem_dir, "a.md", "---\nname: a\nanchor: {file: package.json, quote: node --test}\n---\nTests use node.\n")
    write(mem_dir, "b.md", "---\nname: b\n---\nB.\n")
    store = MemoryStore(mem_dir, root)
    first = store.refresh(NOW)
    assert first.status["a.md"].anchor == "verified"
    write(mem_dir, "b.md", "---\nname: b\n---\nB, rewritten.\n")
    write(root, "package.json", '{"scripts": {"test": "jest"}}\n')
    partial = store.refresh(NOW, full=False)
    assert partial.status["a.md"] is first.status["a.md"]          # unchanged entry: its status is shared
    assert partial.status["b.md"] is not first.status["b.md"]
    assert store.refresh(NOW, full=True).status["a.md"].anchor == "broken"   # the project is checked again
