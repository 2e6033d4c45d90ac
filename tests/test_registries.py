"""One registry per concept: layouts, commands, finding kinds. What a layout or a finding kind
does hangs off its entry; no other module keeps a table keyed by their names or branches on one."""
from __future__ import annotations

import ast

import pytest
from conftest import REPO

from tui.cli import build_parser, main
from tui.commands import TABLE
from tui.core.judging.findings import KIND, KINDS, REJECT_ON_WRITE, SEVERITY, kind_flag, kind_title
from tui.core.layouts import ALIASES, LAYOUTS, NAMES, ORDER, get, listed, resolve

PKG = REPO / "tui"


def _sources(skip: str):
    for path in sorted(PKG.rglob("*.py")):
        if not str(path.relative_to(PKG)).startswith(skip):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _strings(node) -> set[str]:
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return {n.value for n in items if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_layouts_one_registry_with_unique_names_and_aliases():
    assert len(set(NAMES)) == len(NAMES) == len(LAYOUTS) and set(ORDER) == set(LAYOUTS)
    assert ORDER[-1].name == "claude-code"   # the default is tried last
    assert listed() == ", ".join(c.name for c in LAYOUTS)
    for cls in LAYOUTS:
        assert get(cls.name).name == cls.name and resolve(cls.name.upper()) == cls.name
        for alias in cls.aliases:
            assert ALIASES[alias] == cls.name and get(alias).name == cls.name
    assert resolve("nope") is None


def test_no_module_branches_on_a_layout_name_or_keys_a_table_by_them():
    for path, tree in _sources(skip="core/layouts"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                named = set().union(*(_strings(n) for n in [node.left, *node.comparators])) & set(NAMES)
                assert not named, f"{path.name}:{node.lineno} compares with layout name(s) {sorted(named)}"
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                assert len(keys & set(NAMES)) < 2, f"{path.name}:{node.lineno} is a table keyed by layout names"


def test_finding_kinds_one_registry():
    assert KINDS == tuple(KIND) and set(SEVERITY) == set(KIND)
    assert {SEVERITY[k] for k in KINDS[:3]} == {"error"} and "error" not in {SEVERITY[k] for k in KINDS[3:]}
    assert set(REJECT_ON_WRITE) == {"secret", "sensitive", "transient", "in-code", "traversal"}
    for k, v in KIND.items():
        assert v.severity in ("error", "warning", "info") and v.title
    assert kind_title("made-up") == "made-up" and kind_flag("made-up") == "made-up"
    assert kind_flag("identifying") == "ident" and kind_flag("stale") is None


def test_no_other_table_keyed_by_finding_kinds():
    for path, tree in _sources(skip="core/judging/findings.py"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                assert len(keys & set(KINDS)) < 3, f"{path.name}:{node.lineno} is a table keyed by finding kinds"


def test_the_parser_is_built_from_the_command_table(capsys):
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert list(sub.choices) == list(TABLE)
    assert list(next(a for a in build_parser("list")._actions if a.dest == "command").choices) == ["list"]
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())   # (argparse wraps long help lines)
    for name, command in TABLE.items():
        assert name in out and command.help in out
    with pytest.raises(SystemExit):
        main(["list", "--layout", "nope"])
    assert "choose from " + ", ".join(NAMES) in capsys.readouterr().err
