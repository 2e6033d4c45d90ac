"""Issue 36 items 5 and 6: the rules as principles, each narrowing and each new catch pinned on
text written here (modelled on the shapes real memories use, never copied): a case narrowed and
a case still found, side by side. Token-like values come from a seeded generator."""
from __future__ import annotations

import random

import pytest

from tui.core.secrets.detect import find_secrets, redact

_rnd = random.Random(3636)
AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def r(n: int, alphabet: str = AN) -> str:
    return "".join(_rnd.choice(alphabet) for _ in range(n))


def _secrets(text: str) -> list[tuple[str, str]]:
    return [(h.rule, h.confidence) for h in find_secrets(text)]


# -- secrets: look-alikes are never values ------------------------------------------------------

@pytest.mark.parametrize("text", [
    # a method or class name after a credential's name, in any of code's naming conventions
    "- access-token: `x_getAccessTokenV2` (wraps the refresh)",
    "access_token = self.fetch_access_token_from_cache",
    "api_key: `Auth::ResolveApiKeyForTenant`",
    "client_secret → `__load_client_secret__`",
    "refresh-token: `tokenManager.renewRefreshToken_v2`",
    # CLI flags listed after a login word
    "username `--opus` / `--sonnet` picks the model",
    # commands listing variable names
    "Check env: `grep -E '^(OPENAI_API_KEY|DB_PASSWORD)=' .env`",
    "env | grep -E 'TOKEN|SECRET|PASSWORD'",
    # scope and permission names, quoted, after a login or account word
    "user scopes: 'user:email', 'read:user'",
    'account scopes "Mail.Read", "User.Read.All"',
    "credential scopes 'Files.ReadWrite.All', 'Sites.ReadWrite.All'",
    'credentials need "https://www.googleapis.com/auth/drive" and "https://www.googleapis.com/auth/spreadsheets"',
    "The user token has 'channels:history' and 'groups:history'",
    # enum values
    'user type enum: "free_trial", "paid_monthly_v2"',
    # the SDK's class names a line imports
    "const { SecretsManagerClient, GetSecretValueCommand } = require('@aws-sdk/client-secrets-manager');",
])
def test_look_alikes_are_not_secrets(text):
    assert _secrets(text) == [], text


@pytest.mark.parametrize("text, rule", [
    # still found beside each look-alike: a random value after the same names, a real pair
    ("- access-token: `Wq7Lm2Xv9KpT4zRb8NcY3HdF6sJ1aG5e`", "long-token"),   # 32 random of mixed case: a token's shape (stop 40)
    (f"username `ops` / `Pq9#vLx2{r(4)}`", "login-password"),
    (f"grep -E '^(DB_PASSWORD)=' .env   # DB_PASSWORD={r(20)}", "generic-secret"),
    ("password: Hunter2.Secret", "generic-secret"),
])
def test_values_beside_the_look_alikes_are_still_found(text, rule):
    assert [x for x, c in _secrets(text) if c == "high"] == [rule], text


def test_a_name_in_code_after_a_password_name_is_worth_a_look_never_sure():
    # a passphrase can be words, so after a password's name it stays possible; never an error
    assert _secrets("password: `userStoreByApprovalV2`") == [("generic-secret", "possible")]
    assert _secrets("DB_PASSWORD=Tr0ub*4dor&3x") == [("generic-secret", "high")]


# -- secrets: the shapes real memories hold ----------------------------------------------------

@pytest.mark.parametrize("text", [
    f"- Render: deploy token `rnd_{r(24)}`",
    f"- STAGING_ADMIN: password `Xq7!mPz2{r(4)}`",
    f"- Admin panel: credential `{r(20)}`",
    f"Staging DB: user `app_rw`, pass `Lk3$9vQz!{r(4)}`",
])
def test_a_label_then_a_credential_word_then_the_value_in_backticks(text):
    assert ("high" in [c for _, c in _secrets(text)]), text


