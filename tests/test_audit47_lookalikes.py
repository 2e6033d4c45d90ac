"""Issue 36 (stop 47): the shapes behind the wrong findings of the heldout41 review, as principles.
Own text, modelled on no folder's words; each rule with its look-alike and a real case still found."""
from __future__ import annotations

import pytest

from conftest import write

from tui.core.layouts import detect
from tui.core.reports.audit import audit_dir
from tui.core.secrets.detect import find_secrets


def _secrets(text: str) -> list[tuple[str, str]]:
    return [(h.rule, h.confidence) for h in find_secrets(text)]


def _identifying(text: str) -> list[str]:
    from tui.core.judging.gates import identifying_findings
    return [f.rule for f in identifying_findings("a.md", text)]


def _time(text: str) -> list[str]:
    from tui.core.judging.wording import transient_findings
    return [f.confidence for f in transient_findings("a.md", "---\nname: a\n---\n" + text + "\n", 4)]


# -- an SSH remote (user@host:path) is no e-mail address ---------------------------------------------

@pytest.mark.parametrize("text", [
    "**Remote:** `git@github.com:lena-koval/tidepool.git`",
    "git remote add origin git@gitlab.com:acme-labs/infra/terraform.git",
    "Backups go to backup@nas.kovalhome.net:~/snapshots every night.",
    "Push the build: deploy@files.tidepool.io:/srv/tidepool/releases",
])
def test_an_ssh_remote_is_no_mailbox(text):
    assert _identifying(text) == [], text


def test_a_mailbox_before_a_colon_is_still_one():
    assert _identifying("Write to lena.koval@fastmail.com: she owns the billing.") == ["email"]
    assert _identifying("Owner — lena.koval@fastmail.com:") == ["email"]


# -- a key of a namespace, a list of names: no credential ----------------------------------------------

@pytest.mark.parametrize("text", [
    "- **Session Key**: agent:main:telegram:direct:u_5c0f2a9e81d34b7aa61e09f3c2d4b871",
    "- routing key: bot:support:slack:channel:C07QH2ZK9PL",
    "topic_key = arn:aws:sns:eu-west-1:123456789012:billing-alerts",
    # the names a module defines, listed after a comma: the next name, not the value of the one before
    "- auth.py: argon2 hashing, HTTPBasicPasswordHandler, issue_refresh_token, load_current_account",
    "- tokens.py: SessionSecretStore, rotate_signing_keys, verify_session_cookie (all pure)",
])
def test_a_namespace_key_and_a_list_of_names_are_no_secret(text):
    assert _secrets(text) == [], text


@pytest.mark.parametrize("text", [
    "- **Session Key**: 5c0f2a9e81d3Xk29bQ7mWz4b871aa61e09f3c2d",
    "db_password = orangebicyclelanternsix",
    "api_key: sk_9fQ2mZx7LpR4tV8nB1cW6yK3",
])
def test_values_beside_them_are_still_found(text):
    assert _secrets(text), text


# -- "not yet decided" is an open decision, true until someone decides ---------------------------------

@pytest.mark.parametrize("text", [
    "Henüz kesin değil; reklam olmayacak, ileride netleşecek.",
    "付费方式尚未确定，暂不接广告。",
    "課金方式はまだ決まっていない。",
    "수익 모델은 아직 미정이다.",
    "El modelo de precios todavía no está decidido.",
    "O plano de preços ainda não está definido.",
])
def test_not_yet_decided_is_an_open_decision(text):
    assert _time(text) == [], text


def test_not_yet_done_is_still_a_statement():
    assert _time("Henüz test edilmedi, yarın bakılacak.") == ["possible"]
    assert _time("支付模块尚未接入，计划下周完成。") == ["possible"]


# -- a path the memory itself says was never kept -------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Образец разбора: scratch `parse_grid.py` из сессии (в repo не сохранён, подход описан здесь).",
    "Örnek betik `parse_grid.py` depoya kaydedilmedi; yöntem burada.",
    "Skrypt `parse_grid.py` nie został zapisany w repo.",
])
def test_a_file_said_never_saved_is_no_missing_path(line):
    from tui.core.judging.path_judging import said_gone
    assert said_gone(line, "parse_grid.py")


def test_a_file_named_plainly_is_not_said_gone():
    from tui.core.judging.path_judging import said_gone
    assert not said_gone("Образец разбора: `parse_grid.py`, подход описан здесь.", "parse_grid.py")


# -- a memory bank's template never filled records no work ----------------------------------------------

BLANK_ACTIVE = ("# activeContext.md\n\nThis file records the current focus, recent changes and next steps.\n\n---\n\n"
                "## Current focus\n(what is being worked on)\n\n## Recent changes\n- (change 1)\n- (change 2)\n\n"
                "## Next steps\n- [next task 1]\n- [next task 2]\n\n## Notes\nKeep this file up to date.\n")
BLANK_PROGRESS = ("# progress.md\n\n## Done so far\n- (done 1)\n- (done 2)\n\n## Left to do\n- (task 1)\n- (task 2)\n\n"
                  "## Known issues\n- <issue>\n")
FILLED_ACTIVE = ("# Active context\n\n## Current focus\nWiring the export dialog.\n\n## Recent changes\n"
                 "- (small) renamed the store\n- moved the tabs into their own file\n\n## Next steps\n- PDF export\n")


def _bank(tmp_path, files):
    mem, root = tmp_path / "memory-bank", tmp_path / "proj"
    root.mkdir(exist_ok=True)
    write(mem, "projectbrief.md", "# Brief\nA viewer for survey maps.\n")
    for name, text in files.items():
        write(mem, name, text)
    return [(f.id, f.rule) for f in audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings
            if f.kind == "process"]


def test_an_unfilled_template_is_no_work_in_progress(tmp_path):
    assert _bank(tmp_path, {"activeContext.md": BLANK_ACTIVE, "progress.md": BLANK_PROGRESS}) == []


def test_a_filled_status_file_is_still_one(tmp_path):
    assert _bank(tmp_path, {"activeContext.md": FILLED_ACTIVE}) == [("activeContext.md", "process-file")]
