"""Stop 50: two entries that each choose a different tool for one role (issue 36, point 6).

A role is a job one tool does for a project — its test runner, linter, formatter, JavaScript
package manager, ORM. An entry that names exactly one tool of a role, plainly (not "not X", not a
migration), chooses it; two entries choosing two tools of one role in the same scope disagree:
one possible conflict naming both lines, one per pair of entries however many roles differ. An
entry that names both tools (a comparison, "X (not Y)" against an entry still on Y is the
exception: it says which one holds), two scopes (frontend / backend), three tools across the
folder, or a word that is a tool's name only by spelling are no conflict. Every text here is
written for the test."""
from __future__ import annotations

from conftest import NOW, write


def _conflicts(mem_dir, root):
    from tui.core.judging.crossfile import conflict_findings
    from tui.core.snapshots.memory import Snapshot
    return [f for f in conflict_findings(Snapshot.load(mem_dir, root, NOW)) if f.kind == "conflict"]


def test_two_test_runners_chosen_in_two_entries_are_one_possible_conflict(mem_dir, root):
    write(mem_dir, "conventions.md", "---\nname: c\n---\n## Testing\n- Every module gets unit tests; run them with "
                                     "Jest (`npm test`) before each commit.\n- Lint with ESLint (`npx eslint .`).\n")
    write(mem_dir, "stack.md", "---\nname: s\n---\n## Toolchain\n- Runtime: Deno 2\n- Tests: `deno test --allow-read`\n"
                               "- Lint: `deno lint`\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.confidence, f.line, f.related) for f in found] == [("conventions.md", "possible", 5, "stack.md")]
    assert "jest" in found[0].message.lower() and "deno test" in found[0].message.lower()
    assert {(p.id, p.line) for p in found[0].places} == {("conventions.md", 5), ("stack.md", 6)}


def test_a_choice_against_the_tool_another_entry_rejects_is_a_conflict(mem_dir, root):
    write(mem_dir, "db.md", "---\nname: d\n---\nThe data layer is Drizzle (not Prisma); schema in src/db/schema.ts.\n")
    write(mem_dir, "onboarding.md", "---\nname: o\n---\nAfter cloning, run `npx prisma generate` so the ORM client exists.\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.related) for f in found] == [("db.md", "onboarding.md")]


def test_one_entry_naming_both_tools_or_a_migration_is_no_choice(mem_dir, root):
    write(mem_dir, "compare.md", "---\nname: c\n---\nWe compared Jest and Vitest for the unit tests; both ran the suite.\n")
    write(mem_dir, "ci.md", "---\nname: ci\n---\nCI runs the unit tests with Vitest on every push.\n")
    assert _conflicts(mem_dir, root) == []


def test_two_scopes_or_three_tools_or_a_word_spelled_like_a_tool_are_not(mem_dir, root):
    write(mem_dir, "web.md", "---\nname: w\n---\nThe frontend tests run with Vitest.\n")
    write(mem_dir, "api.md", "---\nname: a\n---\nThe backend tests run with Jest.\n")
    write(mem_dir, "pl.md", "---\nname: p\n---\nTo jest najważniejszy test dla klienta.\n")
    write(mem_dir, "menu.md", "---\nname: m\n---\nThe café sells a mocha and a latte; test the new menu on Friday.\n")
    assert _conflicts(mem_dir, root) == []
    for i, tool in enumerate(("Jest", "Vitest", "Mocha")):
        write(mem_dir, f"pkg{i}.md", f"---\nname: p{i}\n---\nUnit tests use {tool}.\n")
    assert _conflicts(mem_dir, root) == []


def test_a_package_manager_is_read_from_its_commands_not_from_the_word(mem_dir, root):
    write(mem_dir, "setup.md", "---\nname: s\n---\nInstall with `pnpm install`, then `pnpm dev`.\n")
    write(mem_dir, "notes.md", "---\nname: n\n---\nThe SDK is published on npm; the npm registry mirror is slow.\n")
    assert _conflicts(mem_dir, root) == []
    write(mem_dir, "readme.md", "---\nname: r\n---\nTo start: `npm install` and `npm run dev`.\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.related) for f in found] == [("readme.md", "setup.md")]


def test_an_entry_against_the_agents_rules_file_names_both_and_stands_on_the_entry(mem_dir, root):
    write(mem_dir, ".clinerules", "# Rules\n- Write a unit test for every fix; run them with Jest (`npm test`).\n")
    write(mem_dir, "techContext.md", "# Tech\n- Runtime: Deno\n- Tests: `deno test` (built in)\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.related, f.line) for f in found] == [("techContext.md", ".clinerules", 3)]
    assert {(p.id, p.line) for p in found[0].places} == {("techContext.md", 3), (".clinerules", 2)}


def test_a_choice_said_against_its_alternative_meets_a_line_that_still_chooses_it(mem_dir, root):
    write(mem_dir, "exports.md", "---\nname: e\ndescription: Reports are exported as XLSX, not CSV, for the finance team\n"
                                 "---\n## Report export\nThe finance reports go out every Monday.\n")
    write(mem_dir, "finance.md", "---\nname: f\n---\n- Finance team report export format: CSV (semicolon separated)\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.related, f.confidence) for f in found] == [("exports.md", "finance.md", "possible")]
    assert {(p.id, p.line) for p in found[0].places} == {("exports.md", 3), ("finance.md", 4)}


def test_an_alternative_named_on_another_subject_or_beside_the_choice_is_not(mem_dir, root):
    write(mem_dir, "exports.md", "---\nname: e\n---\nReports are exported as XLSX, not CSV, for the finance team.\n")
    write(mem_dir, "imports.md", "---\nname: i\n---\nThe bank statement importer reads CSV files from the inbox.\n")
    write(mem_dir, "why.md", "---\nname: w\n---\nFinance team asked for XLSX reports because CSV lost the report's formatting.\n")
    write(mem_dir, "rule.md", "---\nname: r\n---\nNever export finance team reports as CSV.\n")
    assert _conflicts(mem_dir, root) == []


def test_two_entries_asking_for_concise_and_for_detailed_replies_are_a_conflict(mem_dir, root):
    write(mem_dir, "profile.md", "---\nname: p\n---\n- 偏好：回答要详细，多举例子\n")
    write(mem_dir, "prefs.md", "---\nname: q\n---\n## 沟通\n- 用中文，简短回答，先说结论\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.related, f.line) for f in found] == [("prefs.md", "profile.md", 5)]


def test_a_reply_length_with_its_condition_or_both_in_one_entry_is_not(mem_dir, root):
    write(mem_dir, "style.md", "---\nname: s\n---\nKeep replies concise; give a detailed answer only when asked.\n")
    write(mem_dir, "arch.md", "---\nname: a\n---\nWhen explaining the architecture, detailed answers are welcome.\n")
    write(mem_dir, "chat.md", "---\nname: c\n---\nDon't write long replies in chat.\n")
    assert _conflicts(mem_dir, root) == []


def test_memory_md_is_a_side_an_entry_can_contradict_once_per_stale_line(mem_dir, root):
    write(mem_dir, "MEMORY.md", "# Memory\n- Replies: detailed, with examples\n- [Exports](exports.md) — XLSX, not CSV\n")
    write(mem_dir, "user.md", "---\nname: u\n---\n- Prefers concise replies\n")
    write(mem_dir, "exports.md", "---\nname: e\ndescription: Finance reports export as XLSX, not CSV\n---\n"
                                 "Finance reports export format: CSV for the bank upload\n")
    found = sorted((f.id, f.related) for f in _conflicts(mem_dir, root))
    assert found == [("exports.md", "exports.md"), ("user.md", "MEMORY.md")]


def test_the_users_profile_a_layout_loads_is_a_side_too(tmp_path):
    from tui.core.judging.crossfile import conflict_findings
    from tui.core.layouts import detect
    from tui.core.snapshots.memory import Memory
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# MEMORY.md\n\n## About the owner\n\n- Goal: ship the shop\n- Likes detailed replies, in English\n")
    write(ws, "USER.md", "# USER.md\n\n## Preferences\n\n- English, short replies, conclusion first\n")
    write(ws, "memory/2026-03-02.md", "# 2026-03-02\n\n- set up the workspace\n")
    found = detect(ws)
    assert found.layout is not None and found.layout.name == "openclaw"
    mem = Memory.load(ws, ws, layout=found.layout, judging=True)
    got = [(f.kind, f.related) for f in conflict_findings(mem) if f.kind == "conflict"]
    assert got == [("conflict", "USER.md")]


def test_variants_in_one_body_or_a_choice_on_another_subject_are_not(mem_dir, root):
    write(mem_dir, "trials.md", "---\nname: t\n---\n## Trial A\n- Price source: Vendor feed (`feeds.vendor`)\n\n"
                                "## Trial B\n- Price source: **internal model** (not Vendor feed)\n")
    write(mem_dir, "MEMORY.md", "# Memory\n- **Search tools return text**: the agent parses text, not JSON\n")
    write(mem_dir, "design.md", "---\nname: d\n---\n3. Return the raw JSON string (parsing happens later)\n")
    assert _conflicts(mem_dir, root) == []
