"""The stress proof of the one write path (issue 39): an agent process writes to its files the
whole time while memtui archives, restores, deletes, promotes (with the mark), edits (a draft
continued), adds and remembers, on every layout that allows each. After each round: no line
the agent wrote is lost, and memtui's change landed or was refused with one sentence.

    python tests/bench/stress_writes.py [ROUNDS]            # the table (20 rounds: ~2 minutes)
    PYTHONPATH=/path/to/other/checkout python tests/bench/stress_writes.py 20   # another version

Each round works on a fresh copy of the bundled sample's folder for that layout. The agent
(``AGENT``, its own process, no memtui lock) appends to entries, the day's log, instruction
files (``open(…, "a")``) and adds index lines and bullets by read, check, rename (as Claude
Code's edit tool refuses a file modified since read); it records each line once it landed.
memtui's operation runs in this process through the command line's ``main`` (archive,
restore, delete, promote, remember) or the core calls the app's writes make (add: the
form's ``write_memory``; edit: a draft refused by a gate, continued after the agent wrote,
then saved, as the app's ``e`` does). A line is lost when it is nowhere under the folder or
the project (the trash and the archive count: an entry memtui moved keeps the agent's line).
A remembered or added memory must be there once (an edit applied again on the agent's edit
of ours made it twice). A round that went wrong after the agent itself renamed over a version it
had not read (its check-then-rename has a window; what lands in it, ours or its own, is
overwritten, and no writer outside the agent can prevent it) is counted as "overrun".

The "edit" operation follows each version's own app: before core/writes/drafts.py existed,
the app read the base of a continued draft at the second ``e`` (that is what it models then).
"""
from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_memories"
if "PYTHONPATH" not in os.environ:   # (with it, the checkout it names is the one measured)
    sys.path.insert(0, str(REPO))

AGENT = r"""
import datetime as dt, json, os, sys, time
folder, root, kind, stop, out = sys.argv[1:6]
log = open(out, "a")
n = 0

def landed(path, token):
    log.write(json.dumps({"file": path, "token": token}) + "\n")
    log.flush()

def append(path, line):
    with open(path, "a", encoding="utf-8") as f:
        f.write(line)

def exchange(a, b):   # a rename that also hands back what it displaced (Linux renameat2)
    import ctypes
    fn = ctypes.CDLL(None, use_errno=True).renameat2
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(-100, os.fsencode(a), -100, os.fsencode(b), 2) == 0

def swap(path, edit):   # read, edit, and rename only if the file did not change meanwhile
    for _ in range(200):
        try:
            old = open(path, encoding="utf-8").read()
        except FileNotFoundError:
            old = ""
        tmp = f"{path}.agent{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(edit(old))
        try:
            now = open(path, encoding="utf-8").read()
        except FileNotFoundError:
            now = ""
        if now == old:
            # The agent's own check-then-rename has a window: what lands in it is overwritten
            # (as by any editor that saves this way). It is renamed as before; where the system
            # can say what the rename displaced, a version it had not read is recorded.
            try:
                swapped = exchange(tmp, path)
            except (OSError, AttributeError):
                swapped = False
            if swapped:
                gone = open(tmp, encoding="utf-8", errors="replace").read()
                os.unlink(tmp)
                if gone != old:
                    log.write(json.dumps({"overran": path}) + "\n")
                    log.flush()
            else:
                os.replace(tmp, path)
            return True
        os.unlink(tmp)
    return False

ENTRIES = sys.argv[6].split(",") if len(sys.argv) > 6 and sys.argv[6] else []
open(stop + ".ready", "w").close()
while not os.path.exists(stop):
    n += 1
    token = f"AGENT-{os.getpid()}-{n}"
    k = n % 4
    if kind == "claude-code":
        if k == 0:
            name = f"agent-{n}.md"
            with open(os.path.join(folder, name), "w") as f:
                f.write(f"---\nname: agent note {n}\ndescription: {token}\nsource: model\n---\n{token}\n")
            if swap(os.path.join(folder, "MEMORY.md"),
                    lambda t: t + ("" if t.endswith("\n") or not t else "\n") + f"- [agent {n}]({name}) — {token}\n"):
                landed("MEMORY.md", token)
        elif k in (1, 2) and ENTRIES:
            e = os.path.join(folder, ENTRIES[n % len(ENTRIES)])
            if os.path.exists(e):
                append(e, f"{token}\n")
                landed(e, token)
        else:
            append(os.path.join(root, "AGENTS.md"), f"- {token}\n")
            landed("AGENTS.md", token)
    elif kind == "openclaw":
        if k in (0, 1):
            day = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")
            os.makedirs(os.path.join(folder, "memory"), exist_ok=True)
            append(os.path.join(folder, "memory", f"{day}.md"), f"- {token} logged\n")
            landed("log", token)
        elif k == 2:
            append(os.path.join(folder, "MEMORY.md"), f"{token} noted about the gateway.\n")
            landed("MEMORY.md", token)
        else:
            append(os.path.join(folder, "AGENTS.md"), f"- {token}\n")
            landed("AGENTS.md", token)
    else:   # gemini: save_memory puts a bullet under its section; the file is also the instructions
        def add(t):
            mark = "### Gemini Added Memories\n"
            at = t.find(mark)
            if at < 0:
                return t + f"\n{mark}- {token}\n"
            end = t.find("\n## ", at)
            end = len(t) if end < 0 else end + 1
            body = t[:end].rstrip("\n") + "\n"
            return body + f"- {token}\n" + ("\n" if end < len(t) else "") + t[end:]
        if k in (0, 1):
            if swap(os.path.join(folder, "GEMINI.md"), add):
                landed("GEMINI.md", token)
        else:
            append(os.path.join(folder, "GEMINI.md"), f"- {token} (appended)\n")
            landed("GEMINI.md", token)
    time.sleep(0.004)   # ~200 writes a second: far busier than any agent, so the races happen
log.close()
"""