@pytest.mark.parametrize("text", [
    f"redis://:{r(16)}@cache.internal:6379/0",
    f"mongodb+srv://admin:{r(14)}@cluster0.ab1cd.mongodb.net/prod",
    f"Server=tcp:db.example.net,1433;Initial Catalog=shop;User ID=shop;Password=Kx8#mPq2{r(4)};Encrypt=True;",
    f"jdbc:mysql://db.internal:3306/shop?user=shop&password=Vb8nM2q{r(5)}",
    f"Host=localhost;Port=5432;Database=app;Username=app;Password=Wq3$zX9{r(4)}",
])
def test_connection_strings(text):
    assert [c for _, c in _secrets(text)] == ["high"], text


def test_an_env_block_pasted_into_prose():
    block = ("Add these to .env:\nDATABASE_URL=postgres://localhost/app\nJWT_SECRET=superlongjwtsecretforlocal\n"
             f"SESSION_SECRET=orangebicycletoast\nAPI_TOKEN=Wq7Lm2Xv9KpT4zRb8NcY3HdF6sJ1aG5e\nNEXTAUTH_SECRET=generate-with-openssl-rand-base64-32\n")
    found = _secrets(block)
    assert found == [("generic-secret", "possible"), ("generic-secret", "possible"), ("long-token", "high")]
    # words a person strings together are a passphrase only when longer than words run
    assert _secrets("SESSION_SECRET=configuration") == []
    assert _secrets("token: authenticationrefresh") == []   # tokens are generated, never words


def test_a_passphrase_on_the_line_under_the_password_property():
    below = "- `jasypt.encryptor.password` (VM option):\n  `bluewhalesunset`\n"
    assert _secrets(below) == [("generic-secret", "possible")]
    assert "bluewhalesunset" not in redact(below)
    prose = "jasypt.encryptor.password is set in the run config:\n  mountainriverbluesky\n"
    assert _secrets(prose) == [("generic-secret", "possible")]
    random_below = f"Decrypt with jasypt.encryptor.password:\n{r(20)}\n"
    assert _secrets(random_below) == [("generic-secret", "high")]
    # what stands under a label and is no value: a variable's name, a sentence, a reference
    for text in ("jasypt.encryptor.password:\n  `JASYPT_ENCRYPTOR_PASSWORD`\n",
                 "The password is:\nkept in the vault, ask ops\n", "password:\n  ${JASYPT_PASSWORD}\n",
                 # prose wrapped after a product's name (a held-out review's only exit 1): no label, no key
                 "  設定値は環境変数で管理し、本番では Google Cloud Secret\n  Manager経由で環境変数に注入します。\n",
                 "We moved every credential into the AWS secret\nmanagerrotatedeveryninetydays\n"):
        assert _secrets(text) == [], text


def test_app_passwords_in_their_groups():
    assert _secrets("- Gmail: app password `qwxe tyzi avsd ghjk`") == [("app-password", "high")]
    assert _secrets("SMTP_PASS=rkvm qzpt wlyh bnxc") == [("app-password", "high")]
    assert _secrets("WordPress admin: application password `Xk2m Q9zL p7Wv R3tB n8Yc K4dF`") == \
        [("app-password", "high")]
    # four words of four letters in prose, with no password named: no credential
    assert _secrets("The pipeline runs lint test pack ship in that order.") == []
    assert _secrets("password rules: some have more than four") == []


# -- sensitive: a card is a card, not an id of its length ------------------------------------------

def _luhn_number(first: str, n: int) -> str:
    from tui.core.judging.sensitive import _luhn
    while True:
        d = first + "".join(_rnd.choice("0123456789") for _ in range(n - len(first)))
        if _luhn(d):
            return d


def _sensitive(text: str) -> list[str]:
    from tui.core.judging.sensitive import sensitive_findings
    return [f.rule for f in sensitive_findings("a.md", text)]


