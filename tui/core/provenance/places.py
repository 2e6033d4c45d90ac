"""Where an agent keeps its own record of a memory folder, and how a path in it names an entry.

Each layout names the record its agent keeps (``Layout.record``, a kind registered here) or
says why there is none (``Layout.no_record``). A place is the folders to read, the files in
them, and the byte strings a line must hold to be about this memory folder (the reader looks
for them before it parses anything: a line that does not name the folder is never decoded).

Claude Code: ``<config>/projects/<slug>/<session>.jsonl`` beside ``<slug>/memory/`` (subagents'
transcripts in ``<slug>/<session>/subagents/*.jsonl``); ``<config>`` is ``$CLAUDE_CONFIG_DIR``
or ``~/.claude``; a memory folder elsewhere is matched to the project by ``--root``'s slug.
OpenClaw (pi's session format): ``$OPENCLAW_STATE_DIR`` or ``~/.openclaw``, ``agents/*/sessions/*.jsonl``.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..reading.discover import claude_slug, git_toplevel

CLAUDE = "claude-transcripts"
OPENCLAW = "openclaw-sessions"
CODEX = "codex-rollouts"
GIT = "git"
LABEL = {CLAUDE: "Claude Code's session transcripts", OPENCLAW: "OpenClaw's session logs",
         CODEX: "Codex's session rollouts", GIT: "the folder's git history"}


@dataclass
class Place:
    """Where one memory folder's record is: ``kind`` (a key of LABEL), the folders read, the record
    files found there, ``prefixes``: the memory folder as the record's absolute paths spell it
    (each ends with '/'), and ``anywhere``: a tail that names it wherever the config folder was
    (a synced ~/.claude: ``/<slug>/memory/``)."""

    kind: str
    folders: list[Path] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    prefixes: tuple[str, ...] = ()
    anywhere: tuple[str, ...] = ()
    lines_with: tuple[bytes, ...] = ()   # read every line holding one of these too (relative paths)
    note: str = ""   # why there is nothing to read ("" when there is)

    @property
    def label(self) -> str:
        return LABEL.get(self.kind, self.kind)

    @property
    def needles(self) -> tuple[bytes, ...]:
        """What a line must hold to be read: the folder as JSON writes its path (JavaScript
        escapes no '/', and writes non-ASCII as it is; a Windows backslash is doubled)."""
        out = [p.encode("utf-8").replace(b"\\", b"\\\\") for p in (*self.prefixes, *self.anywhere)]
        return tuple(dict.fromkeys([*out, *self.lines_with]))

    def locate(self, path: str, cwd: str | None = None) -> str | None:
        """The entry file id (relative, '/'-separated) a path in the record names, else None;
        a relative path is taken from ``cwd`` (the session's working folder)."""
        if not isinstance(path, str) or not path:
            return None
        norm = path.replace("\\", "/")
        if not norm.startswith("/") and cwd:
            norm = cwd.replace("\\", "/").rstrip("/") + "/" + norm
        for prefix in self.prefixes:
            if norm.startswith(prefix):
                return _inside(norm[len(prefix):])
        for tail in self.anywhere:
            at = norm.find(tail)
            if at >= 0:
                return _inside(norm[at + len(tail):])
        return None


def _inside(rel: str) -> str | None:
    rel = os.path.normpath(rel).replace("\\", "/") if rel else ""
    return None if not rel or rel == "." or rel == ".." or rel.startswith("../") else rel


def claude_config_dir(env=None) -> Path:
    env = os.environ if env is None else env
    if env.get("CLAUDE_CONFIG_DIR"):
        return Path(env["CLAUDE_CONFIG_DIR"]).expanduser()
    return (Path(env["HOME"]) if env.get("HOME") else Path.home()) / ".claude"


def _prefixes(memory_dir: Path) -> tuple[str, ...]:
    forms = {str(Path(memory_dir).absolute()), os.path.realpath(memory_dir)}
    return tuple(sorted({f.rstrip("/") + "/" for f in forms}, key=len, reverse=True))


def _anywhere(memory_dir: Path) -> tuple[str, ...]:
    """The folder as another machine spelled it (a synced ~/.claude): the project's slug and
    memory/ are the same wherever the config folder is."""
    d = Path(memory_dir).absolute()
    return (f"/projects/{d.parent.name}/memory/",) if _in_claude_place(d) else ()


def _in_claude_place(d: Path) -> bool:
    return d.name == "memory" and d.parent.parent.name == "projects"


def claude_place(memory_dir: Path, root: Path | None) -> Place:
    """The transcripts of the project whose memory this is: beside it when it sits in Claude
    Code's own place, else those of ``root``'s project (its git top level, slugged)."""
    memory_dir = Path(memory_dir).absolute()
    folder = None
    if _in_claude_place(memory_dir):
        folder = memory_dir.parent
    elif root is not None:
        top = git_toplevel(Path(root)) or Path(root).resolve()
        folder = claude_config_dir() / "projects" / claude_slug(top)
    place = Place(CLAUDE, [folder] if folder is not None else [], prefixes=_prefixes(memory_dir),
                  anywhere=_anywhere(memory_dir))
    if folder is None or not folder.is_dir():
        place.note = (f"no transcripts found (looked in {folder})" if folder is not None
                      else "no transcripts found (the folder is not in Claude Code's place and no project root)")
        return place
    place.files = _jsonl(folder, depth=3)
    if not place.files:
        place.note = f"no transcripts in {folder}"
    return place


def openclaw_place(memory_dir: Path, root: Path | None) -> Place:
    base = Path(os.environ.get("OPENCLAW_STATE_DIR") or Path.home() / ".openclaw").expanduser()
    agents = base / "agents"
    # the workspace's files are often named relative to it ("memory/2026-01-02.md"): every tool
    # call and result is read (session logs are chat-sized, not hundreds of MB)
    place = Place(OPENCLAW, [agents], prefixes=_prefixes(memory_dir),
                  lines_with=(b'"toolCall"', b'"toolResult"'))
    files = []
    try:
        for agent in sorted(agents.iterdir()):
            files += _jsonl(agent / "sessions", depth=1)
    except OSError:
        pass
    place.files = files
    if not files:
        place.note = f"no session logs found (looked in {agents}/*/sessions)"
    return place


def git_place(memory_dir: Path, root: Path | None) -> Place:
    top = git_toplevel(Path(memory_dir))
    place = Place(GIT, [top] if top else [])
    if top is None:
        place.note = "the folder is not in a git repository"
    return place


def no_place(note: str) -> Place:
    return Place("", note=note)


def _jsonl(folder: Path, depth: int) -> list[Path]:
    """The .jsonl files under ``folder`` (subagents' folders included), sorted; never a symlink."""
    out: list[Path] = []

    def walk(d: Path, left: int) -> None:
        try:
            items = list(os.scandir(d))
        except OSError:
            return
        for item in items:
            try:
                if item.is_symlink():
                    continue
                if item.is_file() and item.name.endswith(".jsonl"):
                    out.append(Path(item.path))
                elif left > 0 and item.is_dir() and item.name not in ("memory", ".git"):
                    walk(Path(item.path), left - 1)
            except OSError:
                continue
    walk(Path(folder), depth - 1)
    return sorted(out)
