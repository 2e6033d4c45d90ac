"""The stress proof of the one write path, fast: 2 rounds of every operation on every layout
that allows it, with an agent writing to its files throughout (tests/bench/stress_writes.py
runs 20 and prints the table). No line the agent wrote is lost; memtui's change landed (once) or was
refused with one sentence."""
from __future__ import annotations

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tests" / "bench"))
import stress_writes  # noqa: E402

CASES = [(kind, name) for kind, (_, _, _, ops) in stress_writes.LAYOUTS.items() for name in ops]


@pytest.mark.parametrize("kind, name", CASES)
def test_an_agent_writing_throughout_loses_nothing(kind, name, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    for _ in range(2):
        state, detail, lost = stress_writes.one_round(kind, name, tmp_path)
        assert lost == [], f"{kind} {name}: the agent's lines {lost} are gone"
        assert state in ("landed", "refused", "overrun"), f"{kind} {name}: {detail}"
