"""Subcommands: one table, name → Command (its one-line help, how its arguments are set up, and
the module and function that run it). The parser (``tui.cli``) is built from the table; each
module is imported only when its command runs, so the hook and the JSON paths start without
rich or textual (and a command's parser is built alone: the hook's never imports the layouts)."""
from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Command:
    """One subcommand: ``module.func(args)`` runs it; ``arguments`` sets up its parser."""

    module: str
    func: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]


def layout_help() -> str:
    """--layout's help: the registry's names (tui.core.layouts)."""
    from ..core.layouts import listed
    return f"the agent's memory layout: {listed()} (default: detected)"


def _common(p: argparse.ArgumentParser, format_alias: bool = True) -> None:
    from .common import layout_arg
    p.add_argument("--dir", help="memory directory (default: discovered, see README)")
    p.add_argument("--root", help="project root that anchors resolve against (default: git top-level of cwd)")
    p.add_argument("--layout", type=layout_arg, default=None, metavar="NAME", help=layout_help())
    if format_alias:
        p.add_argument("--format", dest="layout", type=layout_arg, metavar="NAME", help="the same as --layout")


def _list(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--json", action="store_true", help="JSON output (SPEC §7)")


def _preview(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("query", metavar="QUERY")
    p.add_argument("--json", action="store_true")
    p.add_argument("--max-count", type=int, default=None, help="at most N entries (default 3)")
    p.add_argument("--max-chars", type=int, default=None, help="at most N characters (default 2000)")


def _eval(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("queries", metavar="QUERIES_FILE")
    p.add_argument("--json", action="store_true")
    p.add_argument("--max-count", type=int, default=None)
    p.add_argument("--max-chars", type=int, default=None)


def _audit(p: argparse.ArgumentParser) -> None:
    _common(p, format_alias=False)
    p.add_argument("--format", default="text", metavar="FORMAT",
                   help="text, json, sarif or markdown (a layout name here works as --layout)")
    from ..core.judging.findings import ERROR_KINDS
    p.add_argument("--fail-on", default=",".join(ERROR_KINDS),
                   help="comma-separated kinds whose high-confidence findings make the exit status 1; "
                        "KIND:possible counts that kind's possible ones too ('' for never)")


def _remember(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("text", metavar="TEXT")
    p.add_argument("--name")
    p.add_argument("--description")
    p.add_argument("--type", default=None)
    p.add_argument("--source", default="user", choices=("user", "model", "tool"))
    p.add_argument("--anchor", action="append", default=[], metavar="FILE:QUOTE")
    p.add_argument("--paths", nargs="+", default=[], metavar="PATH")
    p.add_argument("--keywords", nargs="+", default=[], metavar="WORD")


def _ids(p: argparse.ArgumentParser, yes: str | None = "do not ask") -> None:
    """A command over entry ids (delete, restore, archive): --yes skips the question."""
    _common(p)
    p.add_argument("ids", nargs="+", metavar="ID")
    if yes:
        p.add_argument("--yes", action="store_true", help=yes)


def _promote(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("ids", nargs="+", metavar="ID")
    p.add_argument("--to", required=True, metavar="FILE")
    p.add_argument("--yes", action="store_true")


def _history(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("id", metavar="ID", help="the entry's id, as `memtui list` shows it (e.g. deploy-fly.md)")
    p.add_argument("--json", action="store_true", help="JSON output (SPEC §7): versions with diffs, reads, notes")
    p.epilog = ("example: memtui history deploy-fly.md  — who wrote it, when, after which message, each edit as "
                "a diff, and which sessions read it (from the agent's transcripts, its git history, else the "
                "frontmatter's dates)")


def _hook(p: argparse.ArgumentParser) -> None:
    p.add_argument("agent", choices=("claude-code",))


TABLE: dict[str, Command] = {
    "list": Command("listing", "run", "every entry with its status", _list),
    "preview": Command("preview", "run", "what a prompt would inject, and why", _preview),
    "eval": Command("evaluate", "run", "hit rates of labelled prompts (JSON lines)", _eval),
    "audit": Command("audit", "run", "findings before sharing", _audit),
    "remember": Command("writes", "remember", "write a memory through the gates", _remember),
    "delete": Command("writes", "delete", "move entries to the trash (asks first)", _ids),
    "restore": Command("writes", "restore", "bring entries back from the trash", lambda p: _ids(p, yes=None)),
    "promote": Command("promote", "run", "promote entries into an instruction file", _promote),
    "triage": Command("triage", "run", "a suggested action per entry (keep, promote, archive, drop, review)",
                      _list),
    "archive": Command("writes", "archive", "move process entries out of what the agent loads (asks first)", _ids),
    "history": Command("history", "run", "every version of an entry and who read it, from the agent's record",
                       _history),
    "hook": Command("hook", "run", "agent hooks (reads the hook's JSON on stdin)", _hook),
}


def add_parsers(sub, only: str | None = None) -> None:
    """Each command's parser on ``sub`` (an argparse subparsers action), or only ``only``'s."""
    for name, command in TABLE.items():
        if only is None or name == only:
            command.arguments(sub.add_parser(name, help=command.help))


def run(name: str, args) -> int:
    command = TABLE[name]
    return getattr(importlib.import_module(f".{command.module}", __name__), command.func)(args)
