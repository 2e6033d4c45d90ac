"""tui/core's folders form an order (STYLE: layers by folder, not only by file; issue 39).

Each folder imports only folders below it. Imports inside functions count; ``if TYPE_CHECKING:``
ones do not (annotations only). The modules at the top of tui/core are the lowest layer, "base".
A failure names the file and line of each import that climbs, or that crosses to a folder of
the same rank (none share one today).
"""
from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "tui" / "core"

# lowest first: the map in tui/core/__init__.py's docstring says the same (checked below)
LAYERS = ("base", "cache", "secrets", "reading", "judging", "layouts", "engine", "snapshots",
          "writes", "reports", "provenance")
RANK = {name: i for i, name in enumerate(LAYERS)}


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or \
        (isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every import statement, at any depth, except inside ``if TYPE_CHECKING:`` (its else counts)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def _folder(core: Path, parts: list[str]) -> str:
    """The layer of a module named by its parts under tui.core ([] is tui.core itself)."""
    return parts[0] if parts and (core / parts[0]).is_dir() else "base"


def _targets(core: Path, package: list[str], node) -> list[list[str]]:
    """What an import names, as parts under tui.core (imports from outside it are left out)."""
    if isinstance(node, ast.Import):
        return [a.name.split(".")[2:] for a in node.names if a.name.startswith("tui.core.")]
    if node.level:
        if node.level - 1 > len(package):
            return []
        base = package[: len(package) - (node.level - 1)]
    elif node.module == "tui.core" or (node.module or "").startswith("tui.core."):
        base, node_module = [], node.module.split(".")[2:]
        return _names(core, node_module, node)
    else:
        return []
    return _names(core, base + (node.module.split(".") if node.module else []), node)


def _names(core: Path, module: list[str], node) -> list[list[str]]:
    # ``from PACKAGE import name``: a name that is a module of the package is what is imported
    if (core.joinpath(*module) if module else core).is_dir():
        out = [module + [a.name] for a in node.names
               if (core.joinpath(*module, a.name + ".py")).exists() or (core.joinpath(*module, a.name)).is_dir()]
        if len(out) < len(node.names):
            out.append(module)
        return out
    return [module]


def violations(core: Path = CORE, rank: dict[str, int] = RANK) -> list[str]:
    found = []
    for path in sorted(core.rglob("*.py")):
        rel = path.relative_to(core)
        package = list(rel.parts[:-1])
        source = package[0] if package else "base"
        for node in _imports(ast.parse(path.read_text(), str(path))):
            for target in _targets(core, package, node):
                folder = _folder(core, target)
                if folder == source:
                    continue
                if folder not in rank or source not in rank:
                    found.append(f"{rel}:{node.lineno}: {source} -> {folder}: a folder missing from LAYERS")
                elif rank[folder] >= rank[source]:
                    found.append(f"{rel}:{node.lineno}: {source} (rank {rank[source]}) imports "
                                 f"{'.'.join(target) or 'tui.core'} ({folder}, rank {rank[folder]})")
    return found


def test_every_import_goes_down():
    assert violations() == [], "imports that climb the layers of tui/core:\n" + "\n".join(violations())


def test_every_folder_has_a_rank():
    folders = {p.name for p in CORE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS) - {"base"}


def test_the_core_docstring_gives_the_order():
    import tui.core
    lines = [ln.split()[0] for ln in tui.core.__doc__.splitlines() if ln.startswith("  ") and ln.split()
             and ln.split()[0] in RANK]
    assert tuple(lines) == LAYERS


def test_the_check_sees_what_it_must(tmp_path):
    """A climbing import is caught at any depth, relative or absolute, from a package or a module;
    a TYPE_CHECKING one is not."""
    core = tmp_path / "core"
    for folder in ("low", "high"):
        (core / folder).mkdir(parents=True)
        (core / folder / "__init__.py").write_text("")
    (core / "high" / "h.py").write_text("X = 1\n")
    (core / "util.py").write_text("def f():\n    from .high import h\n")
    (core / "low" / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from .. import util\n"
        "if TYPE_CHECKING:\n    from ..high.h import X\n"
        "def g():\n    if True:\n        from tui.core.high.h import X\n"
        "from ..high import h\n")
    found = sorted(violations(core, {"base": 0, "low": 1, "high": 2}), key=lambda f: (f.split(":")[0], int(f.split(":")[1])))
    assert [f.split(":")[0:2] for f in found] == [["low/a.py", "7"], ["low/a.py", "8"], ["util.py", "2"]], found
