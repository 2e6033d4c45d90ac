"""Stop 47 second read: 'account' joined the login words; a label naming a part of the app about
accounts, then a path, is no seeded login."""
from __future__ import annotations

from tui.core.secrets.detect import _find


def _logins(text: str) -> list[str]:
    return [text[h.start:h.end] for h in _find(text) if h.rule == "login-password"]


def test_an_account_screen_named_beside_a_path_is_no_login():
    # 'account' joined the login words (stop 47): a label naming a page or a setting of the
    # account, then a path, is no seeded login
    assert _logins("Account settings: web/app2024 is where the page lives") == []
    assert _logins("Account page: pages/Profile2 shows the form") == []


def test_a_seeded_login_still_found():
    assert _logins("Login: admin/admin2025") == ["admin2025"]
    assert _logins("Admin account: manager/mgr8899") == ["mgr8899"]
    assert _logins("账号：manager/mgr8899") == ["mgr8899"]
