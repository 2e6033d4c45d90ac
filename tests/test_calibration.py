"""Issue 36 (stop 39): an audit gives each rule the level its fresh verdicts support
(judging/calibration.py; the table is tests/bench/calibration.md). Own text."""
from __future__ import annotations

from conftest import write

from tui.core.judging.calibration import MOVED_DOWN, calibrated
from tui.core.judging.findings import Finding
from tui.core.judging.wording import transient_findings
from tui.core.reports.audit import audit_dir

FM = "---\nname: {0}\ndescription: {0} notes\ntype: project\n---\n"


def _audit(tmp_path, files: dict[str, str]):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    for rel, text in files.items():
        write(mem, rel, text)
    return audit_dir(str(mem), str(root), git=False).findings


def test_a_public_address_is_possible_in_an_audit(tmp_path):
    found = _audit(tmp_path, {"MEMORY.md": "- [Hosts](hosts.md) — where things run\n",
                              "hosts.md": FM.format("hosts") + "The staging API answers on 52.14.77.203.\n"})
    ips = [f for f in found if f.rule == "public-ip"]
    assert [(f.confidence, f.severity) for f in ips] == [("possible", "info")]


def test_right_now_is_high_when_written_and_possible_when_read_later(tmp_path):
    body = "The cache is disabled right now.\n"
    assert [f.confidence for f in transient_findings("n.md", FM.format("n") + body, 6)] == ["high"]
    found = _audit(tmp_path, {"MEMORY.md": "- [Notes](n.md) — notes\n", "n.md": FM.format("n") + body})
    assert [(f.line, f.confidence) for f in found if f.kind == "transient"] == [(6, "possible")]


def test_calibration_moves_down_only_its_rules_and_keeps_the_rest():
    kept = Finding("a.md", "secret", "generic-secret", 3, "a token", confidence="high")
    moved = Finding("a.md", "no-frontmatter", "no-frontmatter", 1, "no frontmatter")
    out = calibrated([kept, moved])
    assert [(f.rule, f.confidence) for f in out] == [("generic-secret", "high"), ("no-frontmatter", "possible")]
    assert ("secret", "generic-secret") not in MOVED_DOWN   # a credential's level stays with its shape
