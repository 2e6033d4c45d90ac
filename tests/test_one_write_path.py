"""The one write path (core/writes/change.py): every change to a file an agent also writes keeps
what the agent wrote meanwhile, or is refused with a sentence. Each defect of issue 39 is here
as the race that lost the agent's lines, made deterministic: the agent writes right after
memtui has read the file (``agent_after_read``)."""
from __future__ import annotations

import datetime as dt
import errno
import os
import shutil
from pathlib import Path

import pytest

from conftest import NOW, SAMPLE
from tui.cli import main
from tui.core.layouts import get
from tui.core.snapshots.memory import Memory
from tui.core.writes.archive import apply_archive, daily_log, plan_archive
from tui.core.faults import Changed, explain
from tui.core.writes.trash import restore

DAY = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def agent_after_read(monkeypatch):
    """``agent_after_read(path, line)``: the first time memtui reads ``path`` from now on, the agent
    appends ``line`` to it just after (between memtui's read and its rename)."""
    real = Path.read_bytes
    pending: dict[str, str] = {}

    def read_bytes(self):
        data = real(self)
        line = pending.pop(str(self), None)
        if line is not None:
            with open(self, "a", encoding="utf-8") as f:
                f.write(line)
        return data
    monkeypatch.setattr(Path, "read_bytes", read_bytes)

    def arm(path: Path, line: str) -> None:
        pending[str(path)] = line
    return arm


@pytest.fixture
def openclaw(tmp_path) -> Path:
    oc = tmp_path / "oc"
    shutil.copytree(SAMPLE / "layouts" / "openclaw", oc)
    return oc


# -- the OpenClaw daily log: archive and restore ----------------------------------------------

def test_archive_keeps_what_the_agent_appends_to_the_daily_log_meanwhile(openclaw, agent_after_read):
    log = openclaw / daily_log(DAY)
    plan = plan_archive(openclaw, ["MEMORY.md#gateway"], get("openclaw"))
    agent_after_read(log, "- 12:01 the agent logged a deploy\n")
    res = apply_archive(openclaw, plan, DAY)
    text = log.read_text()
    assert res.moved == ["MEMORY.md#gateway"]
    assert "- 12:01 the agent logged a deploy\n" in text and plan.snippets["MEMORY.md#gateway"].text in text


def test_restore_keeps_what_the_agent_appends_to_the_daily_log_meanwhile(openclaw, agent_after_read):
    log = openclaw / daily_log(DAY)
    plan = plan_archive(openclaw, ["MEMORY.md#gateway"], get("openclaw"))
    apply_archive(openclaw, plan, DAY)
    agent_after_read(log, "- 12:05 the agent logged a restart\n")
    assert restore(openclaw, ["MEMORY.md#gateway"]).restored == ["MEMORY.md#gateway"]
    text = log.read_text()
    assert "- 12:05 the agent logged a restart\n" in text
    assert plan.snippets["MEMORY.md#gateway"].text not in text   # the archived lines left it again


def test_archive_into_the_log_is_one_transaction_under_the_lock(openclaw, monkeypatch):
    """A fault after the log got the lines (the cut from MEMORY.md fails) takes them out again."""
    from tui.core.writes import trash
    log = openclaw / daily_log(DAY)
    had = log.read_bytes() if log.exists() else None
    index = (openclaw / "MEMORY.md").read_bytes()
    plan = plan_archive(openclaw, ["MEMORY.md#gateway"], get("openclaw"))

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", str(openclaw / "MEMORY.md"))
    monkeypatch.setattr(trash, "cut", full)   # (the delete's cut of the lines from MEMORY.md)
    with pytest.raises(OSError) as e:
        apply_archive(openclaw, plan, DAY)
    assert getattr(e.value, "undone", None) is True
    assert (log.read_bytes() if log.exists() else None) == had and (openclaw / "MEMORY.md").read_bytes() == index


# -- the change function itself -------------------------------------------------------------------

