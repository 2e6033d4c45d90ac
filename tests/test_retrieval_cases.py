"""Issue 40: the new user's four cases, each a test written before the engine changed.

1. Case and shape fold alike on both sides ("bigquery" / "BigQuery" / "big query"; "github"
   finds "GitHub authentication"; digits in names), in the in-memory and the kept index.
2. A description or name match outranks body-only matches at a tie; a long keyword list
   cannot beat the entry that answers (the sample's "misc tips").
3. The budget: an entry that fits goes in before an equal one that would be skipped whole.
4. An exclusion says its real reason: an unsafe anchor is not "ranked below the 3 injected".
"""
import json

import pytest

from tui.core.engine.select import Engine
from tui.core.snapshots.memory import Memory

from conftest import NOW, write
from test_lazyindex import index, same


def entry(mem_dir, stem, **fields):
    body = fields.pop("body", f"Body of {stem}.")
    lines = [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in fields.items()]
    write(mem_dir, f"{stem}.md", "---\n" + "\n".join(lines) + f"\n---\n{body}\n")


def decide(mem_dir, root, query, **kw):
    return Engine.from_memory(Memory.load(mem_dir, root, now=NOW)).decide(query, **kw)


def injected(mem_dir, root, query, **kw):
    return [c.id for c in decide(mem_dir, root, query, **kw).injected]


@pytest.fixture
def shapes(mem_dir, root):
    entry(mem_dir, "bq", name="warehouse-figures", description="BigQuery numbers come from the nightly export job")
    entry(mem_dir, "bq-lower", name="billing-tables", description="the bigquery billing tables are partitioned by day")
    entry(mem_dir, "bq-spaced", name="quota-notes", description="big query quota resets at midnight Pacific")
    entry(mem_dir, "gh", name="GitHub authentication", description="push over SSH, the token lives in the keychain")
    entry(mem_dir, "model", name="summary-model", description="summaries call gpt-4o with temperature 0")
    entry(mem_dir, "k8s", name="cluster-notes", description="the K8s cluster runs on three nodes")
    entry(mem_dir, "http", name="HTTPServer-timeouts", description="the server closes idle sockets after 30 s")
    entry(mem_dir, "other", name="lunch", description="the team orders lunch on Fridays")
    return mem_dir, root


@pytest.mark.parametrize("query, want", [
    ("bigquery numbers look wrong", "bq.md"),
    ("BigQuery numbers look wrong", "bq.md"),
    ("big query numbers look wrong", "bq.md"),
    ("BigQuery billing tables", "bq-lower.md"),
    ("big query billing", "bq-lower.md"),
    ("bigquery quota", "bq-spaced.md"),
    ("BigQuery quota", "bq-spaced.md"),
    ("github", "gh.md"),
    ("Github login fails", "gh.md"),
    ("which model, gpt4o?", "model.md"),
    ("GPT-4o temperature", "model.md"),
    ("k8s nodes", "k8s.md"),
    ("http server idle timeout", "http.md"),
])
def test_case_and_shape_fold_alike(shapes, query, want):
    mem_dir, root = shapes
    got = injected(mem_dir, root, query)
    assert got and got[0] == want, (query, got)


def test_folding_is_no_new_noise(shapes):
    mem_dir, root = shapes
    assert injected(*shapes, "thanks, see you tomorrow") == []
    d = decide(*shapes, "hub of the team lunch")   # a part alone ('hub' of GitHub) is a weak hit
    assert [c.id for c in d.injected][0] == "other.md"
    assert all(c.score < 3 for c in d.injected if c.id == "gh.md")
    assert injected(*shapes, "lunch")[0] == "other.md"


def test_the_kept_index_folds_alike(shapes):
    mem_dir, root = shapes
    index(mem_dir, root)
    same(mem_dir, root, ["bigquery numbers", "BigQuery", "big query", "github", "GitHub auth", "gpt4o",
                         "GPT-4o", "K8s", "HTTPServer", "http server"])


