"""Issue 36 (stop 36): on hand-written folders in the shapes the last held-out review found
missed — passwords after their label in several languages and on command lines, status blocks
in several languages, a user profile's passing state — every expected finding surfaces; the
look-alike folder stays clean; a nested memory/MEMORY.md does not make a Claude Code folder
OpenClaw; a folder holding only a MEMORY.md of written-in sections shows them as entries."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import REPO

from tui.core.judging.status_blocks import status_block_findings
from tui.core.layouts import detect

FIX = REPO / "tests" / "fixtures" / "audit36"


def test_every_expected_finding_and_none_in_the_clean_folder():
    out = subprocess.run([sys.executable, str(REPO / "tests" / "bench" / "audit36_recall.py")],
                         capture_output=True, text=True, cwd=REPO).stdout
    # 22 since stop 49: ko_contact's business registration number is public by law, not a personal datum
    assert out.strip().splitlines()[-1] == "recall 22/22; findings in clean folders: 0", out


def test_layout_of_a_nested_memory_folder_and_of_an_index_alone():
    assert detect(FIX / "nested_memory" / "memory").layout.name == "claude-code"
    found = detect(FIX / "only_index" / "memory")
    assert found.layout.name == "openclaw"
    out = subprocess.run([sys.executable, "-m", "tui", "list", "--dir", str(FIX / "only_index" / "memory")],
                         capture_output=True, text=True, cwd=REPO).stdout
    assert "4 entries" in out, out


def test_rules_to_check_current_information_are_not_status():
    text = ("# Rules\n\n- always verify the current price with WebSearch before quoting it\n"
            "- check the provider's status first when an API call fails\n\n## Status codes\n- 404\n")
    assert status_block_findings("rules.md", text, text) == []


def test_a_status_block_is_one_finding_with_its_range():
    text = "# Notes\n\nUse uv.\n\n## Status (updated 2026-04-16)\n- API on v2\n- waiting on billing\n\n## Rules\n- x\n"
    [f] = status_block_findings("notes.md", text, text)
    assert (f.kind, f.confidence, f.line, f.places[0].end) == ("process", "possible", 5, 7)


def test_a_footer_older_than_a_dated_section():
    text = "# Notes\n\n## Deploy 2026-05-02\nmoved to fly.io\n\nLast updated: 2026-03-01\n"
    [f] = status_block_findings("notes.md", text, text)
    assert (f.kind, f.rule, f.line) == ("stale", "footer-date", 6)


def test_a_web_route_is_no_home_directory():
    from tui.core.judging.gates import identifying_findings
    assert identifying_findings("r.md", "The router serves /home/product and /home/settings.\n") == []
    assert identifying_findings("r.md", "Pages: /home/product\n") == []
    [f] = identifying_findings("r.md", "Scripts live in /home/ana.mirel/projects/shop/scripts.\n")
    assert f.rule == "home-path"
