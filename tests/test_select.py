"""The injection policy of SPEC §4, the eval command, and the Claude Code hook."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import main
from tui.core.snapshots.memory import Memory
from tui.core.engine.select import FOLDER_POINTS, KEYWORD_CAP, NO_MATCH, PATH_POINTS, Engine
from tui.core.engine.tokens import cjk_terms, query_paths, terms

from conftest import NOW, REPO, write

QUERIES = REPO / "tests" / "eval" / "sample_queries.jsonl"


def engine(mem_dir, root):
    return Engine.from_memory(Memory.load(mem_dir, root, now=NOW))


def entry(mem_dir, stem, **fields):
    body = fields.pop("body", f"Body of {stem}.")
    lines = [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in fields.items()]
    write(mem_dir, f"{stem}.md", "---\n" + "\n".join(lines) + f"\n---\n{body}\n")


def test_cap_is_below_any_path_hit():
    assert KEYWORD_CAP < FOLDER_POINTS <= PATH_POINTS


def test_default_is_not_to_inject(mem_dir, root):
    entry(mem_dir, "a", name="deploy-notes", keywords=["deploy"])
    d = engine(mem_dir, root).decide("hello there, how are you today?")
    assert d.injected == [] and d.text == "" and d.message == NO_MATCH and d.chars == 0


def test_stuffed_entry_never_outranks_a_path_hit(mem_dir, root):
    words = [f"word{i}" for i in range(60)]
    entry(mem_dir, "stuffed", name="stuffed", source="model", updated="2026-11-28", keywords=words,
          description=" ".join(words))
    entry(mem_dir, "honest", name="honest", source="model", updated="2020-01-01", paths=["src/app.py"])
    rnd = random.Random(1)
    for _ in range(50):
        q = " ".join(rnd.sample(words, 30)) + " see app.py"
        d = engine(mem_dir, root).decide(q, max_count=1)
        assert [c.id for c in d.injected] == ["honest.md"]
        assert d.excluded[0].id == "stuffed.md" and d.excluded[0].why == "count-limit"


def test_path_forms(mem_dir, root):
    (root / "test").mkdir()
    entry(mem_dir, "file", paths=["src/server.ts"])
    entry(mem_dir, "folder", paths=["test/"])
    entry(mem_dir, "make", paths=["Makefile"])
    entry(mem_dir, "plainfolder", paths=["test"])   # a folder: a bare 'test' must not hit it
    e = engine(mem_dir, root)
    ids = lambda q: sorted(c.id for c in e.decide(q, max_count=9).injected)  # noqa: E731
    assert ids("open server.ts") == ["file.md"]                  # path suffix
    assert ids("open ./src/server.ts:12") == ["file.md"]
    assert ids("see src/") == ["file.md"]                        # folder in the prompt holds the file
    assert ids("fix test/unit/a.test.js") == ["folder.md", "plainfolder.md"]   # entry folder holds the file
    assert ids("run the Makefile") == ["make.md"]                # bare file name an entry is attached to
    assert ids("run the makefile") == ["make.md"]
    assert ids("run the test suite") == []                       # 'test' is a folder, not a bare file
    assert ids("see other/server.ts.bak") == []


def test_glob_paths_attach_to_their_folder(mem_dir, root):
    entry(mem_dir, "globbed", paths=["src/**/*.ts", "*.md"])
    e = engine(mem_dir, root)
    assert [c.id for c in e.decide("fix src/api/handler.ts").injected] == ["globbed.md"]
    assert e.decide("update README.md").injected == []


def test_keywords_come_from_keywords_name_description_and_body_as_evidence(mem_dir, root):
    entry(mem_dir, "a", name="alpha-runner", description="fast builds", keywords=["zeta"],
          body="the body mentions kubernetes everywhere, and helm charts")
    e = engine(mem_dir, root)
    for q, hit in (("alpha", True), ("runner", True), ("fast builds", True), ("zeta", True), ("kubernetes", True),
                   ("builds", True), ("kubernetes helm", True)):
        assert bool(e.decide(q).injected) is hit, q
    reasons = e.decide("alpha zeta builds").injected[0].reasons
    assert {(r.kind, r.points) for r in reasons} == {("keyword", 3), ("keyword", 2), ("keyword", 1)}


def test_ties_user_then_newer_then_id(mem_dir, root):
    entry(mem_dir, "m-new", source="model", updated="2026-11-20", keywords=["cache"])
    entry(mem_dir, "u-old", source="user", updated="2026-01-01", keywords=["cache"])
    entry(mem_dir, "b-same", source="model", updated="2026-10-01", keywords=["cache"])
    entry(mem_dir, "a-same", source="model", updated="2026-10-01", keywords=["cache"])
    d = engine(mem_dir, root).decide("cache", max_count=4)
    assert [c.id for c in d.injected] == ["u-old.md", "m-new.md", "a-same.md", "b-same.md"]
    assert any(r.kind == "source" for r in d.injected[0].reasons)


def test_broken_and_unsafe_anchors_are_excluded_and_listed(mem_dir, root):
    write(root, "a.txt", "hello\n")
    entry(mem_dir, "ok", keywords=["widget"], anchor={"file": "a.txt", "quote": "hello"})
    entry(mem_dir, "gone", keywords=["widget"], anchor={"file": "b.txt"})
    entry(mem_dir, "drift", keywords=["widget"], anchor={"file": "a.txt", "quote": "bye"})
    entry(mem_dir, "evil", keywords=["widget"], anchor={"file": "../../etc/passwd"})
    d = engine(mem_dir, root).decide("widget")
    assert [c.id for c in d.injected] == ["ok.md"]
    why = {x.id: (x.why, x.detail) for x in d.excluded}
    assert why["gone.md"] == ("anchor-broken", "file missing: b.txt")
    assert why["drift.md"] == ("anchor-broken", "quote not found in a.txt")
    assert why["evil.md"][0] == "anchor-unsafe"


def test_char_limit_skips_whole_entry_and_tries_the_next(mem_dir, root):
    entry(mem_dir, "big", keywords=["alpha", "beta"], body="x" * 900)
    entry(mem_dir, "small", keywords=["alpha"], body="short")
    d = engine(mem_dir, root).decide("alpha beta", max_chars=400)
    assert [c.id for c in d.injected] == ["small.md"]
    assert d.excluded[0].id == "big.md" and d.excluded[0].why == "char-limit"
    assert "x" * 50 not in d.text and d.chars == len(d.text) <= 400


def test_count_limit_and_budget_numbers(mem_dir, root):
    for i in range(5):
        entry(mem_dir, f"e{i}", keywords=["shared"])
    d = engine(mem_dir, root).decide("shared")
    assert len(d.injected) == 3 and [x.why for x in d.excluded] == ["count-limit"] * 2
    assert d.chars == len(d.text) and 0 < d.tokens < d.chars
    assert d.limits == {"count": 3, "chars": 2000}


def test_model_text_is_facts_with_a_stamp_and_no_scores(mem_dir, root):
    entry(mem_dir, "a", name="cache-rule", source="user", updated="2026-11-19", keywords=["cache"],
          body="The cache lives in /tmp/c.")
    d = engine(mem_dir, root).decide("cache")
    assert "## cache-rule — written by the user, 10 days ago\nThe cache lives in /tmp/c." in d.text
    assert "score" not in d.text.lower() and "points" not in d.text.lower()


def test_injected_text_redacts_secrets(mem_dir, root):
    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    entry(mem_dir, "a", keywords=["github"], body=f"token {token}")
    d = engine(mem_dir, root).decide("github")
    assert d.injected and token[4:12] not in d.text and "github-token" in d.text


def test_chinese_bigrams_and_stopwords():
    assert set(cjk_terms("界面布局")) == {"界面", "面布", "布局"}
    assert set(cjk_terms("用户界面")) == {"user", "界面"}   # a glossary word (用户, user) is its head word
    assert set(cjk_terms("数据库迁移")) == {"database", "migration"}   # the glossary's words
    assert cjk_terms("不要的") == [] and cjk_terms("我们的问题") == []
    assert terms("帮我看一下这个问题好吗") == set()
    assert "test" in terms("running tests")


def test_chinese_and_mixed_queries(mem_dir, root):
    entry(mem_dir, "zh", name="迁移前先备份", description="运行数据库迁移之前必须先备份", keywords=["备份"])
    entry(mem_dir, "filler", name="不要的东西", description="的的的 不要 一下")
    e = engine(mem_dir, root)
    assert [c.id for c in e.decide("数据库迁移要注意什么").injected] == ["zh.md"]
    assert [c.id for c in e.decide("make sure to 备份 first").injected] == ["zh.md"]
    assert e.decide("不要这样，的确是一下").injected == []


def test_query_paths():
    paths, bare = query_paths("see src/a.ts:3, package.json. and Makefile (or https://x.io/a.md) v1.2")
    assert paths == ["src/a.ts", "package.json"] and "Makefile" in bare


def test_regression_set_passes(sample, capsys):
    mem_dir, root = sample
    code = main(["eval", str(QUERIES), "--dir", str(mem_dir), "--root", str(root), "--json"])
    rep = json.loads(capsys.readouterr().out)
    assert rep["misses"] == [] and code == 0
    assert rep["queries"] >= 30
    for tag in ("path", "keyword", "chinese", "mixed", "stuffing", "tie", "broken", "small-talk"):
        assert rep["tags"][tag]["rate"] == 1.0


def test_eval_reports_misses_and_exits_1(sample, tmp_path, capsys):
    mem_dir, root = sample
    q = tmp_path / "q.jsonl"
    q.write_text('{"query": "hello", "inject": ["test-runner.md"]}\n{"query": "Makefile", "none": true}\n')
    assert main(["eval", str(q), "--dir", str(mem_dir), "--root", str(root)]) == 1
    out = capsys.readouterr().out
    assert "0/2 prompts pass" in out and "no hit" in out and "db-backup-zh.md" in out
    q.write_text("not json\n")
    assert main(["eval", str(q), "--dir", str(mem_dir)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_preview_json_contract(sample, capsys):
    mem_dir, root = sample
    assert main(["preview", "why does package.json say node --test", "--json", "--dir", str(mem_dir),
                 "--root", str(root), "--max-count", "2"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d) >= {"query", "injected", "excluded", "chars", "tokens", "limits", "message", "text"}
    assert d["injected"][0]["id"] == "test-runner.md" and len(d["injected"]) == 2
    assert all({"kind", "detail", "points"} <= set(r) for c in d["injected"] for r in c["reasons"])
    assert d["limits"] == {"count": 2, "chars": 2000}


def test_preview_text_explains(sample, capsys):
    mem_dir, root = sample
    main(["preview", "what port does src/server.ts listen on", "--dir", str(mem_dir), "--root", str(root)])
    out = capsys.readouterr().out
    assert "server-port.md" in out and "anchor-broken" in out and "quote not found" in out
    assert "Budget:" in out and "what the model receives" in out


# -- the hook ------------------------------------------------------------------

def run_hook(stdin: str, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui", "hook", "claude-code"], input=stdin, text=True,
                          capture_output=True, env=env, cwd=cwd, timeout=60)


@pytest.fixture
def hook_env(tmp_path, sample):
    mem_dir, root = sample
    env = {k: v for k, v in os.environ.items() if k not in ("MEMTUI_DIR", "CLAUDE_CONFIG_DIR")}
    env.update(HOME=str(tmp_path / "home"), XDG_STATE_HOME=str(tmp_path / "state"),
               XDG_CONFIG_HOME=str(tmp_path / "cfg"), MEMTUI_DIR=str(mem_dir))
    return env, root, tmp_path / "state" / "memtui" / "injections.jsonl"


def test_hook_injects_and_logs(hook_env):
    env, root, log = hook_env
    token = "ghp_" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8"
    payload = {"session_id": "s1", "transcript_path": "/t", "cwd": str(root), "hook_event_name": "UserPromptSubmit",
               "prompt": f"why does the Makefile back up before migrate? my token is {token}"}
    p = run_hook(json.dumps(payload), env, root)
    assert p.returncode == 0
    assert "## 迁移前先备份 — written by the user" in p.stdout and len(p.stdout) < 10_000
    rec = json.loads(log.read_text().splitlines()[-1])
    assert rec["session_id"] == "s1" and rec["injected"][0]["reasons"]
    assert token[4:12] not in log.read_text() and "github-token" in rec["prompt"]
    assert "time" in rec and isinstance(rec["excluded"], list)


@pytest.mark.parametrize("stdin", ["this is not json", "[1, 2]", '{"cwd": "/"}', "", '{"prompt": 5}'])
def test_hook_garbage_exits_0_and_injects_nothing(hook_env, stdin):
    env, root, log = hook_env
    p = run_hook(stdin, env, root)
    assert p.returncode == 0 and p.stdout == "" and "nothing injected" in p.stderr
    assert json.loads(log.read_text().splitlines()[-1])["error"]


def test_hook_without_memory_dir_injects_nothing(hook_env, tmp_path):
    env, root, log = hook_env
    env = dict(env)
    env.pop("MEMTUI_DIR")
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    p = run_hook(json.dumps({"prompt": "Makefile", "cwd": str(lonely)}), env, lonely)
    assert p.returncode == 0 and p.stdout == ""   # never the bundled sample
    assert "no memory directory" in json.loads(log.read_text().splitlines()[-1])["message"]


def test_broad_folder_hits_rank_the_same_lazily(tmp_path, monkeypatch):
    """The lazy merge of a folder holding many entries gives the same decision as scoring each."""
    sys.path.insert(0, str(REPO / "tests" / "bench"))
    from gen import generate
    import tui.core.engine.select as select

    mem_dir, root = generate(tmp_path, 400, seed=5)
    mem = Memory.load(mem_dir, root, now=NOW)
    prompts = ["refactor the cache in src/ and the token docs", "src/router/ and test runner",
               "anything in src/ about deploy or docker", "src/ src/auth/ lint", "数据库 in src/"]
    monkeypatch.setattr(select, "BULK", 10**9)
    eager = [Engine.from_memory(mem).decide(q, max_count=5).as_json() for q in prompts]
    monkeypatch.setattr(select, "BULK", 20)
    lazy = [Engine.from_memory(mem).decide(q, max_count=5).as_json() for q in prompts]
    assert eager == lazy
    assert all(d["matched"] > 100 for d in lazy[:1])


def keyword_points(kw: dict[str, int], need: int, rare: dict[str, float], names=(), quiet=(),
                   foci=None) -> tuple[float, float, bool]:
    """(an entry's keyword points in tenths uncapped, those not from its body, whether its body counted)
    from its hits {term: weight} (weight BODY: a body word, worth its focus there, ``foci``), summed
    item by item."""
    from tui.core.engine.evidence import BODY, body_counts, body_tenths, tenths
    named = sum(tenths(w, rare[t]) for t, w in kw.items() if w != BODY)
    body = [t for t, w in kw.items() if w == BODY]
    from tui.core.engine.evidence import rare_name
    counted = body_counts(len(body), sum(rare[t] for t in body), need, named > 0,
                          any(rare_name(t, names, rare, quiet) for t in body))
    return named + (sum(body_tenths(t, foci[t], names, rare, quiet) for t in body) if counted else 0), named, counted


class _WithNeed(dict):
    need, most = 2, {}

    @property
    def scores(self):   # every matched entry (the engine's _Scored keeps them apart: it fills lazily)
        return self


class _Itemised(Engine):
    """The ranking as it was first written: every matched entry scored with its reasons, then
    sorted. The engine's counted ranking must decide exactly as this does."""

    def score(self, query):
        from collections import defaultdict
        from tui.core.engine.select import BODY, MIN_SCORE, _best, body_need
        from tui.core.engine.tokens import query_terms
        hits_path, bulk, qpaths = self._path_hits(query)
        hits_kw = defaultdict(dict)
        qterms = query_terms(query, qpaths)
        need = body_need(qterms.words)
        for t in qterms:
            for eid, w in (self.index.weights(t) or {}).items():
                hits_kw[eid][t] = w
            for eid in self.index.body(t) or {}:
                hits_kw[eid][t] = BODY
        out = _WithNeed()
        out.need, out.qterms, out.second = need, qterms, {}
        waiting = {}   # (the entries whose body words did not count, and were on no path)
        from tui.core.engine.evidence import rarities
        out.rare, out.held = rarities(self.index, qterms)
        for eid in hits_path.keys() | hits_kw.keys():
            ph = hits_path.get(eid, {})
            if bulk is not None and eid in bulk[1]:
                _best(ph, bulk[0], (FOLDER_POINTS, "under", bulk[1][eid], bulk[2]))
            kw = hits_kw.get(eid, {})
            path = sum(h[0] for h in ph.values())
            foci = {t: self.index.body(t)[eid] for t, w in kw.items() if w == BODY}
            points, named, counted = keyword_points(kw, need, out.rare, qterms.names, foci=foci)
            if not path and not named and not counted:
                waiting[eid] = kw   # body words that do not count alone: no match, unless a second (below)
                continue
            score = (10 * path + min(10 * KEYWORD_CAP, points)) / 10
            if score >= MIN_SCORE:
                out[eid] = (score, ph, kw)
                # the rank key: the score, the score without the body's points, the body words
                body = sum(1 for w in kw.values() if w == BODY)
                from tui.core.engine.evidence import mentions
                spoken = sum(mentions(self.index.body(t)[eid], out.rare[t]) for t, w in kw.items() if w == BODY)
                self.keys[eid] = ((score, (10 * path + min(10 * KEYWORD_CAP, named)) / 10, body, spoken) if counted
                                  else (score, score, 0, 0))
        # the places left (evidence.seconds), item by item: once the gate is open (an entry matched on
        # its words or on a path), every entry whose body holds a telling word of the prompt (not only
        # small talk's) goes in too, ranked after every entry that matched on its own
        from tui.core.engine.evidence import body_tenths, mentions
        def said(eid, kw):
            return sum(mentions(self.index.body(t)[eid], out.rare[t]) for t, w in kw.items() if w == BODY)
        low = min((sc for sc, ph, kw in out.values()), default=0)
        if out or bulk is not None:
            for eid, kw in waiting.items():
                if set(kw) - qterms.quiet:
                    foci = {t: self.index.body(t)[eid] for t in kw}
                    score = sum(body_tenths(t, foci[t], qterms.names, out.rare, qterms.quiet) for t in kw) / 10
                    out[eid] = (score, {}, kw)
                    out.second[eid] = score
                    self.keys[eid] = (min(score, low), -1, len(kw), said(eid, kw))
        return out, bulk

    def _ranked(self, query):
        from collections import Counter
        from tui.core.engine.select import SOURCE_RANK
        self.keys = {}
        scored, bulk = self.score(query)
        e = self.entries   # the tie order as the SPEC says it: the user's first, then the newer, then the id
        order_ids = sorted(e, key=lambda i: (SOURCE_RANK.get(e[i].source, 3),
                                             -(e[i].updated.timestamp() if e[i].updated else 0.0), i))
        rank = {eid: i for i, eid in enumerate(order_ids)}
        if bulk is not None:
            q, held, raw = bulk
            for eid in order_ids:
                if eid in held and eid not in scored:
                    scored[eid] = (FOLDER_POINTS, {q: (FOLDER_POINTS, "under", held[eid], raw)}, {})
                    self.keys[eid] = (FOLDER_POINTS, FOLDER_POINTS, 0, 0)
        keys = self.keys
        ranked = sorted(scored, key=lambda eid: (keys[eid][1] <= 0, tuple(-x for x in keys[eid]), rank[eid]))
        ties = Counter(k[0] for k in keys.values()) + Counter(keys.values())
        return scored, ((keys[eid], eid) for eid in ranked), len(ranked), ties


def test_the_counted_ranking_decides_as_the_itemised_one(tmp_path):
    sys.path.insert(0, str(REPO / "tests" / "bench"))
    from gen import WORDS, generate
    mem, proj = generate(tmp_path, 700)   # > BULK entries under src/: the broad-folder path too
    m = Memory.load(mem, proj, NOW, mentions=False)
    fast, slow = Engine.from_memory(m), _Itemised.from_memory(m)
    rnd = random.Random(4)
    for _ in range(150):
        q = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 8)))
        q += rnd.choice(["", " in src/", f" src/{rnd.choice(WORDS)}/index.ts", f" {rnd.choice(WORDS)}.ts", " src"])
        count, chars = rnd.randint(1, 6), rnd.choice([300, 2000, 8000])
        assert fast.decide(q, count, chars).as_json() == slow.decide(q, count, chars).as_json(), q
