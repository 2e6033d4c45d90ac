"""Atomic writes: a temp file in the same folder, fsync, then rename over the target."""
from __future__ import annotations

import errno
import os
import time
from pathlib import Path

ANY = object()   # ``expect`` for a write that replaces whatever is there
GRACE = 0.03     # s: for an open() made just before a swap to get its descriptor (a loaded machine
                 # can hold the opener off the CPU for a scheduler slice: 3 ms lost a line 1 run in 12)
HOLD = 2.0       # s: how long a swap waits for a writer of the displaced file to close it


def atomic_write(path: Path, text: str | bytes, mode: int | None = None, expect=ANY, sync: bool = True) -> None:
    """Write whole or not at all. With ``expect`` (the bytes last read, None for "no file"),
    only over that: the file is compared at the rename itself (``_put``); otherwise
    ``faults.Changed`` and the temp file goes. ``sync=False``: not flushed to the disk first
    (for a cache file a crash may tear: one that fails to load is rebuilt)."""
    path = Path(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    import tempfile   # here: the read-only commands (preview, list) import this module for dumps_json alone
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as e:   # name the folder that refused, not a temp name that never existed
        e.filename = str(path.parent)
        raise
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if sync:
                f.flush()
                os.fsync(f.fileno())
        if mode is None:
            try:
                mode = os.stat(path).st_mode & 0o777
            except FileNotFoundError:
                mode = 0o644
        os.chmod(tmp, mode)
        if expect is ANY:
            os.replace(tmp, path)
        else:
            _put(tmp, path, expect, data)
    except BaseException as e:
        if isinstance(e, OSError) and e.filename in (None, tmp):   # say the file the person knows
            e.filename = str(path)
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _read(path) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def _put(tmp: str, path: Path, expect: bytes | None, mine: bytes) -> None:
    """Rename ``tmp`` over ``path`` only if ``path`` holds ``expect``: a writer that does not take
    our lock (the agent) is never overwritten. Where the system allows, the compare leaves no
    window: a new file is linked into place (fails if one appeared); an existing one is swapped
    with RENAME_EXCHANGE and the file displaced checked — not the one compared, it goes back.
    It is checked again once nobody holds it open for writing (``_settle``): an agent that
    opened the file just before the swap (``open(…, "a")``) writes into the displaced one."""
    from .faults import Changed
    if expect is None:
        try:
            os.link(tmp, path)
            os.unlink(tmp)
            return
        except FileExistsError:
            raise Changed(path) from None
        except OSError as e:
            if e.errno not in _NO_SUCH_CALL:
                raise
    if _read(path) != expect:
        raise Changed(path)
    if expect is None or not exchange(tmp, path):
        os.replace(tmp, path)   # no atomic compare here: the window is the few µs since the read
        return
    _settle(tmp, path, expect, mine)
    if not _holds(expect, mine, _read(path) or b""):   # (not by inode: a freed one is soon reused)
        raise Changed(path)   # the agent renamed a version without our change over ours: apply ours again


def _settle(displaced: str, path: Path, expect: bytes, mine: bytes) -> None:
    """After the swap, the file it displaced (now at ``displaced``) must hold ``expect`` once
    nobody can write to it any more. An agent that appended to it meanwhile (it opened the file
    before the swap) has its bytes carried over to the live file; any other change puts theirs
    back (and what was appended to ours meanwhile with it) and says ``Changed``: the caller
    re-applies its edit to their text."""
    from .faults import Changed
    held = _quiet(displaced)
    now = _read(displaced)
    if now == expect:
        os.unlink(displaced)
        return
    if not held and now is not None and now.startswith(expect):
        _append_all(path, now[len(expect):])
        os.unlink(displaced)
        return
    exchange(displaced, path)
    _quiet(displaced)   # ours was live for a moment: an agent may have appended to it or renamed its edit of it over it
    ours = _read(displaced) or b""
    if ours.startswith(mine) and len(ours) > len(mine):
        _append_all(path, ours[len(mine):])
    elif ours != mine:
        _carry(path, ours, mine)
    os.unlink(displaced)
    raise Changed(path)


def _holds(expect: bytes, mine: bytes, now: bytes) -> bool:
    """Does ``now`` (what an agent renamed over ours) still hold our change (``expect`` ->
    ``mine``)? It does when the agent edited our version (its read came after our swap): every
    line we added is there as often as in ours, every line we took out is not. Then applying our
    edit again would add it twice."""
    if now.startswith(mine):
        return True
    from collections import Counter
    before, after, there = (Counter(b.splitlines(keepends=True)) for b in (expect, mine, now))
    return all(there[ln] >= after[ln] if after[ln] > before[ln] else there[ln] <= after[ln]
               for ln in before.keys() | after.keys() if after[ln] != before[ln])


def _carry(path: Path, theirs: bytes, *known: bytes) -> None:
    """Lines an agent wrote into a version we take back (``theirs``: it edited ours while ours was
    live) put into the live file, each after the line it followed, so none is lost: every line
    of ``theirs`` that neither the live file nor ``known`` holds. In place by compare-and-swap;
    a file that keeps changing gets them appended at its end."""
    from .faults import Changed
    for _ in range(5):
        now = _read(path) or b""
        have = set(now.splitlines(keepends=True)).union(*(k.splitlines(keepends=True) for k in known))
        lines, ours = now.splitlines(keepends=True), theirs.splitlines(keepends=True)
        new = [(i, ln if ln.endswith(b"\n") else ln + b"\n") for i, ln in enumerate(ours)
               if ln not in have and ln.strip()]
        if not new:
            return
        if lines and not lines[-1].endswith(b"\n"):
            lines[-1] += b"\n"
        for i, ln in new:   # after the nearest line above it that the live file has, else at the end
            above = next((x for x in reversed(ours[:i]) if x in lines), None)
            at = max((j + 1 for j, x in enumerate(lines) if x == above), default=len(lines))
            lines.insert(at, ln)
        try:
            atomic_write(path, b"".join(lines), None, now)
            return
        except Changed:
            continue
    _append_all(path, b"".join(ln for _, ln in new))


def inode(path) -> int | None:
    """The inode ``path`` names now (None: no such file): whether a rename replaced it."""
    try:
        return os.stat(path).st_ino
    except FileNotFoundError:
        return None


def _quiet(path: str) -> list[int] | None:
    """Wait until nobody holds ``path`` open for writing (at most ``HOLD``); who still does."""
    from .open_files import writers
    time.sleep(GRACE)   # an open() that resolved the path just before the swap has its descriptor by now
    deadline = time.monotonic() + HOLD
    held = writers(path)
    while held and time.monotonic() < deadline:
        time.sleep(0.002)
        held = writers(path)
    return held


def _append_all(path: Path, more: bytes) -> None:
    """Add an agent's bytes at the end of ``path`` in place (O_APPEND: beside its own appends,
    never over them); again on the file that replaced it if a rename displaced it meanwhile."""
    for _ in range(5):
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        try:
            done = 0
            while done < len(more):
                done += os.write(fd, more[done:])
            os.fsync(fd)
            ino = os.fstat(fd).st_ino
        finally:
            os.close(fd)
        if inode(path) == ino or more in (_read(path) or b""):
            return


_NO_SUCH_CALL = (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM, errno.EXDEV)
_renameat2 = None


def exchange(a, b) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False where the system or
    the file system cannot."""
    global _renameat2
    if _renameat2 is None:
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            fn = libc.renameat2
            fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            _renameat2 = (fn, ctypes)
        except (OSError, AttributeError, ImportError):
            _renameat2 = False
    if not _renameat2:
        return False
    fn, ctypes = _renameat2
    at_cwd, rename_exchange = -100, 2
    if fn(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in _NO_SUCH_CALL:
        return False
    raise OSError(code, os.strerror(code), str(b))


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


def same_bytes(a, b) -> bool:
    """One file, or a byte-for-byte copy of it (a synced or restored memory file beside its project's):
    a memory is not "already stated" in its own copy."""
    try:
        if os.path.samefile(a, b):
            return True
        if os.path.getsize(a) != os.path.getsize(b):
            return False
    except OSError:
        return False
    return _read(a) == _read(b)
