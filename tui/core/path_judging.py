"""Judging a path a memory mentions against the project: which mentions say nothing when their
file is not there (build output, data, scratch folders, another repo's files, a plan), and which
written forms name a file that is there (a route with folders left out). Each rule was found on
real memory folders (tests/ledger); status.py asks these when a mentioned path does not exist."""
from __future__ import annotations

import re

from .textutil import line_span

# file names every folder has: a file of that name elsewhere says nothing of where one went
GENERIC_NAMES = {"readme", "index", "route", "routes", "page", "layout", "main", "app", "init", "__init__", "mod", "lib",
                  "package", "config", "settings", "utils", "types", "test", "tests",
                  "setup", "makefile", "dockerfile", "changelog", "license", "todo", "notes", "memory", "schema"}




_DYNAMIC_SEG = re.compile(r"\[[^/\]]+\]|\([^/)]+\)")


def in_order(segs: list[str], theirs: list[str]) -> bool:
    """``segs`` stand in ``theirs`` in order, the file name last, at most two folders left out
    (a dynamic [param] or (group), a sub-folder people skip when they say a route)."""
    if len(segs) < 2 or theirs[-1] != segs[-1] or segs[0] not in theirs:
        return False
    theirs = theirs[len(theirs) - 1 - theirs[::-1].index(segs[0]):]   # from where it starts (a sub-project before is fine)
    if len(theirs) - len(segs) > 2:
        return False
    it, skipped = iter(theirs), []
    for x in segs:
        for y in it:
            if x == y:
                break
            skipped.append(y)
        else:
            return False
    plain = [y for y in skipped if not _DYNAMIC_SEG.fullmatch(y)]
    # a plain folder left out only of a longer route (src/agents.py is not src/registry/agents.py)
    return not plain or len(plain) == 1 and len(segs) >= 3
INSTRUCTION_NAMES = {"claude.md", "agents.md", "gemini.md", "claude.local.md", "copilot-instructions.md"}


GENERATED = {"dist", "build", "out", "target", "node_modules", ".next", ".nuxt", "coverage", "__pycache__", ".venv",
              "venv", ".cache", "tmp"}


_GONE_WORDS = re.compile(r"(?i)remov|delet|retir|dropp|\bgone\b|eliminat|deprecat|archiv|rimoss|elimin|borrad|"
                         r"cancellat|\bmorto\b|bad pattern|merged into|consolidat|replaced by|superseded|"
                         r"apagad|supprim|удал|삭제|削除|删除|刪除|廃止|xóa|gelöscht|entfernt")


def _line_span(body: str, path: str) -> tuple[int, int] | None:
    """Where the line that first names ``path`` starts and ends in ``body``."""
    i = body.find(path)
    return line_span(body, i) if i >= 0 else None


def said_gone(body: str, path: str) -> bool:
    """The sentence that names the path says it was removed (or retired, deleted…)."""
    span = _line_span(body, path)
    return span is not None and _GONE_WORDS.search(body, *span) is not None


# outputs and local files: data, logs, media, archives, environments, caches (gitignored as a rule)
_DATA_EXTS = {"csv", "tsv", "log", "pkl", "pickle", "parquet", "feather", "npy", "npz", "h5", "hdf5", "db", "sqlite",
              "sqlite3", "jsonl", "ndjson", "png", "jpg", "jpeg", "gif", "webp", "svg", "pdf", "mp4", "mp3", "wav",
              "zip", "gz", "tar", "tgz", "7z", "exe", "dll", "so", "whl", "pt", "pth", "ckpt", "onnx", "bin", "xlsx",
              "xls", "docx", "pptx", "out", "tmp", "bak", "pid", "lock"}
_LOCAL_SEGMENTS = {".env", ".auth", ".venv", "venv", "node_modules", ".next", "__pycache__", ".cache", "tmp",
                   "output", "outputs", "results", ".pytest_cache", "coverage", "cache"}


# dot-folders people commit; any other (.debug/, .local/) is a scratch place kept out of git
_COMMITTED_DOTS = {".github", ".claude", ".vscode", ".cursor", ".gemini", ".codex", ".devcontainer", ".husky",
                   ".circleci", ".gitlab", ".storybook", ".changeset", ".config"}
# the parts inside an Office file (docProps/app.xml, ppt/slides/…): not the project's files
_OOXML = {"docprops", "ppt", "word", "xl", "_rels", "customxml"}


def made_not_kept(path: str) -> bool:
    segs = [x.lower() for x in path.rstrip("/").split("/") if x]
    if segs and (segs[0].startswith(".") and segs[0] not in _COMMITTED_DOTS and segs[0] not in (".", "..")
                 or segs[0] in _OOXML and len(segs) > 1):
        return True
    last = segs[-1] if segs else ""
    ext = last.rsplit(".", 1)[-1] if "." in last.strip(".") else ""
    if ext in ("html", "htm") and len(segs) == 1:
        return True   # a bare page name: a report a script writes, or a page of another site
    return ext in _DATA_EXTS or any(x in _LOCAL_SEGMENTS or x.startswith(".env") for x in segs)


def has_extension(path: str) -> bool:
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return "." in last.strip(".") and last.rsplit(".", 1)[-1].isalnum()


# the line or its section says the file is not this project's committed tree: ignored, local, planned, another repo
_ELSEWHERE_LINE = re.compile(r"(?i)gitignor|not in git|untracked|local only|local-only|no (?:viaja|va) (?:por|en) git|"
                             r"non (?:è )?in git|sibling|other repo|another repo|outro repo|otro repo|altro repo|"
                             r"submodul|on the (?:server|vps|host)|remote (?:host|server)")
_PLAN_HEADING = re.compile(r"(?im)^[ \t]{0,3}#{1,6}[^\n]*(?:plan|proposal|proposed|roadmap|todo|to-do|future|"
                           r"next steps|draft|wishlist|propuesta|proposta|계획|計画|计划)[^\n]*$")


_HEADING = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t][^\n]*$")


def elsewhere(body: str, path: str) -> bool:
    """The line that names the path says it is not in this project's tree (gitignored, local, on a
    server, in another repo), or it stands under a plan's heading."""
    span = _line_span(body, path)
    if span is None:
        return False
    start = span[0]
    if _ELSEWHERE_LINE.search(body, *span):
        return True
    heading = None
    for h in _HEADING.finditer(body, 0, start):   # the last heading above the line
        heading = h
    return heading is not None and _PLAN_HEADING.match(heading.group(0)) is not None


def named_file(path: str) -> bool:
    """The path ends in a file name with an extension (or is written as a folder, `x/`)."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return path.endswith("/") or ("." in last.strip(".") and last.rsplit(".", 1)[-1].isalnum())
