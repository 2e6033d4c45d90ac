"""Spreading per-file work over cores by forking, for one-shot commands only.

A forked worker inherits the parent's memory for free (no pickling of inputs); only its
results travel back. Forking is safe only from a process with no other threads (the app
never forks; its audit runs in a process of its own)."""
from __future__ import annotations

import os
import threading

PARALLEL_FROM = 2000   # files or entries; below this, forking costs more than it saves


def jobs() -> int:
    return int(os.environ.get("MEMTUI_JOBS") or 0) or (os.cpu_count() or 1)


def can_fork(n: int) -> bool:
    """Worth it and safe: ``n`` items, several cores, fork available, no other thread."""
    return n >= PARALLEL_FROM and jobs() > 1 and hasattr(os, "fork") and threading.active_count() == 1


def shared_out(work, items: list, n: int, here, take, before=None) -> None:
    """Run ``work`` over ``items`` in chunks on ``n`` cores: ``n - 1`` forked workers take chunks
    from the front while this process (after ``before()``, if given) takes them from the back
    with ``here(chunk)``; so every core stays busy to the end, however the shares differ in
    cost. Each worker result goes to ``take(result)`` in this process, between its own chunks.

    Why not a ProcessPoolExecutor: its workers are fed one call at a time by a thread of this
    process, which waits for the interpreter lock while ``here`` holds it; measured on 10k
    files, the worker idled half the time and reading with two cores was slower than with one.
    Here the chunks are claimed through a counter in shared memory, and results come back
    through a pipe each, read between this process's own chunks."""
    import mmap
    import pickle
    import struct

    size = max(25, len(items) // (n * 40))   # small: what is left to a worker at the end is short
    chunks = [items[k:k + size] for k in range(0, len(items), size)]
    counter = mmap.mmap(-1, 8)   # anonymous and shared: the next chunk from the front, one past the last from the back
    struct.pack_into("ii", counter, 0, 0, len(chunks))
    lock = _ClaimLock()

    def claim(front: bool) -> int | None:
        with lock:
            first, last = struct.unpack_from("ii", counter)
            if first >= last:
                return None
            if front:
                struct.pack_into("ii", counter, 0, first + 1, last)
                return first
            struct.pack_into("ii", counter, 0, first, last - 1)
            return last - 1

    readers: dict[int, tuple[int, bytearray]] = {}   # fd -> (pid, bytes not yet a whole result)
    done: set[int] = set()
    try:
        for _ in range(n - 1):
            rfd, wfd = os.pipe()
            _widen(wfd)
            pid = os.fork()
            if pid == 0:   # a worker: never returns
                os.close(rfd)
                _work_loop(work, chunks, claim, wfd)
            os.close(wfd)
            os.set_blocking(rfd, False)
            readers[rfd] = (pid, bytearray())

        def read(block: bool) -> None:
            import select
            while readers:
                ready, _, _ = select.select(list(readers), [], [], None if block else 0)
                if not ready:
                    return
                for fd in ready:
                    pid, buf = readers[fd]
                    data = os.read(fd, 1 << 20)
                    if not data:   # the worker is done (or died: its claimed chunks are redone below)
                        os.close(fd)
                        del readers[fd]
                        os.waitpid(pid, 0)
                        continue
                    buf += data
                    while len(buf) >= 8:
                        length = struct.unpack_from("Q", buf)[0]
                        if len(buf) < 8 + length:
                            break
                        index, ok, result = pickle.loads(memoryview(buf)[8:8 + length])
                        del buf[:8 + length]
                        if not ok:
                            raise RuntimeError(f"a forked worker failed: {result}")
                        done.add(index)
                        take(result)
                if not block:
                    return

        if before is not None:
            before()
        while (index := claim(front=False)) is not None:
            here(chunks[index])
            done.add(index)
            read(block=False)
        read(block=True)
        for index, chunk in enumerate(chunks):   # a worker that died took its chunk with it
            if index not in done:
                here(chunk)
    finally:
        for fd, (pid, _) in readers.items():
            os.close(fd)
            try:
                os.kill(pid, 15)
                os.waitpid(pid, 0)
            except OSError:
                pass
        counter.close()
        lock.close()


class _ClaimLock:
    """The lock around the chunk counter, shared with the workers forked after it is made: a
    POSIX record lock on an anonymous file (Linux's memfd), held per process and let go by the
    kernel if its holder dies; elsewhere multiprocessing's Lock. (Importing multiprocessing for
    its Lock cost ~8 ms of every forking command's start: it imports socket.)"""

    def __init__(self) -> None:
        self.fd = None
        if hasattr(os, "memfd_create"):
            try:
                self.fd = os.memfd_create("memtui-claims")
            except OSError:
                pass
        if self.fd is None:
            import multiprocessing
            self.other = multiprocessing.get_context("fork").Lock()

    def __enter__(self) -> None:
        if self.fd is None:
            self.other.acquire()
        else:
            import fcntl
            fcntl.lockf(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *exc) -> None:
        if self.fd is None:
            self.other.release()
        else:
            import fcntl
            fcntl.lockf(self.fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = -1   # (closed: never used again)


def _widen(fd: int) -> None:
    """A pipe of 1 MB where Linux allows it (64 KB by default): a worker's result (~150 KB for
    125 parsed files) is written whole while this process is busy with a chunk of its own."""
    try:
        import fcntl
        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ"), 1 << 20)
    except (ImportError, AttributeError, OSError):
        pass


def _work_loop(work, chunks: list, claim, wfd: int) -> None:
    """A forked worker: claim chunks from the front until none is left, writing each result
    (length, then a pickle of (chunk index, ok, result)) to ``wfd``; then exit at once (no
    atexit handlers, no flushing of the parent's buffers)."""
    import pickle
    import struct
    code = 0
    try:
        while (index := claim(front=True)) is not None:
            try:
                record = (index, True, work(chunks[index]))
            except Exception:
                import traceback   # (only then: its import is ~30 ms of a worker's time)
                record, code = (index, False, traceback.format_exc(limit=3)), 1
            data = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(struct.pack("Q", len(data)) + data)
            while view:
                view = view[os.write(wfd, view):]
            if code:
                break
    finally:
        os._exit(code)


def detach(job) -> bool:
    """Run ``job()`` in a child of its own session, with no output and nothing inherited that a
    caller waits on (its pipes), and return at once; False when that is not safe here (another
    thread: forking a threaded process is unsafe), so the caller runs it itself."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return False
    if os.fork() != 0:
        return True
    try:
        import signal
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.setsid()   # a hook's caller may end the process group once it has the answer
        signal.setitimer(signal.ITIMER_REAL, 0)
        job()
    finally:
        os._exit(0)