def test_a_new_text_made_from_what_was_seen_keeps_the_agents_append(tmp_path):
    from tui.core.writes.change import change
    path = tmp_path / "a.md"
    seen = b"---\nname: a\n---\nFirst line.\nSecond line.\n"
    path.write_bytes(seen + b"The agent's line.\n")
    change(tmp_path, path, "---\nname: a\n---\nFirst line, edited.\nSecond line.\n", seen=seen)
    assert path.read_text() == "---\nname: a\n---\nFirst line, edited.\nSecond line.\nThe agent's line.\n"


def test_a_new_text_over_lines_the_agent_changed_is_refused_with_a_sentence(tmp_path):
    from tui.core.writes.change import change
    path = tmp_path / "a.md"
    seen = b"one\ntwo\n"
    path.write_bytes(b"one\ntwo, as the agent put it\n")
    with pytest.raises(Changed) as e:
        change(tmp_path, path, "one\ntwo, as the person put it\n", seen=seen)
    assert path.read_bytes() == b"one\ntwo, as the agent put it\n"
    said = explain(e.value, "the edit was not saved")
    assert said.startswith("the edit was not saved: ") and "the lines you edited (from line 2)" in said


def test_a_new_file_is_not_written_over_one_that_appeared(tmp_path):
    from tui.core.writes.change import change
    path = tmp_path / "a.md"
    path.write_text("the agent's\n")
    with pytest.raises(Changed, match="appeared"):
        change(tmp_path, path, "ours\n", seen=None)
    assert path.read_text() == "the agent's\n"


def test_a_transaction_that_fails_takes_its_change_out_of_what_the_agent_wrote_after_it(tmp_path):
    """Undo after the agent appended to a file we had rewritten: our lines go, the agent's stay."""
    from tui.core.writes.change import change, writing
    log = tmp_path / "log.md"
    log.write_text("old\n")
    with pytest.raises(RuntimeError), writing(tmp_path):
        change(tmp_path, log, lambda t: t + "ours\n")
        with open(log, "a") as f:
            f.write("theirs\n")
        raise RuntimeError("a later step failed")
    assert log.read_text() == "old\ntheirs\n"


# -- promoted_to: one line, every other byte kept ----------------------------------------------------

ODD = ("---\r\n# written by the agent\r\nname: deploys  # keep this comment\r\ndescription: 'Deploys: fly'\r\n"
       "created: \"2026-01-02\"\r\nanchor: {file: fly.toml, quote: \"app = ledgerline\"}\r\n\r\ntype: project\r\n"
       "---\r\nAlways deploy with `fly deploy --remote-only`.")


def test_the_promoted_to_mark_adds_one_line_and_keeps_every_other_byte(sample):
    mem_dir, root = sample
    entry = mem_dir / "fly-remote.md"
    entry.write_bytes(ODD.encode())
    m = Memory.load(mem_dir, root, now=NOW)
    from tui.core.writes.promote import apply_promotion, plan_promotion
    notes = apply_promotion(m, plan_promotion(m, ["fly-remote.md"], "AGENTS.md"))
    assert "marked fly-remote.md promoted_to: AGENTS.md" in notes
    assert entry.read_bytes() == ODD.replace("type: project\r\n", "type: project\r\npromoted_to: AGENTS.md\r\n").encode()


def test_a_mark_that_cannot_be_one_line_is_refused_and_the_entry_left_alone(sample):
    mem_dir, root = sample
    entry = mem_dir / "fly-remote.md"
    text = "---\nname: deploys\npromoted_to:\n  - CLAUDE.md\n---\nAlways deploy with `fly deploy --remote-only`.\n"
    entry.write_text(text)
    m = Memory.load(mem_dir, root, now=NOW)
    from tui.core.writes.promote import apply_promotion, plan_promotion
    notes = apply_promotion(m, plan_promotion(m, ["fly-remote.md"], "AGENTS.md"))
    assert any("was not marked promoted_to: its 'promoted_to' spans several lines" in n for n in notes), notes
    assert entry.read_text() == text


