"""What marks a repository's top (a manifest, a solution, .git), and a root that is no project to
check a memory's paths against."""
from __future__ import annotations

import os
from pathlib import Path

# a project's manifests as they are spelled: looked up by name, not by listing a folder of 10k notes
MANIFESTS = ("package.json", "pyproject.toml", "setup.py", "requirements.txt", "go.mod", "Cargo.toml", "pom.xml",
             "build.gradle", "build.gradle.kts", "Gemfile", "composer.json", "pubspec.yaml", "mix.exs", "deno.json",
             "Package.swift")
# any of them, or .git, in a listing of names (any case)
PROJECT_MARKS = {".git", *(n.lower() for n in MANIFESTS)}


def has_manifest(folder: Path) -> bool:
    """A project's manifest sits in this folder (.git alone does not say it: a memory kept in git)."""
    return any(os.path.isfile(os.path.join(folder, n)) for n in MANIFESTS)


def marks_project(name: str) -> bool:
    low = name.lower()
    return low in PROJECT_MARKS or low.endswith((".csproj", ".sln"))


def unchecked_root(root: Path, memory_dir: Path) -> str | None:
    """Why paths cannot be checked under ``root`` (None when they can): it holds nothing but the
    memory folder (a folder copied out of its repository, audited where it lies). The paths a
    memory names are then neither found nor missing: calling every one missing would be false.
    A root that holds anything else is taken as the project: the audit's root-mismatch finding
    says when none of many paths is there."""
    try:
        top = Path(root).resolve()
        mem = Path(memory_dir).resolve()
        if mem == top or top not in mem.parents:
            return None   # the memory is the project's top (an OpenClaw workspace), or lies elsewhere
        own = mem.relative_to(top).parts[0]
        with os.scandir(top) as it:
            others = [i.name for i in it if i.name != own and not i.name.startswith(".")]
    except OSError:
        return None   # an unreadable root is reported where it is read
    return None if others else f"{top} holds nothing but the memory folder"
