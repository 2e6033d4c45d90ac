"""Stop 47 (issue 36): what tune41's read half taught, each as a principle with text written here
(modelled on shapes real memories hold, never copied)."""
from __future__ import annotations

import pytest

from tui.core.secrets.detect import find_secrets, redact

# a label naming accounts, then login/password pairs written with a slash: the app's seeded logins.
# Weak defaults, but live-looking: worth a look (possible), never sure
ACCOUNT_LISTS = [
    "Tài khoản: owner/owner2024, clerk/clerk2024, khách 0912345678/guest77",
    "Accounts: admin/admin2025, viewer/viewer2025",
    "后台账号：manager/mgr8899",
    "Login: demo / demo1234",
]
NOT_ACCOUNTS = [
    "Login: email/password",
    "Accounts: admin/cashier/stocker (three roles)",
    "Login: user/pass on the form, then redirect",
    "测试账号：tester/tester01 (seeded for the e2e suite)",
    "Demo accounts: alice/alice2024, bob/bob2024",
    "Sign-in: Google/GitHub via OAuth2",
    "Account: acme/web-app2 (the GitHub org and repo)",
    "Accounts: main, staging2024",
    "Login: admin/<password from 1Password>",
]


@pytest.mark.parametrize("line", ACCOUNT_LISTS)
def test_a_label_of_accounts_with_login_password_pairs_is_a_possible_credential(line):
    hits = find_secrets(line)   # every pair of the list (stop 48), each redacted; the audit makes them one finding
    assert hits and {(h.rule, h.confidence) for h in hits} == {("login-password", "possible")}, line
    assert all(line[h.start:h.end] not in redact(line) for h in hits)


@pytest.mark.parametrize("line", NOT_ACCOUNTS)
def test_field_names_roles_and_providers_after_a_login_label_stay_clean(line):
    assert find_secrets(line) == [], line


# a time word that is one item of a list of three states or more ("done / pending / dropped") names a
# category of a file or a board, not a state the memory says holds now
from conftest import ENTRY_FM  # noqa: E402
from tui.core.judging.wording import transient_findings  # noqa: E402

STATE_LISTS = [
    "- **Estado + tareas →** [estado.md](estado.md) — hecho / pendiente / descartado. Empieza aquí.",
    "- **Status** of each card: done | in progress | blocked | later",
    "- Cada tarea lleva su marca: lista / pendiente / en revisión.",
]
STATEMENTS = [
    "- **Estado:** pendiente de la firma del banco.",
    "- **Status:** pending / blocked by the bank.",
]


@pytest.mark.parametrize("line", STATE_LISTS)
def test_a_list_of_states_names_categories_not_a_state_now(line):
    text = ENTRY_FM.format("n") + line + "\n"
    assert [f for f in transient_findings("n.md", text, 6) if f.kind == "transient"] == [], line


@pytest.mark.parametrize("line", STATEMENTS)
def test_a_state_said_of_a_thing_is_still_a_statement(line):
    text = ENTRY_FM.format("n") + line + "\n"
    assert [f for f in transient_findings("n.md", text, 6) if f.kind == "transient"], line


# "not yet" and a plan for the next session in one statement (尚未…下一步, まだ…次回…予定, 아직…다음에…예정):
# a status report's line, one status finding, not a provisional word
from tui.core.judging.status_blocks import status_block_findings  # noqa: E402

NOT_YET_AND_A_PLAN = [
    "订单导出尚未接入，下一步先对接物流接口再联调。",
    "請求書のPDF出力はまだ。次回はテンプレートを作る予定。",
    "알림 기능은 아직 없음. 다음에 푸시 연동할 예정.",
    "La exportación todavía no funciona; próximo paso: probar con el banco.",
    "CSV import is not yet wired up; next session: hook it to the upload form.",
]
NOT_YET_RULES = [
    "尚未登录的用户一律跳转到登录页，下一步由中间件处理。",          # a rule: when, then
    "如果订单尚未支付，下一步跳转到收银台。",
    "まだ保存されていない下書きは、次回起動時に復元する。",           # behaviour of the app
    "If the cache is not yet warm, the next request rebuilds it.",
]


@pytest.mark.parametrize("line", NOT_YET_AND_A_PLAN)
def test_not_yet_with_a_plan_is_a_status_statement(line):
    found = status_block_findings("n.md", line, "## Notes\n\n" + line + "\n")
    assert [(f.rule, f.line) for f in found] == [("status-block", 3)], line


@pytest.mark.parametrize("line", NOT_YET_RULES)
def test_not_yet_in_a_rule_or_a_behaviour_is_no_status(line):
    assert status_block_findings("n.md", line, "## Rules\n\n" + line + "\n") == [], line


# whose password, said between the word and its colon ("Пароль от сервера:", "Mật khẩu của admin:"):
# the label still labels the value; a compound about passwords ("password reset:") does not
@pytest.mark.parametrize("line", [
    "Пароль от панели: `Rw4kT8pZq2`",
    "Mật khẩu của router: Gm7xQ2vLp9",
    "Contraseña del servidor: Pz5nK8rTq3",
])
def test_a_password_labelled_with_whose_it_is_is_found(line):
    hits = find_secrets(line)
    assert hits and line[hits[0].start:hits[0].end] not in redact(line), line


@pytest.mark.parametrize("line", [
    "Пароль от сервера: в менеджере паролей",
    "Password for the Wi-Fi: see the sticker",
    "Password for reset emails: 24h expiry",
    "password reset: 2024-03-01",
])
def test_whose_password_without_a_value_stays_clean(line):
    assert find_secrets(line) == [], line


# "this session" in a sentence told in the past tense is a past event in Spanish and Portuguese too
# (a preterite: migró, arreglaron, corrigiu, migraram); in the present it still says now
@pytest.mark.parametrize("line, past", [
    ("En esta sesión se migró la base a Postgres 16 y se arreglaron los webhooks.", True),
    ("Nesta sessão o login foi corrigido e migraram as tabelas antigas.", True),
    ("En esta sesión la base está caída: no desplegar.", False),
    ("Nesta sessão estou usando o banco de testes.", False),
])
def test_this_session_told_in_a_preterite_is_a_past_event(line, past):
    text = ENTRY_FM.format("n") + line + "\n"
    found = [f for f in transient_findings("n.md", text, 6) if f.kind == "transient"]
    assert len(found) == 1 and ("past event" in found[0].message) == past, [f.message for f in found]


@pytest.mark.parametrize("line", ["En esta sesión el login quedó roto y siguió caído.", "Nesta sessão o deploy ficou travado."])
def test_a_past_verb_of_a_state_that_stays_still_says_now(line):
    text = ENTRY_FM.format("n") + line + "\n"
    found = [f for f in transient_findings("n.md", text, 6) if f.kind == "transient"]
    assert len(found) == 1 and "past event" not in found[0].message, [f.message for f in found]
