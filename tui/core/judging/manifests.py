"""The one reader of a project's manifests (STYLE: one way to do each thing): package.json,
pyproject.toml and Cargo.toml — what a project declares it depends on and is built with.

Which files are manifests is said here once (``PACKAGE_MANIFESTS``; ``MANIFEST_NAMES``, those
whose lines are keys). Two questions are asked of them, both here:

- ``package_dependencies(root)``: the root package.json's ``dependencies``, ``devDependencies``
  and ``peerDependencies`` as (name, spec) pairs, in that order (the audit's manifest-version
  finding, judging/manifest_claims). One small file read when asked, as JSON; a missing or
  malformed file declares nothing.
- ``declaring_line(index, name)``: the line of a manifest, anywhere in the project, that declares
  ``name`` as a key (``"vite": "^6.2.1"``, ``serde = "1"``, ``rust-version = "1.78"``) — triage's
  test 3 (reports/triage_manifest). Read through the project index (judging/project_index, kept
  between runs by judging/project_cache), whose bounds read manifests first: no file is read again.

Only the standard library; nothing here writes.
"""
from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .project_index import ProjectIndex

# every file that declares a project's packages (a server named in one is its client library)
PACKAGE_MANIFESTS = frozenset("package.json go.mod requirements.txt pyproject.toml Gemfile Cargo.toml composer.json "
                              "Pipfile setup.py setup.cfg build.gradle pom.xml".split())
# those whose lines are keys (``"vite": "^6"``, ``serde = "1"``): test 3 reads a declaration off one line
MANIFEST_NAMES = ("package.json", "pyproject.toml", "Cargo.toml")
_MANIFEST = re.compile(r"(?:^|/)(?:" + "|".join(re.escape(n) for n in MANIFEST_NAMES) + r")$")
DEPENDENCY_FIELDS = ("dependencies", "devDependencies", "peerDependencies")


def is_manifest(rel: str) -> bool:
    """Whether a project-relative path names a manifest (at any depth: a workspace's members too)."""
    return bool(_MANIFEST.search(rel))


def package_dependencies(root: str) -> list[tuple[str, str]]:
    """(name, spec) of every dependency the root package.json declares with a string spec."""
    try:
        with open(os.path.join(root, "package.json"), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    out = []
    for field in DEPENDENCY_FIELDS:
        deps = data.get(field)
        for name, spec in (deps.items() if isinstance(deps, dict) else ()):
            if isinstance(spec, str):
                out.append((name, spec))
    return out


def declaring_line(idx: ProjectIndex, name: str) -> int | None:
    """The index's line id of the first manifest line whose key is ``name`` (None: none is)."""
    pat = re.compile(rf'^\s*"?{re.escape(name)}"?\s*[=:]', re.I)
    for i in idx.lines_with(name.lower()):
        pl = idx.line(i)
        if is_manifest(pl.file) and pat.search(pl.text):
            return i
    return None
