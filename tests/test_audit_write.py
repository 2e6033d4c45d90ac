"""`memtui audit` formats and exit codes, the single write path, delete and restore."""
import json
import os

import pytest

from tui.cli import main
from tui.core.writes import write as write_mod
from tui.core.reports.audit import audit
from tui.core.reports.audit_format import to_markdown
from tui.core.snapshots.memory import Memory
from tui.core.writes.trash import apply_delete, list_trash, plan_delete, restore
from tui.core.writes.write import Draft, write_memory

from conftest import NOW, write
from corpus import SECRETS


def run_cli(*args):
    return main([str(a) for a in args])


@pytest.fixture
def leaky(tmp_path):
    """A memory folder with every corpus secret planted in an entry (and one unreadable file)."""
    mem_dir, root = tmp_path / "mem", tmp_path / "root"
    root.mkdir()
    for i, (label, text, _) in enumerate(SECRETS):
        body = text if text.startswith("---") else f"---\nname: e{i}\ndescription: {label}\n---\n{text}\n"
        write(mem_dir, f"e{i:02d}.md", body)
    write(mem_dir, "broken.md", f"---\nname: [oops\n---\n{SECRETS[3][1]}\n")
    return mem_dir, root


def test_sample_audit_finds_what_was_planted(sample):
    mem_dir, root = sample
    rep = audit(Memory.load(mem_dir, root, now=NOW), git=False)
    kinds = {(f.kind, f.id) for f in rep.findings}
    assert ("secret", "staging-uploads.md") in kinds
    assert ("transient", "ci-status.md") in kinds
    assert ("anchor-broken", "webpack-loaders.md") in kinds and ("anchor-broken", "server-port.md") in kinds
    assert ("traversal", "deploy-key-location.md") in kinds
    assert ("conflict", "jest-setup.md") in kinds
    assert ("index-overflow", "MEMORY.md") in kinds and ("link-broken", "MEMORY.md") in kinds
    assert ("unreadable", "session-notes.md") in kinds
    assert ("identifying", "issue-tracker.md") in kinds
    assert all(f.fix for f in rep.findings if f.kind in ("secret", "transient", "in-code"))


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "markdown"])
def test_no_output_format_echoes_a_secret(leaky, capsys, fmt):
    mem_dir, root = leaky
    code = run_cli("audit", "--dir", mem_dir, "--root", root, "--format", fmt)
    out = capsys.readouterr()
    blob = out.out + out.err
    assert code == 1
    for label, _, value in SECRETS:
        for i in range(max(1, len(value) - 7)):
            assert value[i:i + 8] not in blob, f"{fmt} echoes a piece of {label}"
    if fmt == "json":
        found = {f["id"] for f in json.loads(out.out)["findings"] if f["kind"] == "secret"}
        assert len(found) >= len(SECRETS)   # every planted file, the unreadable one included


def test_list_preview_and_hook_log_never_echo(leaky, capsys):
    mem_dir, root = leaky
    run_cli("list", "--dir", mem_dir, "--root", root, "--json")
    run_cli("preview", "github token slack stripe", "--dir", mem_dir, "--root", root, "--json")
    blob = capsys.readouterr().out
    for label, _, value in SECRETS:
        assert all(value[i:i + 8] not in blob for i in range(max(1, len(value) - 7))), label


