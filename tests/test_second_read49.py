"""Bugs a second read of stop 49 proved: input shapes that made the audit's status reading and
triage's line reading slow enough to hang a hook (a write gate must answer at once)."""
import time

from tui.core.judging import status_blocks
from tui.core.reports import triage_lines


def _fast(fn, *args, limit=1.0):
    start = time.process_time()
    fn(*args)
    return time.process_time() - start < limit


def test_an_item_with_a_long_run_of_spaces_before_an_open_word_is_read_at_once():
    # inline code blanked to spaces (without_code) before "pending": three quantifiers over spaces
    line = "-" + " " * 3000 + "pending review by ops"
    assert _fast(status_blocks._OPEN_MARK.search, line)
    assert status_blocks._OPEN_MARK.search("- Still pending: the last two tests")


def test_a_huge_joined_line_of_conditioned_states_is_linear():
    assert _fast(triage_lines._is_status, "if it is pending " * 20000)
    assert not triage_lines._is_status("If the job is pending, retry it once.")


# -- look-alikes of a status a second read found (texts written for the test) ----------------------

from tui.core.judging.status_blocks import status_block_findings  # noqa: E402
from tui.core.textutil import without_code  # noqa: E402

HEAD = "---\nname: importer\ndescription: how the CSV importer works\ntype: project\n---\n\n"


def _blocks(text):
    return [f for f in status_block_findings("notes.md", text, without_code(text)) if f.rule == "status-block"]


def test_dai_inside_a_word_is_no_waiting():
    # 期待 (expect), 接待 (receive): the 待 of "waiting to …" opens a phrase
    assert _blocks(HEAD + "# 导入\n\n迁移脚本已完成，用户期待更快的导入。\n") == []
    assert _blocks(HEAD + "# 导入\n\n迁移脚本已完成，待验证后上线。\n") != []


def test_a_recipes_next_step_is_a_command_not_work_left():
    assert _blocks(HEAD + "# Setup\n\nRun `make deps`. The next step is `make seed`, then `make dev`.\n") == []
    assert _blocks(HEAD + "# Importer\n\nParser merged. The next step is the billing import.\n") != []


def test_a_month_away_from_the_state_word_dates_no_state():
    assert _blocks(HEAD + "## HTTP status codes (RFC 9110, June 2022)\n\n- 409 on a duplicate row\n") == []
    assert _blocks(HEAD + "## Status page (since March 2025)\n\n- status.example.com\n") == []
    assert _blocks(HEAD + "## Status — March 2026\n\n- parser done, billing open\n") != []


def test_an_item_under_a_list_of_states_meanings_defines_it():
    text = HEAD + "## Order states\n\n- Pending: the customer has not paid yet\n- Shipped: handed to the carrier\n"
    assert _blocks(text) == []
    assert _blocks(HEAD + "## Import\n\n- Pending: the last two fixtures\n") != []


def test_many_open_lines_are_read_in_linear_time():
    text = "- Pending: x\n" * 20000
    assert _fast(status_block_findings, "a.md", text, text, limit=3.0)


def test_a_headline_about_a_states_edge_case_is_no_stopped_work():
    from tui.core.reports.triage_process import stopped_work
    assert stopped_work("order-cancel-edge", "Order lifecycle edge case — cancelled", []) is None
    assert stopped_work("pdf-export", "PDF export rewrite — shelved", []) is not None


def test_an_openclaw_workspace_files_secrets_and_phone_are_audited(tmp_path):
    """USER.md and TOOLS.md are loaded into every session: the audit before sharing reads them for
    secrets and personal data (no other finding), and never echoes the value."""
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n## Deploy\nShip from main after the smoke test.\n")
    (ws / "memory" / "2026-11-02.md").write_text("# 2026-11-02\n- wired the smoke test\n")
    (ws / "USER.md").write_text("# User\n\n- Name: Dana\n- Phone: +44 7700 900123\n- Timezone: Europe/London\n")
    token = "ghp_" + "4fT9kQ2mX7vB1nR8sW3yL6pJ0cH5dG2aZ9eK"
    (ws / "TOOLS.md").write_text(f"# Tools\n\n- GitHub token: {token}\n")
    found = detect(ws)
    mem = Memory.load(found.dir, tmp_path, layout=found.layout)
    report = audit(mem, git=False)
    kinds = {(f.id, f.kind) for f in report.findings}
    assert ("TOOLS.md", "secret") in kinds
    assert any(f.id == "USER.md" for f in report.findings)
    assert all(token not in f.message for f in report.findings)


def test_the_owners_own_address_in_a_workspace_file_is_spared(tmp_path):
    """USER.md's findings are weighed against USER.md's text (they were looked up in the index's):
    the commit address of the repository the workspace lives in is the owner's own, not flagged."""
    import subprocess
    from tui.core.judging.owner_mail import owner_names
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Memory
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(ws)], check=True)
    subprocess.run(["git", "-C", str(ws), "config", "user.email", "dana.kowalski@fastmail.com"], check=True)
    owner_names.cache_clear()
    (ws / "MEMORY.md").write_text("# Memory\n\n## Deploy\nShip from main after the smoke test.\n")
    (ws / "memory" / "2026-11-02.md").write_text("# 2026-11-02\n- wired the smoke test\n")
    (ws / "USER.md").write_text("# User\n\n- Mail: dana.kowalski@fastmail.com\n- Other: r.silva.home@fastmail.com\n")
    found = detect(ws)
    report = audit(Memory.load(found.dir, ws, layout=found.layout), git=False)
    lines = sorted(f.line for f in report.findings if f.id == "USER.md" and f.rule == "email")
    assert lines == [4]
