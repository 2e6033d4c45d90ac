"""Calibrated confidence, shown (issue 36 item 3, SPEC §5): the text report, the audit view, the
detail pane and the table's flags show high findings and fold the possible ones (resting on
wording alone) under one line that says how many and why; JSON, SARIF and Markdown keep every
finding with its confidence; --fail-on fails on high findings only unless asked."""
from __future__ import annotations

import json

from conftest import make_app, settle, write

from tui.cli import main

FM = "---\nname: {0}\ndescription: {0}\ntype: project\n---\n"
SIZE = (120, 36)


def _folder(mem, root):
    write(mem, "queue.md", FM.format("queue") + "We use the queue for now.\n")   # possible
    write(mem, "db.md", FM.format("db") + "db_password = hunter2x9\n")                           # possible secret
    # (stop 47: an e-mail address is possible in an audit; a phone number after its label stays high)
    write(mem, "ci.md", FM.format("ci") + "Escalate to Dana, mobile: +49 151 2839465\n"
                                          "The on-call's mobile: +49 172 9876543\n")                      # high ×2
    write(mem, "MEMORY.md", "# Memory\n- [Queue](queue.md) — q\n- [DB](db.md) — d\n- [CI](ci.md) — c\n")
    root.mkdir(exist_ok=True)


def _run(capsys, *args) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_the_text_report_folds_possible_findings_into_one_line(mem_dir, root, capsys):
    _folder(mem_dir, root)
    d = ["audit", "--dir", str(mem_dir), "--root", str(root), "--fail-on", ""]
    _, out = _run(capsys, *d)
    assert "ci.md" in out and "queue.md" not in out and "db.md" not in out
    assert "and 2 possible findings to check by hand, --all shows them (secret, transient)" in out
    _, everything = _run(capsys, *d, "--all")
    assert "queue.md" in everything and "db.md" in everything and "possible findings" not in everything


def test_the_data_formats_keep_every_finding_with_its_confidence(mem_dir, root, capsys):
    _folder(mem_dir, root)
    d = ["audit", "--dir", str(mem_dir), "--root", str(root), "--fail-on", ""]
    _, out = _run(capsys, *d, "--format", "json")
    conf = {(f["id"], f["confidence"]) for f in json.loads(out)["findings"]}
    assert {("queue.md", "possible"), ("db.md", "possible"), ("ci.md", "high")} <= conf
    _, sarif = _run(capsys, *d, "--format", "sarif")
    assert {r["properties"]["confidence"] for r in json.loads(sarif)["runs"][0]["results"]} == {"high", "possible"}
    _, md = _run(capsys, *d, "--format", "markdown")
    assert "`queue.md`" in md and "| possible |" in md


def test_fail_on_counts_only_high_findings_unless_asked(mem_dir, root, capsys):
    _folder(mem_dir, root)
    d = ["audit", "--dir", str(mem_dir), "--root", str(root), "--format", "json"]
    assert _run(capsys, *d)[0] == 0                                  # default kinds: the possible secret fails nothing
    assert _run(capsys, *d, "--fail-on", "secret:possible")[0] == 1
    assert _run(capsys, *d, "--fail-on", "identifying")[0] == 1      # ci.md's high ones
    assert _run(capsys, *d, "--fail-on", "transient")[0] == 0        # 'for now': possible in an audit
    assert _run(capsys, *d, "--fail-on", "transient:possible")[0] == 1


async def test_the_audit_view_folds_possible_findings_until_a(mem_dir, root, tmp_path):
    from textual.widgets import Tree
    _folder(mem_dir, root)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        await pilot.pause()
        tree = app.screen.query_one(Tree)
        labels = [str(n.label) for n in tree.root.children]
        assert not any("Secrets" in x for x in labels)                # the possible secret is folded
        assert "and 2 possible findings" in labels[-1] and "a shows them" in labels[-1]
        await pilot.press("a")
        await pilot.pause()
        labels = [str(n.label) for n in tree.root.children]
        assert any("Secrets" in x for x in labels) and not any("possible findings" in x for x in labels)
        await pilot.press("a")
        await pilot.pause()
        assert "possible findings" in str(tree.root.children[-1].label)


async def test_a_cause_is_one_line_in_the_audit_view_its_places_under_it(mem_dir, root, tmp_path):
    from textual.widgets import Tree
    write(mem_dir, "a.md", FM.format("a") + "alpha\n")
    links = "".join(f"- [Gone {i}](gone-{i}.md) — was here\n" for i in range(5))
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [A](a.md) — alpha\n" + links)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("A")
        await pilot.pause()
        await pilot.press("a")   # broken index links are possible since stop 40: shown unfolded
        await pilot.pause()
        tree = app.screen.query_one(Tree)
        (group,) = [n for n in tree.root.children if "Broken links" in str(n.label)]
        group.expand()
        await pilot.pause()
        (cause,) = group.children
        assert "MEMORY.md lines 4–8" in str(cause.label) and "5 broken links" in str(cause.label)
        cause.expand()
        await pilot.pause()
        assert [str(c.label).split("  ")[0] for c in cause.children] == [f"line {n}" for n in range(4, 9)]
        assert "gone-4.md" in str(cause.children[-1].label)


async def test_the_table_flags_and_the_detail_pane_show_high_findings(mem_dir, root, tmp_path):
    from rich.console import Console
    from tui.render.entry import render_entry
    _folder(mem_dir, root)
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.kinds_of("ci.md") == ("identifying",)
        assert screen.kinds_of("queue.md") == () and screen.kinds_of("db.md") == ()

        def detail(entry_id: str) -> str:
            con = Console(width=200, record=True)
            snap = screen.snapshot
            con.print(render_entry(snap.entries[entry_id], snap.status[entry_id], screen.findings[entry_id], False))
            return con.export_text()

        queue = detail("queue.md")
        assert "and 1 possible finding to check by hand, the audit view (A, then a) shows them (transient)" in queue
        assert "'right now' statement" not in queue
        assert "lines 6, 7: 2 identifying details" in detail("ci.md")


def test_a_right_now_word_is_possible_in_an_audit_in_memory_md_too(mem_dir, root, capsys):
    """One rule for both places an audit reads: a topic file and MEMORY.md's loaded lines."""
    write(mem_dir, "ci.md", FM.format("ci") + "CI is red right now.\n")
    write(mem_dir, "MEMORY.md", "# Memory\n- [CI](ci.md) — c\n- The deploy is currently frozen.\n")
    root.mkdir(exist_ok=True)
    _, out = _run(capsys, "audit", "--dir", str(mem_dir), "--root", str(root), "--format", "json", "--fail-on", "")
    conf = {(f["id"], f["confidence"]) for f in json.loads(out)["findings"] if f["kind"] == "transient"}
    assert conf == {("ci.md", "possible"), ("MEMORY.md", "possible")}, conf
