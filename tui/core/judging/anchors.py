"""Anchor verification and root confinement (SPEC §3).

Every path that comes from a memory (an anchor, a `paths` item, a path mentioned in
the body) is untrusted text. ``confine`` decides whether it stays under the project
root *before* anything is opened; nothing here ever reads outside the root.
"""
from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from ..reading.entry import Anchor, MemoryEntry
from ..fsutil import within

MAX_ANCHOR_FILE = 8_000_000  # a quote is searched in at most this many bytes of a file

_DRIVE = re.compile(r"^[A-Za-z]:")


@dataclass(frozen=True)
class Confined:
    """Where an untrusted relative path lands: ``unsafe`` with why, or a path under the root."""

    rel: str                 # normalised, '/'-separated, relative to the root
    path: Path | None        # absolute path under the root (None when unsafe)
    unsafe: str | None = None


def confine(root: Path, raw: str, real_root: str | None = None, real_dir=None) -> Confined:
    """Resolve ``raw`` against ``root`` without ever leaving it.

    Unsafe: '..' components (also URL-encoded, once or twice), absolute paths, home
    paths, drive letters, NUL bytes, and symlinks whose target is outside the root.
    Backslashes are taken as separators, as a Windows agent would mean them.
    """
    text = str(raw).strip()
    if "\x00" in text:
        return Confined(text, None, "the path contains a NUL byte")
    decoded = text
    for _ in range(3):  # %252e%252e → %2e%2e → ..
        nxt = unquote(decoded)
        if nxt == decoded:
            break
        decoded = nxt
    encoded = decoded != text
    p = decoded.replace("\\", "/")
    if p.startswith("/") or p.startswith("~") or _DRIVE.match(p):
        return Confined(text, None, "absolute path" + (" (URL-encoded)" if encoded else ""))
    parts = [s for s in p.split("/") if s not in ("", ".")]
    if ".." in parts or any(s.strip() == ".." for s in parts):
        how = "URL-encoded '..'" if encoded and ".." not in text.replace("\\", "/").split("/") else "'..'"
        return Confined(text, None, f"{how} escapes the project root")
    rel = "/".join(parts)
    target = root.joinpath(*parts) if parts else root
    real_root = real_root or os.path.realpath(root)
    if real_dir is not None and parts and not os.path.islink(target):
        # realpath is the hot spot at 10k entries: resolve each folder once (memoised by the caller)
        real = os.path.join(real_dir(os.path.dirname(target)), parts[-1])
    else:
        real = os.path.realpath(target)
    if not within(real_root, real):
        return Confined(rel, None, "a symlink on the way points outside the project root")
    return Confined(rel, Path(real))


@dataclass(frozen=True, slots=True)
class AnchorResult:
    file: str
    quote: str | None
    status: str   # verified | broken | unsafe
    detail: str
    line: int | None = None


