"""Issue 37, stop 39 round 3: a note about the instruction file itself is never promoted into it
(triage_pointer). Every text here is written for the test (a made-up bicycle-repair shop)."""
from __future__ import annotations

from conftest import write
from test_triage_stop39 import entry, run


def test_a_note_that_points_at_the_instruction_file_is_drop(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n\n- Prices are in cents.\n")
    entry(mem_dir, "reference_claude_md.md", "The shop's entry point: `/home/ana/shop/CLAUDE.md`.\n\n"
          "**Why:** it says how orders move; always read it before touching the order flow.\n\n"
          "**How to apply:** read it at the start of every task.",
          "Read CLAUDE.md before any task: it is the authority on conventions", type_="reference",
          title="CLAUDE.md is the project's entry point")
    entry(mem_dir, "read_first_de.md", "Immer zuerst CLAUDE.md lesen.", "Vor jeder Aufgabe CLAUDE.md lesen",
          type_="feedback", title="Read CLAUDE.md first")
    got = run(mem_dir, root)
    for name in ("reference_claude_md.md", "read_first_de.md"):
        d = got[name]
        assert (d.action, d.test) == ("drop", 3), (name, d.action, d.reasons)
        assert "points at CLAUDE.md" in d.reasons[0], d.reasons
    assert got["reference_claude_md.md"].lines == [7]   # the line naming the file


def test_a_rule_the_entry_says_is_already_in_a_loaded_file_is_drop(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n")
    write(root, ".claude/skills/invoices/SKILL.md", "# Invoices\n")
    entry(mem_dir, "feedback_round_totals.md", "Round invoice totals, never line prices.\n\n"
          "**Why:** the user saw invoices off by a cent.\n\n**How to apply:**\n- compare totals\n"
          "- already written into `.claude/skills/invoices/SKILL.md`, section Totals",
          "Round invoice totals, never line prices", type_="feedback")
    entry(mem_dir, "workflow_ko.md", "커밋 전에 리뷰, 문서 갱신.", "표준 작업 규칙은 CLAUDE.md에 있음",
          type_="project", title="workflow")
    entry(mem_dir, "feedback_zh.md", "发票总额四舍五入。\n\n**Why:** 用户说的。\n\n已写入 CLAUDE.md 的「发票」节",
          "发票总额四舍五入", type_="feedback")
    got = run(mem_dir, root)
    for name, file in (("feedback_round_totals.md", ".claude/skills/invoices/SKILL.md"), ("workflow_ko.md", "CLAUDE.md"),
                       ("feedback_zh.md", "CLAUDE.md")):
        d = got[name]
        assert (d.action, d.test) == ("drop", 3), (name, d.action, d.reasons)
        assert f"already lives in {file}:" in d.reasons[0], d.reasons
    assert got["feedback_round_totals.md"].lines == [13]
    assert got["workflow_ko.md"].lines == []   # its description says it


def test_naming_the_instruction_file_is_not_saying_the_rule_is_there(mem_dir, root):
    write(root, "CLAUDE.md", "# Shop\n")
    # a rule about keeping the file current, a rule that mentions it in passing, a long headline naming it
    entry(mem_dir, "feedback_docs.md", "Update CLAUDE.md whenever the order flow changes.\n\n**Why:** the user asked.",
          "Always update CLAUDE.md and the docs alongside code changes", type_="feedback")
    entry(mem_dir, "feedback_context.md", "Before a tool call, check what is already in the context: "
          "the transcript, git status, CLAUDE.md.\n\n**Why:** the user asked twice.",
          "Always check the context before calling a tool", type_="feedback")
    entry(mem_dir, "feedback_small_models.md", "Split the price list in chunks for small models.\n\n"
          "**Why:** the small model cannot hold it.", "Split long inputs for small models", type_="feedback",
          title="Small models: split the price list, never send the whole CLAUDE.md to the cheap model")
    got = run(mem_dir, root)
    for name in ("feedback_docs.md", "feedback_context.md", "feedback_small_models.md"):
        assert got[name].action == "promote", (name, got[name].action, got[name].reasons)


def test_a_pointer_to_an_instruction_file_the_project_lacks_is_not_decided_here(mem_dir, root):
    entry(mem_dir, "reference_agents_md.md", "See AGENTS.md for the conventions.", "Read AGENTS.md first",
          type_="reference", title="AGENTS.md is the entry point")
    got = run(mem_dir, root)
    assert not any("points at" in r for r in got["reference_agents_md.md"].reasons), got["reference_agents_md.md"].reasons
