"""Rewrite imports that name a module by its place before the layers (issue 39 item 3), after a
merge of a branch that was written against the old places:

    python tests/bench/relayer_imports.py [--check]      # from the repository's top

Absolute names (``tui.core.reading.memory``, in code and in strings) and relative imports
(``from ..judging.textutil import x``, ``from . import hints``) are rewritten in tui/ and tests/;
``--check`` only lists them (exit 1 when any). Then run tests/test_layers.py: an import that
climbs the order is a helper to move down, never an exception to add.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent.parent
MOVED = {   # old module -> new module (whole modules; reading.store's readers went to reading.load)
    "tui.core.writes.fsutil": "tui.core.fsutil", "tui.core.writes.faults": "tui.core.faults",
    "tui.core.judging.textutil": "tui.core.textutil", "tui.core.judging.hints": "tui.core.hints",
    "tui.core.judging.mentions": "tui.core.mentions", "tui.core.reading.walk": "tui.core.walk",
    "tui.core.serialize": "tui.core.reports.serialize",
    "tui.core.claude_settings": "tui.core.writes.claude_settings",
    "tui.core.injection_log": "tui.core.writes.injection_log",
    "tui.core.judging.tool_gate": "tui.core.writes.tool_gate",
    "tui.core.cache.audit": "tui.core.reports.audit_cache",
    "tui.core.cache.detection": "tui.core.layouts.detection",
    "tui.core.cache.project": "tui.core.judging.project_cache",
    "tui.core.reading.memory": "tui.core.snapshots.memory", "tui.core.reading.multi": "tui.core.snapshots.multi",
    "tui.core.reading.store": "tui.core.snapshots.store",
    "tui.core.reading.first_look": "tui.core.snapshots.first_look",
    "tui.core.reading.forked": "tui.core.snapshots.forked",
}
READERS = {"_load", "_read_bytes", "_read_index"}   # from reading.store: now reading.load's
ABSOLUTE = re.compile(r"\btui\.core(?:\.\w+)+")


def moved(name: str) -> str:
    for old in sorted(MOVED, key=len, reverse=True):
        if name == old or name.startswith(old + "."):
            return MOVED[old] + name[len(old):]
    return name


def relative(target: str, package: list[str]) -> str:
    parts = target.split(".")
    common = 0
    while common < min(len(parts), len(package)) and parts[common] == package[common]:
        common += 1
    return "." * (len(package) - common + 1) + ".".join(parts[common:])


def rewrite(path: Path) -> str:
    src = path.read_text(encoding="utf-8")
    rel = path.relative_to(TOP).with_suffix("").parts
    package = list(rel if rel[-1] == "__init__" else rel[:-1])
    package = package[:-1] if package and package[-1] == "__init__" else package
    lines = src.splitlines(keepends=True)
    try:
        tree = ast.parse(src)
    except SyntaxError as e:   # a merge conflict left in it: resolve that first
        print(f"{path.relative_to(TOP)}:{e.lineno}: does not parse, left as it is", file=sys.stderr)
        return src
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.end_lineno != node.lineno:
            continue
        if node.level:
            base = package[: len(package) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        names = [(a.name, a.asname) for a in node.names]
        new_module = moved(module)
        if module == "tui.core.reading.store" and {n for n, _ in names} <= READERS:
            new_module = "tui.core.reading.load"
        elif all(moved(f"{module}.{n}") != f"{module}.{n}" for n, _ in names):   # from PKG import module
            homes = {moved(f"{module}.{n}").rpartition(".")[0] for n, _ in names}
            if len(homes) == 1:
                new_module = homes.pop()
                names = [(new, None if (a or n) == new else a or n)
                         for n, a in names for new in [moved(f"{module}.{n}").rpartition(".")[2]]]
        if new_module == module:
            continue
        spec = relative(new_module, package) if node.level else new_module
        line = lines[node.lineno - 1]
        head = line[: node.col_offset]
        tail = line[node.end_col_offset:]
        body = ", ".join(n + (f" as {a}" if a else "") for n, a in names)
        lines[node.lineno - 1] = f"{head}from {spec} import {body}{tail}"
    return ABSOLUTE.sub(lambda m: moved(m.group(0)), "".join(lines))


def main(argv: list[str]) -> int:
    changed = []
    for path in sorted([*TOP.joinpath("tui").rglob("*.py"), *TOP.joinpath("tests").rglob("*.py")]):
        if path.name == "relayer_imports.py":
            continue
        text = rewrite(path)
        if text != path.read_text(encoding="utf-8"):
            changed.append(path)
            if "--check" not in argv:
                path.write_text(text, encoding="utf-8")
    for p in changed:
        print(p.relative_to(TOP))
    return 1 if changed and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
