"""The hook's kept index decides exactly as the full engine does, and follows the folder."""
import json
import random
import sys
from pathlib import Path

import pytest

from tui.core.engine.lazyindex import KeptPostings, build_index, lazy_engine
from tui.core.snapshots.memory import Memory
from tui.core.engine.select import Engine

from conftest import NOW, write

sys.path.insert(0, str(Path(__file__).parent / "bench"))
from gen import WORDS, ZH, generate  # noqa: E402


def kept_index(engine) -> bool:
    """The engine answers from the hook's kept SQLite postings."""
    return isinstance(engine, Engine) and isinstance(engine.index, KeptPostings)


def prompts(mem, n: int, seed: int = 3) -> list[str]:
    rnd = random.Random(seed)
    paths = sorted({p for e in mem.entries.values() for p in e.paths + [a.file for a in e.anchors]})
    out = ["", "nothing here matches at all", "src/", "src", "Makefile", "why does the Makefile run a backup"]
    for _ in range(n):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(1, 7))]
        if paths and rnd.random() < 0.5:
            p = rnd.choice(paths)
            words.append(rnd.choice([p, p.split("/")[0], p.rsplit("/", 1)[-1], p.rsplit("/", 1)[0] + "/"]))
        if rnd.random() < 0.15:
            words.append(rnd.choice(ZH))
        out.append(" ".join(words))
    return out


def same(mem_dir, root, queries, count=3, chars=2000):
    mem = Memory.load(mem_dir, root, now=NOW, mentions=False)
    full = Engine.from_memory(mem)
    lazy = lazy_engine(mem_dir, root, NOW)
    assert kept_index(lazy), "the kept index was not used"
    for q in queries:
        a, b = full.decide(q, count, chars), lazy.decide(q, count, chars)
        assert json.dumps(a.as_json(), sort_keys=True) == json.dumps(b.as_json(), sort_keys=True), q
    return mem


def index(mem_dir, root):
    mem = Memory.load(mem_dir, root, now=NOW, mentions=False)
    scanner = mem.store.scanner
    build_index(mem_dir, dict(mem.entries), {i: scanner._sigs[i] for i in scanner._readable})


def test_the_sample_decides_the_same(sample):
    mem_dir, root = sample
    assert lazy_engine(mem_dir, root, NOW) == "stale"   # no index yet: the slow way, and one is built
    index(mem_dir, root)
    mem = Memory.load(mem_dir, root, now=NOW, mentions=False)
    same(mem_dir, root, prompts(mem, 150))
    same(mem_dir, root, prompts(mem, 60, seed=9), count=10, chars=100_000)


@pytest.mark.slow
def test_a_generated_folder_decides_the_same_and_follows_changes(tmp_path):
    mem_dir, root = generate(tmp_path / "g", 1500)
    index(mem_dir, root)
    mem = same(mem_dir, root, prompts(Memory.load(mem_dir, root, now=NOW), 200))
    assert kept_index(lazy_engine(mem_dir, root, NOW))
    # a folder named in the prompt that holds more than BULK entries is merged lazily: same order
    same(mem_dir, root, ["src/", "what is under src please", "src/api"], count=10, chars=100_000)
    ids = sorted(mem.entries)
    write(mem_dir, ids[0], "---\nname: changed\ndescription: pnpm only, never npm\npaths: [src/api/index.ts]\n"
                           "---\nUse pnpm.\n")
    (mem_dir / ids[1]).unlink()
    write(mem_dir, "new-one.md", "---\nname: new-one\ndescription: the router lint rule\nkeywords: [lint]\n---\nx\n")
    same(mem_dir, root, ["pnpm npm", "router lint", "src/api/index.ts", ids[1].replace(".md", "")])
    # a readable entry turned unreadable: a word's rarity counts the readable entries alike
    (mem_dir / ids[2]).write_bytes(b"---\nname: x\n---\n\xff\xfe not text\n")
    same(mem_dir, root, ["pnpm npm", "router lint"])


