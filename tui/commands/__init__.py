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
    """One subcommand: ``module.func(args)`` runs it; ``arguments`` sets up its parser; ``help`` is its
    line in `memtui --help`, ``description`` and ``example`` its own `--help` page."""

    module: str
    func: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    description: str = ""
    example: str = ""


class HelpFormatter(argparse.HelpFormatter):
    """Paragraphs are wrapped; a line that starts with two spaces (an example) is kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap
        out = []
        for para in text.split("\n\n"):
            if para.startswith("  "):
                out.append("\n".join(indent + line for line in para.splitlines()))
            else:
                out.append(textwrap.fill(" ".join(para.split()), width, initial_indent=indent,
                                         subsequent_indent=indent))
        return "\n\n".join(out)


def page(parent, name: str, help: str, description: str, example: str) -> argparse.ArgumentParser:
    """A (sub)command's parser with its help line, its description and its examples."""
    return parent.add_parser(name, help=help, description=description,
                             epilog="example" + ("s" if "\n" in example else "") + ":\n\n"
                             + "\n".join(f"  {line}" for line in example.splitlines()),
                             formatter_class=HelpFormatter)


def layout_help() -> str:
    """--layout's help: the registry's names (tui.core.layouts)."""
    from ..core.layouts import listed
    return f"the agent's memory layout: {listed()} (default: detected)"


DIR_HELP = ("the memory folder (default: $MEMTUI_DIR, else Claude Code's folder for this project, ./memory, "
            "./.memories, ./memory-bank, the working folder when it is named memory or memory-bank, else the "
            "bundled sample); sample:NAME for a bundled layout sample")
JSON_HELP = "print JSON instead of text (the shapes are in the README; fields are added, never renamed)"
ID_HELP = "an entry's id: its path in the memory folder, as `memtui list` shows it (e.g. notes/build.md)"


def _common(p: argparse.ArgumentParser, format_alias: bool = True) -> None:
    from .common import layout_arg
    p.add_argument("--dir", help=DIR_HELP)
    p.add_argument("--root", help="the project root that anchors and mentioned paths resolve against "
                                  "(default: the git top-level of the working directory)")
    p.add_argument("--layout", type=layout_arg, default=None, metavar="NAME", help=layout_help())
    if format_alias:
        p.add_argument("--format", dest="layout", type=layout_arg, metavar="NAME", help="the same as --layout")


def _limits(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-count", type=int, default=None, metavar="N",
                   help="inject at most N entries (default 3, or max_count in the config)")
    p.add_argument("--max-chars", type=int, default=None, metavar="N",
                   help="inject at most N characters (default 2000, or max_chars in the config)")