def test_a_description_match_outranks_a_body_only_match_and_fits_the_budget(mem_dir, root):
    """The issue's Korean case: the entry whose description answers ties, by volume, with a long
    charter that matched body words only; the charter took the tie, then the budget. (In a
    folder of six: a word's rarity means nothing among two entries.)"""
    entry(mem_dir, "laptop-run-env", name="laptop-run-env", description="노트북에서 트레이딩봇 실행 시 venv와 인코딩 주의점",
          body="노트북의 시스템 python은 3.12이고 프로젝트 .venv는 3.14다. 봇과 테스트는 .venv\\Scripts\\python으로 실행한다. "
               + "콘솔 인코딩은 UTF-8로 맞춘다. " * 12)
    charter = ("오너가 지정한 전담 개발자 운영 헌장. 노트북에서 작업할 때도 이 기준을 따른다. 실행 규율을 기계화한다. "
               "경로가 바뀌면 문서를 고친다. ") * 14
    entry(mem_dir, "charter", name="operating-charter", description="전담 개발자 운영 헌장 — 북극성과 절대 규칙",
          source="model", body=charter)
    for i, topic in enumerate(("주문 체결 로그", "텔레그램 알림", "백테스트 결과", "증권사 API 키 갱신")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"{topic}에 관한 메모.")
    assert len(charter) > 1000
    d = decide(mem_dir, root, "노트북에서 봇 실행하려면 파이썬 경로가 뭐야?")
    ids = [c.id for c in d.injected]
    assert ids and ids[0] == "laptop-run-env.md", [(c.id, c.score, [r.detail for r in c.reasons]) for c in d.injected]
    assert "laptop-run-env.md" not in [x.id for x in d.excluded]


def test_a_long_keyword_list_cannot_beat_the_entry_that_answers(sample):
    """The sample: 'misc-tips' lists 14 keywords; deploy-fly says the deploy does not run migrations."""
    mem_dir, root = sample
    d = decide(mem_dir, root, "how do I run the database migrations before deploy?")
    ids = [c.id for c in d.injected]
    assert "deploy-fly.md" in ids and "misc-tips.md" not in ids, ids
    assert ids[0] == "db-migrations.md"


def test_at_equal_evidence_the_entry_that_fits_goes_first(mem_dir, root):
    # the long one first in the tie order (the user's): it would go in as its summary, taking the one place
    entry(mem_dir, "a-long", name="deploy-notes", description="the deploy runbook", source="user", body="Step. " * 400)
    entry(mem_dir, "b-short", name="deploy-check", description="check", source="model", body="Check the health page.")
    d = decide(mem_dir, root, "deploy", max_count=1)
    assert [c.id for c in d.injected] == ["b-short.md"]
    why = {x.id: x.why for x in d.excluded}
    assert why["a-long.md"] == "count-limit"   # its summary fits: the one place went to the whole that fits


def test_an_exclusion_names_the_limit_that_was_reached(mem_dir, root):
    """An entry that fits in what is left but comes after the count is full is below the count,
    not over the budget (a held-out review read '265 characters would not fit in the 1105 left')."""
    entry(mem_dir, "a-long", name="deploy-notes", description="", source="user", body="Step. " * 400)
    for n in ("b", "c", "d"):
        entry(mem_dir, f"{n}-short", name=f"deploy-{n}", description="deploy", source="model", body="Short.")
    d = decide(mem_dir, root, "deploy", max_count=2, max_chars=1000)
    x = {x.id: x.why for x in d.excluded}
    short = [i for i in x if i.endswith("-short.md")]
    assert x["a-long.md"] == "char-limit" and len(short) == 1 and x[short[0]] == "count-limit", d.excluded