def test_the_folder_map_follows_the_index_and_a_change_in_place_is_indexed(sample):
    """The index keeps the folder map it matches; an unchanged folder leaves it as it is (no
    write), and any change — a file rewritten in place, a new one, one gone — is indexed and
    the map moves with it."""
    import sqlite3
    from tui.core.cache.parse import ParseCache
    mem_dir, root = sample
    index(mem_dir, root)

    def token() -> str | None:
        con = sqlite3.connect(ParseCache(mem_dir, eager=False).path)
        row = con.execute("SELECT value FROM meta WHERE key = 'folders'").fetchone()
        con.close()
        return row[0] if row else None

    first = token()
    assert first is not None   # a rebuild keeps the map of what it indexed
    mem = same(mem_dir, root, prompts(Memory.load(mem_dir, root, now=NOW), 40))
    assert token() == first   # nothing changed: nothing written
    with open(mem_dir / "pnpm-only.md", "r+") as f:   # in place: the folder's mtime stays
        text = f.read()
        f.seek(0)
        f.write(text.replace("pnpm", "yarn", 1))
    same(mem_dir, root, ["yarn pnpm", "pnpm only"] + prompts(mem, 10, seed=5))
    second = token()
    assert second != first
    (mem_dir / "new-one.md").write_text("---\nname: new-one\ndescription: the router lint rule\n---\nx\n")
    same(mem_dir, root, ["router lint", "pnpm only"] + prompts(mem, 20, seed=7))
    assert token() not in (first, second)


def test_index_is_dropped_with_the_parse_cache(sample, monkeypatch):
    from tui.core.cache import kept
    mem_dir, root = sample
    index(mem_dir, root)
    assert lazy_engine(mem_dir, root, NOW) is not None
    monkeypatch.setattr(kept, "_FORMAT", ["another version"])
    Memory.load(mem_dir, root, now=NOW)   # its save starts the cache over, index included
    assert lazy_engine(mem_dir, root, NOW) == "stale"
    import os
    os.symlink(mem_dir / "pnpm-only.md", mem_dir / "alias.md")
    assert lazy_engine(mem_dir, root, NOW) is None   # a symlink: always the careful full scan


def test_hook_output_is_the_same_either_way(sample, tmp_path, monkeypatch, capsys):
    import io
    from tui.cli import main
    mem_dir, root = sample
    monkeypatch.setenv("MEMTUI_DIR", str(mem_dir))
    monkeypatch.setenv("MEMTUI_NOW", NOW.isoformat())
    monkeypatch.setenv("MEMTUI_NO_INDEX", "1")
    payload = json.dumps({"prompt": "how do I run the db migrations before deploy", "cwd": str(root)})
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(payload.encode())))
    main(["hook", "claude-code"])
    slow = capsys.readouterr().out
    index(mem_dir, root)
    monkeypatch.delenv("MEMTUI_NO_INDEX")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(payload.encode())))
    main(["hook", "claude-code"])
    assert capsys.readouterr().out == slow and slow.strip()


def test_preview_answers_from_the_kept_index_the_same(sample, capsys, monkeypatch):
    """`memtui preview --json` reads the folder whole once (and builds the index after its
    output), then answers from the index: the same bytes either way."""
    from tui.cli import main
    from tui.core.engine import lazyindex
    mem_dir, root = sample
    monkeypatch.setenv("MEMTUI_NOW", NOW.isoformat())
    used = []
    real = lazyindex.lazy_engine
    monkeypatch.setattr(lazyindex, "lazy_engine", lambda *a, **k: used.append(real(*a, **k)) or used[-1])
    outs = []
    for query in ("why does the Makefile run a backup", "deploy to fly"):
        for _ in range(2):
            assert main(["preview", query, "--json", "--dir", str(mem_dir), "--root", str(root)]) == 0
            outs.append(capsys.readouterr().out)
    assert used[0] == "stale" and all(kept_index(e) for e in used[1:])
    assert outs[0] == outs[1] and outs[2] == outs[3] and outs[0] != outs[2]
    monkeypatch.setenv("MEMTUI_NO_INDEX", "1")   # the slow way, on request: the same again
    assert main(["preview", "deploy to fly", "--json", "--dir", str(mem_dir), "--root", str(root)]) == 0
    assert capsys.readouterr().out == outs[2] and len(used) == 4


def test_both_indexes_answer_every_lookup_alike(sample):
    """The engine is one over two indexes: every lookup it makes gets the same answer from the
    dictionaries built from a reading and from the kept SQLite postings."""
    mem_dir, root = sample
    index(mem_dir, root)
    mem = Memory.load(mem_dir, root, now=NOW, mentions=False)
    mine, kept = Engine.from_memory(mem).index, lazy_engine(mem_dir, root, NOW).index
    assert mine.terms and mine.body_terms and mine.paths and mine.folders and mine.bares
    for t in mine.terms:
        assert dict(kept.weights(t)) == mine.weights(t), t
    for t in list(mine.body_terms) + ["nothing-like-it"]:
        assert kept.body(t) == mine.body(t), t
    for p in mine.paths:
        assert set(kept.full(p)) == set(mine.full(p)) and kept.shown(p) == mine.shown(p), p
    for b in mine.by_base:
        assert list(kept.base(b)) == list(mine.base(b)), b
    for p in mine.paths:   # a path, and each tail of it: the named rows SQLite filters
        parts = p.split("/")
        for q in ["/".join(parts[k:]) for k in range(len(parts))] + [p + "x", "é/" + parts[-1]]:
            assert [tuple(r) for r in kept.named(q)] == list(mine.named(q)), q
    for f in mine.folders:
        assert dict(kept.folder(f)) == dict(mine.folder(f)), f
    for b in mine.bares:
        assert list(kept.bare(b)) == list(mine.bare(b)), b
    some = sorted(mem.entries)[::3]
    order = list(mine.tie_ordered(set(mem.entries)))
    assert sorted(order) == sorted(mem.entries)
    assert list(kept.tie_ordered(set(some))) == list(mine.tie_ordered(set(some))) == [i for i in order if i in set(some)]


