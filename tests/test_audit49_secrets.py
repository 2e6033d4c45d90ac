"""Issue 36 (stop 49): a live token an agent wrote into a day log in prose, read on heldout49b.
Own text, modelled on the shape seen (an environment variable's name, words in another language,
then the value in backticks), never copied; the value is made up here."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO

from tui.core.secrets.detect import find_secrets, redact

VALUE = "Hq3ZrT8mWx2KpLv7NbYd5c"   # 22 characters, both cases and digits: a refresh token's shape


def _rules(text: str) -> list[tuple[str, str]]:
    return [(h.rule, h.confidence) for h in find_secrets(text)]


def test_a_token_variable_then_words_then_its_value_in_backticks_is_sure():
    """'the server still has the old SHOP_REFRESH_TOKEN; the new one is `…`' in Korean, and a TODO
    line: the value is the variable's, and generated (mixed case, digits, random)."""
    for line in (f"- 서버 설정의 SHOP_REFRESH_TOKEN 은 예전 값 그대로, 새 값은 `{VALUE}` 입니다\n",
                 f"- [ ] SHOP_REFRESH_TOKEN 교체하기 (`{VALUE}`)\n",
                 f"- still to do: set `SHOP_REFRESH_TOKEN` on the host to `{VALUE}`\n",
                 f"- SHOP_REFRESH_TOKEN: `{VALUE}`\n"):
        assert _rules(line) == [("named-key", "high")], line
        assert VALUE[6:14] not in redact(line)


def test_what_stands_in_backticks_after_such_a_name_and_is_no_value_is_not_flagged():
    """A command, a file, a code name, a hash, a reference to a vault, a placeholder; another variable
    named between; a token variable in code (nextPageToken, a session's token) keeps its judgement."""
    clean = ["- GITHUB_TOKEN is read by `deployPagesWorkflowStep` in CI\n",
             "- DEPLOY_TOKEN rotated in commit `3f2a9c1e7b4d4e8a9f612c5d8e0b7a13aa`\n",
             "- API_SECRET lives in `config/secrets.production.yml`, never in the repo\n",
             "- set SHOP_TOKEN from `op://vault/Shop/refresh-token-2024`\n",
             "- SHOP_REFRESH_TOKEN 교체: `npm run rotate:shop-token -- --env=prod`\n",
             "- SHOP_REFRESH_TOKEN → `<새 토큰 값을 여기에 붙여넣기>`\n",
             "- SHOP_REFRESH_TOKEN: `your-refresh-token-goes-here`\n",
             "- SHOP_REFRESH_TOKEN is mirrored by SHOP_SYNC_MODE `incremental_batch_nightly`\n"]
    for line in clean:
        assert _rules(line) == [], line
    assert all(r != "named-key" for r, _ in _rules(f"- SESSION_TOKEN = `{VALUE}Fs6Gb`\n"))
    assert all(r != "named-key" for r, _ in _rules(f"- nextPageToken: `{VALUE}`\n"))


def test_a_day_log_holding_the_token_twice_is_one_finding_and_fails_the_audit(tmp_path):
    """An OpenClaw workspace: the token in the day's notes and again in its to-do list is one cause
    (one finding, two places), sure, and the audit exits 1."""
    mem = tmp_path / "ws"
    (mem / "memory").mkdir(parents=True)
    (mem / "MEMORY.md").write_text("# MEMORY\n\n- the shop report runs every night\n", encoding="utf-8")
    (mem / "AGENTS.md").write_text("# Agents\n", encoding="utf-8")
    (mem / "SOUL.md").write_text("# Soul\n", encoding="utf-8")
    (mem / "memory" / "2026-05-02.md").write_text(
        "# 2026-05-02\n\n## 상점 연동\n- 새 토큰을 받아 두었다\n"
        f"- 서버 설정의 SHOP_REFRESH_TOKEN 은 예전 값 그대로, 새 값은 `{VALUE}` 입니다\n\n"
        f"## 할 일\n- [ ] SHOP_REFRESH_TOKEN 교체하기 (`{VALUE}`)\n", encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "tui", "audit", "--dir", str(mem), "--format", "json"],
                       capture_output=True, text=True, cwd=REPO)
    assert p.returncode == 1, p.stdout + p.stderr
    assert VALUE[4:12] not in p.stdout
    secrets = [f for f in json.loads(p.stdout)["findings"] if f["kind"] == "secret"]
    assert [(f["rule"], f["confidence"], [loc["line"] for loc in f["locations"]]) for f in secrets] == \
        [("named-key", "high", [5, 8])], secrets


def test_pass_in_capitals_after_a_login_labels_a_password_too():
    from tui.core.secrets.detect import find_secrets
    assert [h.rule for h in find_secrets("user: shopsync PASS: Xy7#kq9!Lm2")] == ["generic-secret"]
    assert find_secrets("login ci PASS: 12/12 tests") == []
