"""Claude Code's settings files and memtui's three hook entries in them (`memtui hook install`).

Claude Code reads hooks from ``~/.claude/settings.json`` (every project; ``$CLAUDE_CONFIG_DIR``
replaces ``~/.claude``), ``.claude/settings.json`` (a project's, committed and shared) and
``.claude/settings.local.json`` (a project's, this machine only). Each event holds a list of
groups ``{"matcher": …, "hooks": [{"type": "command", "command": …, "timeout": …}]}``; memtui adds
one command under UserPromptSubmit (the injection) and under PreToolUse and PostToolUse with the
matcher ``Write|Edit|MultiEdit`` (the write gate, and the record of what landed).

The command names this memtui by absolute path, so a hook works whatever PATH Claude Code runs
with; ``--project`` therefore writes the *local* file: a path on this machine does not belong in
a file the team shares. Merging is pure (``merged``/``unmerged`` on dicts): another tool's hooks
and every other key stay as they are, an entry of ours is recognised by its command (any memtui's
``hook claude-code``, so a moved virtualenv is replaced, not added), and installing twice changes
nothing. ``write`` keeps a backup beside the file, writes atomically and never over a change made
meanwhile (Claude Code rewrites this file too); a file that is not a JSON object is never
touched.
"""
from __future__ import annotations

import copy
import json
import os
import shlex
import shutil
import sys
from pathlib import Path

EVENTS = ("UserPromptSubmit", "PreToolUse", "PostToolUse")
TOOL_EVENTS = ("PreToolUse", "PostToolUse")
TOOL_MATCHER = "Write|Edit|MultiEdit"
TIMEOUT = 10   # seconds Claude Code waits; the hook gives up on its own after 5 (hook.TIME_LIMIT)
BACKUP_SUFFIX = ".bak"
HOOK_ARGS = ["hook", "claude-code"]   # what follows the program in every hook command of memtui's


class SettingsError(ValueError):
    """A settings file memtui cannot merge into safely (not JSON, or not the shape Claude Code reads)."""