def _list(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def _preview(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("query", metavar="QUERY", help="the prompt, as you would type it to the agent (quote it)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    _limits(p)


def _eval(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("queries", metavar="QUERIES_FILE",
                   help="labelled prompts, one JSON object a line: query, and inject / first / not_inject / none")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    _limits(p)


def _audit(p: argparse.ArgumentParser) -> None:
    _common(p, format_alias=False)
    p.add_argument("--format", default="text", metavar="FORMAT",
                   help="text, json, sarif or markdown (a layout name here works as --layout)")
    from ..core.judging.findings import ERROR_KINDS
    p.add_argument("--fail-on", default=",".join(ERROR_KINDS), metavar="KINDS",
                   help="comma-separated kinds whose high-confidence findings make the exit status 1; "
                        "KIND:possible counts that kind's possible ones too ('' for never; default: %(default)s)")
    p.add_argument("--all", action="store_true", dest="show_all",
                   help="text: show possible findings too (less certain: wording alone, or a path that may be "
                        "elsewhere; folded into one line by default; JSON, SARIF and Markdown always hold them)")


def _remember(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("text", metavar="TEXT", help="the memory: one lasting fact or rule, a sentence or a short "
                                                "paragraph (quote it)")
    p.add_argument("--name", help="the entry's name, and its file name (default: from the first words)")
    p.add_argument("--description", help="one line for the index and the engine (default: the first line of TEXT)")
    p.add_argument("--type", default=None, help="user, feedback, project or reference (Claude Code's types; "
                                                "constraint, preference, state and fact are accepted too)")
    p.add_argument("--source", default="user", choices=("user", "model", "tool"),
                   help="who states it (default: user); on ties the user's entry is injected first")
    p.add_argument("--anchor", action="append", default=[], metavar="FILE:QUOTE",
                   help="a project file and a quote it holds: the entry is shown broken, and not injected, "
                        "once the quote is gone (repeatable)")
    p.add_argument("--paths", nargs="+", default=[], metavar="PATH",
                   help="project paths the memory is about: a prompt naming one of them injects it")
    p.add_argument("--keywords", nargs="+", default=[], metavar="WORD", help="more words a prompt may use for it")


def _ids(p: argparse.ArgumentParser, yes: str | None = "do not ask: act without the confirmation") -> None:
    """A command over entry ids (delete, restore, archive): --yes skips the question."""
    _common(p)
    p.add_argument("ids", nargs="+", metavar="ID", help=ID_HELP)
    if yes:
        p.add_argument("--yes", action="store_true", help=yes)


def _promote(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("ids", nargs="+", metavar="ID", help=ID_HELP)
    p.add_argument("--to", required=True, metavar="FILE",
                   help="the instruction file, relative to the project root: CLAUDE.md, AGENTS.md, GEMINI.md, "
                        ".github/copilot-instructions.md, .cursor/rules/NAME.mdc or any other")
    p.add_argument("--yes", action="store_true", help="write without asking (the plan and the diff are still printed)")


def _history(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("id", metavar="ID", help=ID_HELP)
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def _hook(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="agent", metavar="SUBCOMMAND", required=True,
                           help="what to do, one of:")
    install = page(sub, "install", "wire the hook into Claude Code's settings",
                   "Write memtui's hook into Claude Code's settings: UserPromptSubmit (inject what matches the "
                   "prompt), PreToolUse and PostToolUse with the matcher Write|Edit|MultiEdit (judge the agent's "
                   "memory writes; record those that landed). The command is this memtui's absolute path, so it "
                   "works whatever PATH Claude Code runs with. What the file holds stays (other hooks, every other "
                   "key); an entry of an older memtui is replaced; running it twice changes nothing. The old file "
                   "is kept beside it as settings.json.bak. A file that is not JSON is left untouched (exit 1). "
                   "Start a new Claude Code session to use it (Claude Code's /hooks lists it).",
                   "memtui hook install\nmemtui hook install --project --print\nmemtui hook install --uninstall")
    where = install.add_mutually_exclusive_group()
    where.add_argument("--user", dest="scope", action="store_const", const="user", default="user",
                       help="Claude Code's user settings, ~/.claude/settings.json ($CLAUDE_CONFIG_DIR honoured): "
                            "every project (the default)")
    where.add_argument("--project", dest="scope", action="store_const", const="project",
                       help="this project only: .claude/settings.local.json in the project (the git root of the "
                            "working directory), the file for this machine alone: the command is this "
                            "machine's path, so it does not belong in the shared .claude/settings.json")
    install.add_argument("--print", action="store_true", help="show the settings as they would be written; "
                                                              "write nothing")
    install.add_argument("--uninstall", action="store_true", help="remove memtui's entries, and nothing else")

    page(sub, "claude-code", "the hook Claude Code runs (reads the event's JSON on stdin)",
         "The hook Claude Code runs on UserPromptSubmit, PreToolUse and PostToolUse: it reads the event's "
         "JSON on stdin (hook_event_name, prompt, cwd, session_id, tool_name, tool_input, …) and answers on "
         "stdout: the memories to inject for a prompt, or a deny (with the fix) for a memory write that holds a "
         "secret or another finding the write gates refuse. It always exits 0 and gives up after 5 seconds "
         "($MEMTUI_HOOK_TIMEOUT): a hook must never block the agent. Every decision goes to the injection log "
         "($XDG_STATE_HOME/memtui/injections.jsonl) that the app's Injection log tab follows.",
         """echo '{"hook_event_name": "UserPromptSubmit", "prompt": "how do we deploy?", "cwd": "'"$PWD"'"}' | memtui hook claude-code""")

TABLE: dict[str, Command] = {
    "list": Command(
        "listing", "run", "every entry with its status", _list,
        "Every entry of the memory folder with its status: type, who wrote it, its age, whether its anchor "
        "still verifies, whether the agent loads it at start (load), the project paths it mentions and which "
        "of them are gone. Unreadable files are listed with the reason.",
        "memtui list\nmemtui list --json --dir ~/.claude/projects/-home-me-app/memory"),
    "preview": Command(
        "preview", "run", "what a prompt would inject, and why", _preview,
        "What a prompt would inject, decided by the hook's own engine: the entries ranked with their "
        "reasons (a path named in the prompt, keywords), what was left out and why (a broken anchor, the "
        "budget), the characters and tokens used, and the text the model would receive. Writes nothing.",
        'memtui preview "why does the Makefile run a backup before migrate?"'),
    "eval": Command(
        "evaluate", "run", "hit rates of labelled prompts (JSON lines)", _eval,
        "Hit rates of labelled prompts: each line of QUERIES_FILE is a JSON object with a query and what "
        'should happen ("inject": [ids], "first": id, "not_inject": [ids], "none": true; "inject": [] alone '
        "means none). Prints the rate per expectation, tag and language, and every miss with the engine's "
        "reasons; exit 1 if one fails.",
        "memtui eval prompts.jsonl\nmemtui eval prompts.jsonl --json --max-count 2"),
    "audit": Command(
        "audit", "run", "findings before sharing", _audit,
        "Findings before you share or commit the folder: secrets (never echoed), personal data, \"right now\" "
        "statements, session logs kept as memory, text copied from the code, contradictions and duplicates, "
        "broken anchors and missing paths, what falls past MEMORY.md's load cut. Exit 1 when a finding's kind "
        "is in --fail-on, for CI and pre-commit.",
        "memtui audit\nmemtui audit --format sarif > memtui.sarif\nmemtui audit --fail-on secret,sensitive,transient"),
    "remember": Command(
        "writes", "remember", "write a memory through the gates", _remember,
        "Write a memory through the same gates as the app and the agent's hook. A secret, personal data, a "
        "\"right now\" statement, text already in a file it names or a path out of the project is refused: "
        "nothing is written, exit 2, the reason and the fix on stderr. Otherwise the entry is written "
        "atomically, with its line in MEMORY.md.",
        'memtui remember "Integration tests need `docker compose up db` first" --type project --paths tests/'),
    "delete": Command(
        "writes", "delete", "move entries to the trash (asks first)", _ids,
        "Move entries to the trash (.trash/ in the memory folder) with their MEMORY.md lines, after showing "
        "every file and line that goes and asking. `memtui restore` brings them back byte for byte.",
        "memtui delete old-notes.md\nmemtui delete notes/a.md notes/b.md --yes"),
    "restore": Command(
        "writes", "restore", "bring entries back from the trash", lambda p: _ids(p, yes=None),
        "Bring deleted or archived entries back, with their MEMORY.md lines, byte for byte (an OpenClaw "
        "entry goes back under the same neighbour if its file changed meanwhile).",
        "memtui restore old-notes.md"),
    "promote": Command(
        "promote", "run", "promote entries into an instruction file", _promote,
        "Move proven memories into a reviewed instruction file: shows where they go, the exact diff and the "
        "file's size against its budget, writes only after a yes, refuses if the file changed meanwhile, and "
        "marks each entry promoted_to. A secret is never promoted.",
        "memtui promote pnpm-only.md --to CLAUDE.md\nmemtui promote lint-strict.md --to .cursor/rules/lint.mdc --yes"),
    "triage": Command(
        "triage", "run", "a suggested action per entry (keep, promote, archive, drop, review)", _list,
        "One suggested action per entry (keep, promote, archive, drop or review) with the sorting test that "
        "decided it, its reasons and its evidence: age, source, anchor, and how often the hook injected it. It "
        "only suggests: nothing is written.",
        "memtui triage\nmemtui triage --json"),
    "archive": Command(
        "writes", "archive", "move process entries out of what the agent loads (asks first)", _ids,
        "Move process text (a session log or status report kept as memory) out of what the agent loads: into "
        ".archive/ in the memory folder with its MEMORY.md lines (OpenClaw: into today's daily log), after "
        "showing what moves where. `memtui restore` brings it back.",
        "memtui archive session-notes.md"),
    "history": Command(
        "history", "run", "every version of an entry and who read it, from the agent's record", _history,
        "Every version of an entry, from the agent's own record: when it was written, in which session, after "
        "which message of the person's (masked like everything else), whether they stated it or the model "
        "inferred it, and each edit as a diff; then every time a session read it. Claude Code's transcripts "
        "(~/.claude/projects/<project>/*.jsonl, read once and then only what was appended), OpenClaw's session "
        "logs, the sessions Codex cites, a committed folder's git history; where the agent keeps none, it says "
        "so and dates the entry by its frontmatter, the injection log or the file's mtime. Exit 1 if the id "
        "does not exist.",
        "memtui history deploy-fly.md\nmemtui history deploy-fly.md --json"),
    "hook": Command(
        "hook", "run", "Claude Code's hook: `memtui hook install` wires it", _hook,
        "Claude Code hooks. `memtui hook install` writes them into Claude Code's settings; Claude Code then runs "
        "`memtui hook claude-code` on three events: UserPromptSubmit (inject the memories that match the "
        "prompt), PreToolUse (a Write, Edit or MultiEdit into the memory folder is judged by the same gates as "
        "remember, and denied with the fix) and PostToolUse (a memory write that landed is recorded as the "
        "agent's). Each decision goes to the injection log the app shows live.",
        "memtui hook install\nmemtui hook install --print\nmemtui hook claude-code < event.json"),
}


def add_parsers(sub, only: str | None = None) -> None:
    """Each command's parser on ``sub`` (an argparse subparsers action), or only ``only``'s."""
    for name, command in TABLE.items():
        if only is None or name == only:
            command.arguments(page(sub, name, command.help, command.description, command.example))


def run(name: str, args) -> int:
    command = TABLE[name]
    return getattr(importlib.import_module(f".{command.module}", __name__), command.func)(args)