def test_an_unsafe_anchor_says_so_even_below_the_count(mem_dir, root):
    write(root, "a.txt", "hello\n")
    for i in range(4):
        entry(mem_dir, f"ok{i}", keywords=["widget"], source="user", anchor={"file": "a.txt", "quote": "hello"})
    entry(mem_dir, "zz-evil", keywords=["widget"], source="model", anchor={"file": "../../etc/passwd"})
    entry(mem_dir, "zz-gone", keywords=["widget"], source="model", anchor={"file": "b.txt"})
    d = decide(mem_dir, root, "widget")
    why = {x.id: x.why for x in d.excluded}
    assert {x.id for x in d.excluded[-2:]} == {"zz-evil.md", "zz-gone.md"}   # ranked below the count
    assert len(d.injected) == 3 and list(why.values()).count("count-limit") == 1
    assert why["zz-evil.md"] == "anchor-unsafe" and why["zz-gone.md"] == "anchor-broken", why


def test_eval_prints_bm25_beside_every_row(sample, tmp_path, capsys):
    """Item 4: the yardstick in the same run, over the same entries, in text and JSON (fields added)."""
    from tui.cli import main
    mem, root = sample
    q = tmp_path / "q.jsonl"
    q.write_text('{"query": "how do I run the database migrations before deploy?", "lang": "en", '
                 '"inject": ["deploy-fly.md"], "first": "db-migrations.md", "tags": ["cross"]}\n'
                 '{"query": "hello there, thanks!", "lang": "en", "none": true}\n', encoding="utf-8")
    main(["eval", str(q), "--dir", str(mem), "--root", str(root), "--json"])
    out = json.loads(capsys.readouterr().out)
    cats = out["categories"]
    assert set(cats) == {"inject", "first", "none"} and all("bm25" in c for c in cats.values())
    assert cats["none"]["bm25"] == {"hits": 0, "rate": 0.0}   # BM25 always finds something
    assert out["tags"]["cross"]["bm25"]["passed"] in (0, 1) and "bm25" in out["languages"]["en"]["none"]
    assert out["bm25"]["passed"] <= out["queries"]
    main(["eval", str(q), "--dir", str(mem), "--root", str(root)])
    text = capsys.readouterr().out
    assert "BM25" in text
    for label in ("must inject", "ranked first", "inject nothing"):
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(label))
        assert line.count("/") >= 2, line   # memtui's hits and BM25's on the same row


@pytest.mark.parametrize("prompt", ["tack, det var allt för idag", "teşekkürler, bugün bu kadar yeter",
                                    "bedankt, dat was het voor vandaag"])
def test_thanks_in_swedish_turkish_and_dutch_inject_nothing(mem_dir, root, prompt):
    entry(mem_dir, "csp", name="helmet-csp", description="Helmet CSP headers for the admin app",
          body="Det var svårt: allt måste gå via nonce. Bugün değil. Het was voor de admin.")
    assert decide(mem_dir, root, prompt).injected == []


def test_a_miss_below_the_body_bar_says_how_far_below(mem_dir, root):
    """eval's reason for an entry not matched: its body's words, and what a body needs alone."""
    entry(mem_dir, "bot", name="coin-bot", description="Exchange bot settings",
          body="The stop-loss threshold is 3 percent; the bot sells at market.")
    for i in range(3):   # (the two words are in every body: not rare enough to count alone)
        entry(mem_dir, f"o{i}", name=f"other-{i}", description=f"note {i}", body="A threshold, in percent.")
    from tui.core.engine.select import Engine
    from tui.core.snapshots.memory import Memory
    e = Engine.from_memory(Memory.load(mem_dir, root))
    why = e.explain("what percent does the limit order use for its threshold", "bot.md")
    assert "its body holds 2 of the prompt's" in why and "alone, a body needs" in why, why


def test_an_empty_inject_list_asks_for_nothing_injected():
    from tui.core.engine.evaluate import parse_queries
    (_, q), = parse_queries('{"query": "thanks!", "inject": []}\n')
    assert q.get("none") is True


@pytest.mark.parametrize("prompt", ["buenas, ¿qué tal el fin de semana?", "спасибо, хорошего вечера",
                                    "ありがとう、今日はもう終わりにしよう", "have a nice weekend!"])
