"""A login and its password in prose, unquoted ("Login: ops@host.io / Harbor42!", "Accounts: a/…, b/…").

Kept apart from ``assign`` (name OP value syntaxes): here the value follows a login word's label
and an account, in any language; ``detect`` decides what a pair is worth.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterator

from ..hints import trie_pattern
from ..textutil import lazy_re

# -- a login and its password in prose, unquoted -----------------------------------------------------
# "login" in the languages memory is written in: a label before "account / password"
LOGIN_WORDS = ("login", "log-in", "sign-in", "signin", "credential", "creds", "логин", "учётн", "учетн", "вход",
               "登录", "登錄", "账号", "帳號", "账户", "ログイン", "アカウント", "로그인", "계정", "usuario", "usuário",
               "acesso", "acceso", "identifiant", "connexion", "zugang", "anmeld", "đăng nhập", "tài khoản",
               "accesso", "credenzial", "account")
_LOGIN_WORD = lazy_re(lambda: trie_pattern(LOGIN_WORDS))   # one pass over the lowered text
# after the login word: a label up to its colon, the account, a separator, the password
_LOGIN_PAIR = re.compile(r"[^\n:：]{0,30}[:：][ \t]*`?([\w.+-]{2,64}(?:@[\w-]+(?:\.[\w-]+)+)?)`?[ \t]*[/,|][ \t]*"
                         r"`?([^\s`'\"<>]{6,64}?)`?(?=[\s)\],;，、]|\.(?:\s|$)|$)")
# the next pair of a list after the first ("Accounts: alice/…, bob/…"): a separator, then a login, a slash
# and a password (a slash only: a comma between a login and its password reads as the list's own)
_MORE_PAIRS = re.compile(r"[ \t]*[,;|，、][ \t]*`?([\w.+-]{2,64}(?:@[\w-]+(?:\.[\w-]+)+)?)`?[ \t]*/[ \t]*"
                         r"`?([^\s`'\"<>,;|，、]{6,64}?)`?(?=[\s)\],;|，、]|\.(?:\s|$)|$)")
# a password as a person types one for an app's seeded login: letters and digits, nothing of a path,
# a version or a host (admin/admin2025, guest/guest77); words alone are roles or field names
_TYPED = re.compile(r"(?=[^\d]*\d)(?=[\d]*[^\W\d_])[\w!@#$%^&*+]{6,64}")


# a label that says the account is for trying the app out ("Test login", "Demo accounts", 测试账号)
_DEMO = re.compile(r"\b(?:test|testing|demo|sample|example|dummy|fake|prueba|teste|exemplo|ejemplo)\b|测试|測試|演示|示例|"
                   r"テスト|デモ|테스트|데모")
# after the login word, a part of the app about accounts ("Account settings:", "Login page:", 账号设置):
# a path or a name follows, not a login ('account' names these far more often than a seeded login)
_ABOUT = re.compile(r"\b(?:settings?|pages?|screens?|forms?|menus?|modules?|sections?|tabs?|views?|components?|"
                    r"routes?|models?|tables?|services?|types?|fields?|flows?|buttons?|links?|paths?|endpoints?|"
                    r"schemas?)\b|设置|設定|页面|頁面|ページ|画面|설정|페이지|화면")


# a login that is a mailbox at a real domain: a test account on an instance someone runs (its admin's
# password may be live on a shared instance), not a seed's fixture (tester/tester01); the names kept for
# examples and tests (example.com, .test, .invalid, .localhost) stay fixtures
_RESERVED = frozenset(("example", "test", "invalid", "localhost", "local"))


def _real_mailbox(login: str, password: str) -> bool:
    """A mailbox at a real domain, no demo's (demo@), with no password word in its password (password123)."""
    local, at, domain = login.lower().partition("@")
    labels = domain.split(".")
    return bool(at and local and len(labels) >= 2 and labels[-1].isalpha() and not _RESERVED.intersection(labels)) \
        and _DEMO.search(local) is None and not re.search(r"(?i)pass|pwd", password)


def login_pairs(text: str, low: str) -> Iterator[tuple[int, int, bool]]:
    """(start, end, typed) of each password in an unquoted "login: account / password" of prose
    ("(login: ops@host.tld / …)"), any language; ``typed`` when the pair is written with a slash and
    the value mixes letters and digits (a seeded login). The caller keeps only values random by
    measure, or typed ones as worth a look: unquoted prose names things far more often than it
    holds credentials."""
    if "/" not in text and "," not in text and "|" not in text:
        return
    demos: list[int] | None = None   # where each demo word of the text ends, found once (not once a pair)
    for w in _LOGIN_WORD.finditer(low):
        m = _LOGIN_PAIR.match(text, w.end())
        if m is not None:
            slash = "/" in text[m.end(1):m.start(2)]
            seeded = slash and _ABOUT.search(low, w.end(), m.start(1)) is None
            if demos is None:
                demos = [(d.start(), d.end()) for d in _DEMO.finditer(low)]
            # a demo word in its label: on its line, before its account (searched once, not the line again a pair)
            line_start, k = low.rfind("\n", 0, w.start()) + 1, bisect_right(demos, (m.start(1),))
            demo = any(s >= line_start and e <= m.start(1) for s, e in demos[max(k - 2, 0):k])
            while m is not None:   # every pair of a list under the label, not only its first
                yield m.start(2), m.end(2), seeded and _TYPED.fullmatch(m.group(2)) is not None \
                    and m.group(1).lower() not in ("user", "username", "login", "email", "e-mail", "name", "id") \
                    and (not demo or _real_mailbox(m.group(1), m.group(2)))
                m = _MORE_PAIRS.match(text, m.end()) if slash else None


# a login named before 'pass' on its line: "user: x pass: …", "login a@b.pt, pass …", "account `x` / pass …"
_LOGIN_BEFORE = re.compile(r"(?i)\b(?:user(?:name)?|login|account|e-?mail)[ \t]*[:=：]?[ \t]*[`'\"]?[^\s`'\"]+[`'\"]?"
                           r"[ \t]*[,;/|]?[ \t]*$")


def after_a_login(text: str, vstart: int, name: str) -> bool:
    at = text.rfind(name, 0, vstart)
    line_start = text.rfind("\n", 0, at) + 1
    return at >= 0 and _LOGIN_BEFORE.search(text, line_start, at) is not None
