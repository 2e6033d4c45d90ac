"""Issue 37, stop 51, test 2: a name with no space is a file stem only when it reads as one (an ASCII
slug, feedback_left_align); a Chinese or Japanese title has no spaces and is the entry's headline
all the same — "报告必须先写结论" is a rule in the headline of the user's guidance: promote.
Texts written for these tests, never copied."""
from __future__ import annotations

from conftest import triage_entry as entry, triaged as run


def test_a_chinese_title_that_states_a_rule_is_a_headline(mem_dir, root):
    entry(mem_dir, "feedback_report_order.md",
          "## 规则\n\n所有周报的输出先写结论，再写数据和过程。\n\n"
          "**Why:** 用户在看月度报告时说找不到结论，要翻到最后。\n\n"
          "**How to apply:** 下笔前先写一句结论，然后按重要性排列数据。",
          "写周报、月报时默认结论在前", type_="feedback", title="报告必须先写结论，作为默认输出格式")
    got = run(mem_dir, root)["feedback_report_order.md"]
    assert got.action == "promote", (got.action, got.reasons)


def test_an_ascii_slug_name_is_still_no_title(mem_dir, root):
    entry(mem_dir, "note_always_on.md", "The staging box stays on overnight for the batch import.",
          "Staging stays on overnight", type_="project", title="always_on_staging")
    got = run(mem_dir, root)["note_always_on.md"]
    assert got.action != "promote", (got.action, got.reasons)
