"""An access recipe (issue 36 item 4, stop 38): a line that says how to log in to a public host
of the owner's, as whom and with which key file, holds no key yet gives the way in. Its parts
alone are an address (``identifying``, a warning) or a path; together the owner removes the line,
as a credential: one finding for the line, in place of the address's, that echoes none of it.

Taken only when all three are on one line: a login (root@host, "user root", 用户 root, -l root),
a key file (-i path, .pem, id_rsa/id_ed25519, .ssh/…, 密钥 + a path) and a public address (the
identifying gate has already judged that it is public and no example)."""
from __future__ import annotations

import re

from .findings import Finding
from ..textutil import line_span

_LOGIN = re.compile(r"(?i)\b(?:root|admin|ubuntu|deploy|ec2-user)@|"
                    r"(?:\buser(?:name)?|\blogin|用户|用户名|ユーザー?|사용자)\s*[:：=]?\s*`?(?:root|admin|ubuntu)\b|"
                    r"\s-l\s+root\b|\bUser\s+root\b")
_KEY_FILE = re.compile(r"(?i)\S+\.(?:pem|ppk)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.ssh/\S+|\s-i\s+[~/.\w]\S*")


def access_recipes(entry_id: str, text: str, found: list[Finding]) -> list[Finding]:
    """The findings with each public address on a line that also holds a login and a key file
    made one secret finding of that line."""
    out = []
    for f in found:
        if f.kind == "identifying" and f.rule == "public-ip" and f.line:
            start = 0
            for _ in range(f.line - 1):
                start = text.index("\n", start) + 1
            line = text[slice(*line_span(text, start))]
            if _LOGIN.search(line) and _KEY_FILE.search(line):
                out.append(Finding(entry_id, "secret", "access-recipe", f.line,
                                   "an access recipe: a login, a key file and a public host on one line "
                                   "(together they open the server) — values not shown",
                                   "drop the line, or name the server by role and keep the key's place out"
                                   " of memory"))
                continue
        out.append(f)
    return out
