"""Stop 40 (issue 36): principles for the audit's recall and levels, each on text written here."""
from __future__ import annotations

from conftest import ENTRY_FM, audit_files, write

from tui.core.reports.audit import audit_dir
from tui.core.secrets.detect import find_secrets

FM = ENTRY_FM
_audit = audit_files


def test_a_file_the_index_names_in_a_code_block_or_a_sentence_is_listed(tmp_path):
    index = ("# Garden log memory\n\nRead these at the start of every task:\n\n```text\nAGENTS.md\nmemory/MEMORY.md\n"
             "memory/STATE.md\n```\n\nThe day-to-day steps live in memory/STEPS.md.\n")
    found = _audit(tmp_path, {"MEMORY.md": index, "STATE.md": FM.format("state") + "Beds 1-4 sown.\n",
                              "STEPS.md": FM.format("steps") + "Water at dusk.\n",
                              "lost.md": FM.format("lost") + "Compost turns monthly.\n"})
    unlisted = sorted(f.id or p.id for f in found if f.rule == "not-in-index" for p in f.locations)
    assert unlisted == ["lost.md"]


def test_a_passphrase_of_joined_words_after_a_secrets_name_is_possible():
    for line in ("RELAY_SECRET=lanternfish-copper-meadow", "hook_secret: quiet_harbor_violet",
                 "ADMIN_PASSWORD=marble-tunnel-sparrow"):
        assert [(h.rule, h.confidence) for h in find_secrets(line)] == [("generic-secret", "possible")], line
    for line in ("secretName: tls-cert-store", "JWT_SECRET=your-secret-goes-here", "SECRET_ARN=prod-db-main-key",
                 "API_KEY=name-of-the-key", "RELAY_SECRET=relay-secret"):
        assert find_secrets(line) == [], line


def test_a_numeric_password_after_its_name_is_possible_and_counts_and_dates_are_not():
    for line in ("The staging database password is 246813 (the installer's default)", "DB_PASSWORD=55667788",
                 "数据库密码：13572468", "mysql password: 97531864"):
        assert [h.confidence for h in find_secrets(line)] == ["possible"], line
    for line in ("password length: 12", "password expires after 90 days", "password policy updated 20240611",
                 "passwords rotate every 180 days", "Password min length 16"):
        assert find_secrets(line) == [], line


def test_two_entries_on_two_sdk_versions_are_a_possible_contradiction(tmp_path):
    found = _audit(tmp_path, {
        "MEMORY.md": "- [Stack](stack.md) — stack\n- [Builds](builds.md) — builds\n- [Notes](notes.md) — notes\n",
        "stack.md": FM.format("stack") + "The tablet app runs on Ionic SDK 7 with Capacitor.\n",
        "builds.md": FM.format("builds") + "Release builds go through Ionic SDK 8; the store keys live in CI.\n",
        "notes.md": FM.format("notes") + "In SDK 6 the splash screen was a plugin.\n"})
    got = [(f.id, f.related, f.confidence) for f in found if f.kind == "conflict"]
    assert got == [("builds.md", "stack.md", "possible")] or got == [("stack.md", "builds.md", "possible")]


def test_a_travel_documents_number_after_its_name_is_possible_and_a_mention_is_not():
    from tui.core.judging.personal_ids import personal_id_findings
    for line in ("Passport no. K70394826, renew before the trip", "- **ESTA 申請**: 受付済み（B82C5D0473F1926G）",
                 "护照号码：G47302918"):
        assert [(f.rule, f.confidence) for f in personal_id_findings("t.md", line)] == \
            [("travel-document", "possible")], line
    for line in ("The ESTA form asks for the passport's details", "ESTA approval took 72 hours (applied 2026-03-01)",
                 "Passport check runs through the KYC vendor v20240101", "Login uses passport.js with sessions"):
        assert personal_id_findings("t.md", line) == [], line


def test_a_password_word_inside_a_cjk_phrase_labels_an_ascii_value():
    for line in ("默认数据库密码 `88889999`", "数据库默认密码是 88889999", "パスワードは `Tr0ub4dor3x`"):
        assert find_secrets(line), line
    for line in ("パスワードは英数字8文字以上で設定", "密码是必须的，至少8位", "密码错误时返回 401", "密码长度 12345678 以内",
                 "用户密码 hash 使用 bcrypt12"):
        assert find_secrets(line) == [], line


def test_a_urls_password_that_repeats_the_user_is_a_default_and_on_this_machine_is_possible():
    assert find_secrets("DATABASE_URL=postgresql://postgres:postgres@localhost:5432/shop") == []
    assert find_secrets("amqp://rabbit:Rabbit@broker.internal:5672") == []
    assert find_secrets("amqp://guest:guest@rabbitmq:5672/") == []   # a compose service: a private name
    # the same default left on a host others reach is a weak password to change
    assert [h.confidence for h in find_secrets("mysql://shopapp:shopapp@db.example-shop.com/app")] == ["possible"]
    assert [h.confidence for h in find_secrets("cache: redis://:k3vLw9pQ@127.0.0.1:6379/0")] == ["possible"]
    assert [h.confidence for h in find_secrets("prod: postgres://shop:Vt7qL2xK9w@db.shop-prod.net/shop")] == ["high"]



def test_triage_still_reviews_a_secret_the_audit_shows_as_possible(tmp_path, capsys, monkeypatch):
    """Stop 40's levels are the audit's: a labelled password is possible there, and triage (measured
    on its own labels) still asks a person to decide."""
    import json

    from tui.cli import main
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    mem_dir, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem_dir, "MEMORY.md", "- [Access](access.md) — the staging db\n")
    write(mem_dir, "access.md", FM.format("access") + "Staging DB: password `mK7#pQ2vL9xw`; host db.staging.internal.\n")
    (sec,) = [f for f in audit_dir(str(mem_dir), str(root), git=False).findings if f.kind == "secret"]
    assert sec.confidence == "possible" and sec.sure_by_shape
    capsys.readouterr()
    main(["triage", "--dir", str(mem_dir), "--root", str(root), "--json"])
    out = json.loads(capsys.readouterr().out)
    entries = out.get("entries", out) if isinstance(out, dict) else out
    assert {e["id"]: e["action"] for e in entries}["access.md"] == "review"