def test_eval_answers_from_the_kept_index_the_same(sample, capsys, monkeypatch, tmp_path):
    """`memtui eval` reads the folder whole once (and builds the index after its output), then
    answers from the index: the same bytes either way, misses and their reasons included (an
    unknown id, and a pipe the full reading lists as an unreadable entry, are told apart)."""
    import os
    from tui.cli import main
    from tui.core.engine import lazyindex
    from test_cache import MISSES
    mem_dir, root = sample
    os.mkfifo(mem_dir / "pipe.md")
    queries = tmp_path / "q.jsonl"
    queries.write_text(MISSES + '{"query": "deploy to fly", "inject": ["pipe.md"]}\n')
    monkeypatch.setenv("MEMTUI_NOW", NOW.isoformat())
    used = []
    real = lazyindex.lazy_engine
    monkeypatch.setattr(lazyindex, "lazy_engine", lambda *a, **k: used.append(real(*a, **k)) or used[-1])
    outs = []
    for fmt in ([], ["--json"]) * 2:
        assert main(["eval", str(queries), "--dir", str(mem_dir), "--root", str(root), *fmt]) == 1
        outs.append(capsys.readouterr().out)
    assert used[0] == "stale" and all(kept_index(e) for e in used[1:])
    assert outs[0] == outs[2] and outs[1] == outs[3] and "no such entry" in outs[1] and "pipe.md" in outs[1]
    assert json.loads(outs[1])["misses"][0]["why"] != json.loads(outs[1])["misses"][-1]["why"]


def test_an_answer_worked_out_while_the_pass_runs_stands_only_when_nothing_changed(sample, monkeypatch):
    """The hook scores on the index as kept while the stat pass runs in its child: that answer
    is given only when the pass finds the folder as the index has it; a change in place, a
    symlink, or a pass made against another map drop it, and the answer is the up-to-date one."""
    import os
    from tui.core.engine import lazyindex
    from tui.core.reading.prefetch import Prefetch
    from tui.core.cache.parse import ParseCache
    mem_dir, root = sample
    index(mem_dir, root)
    redone = []
    real = lazyindex._brought_up
    monkeypatch.setattr(lazyindex, "_brought_up", lambda *a: redone.append(a[-1]) or real(*a))
    query = "pnpm only yarn"

    class Pass:   # the child's answer, made when asked (a thread left by another test stops a fork)
        running = True

        def result(self):
            con = lazyindex._connect(ParseCache(mem_dir, eager=False))
            try:
                return lazyindex._stat_pass(con, mem_dir)
            finally:
                con.close()

    def answer(prefetch):
        got = lazyindex.lazy_answer(mem_dir, root, NOW, lambda e: e.decide(query), prefetch=prefetch)
        full = Engine.from_memory(Memory.load(mem_dir, root, now=NOW, mentions=False)).decide(query)
        assert json.dumps(got.as_json()) == json.dumps(full.as_json())
        return got

    before = answer(Pass())
    assert redone == []   # nothing changed: the answer on the kept index stands
    with open(mem_dir / "pnpm-only.md", "r+") as f:   # in place: the folder's mtime stays
        text = f.read()
        f.seek(0)
        f.write(text.replace("pnpm", "yarn", 1))
    after = answer(Pass())
    assert len(redone) == 1 and json.dumps(after.as_json()) != json.dumps(before.as_json())
    child = Prefetch(str(mem_dir), "MEMORY.md")   # (the forked child's own answer, where it can fork)
    answer(child if child.running else Pass())
    assert len(redone) == 1   # indexed by the answer before: as kept again

    class Elsewhere:   # a pass made against a map another process has replaced since
        running = True

        def result(self):
            return "another token", ({}, [], None)

    answer(Elsewhere())
    assert len(redone) == 2
    os.symlink(mem_dir / "pnpm-only.md", mem_dir / "alias.md")
    assert lazyindex.lazy_answer(mem_dir, root, NOW, lambda e: e.decide(query), prefetch=Pass()) is None
