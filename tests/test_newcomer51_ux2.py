"""Stop 51, the newcomer's frictions 6, 10, 11 and the triage pass's footer at 80 columns: the
model is not told a copied file's mtime as its age; a review the owner settled stops counting;
the preview names an entry as the table does; the pass's keys all fit an 80-column footer."""
from __future__ import annotations

import json
import os

from tui.cli import main
from tui.core.engine.select import Engine
from tui.core.snapshots.memory import Memory

from conftest import NOW, write


# -- 6. an age that is only the file's mtime is not stated to the model --------------------------------

def test_the_stamp_states_no_age_that_only_the_mtime_gives(mem_dir, root, capsys):
    write(mem_dir, "copied.md", "---\nname: cache-path\ndescription: where the cache lives\n---\n"
                                "The cache lives in /tmp/c.\n")
    write(mem_dir, "dated.md", "---\nname: cache-owner\nupdated: 2026-11-19\nsource: user\n---\n"
                               "The cache belongs to the build team.\n")
    d = Engine.from_memory(Memory.load(mem_dir, root, now=NOW)).decide("cache")
    assert "## cache-path — written by the agent\nThe cache lives" in d.text   # no 'today'
    assert "## cache-owner — written by the user, 10 days ago\n" in d.text      # a written date is said
    assert "today" not in d.text and "unknown" not in d.text
    # the JSON of SPEC §7 keeps its keys: only the text's stamp changed
    assert main(["preview", "cache", "--dir", str(mem_dir), "--root", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"query", "injected", "excluded", "chars", "tokens", "limits", "message", "text"} <= set(out)
    assert "— written by the agent\n" in out["text"] and out["chars"] == len(out["text"])
