"""Typing into an input while the agent writes a storm of files: every key lands, in order,
in the input that had focus, and no typed letter runs an app binding (a 'q' never quits)."""
from __future__ import annotations

import asyncio
import random
import threading

from textual.widgets import Input

from conftest import make_app, settle


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
