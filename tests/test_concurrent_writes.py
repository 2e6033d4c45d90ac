"""Writers at once, as real processes: deletes, a remember, a restore and a promote of memtui,
plus an agent rewriting MEMORY.md beside them, several rounds on one folder. Afterwards
every MEMORY.md link points at a file that exists, every entry deleted is in the trash
(not linked, not lost) and everything in the trash restores.

Run as a script (``python tests/test_concurrent_writes.py [REPO] [ROUNDS]``) to count the
rounds that lose an update with another checkout's code (main lost one in 1–2 of 10).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# The agent: read MEMORY.md, add its own entry and link, write it back by rename after
# checking the file did not change since it read it (as Claude Code's edit tool refuses a
# file modified since read); it does not take memtui's lock.
AGENT = r"""
import os, sys, time
mem, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
index = os.path.join(mem, "MEMORY.md")
for k in range(n):
    name = f"agent-{tag}-{k}.md"
    with open(os.path.join(mem, name), "w") as f:
        f.write(f"---\nname: agent note {tag} {k}\ndescription: written by the agent\nsource: model\n---\n"
                f"The agent noted item {tag}-{k}.\n")
    while True:
        old = open(index, encoding="utf-8").read()
        new = old + ("" if old.endswith("\n") else "\n") + f"- [agent {tag} {k}]({name}) — the agent's own\n"
        tmp = index + f".agent{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(new)
        if open(index, encoding="utf-8").read() == old:
            os.replace(tmp, index)
            break
        os.unlink(tmp)
    time.sleep(0.01)