# layout → (its sample folder, the memory folder inside a copy, the project root, the ops)
LAYOUTS = {
    "claude-code": ("", "memory", "project", ("archive", "restore", "delete", "promote", "edit", "add", "remember")),
    "openclaw": ("layouts/openclaw", ".", ".", ("archive", "restore", "delete", "promote", "edit", "remember")),
    "gemini": ("layouts/gemini", ".", ".", ("restore", "delete", "promote", "edit", "remember")),
}
# the entry each op works on, per layout
TARGET = {"claude-code": "ci-status.md", "openclaw": "MEMORY.md#gateway",
          "gemini": "GEMINI.md#deploys-go-through-fly-deploy-strategy-rolling-n"}
EDIT = {"claude-code": ("All routes", "api-versioning.md"), "openclaw": ("runs as a systemd", "MEMORY.md#gateway"),
        "gemini": ("never deploy from a dirty tree", "GEMINI.md#deploys-go-through-fly-deploy-strategy-rolling-n")}


def cli(*args: str) -> tuple[int, str]:
    from tui.cli import main
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
        except Exception as e:   # what the entry point would call an internal error
            return 3, f"internal error: {type(e).__name__}: {e}"
    return code, err.getvalue().strip()


def layout_of(name: str):
    from tui.core.layouts import get
    return get(name)


def sentence_ok(text: str) -> bool:
    return bool(text) and "internal error" not in text and "Traceback" not in text


def op(name: str, kind: str, mem: Path, root: Path) -> tuple[str, str]:
    """Run one memtui operation; ("landed" | "refused" | "fault", detail)."""
    t = TARGET[kind]
    layout = ["--layout", kind]
    if name in ("archive", "delete"):
        code, err = cli(name, t, "--yes", "--dir", str(mem), *layout)
        return ("landed", "") if code == 0 else ("refused", err) if code == 1 and sentence_ok(err) else ("fault", err)
    if name == "restore":
        code, err = cli("restore", t, "--dir", str(mem))
        return ("landed", "") if code == 0 else ("refused", err) if code == 1 and sentence_ok(err) else ("fault", err)
    if name == "promote":
        code, err = cli("promote", t, "--to", "AGENTS.md", "--yes", "--dir", str(mem), "--root", str(root), *layout)
        return ("landed", "") if code == 0 else ("refused", err) if code == 1 and sentence_ok(err) else ("fault", err)
    if name == "remember":
        code, err = cli("remember", "Release tags follow semver with a leading v", "--name", "release-tags",
                        "--dir", str(mem), "--root", str(root), *layout)
        return ("landed", "") if code == 0 else ("refused", err) if code == 1 and sentence_ok(err) else ("fault", err)
    if name == "add":
        from tui.core.writes.write import Draft, write_memory
        try:
            res = write_memory(mem, root, Draft(text="Release tags follow semver with a leading v",
                                                name="release-tags"))
        except OSError as e:
            from tui.core.faults import explain
            return "refused", explain(e, "the memory was not written")
        return ("landed", "") if res.ok else ("fault", res.reason())
    if name == "edit":
        return edit(kind, mem, root)
    raise ValueError(name)


