"""The kept audit and the kept `list --json` (SPEC §8): a second run over an unchanged folder is
read, not made, and gives the same bytes; any change the audit could see — in the memory folder, in
a file an entry anchors to or mentions, in the project's folders, in an instruction file, in the
day, in git — gives the output a fresh run gives."""
from __future__ import annotations

import datetime as dt
import os
import subprocess
import time

import pytest

from conftest import NOW, write

OLD = time.time() - 3600   # files older than the racy window: their audit may be kept


def _age(*paths) -> None:
    for base in paths:
        for folder, dirs, files in os.walk(base):
            for name in dirs + files:
                os.utime(os.path.join(folder, name), (OLD, OLD), follow_symlinks=False)
        os.utime(base, (OLD, OLD))


@pytest.fixture
def folder(mem_dir, root, monkeypatch):
    monkeypatch.setenv("MEMTUI_NOW", NOW.isoformat())
    write(root, "src/api/server.ts", "export const port = 8080;\nexport function serve() {}\n")
    write(root, "docs/setup.md", "Run make dev to start everything.\n")
    write(mem_dir, "MEMORY.md", "# Memory\n- [Server](server.md) — api port\n- [Old](old.md) — old note\n")
    write(mem_dir, "server.md", "---\nname: server\ndescription: api port\ntype: project\n"
                                "anchor: {file: src/api/server.ts, quote: \"port = 8080\"}\n---\n"
                                "The API listens on port 8080 (src/api/server.ts:2).\n")
    write(mem_dir, "old.md", "---\nname: old\ndescription: old note\ntype: project\n---\n"
                             "Deploys go through src/deploy/ship.ts and the setup doc.\n")   # (naming a file that
    # is there would anchor it: no age finding)
    _age(mem_dir, root)
    os.utime(mem_dir / "old.md", (NOW.timestamp() - 20 * 86400,) * 2)   # 20 days old on NOW
    return mem_dir, root


def _audit(mem_dir, root, capsys, fmt: str = "json") -> str:
    from tui.cli import main
    if fmt == "list":
        main(["list", "--json", "--dir", str(mem_dir), "--root", str(root)])
    else:
        main(["audit", "--dir", str(mem_dir), "--root", str(root), "--format", fmt, "--fail-on", ""])
    return capsys.readouterr().out


def _fresh(mem_dir, root, capsys, monkeypatch, fmt: str = "json") -> str:
    with monkeypatch.context() as m:
        m.setenv("MEMTUI_NO_CACHE", "1")
        return _audit(mem_dir, root, capsys, fmt)


def _kept_only(monkeypatch) -> None:
    """From here an audit that is made, not read, fails the test."""
    from tui.core.reports import audit
    from tui.core.snapshots.memory import Snapshot
    monkeypatch.setattr(audit, "audit", lambda *a, **k: pytest.fail("audited again"))
    monkeypatch.setattr(Snapshot, "load", lambda *a, **k: pytest.fail("read again"))


def test_an_unchanged_folder_is_read_back_in_every_format(folder, capsys, monkeypatch):
    mem_dir, root = folder
    made = {fmt: _audit(mem_dir, root, capsys, fmt) for fmt in ("json", "text", "sarif", "markdown", "list")}
    _kept_only(monkeypatch)
    for fmt, out in made.items():
        assert _audit(mem_dir, root, capsys, fmt) == out, fmt
    assert "anchor-broken" not in made["json"] and "ship.ts" in made["json"]


@pytest.mark.parametrize("change", ["memory file", "new memory file", "anchored file", "mentioned file appears",
                                    "moved file", "instruction file", "index"])
@pytest.mark.parametrize("command", ["json", "list"])
def test_a_change_the_audit_can_see_gives_a_fresh_audit(folder, capsys, monkeypatch, change, command):
    mem_dir, root = folder
    if change == "instruction file" and command == "list":
        pytest.skip("list --json prints nothing of the instruction files")
    before = _audit(mem_dir, root, capsys, command)
    _audit(mem_dir, root, capsys, command)   # read back
    if change == "memory file":   # same size, same mtime: only the inode and ctime tell
        p = mem_dir / "server.md"
        text = p.read_text().replace("server.ts:2)", "server.ts:9)")   # now past the file's end
        tmp = mem_dir / "server.md.new"
        tmp.write_text(text)
        os.utime(tmp, (OLD, OLD))
        os.replace(tmp, p)
    elif change == "new memory file":
        write(mem_dir, "token.md", "---\nname: t\ndescription: t\n---\nThe CI token is "
                                   "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n")
    elif change == "anchored file":   # the quote goes: the anchor breaks
        write(root, "src/api/server.ts", "export const port = 9090;\nexport function serve() {}\n")
    elif change == "mentioned file appears":
        write(root, "src/deploy/ship.ts", "export {}\n")
    elif change == "moved file":   # no file read, only a folder's names change
        write(root, "tools/deploy/ship.ts", "export {}\n")
    elif change == "instruction file":
        write(root, "CLAUDE.md", "# Rules\n\nDeploys go through src/deploy/ship.ts and the setup doc.\n")
    elif change == "index":
        write(mem_dir, "MEMORY.md", "# Memory\n- [Server](server.md) — api port\n- [Gone](gone.md) — x\n")
    after = _audit(mem_dir, root, capsys, command)
    assert after == _fresh(mem_dir, root, capsys, monkeypatch, command)
    assert after != before, "the change shows in the audit"
    assert "ghp_aB3dE5fG" not in after