def test_json_and_sarif_are_valid(sample, capsys):
    mem_dir, root = sample
    assert run_cli("audit", "--dir", mem_dir, "--root", root, "--format", "json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["entries"] == 27
    for f in data["findings"]:
        assert {"id", "kind", "rule", "line", "severity", "message", "fix"} <= set(f)
    run_cli("audit", "--dir", mem_dir, "--root", root, "--format", "sarif")
    s = json.loads(capsys.readouterr().out)
    assert s["version"] == "2.1.0" and s["runs"][0]["tool"]["driver"]["name"] == "memtui"
    run0 = s["runs"][0]
    rules = run0["tool"]["driver"]["rules"]
    assert len({r["id"] for r in rules}) == len(rules)
    for res in run0["results"]:
        assert res["level"] in ("error", "warning", "note")
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"]
        assert loc.get("region", {"startLine": 1})["startLine"] >= 1


def test_markdown_groups_by_kind(sample):
    mem_dir, root = sample
    md = to_markdown(audit(Memory.load(mem_dir, root, now=NOW), git=False))
    assert md.startswith("## memtui audit:") and "### 🔴 Secrets" in md and "| entry | line |" in md


def test_fail_on(sample, capsys):
    mem_dir, root = sample
    assert run_cli("audit", "--dir", mem_dir, "--root", root, "--fail-on", "") == 0
    # (stop 47: an e-mail address and a home path are possible in an audit: asked for at that level)
    assert run_cli("audit", "--dir", mem_dir, "--root", root, "--fail-on", "identifying:possible") == 1
    assert run_cli("audit", "--dir", mem_dir, "--root", root, "--fail-on", "bogus") == 2
    assert "unknown kind" in capsys.readouterr().err


def test_clean_folder_audits_clean(mem_dir, root, capsys):
    write(root, "package.json", '{"scripts": {"test": "node --test"}}\n')
    write(mem_dir, "ok.md", "---\nname: ok\nupdated: 2026-11-28\nanchor: {file: package.json, quote: node --test}\n"
                            "---\nTests use the built-in runner.\n")
    assert run_cli("audit", "--dir", mem_dir, "--root", root) == 0
    assert "No findings" in capsys.readouterr().out


# -- the write path --------------------------------------------------------------------

def test_remember_refuses_a_secret_without_echo(sample, capsys):
    mem_dir, root = sample
    token = "ghp_" + "k3Jd9QmZ7xLp2VnR8cYt4WbH1sFg6AeU0oXi"
    before = sorted(os.listdir(mem_dir))
    assert run_cli("remember", f"push with {token}", "--dir", mem_dir, "--root", root) == 2
    err = capsys.readouterr().err
    assert "secret" in err and "rotate" in err
    assert all(token[i:i + 8] not in err for i in range(len(token) - 7))
    assert sorted(os.listdir(mem_dir)) == before


def test_remember_refuses_transient_with_the_fix(sample, capsys):
    mem_dir, root = sample
    assert run_cli("remember", "The staging DB is currently read-only", "--dir", mem_dir, "--root", root) == 2
    err = capsys.readouterr().err
    assert "transient" in err and "drop 'currently'" in err


def test_remember_refuses_in_code_and_traversal(sample, capsys):
    mem_dir, root = sample
    copied = "See docs/deploy.md: Migrations are not run by the deploy; run `make migrate` against production first."
    assert run_cli("remember", copied, "--dir", mem_dir, "--root", root) == 2
    assert "in-code" in capsys.readouterr().err
    assert run_cli("remember", "Keys live elsewhere", "--anchor", "../../x:y", "--dir", mem_dir, "--root", root) == 2
    assert "traversal" in capsys.readouterr().err


def test_remember_writes_entry_and_index_line(sample, capsys):
    mem_dir, root = sample
    assert run_cli("remember", "Releases are tagged from main by the release workflow", "--name", "release-tags",
                   "--type", "project", "--anchor", 'package.json:"version"', "--paths", "package.json",
                   "--dir", mem_dir, "--root", root) == 0
    mem = Memory.load(mem_dir, root, now=NOW)
    e = mem.entries["release-tags.md"]
    assert e.source == "user" and e.type == "project" and e.created is not None
    assert mem.status["release-tags.md"].anchor == "verified"
    assert "- [release-tags](release-tags.md)" in (mem_dir / "MEMORY.md").read_text()
    assert "past its 200-line" in capsys.readouterr().err   # the sample index is already over the cut


def test_edit_keeps_unknown_fields(mem_dir, root):
    write(mem_dir, "a.md", "---\nname: a\ntrigger: on-deploy\nauto_saved: true\ncreated: 2026-01-02\n---\nold\n")
    res = write_memory(mem_dir, root, Draft(text="Deploys need a green main."), entry_id="a.md", now=NOW)
    assert res.ok
    mem = Memory.load(mem_dir, root, now=NOW)
    e = mem.entries["a.md"]
    assert e.meta["trigger"] == "on-deploy" and e.meta["auto_saved"] is True and e.body.strip() == "Deploys need a green main."
    assert e.updated.date().isoformat() == "2026-11-29" and e.created.date().isoformat() == "2026-01-02"


def test_a_failed_write_leaves_the_target_untouched(mem_dir, root, monkeypatch):
    write(mem_dir, "a.md", "---\nname: a\n---\noriginal\n")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(write_mod.os if hasattr(write_mod, "os") else os, "replace", boom, raising=False)
    monkeypatch.setattr("tui.core.fsutil.os.replace", boom)
    monkeypatch.setattr("tui.core.fsutil.exchange", boom)   # the compared rename (an edit) swaps
    with pytest.raises(OSError):
        write_memory(mem_dir, root, Draft(text="new text"), entry_id="a.md", now=NOW)
    assert (mem_dir / "a.md").read_text() == "---\nname: a\n---\noriginal\n"
    assert [p.name for p in mem_dir.iterdir()] == ["a.md"]   # no temp file left behind


# -- delete and restore ---------------------------------------------------------------

def test_delete_and_restore_are_byte_identical(sample):
    mem_dir, root = sample
    original = (mem_dir / "test-runner.md").read_bytes()
    index_before = (mem_dir / "MEMORY.md").read_bytes()
    plan = plan_delete(mem_dir, ["test-runner.md", "nope.md"])
    assert plan.files == ["test-runner.md"] and plan.missing == ["nope.md"]
    assert plan.index_lines["test-runner.md"][0][1].startswith("- [Test runner](test-runner.md)")
    res = apply_delete(mem_dir, plan, now=NOW)
    assert res.moved == ["test-runner.md"] and not (mem_dir / "test-runner.md").exists()
    assert "test-runner.md" not in (mem_dir / "MEMORY.md").read_text()
    assert "test-runner.md" not in Memory.load(mem_dir, root, now=NOW).entries   # the trash is not listed
    assert [t.id for t in list_trash(mem_dir)] == ["test-runner.md"]
    r = restore(mem_dir, ["test-runner.md", "other.md"])
    assert r.restored == ["test-runner.md"] and r.missing == ["other.md"]
    assert (mem_dir / "test-runner.md").read_bytes() == original
    assert (mem_dir / "MEMORY.md").read_bytes() == index_before
    assert list_trash(mem_dir) == []


def test_delete_never_touches_index_lines_inside_an_html_comment(tmp_path):
    """The agent never sees a commented-out link: the plan does not list it and the delete
    keeps it, on its own lines or beside a live link."""
    mem_dir = tmp_path / "memory"
    write(mem_dir, "old.md", "---\nname: old\n---\nx\n")
    write(mem_dir, "keep.md", "---\nname: keep\n---\nx\n")
    index = ("# Memory\n<!--\n- [Old](old.md)\n- [Keep](keep.md)\n-->\n- [Old](old.md)\n"
             "<!-- - [Old](old.md) --> - [Keep](keep.md)\n")
    write(mem_dir, "MEMORY.md", index)
    plan = plan_delete(mem_dir, ["old.md"])
    assert plan.index_lines["old.md"] == [(6, "- [Old](old.md)")]
    apply_delete(mem_dir, plan, now=NOW)
    assert (mem_dir / "MEMORY.md").read_text() == index.replace("-->\n- [Old](old.md)\n", "-->\n")


def test_delete_cli_needs_confirmation(sample, capsys):
    mem_dir, root = sample
    assert run_cli("delete", "ci-status.md", "--dir", mem_dir) == 1     # no terminal, no --yes
    assert (mem_dir / "ci-status.md").exists()
    assert "nothing deleted" in capsys.readouterr().err
    assert run_cli("delete", "ci-status.md", "ghost.md", "--dir", mem_dir, "--yes") == 1   # ghost reported
    assert not (mem_dir / "ci-status.md").exists()
    assert "no entry 'ghost.md'" in capsys.readouterr().err
    assert run_cli("restore", "ci-status.md", "--dir", mem_dir) == 0 and (mem_dir / "ci-status.md").exists()


def test_pre_commit_hook_definition():
    text = (os.path.dirname(__file__) + "/../.pre-commit-hooks.yaml")
    import yaml
    hooks = yaml.safe_load(open(text))
    assert hooks[0]["id"] == "memtui-audit" and hooks[0]["entry"].startswith("memtui audit")


def test_parallel_audit_equals_serial(leaky, monkeypatch):
    from tui.core import forking
    mem_dir, root = leaky
    mem = Memory.load(mem_dir, root, now=NOW)
    serial = audit(mem, git=False, jobs=1).as_json()
    monkeypatch.setattr(forking, "PARALLEL_FROM", 1)
    parallel = audit(mem, git=False, jobs=2).as_json()
    assert serial == parallel and serial["findings"]


def test_an_audit_judged_by_forked_readers_equals_one_judged_here(leaky, monkeypatch):
    """`memtui audit` reads thousands of files in forked workers, which run the content rules
    too: the same report as reading and judging in this process, from entries judged there."""
    from tui.core import forking
    from tui.core.judging.crossfile import memos_wanted
    mem_dir, root = leaky
    body = "the release script tags the build, pushes the tag and then uploads the wheel to the index\n"
    for name in ("twin-a.md", "twin-b.md"):   # near-identical: the duplicates check has its own worker item
        write(mem_dir, name, f"---\nname: {name}\ndescription: release\n---\n{body}")
    serial = audit(Memory.load(mem_dir, root, now=NOW, judging=True, fork=False), git=False, jobs=1).as_json()
    monkeypatch.setattr(forking, "PARALLEL_FROM", 1)
    mem = Memory.load(mem_dir, root, now=NOW, judging=True, memos=("mentions", *memos_wanted(root)))
    assert all(e.judged is not None for e in mem.entries.values() if e.readable)   # judged by the readers
    assert audit(mem, git=False, jobs=2).as_json() == serial
    assert {f["kind"] for f in serial["findings"]} >= {"secret", "duplicate"}


def test_audit_never_opens_pipes_or_follows_links_out(tmp_path, root):
    mem_dir = tmp_path / "m"
    write(tmp_path, "outside.txt", "token = ghp_" + "q7Rz2LmX9vTb4NcW8kYd3PsH6fJa1GuE5oVi" + "\n")
    write(mem_dir, "ok.md", "fine\n")
    os.symlink(tmp_path / "outside.txt", mem_dir / "out.md")
    os.mkfifo(mem_dir / "pipe.md")
    rep = audit(Memory.load(mem_dir, root, now=NOW), git=False, jobs=1)   # would hang on the pipe
    assert {f.id for f in rep.findings if f.kind == "unreadable"} == {"out.md", "pipe.md"}
    assert not [f for f in rep.findings if f.kind == "secret"]   # the file outside was never read


def test_delete_never_leaves_the_memory_folder(sample, tmp_path):
    mem_dir, root = sample
    victim = write(tmp_path, "victim.txt", "keep me\n")
    os.symlink(victim, mem_dir / "link.md")
    plan = plan_delete(mem_dir, [str(victim), "../victim.txt", "/etc/hostname", "link.md"])
    assert plan.files == ["link.md"] and len(plan.missing) == 3
    apply_delete(mem_dir, plan, now=NOW)
    assert victim.read_text() == "keep me\n"            # the link moved, never its target
    assert restore(mem_dir, ["link.md"]).restored == ["link.md"]
    assert os.path.islink(mem_dir / "link.md")


def test_a_findings_json_has_every_field():
    """as_json is written out by hand (asdict was slow at 10k): a new field must not be left out."""
    import dataclasses
    from tui.core.judging.findings import Finding, Place
    f = Finding("a.md", "secret", "rule", 3, "message", "fix", "b.md")
    fields = dataclasses.asdict(f)
    # its places go out as "locations" when it has several (one place is its id and line)
    assert fields.pop("places") == ()
    # and the level its detector gave, only when calibration shows it lower (stop 40)
    assert fields.pop("shape_level") == "" and "shape_level" not in f.as_json()
    assert dataclasses.replace(f, shape_level="high").as_json()["shape_level"] == "high"
    # what the finding is about when one value shows in several files (a hash): for grouping, never written
    assert fields.pop("cause") == "" and "cause" not in dataclasses.replace(f, cause="a1b2c3").as_json()
    assert f.as_json() == {**fields, "severity": "error"}
    many = Finding("a.md", "secret", "rule", 3, "m", places=(Place("a.md", 3, "x"), Place("a.md", 5, "y")))
    assert many.as_json()["locations"] == [{"id": "a.md", "line": 3, "note": "x"}, {"id": "a.md", "line": 5, "note": "y"}]
