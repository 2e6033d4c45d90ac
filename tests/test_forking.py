"""Work shared between this process and forked workers: every chunk done once, results taken
here, a worker that dies or fails never loses work silently."""
from __future__ import annotations

import os
import time

import pytest

from tui.core import forking

PARENT = os.getpid()


def _squares(chunk: list[int]) -> list[tuple[int, int, int]]:
    time.sleep(0.002)   # as slow as this process's share: neither side can take every chunk first
    return [(i, i * i, os.getpid()) for i in chunk]


def _run(work, items, n=2, pause=0.0):
    out, here_done = [], []

    def here(chunk):
        time.sleep(pause)   # a slow share here: the workers surely get chunks
        here_done.extend(chunk)
        out.extend((i, i * i, os.getpid()) for i in chunk)

    forking.shared_out(work, items, n, here, out.extend)
    return out, here_done


def test_every_item_is_done_once_by_one_side_or_the_other():
    items = list(range(5000))
    out, here_done = _run(_squares, items, n=3, pause=0.002)
    assert sorted(i for i, _, _ in out) == items
    assert all(sq == i * i for i, sq, _ in out)
    assert {pid for _, _, pid in out} - {PARENT}, "no worker took a chunk"
    assert here_done, "this process took no chunk"


def test_before_runs_here_while_workers_start():
    seen = []
    forking.shared_out(_squares, list(range(400)), 2, lambda c: None, seen.extend, before=lambda: seen.append("before"))
    assert "before" in seen


def _dies(chunk: list[int]):
    os._exit(3)   # killed mid-chunk: nothing comes back


def test_a_worker_that_dies_has_its_chunks_done_here():
    out, here_done = _run(_dies, list(range(1000)))
    assert sorted(i for i, _, _ in out) == list(range(1000))
    assert sorted(here_done) == list(range(1000))


def _fails(chunk: list[int]):
    raise ValueError("bad chunk")


def test_a_worker_that_raises_fails_the_run_with_its_traceback():
    with pytest.raises(RuntimeError, match="bad chunk"):
        _run(_fails, list(range(1000)), pause=0.01)
