"""`memtui hook claude-code`: a UserPromptSubmit hook that injects relevant memories, and a
PreToolUse/PostToolUse hook that gates the agent's own memory writes.

Claude Code pipes the hook's JSON to stdin (`prompt`, `cwd`, `session_id`,
`transcript_path`, `hook_event_name`, …) and adds whatever we print to the
model's context. The decision (with reasons) goes to an injection log in the
user's state directory, never into the memory directory, which may be shared.
A Write, Edit or MultiEdit into the memory folder is judged by ``core/writes/tool_gate``
before it lands (a deny goes back as Claude Code's JSON, with the fix), and recorded
once it has landed; a call elsewhere gets no output and no record.

A hook must never block the agent: every failure, and a run longer than
TIME_LIMIT seconds, ends in exit 0 with nothing injected and a line on stderr.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import signal
import sys
from pathlib import Path

from ..core import forking

# The rest of the core is imported inside the functions, once a child is listing the folder
# (``core/reading/prefetch``): its stat calls run on the other core while this process imports.

TIME_LIMIT = 5.0        # seconds ($MEMTUI_HOOK_TIMEOUT overrides); Claude Code's own hook timeout is far longer
MAX_STDIN = 4_000_000
MAX_OUTPUT = 9_500      # Claude Code caps injected hook output at 10,000 characters


class _TimeUp(Exception):
    pass


_PENDING: list = []   # a snapshot read the slow way, to index after answering
_FOLDER: list = []     # (dir, root, layout) this prompt reads: indexed afresh if time runs out


def _index_in_background(timed_out: bool = False) -> None:
    """Build the kept index for the next prompt in a child process: this one exits now, so
    the agent waits for the answer only (a hook must never hold the agent up). When the slow
    way ran out of time (a huge folder), the child reads the folder itself: otherwise no
    prompt would ever finish reading it, and none would ever be quick."""
    if not (_PENDING or (timed_out and _FOLDER)) or os.environ.get("MEMTUI_NO_INDEX"):
        return
    mem = _PENDING.pop() if _PENDING else None
    directory, root, layout = _FOLDER[-1]

    def build() -> None:
        os.nice(10)  # the agent and the user come first
        build_kept_index(directory, root, layout, mem)

    forking.detach(build)   # when it cannot (another thread), the next prompt builds it instead


def build_kept_index(directory: Path, root: Path, layout, mem=None) -> None:
    """Index the folder for the quick way (the hook's and `memtui preview`'s), unless another
    process is at it already. ``mem``: the folder as just read; else it is read here."""
    from ..core.engine.lazyindex import build_index
    from ..core.snapshots.memory import Memory
    with _one_builder(directory) as alone:
        if not alone:
            return   # an earlier prompt's child is still at it
        m = mem or Memory.load(directory, root, mentions=False, layout=layout)
        scanner = m.store.scanner
        build_index(m.dir, dict(m.entries), {i: scanner._sigs[i] for i in scanner._readable})


@contextlib.contextmanager
def _one_builder(directory: Path):
    """Whether this process is the only one building the folder's index (an advisory lock
    beside the cache, released when the process ends)."""
    import fcntl
    from ..core.cache.kept import KeptFile
    path = KeptFile(directory).path.with_suffix(".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield True
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        yield False
        return
    try:
        yield True
    finally:
        os.close(fd)


def append_log(record: dict) -> None:
    from ..core.writes.injection_log import append_record, log_path
    try:
        append_record(record)
    except OSError as e:
        print(f"memtui hook: cannot write the injection log {log_path()}: {e}", file=sys.stderr)


def decide_for(payload: dict) -> tuple[str, dict]:
    """(text for the model, log record) for one hook payload."""
    from ..core.reading.discover import discover, git_toplevel

    prompt = payload.get("prompt")
    if not isinstance(prompt, str):
        raise ValueError("the hook input has no 'prompt' string")
    cwd = Path(payload.get("cwd") or os.getcwd())
    found = discover(cwd)
    listing = None
    if not found.is_sample and found.dir.is_dir() and not os.environ.get("MEMTUI_NO_INDEX"):
        from ..core.reading.index import INDEX_NAME
        from ..core.reading.prefetch import Prefetch
        listing = Prefetch(str(found.dir), INDEX_NAME)
    try:
        return _decide(payload, prompt, cwd, found, git_toplevel(cwd) or cwd, listing)
    finally:
        if listing is not None:
            listing.close()


def _decide(payload: dict, prompt: str, cwd: Path, found, root: Path, listing) -> tuple[str, dict]:
    from ..core.snapshots.memory import GC_PAUSE
    from ..core.secrets.detect import redact

    record = {"session_id": payload.get("session_id"), "cwd": str(cwd), "prompt": redact(prompt)[:2000]}
    if found.is_sample or not found.dir.is_dir():
        record.update(dir=None, injected=[], excluded=[],
                      message=f"no memory directory for {cwd} — nothing injected")
        return "", record
    GC_PAUSE.hold()   # a one-shot process: cyclic GC frees nothing worth the time
    try:   # (released on return: an in-process caller — tests, another tool — keeps its collector)
        return _decide_with(payload, prompt, found, root, listing, record)
    finally:
        GC_PAUSE.release()


def _decide_with(payload: dict, prompt: str, found, root: Path, listing, record: dict) -> tuple[str, dict]:
    from ..core.config import limits
    from ..core.snapshots.memory import Memory
    from ..core.engine.select import Engine
    from ..core.layouts.detection import detect_kept
    from ..core.snapshots.memory import utcnow
    seen = detect_kept(found.dir)   # (kept: a warm prompt does not list the folder's names again)
    if seen.layout.file_per_entry:
        _FOLDER.append((seen.dir, root, seen.layout))
    from ..core.engine.lazyindex import STALE, lazy_answer
    count, chars = limits(None, None)

    def ask(engine):
        return engine.decide(prompt, count, min(chars, MAX_OUTPUT))

    decision = None
    if seen.layout.file_per_entry and not os.environ.get("MEMTUI_NO_INDEX"):
        # the kept index: only what changed is read (scored while the stat pass runs)
        decision = lazy_answer(seen.dir, root, utcnow(), ask, prefetch=listing if seen.dir == found.dir else None)
    if decision is None or isinstance(decision, str):
        # the hook never shows mentioned paths
        mem = Memory.load(seen.dir, root, mentions=False, layout=seen.layout, fork=False)
        if decision == STALE:
            _PENDING.append(mem)   # index it once the answer is out, for the next prompt
        decision = ask(Engine.from_memory(mem))
    record.update(
        dir=str(found.dir), root=str(root),
        injected=[{"id": c.id, "score": c.score, "chars": c.chars,
                   "reasons": [r.as_json() for r in c.reasons]} for c in decision.injected],
        excluded=[x.as_json() for x in decision.excluded],
        chars=decision.chars, tokens=decision.tokens, message=decision.message,
    )
    return decision.text, record


TOOL_EVENTS = ("PreToolUse", "PostToolUse")


def _nothing(record: dict) -> dict:
    """What a record says when the hook gave up: no injection, or no decision on a write."""
    if record.get("event") in TOOL_EVENTS:
        return {"kind": "write", "decision": "none", "message": "no decision (Claude Code's own permissions decide)"}
    return {"injected": [], "message": "nothing injected"}


def _memory_folders(cwd: Path, target: str) -> list[Path]:
    """Where the agent's memory lives: the folder the commands find for ``cwd`` (never the
    bundled sample), Claude Code's own for ``cwd`` (which may not exist before its first write),
    and the Claude Code memory folder ``target`` lies in by its path's shape."""
    from ..core.reading.discover import claude_memory_dir, discover
    from ..core.writes.tool_gate import claude_folder_of
    found = discover(cwd)
    folders = [] if found.is_sample else [found.dir]
    try:
        folders.append(claude_memory_dir(cwd))
    except (OSError, RuntimeError):   # no home directory at all
        pass
    by_shape = claude_folder_of(target, os.environ.get("CLAUDE_CONFIG_DIR"))
    return folders + ([by_shape] if by_shape is not None else [])


