"""Write faults said in the user's terms, exit 1, nothing changed; the compare-before-replace
against the agent; the lock between memtui processes."""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys

import pytest

from conftest import SAMPLE
from test_disk_full import _state
from tui.cli import main
from tui.core.writes import journal, locking
from tui.core.faults import Busy, Changed, explain


@pytest.mark.parametrize("err, words", [
    (OSError(errno.ENOSPC, "No space left on device", "/m/a.md"), "the disk holding /m is full; free some space"),
    (OSError(errno.EROFS, "Read-only file system", "/m/.trash/2026/x"), "/m is on a read-only file system"),
    (OSError(errno.EACCES, "Permission denied", "/m/MEMORY.md"), "permission denied on /m/MEMORY.md; check its owner"),
    (OSError(errno.ENOENT, "No such file or directory", "/m/a.md"), "/m/a.md vanished while memtui was writing"),
    (Changed("/m/MEMORY.md"), "/m/MEMORY.md changed on disk while memtui was writing"),
    (Busy("/m", 15), "another memtui process is writing to /m"),
])
def test_each_fault_is_one_sentence_that_says_what_to_do(err, words):
    text = explain(err, "nothing was moved to the trash")
    assert text.startswith("nothing was moved to the trash: ") and words in text and "Errno" not in text


def test_a_fault_that_could_not_be_undone_does_not_say_nothing_happened():
    err = OSError(errno.ENOSPC, "No space left on device", "/m/a.md")
    err.undone = False
    assert "could not put everything back" in explain(err, "nothing was moved to the trash")
    assert "nothing was moved" not in explain(err, "nothing was moved to the trash")


COMMANDS = {
    "remember": ["remember", "Integration tests need the local Postgres on port 5433", "--dir", "{m}", "--root", "{p}"],
    "delete": ["delete", "api-versioning.md", "ci-status.md", "--yes", "--dir", "{m}"],
    "restore": ["restore", "pnpm-only.md", "--dir", "{m}"],
    "promote": ["promote", "pnpm-only.md", "--to", "AGENTS.md", "--yes", "--dir", "{m}", "--root", "{p}"],
}


@pytest.mark.parametrize("code, said", [(errno.EROFS, "read-only file system"), (errno.EACCES, "permission denied"),
                                        (errno.ENOSPC, "is full")])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_write_commands_exit_1_on_a_fault_and_change_nothing(tmp_path, monkeypatch, capsys, command, code, said):
    base = tmp_path / "s"
    shutil.copytree(SAMPLE, base, symlinks=True, ignore=shutil.ignore_patterns("layouts"))
    mem, proj = base / "memory", base / "project"
    if command == "restore":
        assert main(["delete", "pnpm-only.md", "--yes", "--dir", str(mem)]) == 0
    before = _state(base)
    capsys.readouterr()

    def refuse(*a, **k):
        raise OSError(code, os.strerror(code))
    with monkeypatch.context() as m:
        for name in ("fsync", "mkdir", "link"):   # every call that makes something on the disk
            m.setattr(os, name, refuse)
        assert main([a.format(m=mem, p=proj) for a in COMMANDS[command]]) == 1
    err = capsys.readouterr().err
    assert said in err and "internal error" not in err, err
    assert _state(base) == before


def test_an_edit_is_applied_again_when_the_agent_writes_between_read_and_rename(tmp_path):
    index = tmp_path / "MEMORY.md"
    index.write_text("- [a](a.md)\n")
    calls = []

    def append(text):
        calls.append(text)
        if len(calls) == 1:   # the agent writes while we hold our first version
            index.write_text(text + "- [agent](agent.md)\n")
        return text + "- [ours](ours.md)\n"
    journal.rewrite(index, append)
    assert index.read_text() == "- [a](a.md)\n- [agent](agent.md)\n- [ours](ours.md)\n" and len(calls) == 2


def test_a_file_that_keeps_changing_stops_the_write_and_says_so(tmp_path):
    index = tmp_path / "MEMORY.md"
    index.write_text("start\n")

    def edit(text):
        index.write_text(text + "agent\n")
        return text + "ours\n"
    with pytest.raises(Changed):
        journal.rewrite(index, edit)
    assert "ours" not in index.read_text() and not [p for p in tmp_path.iterdir() if p.name != "MEMORY.md"]


