"""The hook's stat pass: a folder unchanged by its mtime is not listed again, yet a file edited in
place is still found; the forked child's answer is the one made in process."""
import os
import threading
import time

import pytest

from tui.core.reading import prefetch
from tui.core.reading.prefetch import Prefetch, distrust, files_of, outcome, stat_pass


def _folder(tmp_path):
    d = tmp_path / "memory"
    (d / "notes" / "deep").mkdir(parents=True)
    for name in ("a.md", "b.md", "MEMORY.md", ".hidden.md", "notes/c.md", "notes/deep/d.md"):
        (d / name).write_text(f"# {name}\n")
    return d


def _pass(d, kept):
    return stat_pass(str(d), "MEMORY.md", kept)


def test_a_first_pass_lists_every_file_and_an_unchanged_folder_gives_its_map_back(tmp_path):
    d = _folder(tmp_path)
    changed, gone, folders = _pass(d, None)
    assert set(changed) == files_of(folders) == {"a.md", "b.md", "notes/c.md", "notes/deep/d.md"}
    st = os.stat(d / "a.md")
    assert changed["a.md"] == (str(d / "a.md"), (st.st_mtime_ns, st.st_size, st.st_ino)) and gone == []
    assert _pass(d, folders) == ({}, [], folders) and _pass(d, folders)[2] is folders
    assert outcome(_pass(d, folders), folders) == ({}, [], None)   # nothing to hand back


def test_an_edit_in_place_is_found_though_no_folder_changed(tmp_path):
    d = _folder(tmp_path)
    folders = _pass(d, None)[2]
    top = os.stat(d)
    time.sleep(0.01)   # (a clock tick: the file's mtime moves)
    with open(d / "notes" / "deep" / "d.md", "r+") as f:   # same size, same inode, same folder
        f.write("# D")
    assert os.stat(d).st_mtime_ns == top.st_mtime_ns
    changed, gone, now = _pass(d, folders)
    assert set(changed) == {"notes/deep/d.md"} and gone == [] and now is not folders
    assert _pass(d, now)[:2] == ({}, [])


def test_new_gone_and_moved_files_and_folders(tmp_path):
    import shutil
    d = _folder(tmp_path)
    folders = _pass(d, None)[2]
    (d / "notes" / "e.md").write_text("new\n")
    (d / "b.md").unlink()
    shutil.rmtree(d / "notes" / "deep")
    (d / "z").mkdir()
    os.rename(d / "a.md", d / "z" / "a.md")
    (d / ".another-hidden.md").write_text("not read\n")
    changed, gone, now = _pass(d, folders)
    assert set(changed) == {"notes/e.md", "z/a.md"}
    assert sorted(gone) == ["a.md", "b.md", "notes/deep/d.md"]
    assert files_of(now) == {"notes/c.md", "notes/e.md", "z/a.md"}


def test_a_symlink_or_an_unlistable_folder_means_the_full_scan(tmp_path):
    d = _folder(tmp_path)
    folders = _pass(d, None)[2]
    os.symlink(d / "a.md", d / "notes" / "link.md")
    assert _pass(d, folders) is None and _pass(d, None) is None
    os.unlink(d / "notes" / "link.md")
    assert _pass(d, folders) is not None
    if os.geteuid() != 0:   # (root lists anything)
        os.chmod(d / "notes", 0)
        try:
            assert _pass(d, folders) is None
        finally:
            os.chmod(d / "notes", 0o755)


def test_what_changed_too_recently_is_not_vouched_for(tmp_path, monkeypatch):
    """A write in the same clock tick as the pass would not move the signature: anything changed
    within RACY_NS of a pass is read (or listed) again by the next one."""
    monkeypatch.setattr(prefetch, "RACY_NS", 2_000_000_000)
    d = _folder(tmp_path)
    changed, _, folders = _pass(d, None)
    assert folders[""][0] is None   # the folder itself: listed again next time
    assert set(_pass(d, folders)[0]) == set(changed)   # every file just written: read again
    monkeypatch.setattr(prefetch, "RACY_NS", 0)   # (as if the files were older)
    folders = _pass(d, None)[2]
    assert _pass(d, folders)[:2] == ({}, [])
    distrust(folders, ["notes/c.md"])   # a file the index read at another version
    assert set(_pass(d, folders)[0]) == {"notes/c.md"}


def test_the_child_answers_as_the_process_would(tmp_path):
    from tui.core.cache.parse import ParseCache
    from tui.core.engine.lazyindex import _connect, _write
    d = _folder(tmp_path)
    p = Prefetch(str(d), "MEMORY.md")
    assert p.result() == (None, "no map")   # nothing kept yet
    folders = _pass(d, None)[2]
    con = _connect(ParseCache(d, eager=False))
    _write(con, {}, {}, [], folders=folders)
    token = con.execute("SELECT value FROM meta WHERE key = 'folders'").fetchone()[0]
    assert Prefetch(str(d), "MEMORY.md").result() == (token, ({}, [], None))
    (d / "b.md").write_text("# b, longer now\n")
    told = Prefetch(str(d), "MEMORY.md").result()
    assert told[0] == token and set(told[1][0]) == {"b.md"} and told[1][2] is not None
    os.symlink(d / "a.md", d / "link.md")
    assert Prefetch(str(d), "MEMORY.md").result() == (token, None)
    con.close()


def test_a_map_file_its_meta_does_not_name_is_no_map(tmp_path):
    """The folder map is a file beside the SQLite one, named by a token in its meta: a map
    file of another token (a write cut between the two) is never compared with."""
    import marshal
    from tui.core.cache.parse import ParseCache
    from tui.core.engine.lazyindex import _connect, _write
    d = _folder(tmp_path)
    folders = _pass(d, None)[2]
    con = _connect(ParseCache(d, eager=False))
    _write(con, {}, {}, [], folders=folders)
    token, kept = prefetch.read_map(con)
    assert token is not None and kept == folders
    path = prefetch.map_file(con)
    with open(path, "wb") as f:
        f.write(marshal.dumps(("another", marshal.dumps(folders))))
    assert prefetch.read_map(con) == (None, None)
    assert Prefetch(str(d), "MEMORY.md").result()[0] == "another"   # (the index then does its own pass)
    os.unlink(path)
    assert prefetch.read_map(con) == (None, None)
    con.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_closed_unread_the_child_is_reaped_and_with_a_thread_nothing_forks(tmp_path):
    d = _folder(tmp_path)
    p = Prefetch(str(d), "MEMORY.md")
    p.close()
    assert p.pid is None and p.fd is None
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        q = Prefetch(str(d), "MEMORY.md")   # forking a threaded process is unsafe: the caller passes itself
        assert q.pid is None and q.result() is ...
    finally:
        stop.set()
        t.join()
