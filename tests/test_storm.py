"""Typing into an input while the agent writes a storm of files: every key lands, in order,
in the input that had focus, and no typed letter runs an app binding (a 'q' never quits)."""
from __future__ import annotations

import asyncio
import random
import threading

import pytest
from textual.widgets import Input

from conftest import make_app, settle

pytestmark = pytest.mark.slow


async def test_typing_during_a_storm_of_agent_writes_keeps_every_key(sample, tmp_path):
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, watch=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        done = threading.Event()

        def storm() -> None:   # create, rewrite, rename and delete, as an agent does
            r = random.Random(7)
            for n in range(1000):
                f = mem_dir / f"storm-{r.randrange(150)}.md"
                try:
                    op = r.random()
                    if op < 0.5:
                        f.write_text(f"---\nname: storm {n}\nsource: model\n---\nbody {n}\n")
                    elif op < 0.7 and f.exists():
                        f.rename(mem_dir / f"storm-{r.randrange(150)}.md")
                    elif f.exists():
                        f.unlink()
                except OSError:
                    pass
            done.set()

        writer = threading.Thread(target=storm)
        writer.start()
        text = "quit queue q"
        for ch in text:
            await pilot.press("space" if ch == " " else ch)
            await asyncio.sleep(0.002)
        writer.join()
        await settle(pilot)
        assert app.is_running
        assert app.main.query_one("#filter", Input).value == text
        assert isinstance(app.focused, Input) and app.focused.id == "filter"


async def test_a_half_written_file_is_unreadable_until_the_write_completes(sample, tmp_path):
    from tui.widgets.entry_table import EntryTable
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, watch=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        path = mem_dir / "half.md"
        with open(path, "w") as f:   # the writer pauses in the middle of the frontmatter
            f.write("---\nname: half\ndescription: The deploy key lives in")
            f.flush()
            for _ in range(40):
                await pilot.pause(0.05)
                if "half.md" in app.main.snapshot.entries:
                    break
            await settle(pilot)
            assert "closing '---'" in app.main.snapshot.entries["half.md"].error
            f.write(" the vault\nsource: model\n---\nUse the vault CLI to read it.\n")
        for _ in range(40):
            await pilot.pause(0.05)
            if app.main.snapshot.entries["half.md"].error is None:
                break
        await settle(pilot)
        assert app.main.snapshot.entries["half.md"].error is None
        assert "half.md" in app.query_one(EntryTable).rows


def _disk_ids(mem_dir) -> set[str]:
    return {str(p.relative_to(mem_dir)) for p in mem_dir.rglob("*") if p.is_file() and p.name != "MEMORY.md"
            and not any(part.startswith(".") for part in p.relative_to(mem_dir).parts)}


async def test_after_a_storm_the_table_equals_the_disk_and_the_cursor_stays(sample, tmp_path):
    from tui.widgets.entry_table import EntryTable
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path, watch=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        table = app.query_one(EntryTable)
        table.select_id("test-runner.md")
        r = random.Random(3)
        (mem_dir / "notes").rename(tmp_path / "notes-away")          # a folder renamed away …
        for n in range(400):
            f = mem_dir / f"storm-{r.randrange(60)}.md"
            op = r.random()
            if op < 0.4:
                f.write_text(f"---\nname: s{n}\n---\nbody {n}\n")
            elif op < 0.6 and f.exists():                             # an editor's save: write aside, rename over
                tmp = mem_dir / f".{f.name}.swp"
                tmp.write_text(f"---\nname: saved {n}\n---\nedited {n}\n")
                tmp.replace(f)
            elif op < 0.8 and f.exists():
                f.rename(mem_dir / f"storm-{r.randrange(60)}.md")
            elif f.exists():
                f.unlink()
        (tmp_path / "notes-away").rename(mem_dir / "notes")          # … and back
        for _ in range(60):
            await pilot.pause(0.05)
            if set(app.main.snapshot.entries) == _disk_ids(mem_dir):
                break
        await settle(pilot)
        assert set(app.main.snapshot.entries) == _disk_ids(mem_dir)
        assert set(table.rows) == _disk_ids(mem_dir)
        assert table.current_id() == "test-runner.md"
        await pilot.press("question_mark")       # still answering keys
        assert type(app.screen).__name__ == "HelpScreen"


async def test_no_letter_typed_into_an_input_runs_a_binding(sample, tmp_path):
    import string

    from textual.binding import Binding
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        # only a bound key could run a binding: type every one of them (typing all 68 took 15 s)
        bound = {k for b in (*app.main.BINDINGS, *app.BINDINGS)
                 for k in (b.key if isinstance(b, Binding) else b[0]).split(",")}
        bound_chars = "".join(sorted(k for k in bound if len(k) == 1 and k in string.ascii_letters + string.digits))
        assert "q" in bound_chars and "A" in bound_chars
        for key, field in (("slash", "#filter"), ("p", "#query")):
            await pilot.press(key)
            typed = bound_chars + "az09/?-_.:"   # every character a binding could take, and a few others
            for ch in typed:
                await pilot.press({"/": "slash", "?": "question_mark", "-": "minus", "_": "underscore",
                                   ".": "full_stop", ":": "colon"}.get(ch, ch))
            await settle(pilot)
            assert app.is_running and app.screen is app.main, key
            assert app.main.query_one(field, Input).value == typed, key
            await pilot.press("escape")   # clears the input
