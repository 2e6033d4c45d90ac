"""The owner's own address is no one else's personal datum: what the project's git repository
already says of its owner (SPEC §5, identifying).

What memtui can know of the owner, without asking: the repository the memory belongs to (the
memory folder's own git top level, else the project root the audit resolves anchors against) and
its git configuration — the remotes' URLs, whose first path part is the account that owns the
repository on its forge ("github.com/OWNER/name", "git@host:OWNER/name.git"), and ``user.email``,
the address every commit the owner pushes already carries. An address whose mailbox is that
account's name, or that is the commit address, is the owner's own public handle: the audit does
not ask them to hide it. What the address's domain says is no such signal: a mailbox at the
project's own domain can be a colleague's (the desks, info@ and support@, are spared elsewhere).
A folder with no repository, or a repository with no remote and no address, spares nothing.
"""
from __future__ import annotations

import re
import subprocess
from functools import lru_cache
from pathlib import Path

from ..reading.discover import git_toplevel
from .findings import Finding

# the account in a remote's URL: https://host/OWNER/name(.git), ssh://git@host/OWNER/name, git@host:OWNER/name
_OWNER = re.compile(r"^(?:[a-z][\w+.-]*://(?:[^@/\s]+@)?[^/\s]+/|[^@/\s]+@[^:/\s]+:)(?P<owner>[\w.-]+)/[^/\s]+/?$", re.I)
_SEP = re.compile(r"[^a-z0-9]+")
MIN_HANDLE = 6   # a shorter account name ("dev", "alex") is too common a mailbox name to tell the owner by


@lru_cache(maxsize=8)
def owner_names(directory: str, root: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the owner's accounts from the remotes, the commit addresses) of the repository holding
    ``directory`` (the memory folder), else of ``root``."""
    top = git_toplevel(Path(directory)) or git_toplevel(Path(root))
    if top is None:
        return frozenset(), frozenset()
    try:
        p = subprocess.run(["git", "-C", str(top), "config", "--get-regexp", r"^(remote\..*\.url|user\.email)$"],
                           capture_output=True, timeout=5, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return frozenset(), frozenset()
    owners, mails = set(), set()
    for row in p.stdout.decode("utf-8", "replace").splitlines():   # (a config's bytes need not be UTF-8)
        key, _, value = row.partition(" ")
        value = value.strip()
        if key == "user.email":
            mails.add(value.lower())
        else:
            m = _OWNER.match(value)
            if m:
                owners.add(m.group("owner").lower())
    return frozenset(owners), frozenset(mails)


def is_owners(address: str, owners: frozenset[str], mails: frozenset[str]) -> bool:
    """Whether ``address`` is the commit address, or its mailbox (before any +tag) is an owner's
    account name: the same name, or the account being that name with a suffix ("-collab", "_dev")."""
    address = address.lower()
    if address in mails:
        return True
    local = address.split("@", 1)[0].split("+", 1)[0]
    if len(local) < MIN_HANDLE:
        return False
    flat = _SEP.sub("", local)
    for owner in owners:
        if flat == _SEP.sub("", owner) or (owner.startswith(local) and _SEP.match(owner, len(local))):
            return True
    return False


def spare_own(findings: list[Finding], directory, root, texts) -> list[Finding]:
    """``findings`` without the e-mail findings whose address is the owner's own, and the home-folder
    findings whose account is the owner's own handle (C:\\Users\\quillfen7 in quillfen7-labs'
    repository: the name every commit and the remote already show) (``texts(id)``: the text the
    finding's file holds, where its address or folder is looked up by the finding's key)."""
    own_rules = ("email", "home-path")
    named = [f for f in findings if f.kind == "identifying" and f.rule in own_rules and f.cause]
    if not named:
        return findings
    owners, mails = owner_names(str(directory), str(root))
    if not owners and not mails:
        return findings
    from .gates import _EMAIL, _HOME, _value_key
    own_keys: set[str] = set()
    for fid, rule in {(f.id, f.rule) for f in named}:   # each file read once per rule, not once per finding
        text = texts(fid) or ""
        if rule == "email":
            for m in _EMAIL.finditer(text):
                if is_owners(m.group(0), owners, mails):
                    own_keys.add(_value_key(m.group(0).lower()))
        else:
            for m in _HOME.finditer(text):
                name = m.group(1).rstrip(".").lower()
                if is_owners(name + "@", owners, frozenset()):   # the account read as a mailbox's name
                    own_keys.add(_value_key(name))
    if not own_keys:
        return findings
    mine = {id(f) for f in named if f.cause in own_keys}
    return [f for f in findings if id(f) not in mine]
