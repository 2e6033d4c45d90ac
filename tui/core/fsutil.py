"""Atomic writes: a temp file in the same folder, fsync, then rename over the target."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable


def atomic_write(path: Path, text: str | bytes, mode: int | None = None,
                 check: Callable[[], None] | None = None) -> None:
    """Write whole or not at all. ``check`` runs just before the rename (the file is re-read
    there, as late as possible: see journal.py) and may raise to stop; the temp file goes."""
    path = Path(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as e:   # name the folder that refused, not a temp name that never existed
        e.filename = str(path.parent)
        raise
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
        if check is not None:
            check()
        os.replace(tmp, path)
    except BaseException as e:
        if isinstance(e, OSError) and e.filename in (None, tmp):   # say the file the person knows
            e.filename = str(path)
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
