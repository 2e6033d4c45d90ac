"""Stop 48 (issue 36): causes of wrong `possible` findings and missed credentials, each fixed as a
principle (a layout, a shape, one cause one finding), with text written here (modelled on shapes real
memories hold, never copied)."""
from __future__ import annotations

from conftest import ENTRY_FM, write
from tui.core.reports.audit import audit_dir


def _audit(mem, root):
    return audit_dir(str(mem), str(root), git=False).findings


def _places(f):
    return [(p.id, p.line) for p in f.locations]


# -- an OpenClaw workspace kept inside a memory folder: its files never have frontmatter, no index lists them

WORKSPACE = {
    "AGENTS.md": "# AGENTS.md - the workspace\n\n## Each session\n1. Read SOUL.md first\n"
                 "2. Read memory/YYYY-MM-DD.md (today and yesterday) for what happened lately\n",
    "SOUL.md": "# SOUL.md\n\nSay what you think. Be brief.\n",
    "USER.md": "# USER.md\n\n- **Name:** Ren\n- **Timezone:** Europe/Lisbon\n",
    "IDENTITY.md": "# IDENTITY.md\n\n- **Name:** Moss\n- **Vibe:** calm\n",
    "TOOLS.md": "# TOOLS.md\n\nThe printer is the one in the hall.\n",
    "HEARTBEAT.md": "# HEARTBEAT.md\n\n# leave empty to skip heartbeat calls\n",
    "MEMORY.md": "# MEMORY.md\n\n## People\n- Ren likes plain answers.\n",
    "memory/2026-05-02.md": "# 2026-05-02\n\n- set up the plant watering reminder\n",
}


def _claude_with_workspace(tmp_path, prefix="assistant/"):
    mem, root = tmp_path / "memory", tmp_path / "proj"
    root.mkdir()
    write(mem, "MEMORY.md", "# Memory\n\n- [Stack](project_stack.md) — what the app runs on\n")
    write(mem, "project_stack.md", ENTRY_FM.format("stack") + "The app is Flask on a small VPS.\n")
    write(mem, "project_host.md", ENTRY_FM.format("host") + "The VPS is in Frankfurt.\n")
    write(mem, "loose_note.md", "A note written by hand, with no frontmatter.\n")
    for name, text in WORKSPACE.items():
        write(mem, prefix + name, text)
    return mem, root


def test_a_nested_openclaw_workspace_is_its_own_layout(tmp_path):
    found = _audit(*_claude_with_workspace(tmp_path))
    for f in found:
        for fid, _ in _places(f):
            assert not fid.startswith("assistant/") or f.kind not in ("no-frontmatter", "index-overflow"), f
    # the memory folder's own note is still flagged
    assert any(f.kind == "no-frontmatter" and "loose_note.md" in [i for i, _ in _places(f)] for f in found)


def test_a_workspace_instruction_file_holds_no_status(tmp_path):
    mem, root = tmp_path / "ws", tmp_path / "proj"
    root.mkdir()
    for name, text in WORKSPACE.items():
        if name != "MEMORY.md" and not name.startswith("memory/"):
            write(mem, name, text)
    write(mem, "garden.md", "# Garden\n\nThe pump is blocked today.\n")
    found = _audit(mem, root)
    assert not [f for f in found if f.id in ("AGENTS.md", "SOUL.md", "USER.md") and f.kind in ("transient", "process")]
    assert [f.id for f in found if f.kind == "transient"] == ["garden.md"]


def test_two_memory_notes_named_like_workspace_files_are_still_memories(tmp_path):
    """user.md and tools.md alone are names a memory folder uses for its own notes: no workspace."""
    mem, root = tmp_path / "memory", tmp_path / "proj"
    root.mkdir()
    write(mem, "MEMORY.md", "# Memory\n\n- [Stack](project_stack.md) — what the app runs on\n")
    write(mem, "project_stack.md", ENTRY_FM.format("stack") + "Flask.\n")
    for n in ("host", "mail", "team"):   # (most of the folder carries frontmatter: the two break its habit)
        write(mem, f"project_{n}.md", ENTRY_FM.format(n) + f"Notes on the {n}.\n")
    write(mem, "user.md", "The user is a nurse who codes at night.\n")
    write(mem, "tools.md", "Uses neovim and tmux.\n")
    found = _audit(mem, root)
    assert any(f.kind == "no-frontmatter" for f in found)


# -- one address, one home folder, named in several files: one cause, one finding that lists the files

