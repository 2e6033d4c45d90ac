"""core.kept: the one owner of file signatures, of what changed, and of a folder's kept file."""
from __future__ import annotations

import os
import time

from conftest import write


def test_which_files_changed(tmp_path):
    from tui.core.kept import changed, fingerprint, list_files, signature
    write(tmp_path, "a.md", "a\n")
    write(tmp_path, "deep/b.md", "b\n")
    write(tmp_path, "MEMORY.md", "- [a](a.md)\n")
    files = list_files(str(tmp_path), "MEMORY.md")
    assert set(files) == {"a.md", "deep/b.md"}
    assert files["a.md"][1] == signature(os.stat(tmp_path / "a.md"))
    have = {i: sig for i, (_, sig) in files.items()}
    assert changed(have, files) == ([], [])
    write(tmp_path, "a.md", "a, longer\n")
    (tmp_path / "deep" / "b.md").unlink()
    write(tmp_path, "c.md", "c\n")
    now = list_files(str(tmp_path), "MEMORY.md")
    assert changed(have, now) == (["a.md", "c.md"], ["deep/b.md"]) and fingerprint(now) != fingerprint(files)


def test_a_note_is_read_only_under_its_own_format(tmp_path, monkeypatch):
    from tui.core import kept
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
    from tui.core.kept import RACY_NS, racy
    start = time.time_ns()
    assert racy(start, [start - 1]) and not racy(start, [start - RACY_NS - 1, None])
