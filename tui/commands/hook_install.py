"""`memtui hook install [--user|--project] [--print] [--uninstall]`: wire memtui's hook into Claude
Code's settings (``core/writes/claude_settings`` holds the files, the merge and the write)."""
from __future__ import annotations

import sys
from pathlib import Path

from ..core.writes import claude_settings as cs
from ..core.reading.discover import git_toplevel

WHAT = (("UserPromptSubmit", "injects the memories that match each prompt"),
        ("PreToolUse", "judges the agent's writes into its memory folder (Write|Edit|MultiEdit)"),
        ("PostToolUse", "records the memory writes that landed, for the app's NEW marks"))


def target(scope: str) -> Path:
    if scope == "project":
        cwd = Path.cwd()
        return cs.project_settings(git_toplevel(cwd) or cwd)
    return cs.user_settings()


def shown(path: Path) -> str:
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def run(args) -> int:
    path = target(args.scope)
    command = cs.this_command()
    change = cs.unmerged if args.uninstall else (lambda data: cs.merged(data, command))
    try:
        if args.print:
            return _print(path, change)
        changed, backup = cs.write(path, change)
    except cs.SettingsError as e:
        print(f"memtui: cannot merge into {path}: {e}; nothing was written. Fix the file (or move it "
              f"away), then run this again; `memtui hook install --print` shows the entries to add by hand.",
              file=sys.stderr)
        return 1
    except OSError as e:   # a read-only home, a permission, Claude Code writing it three times over
        from ..core.faults import explain
        print(f"memtui: {explain(e, f'{shown(path)} was not changed')}", file=sys.stderr)
        return 1
    if args.uninstall:
        print(f"memtui: removed memtui's hook from {shown(path)}" if changed
              else f"memtui: {shown(path)} has no memtui hook: nothing to remove")
    elif not changed:
        print(f"memtui: the hook is already wired in {shown(path)}: nothing to change\n  command: {command}")
    else:
        print(f"memtui: wired the Claude Code hook into {shown(path)}")
        for event, what in WHAT:
            print(f"  {event:<18}{what}")
        print(f"  command: {command}")
    if changed and backup is not None:
        print(f"  the file as it was: {shown(backup)}")
    if changed and args.scope == "project" and not args.uninstall and not _ignored(path):
        print(f"  git does not ignore {path.name} here: add .claude/settings.local.json to .gitignore "
              "(the command in it is this machine's path)")
    if changed and not args.uninstall:
        print("Start a new Claude Code session to use it (its /hooks command lists it). Each decision shows in "
              "memtui's Injection log tab.")
    return 0


def _print(path: Path, change) -> int:
    """--print: the file as it would be written; for a file memtui cannot read, the entries alone
    (to add by hand), and exit 1 as the install would."""
    try:
        data, _ = cs.read(path)
    except cs.SettingsError as e:
        sys.stdout.write(cs.dumps(change({})))
        print(f"memtui: {path} cannot be merged into ({e}): above are memtui's entries alone, to add by hand",
              file=sys.stderr)
        return 1
    sys.stdout.write(cs.dumps(change(data)))
    print(f"memtui: nothing written (--print); this is {shown(path)} as it would be", file=sys.stderr)
    return 0


def _ignored(path: Path) -> bool:
    """Whether git ignores ``path`` (True outside a repository, or without git: nothing to say)."""
    import subprocess
    try:
        done = subprocess.run(["git", "check-ignore", "-q", str(path)], cwd=path.parent, capture_output=True,
                              timeout=5)
    except (OSError, subprocess.SubprocessError):
        return True
    return done.returncode != 1   # 0: ignored; 1: not ignored; 128: not a repository
