"""Whether the memory folder is committed to git: asked of git at every audit (its answer
changes with commits, which no file signature in the folder shows)."""
from __future__ import annotations

import subprocess
from pathlib import Path

from .findings import Finding


def tracked_in_git(directory: Path) -> list[Finding]:
    try:
        p = subprocess.run(["git", "-C", str(directory), "ls-files", "-z", "--", "."], capture_output=True,
                           timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if p.returncode != 0 or not p.stdout.strip(b"\0"):
        return []
    n = len([x for x in p.stdout.split(b"\0") if x])
    return [Finding("", "tracked-in-git", "committed", None,
                    f"the memory folder is committed to git ({n} file(s) tracked): anyone with the repository "
                    "has these memories, and removing them now does not remove them from history",
                    "stop tracking it (git rm -r --cached, add it to .gitignore); if a secret was ever committed, "
                    "rotate it — history keeps it")]


