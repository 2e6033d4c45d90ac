"""`memtui audit`: findings before sharing, as text, JSON, SARIF or Markdown."""
from __future__ import annotations

import contextlib
import sys

from .common import UsageError, after_output, resolve_dir
from ..core.reports.audit_cache import Probe
from ..core.clock import utcnow
from ..core.judging.findings import fail_kinds, failing as failing_kinds

FORMATS = ("text", "json", "sarif", "markdown")


ATTEMPT_DAYS = 7


def _attempts(directory) -> None:
    """What the write gate kept out of this folder lately (from the hook's log, not the folder:
    said on stderr, so the report itself stays the same whatever the log holds)."""
    import datetime as dt
    from ..core.writes.injection_log import attempts_note, denied_writes
    since = (utcnow() - dt.timedelta(days=ATTEMPT_DAYS)).isoformat(timespec="seconds").replace("+00:00", "Z")
    note = attempts_note(denied_writes(directory, since), ATTEMPT_DAYS)
    if note:
        print(f"memtui audit: {note}", file=sys.stderr)


def report_of(directory, root, layout, held: contextlib.ExitStack, kept_only: bool = False):
    """(the folder's audit, what to run once the output is out to keep it — None when it was the
    kept one): the last audit kept when nothing it was made from changed, else a new one (with
    ``kept_only``, (None, None): no audit is made)."""
    from ..core.layouts import DEFAULT_LAYOUT
    probe = Probe(directory, root, layout.name if layout is not None else DEFAULT_LAYOUT)   # before anything is read
    rep = probe.report(utcnow())
    if rep is not None or kept_only:
        return rep, None
    from ..core.reports.audit import audit
    from ..core.judging.crossfile import memos_wanted
    from ..core.snapshots.memory import Memory, paused_gc
    # A one-shot process: cyclic GC would free nothing, and a collection in each forked worker
    # touches every object of the inherited heap (copy-on-write of all of it). Let go at the
    # end: an in-process caller (a test) keeps its collector.
    held.enter_context(paused_gc())
    mem = Memory.load(directory, root, layout=layout, judging=True, memos=("mentions", *memos_wanted(root)))
    rep = audit(mem)
    # the next audit reads these instead: the whole audit, or unchanged files' judgements
    return rep, lambda: (mem.store.keep_judgements(), probe.keep(mem, rep))


def run(args) -> int:
    with contextlib.ExitStack() as held:   # what _run holds is let go at its end, however it ends
        return _run(args, held)


def _run(args, held: contextlib.ExitStack) -> int:
    try:
        failing = fail_kinds(args.fail_on)
    except ValueError as e:
        raise UsageError(f"--fail-on: {e}") from None
    if args.format not in FORMATS:
        from ..core.layouts import NAMES, resolve
        name = resolve(args.format)
        if name is None:
            raise UsageError(f"--format: {args.format!r} is not one of {', '.join(FORMATS)} (or a layout: "
                             f"{', '.join(NAMES)})")
        args.layout, args.format = name, "text"
    directory, root, found = resolve_dir(args.dir, args.root, layout=args.layout)
    rep, keep = report_of(directory, root, found.layout, held)
    if args.format == "text":
        from ..render.audit import print_audit
        print_audit(rep, show_all=getattr(args, "show_all", False))
    else:
        from ..core.reports import audit_format as fmt
        if args.format == "json":
            out = fmt.dumps(fmt.to_json(rep))
        elif args.format == "sarif":
            out = fmt.dumps(fmt.to_sarif(rep))
        else:
            out = fmt.to_markdown(rep)
        sys.stdout.write(out + "\n")
    sys.stdout.flush()
    if keep is not None:
        after_output(keep)
    hit = failing_kinds(rep.findings, failing)
    if args.format == "text":
        _attempts(directory)
    if hit and args.format == "text":
        print(f"memtui audit: failing on {', '.join(hit)} (--fail-on {args.fail_on})", file=sys.stderr)
    return 1 if hit else 0
