"""Issue 37, stop 50 (ta50): the index (Claude Code's MEMORY.md) gets a suggestion of its own, as
a file: an owner triaging the folder asks what to do with it too. Keep when it lists every entry
and only links; edit when it misses an entry, links a file that is not there, or carries a line
reporting where work stood. Texts written for these tests, never copied."""
from __future__ import annotations

from conftest import NOW, triage_entry, triaged as run, write


def _files(mem_dir, root) -> dict:
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    mem = Memory.load(mem_dir, root, now=NOW)
    return {f.file: f for f in triage(mem, audit(mem, git=False).findings, Usage(), NOW).files}


def _two(mem_dir):
    triage_entry(mem_dir, "build_cache.md", "The CI cache key hashes poetry.lock and the Python minor version.\n\n"
                 "Why: a cache keyed on the branch restored wheels built for 3.11 on the 3.12 runners.",
                 "CI cache key: poetry.lock + Python minor")
    triage_entry(mem_dir, "user_tone.md", "Answers short, code first, no recap at the end.",
                 "How the user likes answers", "user")


def test_an_index_that_lists_every_entry_is_kept(mem_dir, root):
    _two(mem_dir)
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [CI cache key](build_cache.md) — poetry.lock + Python minor\n"
                                "- [Answer style](user_tone.md) — short, code first\n")
    got = _files(mem_dir, root)["MEMORY.md"]
    assert got.action == "keep", (got.action, got.reasons)
    assert "2" in got.reasons[0]


def test_an_index_that_misses_an_entry_is_edited_naming_it(mem_dir, root):
    _two(mem_dir)
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [CI cache key](build_cache.md) — poetry.lock + Python minor\n")
    got = _files(mem_dir, root)["MEMORY.md"]
    assert got.action == "edit", (got.action, got.reasons)
    assert "user_tone.md" in " ".join(got.reasons)


def test_an_index_linking_a_file_that_is_not_there_is_edited_on_that_line(mem_dir, root):
    _two(mem_dir)
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [CI cache key](build_cache.md)\n- [Answer style](user_tone.md)\n"
                                "- [Release steps](release_steps.md)\n")
    got = _files(mem_dir, root)["MEMORY.md"]
    assert got.action == "edit", (got.action, got.reasons)
    assert got.lines == [5], got.lines


def test_an_index_carrying_where_work_stands_is_edited_on_that_line(mem_dir, root):
    _two(mem_dir)
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [CI cache key](build_cache.md)\n- [Answer style](user_tone.md)\n\n"
                                "## Current status\n- TODO: wire the nightly job to the new cache key\n")
    got = _files(mem_dir, root)["MEMORY.md"]
    assert got.action == "edit", (got.action, got.reasons)
    assert 7 in got.lines, (got.lines, got.reasons)


def test_a_code_file_beside_the_index_is_no_entry_it_misses(mem_dir, root):
    _two(mem_dir)
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [CI cache key](build_cache.md)\n- [Answer style](user_tone.md)\n")
    write(mem_dir, "tools/sync.py", "print('sync')\n")
    got = _files(mem_dir, root)["MEMORY.md"]
    assert "sync.py" not in " ".join(got.reasons), got.reasons


def test_a_section_holding_only_a_to_be_filled_mark_is_dropped(tmp_path):
    """An OpenClaw MEMORY.md whose sections are entries: a section still waiting for its content
    ('待补充…', 'TBD') says nothing; the file stays for the sections that do (edit)."""
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    from tui.core.layouts import detect
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# 长期记忆\n\n## 工作方式\n- 先跑测试再提交\n- 配置放在 config/ 下，不进仓库\n\n"
                           "## 偏好\n- 待补充…\n\n## Lessons\n- TBD\n")
    write(ws, "AGENTS.md", "# Rules\n\n1. Ask before deleting files.\n")
    write(ws, "SOUL.md", "# Soul\n\nCalm and brief.\n")
    write(ws, "memory/2026-11-20.md", "- set up the workspace\n")
    seen = detect(ws, None)
    mem = Memory.load(seen.dir, ws, now=NOW, layout=seen.layout)
    report = triage(mem, audit(mem, git=False).findings, Usage(), NOW)
    by = report.by_id()
    blank = [i for i in by if i.startswith("MEMORY.md#") and by[i].action == "drop"]
    assert len(blank) == 2, {i: (s.action, s.reasons[:1]) for i, s in by.items()}
    kept = [s for i, s in by.items() if i.startswith("MEMORY.md#") and s.action == "drop"]
    assert "nothing" in kept[0].reasons[0]
    whole = {f.file: f for f in report.files}["MEMORY.md"]
    assert whole.action == "edit", (whole.action, whole.reasons)


def test_an_entry_saying_claude_md_already_holds_its_rule_is_dropped(mem_dir, root):
    write(root, "CLAUDE.md", "# Project\n\nSee docs/.\n")
    triage_entry(mem_dir, "feedback_units.md",
                 "Report every measurement in metric units, never imperial.\n\n"
                 "**Why:** the lab's instruments and papers are all metric.\n\n"
                 "**How to apply:** convert before answering; CLAUDE.md already has this rule as well.",
                 "Metric units only", "feedback")
    got = run(mem_dir, root)["feedback_units.md"]
    assert got.action == "drop", (got.action, got.reasons)
    assert "line 11" in got.reasons[0], got.reasons