def test_a_sample_id_with_the_checksum_is_not_a_card():
    sample = _luhn_number("36", 15)   # passes Luhn one time in ten, and no issuer writes 15 digits after 36
    assert _sensitive(f"Sample ID: {sample} (the fixture's first row)") == []
    visa = _luhn_number("4", 16)
    assert _sensitive(f"order id {visa} in the export") == []          # an issuer's shape, said to be an id
    assert _sensitive("Stripe test card 4000 0566 5566 5556 declines nothing") == []   # documented, public
    # still found: said to be a card, or printed in a card's groups
    assert _sensitive(f"the customer's Visa {visa} is on file") == ["card-number"]
    assert _sensitive(f"{visa[:4]} {visa[4:8]} {visa[8:12]} {visa[12:]}") == ["card-number"]
    assert _sensitive(f"卡号 {visa}") == ["card-number"]


# -- identifying: what in an address tells of a person -------------------------------------------

def _identifying(text: str) -> list[str]:
    from tui.core.judging.gates import identifying_findings
    return [f.rule for f in identifying_findings("a.md", text)]


@pytest.mark.parametrize("text", [
    "The emulator reaches the host's API at 10.0.2.2:8000.",
    "Containers call the host through Docker's bridge 172.17.0.1.",
    "The cluster IP 10.96.0.10 is kube-dns.",
    "Metadata at 169.254.169.254, the app on 127.0.0.1:3000.",
    "My NAS sits at 192.168.1.50 on the home LAN.",
    "Tailscale address 100.101.102.103 for the build box.",
])
def test_private_and_well_known_addresses_identify_no_one(text):
    assert _identifying(text) == [], text


def test_a_public_address_of_a_host_still_does():
    assert _identifying("Deploy: ssh to the box at 79.22.139.142 and restart the worker.") == ["public-ip"]
    assert _identifying("My NAS sits at 192.168.1.50; mail giulia.r@mailbox.it for access.") == ["email"]


# -- transient and process: statements, in the languages agents write in ---------------------------

def _time(text: str, name: str = "a.md") -> list[str]:
    from tui.core.judging.wording import transient_findings
    return [f.confidence for f in transient_findings(name, "---\nname: a\n---\n" + text + "\n", 4)]


def _process(text: str, name: str = "a.md") -> bool:
    from tui.core.judging.wording import process_findings
    return bool(process_findings(name, "---\nname: a\n---\n" + text + "\n", 4))


@pytest.mark.parametrize("text", [
    "支付模块尚未接入，计划下周完成。",                  # not yet + a plan
    "決済モジュールはまだ実装していない。次回対応予定。",
    "결제 모듈은 아직 구현 안 됨. 다음 주에 할 예정.",
    "Henüz test edilmedi, yarın bakılacak.",
])
def test_not_yet_as_a_statement_in_other_languages(text):
    assert _time(text) == ["possible"], text


@pytest.mark.parametrize("text", [
    "尚未同步的记录会在下次启动时重试。",                # a set named by what has not happened to it
    "まだ同期されていないレコードは次回起動時に再送される。",
    "아직 동기화되지 않은 레코드는 다음 실행 때 재시도한다.",
    "このAPIはまだ使える。",                              # still, not "not yet"
    "效果数值尚未确认。",                                # an open question, true until someone checks
    "The mapping is not yet confirmed by the user.",
])
def test_not_yet_naming_a_set_or_an_open_question_is_no_statement(text):
    assert _time(text) == [], text


@pytest.mark.parametrize("text", [
    "Ödeme modülü şu anda devre dışı.", "En esta sesión el login quedó roto.", "Nesta sessão o login está quebrado.",
    "In questa sessione il login è rotto.", "Deploys are blocked today.",
])
def test_right_now_in_more_languages(text):
    assert _time(text) == ["high"], text


