"""The `memtui` command: the TUI with no subcommand, else a headless subcommand.

Every subcommand is a thin shell over `tui.core`; JSON output follows SPEC §7.
Heavy imports (rich, textual) happen inside the commands that need them, so the
agent hook and `--json` paths start fast.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import __version__
from .commands import TABLE, add_parsers, layout_help, run as run_command
from .commands.common import UsageError, entry_file, layout_arg, resolve_dir

COMMANDS = tuple(TABLE)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The subcommands' parser, from the one table (commands.TABLE); ``only``: that command's alone
    (what parsing it needs, and no more imports than it needs)."""
    parser = argparse.ArgumentParser(prog="memtui", description="See and curate what a coding agent remembers.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_parsers(sub, only)
    return parser


def build_tui_parser() -> argparse.ArgumentParser:
    """`memtui [DIR…]`: the app; its --help is the one page that also lists every command."""
    from .commands import HelpFormatter
    from .core.reading.discover import layout_samples
    width = max(len(n) for n in COMMANDS) + 2
    commands = "\n".join(f"  {name:<{width}}{TABLE[name].help}" for name in COMMANDS)
    p = argparse.ArgumentParser(
        prog="memtui", formatter_class=HelpFormatter,
        usage="memtui [DIR ...] [--root R] [--theme T] [--no-watch] [--layout NAME]\n"
              "       memtui COMMAND [ARGS ...]   (memtui COMMAND --help)",
        description="See and curate what a coding agent remembers. With no COMMAND, memtui opens the "
                    "terminal app on the memory folder: DIR, else $MEMTUI_DIR, else Claude Code's folder for "
                    "this project, ./memory or ./.memories, a memory bank (./memory-bank), the folder you stand in "
                    "when it is one, else a private copy of the bundled sample.",
        epilog=f"commands:\n\n{commands}\n\n"
               "Start with `memtui` (the app: ? lists every key) and `memtui hook install` (Claude Code's hook).")
    samples = layout_samples()
    p.add_argument("dir", nargs="*", metavar="DIR", help="memory folder (default: discovered); several "
                   "folders open side by side, with an agent column; an entry's file opens its folder on it"
                   + (f"; sample:NAME opens a bundled sample ({', '.join(samples)})" if samples else ""))
    # every command takes --dir: the app takes it too, so a folder just audited opens the same way
    p.add_argument("--dir", dest="dir_opt", action="append", default=[], metavar="DIR",
                   help="the same as DIR (may be given more than once)")
    p.add_argument("--root", metavar="R", help="the project root that anchors resolve against "
                                              "(default: the git top-level of the working directory)")
    p.add_argument("--theme", metavar="T", help="a theme name, bundled or Textual's (remembered when chosen "
                                                "in the app with ctrl+p)")
    p.add_argument("--no-watch", action="store_true", help="do not follow changes to the folder as they happen")
    p.add_argument("--layout", "--format", dest="layout", type=layout_arg, default=None, metavar="NAME",
                   help=layout_help())
    p.add_argument("--version", action="version", version=f"memtui {__version__}")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in COMMANDS:
            args = build_parser(argv[0]).parse_args(argv)
            code = run_command(args.command, args)
            sys.stdout.flush()  # a closed pipe surfaces here, where it is handled below
            return code
        if argv and argv[0] in ("-h", "--help"):
            build_tui_parser().print_help()   # one page: the app's options and every command
            return 0
        args = build_tui_parser().parse_args(argv)
        args.dir = [*args.dir, *args.dir_opt]
        return run_tui(args)
    except UsageError as e:
        print(f"memtui: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `memtui list | head`: the reader left; that is not an error. (Before the catch-all
        # below: BrokenPipeError is an Exception too.) Point stdout at /dev/null so the
        # interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as e:  # a bug: one clear line, the traceback only when asked for
        if os.environ.get("MEMTUI_DEBUG"):
            raise
        from .core.secrets.detect import redact
        print(f"memtui: internal error: {type(e).__name__}: {redact(str(e))[:300]} "
              "(run with MEMTUI_DEBUG=1 for the traceback)", file=sys.stderr)
        return 3


def entry_point() -> None:
    """The `memtui` command. A headless command's work is done once its output is flushed:
    leave without tearing down the heap (at 10,000 entries freeing every object took ~0.4 s
    of a run). What only saves the next run time (the parse cache's rows) is written by a
    detached child once the output is out."""
    if not (sys.argv[1:2] and sys.argv[1] in COMMANDS):
        raise SystemExit(main())   # the app
    from .commands import common
    from .core.forking import detach
    jobs = common.AFTER_OUTPUT = []
    code = main()
    # the command let go of its GC pause (for an in-process caller); what runs after the output
    # (the parse cache's write, in a detached child) is one-shot work too: no collector passes
    import gc
    gc.disable()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):
        pass
    if jobs and not detach(lambda: [job() for job in jobs]):
        for job in jobs:
            job()
    os._exit(code)


def run_tui(args: argparse.Namespace) -> int:
    dirs = args.dir or [None]
    for d in dirs:
        if d and "/" not in d and not Path(d).exists() and not d.startswith("sample:"):
            import difflib   # a mistyped command ('prevew'): say which one was meant
            near = difflib.get_close_matches(d, COMMANDS, n=1, cutoff=0.6)
            raise UsageError(f"no folder or command named {d!r}" + (f" — did you mean 'memtui {near[0]}'?" if near else "")
                             + f" (commands: {', '.join(COMMANDS)})")
    select = None
    if len(dirs) == 1 and dirs[0]:
        one = entry_file(Path(dirs[0]))
        if one is not None:   # an entry's file: its folder, with the cursor on it
            dirs, select = [str(one[0])], one[1]
    # the sample (and a layout sample) open as a private copy
    opened = [resolve_dir(d, args.root, writes=True, layout=args.layout) for d in dirs]
    directory, root, found = opened[0]
    store, shown = None, None
    if len(opened) > 1:   # several agents side by side
        from .core.snapshots.multi import MultiStore
        store = MultiStore([(d, f.layout) for d, _, f in opened], root)
        shown = f"{len(opened)} folders"
    from .app import MemtuiApp
    app = MemtuiApp(directory, root, theme=args.theme, watch=not args.no_watch,
                    sample=found.is_sample and store is None, layout=found.layout, store=store,
                    display_path=shown, select=select,
                    offer_hook=any(f.layout is None or f.layout.wires_hook for _, _, f in opened))
    app.run()
    return app.return_code or 0
