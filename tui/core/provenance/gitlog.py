"""What git says of a memory folder that is committed: each file's commits (time, author, the
file's text at that commit), and each file's first and last commit for the list's dates."""
from __future__ import annotations

import datetime as dt
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..reading.discover import git_toplevel

MAX_COMMITS = 50


@dataclass
class Commit:
    sha: str
    at: dt.datetime
    author: str
    subject: str
    text: str | None   # the file at this commit (None: deleted, or not text)


def _git(folder: Path, *args: str, timeout: float = 5) -> str | None:
    try:
        p = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return p.stdout.decode("utf-8", "replace") if p.returncode == 0 else None


def in_git(folder: Path) -> bool:
    return git_toplevel(Path(folder)) is not None


def commits(folder: Path, file_id: str) -> list[Commit]:
    """The commits that changed ``file_id`` (relative to ``folder``), oldest first (at most
    MAX_COMMITS, the newest kept), each with the file's text then."""
    if not in_git(folder):
        return []
    out = _git(folder, "log", f"-n{MAX_COMMITS}", "--follow", "--format=%H%x09%ct%x09%an%x09%s", "--", file_id)
    if not out:
        return []
    top = _git(folder, "rev-parse", "--show-prefix")
    prefix = (top or "").strip()
    found = []
    for line in out.splitlines():
        parts = line.split("\t", 3)
        if len(parts) < 4:
            continue
        sha, stamp, author, subject = parts
        try:
            at = dt.datetime.fromtimestamp(int(stamp), tz=dt.timezone.utc)
        except ValueError:
            continue
        text = _git(folder, "show", f"{sha}:{prefix}{file_id}")
        found.append(Commit(sha, at, author, subject, text))
    return list(reversed(found))


def first_and_last(folder: Path) -> dict[str, tuple[dt.datetime, dt.datetime, str]]:
    """File id (relative to ``folder``) → (last commit time, first commit time, the first commit's
    author), from one `git log` of the folder; {} when it is not in git."""
    if not in_git(folder):
        return {}
    out = _git(folder, "log", "-n", "5000", "--format=%x00%ct%x09%an", "--name-only", "--relative", "--", ".")
    if not out:
        return {}
    dates: dict[str, tuple[dt.datetime, dt.datetime, str]] = {}
    for chunk in out.split("\x00")[1:]:
        head, _, names = chunk.partition("\n")
        stamp, _, author = head.partition("\t")
        try:
            at = dt.datetime.fromtimestamp(int(stamp), tz=dt.timezone.utc)
        except ValueError:
            continue
        for name in names.split("\n"):
            name = name.strip()
            if not name:
                continue
            known = dates.get(name)
            # newest first: the first seen is the last commit, each later one moves the first back
            dates[name] = (known[0], at, author.strip()) if known else (at, at, author.strip())
    return dates
