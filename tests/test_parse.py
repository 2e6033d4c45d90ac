"""Every layout of SPEC §2 and every malformed input: listed, never raised."""
import os

import pytest

from tui.core.snapshots.memory import Memory
from tui.core.snapshots.store import Scanner

from conftest import NOW, write


def load(mem_dir, root):
    return Memory.load(mem_dir, root, now=NOW)


def test_canonical_entry(mem_dir, root):
    write(mem_dir, "test-runner.md", """---
name: test-runner
description: Tests use node's built-in runner
type: feedback
source: user
created: 2026-10-02T09:00:00Z
updated: 2026-11-01
paths: [package.json, test/]
keywords: [test, node]
custom_key: kept
---
Body text.
""")
    e = load(mem_dir, root).entries["test-runner.md"]
    assert e.readable and e.name == "test-runner" and e.type == "feedback" and e.source == "user"
    assert e.paths == ["package.json", "test/"] and e.keywords == ["test", "node"]
    assert e.updated.date().isoformat() == "2026-11-01"
    assert e.meta["custom_key"] == "kept"
    assert e.body.strip() == "Body text." and e.body_line == 12


def test_claude_code_auto_memory_metadata(mem_dir, root):
    write(mem_dir, "feedback_tests.md", """---
name: Run tests with pnpm
description: use pnpm test, not npm
metadata:
  type: feedback
  modified: 2026-11-20T10:00:00Z
---
**Why:** CI uses pnpm.
**How to apply:** always pnpm.
""")
    mem = load(mem_dir, root)
    e = mem.entries["feedback_tests.md"]
    assert e.type == "feedback" and e.source == "model"
    assert e.updated.isoformat().startswith("2026-11-20")
    assert mem.status[e.id].age_days == 9


def test_memory_tool_layout_plain_nested(mem_dir, root):
    write(mem_dir, "notes/build.md", "# Build\nrun make\n")
    write(mem_dir, "projects/tally/progress.txt", "step 3 of 5 done\n")
    write(mem_dir, "prefs.xml", "<prefs><tabs>2</tabs></prefs>\n")
    mem = load(mem_dir, root)
    assert sorted(mem.entries) == ["notes/build.md", "prefs.xml", "projects/tally/progress.txt"]
    b = mem.entries["notes/build.md"]
    assert b.readable and b.name == "build" and b.source == "model" and b.description == "Build"
    assert mem.entries["projects/tally/progress.txt"].name == "progress"
    assert all(mem.status[i].load == "on-demand" for i in mem.entries)


def test_index_trash_and_dot_folders_are_not_entries(mem_dir, root):
    write(mem_dir, "MEMORY.md", "- [A](a.md) — a\n")
    write(mem_dir, "a.md", "---\nname: a\n---\nA\n")
    write(mem_dir, ".trash/old.md", "---\nname: old\n---\nold\n")
    write(mem_dir, ".git/config", "x")
    write(mem_dir, ".DS_Store", b"\x00\x01")
    write(mem_dir, "sub/MEMORY.md", "nested index-like file is an entry\n")
    mem = load(mem_dir, root)
    assert sorted(mem.entries) == ["a.md", "sub/MEMORY.md"]
    assert mem.status["a.md"].load == "resident"


def test_leading_blank_line_comment_and_crlf(mem_dir, root):
    write(mem_dir, "a.md", "\n<!-- saved by agent -->\n---\r\nname: alpha\r\ntype: project\r\n---\r\nbody\r\n")
    e = load(mem_dir, root).entries["a.md"]
    assert e.readable and e.name == "alpha" and e.type == "project" and e.body == "body\n"


def test_no_frontmatter_md_is_readable(mem_dir, root):
    write(mem_dir, "plain.md", "Use pnpm.\n")
    e = load(mem_dir, root).entries["plain.md"]
    assert e.readable and not e.has_frontmatter and e.name == "plain" and e.description == "Use pnpm."


def test_unquoted_colon_is_read_leniently(mem_dir, root):
    write(mem_dir, "a.md", "---\nname: a\ndescription: Tests: use node --test\nmetadata:\n  type: feedback\n---\nx\n")
    e = load(mem_dir, root).entries["a.md"]
    assert e.readable
    assert e.description == "Tests: use node --test" and e.type == "feedback"
    assert any(w.kind == "lenient-yaml" and "not valid YAML" in w.message for w in e.warnings)



