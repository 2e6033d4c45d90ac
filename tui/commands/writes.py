"""`memtui remember`, `memtui delete`, `memtui restore`: every change asks or is gated."""
from __future__ import annotations

import datetime as dt
import sys

from ..core.faults import NOT_ARCHIVED, NOT_DELETED, NOT_REMEMBERED, NOT_RESTORED, explain
from ..core.secrets.detect import redact
from .common import UsageError, resolve_dir
from ..core.writes.trash import apply_delete, plan_delete, restore as restore_ids
from ..core.writes.write import Draft, parse_anchor, write_memory


def remember(args) -> int:
    directory, root, found = resolve_dir(args.dir, args.root, writes=True, layout=args.layout)
    try:
        anchors = [parse_anchor(a) for a in args.anchor]
    except ValueError as e:
        raise UsageError(str(e)) from None
    layout = found.layout
    if layout is not None and not layout.file_per_entry:
        from ..core.writes.layout_writes import append_bullet, can_append, refusal
        if not can_append(layout):
            print(f"memtui remember: not written. {refusal(layout, directory)}", file=sys.stderr)
            return 2
        layout.begin(directory)
    try:
        if layout is not None and not layout.file_per_entry:
            res = append_bullet(directory, root, layout, args.text)
        else:
            res = write_memory(directory, root, Draft(
                text=args.text, name=args.name, description=args.description, type=args.type, source=args.source,
                paths=args.paths, keywords=args.keywords, anchors=anchors))
    except OSError as e:
        return fault("remember", e, NOT_REMEMBERED)
    if not res.ok:
        print(f"memtui remember: not written.\n{res.reason()}", file=sys.stderr)
        return 2
    print(f"remembered {res.id} in {directory}")
    for w in res.warnings:
        print(f"  warning — {w.kind}: {w.message}" + (f" ({w.fix})" if w.fix else ""), file=sys.stderr)
    for n in res.notes:
        print(f"  note: {n}", file=sys.stderr)
    return 0


def fault(command: str, err: OSError, not_done: str) -> int:
    """A write stopped by the system (full disk, read-only folder, …): one sentence, exit 1
    (3 stays for memtui's own bugs)."""
    print(f"memtui {command}: {redact(explain(err, not_done))}", file=sys.stderr)
    return 1


def confirm(question: str) -> bool | None:
    """y/N on the terminal; None when there is no terminal to ask on."""
    if not sys.stdin.isatty():
        return None
    try:
        answer = input(f"{question} [y/N] ")
    except EOFError:
        return None
    return answer.strip().lower() in ("y", "yes")


def confirmed(yes: bool, question: str, command: str, nothing: str) -> bool:
    """--yes, or a y on the terminal; otherwise say that ``nothing`` happened, and why."""
    if yes:
        return True
    ok = confirm(question)
    if ok is None:
        print(f"memtui {command}: {nothing} — no terminal to confirm on; pass --yes", file=sys.stderr)
    elif not ok:
        print(nothing)
    return bool(ok)


def delete(args) -> int:
    directory, _, found = resolve_dir(args.dir, args.root, writes=True, layout=args.layout)
    plan = plan_delete(directory, args.ids, found.layout)
    for i in plan.missing:
        print(f"memtui delete: no entry {i!r} in {directory}", file=sys.stderr)
    if plan.exports:
        n = sum(len(v) for v in plan.exports.values())
        print(f"{n} record(s) of a mem0 export: the export is never changed; a filtered copy without "
              "them is written to the trash folder, for you to import into mem0.")
    if not (plan.files or plan.snippets or plan.exports):
        return 1
    if plan.files or plan.snippets:
        print("These go to the trash (memtui restore brings them back):")
    show_plan(plan)
    n = len(plan.files) + len(plan.snippets) + sum(len(v) for v in plan.exports.values())
    question = (f"Move {n} entr{'y' if n == 1 else 'ies'} to the trash?" if plan.files or plan.snippets
                else "Write the filtered copy?")
    if not confirmed(args.yes, question, "delete", "nothing deleted"):
        return 1
    try:
        res = apply_delete(directory, plan)
    except OSError as e:
        return fault("delete", e, NOT_DELETED)
    for i in res.vanished:
        print(f"memtui delete: {i} vanished (or changed) before it could be moved", file=sys.stderr)
    for path, dropped in res.exports:
        print(f"wrote {path} ({dropped} record(s) left out; the export itself is unchanged)")
    if plan.files or plan.snippets:
        print(f"moved {len(res.moved)} to {res.trash}")
    return 1 if plan.missing or res.vanished else 0


def show_plan(plan) -> None:
    """Every file, MEMORY.md line and shared-file line that a plan moves."""
    for i in plan.files:
        print(f"  {i}")
        for n, line in plan.index_lines.get(i, []):
            print(f"    MEMORY.md:{n}  {line.strip()}")
    for i, s in plan.snippets.items():
        print(f"  {i}  (lines {s.start + 1}–{s.start + len(s.lines)} of {s.file}; nothing else in it changes)")
        for k, line in enumerate(s.lines):
            print(f"    {s.file}:{s.start + 1 + k}  {redact(line.rstrip(chr(13) + chr(10)))}")


def archive(args) -> int:
    from ..core.writes.archive import apply_archive, can_archive, plan_archive, refusal
    directory, _, found = resolve_dir(args.dir, args.root, writes=True, layout=args.layout)
    if not can_archive(found.layout):
        print(f"memtui archive: nothing moved. {refusal(found.layout, directory)}", file=sys.stderr)
        return 1
    plan = plan_archive(directory, args.ids, found.layout)
    for i in plan.missing:
        print(f"memtui archive: no entry {i!r} in {directory}", file=sys.stderr)
    if not (plan.files or plan.snippets):
        return 1
    if plan.snippets:
        from ..core.writes.archive import daily_log
        print(f"These lines move out of MEMORY.md into today's log, {daily_log(dt.datetime.now(dt.timezone.utc))} "
              "(a copy goes to .archive/; memtui restore brings them back):")
    else:
        print(f"These move to {directory / '.archive'}/ — out of what the agent loads, with their MEMORY.md lines "
              "(memtui restore brings them back):")
    show_plan(plan)
    n = len(plan.files) + len(plan.snippets)
    if not confirmed(args.yes, f"Archive {n} entr{'y' if n == 1 else 'ies'}?", "archive", "nothing archived"):
        return 1
    try:
        res = apply_archive(directory, plan)
    except OSError as e:
        return fault("archive", e, NOT_ARCHIVED)
    for i in res.vanished:
        print(f"memtui archive: {i} vanished (or changed) before it could be moved", file=sys.stderr)
    print(f"archived {len(res.moved)} to {res.trash}")
    return 1 if plan.missing or res.vanished else 0


def restore(args) -> int:
    directory, _, _ = resolve_dir(args.dir, args.root, writes=True)
    try:
        res = restore_ids(directory, args.ids)
    except OSError as e:
        return fault("restore", e, NOT_RESTORED)
    for i in res.restored:
        print(f"restored {i}")
    for i in res.missing:
        print(f"memtui restore: {i!r} is not in the trash", file=sys.stderr)
    for i in res.blocked:
        print(f"memtui restore: {i} exists again; move it away first", file=sys.stderr)
    return 0 if not (res.missing or res.blocked) else 1
