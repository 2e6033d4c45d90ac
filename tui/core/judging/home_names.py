"""Whether a home folder's account name tells who its owner is (SPEC §5, identifying, stop 50).

A home path is worth the owner's look before sharing only when its account name spells a full
personal name: a given name joined to a family name. A first name alone, a login, a nickname,
initials or a default account is the owner's own working path, which they keep (the corpus ledger
re-judged: 3 of 18 right, each a full name; the fresh pools 0 of 8).
"""
from __future__ import annotations

import re

# a word an account is named by that names no one: a role, a machine, a place of work
_NOT_A_NAME = frozenset({"dev", "developer", "work", "pc", "mac", "macbook", "laptop", "desktop", "home", "user",
                         "users", "admin", "server", "office", "personal", "main", "local", "test", "my", "new", "old",
                         "the", "lab", "labs", "pro", "air", "studio", "box", "vm", "win", "windows", "linux", "code",
                         "coder", "owner", "default", "public", "shared", "account", "team", "company", "corp",
                         "guest", "build", "ci", "bot", "app", "apple", "dell", "lenovo", "hp", "asus", "acer", "root", "name",
                         "example", "your", "you", "me", "username", "ubuntu", "runner", "deploy", "www", "data"})
_NOT_A_NAME_IN = ("dev", "user", "admin", "mac", "book", "work", "server", "code", "test", "home", "desk",
                  "office", "laptop", "studio", "owner", "guest", "apple")
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def full_name(account: str) -> bool:
    """Whether a home folder's account name spells a person's full name: a given name joined to a
    family name ('jane.doe', 'jane_doe', 'JaneDoe', 'Jane Doe'), or the two run together in lower case
    as a Mac makes a short name of a full name ('janedoemartin': eight letters or more). A bare first
    name, a name with a suffix ('jane-dev'), initials, a short login, a default or role word, digits:
    not a full name (the owner keeps their own working path)."""
    if not account.replace(".", "").replace("_", "").replace("-", "").replace(" ", "").isalpha():
        return False   # digits, a nickname with numbers: a handle, no name to learn
    parts = [p for p in re.split(r"[._ -]+", account) if p]
    if len(parts) == 1:
        parts = _NAME_PART.findall(account)
    words = [p.lower() for p in parts]
    if len(parts) == 1:
        w = words[0]
        return account.islower() and len(w) >= 8 and not any(x in w for x in _NOT_A_NAME_IN)
    return 2 <= len(words) <= 4 and all(len(w) >= 2 for w in words) and max(map(len, words)) >= 3 \
        and not _NOT_A_NAME.intersection(words)