"""


def _memtui(repo: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(repo), PYTHONDONTWRITEBYTECODE="1", MEMTUI_NO_CACHE="1")
    return subprocess.Popen([sys.executable, "-m", "tui", *args], cwd=repo, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _links(mem: Path) -> list[str]:
    sys.path.insert(0, str(REPO))
    from tui.core.reading.index import line_links
    return [i for _, ids in line_links((mem / "MEMORY.md").read_text(encoding="utf-8")) for i in ids]


def _trashed(mem: Path) -> list[str]:
    from tui.core.writes.trash import list_trash
    return [t.id for t in list_trash(mem)]


def run_rounds(repo: Path, base: Path, rounds: int) -> list[str]:
    """The rounds on a copy of ``base`` (the sample's memory and project); the problems seen."""
    mem, root = base / "memory", base / "project"
    ids = sorted(p.name for p in mem.glob("*.md") if p.name != "MEMORY.md" and p.name in _links(mem))
    promotable = ["pnpm-only.md", "small-prs.md", "named-exports.md", "test-runner.md", "lint-strict.md"]
    ids = [i for i in ids if i not in promotable]
    ids = ids[:len(ids) // 2 * 2]
    dangling = {i for i in _links(mem) if not (mem / i).exists()}   # the sample's own broken link
    problems: list[str] = []
    deleted_before: list[str] = []
    for r in range(rounds):
        gone = [ids[(2 * r) % len(ids)], ids[(2 * r + 1) % len(ids)]]   # restored the round after
        procs = [_memtui(repo, "delete", gone[0], "--yes", "--dir", str(mem)),
                 _memtui(repo, "delete", gone[1], "--yes", "--dir", str(mem)),
                 _memtui(repo, "remember", f"Staging worker {r} reads its queue name from QUEUE_{r}",
                         "--name", f"staging-worker-{r}", "--dir", str(mem), "--root", str(root))]
        if deleted_before:
            procs.append(_memtui(repo, "restore", *deleted_before, "--dir", str(mem)))
        procs.append(_memtui(repo, "promote", promotable[r % len(promotable)], "--to", "AGENTS.md", "--yes",
                             "--dir", str(mem), "--root", str(root)))
        agent = subprocess.Popen([sys.executable, "-c", AGENT, str(mem), str(r), "6"])
        outs = [(p.args[3], p.wait(60), p.stderr.read()) for p in procs]
        agent.wait(60)
        for cmd, code, err in outs:
            if code not in (0, 1) or (cmd != "promote" and code != 0):
                problems.append(f"round {r}: {cmd} exited {code}: {err.strip()[-300:]}")
        links = _links(mem)
        for i in links:
            if not (mem / i).exists() and i not in dangling:
                problems.append(f"round {r}: MEMORY.md links {i}, which is not there")
        trashed = _trashed(mem)
        for i in gone:
            if (mem / i).exists() or i not in trashed:
                problems.append(f"round {r}: {i} is neither deleted nor in place")
        for i in deleted_before:
            if not (mem / i).exists() or i not in links:
                problems.append(f"round {r}: {i} was not restored with its index line")
        if f"staging-worker-{r}.md" not in links:
            problems.append(f"round {r}: the remembered entry is not linked")
        for k in range(6):
            if f"agent-{r}-{k}.md" not in links:
                problems.append(f"round {r}: the agent's line agent-{r}-{k}.md was overwritten")
        deleted_before = gone
    left = _trashed(mem)
    if left:
        p = _memtui(repo, "restore", *left, "--dir", str(mem))
        if p.wait(60) != 0:
            problems.append(f"final restore failed: {p.stderr.read().strip()[-300:]}")
    for i in left:
        if not (mem / i).exists():
            problems.append(f"{i} did not restore")
    return problems


@pytest.mark.slow
def test_writers_at_once_keep_memory_md_consistent(tmp_path):
    base = tmp_path / "sample"
    shutil.copytree(REPO / "sample_memories", base, symlinks=True)
    assert run_rounds(REPO, base, 4) == []


@pytest.mark.slow
def test_ten_hooks_at_once_while_files_change_all_answer(tmp_path):
    """The prompt hook beside writers (the agent, a memtui delete): every hook exits 0 within
    10 s and the injection log has ten whole lines."""
    base = tmp_path / "sample"
    shutil.copytree(REPO / "sample_memories", base, symlinks=True, ignore=shutil.ignore_patterns("layouts"))
    mem, state = base / "memory", tmp_path / "state"
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMTUI_DIR=str(mem), XDG_STATE_HOME=str(state))
    env.pop("PYTEST_CURRENT_TEST", None)
    writers = [subprocess.Popen([sys.executable, "-c", AGENT, str(mem), "h", "20"]),
               _memtui(REPO, "delete", "ci-status.md", "deploy-fly.md", "--yes", "--dir", str(mem))]
    start = time.monotonic()
    hooks = [subprocess.Popen([sys.executable, "-m", "tui", "hook", "claude-code"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=base / "project", env=env)
             for _ in range(10)]
    for n, h in enumerate(hooks):
        h.stdin.write(json.dumps({"prompt": f"how do we deploy to fly, take {n}", "cwd": str(base / "project"),
                                  "session_id": f"s{n}", "hook_event_name": "UserPromptSubmit"}).encode())
        h.stdin.close()
    codes = [h.wait(30) for h in hooks]
    took = time.monotonic() - start
    for w in writers:
        w.wait(30)
    assert codes == [0] * 10 and took < 10, (codes, took)
    lines = (state / "memtui" / "injections.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 10 and all(isinstance(json.loads(ln), dict) for ln in lines)


if __name__ == "__main__":
    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    with tempfile.TemporaryDirectory() as d:
        os.environ["XDG_CACHE_HOME"] = os.path.join(d, "cache")
        os.environ["XDG_STATE_HOME"] = os.path.join(d, "state")
        shutil.copytree(REPO / "sample_memories", Path(d) / "sample", symlinks=True)
        found = run_rounds(repo, Path(d) / "sample", rounds)
    print("\n".join(found) or "no problem")
    print(f"{len({p.split(':')[0] for p in found if p.startswith('round')})} of {rounds} rounds lost an update")
