"""Anchor states and causes; root confinement for every traversal form."""
import os

import pytest

from tui.core.judging.anchors import AnchorChecker, confine
from tui.core.reading.entry import Anchor
from tui.core.snapshots.memory import Memory
from tui.core.mentions import mentions

from conftest import NOW, write


@pytest.fixture
def project(root):
    write(root, "package.json", '{"scripts": {"test": "node --test"}}\n')
    write(root, "src/server.ts", "const PORT = Number(process.env.PORT ?? 8080);\n")
    return root


def check(root, file, quote=None):
    return AnchorChecker(root).check(Anchor(file, quote))


def test_verified_with_line(project):
    r = check(project, "package.json", "node --test")
    assert r.status == "verified" and r.line == 1 and "package.json:1" in r.detail


def test_verified_file_only(project):
    assert check(project, "src/server.ts").status == "verified"


def test_broken_file_missing(project):
    r = check(project, "webpack.config.js", "loader")
    assert r.status == "broken" and r.detail == "file missing: webpack.config.js"


def test_broken_quote_drifted(project):
    r = check(project, "src/server.ts", "const PORT = 3000")
    assert r.status == "broken" and r.detail == "quote not found in src/server.ts"


def test_quote_in_a_folder_is_broken(project):
    r = check(project, "src", "x")
    assert r.status == "broken" and "folder" in r.detail


def test_whitespace_only_difference_still_verifies(project):
    assert check(project, "src/server.ts", "const  PORT =\nNumber").status == "verified"


@pytest.mark.parametrize("raw", [
    "../outside.txt", "src/../../outside.txt", "/etc/passwd", "~/.ssh/id_rsa", "C:\\Windows\\win.ini",
    "..\\..\\outside.txt", "%2e%2e%2foutside.txt", "..%2foutside.txt", "%2e%2e/outside.txt",
    "%252e%252e%252foutside.txt", "src/%2E%2E/%2E%2E/outside.txt", "\\\\server\\share\\x", "a\x00b",
])
def test_traversal_forms_are_unsafe(project, raw):
    r = check(project, raw, "x")
    assert r.status == "unsafe", raw


def test_symlink_out_of_root_is_unsafe_and_not_read(project, tmp_path):
    secret = write(tmp_path, "outside/secret.txt", "TOPSECRET\n")
    os.symlink(secret.parent, project / "linked")
    checker = AnchorChecker(project)
    r = checker.check(Anchor("linked/secret.txt", "TOPSECRET"))
    assert r.status == "unsafe" and "symlink" in r.detail
    assert checker._cache == {}   # nothing outside the root was opened


def test_symlink_inside_root_is_fine(project):
    os.symlink("src", project / "source")
    assert check(project, "source/server.ts", "PORT").status == "verified"


def test_confine_normalises(project):
    c = confine(project, "./src//server.ts")
    assert c.unsafe is None and c.rel == "src/server.ts"


def test_cache_by_mtime_and_size(project, monkeypatch):
    checker = AnchorChecker(project)
    reads = []
    real_open = open

    def counting_open(path, *a, **k):
        reads.append(str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr("builtins.open", counting_open)
    for _ in range(5):
        assert checker.check(Anchor("package.json", "node --test")).status == "verified"
    assert len(reads) == 1
    write(project, "package.json", '{"scripts": {"test": "jest"}}\n')
    os.utime(project / "package.json", ns=(1, 10**18))
    assert checker.check(Anchor("package.json", "node --test")).status == "broken"
    assert len(reads) == 2


def test_entry_status_is_the_worst_anchor(mem_dir, project):
    write(mem_dir, "a.md", "---\nanchor:\n  - {file: package.json, quote: node --test}\n  - {file: gone.txt}\n---\nx\n")
    write(mem_dir, "b.md", "---\nanchor: [{file: package.json}, {file: ../x}]\n---\nx\n")
    write(mem_dir, "c.md", "---\nanchor: {quote: lonely}\n---\nx\n")
    write(mem_dir, "d.md", "---\nanchor: \"package.json:node --test\"\n---\nx\n")
    mem = Memory.load(mem_dir, project, now=NOW)
    assert mem.status["a.md"].anchor == "broken"
    assert mem.status["b.md"].anchor == "unsafe"
    assert mem.status["c.md"].anchor == "broken" and "no 'file'" in mem.status["c.md"].anchor_detail
    assert mem.status["d.md"].anchor == "verified"


def test_old_unverifiable_flag(mem_dir, project):
    write(mem_dir, "old.md", "---\nupdated: 2026-06-01\n---\nx\n")
    write(mem_dir, "new.md", "---\nupdated: 2026-11-20\n---\nx\n")
    mem = Memory.load(mem_dir, project, now=NOW)
    assert "old-unverifiable" in mem.status["old.md"].flags
    assert "old-unverifiable" not in mem.status["new.md"].flags


def test_mentioned_paths():
    body = ("Edit `src/server.ts:12` and package.json; the old webpack.config.js is gone. "
            "See https://example.com/a/b.html and e.g. node.js, `console.log`, `*.test.js`, "
            "and/or 2026/10/01. Folder `test/` and docs/deploy.md#L3, `Makefile`.")
    assert [m.path for m in mentions(body)] == ["src/server.ts", "test/", "Makefile", "package.json",
                                                "webpack.config.js", "docs/deploy.md"]


def test_mentioned_missing_and_unsafe(mem_dir, project):
    write(mem_dir, "a.md", "See src/server.ts, src/old.ts, server.ts and ../../etc/passwd.\n")
    st = Memory.load(mem_dir, project, now=NOW).status["a.md"]
    assert st.missing == ["src/old.ts"]
    assert st.unsafe_paths == ["../../etc/passwd"]
