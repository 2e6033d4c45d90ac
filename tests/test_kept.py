"""core.kept: the one owner of file signatures, of what changed, and of a folder's kept file."""
from __future__ import annotations

import time



def test_a_note_is_read_only_under_its_own_format(tmp_path, monkeypatch):
    from tui.core.cache import kept
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    f = kept.KeptFile(tmp_path)
    f.keep_note("x", b"data")
    assert f.note("x") is None   # no rows of this format yet: nothing is kept beside them
    con = f.connect()
    con.execute("BEGIN IMMEDIATE")
    f.start_over(con)
    con.execute("COMMIT")
    con.close()
    f.keep_note("x", b"data")
    assert f.note("x") == b"data"
    monkeypatch.setattr(kept, "_FORMAT", ["another version"])
    assert f.note("x") is None
    assert oct(f.path.stat().st_mode & 0o777) == "0o600"


def test_a_signature_seen_just_now_is_not_trusted():
    from tui.core.cache.kept import RACY_NS, racy
    start = time.time_ns()
    assert racy(start, [start - 1]) and not racy(start, [start - RACY_NS - 1, None])
