"""Issue 36 (stop 48, audit48c): causes read on heldout43a/b, each on text written here.
Own text, modelled on shapes seen, never copied."""
from __future__ import annotations

from conftest import ENTRY_FM, audit_files

FM = ENTRY_FM


def _secret_levels(tmp_path, body: str) -> list[tuple[int, str, str]]:
    found = audit_files(tmp_path, {"MEMORY.md": "- [Setup](setup.md) — tool setup\n",
                                   "setup.md": FM.format("setup") + body})
    return sorted((f.line, f.rule, f.confidence) for f in found if f.kind == "secret")


def test_a_random_value_under_an_api_keys_name_is_sure_below_32_characters(tmp_path):
    """A daily log noting a tool's configuration in prose: apiKey=<25 random characters of both
    cases and digits>, then a full-width comma and the next setting. The name says what it is and
    the value is generated: an owner rotates it (exit 1), as for a 32+ token."""
    body = ("## 2026-05-02\n"
            "- 配置：apiKey=Qm7RtV2xWp9KdL4sNb8ZcY3Hf，workspace=team-blue，project=tracer\n")
    got = _secret_levels(tmp_path, body)
    assert [(r, c) for _, r, c in got] == [("named-key", "high")], got


def test_ids_and_short_or_single_case_values_under_such_names_stay_judgements(tmp_path):
    """The look-alikes keep their level: a session key (an id), a hex value (a hash, an id), a value
    of one case, a value under a name that is not a key's own."""
    body = ("- childSessionKey=Zq8vN3kLw2Rt7yXp5Hm9Jd4\n"
            "- API_SECRET=9f86d081884c7d659a2feaa0c5\n"
            "- api_key=qmrtvxwpkdlsnbzcyhfqwertk\n"
            "- SESSION_TOKEN = `Zq8vN3kLw2Rt7yXp5Hm9Jd4Fs6Gb`\n")
    got = _secret_levels(tmp_path, body)
    assert all(c == "possible" for _, _, c in got), got
    assert not any(r == "named-key" for _, r, _ in got), got


def _transient(tmp_path, files: dict[str, str]) -> list[tuple[str, int | None]]:
    found = audit_files(tmp_path, files)
    return sorted((f.id, f.line) for f in found if f.kind == "transient")


RULE_FM = "---\nname: {0}\ndescription: {0}\ntype: feedback\n---\n"


def test_a_time_word_in_a_rules_reason_is_not_a_state(tmp_path):
    """A feedback entry: the rule, then '**Why:**' with 'currently' (why the rule was made). The
    owner keeps the rule as it is; the reason's word is not a claim to update."""
    body = ("Keep every tunable number in the config tables, never in scripts.\n\n"
            "**Why:** the balance is currently being reworked, so numbers change weekly.\n\n"
            "**How to apply:** read them through the config loader.\n")
    got = _transient(tmp_path, {"MEMORY.md": "- [Tunables](tunables.md) — where numbers live\n",
                                "tunables.md": RULE_FM.format("tunables") + body})
    assert got == [], got


def test_a_rules_reason_when_the_type_sits_under_metadata(tmp_path):
    """The same shape with the type nested under a metadata block (a newer frontmatter)."""
    fm = "---\nname: env-sync\ndescription: keep .env in step\nmetadata:\n  node_type: memory\n  type: feedback\n---\n"
    body = ("Whenever a variable is added to .env.example, add it to .env too.\n\n"
            "**Why:** the app is currently run from .env, a missing variable breaks a feature.\n")
    got = _transient(tmp_path, {"MEMORY.md": "- [Env](env.md) — env sync\n", "env.md": fm + body})
    assert got == [], got


def test_this_session_in_a_rules_reason_is_the_story_behind_it():
    """'three times in this session' in a rule's reason tells the incident behind a lasting rule (stop 50,
    a reviewer's re-judging: the lesson does not depend on when): no finding."""
    from tui.core.judging.wording import transient_findings
    text = RULE_FM.format("no-skips") + "Never mark a step N/A.\n\n**Why:** it happened three times in this session.\n"
    assert [f.line for f in transient_findings("no-skips.md", text, 6)] == []


def test_a_time_word_in_a_project_notes_why_still_counts(tmp_path):
    body = ("Deploys go through the staging box.\n\n"
            "**Why:** the prod pipeline is currently broken after the runner upgrade.\n")
    got = _transient(tmp_path, {"MEMORY.md": "- [Deploys](deploys.md) — deploy path\n",
                                "deploys.md": FM.format("deploys") + body})
    assert [ln for _, ln in got] == [8], got