def edit(kind: str, mem: Path, root: Path) -> tuple[str, str]:
    """The app's e: a first edit refused by a gate (a draft is kept), the agent writes, e again
    on the draft, saved."""
    from tui.core.writes import snippets
    from tui.core.faults import explain
    find = getattr(snippets, "find", None) or snippets._find   # (its name before this stop)
    word, entry = EDIT[kind]
    layout = layout_of(kind)
    shared = "#" in entry
    path = mem / (entry.split("#")[0] if shared else entry)

    def editable(text: str) -> str | None:
        if not shared:
            return text
        snip = find(layout, entry, text)
        return None if snip is None else snip.text
    now = path.read_bytes()
    current = editable(now.decode())
    draft = current.replace(word, "Right now " + word, 1)   # refused: transient
    time.sleep(0.03)   # the person fixes the draft (seconds, really); the agent goes on writing
    now2 = path.read_bytes()
    current2 = editable(now2.decode())
    if current2 is None:
        return "refused", f"{entry} is no longer in its file"
    try:
        from tui.core.writes.drafts import Kept, resume
    except ImportError:   # the app before drafts.py: the base read at the second e
        seen, text = now2, draft
    else:
        kept, _ = resume(Kept(draft, current, now), current2, now2)
        seen, text = kept.seen, kept.text
    text = text.replace("Right now " + word, word + " (edited)", 1)
    if "<<<<<<<" in text:
        return "refused", "conflict markers for the person to resolve"
    try:
        if shared:
            from tui.core.writes.layout_writes import replace_part
            try:
                res = replace_part(mem, root, layout, entry, seen.decode(), text)
            except TypeError:   # the older signature: (…, old lines, new lines), the file read at save
                res = replace_part(mem, root, layout, entry, editable(seen.decode()), text)
        else:
            from tui.core.writes.write import write_raw
            res = write_raw(mem, root, entry, text, opened=seen.decode())
    except OSError as e:
        return "refused", explain(e, "the edit was not saved")
    return ("landed", "") if res.ok else ("refused", res.reason()) if res.reason() else ("fault", "not ok")


def landed_as_said(name: str, kind: str, mem: Path, root: Path, state: str) -> str:
    """'' when the folder shows what the op's outcome says; else what is wrong."""
    t = TARGET[kind]
    if state != "landed":
        return ""
    word, entry = EDIT[kind]
    from tui.core.snapshots.memory import Snapshot
    from tui.core.writes.trash import list_trash
    from tui.core.walk import ARCHIVE_DIR
    here = t in Snapshot.load(mem, root, layout=layout_of(kind)).entries
    if name in ("delete", "archive"):
        moved = [i.id for i in list_trash(mem, ARCHIVE_DIR if name == "archive" else ".trash")]
        return "" if not here and t in moved else f"{name} said done, but {t} is {'still there' if here else 'lost'}"
    if name == "restore":
        return "" if here else f"restore said done, but {t} is not back"
    if name == "promote":
        rule = (root / "AGENTS.md").read_text() if (root / "AGENTS.md").exists() else ""
        marked = kind != "claude-code" or "promoted_to: AGENTS.md" in (mem / t).read_text()
        return "" if marked and not (here and kind != "claude-code") and rule.count("\n- ") else \
            "promote said done, but the target or the mark is not as said"
    if name == "edit":
        return "" if f"{word} (edited)" in _all_text(mem) else "the edit said saved is not in the file"
    if name in ("add", "remember"):   # once: one entry file (its name and body both say it), or one bullet
        said = "Release tags follow semver with a leading v"
        texts = [p.read_text(errors="replace") for p in mem.glob("*.md")
                 if not (kind == "claude-code" and p.name == "MEMORY.md")]
        n = sum(said in t for t in texts) if kind == "claude-code" else sum(t.count(said) for t in texts)
        return "" if n == 1 else "the new memory is missing" if not n else f"the new memory is there {n} times"
    return ""


