"""The hook's folder listing made by a forked child equals the one made in process."""
import os
import threading

from tui.core.prefetch import Prefetch, walk


def _folder(tmp_path):
    d = tmp_path / "memory"
    (d / "notes").mkdir(parents=True)
    for name in ("a.md", "b.md", "MEMORY.md", ".hidden.md", "notes/c.md"):
        (d / name).write_text(f"# {name}\n")
    return d


def test_the_child_lists_what_walk_lists(tmp_path):
    d = _folder(tmp_path)
    here = walk(str(d), "MEMORY.md")
    assert set(here) == {"a.md", "b.md", "notes/c.md"}
    assert Prefetch(str(d), "MEMORY.md").result() == here
    st = os.stat(d / "a.md")
    assert here["a.md"] == (str(d / "a.md"), (st.st_mtime_ns, st.st_size, st.st_ino))


def test_a_symlink_means_no_listing_from_the_child_too(tmp_path):
    d = _folder(tmp_path)
    os.symlink(d / "a.md", d / "link.md")
    assert walk(str(d), "MEMORY.md") is None
    assert Prefetch(str(d), "MEMORY.md").result() is None


def test_closed_unread_the_child_is_reaped_and_with_a_thread_nothing_forks(tmp_path):
    d = _folder(tmp_path)
    p = Prefetch(str(d), "MEMORY.md")
    p.close()
    assert p.pid is None and p.fd is None
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        q = Prefetch(str(d), "MEMORY.md")   # forking a threaded process is unsafe: listed here
        assert q.pid is None and set(q.result()) == {"a.md", "b.md", "notes/c.md"}
    finally:
        stop.set()
        t.join()