MAX_MEMORY_FILE = 1_000_000   # bytes; a bigger file is no memory the gate reads (no decision)


def tool_event(payload: dict, event: str, record: dict) -> tuple[str, bool]:
    """(stdout, whether to log ``record``) for a PreToolUse or PostToolUse payload. The record
    is filled in as things are known (an error half-way still logs which file it was); it is
    not kept when the call does not touch a memory folder (every code edit passes here)."""
    from ..core.writes.tool_gate import NoDecision, after_call, judge, judge_new_text, memory_id, parse_call
    tool = payload.get("tool_name")
    record.update(kind="write", tool=str(tool)[:40], session_id=payload.get("session_id"))
    try:
        call = parse_call(tool, payload.get("tool_input"))
    except NoDecision as e:
        record.update(decision="none", message=f"no decision: {e}")
        return "", True
    cwd = Path(payload.get("cwd") or os.getcwd())
    target = os.path.join(cwd, call.file_path)   # absolute, as Claude Code sends it; else from cwd
    for folder in _memory_folders(cwd, target):
        entry_id = memory_id(target, folder)
        if entry_id is not None:
            break
    else:
        return "", False
    from ..core.secrets.detect import redact
    # (a file named after a token is still never written out whole)
    record.update(id=redact(entry_id), dir=redact(str(folder)), tool_use_id=payload.get("tool_use_id"))
    if event == "PostToolUse":
        response = payload.get("tool_response")
        if isinstance(response, dict) and response.get("success") is False:
            record.update(decision="failed", message="the tool reported a failure: nothing landed")
        else:
            record.update(decision="written", message=f"the agent wrote {entry_id}")
        return "", True
    try:
        before = _current(Path(os.path.realpath(target)))
        after = after_call(call, before)
    except NoDecision as e:
        decision = judge_new_text(folder, call, entry_id) if call.edits else None
        if decision is None or not decision.deny:
            record.update(decision="none", message=f"no decision: {e}")
            return "", True
        record["unapplied"] = f"{e}; judged on the new text alone"
    else:
        from ..core.reading.discover import git_toplevel
        decision = judge(folder, git_toplevel(cwd) or cwd, entry_id, before, after)
    record.update(decision="denied" if decision.deny else "allowed",
                  why=[decision.why(f) for f in decision.denied], noted=[decision.why(f) for f in decision.noted])
    if not decision.deny:
        record["message"] = "allowed" + (f" ({len(decision.noted)} finding(s) recorded)" if decision.noted else "")
        return "", True
    kinds = ", ".join(dict.fromkeys(f.kind for f in decision.denied))
    record["message"] = f"denied: {kinds}"
    out = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                  "permissionDecisionReason": decision.reason()}}
    return json.dumps(out, ensure_ascii=False) + "\n", True


