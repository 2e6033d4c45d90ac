"""Stop 48 (issue 40): a Gemini CLI context file the owner keeps by hand, with no
`## Gemini Added Memories` section, is still what Gemini CLI calls its memory (`/memory show`
prints it): its sections are entries, so a folder of that shape is not empty."""
from tui.core.snapshots.memory import Memory
from tui.core.layouts import detect
from tui.core.engine.select import Engine

from conftest import write


def load(folder):
    seen = detect(folder, None)
    return Memory.load(seen.dir, folder, layout=seen.layout)


OWN = ("# Agent notes & rules\n"
       "Everything below is binding for the agent.\n\n"
       "## Conventions\n"
       "1. **Language**: reply in Dutch only.\n"
       "2. Comments and variable names in the code are Dutch as well.\n\n"
       "## Deploy\n"
       "- The site is deployed from the `release` branch by the nightly job.\n")


def test_a_context_file_without_the_section_gives_its_sections(tmp_path):
    write(tmp_path / "g", "gemini.md", OWN)
    mem = load(tmp_path / "g")
    assert mem.layout.name == "gemini"
    ids = set(mem.entries)
    assert {"gemini.md#conventions", "gemini.md#deploy"} <= ids
    assert all(mem.status[i].load == "resident" for i in ids)


def test_the_section_still_decides_when_there_is_one(tmp_path):
    write(tmp_path / "g", "GEMINI.md", OWN + "\n## Gemini Added Memories\n- The user prefers pnpm.\n")
    assert set(load(tmp_path / "g").entries) == {"GEMINI.md#the-user-prefers-pnpm"}


def test_a_prompt_over_such_a_file_finds_it(tmp_path):
    write(tmp_path / "g", "gemini.md", OWN)
    mem = load(tmp_path / "g")
    got = [c.id for c in Engine.from_memory(mem).decide("which branch is the site deployed from?").injected]
    assert got and got[0] == "gemini.md#deploy"