def this_command() -> str:
    """The shell command that runs this memtui's hook wherever Claude Code runs it: the absolute
    path of the `memtui` being run (a symlink kept as such: a pipx upgrade keeps it valid), else
    this interpreter with ``-m tui`` (run as a module, or from a test)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) == "memtui":
        path = argv0 if os.sep in argv0 else (shutil.which(argv0) or "")
        if path and os.access(path, os.X_OK):
            return f"{shlex.quote(os.path.abspath(path))} hook claude-code"
    return f"{shlex.quote(sys.executable)} -m tui hook claude-code"


def claude_dir() -> Path:
    base = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(base).expanduser() if base else Path.home() / ".claude"


def user_settings() -> Path:
    return claude_dir() / "settings.json"


def project_settings(project: Path) -> Path:
    return Path(project) / ".claude" / "settings.local.json"


def every_settings(project: Path | None) -> list[Path]:
    """The files Claude Code reads hooks from for ``project`` (the user's first)."""
    files = [user_settings()]
    if project is not None:
        files += [Path(project) / ".claude" / "settings.json", project_settings(project)]
    return files


def is_ours(command) -> bool:
    """Whether a hook command runs some memtui's ``hook claude-code`` (by path or ``python -m tui``)."""
    if not isinstance(command, str):
        return False
    try:
        argv = shlex.split(command)
    except ValueError:
        return False
    while argv and "=" in argv[0] and not argv[0].startswith(("/", "=")):
        argv = argv[1:]   # VAR=value before the program (a hook someone wrote by hand)
    if argv[-2:] != HOOK_ARGS or len(argv) < 3:
        return False
    program = argv[:-2]
    return (len(program) == 1 and os.path.basename(program[0]) == "memtui") or program[1:] == ["-m", "tui"]


def _group(event: str, command: str) -> dict:
    hook = {"type": "command", "command": command, "timeout": TIMEOUT}
    return {"matcher": TOOL_MATCHER, "hooks": [hook]} if event in TOOL_EVENTS else {"hooks": [hook]}


def check_shape(data) -> dict:
    """``data`` if it is settings memtui can merge into; SettingsError saying what is wrong otherwise."""
    if not isinstance(data, dict):
        raise SettingsError("it is JSON but not an object")
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        raise SettingsError('its "hooks" is not an object')
    for event in EVENTS:
        groups = hooks.get(event, [])
        if not isinstance(groups, list) or not all(isinstance(g, dict) for g in groups):
            raise SettingsError(f'its "hooks.{event}" is not a list of objects')
        if not all(isinstance(g.get("hooks", []), list) for g in groups):
            raise SettingsError(f'a group of "hooks.{event}" has "hooks" that is not a list')
    return data


def merged(data: dict, command: str) -> dict:
    """``data`` with memtui's entries for ``command``: an entry of ours already there is kept in its
    place (its command updated), a second one dropped; an event without one gets a group at its end."""
    out = copy.deepcopy(check_shape(data))
    hooks = out.setdefault("hooks", {})
    for event in EVENTS:
        groups, found, emptied = hooks.setdefault(event, []), False, []
        for group in groups:
            kept = []
            for hook in group.get("hooks", []):
                if isinstance(hook, dict) and is_ours(hook.get("command")):
                    if found:
                        continue   # a duplicate of ours
                    found = True
                    hook.update(type="command", command=command)
                    hook.setdefault("timeout", TIMEOUT)
                    if event in TOOL_EVENTS and len(group["hooks"]) == 1:
                        group["matcher"] = TOOL_MATCHER
                kept.append(hook)
            if group.get("hooks") and not kept:
                emptied.append(group)
            if "hooks" in group:
                group["hooks"] = kept
        hooks[event] = [g for g in groups if not any(g is e for e in emptied)]
        if not found:
            hooks[event].append(_group(event, command))
    return out


def unmerged(data: dict) -> dict:
    """``data`` without any memtui entry; a group, event or ``hooks`` that only that emptied goes too."""
    out = copy.deepcopy(check_shape(data))
    hooks = out.get("hooks")
    if not hooks:
        return out
    removed = False
    for event in EVENTS:
        if event not in hooks:
            continue
        groups = []
        for group in hooks[event]:
            theirs = [h for h in group.get("hooks", []) if not (isinstance(h, dict) and is_ours(h.get("command")))]
            if len(theirs) < len(group.get("hooks", [])):
                removed = True
                if not theirs:
                    continue
                group["hooks"] = theirs
            groups.append(group)
        if groups or not hooks[event]:
            hooks[event] = groups
        else:
            del hooks[event]
    if removed and not hooks:
        del out["hooks"]
    return out


def wired(data) -> bool:
    """Whether these settings run memtui on UserPromptSubmit (the injection: what the app asks about)."""
    try:
        groups = check_shape(data).get("hooks", {}).get("UserPromptSubmit", [])
    except SettingsError:
        return False
    return any(isinstance(h, dict) and is_ours(h.get("command")) for g in groups for h in g.get("hooks", []))


def read(path: Path) -> tuple[dict, bytes | None]:
    """(the settings, the bytes read — None when there is no file); SettingsError when they cannot
    be merged into, OSError when the file cannot be read."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return {}, None
    if not raw.strip():
        return {}, raw
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise SettingsError(f"it is not JSON ({e})") from None
    return check_shape(data), raw


def wired_in(project: Path | None) -> Path | None:
    """The first settings file that wires memtui's prompt hook for ``project``, else None."""
    for path in every_settings(project):
        try:
            data, _ = read(path)
        except (OSError, SettingsError):
            continue
        if wired(data):
            return path
    return None


def dumps(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def write(path: Path, change) -> tuple[bool, Path | None]:
    """Apply ``change`` (settings → settings) to the file at ``path``: (whether it changed, the
    backup made). The file is written where a symlink points, through memtui's one write path
    (core/writes/change.py): under the folder's lock, atomically, and the change made again on
    what Claude Code wrote meanwhile, never over it."""
    from .change import change as land
    from ..fsutil import atomic_write
    target = Path(os.path.realpath(path))
    read(target)   # a file that is not a JSON object: SettingsError, nothing written
    target.parent.mkdir(parents=True, exist_ok=True)
    backup = target.with_name(target.name + BACKUP_SUFFIX)
    made: list[Path] = []

    def edit(text: str | None) -> str | None:   # on the file as it is at the rename
        try:
            data = check_shape(json.loads(text)) if text and text.strip() else {}
        except ValueError as e:
            raise SettingsError(f"it is not JSON ({e})") from None
        new = change(data)
        if text is not None and new == data:
            return None
        if text is not None:
            atomic_write(backup, text.encode("utf-8"), mode=0o600)
            made[:] = [backup]
        return dumps(new)
    written = land(target.parent, target, edit)
    return written is not None, (made[0] if made and written is not None else None)