HOLD = r"""
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""


def test_a_second_memtui_waits_for_the_lock_and_says_when_it_gives_up(tmp_path, monkeypatch, capsys):
    base = tmp_path / "s"
    shutil.copytree(SAMPLE, base, symlinks=True, ignore=shutil.ignore_patterns("layouts"))
    mem = base / "memory"
    with locking.held(mem):   # find the lock file's name, as another process would
        lock = [p for p in locking.lock_dir().iterdir()][0]
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(lock), "3"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(locking, "WAIT", 0.3)
        before = _state(base)
        assert main(["delete", "api-versioning.md", "--yes", "--dir", str(mem)]) == 1
        assert "another memtui process is writing" in capsys.readouterr().err
        assert _state(base) == before
    finally:
        holder.kill()
        holder.wait()
    assert main(["delete", "api-versioning.md", "--yes", "--dir", str(mem)]) == 0   # free again


def test_the_lock_is_taken_again_inside_a_write_without_waiting(tmp_path):
    with locking.held(tmp_path), locking.held(tmp_path / "."), locking.held(tmp_path, tmp_path / "x"):
        pass
    assert locking._held == {}


def test_memtui_writes_without_the_lock_when_there_is_no_cache_directory(tmp_path, monkeypatch, capsys):
    base = tmp_path / "s"
    shutil.copytree(SAMPLE, base, symlinks=True, ignore=shutil.ignore_patterns("layouts"))
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert main(["delete", "api-versioning.md", "--yes", "--dir", str(base / "memory")]) == 0


async def test_the_app_says_a_full_disk_as_the_command_line_does(sample, tmp_path, monkeypatch):
    from conftest import make_app, settle
    mem_dir, root = sample
    index = (mem_dir / "MEMORY.md").read_bytes()
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        def full(*a, **k):
            raise OSError(errno.ENOSPC, "No space left on device")
        with monkeypatch.context() as m:
            for name in ("fsync", "mkdir", "link"):
                m.setattr(os, name, full)
            await pilot.press("space", "space", "d", "y")
            await settle(pilot)
        said = [n.message for n in app._notifications]
        assert any(m.startswith("Nothing was moved to the trash: the disk holding") and "free some space" in m
                   for m in said), said
        assert (mem_dir / "api-versioning.md").exists() and (mem_dir / "ci-status.md").exists()
        assert (mem_dir / "MEMORY.md").read_bytes() == index and not (mem_dir / ".trash").exists()


async def test_an_edit_is_not_saved_over_what_the_agent_wrote_meanwhile(sample, tmp_path, monkeypatch):
    """The agent rewrites the entry while the person is in $EDITOR: their edit is kept as a
    draft, the agent's version stays, and the notification says what happened."""
    import sys
    from conftest import make_app, settle
    mem_dir, root = sample
    target = mem_dir / "api-versioning.md"
    script = tmp_path / "editor-racing-the-agent"
    script.write_text(f"#!{sys.executable}\nimport sys\np = sys.argv[1]\n"
                      "open(p, 'a').write('A note of the person.\\n')\n"
                      f"open({str(target)!r}, 'a').write('A line the agent added.\\n')\n")
    script.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        text = target.read_text()
        assert "A line the agent added." in text and "A note of the person." not in text
        assert "A note of the person." in app.main.drafts["api-versioning.md"].text
        assert any("changed on disk while memtui was writing" in n.message for n in app._notifications)


def test_a_crlf_index_keeps_its_line_endings_through_delete_and_restore(tmp_path):
    """MEMORY.md is edited as it is on disk (no newline translation): the line goes and comes
    back, and every other byte stays."""
    mem = tmp_path / "memory"
    shutil.copytree(SAMPLE / "memory", mem, symlinks=True)
    index = mem / "MEMORY.md"
    index.write_bytes(index.read_bytes().replace(b"\n", b"\r\n"))
    before = index.read_bytes()
    assert main(["delete", "api-versioning.md", "ci-status.md", "--yes", "--dir", str(mem)]) == 0
    assert b"api-versioning.md" not in index.read_bytes() and b"\r\n" in index.read_bytes()
    assert main(["restore", "api-versioning.md", "ci-status.md", "--dir", str(mem)]) == 0
    assert index.read_bytes() == before


def test_a_write_landing_between_our_compare_and_our_rename_is_kept(tmp_path, monkeypatch):
    """The last window of a compare-before-replace: the agent renames its version in after our
    compare, before our swap. Its version is swapped back, and the edit applied to it."""
    from tui.core import fsutil
    index = tmp_path / "MEMORY.md"
    index.write_text("- [a](a.md)\n")
    real, raced = fsutil.exchange, []

    def agent_then_swap(a, b):
        if not raced:
            raced.append(1)
            (tmp_path / "agent.tmp").write_text(index.read_text() + "- [agent](agent.md)\n")
            os.replace(tmp_path / "agent.tmp", index)
        return real(a, b)
    monkeypatch.setattr(fsutil, "exchange", agent_then_swap)
    if not real(tmp_path / "MEMORY.md", tmp_path / "MEMORY.md"):
        pytest.skip("no RENAME_EXCHANGE on this system")
    journal.rewrite(index, lambda text: "# Index\n" + text)   # (not an append: those are written in place)
    assert index.read_text() == "# Index\n- [a](a.md)\n- [agent](agent.md)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MEMORY.md"]


