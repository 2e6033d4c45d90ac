"""A large set of Claude Code transcripts for the record reader's benchmark (issue 38): sessions
that mostly read, edit and run things in the project (big tool results, as real transcripts
have: a Read's numbered text, an Edit's ``originalFile``, a command's output), and now and
then write, edit or read a memory file. Written with tests/transcripts.Session: the schema's
shapes, our own text. Never committed: made where the benchmark asks.

    python tests/bench/gen_transcripts.py --gb 1.0 --out /tmp/memtui-history-1g

Makes OUT/claude/projects/<slug>/<session>.jsonl (CLAUDE_CONFIG_DIR=OUT/claude), the memory
folder beside them, and OUT/project.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from transcripts import Session, project_folder  # noqa: E402

WORDS = ("the of and to in is for on with as by at from it an be this that are or was which use config "
         "server route test build deploy cache index query token user request response error value field "
         "return const function import export async await class interface type module package").split()


def _text(rnd: random.Random, n: int) -> str:
    lines, size = [], 0
    while size < n:
        line = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(3, 14)))
        lines.append(("    " * rnd.randint(0, 3)) + line)
        size += len(line) + 1
    return "\n".join(lines) + "\n"


def memory_text(n: int, rnd: random.Random) -> str:
    return (f"---\nname: note-{n}\ndescription: what was learned about area {n}\ntype: project\n---\n"
            + _text(rnd, rnd.randint(200, 900)))


def generate(out: Path, gb: float = 1.0, seed: int = 38, session_mb: float = 5.0, memory_rate: float = 0.08,
             notes_max: int = 150) -> tuple[Path, Path, Path]:
    """(config dir, memory folder, project) with about ``gb`` GB of transcripts; ``memory_rate``:
    the share of turns that touch the memory, over ``notes_max`` possible notes."""
    rnd = random.Random(seed)
    config = out / "claude"
    project = out / "project"
    project.mkdir(parents=True, exist_ok=True)
    folder = project_folder(config, project)
    memory = folder / "memory"
    memory.mkdir(parents=True, exist_ok=True)
    pool = [_text(rnd, rnd.choice((2_000, 8_000, 20_000, 60_000))) for _ in range(40)]
    target, written, n = int(gb * (1 << 30)), 0, 0
    notes: dict[int, str] = {}
    index = ""
    start = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.timezone.utc)
    m = str(memory)
    while written < target:
        s = Session(folder, str(project), start + dt.timedelta(hours=7 * n), seed=seed * 1000 + n)
        s.snapshot_line()
        while sum(len(x) + 1 for x in s.lines) < session_mb * (1 << 20):
            s.user(_text(rnd, rnd.randint(40, 400)).strip())
            for _ in range(rnd.randint(3, 12)):
                kind = rnd.random()
                body = rnd.choice(pool)
                path = f"{project}/src/mod{rnd.randint(0, 300)}.ts"
                if kind < 0.45:
                    s.read(path, body)
                elif kind < 0.75:
                    s.edit(path, body[:40], body[:40] + " // changed", body)
                else:
                    s.bash(f"npm test -- {rnd.randint(0, 99)}", body[: rnd.randint(500, 12_000)])
                if rnd.random() < 0.3:
                    s.say(_text(rnd, rnd.randint(100, 800)).strip())
            if rnd.random() < memory_rate:   # now and then, the memory
                k = rnd.randint(0, notes_max)
                if k in notes and rnd.random() < 0.5:
                    before = notes[k]
                    line = before.split("---\n", 2)[2].split("\n", 1)[0]
                    notes[k] = before.replace(line, line + " (checked)", 1)
                    s.edit(f"{m}/note-{k}.md", line, line + " (checked)", before)
                elif k in notes:
                    s.read(f"{m}/note-{k}.md", notes[k])
                else:
                    if rnd.random() < 0.3:
                        s.user(f"remember this about area {k}: " + _text(rnd, 120).strip())
                    notes[k] = memory_text(k, rnd)
                    s.write(f"{m}/note-{k}.md", notes[k])
                    line = f"- [note {k}](note-{k}.md) — area {k}\n"
                    s.edit(f"{m}/MEMORY.md", index, index + line, index) if index else s.write(f"{m}/MEMORY.md", line)
                    index += line
            if rnd.random() < 0.05:
                s.read(f"{m}/MEMORY.md", index)
        s.save()
        written += s.path.stat().st_size
        n += 1
    for k, text in notes.items():
        (memory / f"note-{k}.md").write_text(text, encoding="utf-8")
    (memory / "MEMORY.md").write_text(index, encoding="utf-8")
    now = time.time()
    for p in memory.iterdir():   # a fresh clone: every mtime is today
        os.utime(p, (now, now))
    return config, memory, project


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gb", type=float, default=1.0)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    t = time.time()
    config, memory, project = generate(Path(args.out), args.gb)
    size = sum(p.stat().st_size for p in config.rglob("*.jsonl"))
    print(f"{size / 1e9:.2f} GB of transcripts in {config} ({len(list(config.rglob('*.jsonl')))} sessions), "
          f"{len(list(memory.glob('*.md')))} memory files in {memory}, {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
