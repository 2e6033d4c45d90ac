"""Promotion into instruction files (SPEC §6): plan, diff, dedupe, budgets, refusals, atomic apply."""
import os

import pytest
import yaml

from tui.cli import main
from tui.core.snapshots.memory import Memory
from tui.core.writes.promote import (TargetChanged, apply_promotion, plan_promotion, rule_text)

from conftest import NOW, make_app, settle, write


def mem(sample):
    return Memory.load(*sample, now=NOW)


@pytest.mark.parametrize("target", ["CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md",
                                    "docs/agents/RULES.md"])
def test_every_markdown_target(sample, target):
    m = mem(sample)
    plan = plan_promotion(m, ["pnpm-only.md"], target)
    assert plan.ok and plan.added == ["pnpm-only.md"] and plan.diff.startswith(("--- ", "--- /dev/null"))
    assert "+- Use `pnpm install` / `pnpm add`." in plan.diff
    apply_promotion(m, plan)
    written = (sample[1] / target).read_text()
    assert "Use `pnpm install` / `pnpm add`. Running npm creates" in written   # the user's own words
    assert Memory.load(*sample, now=NOW).entries["pnpm-only.md"].promoted_to == target


def test_existing_section_is_reused_and_file_structure_kept(sample):
    m = mem(sample)
    before = (sample[1] / "CLAUDE.md").read_text()
    plan = plan_promotion(m, ["lint-strict.md"], "CLAUDE.md")
    assert "section “Conventions”" in plan.warnings[0]
    apply_promotion(m, plan)
    after = (sample[1] / "CLAUDE.md").read_text()
    assert after.startswith(before.rstrip("\n")) and after.endswith("single warning.\n")
    assert after.index("## Conventions") < after.index("Run `pnpm lint` before committing")


def test_new_file_gets_a_new_section(sample):
    plan = plan_promotion(mem(sample), ["test-runner.md", "pnpm-only.md"], "AGENTS.md")
    assert not plan.exists and plan.after.startswith("## Learned conventions\n\n- Tests run with")
    assert plan.diff.startswith("--- /dev/null")


def test_dont_is_never_paraphrased(sample):
    text = rule_text(mem(sample).entries["named-exports.md"])
    assert text == "- Don't use `export default` anywhere in src/. Named exports keep imports greppable."


def test_second_promotion_adds_nothing(sample):
    m = mem(sample)
    apply_promotion(m, plan_promotion(m, ["test-runner.md"], "AGENTS.md"))
    again = plan_promotion(Memory.load(*sample, now=NOW), ["test-runner.md"], "AGENTS.md")
    assert again.added == [] and "test-runner.md" in again.already and again.after == again.before


def test_changed_target_is_refused_and_untouched(sample):
    m = mem(sample)
    plan = plan_promotion(m, ["lint-strict.md"], "CLAUDE.md")
    (sample[1] / "CLAUDE.md").write_text("# someone else edited this\n")
    with pytest.raises(TargetChanged):
        apply_promotion(m, plan)
    assert (sample[1] / "CLAUDE.md").read_text() == "# someone else edited this\n"
    assert m.entries["lint-strict.md"].promoted_to is None


def test_lines_the_agent_appended_after_the_diff_was_shown_stay_and_the_promotion_lands(sample):
    m = mem(sample)
    target = sample[1] / "CLAUDE.md"
    plan = plan_promotion(m, ["lint-strict.md"], "CLAUDE.md")
    with open(target, "a") as f:   # the agent, while the person read the diff
        f.write("- agent: run the linter before pushing\n")
    apply_promotion(m, plan)
    assert target.read_text() == plan.after + "- agent: run the linter before pushing\n"   # as shown, theirs below
    assert m.entries["lint-strict.md"].path.read_text().count("promoted_to: CLAUDE.md") == 1


def test_an_insertion_inside_the_file_is_merged_with_the_agents_appended_lines(sample):
    m = mem(sample)
    target = sample[1] / "CLAUDE.md"
    target.write_text("# Project\n\n## Conventions\n- TypeScript strict mode.\n\n## Links\n- docs/\n")
    plan = plan_promotion(m, ["lint-strict.md"], "CLAUDE.md")
    with open(target, "a") as f:
        f.write("- agent: the wiki\n")
    apply_promotion(m, plan)
    assert target.read_text() == plan.after + "- agent: the wiki\n"
    assert plan.after.index("## Links") > plan.after.index("lint")   # ours went inside, above their line


def test_secret_and_sensitive_are_never_promoted(sample):
    m = mem(sample)
    plan = plan_promotion(m, ["staging-uploads.md", "pnpm-only.md"], "CLAUDE.md")
    assert not plan.ok and {f.kind for f in plan.refused} == {"secret"}
    assert "AKIAQ4XJ" not in plan.diff + plan.after.replace(plan.before, "")
    with pytest.raises(ValueError):
        apply_promotion(m, plan)
    write(sample[0], "health.md", "---\nname: h\n---\nThe user was diagnosed with diabetes; keep meetings short.\n")
    plan = plan_promotion(Memory.load(*sample, now=NOW), ["health.md"], "CLAUDE.md")
    assert [f.kind for f in plan.refused] == ["sensitive"]


def test_target_outside_the_project_is_refused(sample, tmp_path):
    for to in ("../outside.md", str(tmp_path / "elsewhere.md")):
        plan = plan_promotion(mem(sample), ["pnpm-only.md"], to)
        assert not plan.ok and plan.refused[0].kind == "traversal"