def test_an_unquoted_colon_beside_quoted_values_is_read_leniently(mem_dir, root):
    """An agent's name with ' : ' (French spacing) beside a quoted description and its metadata
    block: strict YAML fails on the name; the other lines, quoted ones included, read as meant."""
    write(mem_dir, "a.md", '---\nname: Échec : serde flatten\ndescription: "serde : flatten drops u64"\n'
                           "type: 'feedback'\nmetadata:\n  originSessionId: 4f2c\n---\nx\n")
    e = load(mem_dir, root).entries["a.md"]
    assert e.readable and e.name == "Échec : serde flatten"
    assert e.description == "serde : flatten drops u64" and e.type == "feedback"
    write(mem_dir, "b.md", '---\nname: a : b\ndescription: "unclosed\n---\nx\n')
    assert not load(mem_dir, root).entries["b.md"].readable   # real breakage stays unreadable
    write(mem_dir, "c.md", "---\nname: proxy : fixed token\ndescription: @acme/cli reads `proxy.js` first\n---\nx\n")
    c = load(mem_dir, root).entries["c.md"]   # '@' and '`' are reserved to YAML, plain text to an agent
    assert c.readable and c.description == "@acme/cli reads `proxy.js` first"

def test_value_cut_at_hash_is_reported(mem_dir, root):
    write(mem_dir, "a.md", "---\nname: a\ndescription: run tests #fast first\n---\nx\n")
    mem = load(mem_dir, root)
    e = mem.entries["a.md"]
    assert e.description == "run tests"
    assert any(w.kind == "yaml-truncated" and w.line == 3 for w in e.warnings)
    assert "yaml-truncated" in mem.status["a.md"].flags


def test_warnings_reach_the_audit_as_fields_not_parsed_text(mem_dir, root):
    """The audit takes a warning's wording from its fields: a message in any shape (here one
    with no ': ' in it, as another reader may write) is reported, never re-parsed."""
    from tui.core.reports.audit import audit
    from tui.core.reading.frontmatter import ParseWarning
    write(mem_dir, "a.md", "---\nname: a\ndescription: run tests #fast first\n---\nx\n")
    write(mem_dir, "b.md", "---\nname: b\ndescription: b\n---\nx\n")
    mem = load(mem_dir, root)
    cut = next(f for f in audit(mem).findings if f.rule == "hash-comment")
    assert cut.message == "line 3: 'description' was cut before '#fast first'"   # the wording as before
    mem.entries["b.md"].warnings = [ParseWarning("yaml-truncated", "a value was cut", 2)]
    found = [f for f in audit(mem).findings if f.id == "b.md" and f.rule == "hash-comment"]
    assert [(f.message, f.line) for f in found] == [("a value was cut", 2)]