class AnchorChecker:
    """Checks anchors against a project root, caching file contents by (mtime_ns, size)."""

    def __init__(self, root: Path, memory_dir: Path | None = None):
        self.root = Path(root)
        self.real_root = os.path.realpath(self.root)
        # the memory folder, when it lies inside the project: its files are memories, never "the code"
        self.real_memory = os.path.realpath(memory_dir) + os.sep if memory_dir is not None else None
        self._cache: dict[str, tuple[tuple[int, int], str | None, str | None]] = {}
        self._confined: dict[str, Confined] = {}
        self._real_dirs: dict[str, str] = {}
        self._exists: dict[str, tuple[bool | None, str]] = {}
        self._kinds: dict[str, str | None] = {}
        self._in_memory: dict[str, bool] = {}
        self._reads: dict[str, tuple[str | None, str | None]] | None = None   # this pass's (see next_pass)
        # every answer the project gave, in the order asked: (question, argument) → answer, where a
        # read's answer is the file's signature, not its text (what a kept audit is checked against)
        self.seen: dict[tuple[str, str], object] = {}

    def next_pass(self, keep_paths: bool = True) -> "AnchorChecker":
        """A checker for a store's next reading of the memory folder, leaving this one as it is
        for whoever still reads with it (the last snapshot's audit). File contents are shared
        (keyed by signature, never changed in place); path answers are copied when
        ``keep_paths``, else asked again (symlinks may have changed). Within the pass each
        project file is stat'ed once, when first read (thousands of entries naming one file
        cost one stat, not thousands); a checker made on its own stats at every read."""
        new = AnchorChecker.__new__(AnchorChecker)
        new.root, new.real_root, new.real_memory = self.root, self.real_root, self.real_memory
        new._cache = self._cache
        keep = dict if keep_paths else (lambda d: {})
        new._confined, new._real_dirs = keep(self._confined), keep(self._real_dirs)
        new._exists, new._kinds, new.seen = keep(self._exists), keep(self._kinds), keep(self.seen)
        new._in_memory = keep(self._in_memory)
        new._reads = {}
        return new

    def kind(self, path: Path) -> str | None:
        """'file', 'dir', 'other' or None (not there), memoised like ``exists``: thousands of
        entries name the same few files, and a stat each cost more than reading them."""
        key = str(path)
        if key not in self._kinds:
            try:
                mode = os.stat(key).st_mode
                self._kinds[key] = "file" if stat.S_ISREG(mode) else "dir" if stat.S_ISDIR(mode) else "other"
            except (OSError, ValueError):
                self._kinds[key] = None
            self.seen["kind", key] = self._kinds[key]
        return self._kinds[key]

    def _real_dir(self, folder: str) -> str:
        real = self._real_dirs.get(folder)
        if real is None:
            real = self._real_dirs[folder] = os.path.realpath(folder)
        return real

    def is_memory(self, path: Path) -> bool:
        if self.real_memory is None:
            return False
        key = str(path)
        inside = self._in_memory.get(key)
        if inside is None:   # memoised like ``kind``: thousands of entries name the same few files
            inside = self._in_memory[key] = (os.path.realpath(key) + os.sep).startswith(self.real_memory)
        return inside

    def confine(self, raw: str) -> Confined:
        c = self._confined.get(raw)
        if c is None:
            c = self._confined[raw] = confine(self.root, raw, self.real_root, self._real_dir)
            self.seen["confine", raw] = c
        return c

    # -- files ---------------------------------------------------------------
    def read(self, path: Path) -> tuple[str | None, str | None]:
        """(text, None) or (None, why); cached per file by (mtime_ns, size), checked once a pass."""
        key = str(path)
        if self._reads is None:
            return self._read(key, path)
        done = self._reads.get(key)
        if done is None:
            self._reads[key] = done = self._read(key, path)
        return done

    @staticmethod
    def file_signature(path) -> tuple[tuple[int, int, int, int] | None, str | None]:
        """(mtime_ns, size, inode, ctime_ns) of a file to read, or (None, why it cannot be); the
        ctime changes with the mode too (a file made unreadable)."""
        try:
            st = os.stat(path)
        except OSError as e:
            return None, _oserror(e)
        if stat.S_ISDIR(st.st_mode):
            return None, "is a folder, not a file"
        if not stat.S_ISREG(st.st_mode):
            return None, "is not a regular file"
        return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns), None

    def _read(self, key: str, path: Path) -> tuple[str | None, str | None]:
        full, why = self.file_signature(path)   # stat'ed before the read: a change after it is seen next time
        self.seen["read", key] = (full, why)
        if full is None:
            return None, why
        sig = full[:2]
        hit = self._cache.get(key)
        if hit and hit[0] == sig:
            return hit[1], hit[2]
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_ANCHOR_FILE)
            text, why = data.decode("utf-8", errors="replace").replace("\r\n", "\n"), None
        except OSError as e:
            text, why = None, _oserror(e)
        self._cache[key] = (sig, text, why)
        return text, why

    def exists(self, raw: str) -> tuple[bool | None, str]:
        """True/False for a path under the root; None when the path is unsafe."""
        hit = self._exists.get(raw)
        if hit is None:
            c = self.confine(raw)
            if c.unsafe:
                hit = (None, c.unsafe)
            else:
                hit = (c.path is not None and os.path.exists(c.path), c.rel)
            self._exists[raw] = hit
            self.seen["exists", raw] = hit
        return hit

    def answers_again(self, seen: dict) -> bool:
        """Whether the project gives every answer in ``seen`` again (asked of this fresh checker:
        stats and path resolutions, no file read)."""
        for (question, arg), answer in seen.items():
            if question == "read":
                again = self.file_signature(arg)
            elif question == "kind":
                again = self.kind(Path(arg))
            elif question == "confine":
                again = self.confine(arg)
            else:
                again = self.exists(arg)
            if again != answer:
                return False
        return True

    # -- anchors -------------------------------------------------------------
    def check(self, anchor: Anchor) -> AnchorResult:
        c = self.confine(anchor.file)
        if c.unsafe:
            return AnchorResult(anchor.file, anchor.quote, "unsafe", f"{anchor.file}: {c.unsafe}")
        assert c.path is not None
        if self.kind(c.path) is None:
            return AnchorResult(c.rel, anchor.quote, "broken", f"file missing: {c.rel}")
        if anchor.quote is None or not anchor.quote.strip():
            return AnchorResult(c.rel, anchor.quote, "verified", f"{c.rel} exists")
        text, why = self.read(c.path)
        if text is None:
            return AnchorResult(c.rel, anchor.quote, "broken", f"{c.rel} {why}")
        quote = anchor.quote.replace("\r\n", "\n")
        at = text.find(quote)
        if at < 0:
            squeezed = " ".join(quote.split())
            flat = " ".join(text.split())
            if squeezed and squeezed in flat:
                return AnchorResult(c.rel, anchor.quote, "verified",
                                    f"quote found in {c.rel} (white space differs)")
            return AnchorResult(c.rel, anchor.quote, "broken", f"quote not found in {c.rel}")
        line = text.count("\n", 0, at) + 1
        return AnchorResult(c.rel, anchor.quote, "verified", f"quote found at {c.rel}:{line}", line)

    def check_entry(self, entry: MemoryEntry) -> tuple[str, str, list[AnchorResult]]:
        """The entry's anchor status: the worst of its anchors (unsafe > broken > verified)."""
        if entry.anchor_errors and not entry.anchors:
            return "broken", "; ".join(entry.anchor_errors), []
        if not entry.anchors:
            return "none", "no anchor", []
        results = [self.check(a) for a in entry.anchors]
        for status in ("unsafe", "broken"):
            bad = [r for r in results if r.status == status]
            if bad:
                return status, "; ".join(r.detail for r in bad), results
        return "verified", "; ".join(r.detail for r in results), results


def _oserror(e: OSError) -> str:
    if isinstance(e, PermissionError):
        return "cannot be read: permission denied"
    if e.errno == 40:  # ELOOP
        return "cannot be read: symlink loop"
    return f"cannot be read: {e.strerror or type(e).__name__}"