@pytest.mark.parametrize("text", [
    "<!-- Last synced with the server: today, 2026-03-02 -->\nDeploys go through the staging cluster.",
    "## 2026-03-14 (evening)\n- SHIPPED tonight: the export button.",
    "## 14 March 2026\nSHIPPED tonight: the export button.",
    "## Release v2.3 (2026-03-14)\nSHIPPED tonight: the export button.",
    "**2026-03-14 (evening)**\nSHIPPED tonight: the export button.",
    "### 2026年3月14日 夜\n今晚上线了导出按钮。",
    "The 8 o'clock rebuild ran today (06-09) and matched.",
    "Stay with the queue (no broker for now).",           # a deferral decided, true until revisited
    "**Why không wire deposit-rate bây giờ**: the feature already covers it.",
    "## P2 升级路径（不是现在做）",
    "## BUILT: the asset-play overlay (2026-05-31)\nThe overlay currently fires on two names.",   # a dated report
    "# Two sim bugs fixed (2026-05-18)\n## Bug 1\nThe refund path is currently not exercised.",
])
def test_history_stamps_and_deferrals_are_not_a_now(text):
    assert _time(text) == [], text


def test_a_present_state_under_a_dated_heading_still_says_now():
    # the heading's date is a deploy's: what is still not configured is a state that will change
    assert _time("## Prod state (deploy 2026-05-05)\n- The mailer is currently not configured.") == ["high"]
    # a heading word that only starts like a month is no date ("Decision-4")
    assert _time("### Decision-4: keep quality.js pure\nIt is currently required by two generators.") == ["high"]


def test_a_day_named_is_possible_unless_an_english_present_says_what_holds():
    assert _time("12y baseline rebuilt today from the cached panel.") == ["possible"]
    assert _time("오늘 배포 완료.") == ["possible"]
    assert _time("The staging deploy is blocked today.") == ["high"]


def test_a_report_of_what_was_done_and_what_comes_next_is_process():
    assert _process("## YAPILDI\n- Giriş ekranı düzeltildi\n\n## Sıradaki\n- Sepet sayfası")
    assert _process("## 当前进度\n- 已完成：登录、注册\n- 下一步：接入支付")
    assert _process("**Hecho:** login y menú.\n**Siguiente:** el carrito.")
    # words that only start like the labels, or one of the two halves alone
    assert not _process("Done criteria are listed in the spec.\nThe next.js config lives in next.config.js.")
    assert not _process("## Definition of done\n- tests pass\n## Next.js\n- app router")
    assert not _process("## Next steps for a new service\n- copy the template")


def test_a_log_s_time_words_fold_into_its_process_finding(tmp_path):
    from conftest import NOW, write
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    mem = tmp_path / "memory"
    write(mem, "session.md", "---\nname: s\n---\n## Done\n- fixed the login right now\n## Next\n- the cart\n")
    write(mem, "a.md", "---\nname: a\n---\nThe API is currently down.\n")
    kinds = sorted((f.id, f.kind) for f in audit(Memory.load(mem, tmp_path, now=NOW), git=False).findings
                   if f.kind in ("process", "transient"))
    assert kinds == [("a.md", "transient"), ("session.md", "process")]


def test_a_desk_s_name_is_no_one_s_in_a_mailbox_or_a_home_path():
    assert _identifying("- Account: shopfront.lab.contact@gmail.com (Search Console)") == []
    assert _identifying("Files in `C:\\Users\\hotro\\Documents\\work`") == []   # hỗ trợ: support
    assert _identifying("Files in `C:\\Users\\Administrator\\Desktop\\site`") == []   # Windows' own account
    assert _identifying("Runs from /home/pi/robot/main.py") == []   # a Raspberry Pi's default login
    # still found: a person's mailbox and home
    assert _identifying("- Account: giulia.rossi@gmail.com (Search Console)") == ["email"]
    assert _identifying("Files in `C:\\Users\\giulia.rossi\\Documents\\work`") == ["home-path"]


# -- path-missing: plain "missing" is possible; what is no file of this project is no finding ---------