def _current(path: Path) -> str | None:
    """The file's text now, None when it does not exist yet; NoDecision when it is no text."""
    from ..core.writes.tool_gate import NoDecision
    try:
        if path.stat().st_size > MAX_MEMORY_FILE:
            raise NoDecision(f"the file is over {MAX_MEMORY_FILE // 1_000_000} MB")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise NoDecision("the file is not UTF-8 text") from None
    except OSError as e:
        raise NoDecision(f"cannot read the file: {e.strerror}") from None


def _time_limit() -> float:
    try:
        value = float(os.environ.get("MEMTUI_HOOK_TIMEOUT") or TIME_LIMIT)
    except ValueError:
        return TIME_LIMIT
    return value if 0 < value <= 60 else TIME_LIMIT


def run(args) -> int:
    if args.agent == "install":   # `memtui hook install`: not a hook, the command that wires it
        from .hook_install import run as install
        return install(args)
    record: dict = {"agent": args.agent}
    text, timed_out = "", False

    def time_up(signum, frame):
        raise _TimeUp()

    limit = _time_limit()
    old = signal.signal(signal.SIGALRM, time_up)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        raw = sys.stdin.buffer.read(MAX_STDIN) if not sys.stdin.isatty() else b""
        try:
            payload = json.loads(raw.decode("utf-8", errors="replace"))
        except ValueError:
            raise ValueError("stdin is not JSON") from None
        if not isinstance(payload, dict):
            raise ValueError("stdin is JSON but not an object")
        event = payload.get("hook_event_name")
        if event in TOOL_EVENTS:
            record["event"] = event
            text, keep = tool_event(payload, event, record)
            if not keep:   # not a memory file: nothing to say, nothing to keep
                record = None
        else:
            text, more = decide_for(payload)
            record.update(more)
    except _TimeUp:
        text, timed_out = "", True
        record = record or {"agent": args.agent}
        record.update(error=f"gave up after {limit:g} s (a slow disk or a huge folder)", **_nothing(record))
    except Exception as e:  # the agent must go on, whatever happened here
        from ..core.secrets.detect import redact
        text = ""
        record = record or {"agent": args.agent}
        why = redact(str(e))[:300]
        record.update(error=f"{type(e).__name__}: {why}", **_nothing(record))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    if record is None:
        return 0
    if record.get("error"):
        print(f"memtui hook: {record['error']} — {_nothing(record)['message']}", file=sys.stderr)
    record["time"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
    append_log(record)
    if text:
        try:
            sys.stdout.write(text if record.get("event") in TOOL_EVENTS else text[:MAX_OUTPUT])
            sys.stdout.flush()
        except OSError:
            pass
    _index_in_background(timed_out)
    return 0