def test_the_same_address_in_three_files_is_one_finding(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "proj"
    root.mkdir()
    write(mem, "MEMORY.md", "# Memory\n\n- [Contact](user_contact.md) — how to reach me\n"
                            "- [Site](project_site.md) — the shop site\n- [Out](user_output.md) — where files go\n")
    write(mem, "user_contact.md", ENTRY_FM.format("contact") + "Mail me at tomas.brand@fastmail.net.\n")
    write(mem, "project_site.md", ENTRY_FM.format("site") + "The contact form sends to tomas.brand@fastmail.net\n"
                                   "and a copy to mira.holt@proton.me.\n")
    write(mem, "user_output.md", ENTRY_FM.format("out") + "Exports go to C:\\Users\\tomas.brand\\Desktop\\out.\n"
                                 "Logs go to C:\\Users\\tomas.brand\\AppData\\shop.\n")
    write(mem, "project_build.md", ENTRY_FM.format("build") + "Build in C:\\Users\\tomas.brand\\src\\shop first.\n")
    found = [f for f in _audit(mem, root) if f.kind == "identifying"]
    emails = [f for f in found if f.rule == "email"]
    homes = [f for f in found if f.rule == "home-path"]
    # tomas's address: one finding naming both files; mira's, another person, is its own
    assert sorted(len({i for i, _ in _places(f)}) for f in emails) in ([1, 2], [2]), emails
    assert sum(len(f.locations) for f in emails) == 3, emails
    # one home folder in two files: one finding
    assert len(homes) == 1 and {i for i, _ in _places(homes[0])} == {"user_output.md", "project_build.md"}, homes


def test_two_addresses_of_two_files_stay_two(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "proj"
    root.mkdir()
    write(mem, "a.md", ENTRY_FM.format("a") + "Ask tomas.brand@fastmail.net.\n")
    write(mem, "b.md", ENTRY_FM.format("b") + "Ask mira.holt@proton.me.\n")
    found = [f for f in _audit(mem, root) if f.kind == "identifying"]
    assert sorted(f.id for f in found) == ["a.md", "b.md"]


# -- a test account whose login is a real mailbox: an account on a running instance, worth a look

import pytest  # noqa: E402

from tui.core.secrets.detect import find_secrets, redact  # noqa: E402


@pytest.mark.parametrize("line", [
    "- Test admin login: ops@brightdesk.io / Harbor42! (made through the API)",
    "- Login de prueba (admin): soporte@clinicanorte.com.ar / Norte2024*",
    "测试管理员账号：admin@yunshop.cn / Yun@8899",
])
def test_a_test_login_with_a_real_mailbox_and_a_typed_password_is_possible(line):
    hits = find_secrets(line)
    assert [(h.rule, h.confidence) for h in hits] == [("login-password", "possible")], line
    assert line[hits[0].start:hits[0].end] not in redact(line)


@pytest.mark.parametrize("line", [
    "- Test login: demo@example.com / Demo1234",
    "- Demo accounts: alice/alice2024, bob/bob2024",
    "- Test login: qa@brightdesk.test / demo2024",
    "- Test login: email / password",
    "- Test admin login: ops@brightdesk.io (password in the vault)",
])
def test_seeded_and_placeholder_logins_stay_clean(line):
    assert find_secrets(line) == [], line


# -- a memory bank's foundation files say why the project exists: their "currently" is the problem's

def _bank(tmp_path, files):
    from tui.core.layouts import detect
    mem, root = tmp_path / "memory-bank", tmp_path / "proj"
    root.mkdir(exist_ok=True)
    for name, text in files.items():
        write(mem, name, text)
    return audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings


def test_the_problem_a_project_answers_is_no_right_now_statement(tmp_path):
    found = _bank(tmp_path, {
        "projectbrief.md": "# Brief\n\n## Background\nCurrently clinics check the fee tables by hand every month, "
                           "which takes a day.\n",
        "productContext.md": "# Product\n\n## Pricing\nWhether to charge is not yet decided.\n",
        "techContext.md": "# Tech\n\nThe build is broken right now.\n"})
    assert [(f.id, f.kind) for f in found if f.kind == "transient"] == [("techContext.md", "transient")]


# -- a form never filled: headings with nothing under them, or only the form's own comments

EMPTY_HEADINGS = ("# Active Context\n\n## Current Work Focus\n\n## Recent Changes\n\n## Next Steps\n\n"
                  "## Active Decisions\n\n")
COMMENTED = ("# Progress\n\n## What works\n<!-- list what already works -->\n\n## What's left\n"
             "<!-- list what is left to build -->\n\n## Known issues\n<!-- bugs, limits -->\n")
HALF_FILLED = ("# Active Context\n\n## Current Work Focus\nThe export dialog.\n\n## Recent Changes\n"
               "- moved the tabs into their own file\n\n## Next Steps\n\n## Notes\n")


def test_headings_with_nothing_under_them_are_a_form_never_filled():
    from tui.core.judging.blanks import unfilled
    assert unfilled(EMPTY_HEADINGS)
    assert unfilled(COMMENTED)
    assert not unfilled(HALF_FILLED)
    # a parent heading whose subsections hold the text is no blank
    assert not unfilled("# P\n\n## Done\n### Week 1\nexport works\n### Week 2\nimport works\n## Left\n### UI\nthe tabs\n")


def test_an_unfilled_status_file_is_no_work_in_progress(tmp_path):
    found = _bank(tmp_path, {"projectbrief.md": "# Brief\nA viewer for survey maps.\n",
                             "activeContext.md": EMPTY_HEADINGS, "progress.md": COMMENTED})
    assert [f for f in found if f.kind == "process"] == []


def test_headings_that_say_something_are_no_empty_slots():
    from tui.core.judging.blanks import unfilled
    assert not unfilled("# Spec\n\n## Stack: Vue 3 + Pinia + Vite\n\n## Screens:\n### 1. Home — search box and results\n"
                        "### 2. Detail — photos, price, map\n### 3. Cart — items and totals\n\n## Why\nUsers shop on phones.\n")


# -- a day and the day after it, told as a schedule: a rule any day follows, not the day it was written

@pytest.mark.parametrize("line", ["- Rule: buy today, confirm tomorrow.", "- 今天下单，明天发货。",
                                  "- Lo que se pide hoy se envía mañana."])
def test_today_and_tomorrow_as_a_schedule_is_no_right_now_statement(line):
    from tui.core.judging.wording import transient_findings
    assert transient_findings("x.md", ENTRY_FM.format("x") + line + "\n", 6) == [], line


@pytest.mark.parametrize("line", ["- Fixed the login today, deploy tomorrow.", "- The build is broken today; tomorrow we retry.",
                                  "- 今天修好了登录，明天部署。", "- Deploys are blocked today."])
def test_a_report_of_today_with_a_plan_for_tomorrow_is_still_one(line):
    from tui.core.judging.wording import transient_findings
    assert [f.rule for f in transient_findings("x.md", ENTRY_FM.format("x") + line + "\n", 6)] == ["time-word"], line


# -- a chat transcript saved into memory: a session's record, whatever layout it sits in

TRANSCRIPT = ("# Session: 2026-04-02 10:11:12 UTC\n\n- **Session ID**: 5f0c\n\n## Conversation Summary\n\n"
              "user: can you check why the bot is silent\n"
              "assistant: Looking at the logs now.\n"
              "assistant: Found it: the webhook URL changed.\n"
              "user: ok fix it\n"
              "assistant: Done, the bot answers again.\n"
              "user: thanks\n")
FAQ = ("# How the bot answers\n\nuser: is the shop open?\nassistant: yes, 9 to 18.\n\n"
       "Answer in one line; never promise delivery dates.\n")


def test_a_chat_transcript_kept_in_a_workspace_is_a_session_record(tmp_path):
    mem, root = tmp_path / "ws", tmp_path / "proj"
    root.mkdir()
    write(mem, "MEMORY.md", "# MEMORY.md\n\n## Bot\n- The bot runs on the Pi.\n")
    write(mem, "SOUL.md", "# SOUL.md\nBe brief.\n")
    write(mem, "memory/2026-04-02-bot-silent.md", TRANSCRIPT)
    write(mem, "memory/2026-04-03.md", "# 2026-04-03\n\n- moved the bot to the new Pi\n")
    found = [(f.id, f.rule, f.confidence) for f in _audit(mem, root) if f.kind == "process"]
    assert found == [("memory/2026-04-02-bot-silent.md", "transcript", "possible")], found


def test_two_lines_of_an_example_exchange_are_no_transcript(tmp_path):
    from tui.core.judging.transcripts import transcript_findings
    assert transcript_findings("faq.md", FAQ) == []
    assert [f.rule for f in transcript_findings("t.md", TRANSCRIPT)] == ["transcript"]


def test_a_work_log_heading_each_request_with_user_is_no_transcript():
    from tui.core.judging.transcripts import transcript_findings
    log = "".join(f"User: run sweep {i} with cap 10%.\n- Result: IC 0.0{i}, kept the default.\n\n" for i in range(5))
    assert transcript_findings("research.md", log) == []
