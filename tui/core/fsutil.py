"""Atomic writes: a temp file in the same folder, fsync, then rename over the target."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write(path: Path, text: str | bytes, mode: int | None = None) -> None:
    path = Path(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is None:
            try:
                mode = os.stat(path).st_mode & 0o777
            except FileNotFoundError:
                mode = 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def within(real_base: str, real_path: str) -> bool:
    """Is ``real_path`` the folder ``real_base`` or inside it? Both already resolved (realpath):
    the one containment test every "is this inside the folder/root" question uses."""
    return real_path == real_base or real_path.startswith(real_base.rstrip(os.sep) + os.sep)


def dumps_json(obj, indent: int | None = 2) -> str:
    """The one JSON writer: UTF-8 as is; a file name that is not valid UTF-8 (surrogates from
    os.fsdecode) makes it fall back to ASCII escapes, so the output always stays valid JSON."""
    import json
    text = json.dumps(obj, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, indent=indent)
    return text


def inside(mem_dir: Path, entry_id: str) -> bool:
    """An id names a file in the memory folder: relative, no '..', its folder inside the folder
    (a symlink entry is moved as the link itself, never its target)."""
    if not entry_id or Path(entry_id).is_absolute() or ".." in Path(entry_id).parts or "\x00" in entry_id:
        return False
    return within(os.path.realpath(mem_dir), os.path.realpath((Path(mem_dir) / entry_id).parent))