@pytest.mark.parametrize("content, reason", [
    ("---\nname: a\nkeywords: [x, y\n---\nbody\n", "bad YAML at line"),
    ("---\n- just\n- a list\n---\nbody\n", "not a mapping"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    ("caf\xe9 au lait".encode("latin-1"), "not UTF-8"),
    (b"", "empty"),
    (b"   \n\n", "empty"),
    ("\ufeff".encode("utf-16"), "not UTF-8"),
    ("---\na: &x [*x]\n---\n", ""),  # self-referencing alias: parsed or rejected, never a crash
])
def test_malformed_files_are_listed_with_a_reason(mem_dir, root, content, reason):
    write(mem_dir, "bad.md", content)
    mem = load(mem_dir, root)
    e = mem.entries["bad.md"]
    if reason:
        assert e.error and reason in e.error
        assert mem.status["bad.md"].flags == ["unreadable"]


def test_bad_yaml_keeps_text_for_display(mem_dir, root):
    write(mem_dir, "bad.md", "---\nname: [x\n---\nthe body\n")
    e = load(mem_dir, root).entries["bad.md"]
    assert e.error and "the body" in e.text


def test_too_large_is_not_read(mem_dir, root, monkeypatch):
    write(mem_dir, "big.md", "x" * 1_000_001)
    e = load(mem_dir, root).entries["big.md"]
    assert e.error.startswith("too large") and e.text == ""


def test_symlink_loop_and_symlinks_out(mem_dir, root, tmp_path):
    os.symlink("loop-b.md", mem_dir / "loop-a.md")
    os.symlink("loop-a.md", mem_dir / "loop-b.md")
    outside = write(tmp_path, "secret.txt", "outside the memory dir\n")
    os.symlink(outside, mem_dir / "out.md")
    os.symlink(tmp_path, mem_dir / "outdir")
    os.symlink("nowhere.md", mem_dir / "dangling.md")
    write(mem_dir, "real.md", "fine\n")
    os.symlink("real.md", mem_dir / "alias.md")
    mem = load(mem_dir, root)
    assert "symlink loop" in mem.entries["loop-a.md"].error
    assert "outside" in mem.entries["out.md"].error and mem.entries["out.md"].text == ""
    assert "outdir" not in mem.entries   # a symlink to a folder is no entry (stop 48): listed as not read
    assert {f.id: f.note for f in mem.files}["outdir/"] == "symlink to a folder (not followed)"
    assert "broken symlink" in mem.entries["dangling.md"].error
    assert mem.entries["alias.md"].readable and mem.entries["alias.md"].body == "fine\n"


def test_permission_denied(mem_dir, root, monkeypatch):
    write(mem_dir, "locked.md", "---\nname: x\n---\n")
    real_open = os.open

    def fake_open(path, *a, **k):
        if str(path).endswith("locked.md"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **k)

    monkeypatch.setattr(os, "open", fake_open)
    e = load(mem_dir, root).entries["locked.md"]
    assert e.error == "permission denied"


def test_fifo_is_never_opened(mem_dir, root):
    os.mkfifo(mem_dir / "pipe.md")
    e = load(mem_dir, root).entries["pipe.md"]
    assert "not a regular file" in e.error


def test_rescan_reparses_only_changed_files(mem_dir, root):
    write(mem_dir, "a.md", "a\n")
    write(mem_dir, "b.md", "b\n")
    scanner = Scanner(mem_dir)
    first = scanner.scan()
    assert first.added == ["a.md", "b.md"]
    a_obj = first.entries["a.md"]
    write(mem_dir, "b.md", "bb changed\n")
    os.utime(mem_dir / "b.md", ns=(1, 10**18))
    write(mem_dir, "c.md", "c\n")
    (mem_dir / "a.md").rename(mem_dir / "a2.md")
    second = scanner.scan()
    assert second.added == ["a2.md", "c.md"] and second.changed == ["b.md"] and second.removed == ["a.md"]
    third = scanner.scan()
    assert (third.added, third.changed, third.removed) == ([], [], [])
    assert third.entries["c.md"] is second.entries["c.md"]
    assert a_obj.body == "a\n"


def test_sample_lists_every_state(sample):
    mem_dir, root = sample
    mem = Memory.load(mem_dir, root, now=NOW)
    st = mem.status
    assert len(mem.entries) >= 20
    assert st["test-runner.md"].anchor == "verified"
    assert st["webpack-loaders.md"].anchor == "broken" and "file missing" in st["webpack-loaders.md"].anchor_detail
    assert st["server-port.md"].anchor == "broken" and "quote not found" in st["server-port.md"].anchor_detail
    assert st["deploy-key-location.md"].anchor == "unsafe"
    assert mem.entries["session-notes.md"].error.startswith("bad YAML")
    assert st["lint-strict.md"].load == "beyond-index-cut"
    assert st["misc-tips.md"].load == "on-demand"
    assert st["notes/debugging.md"].load == "resident"   # the index links the notes/ folder
    assert {e.type for e in mem.entries.values()} >= {"user", "feedback", "project", "reference"}
    assert {e.source for e in mem.entries.values()} == {"user", "model"}


def test_yaml_bomb_is_refused_not_expanded(mem_dir, root):
    levels = ["a: &a [x,x,x,x,x,x,x,x,x]"] + [f"{c}: &{c} [{', '.join(['*' + p] * 9)}]"
                                             for p, c in zip("abcdefg", "bcdefgh")]
    write(mem_dir, "bomb.md", "---\n" + "\n".join(levels) + "\ndescription: *h\n---\nbody\n")
    e = load(mem_dir, root).entries["bomb.md"]
    assert e.error and "aliases" in e.error


def test_file_names_that_are_not_utf8_stay_valid_json(mem_dir, root, capsys):
    import json
    from tui.cli import main
    (mem_dir / os.fsdecode(b"weird\xff.md")).write_text("hello\n")
    assert main(["list", "--dir", str(mem_dir), "--root", str(root), "--json"]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")
    assert json.loads(out)["entries"][0]["id"] == os.fsdecode(b"weird\xff.md")
