"""Where the memory directory is, and where the project root is (SPEC §7)."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any
from pathlib import Path

ENV_DIR = "MEMTUI_DIR"
_HERE = Path(__file__).resolve().parent.parent.parent   # the `tui` package


def bundled(name: str) -> Path:
    """A folder shipped with memtui: inside the wheel, or beside `tui/` in a checkout."""
    inside = _HERE / name
    return inside if inside.is_dir() else _HERE.parent / name


def sample_dir() -> Path:
    return bundled("sample_memories") / "memory"


def sample_root() -> Path:
    return bundled("sample_memories") / "project"


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "memtui"


SAMPLE_PREFIX = "sample:"


def layout_sample(name: str, private: bool = False) -> Path | None:
    """The bundled sample of another agent's layout (`sample:openclaw`), or its private copy."""
    base = private_sample().parent if private else bundled("sample_memories")
    folder = base / "layouts" / name
    return folder if name and "/" not in name and folder.is_dir() else None


def layout_samples() -> list[str]:
    try:
        return sorted(p.name for p in (bundled("sample_memories") / "layouts").iterdir() if p.is_dir())
    except OSError:
        return []


def private_sample() -> Path:
    """The user's own copy of the bundled sample (in the data folder), for the app and the
    commands that write: deleting or editing while exploring must never touch the package's
    files (inside site-packages once installed). Made once per memtui version and then kept,
    so a delete can be restored later; returns the copy's memory folder."""
    import shutil
    import tempfile
    from ... import __version__
    dest = data_dir() / "sample"
    stamp = dest / ".memtui-version"
    try:
        complete = (dest / "layouts").is_dir() or not (bundled("sample_memories") / "layouts").is_dir()
        if stamp.read_text().strip() == __version__ and (dest / "memory").is_dir() and complete:
            return dest / "memory"
    except OSError:
        pass
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".sample-", dir=dest.parent))
    shutil.copytree(bundled("sample_memories"), tmp / "sample", symlinks=True)
    (tmp / "sample" / ".memtui-version").write_text(__version__ + "\n")
    old = dest.parent / f".old-{tmp.name}"
    if dest.exists():
        os.replace(dest, old)
    os.replace(tmp / "sample", dest)
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(old, ignore_errors=True)
    return dest / "memory"


def git_toplevel(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding `.git` (a folder, or a worktree file)."""
    p = Path(start).resolve()
    for folder in (p, *p.parents):
        if (folder / ".git").exists():
            return folder
    return None


def claude_slug(project: Path) -> str:
    """`/home/u/repo` → `-home-u-repo`: every character that is not a letter or digit becomes '-'."""
    return re.sub(r"[^A-Za-z0-9]", "-", str(project))


def claude_memory_dir(cwd: Path, env: dict | None = None) -> Path:
    env = os.environ if env is None else env
    top = git_toplevel(cwd) or Path(cwd).resolve()
    if env.get("CLAUDE_CONFIG_DIR"):
        base = Path(env["CLAUDE_CONFIG_DIR"]).expanduser()
    else:
        base = (Path(env["HOME"]) if env.get("HOME") else Path.home()) / ".claude"
    return base / "projects" / claude_slug(top) / "memory"


# Cline's memory bank and its variants' folders, in the order layouts/cline reads them
MEMORY_BANKS = ("memory-bank", ".kilocode/rules/memory-bank", ".roo/memory-bank", ".clinerules/memory-bank")
SHOWING_SAMPLE = "showing the bundled sample"   # (a write command says what it works on instead)
HERE_NAMES = ("memory", ".memories", "memory-bank")


def _holds_markdown(folder: Path) -> bool:
    try:
        return folder.is_dir() and any(p.suffix.lower() == ".md" for p in folder.iterdir())
    except OSError:
        return False


@dataclass(frozen=True)
class Found:
    dir: Path
    how: str            # env | claude-code | ./memory | ./.memories | ./memory-bank… | . | sample | argument
    note: str = ""      # said on stderr when not obvious (the sample fallback)
    layout: Any = None  # the detected (or forced) layouts.Layout, set by the command line

    @property
    def is_sample(self) -> bool:
        return self.how == "sample"


def discover(cwd: Path | None = None, env: dict | None = None) -> Found:
    env = os.environ if env is None else env
    cwd = Path(cwd or os.getcwd())
    if env.get(ENV_DIR):
        return Found(Path(env[ENV_DIR]).expanduser(), "env")
    looked = []
    try:
        claude = claude_memory_dir(cwd, env)
        if claude.is_dir():
            return Found(claude, "claude-code")
        looked.append(str(claude))
    except (OSError, RuntimeError):  # no home directory at all
        pass
    for name in ("memory", ".memories"):
        if (cwd / name).is_dir():
            return Found(cwd / name, f"./{name}")
        looked.append(f"./{name}")
    # past the contract's places (SPEC §7): a memory bank in the project, then the folder the user
    # stands in when it is one; both only with Markdown in them, so an empty folder stays the sample's
    for name in MEMORY_BANKS:
        if _holds_markdown(cwd / name):
            return Found(cwd / name, f"./{name}")
    if cwd.name.lower() in HERE_NAMES and _holds_markdown(cwd):
        return Found(cwd, ".")
    looked.append("./memory-bank")
    return Found(sample_dir(), "sample",
                 f"memtui: no memory directory found (looked at ${ENV_DIR}, {', '.join(looked)}); "
                 f"{SHOWING_SAMPLE}: {sample_dir()}")


def default_root(memory_dir: Path, cwd: Path | None = None) -> Path:
    """Anchors resolve against the git top-level of the working directory, else the directory.

    The bundled sample resolves against the demo project shipped beside it, so its anchors
    verify with no flags.
    """
    try:
        if Path(memory_dir).resolve() == sample_dir().resolve():
            return sample_root()
        if Path(memory_dir).resolve() == (data_dir() / "sample" / "memory").resolve():
            return data_dir() / "sample" / "project"
        here = Path(memory_dir).resolve()
        for base in (bundled("sample_memories"), private_sample().parent):   # `sample:cline` and its copy:
            if (base / "layouts").resolve() in here.parents:   # the same demo project, not the cwd's repo
                return sample_root()
    except OSError:
        pass
    cwd = Path(cwd or os.getcwd())
    return git_toplevel(cwd) or cwd.resolve()
