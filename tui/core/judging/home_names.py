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
                         "example", "your", "you", "me", "username", "ubuntu", "runner", "deploy", "www", "data",
                         # (stop 50, a second reader) a part that names a piece of software's role, or the tool
                         # itself: github-actions, jenkins-agent, node-red, gitlab-runner are services' homes
                         "actions", "action", "agent", "agents", "runners", "bots", "red", "worker", "workers",
                         "daemon", "service", "svc", "cron", "job", "jobs", "hook", "hooks", "pipeline", "jenkins",
                         "github", "gitlab", "node", "docker", "host", "cloud", "srv", "sync", "backup"})
_NOT_A_NAME_IN = ("dev", "user", "admin", "mac", "book", "work", "server", "code", "test", "home", "desk",
                  "office", "laptop", "studio", "owner", "guest", "apple",
                  # (stop 50) a tool's word inside a service account's one word: linuxbrew, nextcloud, postgres
                  "brew", "cloud", "gres", "sql", "mongo", "redis", "docker", "jenkins", "gitlab", "github", "runner",
                  "agent", "daemon")
# a given name alone, long enough (8 letters and more) to pass for a full name run together: a word is
# known to be a given name only by being one, so these are listed (the long given names logins are made of)
_LONG_GIVEN = frozenset("""christopher christophe christian christina christine jonathan jonathon alexander alexandra
alejandro alessandro alessandra francesco francesca francisco francois françois frederick frederic friedrich
elizabeth katherine catherine kathleen stephanie stephane jennifer michelle victoria margaret patricia samantha
kimberly benjamin nicholas nicolas sebastian sebastien maximilian valentina valentin gabriella gabrielle isabella
isabelle caroline charlotte josephine leonardo federico giovanni giuseppe fernando santiago cristina guillaume
emmanuel mathilde johannes wolfgang theodore nathaniel nathalie jeremiah danielle marianne rosemary clementine
dominique kristina veronica jacqueline anastasia svetlana ekaterina aleksandr aleksandra konstantin dmitrii
vladimir gregory lawrence cristiano giulietta anthony antonio raphael roberto lorenzo""".split())
# a service's home goes on into the tool's own dot-folder (/home/linuxbrew/.linuxbrew) or into the folder
# a CI runner or a server install works in (/home/circleci/project, /home/mastodon/live)
_SERVICE_HOME = re.compile(r"[\\/](?:project|workspace|_work|builds?|actions-runner|live|htdocs|"
                           r"public_html)(?:[\\/]|$|\s)")
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def full_name(account: str, after: str = "") -> bool:
    """Whether a home folder's account name spells a person's full name: a given name joined to a
    family name ('jane.doe', 'jane_doe', 'JaneDoe', 'Jane Doe'), or the two run together in lower case
    as a Mac makes a short name of a full name ('janedoemartin': eight letters or more). A bare first
    name, a name with a suffix ('jane-dev'), initials, a short login, a default or role word, digits:
    not a full name (the owner keeps their own working path). ``after``, the path after the account's
    folder: a service's home goes on into the tool's own dot-folder or a CI's work folder (stop 50)."""
    if not account.replace(".", "").replace("_", "").replace("-", "").replace(" ", "").isalpha():
        return False   # digits, a nickname with numbers: a handle, no name to learn
    parts = [p for p in re.split(r"[._ -]+", account) if p]
    if len(parts) == 1:
        parts = _NAME_PART.findall(account)
    words = [p.lower() for p in parts]
    if len(parts) == 1:
        w = words[0]
        return account.islower() and len(w) >= 8 and not any(x in w for x in _NOT_A_NAME_IN) \
            and w not in _LONG_GIVEN and not (w.endswith("ci") and not w.endswith("cci")) \
            and not after.startswith(("/." + w[:4], "\\." + w[:4])) and not _SERVICE_HOME.match(after)
    return 2 <= len(words) <= 4 and all(len(w) >= 2 for w in words) and max(map(len, words)) >= 3 \
        and not _NOT_A_NAME.intersection(words)