def test_an_entry_asking_to_add_its_rule_to_claude_md_is_not_dropped(mem_dir, root):
    write(root, "CLAUDE.md", "# Project\n\nSee docs/.\n")
    triage_entry(mem_dir, "feedback_units.md",
                 "Report every measurement in metric units, never imperial.\n\n"
                 "**Why:** the lab's instruments and papers are all metric.\n\n"
                 "**How to apply:** convert before answering; this is not in CLAUDE.md yet, add it there.",
                 "Metric units only", "feedback")
    got = run(mem_dir, root)["feedback_units.md"]
    assert got.action != "drop", (got.action, got.reasons)


def test_an_entry_saying_in_chinese_that_agents_md_also_holds_its_rule_is_dropped(mem_dir, root):
    write(root, "AGENTS.md", "# Agents\n\nRun the linter before a commit.\n")
    triage_entry(mem_dir, "feedback_units.md",
                 "回答里的所有度量一律用公制单位，不用英制。\n\n"
                 "**How to apply:** 每次回答前先换算，AGENTS.md 也有此規定。",
                 "Metric units only", "feedback")
    got = run(mem_dir, root)["feedback_units.md"]
    assert got.action == "drop", (got.action, got.reasons)
    assert "AGENTS.md" in got.reasons[0], got.reasons


def test_a_workspace_agents_md_is_kept_as_the_instruction_file(tmp_path):
    """OpenClaw loads the workspace's AGENTS.md every session: it is where rules are promoted to,
    not an entry; the owner is told to keep it (and edit it by hand), not left without a word."""
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    from tui.core.layouts import detect
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n## Tools\n- The scanner's driver is the vendor one, not SANE.\n")
    write(ws, "AGENTS.md", "# Rules\n\n1. Ask before deleting files.\n2. Prefer the API to screen reading.\n")
    write(ws, "USER.md", "# User\n\nPrefers short answers.\n")
    write(ws, "memory/2026-11-20.md", "- set up the workspace\n")
    seen = detect(ws, None)
    mem = Memory.load(seen.dir, ws, now=NOW, layout=seen.layout)
    files = {f.file: f for f in triage(mem, audit(mem, git=False).findings, Usage(), NOW).files}
    assert files["AGENTS.md"].action == "keep", files.get("AGENTS.md")
    assert "instruction" in files["AGENTS.md"].reasons[0]


def test_a_status_note_whose_headline_names_its_conclusions_is_edited_not_archived(mem_dir, root):
    """Named 'status', but its headline says it holds progress *and conclusions*: the findings hold,
    the next-steps list dates — edit that out, never archive the findings with it."""
    triage_entry(mem_dir, "project_quant_status.md",
                 "## Goal\nPort the 4-bit quantiser to the Mistral 7B checkpoint and keep perplexity within 2% of fp16.\n\n"
                 "## Root causes found\n1. Grouped-query attention leaves fewer key heads to calibrate on\n"
                 "2. The outlier channels sit in the first two layers only\n\n"
                 "## Results (wikitext, 512 samples)\n\n| run | group size | ppl |\n|---|---|---|\n"
                 "| fp16 | - | 5.25 |\n| q4 | 128 | 5.61 |\n| q4 + outlier keep | 128 | 5.33 |\n\n"
                 "**Conclusion:** keeping the outlier channels in fp16 is the only change that helps; group size does not.\n\n"
                 "## Constraint\nThe calibration set must stay the same 512 samples, or runs cannot be compared.\n\n"
                 "## Next steps\n- Try group size 64\n- Run the c4 split as well\n",
                 "Quantiser port to Mistral 7B: progress and conclusions")
    got = run(mem_dir, root)["project_quant_status.md"]
    assert got.action in ("edit", "keep"), (got.action, got.reasons)


def test_a_chinese_summary_of_development_sessions_is_archived(mem_dir, root):
    """'开发交互记录摘要' is the Chinese of 'session summary': a record of what was built, which the
    code now holds, as the English and Korean headlines already say."""
    triage_entry(mem_dir, "dev-notes.md",
                 "# 开发摘要（2026-10-02）\n\n## 1. 导出 CSV\n\n**问题：** 用户想把订单导出成 CSV。\n\n"
                 "**实现：**\n- `export.py` 新增 `write_orders_csv()`\n- 设置页加了导出按钮\n\n"
                 "## 2. 列表分页\n\n**问题：** 订单超过 500 条时列表很慢。\n\n"
                 "**实现：**\n- 接口加了 `page` 和 `size` 参数\n- 前端改成滚动加载\n",
                 "近期功能开发的交互记录摘要")
    got = run(mem_dir, root)["dev-notes.md"]
    assert got.action == "archive", (got.action, got.reasons)
