"""Stop 37, after the held-out review: findings its owner would reject, each in our own text —
a key's name taken for a secret, a profile's e-mail taken for a password, a memory matched
against its own copy in the project, a project's name holding "today"; and the generated key
alone on the line under the line that names it, which was missed."""
from __future__ import annotations

import shutil

from conftest import NOW, write
from tui.core.reports.audit import audit
from tui.core.secrets.detect import find_secrets
from tui.core.snapshots.memory import Memory

KEY = "pay_live_" + "7Qw2Zr9Kx4Tb8Mn3Vc6Yh1Jd5Fs0Lp"   # made up here, random as generated keys are


def test_a_generated_key_on_the_line_under_its_name_is_found_and_never_shown():
    hits = find_secrets(f"Live key for the payments sandbox (the relay uses it too):\n`{KEY}`\nTest mode: see the vault.\n")
    assert [(h.rule, h.confidence) for h in hits] == [("generic-secret", "high")]
    assert KEY not in repr(hits)


def test_a_name_under_key_is_a_name():
    for text in ("Storage key:\n`@notely/draft_state_v2`\n", "- key: `@notely/draft_state_v2`\n",
                 "Primary key:\n`account_id`\n", "The API token:\n`GITHUB_TOKEN`\n"):
        assert find_secrets(text) == [], text


def test_a_profile_name_before_an_email_is_who_not_a_secret():
    assert find_secrets("the health check used `authProfile=acme-codex:dana.lee@example.org` then failed") == []
    url = "DATABASE_URL=postgres://deploy:Xk9vQ2mT7bLp4RzW8nYc@db.example.com/app"
    assert [h.rule for h in find_secrets(url)] == ["url-credentials"]   # a password before the host stays one


def test_a_memory_is_not_already_stated_in_its_own_copy_in_the_project(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    text = ("# Notes\n\n## Gemini Added Memories\n- Problem titles in a qmd file go in a level-two heading, never bold.\n"
            "- Always write the set of blocks as a calligraphic B with the index in subscript.\n")
    write(mem, "GEMINI.md", text)
    root.mkdir()
    shutil.copy(mem / "GEMINI.md", root / "GEMINI.md")   # the repository keeps the same file (a sync, a backup)
    kinds = {f.kind for f in audit(Memory.load(mem, root, now=NOW), git=False).findings}
    assert "duplicate" not in kinds and "in-code" not in kinds


def test_a_name_holding_today_is_no_right_now_statement(mem_dir, root):
    write(mem_dir, "isolation.md", "---\nname: today-feed isolation\ndescription: today-feed and the stats board are "
          "separate services\ntype: project\n---\n\ntoday-feed runs alone on port 8090; the stats board keeps 8080.\n")
    found = audit(Memory.load(mem_dir, root, now=NOW), git=False).findings
    assert not [f for f in found if f.kind == "transient"]


def test_a_key_named_in_another_language_and_a_credential_header_are_found():
    texts = ["资源破解笔记：贴图 密钥 `C41E7A9B2D6F0835`，存档数据库密钥 `7f3a9c2e1b8d4f60a5c7e9b1d3f5a7c9`。",
             "- auth: `X-Release-Token: relnotes-token-2026-alpine-sky` on every POST",
             '  -H "X-Release-Token: relnotes-token-2026-alpine-sky" \\',
             "la clave del bucket `Vq7mT2xK9pLw4RzN`"]
    for text in texts:
        rules = [h.rule for h in find_secrets(text)]
        assert rules and set(rules) == {"generic-secret"}, text


def test_header_and_key_lookalikes_stay_clean():
    for text in ('curl -H "Authorization: Bearer <token>"', 'curl -H "Authorization: Bearer $TOKEN"',
                 "X-Api-Key: YOUR_API_KEY_HERE", "X-Auth-Mode: cookie-session-only", "apiKey: this.apiKey,",
                 "headers: { Authorization: req.headers.authorization }", "キーボードの鍵 `ctrl+shift+p`",
                 "the X-Request-Id: 1234567890abcdef header"):
        assert find_secrets(text) == [], text


def test_a_colleagues_sickness_is_health_data_and_a_sick_build_is_not():
    from tui.core.judging.sensitive import sensitive_findings
    said = ["Jonas (D-07) ist seit März wegen Rückenproblemen oft krank; keine schweren Touren für ihn.",
            "Lena ist diese Woche krankgeschrieben.", "Mara is on sick leave until May; give her tickets to Tom."]
    for text in said:
        assert [f.rule for f in sensitive_findings("x.md", text)] == ["health"], text
    for text in ("Der Build ist krank, wenn der Cache fehlt.", "The sick-leave table has a start and an end column.",
                 "Bei Krankheit: die Tour an den Nächsten geben."):
        assert sensitive_findings("x.md", text) == [], text