def _all_text(base: Path) -> str:
    """Every file under ``base`` (the trash's ``MEMORY.md#gateway`` too), as text."""
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in base.rglob("*") if p.is_file())


def setup(name: str, kind: str, mem: Path, root: Path) -> None:
    """What a round needs before the agent starts (restore: something in the trash)."""
    if name == "restore":
        code, err = cli("archive" if kind != "gemini" else "delete", TARGET[kind], "--yes", "--dir", str(mem),
                        "--layout", kind)
        assert code == 0, err


def one_round(kind: str, name: str, work: Path) -> tuple[str, str, list[str]]:
    sub, mem_rel, root_rel = LAYOUTS[kind][:3]
    base = work / "copy"
    shutil.rmtree(base, ignore_errors=True)
    shutil.copytree(SAMPLE / sub if sub else SAMPLE, base, symlinks=True,
                    ignore=shutil.ignore_patterns("layouts") if not sub else None)
    mem, root = base / mem_rel, base / root_rel
    setup(name, kind, mem, root)
    stop, out = work / "stop", work / "agent.jsonl"
    for p in (stop, out, Path(str(stop) + ".ready")):
        p.unlink(missing_ok=True)
    entries = "api-versioning.md,ci-status.md,pnpm-only.md" if kind == "claude-code" else ""
    agent = subprocess.Popen([sys.executable, "-c", AGENT, str(mem), str(root), kind, str(stop), str(out), entries])
    while not Path(str(stop) + ".ready").exists():
        time.sleep(0.001)
    time.sleep(0.005)
    try:
        state, detail = op(name, kind, mem, root)
    except Exception as e:
        state, detail = "fault", f"{type(e).__name__}: {e}"
    time.sleep(0.005)
    stop.touch()
    agent.wait(30)
    everything = _all_text(base)
    records = [json.loads(r) for r in out.read_text().splitlines()]
    lost = [r["token"] for r in records if "token" in r and r["token"] not in everything]
    wrong = landed_as_said(name, kind, mem, root, state)
    if wrong:
        state, detail = "fault", wrong
    if (wrong or lost) and any("overran" in r for r in records):   # the agent renamed over a version
        return "overrun", "the agent renamed over a version it had not read", []   # it had not read
    return state, detail, lost


def main(rounds: int) -> int:
    os.environ.setdefault("MEMTUI_NO_CACHE", "1")
    rows = []
    with tempfile.TemporaryDirectory() as d:
        os.environ["XDG_CACHE_HOME"] = os.path.join(d, "cache")
        os.environ["XDG_STATE_HOME"] = os.path.join(d, "state")
        work = Path(d)
        for kind, (_, _, _, ops) in LAYOUTS.items():
            for name in ops:
                counts = {"landed": 0, "refused": 0, "fault": 0, "overrun": 0}
                lost_rounds, lines, said = 0, 0, set()
                for _ in range(rounds):
                    state, detail, lost = one_round(kind, name, work)
                    counts[state] += 1
                    lost_rounds += bool(lost)
                    lines += len(lost)
                    if state != "landed" and detail:
                        said.add(detail.splitlines()[-1][:110])
                rows.append((kind, name, counts, lost_rounds, lines, sorted(said)[:2]))
    import textwrap
    print(f"{'layout':12} {'operation':9} {'landed':>6} {'refused':>7} {'fault':>5} {'overrun':>7} "
          f"{'rounds that lost agent lines':>29}")
    for kind, name, c, lost_rounds, lines, said in rows:
        print(f"{kind:12} {name:9} {c['landed']:6} {c['refused']:7} {c['fault']:5} {c['overrun']:7} "
              f"{f'{lost_rounds} of {rounds} ({lines} lines)':>29}")
        for s in said:
            print(textwrap.indent(s, " " * 14))
    bad = sum(r[3] for r in rows) + sum(r[2]["fault"] for r in rows)
    print(f"\n{sum(r[3] for r in rows)} rounds lost agent lines; {sum(r[2]['fault'] for r in rows)} faults "
          f"(neither landed nor refused with a sentence), over {len(rows) * rounds} rounds")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
