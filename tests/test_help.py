"""`--help` reads as documentation: every command has a description and an example, every argument
a help line, and the top-level help is one usage block."""
import argparse

import pytest

from tui.cli import build_parser, main
from tui.commands import TABLE


def _subparsers(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _every_parser():
    """(name, parser) for each command and each nested subcommand (`hook install`)."""
    for name in TABLE:
        for sub_name, sub in _subparsers(build_parser(name)):
            yield sub_name, sub
            for nested_name, nested in _subparsers(sub):
                yield f"{sub_name} {nested_name}", nested


@pytest.mark.parametrize("name,parser", list(_every_parser()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_command_and_argument_has_help(name, parser):
    assert parser.description and len(parser.description) > 40, f"{name}: no description"
    assert parser.epilog and f"memtui {name}" in parser.epilog, f"{name}: no example"
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        what = "/".join(action.option_strings) or action.metavar or action.dest
        assert action.help and action.help != argparse.SUPPRESS and len(action.help) > 8, f"{name} {what}: no help"


def test_every_command_is_listed_with_a_line_in_the_top_help(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.count("usage:") == 1
    for name, command in TABLE.items():
        assert f"  {name}" in out and command.help.split()[0] in out


def test_hook_help_names_the_events_and_the_install_command(capsys):
    with pytest.raises(SystemExit):
        main(["hook", "--help"])
    out = capsys.readouterr().out
    for word in ("UserPromptSubmit", "PreToolUse", "PostToolUse", "memtui hook install"):
        assert word in out


def test_a_command_help_shows_its_example(capsys):
    with pytest.raises(SystemExit):
        main(["preview", "--help"])
    out = capsys.readouterr().out
    assert "example" in out.lower() and "memtui preview" in out and "QUERY" in out