@pytest.mark.parametrize("command", ["json", "list"])
def test_a_new_day_remakes_the_age_findings_only(folder, capsys, monkeypatch, command):
    mem_dir, root = folder
    assert "old-unverifiable" not in _audit(mem_dir, root, capsys, command)   # 20 days: not old yet
    for days in (11, 40):
        monkeypatch.setenv("MEMTUI_NOW", (NOW + dt.timedelta(days=days)).isoformat())
        with monkeypatch.context() as m:
            _kept_only(m)
            kept = _audit(mem_dir, root, capsys, command)
        assert kept == _fresh(mem_dir, root, capsys, monkeypatch, command)
    assert "60 days old and has no anchor" in kept or '"age_days": 60' in kept
    assert "old-unverifiable" in kept


def test_git_is_asked_at_every_audit(folder, capsys, monkeypatch):
    mem_dir, root = folder
    before = _audit(mem_dir, root, capsys)
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t", "-C", str(mem_dir)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "server.md"], check=True)
    os.utime(mem_dir, (OLD, OLD))   # the kept audit still holds for the folder's files...
    after = _audit(mem_dir, root, capsys)
    assert "tracked-in-git" in after and "tracked-in-git" not in before   # ... and git's answer is new


def test_a_symlink_or_a_file_written_just_now_is_never_kept(folder, capsys, monkeypatch, tmp_path):
    mem_dir, root = folder
    from tui.core.reports.audit_cache import NOTE
    from tui.core.cache.parse import ParseCache
    write(mem_dir, "fresh.md", "---\nname: f\ndescription: f\n---\nwritten a moment ago\n")
    _audit(mem_dir, root, capsys)
    assert ParseCache(mem_dir, eager=False).note(NOTE) is None   # its mtime could still change unseen
    (mem_dir / "fresh.md").unlink()
    (mem_dir / "link.md").symlink_to(root / "docs" / "setup.md")
    _age(mem_dir)
    out = _audit(mem_dir, root, capsys)
    assert ParseCache(mem_dir, eager=False).note(NOTE) is None   # a target can change unseen
    assert out == _fresh(mem_dir, root, capsys, monkeypatch)


def test_a_kept_listing_is_indented_for_a_person_as_a_made_one(folder, capsys, monkeypatch):
    mem_dir, root = folder
    import sys
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    made = _audit(mem_dir, root, capsys, "list")
    _kept_only(monkeypatch)
    assert _audit(mem_dir, root, capsys, "list") == made and made.startswith('{\n  "dir"')


def test_a_kept_listing_is_cut_at_the_keys_whatever_the_values_say():
    import json
    from tui.core.reports.audit_cache import KeptListing
    entry = {"id": "a.md", "description": 'say "age_days": 5 and "flags": []', "age_days": 40, "anchor": "none",
             "mentioned": {"moved": {"flags": "src/flags.ts"}}, "flags": ["old-unverifiable", "path-missing"],
             "warnings": ['"flags": ["x"]'], "author": None}
    listing = {"dir": "/m", "entries": [entry, dict(entry, id="b.md", age_days=None, flags=[])], "files": []}
    text = json.dumps(listing, ensure_ascii=False)
    born = NOW - dt.timedelta(days=40)
    kept = KeptListing.make(listing, text, [(born, True), (None, True)], NOW)
    assert kept is not None
    later = json.loads(kept.render(NOW + dt.timedelta(days=5)))
    assert [e["age_days"] for e in later["entries"]] == [45, None] and later["entries"][0]["flags"] == entry["flags"]
    young = json.loads(kept.render(NOW - dt.timedelta(days=20)))["entries"][0]
    assert young["age_days"] == 20 and young["flags"] == ["path-missing"] and young["description"] == entry["description"]