def _paths(tmp_path, body: str, files=("src/app/main.py", "src/app/util.py", "src/middleware/auth.ts", "src/proxy.ts",
                                       "scripts/deploy.sh")):
    from conftest import NOW, write
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    root, mem = tmp_path / "proj", tmp_path / "proj" / "memory"
    for f in files:
        write(root, f, "x\n")
    write(mem, "a.md", "---\nname: a\ndescription: paths\n---\n" + body)
    return [(f.rule, f.confidence) for f in audit(Memory.load(mem, root, now=NOW), git=False).findings
            if f.kind == "path-missing"]


@pytest.mark.parametrize("body", [
    "Next 16 uses `src/proxy.ts` instead of `src/middleware.ts`.\n",          # negated mentions
    "Put the guard in `src/proxy.ts`, rather than `src/middleware.ts`.\n",
    "`src/proxy.ts`를 쓴다 (`src/middleware.ts`가 아니라).\n",
    "`src/proxy.ts` を使う。`src/middleware.ts` ではなく。\n",
    "用 `src/proxy.ts` 而非 `src/middleware.ts`。\n",
    "The nightly job runs `scripts/backup_db.sh` on the VPS via cron.\n",    # a script that runs on the server
    "Deploy: ssh in, then `scripts/restart_worker.sh`.\n",
    "サーバーで `scripts/backup_db.sh` を実行する。\n",
])
def test_what_another_machine_holds_or_a_negation_names_is_no_missing_path(tmp_path, body):
    assert [r for r in _paths(tmp_path, body) if r[0] == "mentioned-path-missing"] == [], body


def test_a_missing_path_and_a_moved_one_are_both_possible_in_an_audit(tmp_path):
    # moved was sure until stop 39: fresh folders judged it right 1.5 of 5 (tests/bench/calibration.md)
    found = _paths(tmp_path, "Entry points: `src/app/main.py`; the loader is `src/app/loader.py`; "
                   "auth lives in `src/auth.ts`.\n")
    assert sorted(found) == [("mentioned-path-missing", "possible"), ("mentioned-path-moved", "possible")]


# -- conflicts: the same subject in the same scope; versions of any named thing -------------------------

def _conflicts(tmp_path, a: str, b: str) -> list[str]:
    from conftest import NOW, write
    from tui.core.judging.crossfile import conflict_findings
    from tui.core.snapshots.memory import Snapshot
    mem = tmp_path / "m"
    write(mem, "a.md", f"---\nname: a\n---\n{a}\n")
    write(mem, "b.md", f"---\nname: b\n---\n{b}\n")
    return [f.message for f in conflict_findings(Snapshot.load(mem, tmp_path, NOW))]


@pytest.mark.parametrize("a, b", [
    ("Never use pnpm in the Docker image; it is not installed there.", "Always use pnpm for local installs."),
    ("In tests, never use `sleep`.", "Use `sleep` in the retry script to back off."),
    ("Never run migrations on prod by hand.", "Always run migrations on staging first."),
    ("Status: Phase 2 of the rollout.", "Status: Phase 3 of the rollout."),          # a step, not a version
    ("Result: CAGR 21.8 over the window.", "Result: CAGR 12.15 over the window."),  # a measure, not a version
])
def test_rules_of_different_scopes_and_numbers_that_are_no_versions_do_not_conflict(tmp_path, a, b):
    assert _conflicts(tmp_path, a, b) == []


@pytest.mark.parametrize("a, b", [
    ("Never use jQuery.", "Always use jQuery."),
    ("Never use pnpm in the Docker image.", "Always use pnpm in the Docker image."),
    ("Use jest for unit tests.", "Do not add jest or vitest."),       # a rule for everywhere meets every scope
    ("Stack: Expo SDK 52, React Native 0.76.", "The app runs on Expo SDK 55."),
    ("Uses Unity 2022.3 LTS.", "The project targets Unity 6000.0."),
    ("Build: minSdk 24", "Build: minSdk 26"),
])
def test_the_same_subject_in_the_same_scope_still_conflicts(tmp_path, a, b):
    assert len(_conflicts(tmp_path, a, b)) == 1