def test_an_unlisted_file_without_frontmatter_is_one_finding(tmp_path):
    """A file with no frontmatter that the index does not list (the only such file, the only unlisted
    one): one finding saying both."""
    found = audit_files(tmp_path, {"MEMORY.md": "- [Stack](stack.md) — the stack\n- [Host](host.md) — hosting\n",
                                   "stack.md": FM.format("stack") + "Postgres 16 and Redis 7.\n",
                                   "host.md": FM.format("host") + "One VPS in Frankfurt.\n",
                                   "checks.md": "# Delivery checks\n\nEvery order from the courier app is checked against the till export.\n"})
    about = [(f.kind, f.rule) for f in found if f.id == "checks.md" or "checks.md" in str(f.places)]
    assert about == [("no-frontmatter", "no-frontmatter")], about
    (one,) = [f for f in found if f.kind == "no-frontmatter"]
    assert "index" in one.message


def test_unlisted_files_and_files_without_frontmatter_that_differ_stay_two_causes(tmp_path):
    # (four of six files with frontmatter: the folder's habit, which the two bare files break)
    found = audit_files(tmp_path, {"MEMORY.md": "- [Stack](stack.md) — the stack\n- [Ops](ops.md) — ops\n"
                                                "- [Host](host.md) — hosting\n- [Mail](mail.md) — mail\n"
                                                "- [Team](team.md) — team\n",
                                   "stack.md": FM.format("stack") + "Postgres 16 and Redis 7.\n",
                                   "host.md": FM.format("host") + "One VPS in Frankfurt.\n",
                                   "mail.md": FM.format("mail") + "Postmark sends the receipts.\n",
                                   "team.md": FM.format("team") + "Two developers and a designer.\n",
                                   "ops.md": "# Ops\n\nBackups run nightly to the second disk.\n",
                                   "checks.md": "# Delivery checks\n\nEvery courier order is checked against the till export.\n"})
    kinds = sorted({f.kind for f in found if f.kind in ("no-frontmatter", "index-overflow")})
    assert kinds == ["index-overflow", "no-frontmatter"], [(f.id, f.kind, f.places) for f in found]


def test_a_libraries_name_in_a_stack_line_is_no_path():
    """'Node.js + Express + lowdb.js (JSON store) + Socket.io': the parts of a stack joined by '+',
    one a plain word; its '.js' names a library. Files joined by '+' stay files."""
    from tui.core.mentions import mentions
    got = [str(m) for m in mentions("個人工具，Node.js + Express + lowdb.js (JSON store) + Socket.io，頁面在 public/app.html。\n\n"
                                    "**Why:** 本機使用，lowdb.js 免編譯。\n")]
    assert got == ["public/app.html"], got
    assert [str(m) for m in mentions("Touched server.js + utils.js + api.js today")] == ["server.js", "utils.js", "api.js"]


def test_one_dated_session_section_in_a_state_file_is_a_status(tmp_path):
    """A project-state entry whose one section reports the work of the last session, dated: the
    record of a session kept as memory. Several dated session sections are a log (not this rule)."""
    from tui.core.judging.status_blocks import status_block_findings
    one = ("---\nname: state\ndescription: project state\ntype: project\n---\n\n"
           "## Elvégzett munka (utolsó session — 2026-04-11)\n\n### Számla javítás\n- a sztornó gomb újra működik\n")
    found = status_block_findings("state.md", one, one)
    assert [(f.rule, f.line) for f in found] == [("status-block", 7)], found
    log = one + "\n## Elvégzett munka (session — 2026-04-09)\n- első változat\n"
    assert status_block_findings("state.md", log, log) == []
    durable = ("---\nname: s\ndescription: s\ntype: project\n---\n\n## Session handling (2026-04-11 rewrite)\n"
               "Sessions live in Redis for 24h.\n")
    assert status_block_findings("s.md", durable, durable) == []
    titled = "# Session: 2026-04-11\n\n- moved the bot to the new host\n"
    assert status_block_findings("2026-04-11.md", titled, titled) == []   # the whole file's title


def test_a_named_key_reads_the_same_under_a_label_in_another_language():
    from tui.core.secrets.detect import find_secrets
    value = "Wd4kP9sQx2Lm7RtZb3Nv8Hc"
    english = [(h.rule, h.confidence) for h in find_secrets(f"- **signing secret**: {value}\n")]
    assert english == [("named-key", "high")], english
    assert [(h.rule, h.confidence) for h in find_secrets(f"- **签名密钥**: {value}\n")] == english
    # a person's run of words and a year is chosen, not generated: not this rule
    assert all(h.rule != "named-key" for h in find_secrets("- **signing secret**: HarborLightSigning2024Key77\n"))
