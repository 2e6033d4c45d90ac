"""Text from the record as it may be shown: masked like everything else memtui prints.

A person's message can hold anything they typed: a credential (masked by the one redaction,
secrets.detect.redact, and every other piece of it scrubbed) or personal data about someone
(the line holding it replaced by what kind it is: judging.sensitive's findings say where).
A diff is made of the two texts masked first, so a secret that did not change makes no line
and one that did shows as its mask.
"""
from __future__ import annotations

import difflib

from ..judging.sensitive import sensitive_findings
from ..secrets.detect import find_secrets, redact, scrub, secret_pieces

PROMPT_CHARS = 2000


def masked(text: str | None, limit: int | None = None) -> str | None:
    """``text`` with its secrets and personal data masked, at most ``limit`` characters."""
    if text is None:
        return None
    hits = find_secrets(text)
    out = scrub(redact(text, hits), secret_pieces(text, hits)) if hits else text
    found = sensitive_findings("", out)
    if found:
        lines = out.split("\n")
        for f in found:
            if f.line and 0 < f.line <= len(lines):
                lines[f.line - 1] = f"[{f.message} — not shown]"
        out = "\n".join(lines)
    if limit is not None and len(out) > limit:
        out = out[:limit].rstrip() + " …"
    return out


def unified(before: str | None, after: str, name: str) -> str:
    """The unified diff of two versions of ``name`` (``before`` None: the file did not exist),
    each masked first."""
    a = masked(before or "") or ""
    b = masked(after) or ""
    old = f"a/{name}" if before is not None else "/dev/null"
    return "".join(difflib.unified_diff(a.splitlines(keepends=True), b.splitlines(keepends=True),
                                        fromfile=old, tofile=f"b/{name}", n=2))


def hunks(pairs: list[tuple[str, str]], name: str) -> str:
    """An edit's own lines when the file around them is not known (the version before is not in
    the record): each old string taken out, each new one put in."""
    out = [f"--- a/{name}\n", f"+++ b/{name}\n"]
    for old, new in pairs:
        out.append("@@ (where in the file: not known) @@\n")
        out += [f"-{line}\n" for line in (masked(old) or "").splitlines()]
        out += [f"+{line}\n" for line in (masked(new) or "").splitlines()]
    return "".join(out)
