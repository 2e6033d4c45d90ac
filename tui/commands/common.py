"""What every subcommand shares: the usage error, finding the folder, writing JSON.

Commands import these from here, never from `tui.cli` (the entry point imports the
commands, not the other way round).
"""
from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from ..core.reading.discover import (SAMPLE_PREFIX, SHOWING_SAMPLE, Found, default_root, discover, layout_sample,
                                     layout_samples, private_sample)
from ..core.fsutil import dumps_json


class UsageError(Exception):
    """A problem with what the user asked for: one line on stderr, exit 2."""


# Work that only saves time for the next run (writing the parse cache), queued by a command once
# its output is written. The `memtui` command does it in a detached child after flushing, so the
# caller's wait ends with the output; run in process (tests, other callers), it is done at once.
AFTER_OUTPUT: list | None = None   # the entry point makes it a list: jobs wait there


def after_output(job) -> None:
    if AFTER_OUTPUT is None:
        job()
    else:
        AFTER_OUTPUT.append(job)


def resolve_dir(arg: str | None, root_arg: str | None, quiet: bool = False,
                writes: bool = False, layout: str | None = None) -> tuple[Path, Path, Found]:
    """The memory dir and project root for a command; exit 2 when the dir does not exist.
    With ``writes``, the bundled sample is replaced by a private copy (it must never change).
    The folder's layout is detected (or ``layout`` forced) and kept in ``found.layout``; a
    folder that holds another agent's memory one level down (a project's memory-bank/, a
    ~/.codex) is read there."""
    if arg and arg.startswith(SAMPLE_PREFIX):
        name = arg[len(SAMPLE_PREFIX):]
        folder = layout_sample(name, private=writes)
        if folder is None:
            raise UsageError(f"no bundled sample {name!r} (samples: {', '.join(layout_samples())})")
        found = Found(folder, "layout-sample", f"memtui: the bundled {name} sample" +
                      (f" (a private copy: {folder})" if writes else ""))
        arg = None
    else:
        found = Found(Path(arg).expanduser(), "argument") if arg else discover()
    if writes and found.is_sample:
        copy = private_sample()
        looked = found.note.split("; " + SHOWING_SAMPLE)[0]   # one line, not two that disagree
        found = Found(copy, "sample", f"{looked}; working on a private copy of the bundled sample: {copy}")
    if found.note and not quiet:
        print(found.note, file=sys.stderr)
    if not found.dir.exists():
        raise UsageError(f"memory directory does not exist: {found.dir}")
    if found.dir.is_file():   # a GEMINI.md, a mem0 export: the folder that holds it
        one = entry_file(found.dir)
        if one is not None:   # one entry among many: reading the whole folder is not what was asked
            raise UsageError(f"{found.dir} is one entry of the memory folder {one[0]}; the commands take "
                             f"the folder: --dir {one[0]} (memtui {found.dir} opens the folder on that entry)")
        if not quiet:
            print(f"memtui: reading the folder that holds {found.dir.name}: {found.dir.parent}", file=sys.stderr)
        found = dataclasses.replace(found, dir=found.dir.parent)
    if not found.dir.is_dir():
        raise UsageError(f"not a directory: {found.dir}")
    from ..core.layouts import detect
    seen = detect(found.dir, layout)
    if seen.note and not quiet:
        print(seen.note, file=sys.stderr)
    given = found.dir
    found = dataclasses.replace(found, dir=seen.dir, layout=seen.layout)
    root = Path(root_arg).expanduser() if root_arg else default_root(given)
    if root_arg and not root.is_dir():
        raise UsageError(f"project root does not exist: {root}")
    return found.dir, root, found


def entry_file(path: Path) -> tuple[Path, str] | None:
    """(its folder, its id) when ``path`` is a file that is one entry of a folder holding an entry
    per file (a Claude Code note, a memory-tool file); None for a folder, or for a file that is
    itself a layout's memory (GEMINI.md, a mem0 export) or the index, which stand for their folder."""
    from ..core.layouts import detect
    from ..core.reading.index import INDEX_NAME
    path = Path(path).expanduser()
    if not path.is_file():
        return None
    seen = detect(path.parent)
    if not seen.layout.file_per_entry or seen.dir != path.parent or path.name == INDEX_NAME:
        return None
    return path.parent, path.name


def dump_json(obj) -> None:
    # Indented JSON goes through the pure-Python encoder (1.3 s at 10k entries): only for a person.
    sys.stdout.write(dumps_json(obj, indent=2 if sys.stdout.isatty() else None) + "\n")


def dump_json_text(text: str) -> None:
    """Write JSON kept in its compact form (``dumps_json(obj, None)``) as ``dump_json(obj)`` would."""
    if sys.stdout.isatty():
        import json
        text = dumps_json(json.loads(text), indent=2)
    sys.stdout.write(text + "\n")


def layout_arg(value: str) -> str:
    """--layout NAME (also --format NAME): one of the layouts memtui reads."""
    from ..core.layouts import NAMES, resolve
    name = resolve(value)
    if name is None:
        raise argparse.ArgumentTypeError(f"unknown layout {value!r} (choose from {', '.join(NAMES)})")
    return name


def agent_record(directory: Path, root: Path, layout):
    """The agent's own record of the folder (core/provenance), read incrementally; a long first
    read says how far it is on stderr (when a person is watching)."""
    import time
    from ..core.provenance.report import record_of
    started, shown = time.monotonic(), [False]

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty() and total > 50_000_000 and time.monotonic() - started > 0.5:
            shown[0] = True
            print(f"\rmemtui: reading the agent's record: {done >> 20:,} / {total >> 20:,} MB", end="",
                  file=sys.stderr, flush=True)
    record = record_of(directory, root, layout, progress)
    if shown[0]:
        print(file=sys.stderr)
    return record
