"""The title bar's counts read as English at every width: one finding, not "1 findings"."""
from __future__ import annotations

from types import SimpleNamespace

from tui.core.judging.findings import Finding
from tui.render.title import title_text


def test_one_finding_is_singular_in_every_form(sample):
    from tui.core.snapshots.memory import Snapshot
    snap = Snapshot.load(*sample)
    one = SimpleNamespace(findings=[Finding("a.md", "transient", "right-now", 3, "x", "", confidence="high")])
    for line in title_text("/m", snap, one, 0, True):
        assert "1 findings" not in line
        assert "1 finding" in line