def test_sign_offs_in_every_language_inject_nothing(mem_dir, root, prompt):
    """A sign-off's words ('weekend', 'evening', 'end') are in some entry's body: the sign-off
    itself is filler (stopwords.FILLER_PHRASES), so none of them is evidence."""
    entry(mem_dir, "plan", name="release-plan", description="When releases go out",
          body="Fin de semana: no deploys. Вечером деплой запрещён. 作業は金曜に終わりにする. No weekend pushes.")
    entry(mem_dir, "ci", name="ci-cache", description="CI cache settings", body="The cache key is the lockfile hash.")
    assert decide(mem_dir, root, prompt).injected == []


def test_a_long_note_with_no_description_is_pointed_to_never_cut(mem_dir, root):
    """Issue 40 round 4 (cause B): a day's note far over the budget, no description of its own,
    was the prompt's best match and was skipped whole; a weaker entry took its place. It now goes
    in as a pointer: no line of its text (SPEC §4.6), its matching sections' headings and the file.
    Its first heading is no summary of it (the description read from it is the body's first line)."""
    body = ("## Morning: printer setup\n" + "Installed the label printer driver. " * 30 + "\n"
            "## Afternoon: the cash drawer hangs\n" + "Don't reboot the till while the drawer is open. " * 30
            + "\n## Evening\n" + "Wrote the summary. " * 30)
    write(mem_dir, "day-notes.md", body + "\n")
    entry(mem_dir, "till", name="till-basics", description="the till's menu", body="The till menu has three tabs.")
    d = decide(mem_dir, root, "why does the cash drawer hang", max_chars=1200)
    ids = [c.id for c in d.injected]
    assert "day-notes.md" in ids, (ids, d.excluded)
    c = d.injected[ids.index("day-notes.md")]
    assert "“Afternoon: the cash drawer hangs”" in c.block and "day-notes.md in the memory folder" in c.block
    assert "Don't reboot" not in d.text and "Morning" not in c.block and d.chars <= 1200
    assert any(r.kind == "budget" and "headings" in r.detail for r in c.reasons)
    # whole when it fits
    assert "Don't reboot" in decide(mem_dir, root, "why does the cash drawer hang", max_chars=9000).text


def test_a_vietnamese_word_is_not_english_filler(mem_dir, root):
    """Issue 40 round 4 (cause C): Vietnamese 'in' is "print"; an English stop list dropped it on
    both sides, so a printing fault met its note only through common words. Written Vietnamese
    (two words in its own letters) keeps its words; an English 'in' stays filler."""
    from tui.core.engine.tokens import query_terms
    assert "in" in query_terms("in phiếu bị lỗi font", []) and "in" not in query_terms("a bug in the font", [])
    write(mem_dir, "printing.md", "Máy in nhiệt: in phiếu thì lỗi font, đổi sang bản 58mm.\n")
    write(mem_dir, "fonts.md", "Lỗi font trên màn hình đăng nhập: tải lại trang.\n")
    assert injected(mem_dir, root, "in phiếu bị lỗi font")[0] == "printing.md"


def test_every_stop_list_line_has_its_language():
    from tui.core.engine.stopwords import LANG_STOP, OTHER_LANGS, OTHER_STOP
    assert len(OTHER_LANGS) == len(OTHER_STOP.strip().splitlines())
    assert {"hola", "merci", "obrigado", "danke", "grazie", "cảm", "tack", "merhaba", "bedankt"} <= \
        LANG_STOP["es"] | LANG_STOP["fr"] | LANG_STOP["pt"] | LANG_STOP["de"] | LANG_STOP["it"] | LANG_STOP["vi"] \
        | LANG_STOP["sv"] | LANG_STOP["tr"] | LANG_STOP["nl"]
    assert "merci" in LANG_STOP["fr"] and "cảm" in LANG_STOP["vi"] and "tack" in LANG_STOP["sv"]