def test_the_mark_keeps_an_agent_edit_of_the_entry_made_meanwhile(sample, agent_after_read):
    mem_dir, root = sample
    entry = mem_dir / "pnpm-only.md"
    m = Memory.load(mem_dir, root, now=NOW)
    from tui.core.writes.promote import apply_promotion, plan_promotion
    plan = plan_promotion(m, ["pnpm-only.md"], "AGENTS.md")
    agent_after_read(entry, "The agent added this.\n")
    apply_promotion(m, plan)
    text = entry.read_text()
    assert "The agent added this.\n" in text and "promoted_to: AGENTS.md" in text


# -- faults: archive on a read-only folder, every write command -----------------------------------

COMMANDS = {
    "archive": ["archive", "ci-status.md", "--yes", "--dir", "{m}"],
    "archive-openclaw": ["archive", "MEMORY.md#gateway", "--yes", "--dir", "{o}"],
    "remember-openclaw": ["remember", "Deploys of ledgerline go through fly", "--dir", "{o}"],
    "delete-openclaw": ["delete", "MEMORY.md#gateway", "--yes", "--dir", "{o}"],
}


@pytest.mark.parametrize("code, said", [(errno.EROFS, "read-only file system"), (errno.ENOSPC, "is full")])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_archive_and_the_bullet_writes_say_a_fault_in_one_sentence(tmp_path, monkeypatch, capsys, command, code, said):
    from test_disk_full import _state
    base = tmp_path / "s"
    shutil.copytree(SAMPLE, base, symlinks=True)
    mem, oc = base / "memory", base / "layouts" / "openclaw"
    before = _state(base)
    capsys.readouterr()

    def refuse(*a, **k):
        raise OSError(code, os.strerror(code))
    with monkeypatch.context() as m:
        for name in ("fsync", "mkdir", "link"):
            m.setattr(os, name, refuse)
        assert main([a.format(m=mem, o=oc) for a in COMMANDS[command]]) == 1
    err = capsys.readouterr().err
    assert said in err and "internal error" not in err and len(err.strip().splitlines()) == 1, err
    assert _state(base) == before


# -- nothing writes around the one write path ---------------------------------------------------

# Modules that write files without change.py, and what they write: memtui's own files, never
# one an agent also writes. A new module that writes must go through change.py or be added
# here with its reason.
OWN_FILES = {
    "core/fsutil.py": "the atomic write itself",
    "core/writes/journal.py": "the transaction's steps",
    "core/writes/change.py": "the one write path",
    "core/writes/trash.py": "the trash's manifest and the rename of an entry's file into .trash/ or .archive/",
    "core/writes/snippets.py": "a bullet's lines kept in .trash/, a filtered copy of a mem0 export",
    "core/writes/archive.py": "the archive folder's logs.json",
    "core/writes/locking.py": "lock files in the cache directory",
    "core/cache/kept.py": "the parse cache", "core/layouts/detection.py": "the detection cache",
    "core/config.py": "memtui's config", "core/decisions.py": "the owner's triage decisions, in the state directory",
    "core/writes/injection_log.py": "the hook's injection log",
    "core/reading/discover.py": "the bundled sample's private copy", "core/reading/prefetch.py": "the prefetch map",
    "screens/main/editing.py": "the temporary copy $EDITOR edits", "commands/hook.py": "the index builder's lock",
    "core/writes/claude_settings.py": "the backup beside Claude Code's settings (the settings go through change.py)",
    "cli.py": "/dev/null", "render/__init__.py": "/dev/null", "core/forking.py": "/dev/null",
}
WRITERS = {"write_text", "write_bytes", "unlink", "rename", "atomic_write", "fdopen"}   # whoever calls them
OWNED = {"os": {"replace", "rename", "remove", "unlink", "open"}, "journal": {"write", "rewrite", "move"},
         "shutil": {"move", "copy", "copy2", "copyfile", "copytree", "rmtree"}}


