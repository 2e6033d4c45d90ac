"""Stop 47, after the last fresh pool (heldout42): two credential shapes it held and the audit
missed. A mail provider's app password under its CJK name (QQ / 163 call it the 授权码, the SMTP
authorization code) in Google's four groups of four letters, and a password word followed by the
account it is for ("Senha Root:", "Contraseña admin:"). The first leaked into a section's id too:
a secret the detector misses is no secret to slugify. All text written here."""
from __future__ import annotations

import pytest

from tui.core.layouts.markdown import slugify
from tui.core.secrets.detect import find_secrets


@pytest.mark.parametrize("line", ["- 邮箱授权码：qwer tyui opas dfgh", "163邮箱SMTP授权码: wxyz plmn bvcd qrst",
                                  "应用专用密码：qwer tyui opas dfgh",
                                  # Google's letters may hold a vowel in each group: the label says what they are
                                  "- **授权码**: lofe kuda rima seno", "Gmail app password: lofe kuda rima seno"])
def test_an_app_password_under_its_cjk_name(line):
    assert [h.rule for h in find_secrets(line)] == ["app-password"], line
    assert "qwer" not in slugify(line) and "wxyz" not in slugify(line)


@pytest.mark.parametrize("line", ["- Senha Root: Kx7!pq92Lm", "**Senha root**: Kx7pq92Lmz", "Contraseña admin: Kx7pq92Lmz",
                                  "Пароль root: Kx7pq92Lmz"])
def test_a_password_word_then_its_account(line):
    assert find_secrets(line), line


@pytest.mark.parametrize("line", ["password: some have more than", "SMTP 授权码说明：使用前先开启",
                                  "Senha root é definida no .env", "password admin: changeme",
                                  "Password root: (ask the owner)"])
def test_look_alikes_stay_clean(line):
    assert find_secrets(line) == [], line