# -- in-code: not a quoted string, not an instruction file's line ----------------------------------

def _in_code(tmp_path, body: str, files: dict[str, str]) -> list[int]:
    from conftest import NOW, write
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    root, mem = tmp_path / "proj", tmp_path / "proj" / "memory"
    for name, text in files.items():
        write(root, name, text)
    write(mem, "a.md", "---\nname: a\ndescription: c\n---\n" + body)
    return sorted((f.kind, f.line) for f in audit(Memory.load(mem, root, now=NOW), git=False).findings
                  if f.kind in ("in-code", "duplicate"))


PROMPT = "You are a careful reviewer who reads every changed line and reports only real defects"


def test_a_quoted_prompt_and_an_instruction_file_s_line_are_no_in_code(tmp_path):
    src = {"src/review.py": f'SYSTEM = "{PROMPT}"\n'}
    assert _in_code(tmp_path / "1", f'The prompt in `src/review.py` reads "{PROMPT}".\n', src) == []
    # a command adapted from CLAUDE.md: the duplicate check owns the instruction files
    claude = {"CLAUDE.md": "Run the whole suite with make test before every push to the main branch\n"}
    body = "From `CLAUDE.md`: run the whole suite with make test before every push to the release branch\n"
    assert _in_code(tmp_path / "2", body, claude) == []
    # the same line stated in CLAUDE.md: one finding, the duplicate's, never an in-code beside it
    same = "From `CLAUDE.md`:\nRun the whole suite with make test before every push to the main branch\n"
    assert _in_code(tmp_path / "3", same, claude) == [("duplicate", 6)]
    # still found: the code's own words copied unquoted
    assert _in_code(tmp_path / "4", f"In `src/review.py` the system prompt: {PROMPT}.\n", src) == [("in-code", 5)]


def test_a_stamp_in_a_comment_of_memory_md_hides_nothing(tmp_path):
    from conftest import NOW, write
    from tui.core.snapshots.memory import Memory
    from tui.core.reports.audit import audit
    mem = tmp_path / "memory"
    write(mem, "a.md", "---\nname: a\ndescription: a\n---\nbody\n")

    def hidden(comment: str) -> int:
        write(mem, "MEMORY.md", f"<!-- {comment} -->\n# Index\n- [A](a.md) — alpha\n")
        return sum(f.kind == "index-hidden" for f in audit(Memory.load(mem, tmp_path, now=NOW), git=False).findings)

    assert hidden("Last synced with the server: 2026-03-02") == 0
    assert hidden("auto-generated on 14 March 2026 by sync.py — do not edit by hand") == 0
    # still found: words the agent never sees that say something
    assert hidden("The agent must never push to main on Fridays") == 1
    assert hidden("Deploys are frozen until the audit ends") == 1


def test_an_iban_by_its_shape_and_checksum_with_no_label():
    def iban(cc: str, n: int) -> str:
        bban = "".join(_rnd.choice("0123456789") for _ in range(n - 4))
        check = 98 - int("".join(str(int(c, 36)) for c in bban + cc + "00")) % 97
        v = f"{cc}{check:02d}{bban}"
        return " ".join(v[i:i + 4] for i in range(0, len(v), 4))
    es = iban("ES", 24)
    assert _sensitive(f"Santander **{es}** (the shop's account, opened in May)") == ["bank-account"]
    assert _sensitive(f"IBAN: {es}") == ["bank-account"]                                  # one number, one finding
    broken = es[:5] + str((int(es[5]) + 1) % 10) + es[6:]
    assert _sensitive(f"Santander {broken}") == []                                        # the checksum fails
    assert _sensitive("Build tag AB12 CDEF 3456 7890 XY12 in the log") == []              # no country's length
