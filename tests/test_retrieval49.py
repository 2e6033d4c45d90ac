"""Issue 40, stop 49: a body word's points follow how much the body speaks of it (BM25's count,
saturated and weighed against the body's length: evidence.body_tenths), so a short note about
the prompt's subject goes before a long running log that names more of its words once each.
Names and descriptions keep their weight: no body word outweighs a description word."""
from test_lazyindex import index, same
from test_retrieval_cases import decide, entry


def _log(topics: list[str]) -> str:
    lines = [f"- {d}: looked at the {t} again, nothing to report." for d, t in
             zip(range(1, 151), (topics * 150)[:150])]
    lines[10] = "- 11: the cache eviction timings were logged after the deploy window."
    lines[40] = "- 41: moved the redis nodes to the new subnet."
    lines[60] = "- 61: someone asked what ttl the sessions use."
    return "\n".join(lines)


def bank(mem_dir):
    # a Cline-like bank: names and descriptions say nothing about the prompt, bodies do
    entry(mem_dir, "progress", name="progress", description="Progress",
          body=_log(["lint rules", "font sizes", "footer links", "icon set"]))
    entry(mem_dir, "techContext", name="techContext", description="Tech Context",
          body="Redis is the cache store.\nRedis keys carry a 24 h ttl, set per key.\nEviction policy is allkeys-lru; "
               "redis runs on two nodes.\nEviction alerts go to the ops channel.\nRedis memory is capped at 2 GB.\n"
               "Built with Flask.")
    for stem, words in (("productContext", "for people who plan meals; their sessions last a week"),
                        ("projectbrief", "a meal planner"),
                        ("systemPatterns", "handlers call services; services call the store")):
        entry(mem_dir, stem, name=stem, description=stem, body=f"The app is {words}.")


def test_the_note_about_it_goes_before_a_log_that_names_it_once(mem_dir, root):
    bank(mem_dir)
    # the log names four of the prompt's words once each in 150 lines (every one of them held by
    # two entries); the note three, redis on four of its six lines and eviction on two
    d = decide(mem_dir, root, "what redis eviction and ttl do the sessions use?")
    ids = [c.id for c in d.injected]
    assert ids[:2] == ["techContext.md", "progress.md"], d.injected
    assert d.injected[0].score > d.injected[1].score
    for c in d.injected:   # the reasons add up to the score shown
        assert round(sum(r.points for r in c.reasons), 1) == c.score, c.reasons


def test_a_body_word_never_outweighs_a_description_word(mem_dir, root):
    entry(mem_dir, "described", name="cache-notes", description="redis settings", body="See the runbook.")
    entry(mem_dir, "short", name="misc", description="misc", body="redis redis redis")
    for i in range(4):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=f"topic {i}", body=f"Notes {i}.")
    d = decide(mem_dir, root, "redis?")
    assert [c.id for c in d.injected][:1] == ["described.md"], d.injected
    body = [r for c in d.injected for r in c.reasons if "(body" in r.detail]
    desc = [r for c in d.injected for r in c.reasons if "(description" in r.detail]
    assert body and desc and max(r.points for r in body) <= min(r.points for r in desc)


def test_the_kept_index_decides_alike(mem_dir, root):
    bank(mem_dir)
    index(mem_dir, root)
    same(mem_dir, root, ["what redis eviction and ttl do the sessions use?", "redis", "ttl of the sessions"])


def test_eval_says_which_labels_name_an_entry_never_injected(tmp_path, capsys):
    """SPEC §2: an OpenClaw day log is shown, never injected. A label naming one stays a miss as
    labelled; `memtui eval` says how many of a row's expectations are such, and BM25's hits on them."""
    import json
    import shutil
    from conftest import REPO
    from tui.cli import main
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "sample_memories" / "layouts" / "openclaw", ws)
    q = tmp_path / "q.jsonl"
    q.write_text("\n".join(json.dumps(x) for x in (
        {"query": "what did we fix in the dashboard total rounding?", "inject": ["memory/2026-11-30.md"],
         "first": "memory/2026-11-30.md"},
        {"query": "how do fly deploys work here?", "inject": ["memory/fly-deploys.md"]})) + "\n", encoding="utf-8")
    main(["eval", str(q), "--dir", str(ws), "--root", str(tmp_path), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["categories"]["inject"]["total"] == 2 and out["categories"]["first"]["total"] == 1
    assert out["by_policy"]["inject"]["total"] == 1 and out["by_policy"]["first"]["total"] == 1
    assert out["by_policy"]["inject"]["bm25"] == out["by_policy"]["first"]["bm25"] == 1
    assert any(m["expected"] == "memory/2026-11-30.md" and m["why"].startswith("process") for m in out["misses"])
    main(["eval", str(q), "--dir", str(ws), "--root", str(tmp_path)])
    text = capsys.readouterr().out
    assert "1 of 2 name an entry the policy never injects" in text and "BM25 met 1 of them" in text
