"""Reading an agent's record of a memory folder, incrementally (SPEC §9).

Transcripts grow to hundreds of megabytes and most of their lines are about other things. Each
file is read from where the last scan stopped (keep.FileState) in large blocks; only a line that
names the memory folder (``Place.needles``), or holds the id of a call whose result is still
awaited, is decoded. A truncated last line (the agent is writing it) is left for the next scan;
a line that is not JSON is counted and passed over; a line of a type nobody knows says nothing;
a file replaced, truncated or rotated (another inode, fewer bytes, other first bytes) is read
again from its start; a file that is gone keeps what was learned from it.

For each write or edit the person's message before it is found by reading the file backwards
from the call (a turn is seldom far from its prompt), and judged at once (stated.judge): what is
kept is the verdict and the message's offset, never its text.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

from . import lines, stated
from .keep import FileState, Kept, pending_ids
from .model import Act, Record
from .places import Place

BLOCK = 8 << 20          # bytes read at a time
BACK = 256 << 10         # bytes read at a time when looking back for the person's message
BACK_LIMIT = 64 << 20    # how far back a prompt is looked for
HEAD = 4096              # bytes hashed to know a file again

_DIALECT = {"claude": (lines.claude, lines.claude_prompt), "pi": (lines.pi, lines.pi_prompt)}


def _head(f, upto: int) -> str:
    f.seek(0)
    return hashlib.sha1(f.read(min(upto, HEAD))).hexdigest()[:16]


def read_record(place: Place, memory_dir: Path, dialect: str = "claude",
                progress: Callable[[int, int], None] | None = None, scan: bool = True) -> Record:
    """Scan ``place``'s files for acts on ``memory_dir``'s files; ``progress(done, total)`` in
    bytes as it goes (the app's progress line). ``scan=False``: what the last scan kept, with no
    record file opened or even stat-ed (the app's first rows: milliseconds)."""
    record = Record(place.kind, place.label, [str(f) for f in place.folders], note=place.note, dialect=dialect)
    kept = Kept(memory_dir)
    try:
        states = kept.load()
        if not scan:
            place = Place(place.kind, place.folders, [Path(n) for n in states], place.prefixes, place.anywhere)
        seen = {str(p) for p in place.files}
        gone = [name for name, st in states.items() if name not in seen and not st.gone]
        kept.mark_gone(gone)
        for name in gone:
            states[name].gone = True
        todo, total = [], 0
        for path in place.files if scan else ():
            try:
                st = os.stat(path)
            except OSError:
                continue
            record.files += 1
            record.size += st.st_size
            old = states.get(str(path))
            if old is None or old.ino != st.st_ino or st.st_size < old.offset or old.gone:
                todo.append((path, st, old))
                total += st.st_size
            elif st.st_size > old.offset or any(a.result < 0 for a in old.acts):
                todo.append((path, st, old))
                total += st.st_size - old.offset
        done = [0]

        def tick(n: int) -> None:
            done[0] += n
            if progress is not None:
                progress(min(done[0], total), total)
        if progress is not None:
            progress(0, total)
        for path, st, old in todo:
            states[str(path)] = _scan_file(path, st, old, place, dialect, kept, tick)
        record.read_now = done[0]
    finally:
        kept.close()
    by_id: dict[str, Act] = {}
    for name, st in states.items():
        record.bad += st.bad
        record.gone += st.gone and bool(st.acts)   # (a gone file that said nothing of the folder: no loss)
        for a in st.acts:
            known = by_id.get(a.tool_id)
            if known is None or (states[known.file].gone and not st.gone):   # a rotated copy: the file there
                by_id[a.tool_id] = a
    record.acts = sorted(by_id.values(), key=lambda a: (a.at, a.file, a.offset))
    if record.note and record.acts:
        record.note = ""   # the files are gone, what they said is kept
    return record


def _scan_file(path: Path, st: os.stat_result, old: FileState | None, place: Place, dialect: str, kept: Kept,
               tick) -> FileState:
    said_of, prompt_of = _DIALECT[dialect]
    try:
        f = open(path, "rb")
    except OSError:
        return old if old is not None else FileState(gone=True)
    with f:
        restarted = (old is None or old.ino != st.st_ino or st.st_size < old.offset or old.gone
                     or _head(f, old.offset) != old.head)
        state = FileState(st.st_ino) if restarted else old
        if dialect == "pi" and restarted:
            state.session, state.cwd = _pi_header(f)
        new: list[Act] = []
        changed: list[Act] = []
        waiting = pending_ids(state.acts)
        memo: dict = {}

        def on_line(at: int, raw: bytes) -> None:
            try:
                obj = json.loads(raw)
            except ValueError:
                state.bad += 1
                return
            if not isinstance(obj, dict):
                state.bad += 1
                return
            said = said_of(obj, place, state.cwd or None, state.session) if dialect == "pi" else said_of(obj, place)
            for tid, failed in said.results:
                act = waiting.pop(json.dumps(tid).encode(), None)
                if act is not None:
                    act.result, act.failed = at, failed
                    if act not in new:
                        changed.append(act)
            for call in said.calls:
                act = Act(call.kind, call.tool, call.tool_id, call.target, said.session, said.at, str(path), at,
                          said.side)
                if call.kind != lines.READ:
                    act.prompt, text = _prompt_before(f, at, prompt_of, dialect, memo)
                    act.stated = stated.judge(text, call.text, call.old)
                new.append(act)
                waiting[json.dumps(call.tool_id).encode()] = act

        start = 0 if restarted else state.offset
        state.offset = _blocks(f, start, place.needles, waiting, on_line, tick)
        state.head = _head(f, state.offset)
        state.acts = [*state.acts, *new] if not restarted else new
        kept.save(str(path), state, restarted, new, changed)
        return state


def _blocks(f, start: int, needles: tuple[bytes, ...], waiting: dict[bytes, Act], on_line, tick) -> int:
    """Read from ``start`` to the end of the last whole line; call ``on_line(offset, line)`` for
    each line holding a needle or an awaited call's id, in order. Returns where reading stopped."""
    pos, carry = start, b""
    while True:
        f.seek(pos)   # (looking back for a prompt moves the file's position)
        block = f.read(BLOCK)
        if not block:
            break
        pos += len(block)
        data = carry + block
        base = pos - len(data)
        cut = data.rfind(b"\n") + 1
        carry = data[cut:]
        tick(len(block))
        if cut == 0:
            continue
        whole = data[:cut] if carry else data
        done: set[int] = set()
        for ls in _lines_holding(whole, needles):
            done.add(ls)
            on_line(base + ls, whole[ls:whole.index(b"\n", ls)])
        # the results of calls seen (here or in an earlier scan): the line holding the call's id
        for key in list(waiting):
            if key not in waiting:
                continue
            after = max(0, waiting[key].offset - base)
            i = whole.find(key, after)
            while i >= 0:
                ls = whole.rfind(b"\n", 0, i) + 1
                le = whole.index(b"\n", i)
                if ls not in done and base + ls != waiting[key].offset:
                    done.add(ls)
                    on_line(base + ls, whole[ls:le])
                if key not in waiting:
                    break
                i = whole.find(key, le)
    return pos - len(carry)


def _lines_holding(data: bytes, needles: tuple[bytes, ...]) -> list[int]:
    starts = set()
    for needle in needles:
        i = data.find(needle)
        while i >= 0:
            ls = data.rfind(b"\n", 0, i) + 1
            starts.add(ls)
            i = data.find(needle, data.index(b"\n", i))
    return sorted(starts)


def _prompt_before(f, end: int, prompt_of, dialect: str, memo: dict) -> tuple[int, str | None]:
    """(offset, text) of the last message the person typed before ``end`` in this file, or
    (-1, None). ``memo`` holds the last answer: a later call in the same turn stops there."""
    mark = lines.USER_MARK[dialect]
    stop, known = memo.get("at", -1), memo.get("found", (-1, None))
    found, pos, tail = (-1, None), end, b""
    while pos > 0 and end - pos < BACK_LIMIT:
        if stop >= 0 and pos <= stop:
            found = known
            break
        step = min(BACK, pos)
        pos -= step
        f.seek(pos)
        chunk = f.read(step) + tail
        parts = chunk.split(b"\n")
        first = 0 if pos == 0 else 1
        tail = parts[0] if pos > 0 else b""
        offset = pos if pos == 0 else pos + len(parts[0]) + 1
        starts = []
        for p in parts[first:]:
            starts.append(offset)
            offset += len(p) + 1
        hit = None
        for p, s in zip(reversed(parts[first:]), reversed(starts)):
            if s >= end or (stop >= 0 and s < stop):
                continue
            if mark.search(p) and b'"tool_use_id"' not in p and b'"toolCallId"' not in p:   # (results: no prompt)
                try:
                    obj = json.loads(p)
                except ValueError:
                    continue
                text = prompt_of(obj) if isinstance(obj, dict) else None
                if text:
                    hit = (s, text)
                    break
        if hit is not None:
            found = hit
            break
    else:
        if stop >= 0 and pos <= stop:
            found = known
    memo["at"], memo["found"] = end, found
    return found


def _pi_header(f) -> tuple[str, str]:
    f.seek(0)
    first = f.readline(1 << 20)
    try:
        head = lines.pi_header(json.loads(first))
    except ValueError:
        head = None
    return head or ("", "")
