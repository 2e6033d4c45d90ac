import datetime as dt
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_memories"
NOW = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def sample(tmp_path) -> tuple[Path, Path]:
    """A private copy of the bundled sample: (memory dir, project root)."""
    shutil.copytree(SAMPLE, tmp_path / "sample", symlinks=True)
    return tmp_path / "sample" / "memory", tmp_path / "sample" / "project"


@pytest.fixture
def mem_dir(tmp_path) -> Path:
    d = tmp_path / "memory"
    d.mkdir()
    return d


@pytest.fixture
def root(tmp_path) -> Path:
    r = tmp_path / "project"
    r.mkdir()
    return r


def write(base: Path, rel: str, content: str | bytes) -> Path:
    p = base / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_bytes(content.encode("utf-8"))
    return p


def make_app(mem_dir: Path, root: Path, tmp_path: Path, **kw):
    """The TUI as tests build it: no watcher, a fixed clock and display path, a private log."""
    from tui.app import MemtuiApp
    kw.setdefault("watch", False)
    kw.setdefault("now", NOW)
    kw.setdefault("display_path", "sample/memory")
    kw.setdefault("log_path", tmp_path / "state" / "injections.jsonl")
    return MemtuiApp(mem_dir, root, **kw)


async def settle(pilot) -> None:
    """Wait until every worker (load, audit, preview, rescan) is done and the screen is drawn."""
    from textual.worker import WorkerCancelled
    for _ in range(3):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:   # an exclusive worker overtaken by a newer one: normal, wait again
            await pilot.pause(0.05)
            continue
        await pilot.pause()


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    """No test reads or writes the developer's real config or state."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    # the hook's stat pass distrusts what changed in the last 2 s; a test's files are all that
    # new (test_prefetch tests the rule itself)
    monkeypatch.setattr("tui.core.prefetch.RACY_NS", 0)