def test_an_append_by_an_agent_that_opened_the_file_before_our_swap_is_carried_over(tmp_path):
    """The agent opened the file (``open(…, "a")``) before our swap and writes 150 ms later, long
    after any fixed grace: the swap waits until its descriptor is closed and carries its line over."""
    import threading
    from tui.core import fsutil
    if not fsutil.exchange(tmp_path, tmp_path):
        pytest.skip("no RENAME_EXCHANGE on this system")
    from tui.core.open_files import writers
    index = tmp_path / "MEMORY.md"
    index.write_text("- [a](a.md)\n")
    agent = open(index, "a")
    if writers(index) is None:
        agent.close()
        pytest.skip("no /proc: this system cannot tell who holds a file open")

    def late_write():
        agent.write("- [agent](agent.md)\n")
        agent.close()
    timer = threading.Timer(0.15, late_write)
    timer.start()
    journal.rewrite(index, lambda text: "# Index\n" + text)
    timer.join()
    assert index.read_text() == "# Index\n- [a](a.md)\n- [agent](agent.md)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MEMORY.md"]



def _agent_renames_once_before_quiet(monkeypatch, path, version):
    """Just after our swap (when the displaced file is checked), the agent renames
    ``version(text now)`` over ``path``, once. Returns the list that says it happened."""
    from tui.core import fsutil
    real, raced = fsutil._quiet, []

    def agent_renames_then_quiet(displaced):
        if not raced:
            raced.append(1)
            tmp = path.with_name("agent.tmp")
            tmp.write_text(version(path.read_text()))
            os.replace(tmp, path)
        return real(displaced)
    monkeypatch.setattr(fsutil, "_quiet", agent_renames_then_quiet)
    return raced

def test_an_agent_version_renamed_over_ours_right_after_our_swap_gets_our_edit_again(tmp_path, monkeypatch):
    """The agent read the file before our swap and renames its version (without our edit) over
    ours just after: the write does not say done on a file that lacks it; the edit is applied
    again on the agent's text."""
    from tui.core import fsutil
    if not fsutil.exchange(tmp_path, tmp_path):
        pytest.skip("no RENAME_EXCHANGE on this system")
    index = tmp_path / "MEMORY.md"
    index.write_text("- [a](a.md)\n")
    raced = _agent_renames_once_before_quiet(monkeypatch, index, lambda _: "- [a](a.md)\n- [agent](agent.md)\n")
    journal.rewrite(index, lambda text: "# Index\n" + text)
    assert raced and index.read_text() == "# Index\n- [a](a.md)\n- [agent](agent.md)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MEMORY.md"]


def test_an_agent_edit_of_ours_is_not_given_our_edit_twice(tmp_path, monkeypatch):
    """The agent read the file after our swap and renames its edit of ours (a bullet inserted
    mid-file, so not an append) over it: our edit is already in its text, so the write is done
    as it stands, not applied again (that made a second copy of a remembered bullet)."""
    from tui.core import fsutil
    if not fsutil.exchange(tmp_path, tmp_path):
        pytest.skip("no RENAME_EXCHANGE on this system")
    gem = tmp_path / "GEMINI.md"
    gem.write_text("## Added\n- one\n\n## Other\nx\n")
    raced = _agent_renames_once_before_quiet(
        monkeypatch, gem, lambda now: now.replace("\n\n## Other", "\n- agent\n\n## Other"))
    journal.rewrite(gem, lambda text: text.replace("- one\n", "- one\n- ours\n"))
    assert raced and gem.read_text() == "## Added\n- one\n- ours\n- agent\n\n## Other\nx\n"


def test_an_agent_line_written_into_ours_while_we_swap_back_is_carried(tmp_path, monkeypatch):
    """The agent renamed its version in between our compare and our swap (so theirs goes back),
    and, while ours was live, renamed its edit of ours over it: that edit's line, not at the
    end, is carried into the file that goes back, after the line it followed; then our edit
    is applied again. Before, the version we took back was dropped with the agent's line."""
    from tui.core import fsutil
    if not fsutil.exchange(tmp_path, tmp_path):
        pytest.skip("no RENAME_EXCHANGE on this system")
    gem = tmp_path / "GEMINI.md"
    gem.write_text("## Added\n- one\n\n## Other\nx\n")
    real_x, real_q, step = fsutil.exchange, fsutil._quiet, []

    def agent_renames(text):
        (tmp_path / "agent.tmp").write_text(text)
        os.replace(tmp_path / "agent.tmp", gem)

    def exchange(a, b):
        if not step:   # between our compare and our swap: the agent's first bullet lands
            step.append("first")
            agent_renames(gem.read_text().replace("- one\n", "- one\n- agent 1\n"))
        return real_x(a, b)

    def quiet(path):
        if step == ["first"]:   # ours is live: the agent edits it (its second bullet, mid-file)
            step.append("second")
            agent_renames(gem.read_text().replace("\n\n## Other", "\n- agent 2\n\n## Other"))
        return real_q(path)
    monkeypatch.setattr(fsutil, "exchange", exchange)
    monkeypatch.setattr(fsutil, "_quiet", quiet)
    journal.rewrite(gem, lambda text: text.replace("\n\n## Other", "\n- ours\n\n## Other"))
    text = gem.read_text()
    assert step == ["first", "second"]
    assert text.count("- ours\n") == 1 and "- agent 1\n" in text and "- agent 2\n" in text
    assert text.index("- agent 2") < text.index("## Other")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["GEMINI.md"]
