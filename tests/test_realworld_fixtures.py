"""The audit on hand-written fixtures modelled on real memory folders: every labelled quirk
surfaces as its finding, no finding a careful reader would reject appears, and the same
folder always gives byte-identical JSON, SARIF and text."""
from __future__ import annotations

import subprocess
import sys

from conftest import REPO

from precision_report import evaluate

FIXTURE = REPO / "tests" / "fixtures" / "realworld"


def test_every_labelled_finding_surfaces_and_no_rejected_one_appears():
    result = evaluate(FIXTURE)
    assert not result["missed"], result["missed"]
    wrong = {k: c["wrong"] for k, c in result["counts"].items() if c["wrong"]}
    assert not wrong, wrong
    unlabelled = {k: c["unlabelled"] for k, c in result["counts"].items() if c["unlabelled"]}
    assert not unlabelled, unlabelled


def test_output_is_byte_identical_run_after_run():
    d = ["--dir", str(FIXTURE / "memory"), "--root", str(FIXTURE / "project"), "--fail-on", ""]
    for fmt in ("json", "sarif", "text"):
        outs = {subprocess.run([sys.executable, "-m", "tui", "audit", "--format", fmt, *d], capture_output=True,
                               text=True, cwd=REPO, env={"PYTHONHASHSEED": str(seed), "MEMTUI_NOW": "2026-11-29T12:00:00Z",
                                                         "PATH": "/usr/bin:/bin"}).stdout for seed in (1, 2)}
        assert len(outs) == 1 and next(iter(outs)), fmt