def test_budget_lines(sample):
    write(sample[1], "CLAUDE.md", "x" * 39_990 + "\n")
    plan = plan_promotion(mem(sample), ["pnpm-only.md"], "CLAUDE.md")
    assert any("OVER" in b and "40,000 characters" in b for b in plan.budget)
    plan = plan_promotion(mem(sample), ["pnpm-only.md"], "AGENTS.md")
    assert any("32,768 bytes" in b and "OVER" not in b for b in plan.budget)


def test_cursor_rule_frontmatter_is_valid(sample):
    m = mem(sample)
    plan = plan_promotion(m, ["named-exports.md", "lint-strict.md"], ".cursor/rules/house-style.mdc")
    apply_promotion(m, plan)
    text = (sample[1] / ".cursor/rules/house-style.mdc").read_text()
    assert text.startswith("---\n")
    meta = yaml.safe_load(text.split("---\n")[1])
    assert set(meta) == {"description", "globs", "alwaysApply"}
    assert meta["alwaysApply"] is False and "src/**" in meta["globs"] and "package.json" in meta["globs"]
    assert "Don't use `export default`" in text


def test_failed_write_leaves_target_untouched(sample, monkeypatch):
    m = mem(sample)
    before = (sample[1] / "CLAUDE.md").read_bytes()
    plan = plan_promotion(m, ["lint-strict.md"], "CLAUDE.md")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tui.core.fsutil.os.replace", boom)
    monkeypatch.setattr("tui.core.fsutil.exchange", boom)   # the compared rename swaps
    with pytest.raises(OSError):
        apply_promotion(m, plan)
    assert (sample[1] / "CLAUDE.md").read_bytes() == before
    assert not [p for p in os.listdir(sample[1]) if p.endswith(".tmp")]


def test_cli_without_terminal_writes_nothing(sample, capsys):
    mem_dir, root = sample
    assert main(["promote", "pnpm-only.md", "--to", "AGENTS.md", "--dir", str(mem_dir), "--root", str(root)]) == 1
    out = capsys.readouterr()
    assert "+- Use `pnpm install`" in out.out and "no terminal" in out.err and not (root / "AGENTS.md").exists()
    assert main(["promote", "pnpm-only.md", "--to", "AGENTS.md", "--yes", "--dir", str(mem_dir),
                 "--root", str(root)]) == 0
    assert (root / "AGENTS.md").exists() and (mem_dir / "pnpm-only.md").exists()   # never trashed with --yes
    assert main(["promote", "staging-uploads.md", "--to", "AGENTS.md", "--yes", "--dir", str(mem_dir),
                 "--root", str(root)]) == 1


async def test_tui_promote_flow(sample, tmp_path):
    from tui.screens.confirm_delete import ConfirmDelete
    from tui.screens.promote_screen import PromoteScreen
    from tui.widgets.entry_table import EntryTable
    mem_dir, root = sample
    app = make_app(mem_dir, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.query_one(EntryTable).select_id("pnpm-only.md")
        await pilot.press("P")
        assert isinstance(app.screen, PromoteScreen)
        assert "+- Use `pnpm install`" in app.screen.plan.diff
        assert app.screen.focused.id == "promote-target"   # (issue 41: not on Cancel)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "pnpm install" in (root / "CLAUDE.md").read_text()
        assert isinstance(app.screen, ConfirmDelete)     # the separate offer to trash it
        await pilot.press("n")
        await settle(pilot)
        assert (mem_dir / "pnpm-only.md").exists()
        assert app.main.snapshot.entries["pnpm-only.md"].promoted_to == "CLAUDE.md"


def test_promote_dialog_snapshot(snap_compare, sample, tmp_path):
    from tui.widgets.entry_table import EntryTable

    async def run_before(pilot):
        await settle(pilot)
        pilot.app.query_one(EntryTable).select_id("lint-strict.md")
        await pilot.press("P")
        await settle(pilot)

    assert snap_compare(make_app(*sample, tmp_path), terminal_size=(120, 36), run_before=run_before)


def test_diff_context_from_the_target_is_redacted(sample, capsys):
    mem_dir, root = sample
    token = "ghp_" + "k3Jd9QmZ7xLp2VnR8cYt4WbH1sFg6AeU0oXi"
    write(root, "CLAUDE.md", f"## Conventions\n- deploy token {token}\n")
    main(["promote", "lint-strict.md", "--to", "CLAUDE.md", "--dir", str(mem_dir), "--root", str(root)])
    out = capsys.readouterr().out
    assert token[4:12] not in out and "github-token" in out


def test_marking_keeps_every_field_and_a_leading_comment_entry(sample):
    mem_dir, root = sample
    write(mem_dir, "c.md", "<!-- saved by agent -->\n---\nname: c\ntrigger: on-deploy\ncreated: 2026-01-02\n---\n"
                           "Deploys need a green main branch first.\n")
    m = mem(sample)
    apply_promotion(m, plan_promotion(m, ["c.md"], "CLAUDE.md"))
    e = Memory.load(*sample, now=NOW).entries["c.md"]
    assert e.promoted_to == "CLAUDE.md" and e.meta["trigger"] == "on-deploy"
    assert e.created.date().isoformat() == "2026-01-02" and "green main" in e.body