def _writes(path: Path) -> list[int]:
    import ast
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        owner = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
        mode = node.args[1] if name == "open" and len(node.args) > 1 else next(
            (k.value for k in node.keywords if k.arg in ("mode", "flags")), None)
        if (name in WRITERS or name in OWNED.get(owner, ())
                or (name == "open" and not owner and isinstance(mode, ast.Constant) and set(str(mode.value)) & set("wax+"))):
            if not (name == "open" and owner == "os" and "O_RDONLY" in ast.dump(node)):
                lines.append(node.lineno)
    return lines


def test_every_write_of_a_file_goes_through_the_one_write_path():
    from conftest import REPO
    pkg = REPO / "tui"
    around = {}
    for path in sorted(pkg.rglob("*.py")):
        rel = path.relative_to(pkg).as_posix()
        found = _writes(path)
        if found and rel not in OWN_FILES:
            around[rel] = found
    assert around == {}, f"writes outside core/writes/change.py (use change() or say why in OWN_FILES): {around}"


# -- an edit that only appends is written in place -----------------------------------------------

def test_an_append_keeps_the_line_of_an_agent_that_holds_the_file_open(tmp_path):
    """A rename displaces the file an appending agent has open: its next line went nowhere.
    Appended in place, both lines stay, whatever the order."""
    from tui.core.writes.change import change
    log = tmp_path / "2026-11-30.md"
    log.write_text("- 09:00 started\n")
    agent = open(log, "a", buffering=1)
    try:
        change(tmp_path, log, lambda t: t + "- archived: the gateway section\n")
        agent.write("- 09:05 the agent's next line\n")
    finally:
        agent.close()
    assert log.read_text() == "- 09:00 started\n- archived: the gateway section\n- 09:05 the agent's next line\n"


def test_an_append_that_a_rename_overtook_is_made_again_on_the_new_file(tmp_path, monkeypatch):
    from tui.core.writes import journal
    from tui.core.writes.change import change
    index = tmp_path / "MEMORY.md"
    index.write_text("- [a](a.md)\n")
    real, raced = os.pread, []

    def pread_then_agent(fd, n, at):
        data = real(fd, n, at)
        if not raced:   # the agent renames its version in between our check and our write
            raced.append(1)
            (tmp_path / "agent.tmp").write_text("- [a](a.md)\n- [agent](agent.md)\n")
            os.replace(tmp_path / "agent.tmp", index)
        return data
    monkeypatch.setattr(journal.os, "pread", pread_then_agent)
    change(tmp_path, index, lambda t: t + "- [ours](ours.md)\n")
    assert index.read_text() == "- [a](a.md)\n- [agent](agent.md)\n- [ours](ours.md)\n"


def test_an_append_undone_leaves_what_the_agent_appended_after_it(tmp_path):
    from tui.core.writes.change import change, writing
    log = tmp_path / "log.md"
    log.write_text("old\n")
    with pytest.raises(RuntimeError), writing(tmp_path):
        change(tmp_path, log, lambda t: t + "ours\n")
        with open(log, "a") as f:
            f.write("theirs\n")
        raise RuntimeError("a later step failed")
    assert log.read_text() == "old\ntheirs\n"


def test_an_append_undone_keeps_a_line_the_agent_appends_while_it_is_taken_back(tmp_path, monkeypatch):
    """Taking our appended line back is a compare-and-swap too: cutting the file short in place
    would also cut a line the agent appended between our read and the cut."""
    from tui.core import fsutil
    from tui.core.writes.change import change, writing
    log = tmp_path / "log.md"
    log.write_text("old\n")
    real, raced = fsutil._read, []

    def agent_after_compare(path):
        data = real(path)
        if Path(path) == log and not raced and data is not None and data.endswith(b"ours\n"):
            raced.append(1)   # our undo read the file; the agent appends before the swap
            with open(log, "a") as f:
                f.write("theirs\n")
        return data
    with pytest.raises(RuntimeError), writing(tmp_path):
        change(tmp_path, log, lambda t: t + "ours\n")
        monkeypatch.setattr(fsutil, "_read", agent_after_compare)
        raise RuntimeError("a later step failed")
    assert raced and log.read_text() == "old\ntheirs\n"
