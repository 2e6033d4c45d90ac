"""Retrieval, stop 47 (issue 40): what the tune41 pool's half A showed."""
from __future__ import annotations

import pytest


def test_a_label_written_from_the_repository_root_meets_the_entry_of_that_file():
    # a reviewer labels a Cline bank's file by its place in the repository; the entry's id is
    # its place in the memory folder (memory-bank/): the same file
    from tui.core.engine.evaluate import _known, meets
    assert meets("memory-bank/progress.md", "progress.md")
    assert meets(".claude/memory/deploy_notes.md", "deploy_notes.md")
    assert meets("memory/MEMORY.md", "MEMORY.md#gateway")
    assert not meets("memory-bank/progress.md", "oldprogress.md")
    assert not meets("memory-bank/progress.md", "systemPatterns.md")
    assert _known("memory-bank/techContext.md", {"techContext.md", "progress.md"}) == "techContext.md"


def test_mentions_weigh_a_line_against_the_entry_length():
    # BM25's length normalisation in the tie-break: one line of a short note speaks of a word
    # more than two lines of a long log do
    from tui.core.engine.evidence import focus, mentions
    assert focus(1, 4) > focus(2, 120)
    assert focus(2, 10) > focus(1, 10) and focus(50, 60) < 100 * (1 + 1.2)
    assert mentions(focus(1, 35), 1.0) == 100 and mentions(focus(3, 35), 0.5) < mentions(focus(3, 35), 1.0)


def test_at_equal_points_the_short_note_about_it_goes_before_the_long_log(mem_dir, root):
    from test_retrieval_cases import decide, entry
    log = "\n".join([f"- step {i}: moved the shelf labels, checked the till" for i in range(50)]
                    + ["- the refund slip printed blank once", "- refund slip fixed by the driver update"])
    entry(mem_dir, "a-shop-log", name="daily-log", description="what happened in the shop", source="user",
          updated="2026-11-01", body=log)
    entry(mem_dir, "b-printer", name="till-printer", description="the shop's till printer", source="model",
          updated="2026-01-01", body="The refund slip needs the wide paper roll.\nKeep two rolls under the counter.")
    for i, topic in enumerate(("opening hours", "supplier phone numbers", "holiday rota")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}.")
    d = decide(mem_dir, root, "shop refund slip?")
    assert [c.id for c in d.injected][:2] == ["b-printer.md", "a-shop-log.md"], d.injected


@pytest.fixture
def kiosk(tmp_path):
    """A Cline bank of six files about a kiosk's web shop: 'checkout' is the project's own word,
    in most files; the payment patterns speak of it most."""
    from conftest import write
    mem = tmp_path / "memory-bank"
    write(mem, "projectbrief.md", "# Brief\n\nA web shop for a street kiosk. Checkout must stay simple.\n")
    write(mem, "productContext.md", "# Product\n\nNeighbours order snacks ahead; checkout takes one screen.\n")
    write(mem, "activeContext.md", "# Now\n\nRe-doing the menu photos. Checkout untouched this week.\n")
    write(mem, "systemPatterns.md", "# Patterns\n\n## Checkout\n- checkout posts the basket to /orders\n"
                                    "- a failed checkout keeps the basket in local storage\n- the checkout "
                                    "button is disabled while the card form loads\n")
    write(mem, "techContext.md", "# Tech\n\nStatic pages, one small Flask app, SQLite.\n")
    write(mem, "progress.md", "# Progress\n\n- Menu done.\n- Checkout works on phones.\n")
    return mem, tmp_path


def test_the_folder_s_own_word_opens_the_gate_for_the_entry_that_speaks_of_it_most(kiosk):
    """Nothing else matched: 'checkout' is in five of six files (no rarity to open the gate),
    but the prompt is about the project, and one file speaks of it far more than the others."""
    from tui.core.engine.select import Engine
    from tui.core.layouts import get
    from tui.core.snapshots.memory import Memory
    mem, root = kiosk
    m = Memory.load(mem, root, layout=get("cline"))
    d = Engine.from_memory(m).decide("wie funktioniert der checkout eigentlich")
    assert [c.id for c in d.injected][:1] == ["systemPatterns.md"], d.message
    assert any("speaks of it most" in r.detail for r in d.injected[0].reasons), d.injected[0].reasons
    # the gate open, the places left go to the files that name it too (stop 48), after it
    assert len(d.injected) == 3 and all(any("beside the entries matched" in r.detail for r in c.reasons)
                                        for c in d.injected[1:]), d.injected


def test_the_folder_s_own_word_adds_nothing_when_something_matched(kiosk):
    from tui.core.engine.select import Engine
    from tui.core.layouts import get
    from tui.core.snapshots.memory import Memory
    mem, root = kiosk
    m = Memory.load(mem, root, layout=get("cline"))
    eng = Engine.from_memory(m)
    assert [c.id for c in eng.decide("how are the menu photos going?").injected][:1] == ["activeContext.md"]
    assert "systemPatterns.md" not in [c.id for c in eng.decide("how are the menu photos going?").injected]
    assert not eng.decide("what a lovely sunny day").injected


def test_vietnamese_go_is_filler_as_english_go_is(mem_dir, root):
    # 'đi' (go; the imperative's closing word) is to Vietnamese what 'go' is to English: filler
    from test_retrieval_cases import decide, entry
    entry(mem_dir, "giao-hang", name="giao-hang", description="lịch giao hàng của cửa hàng",
          body="Nhân viên đi giao hàng lúc 9 giờ sáng.\nĐơn sau 17 giờ giao hôm sau.")
    entry(mem_dir, "kho", name="kho", description="quản lý kho", body="Kiểm kho mỗi thứ hai.")
    entry(mem_dir, "gia", name="bang-gia", description="bảng giá", body="Giá vốn chỉ quản trị viên thấy.")
    assert not decide(mem_dir, root, "hát một bài đi").injected
    assert [c.id for c in decide(mem_dir, root, "giao hàng lúc mấy giờ").injected][:1] == ["giao-hang.md"]


def test_the_kept_index_decides_the_folder_s_own_word_the_same(mem_dir, root):
    from test_lazyindex import index, same
    from test_retrieval_cases import entry
    entry(mem_dir, "brief", name="brief", description="what the kiosk shop is", body="A web shop. Checkout stays simple.")
    entry(mem_dir, "now", name="now", description="current focus", body="Menu photos.\nCheckout untouched.")
    entry(mem_dir, "patterns", name="patterns", description="how it is built",
          body="Checkout posts the basket.\nA failed checkout keeps the basket.\nThe checkout button waits.")
    entry(mem_dir, "tech", name="tech", description="stack", body="Flask, SQLite.")
    index(mem_dir, root)
    mem = same(mem_dir, root, ["wie funktioniert der checkout", "checkout?", "the basket", "tell me a joke"])
    from tui.core.engine.select import Engine
    d = Engine.from_memory(mem).decide("wie funktioniert der checkout")
    assert [c.id for c in d.injected][:1] == ["patterns.md"] and "tech.md" not in [c.id for c in d.injected], d.message



@pytest.fixture
def ferry(mem_dir, root):
    """Notes on a ferry timetable site: the publish job has its own entry (its description names
    the night run, its body publishing); the hosting notes and the bucket notes say, each in a line of a short body,
    what publishing does there; the brief names it once in a long body; the rest never."""
    from test_retrieval_cases import entry
    entry(mem_dir, "night-job", name="night-job", description="what runs every night",
          body="Publish starts at 02:00.\nPublish writes the route JSON, then the pages.\nThe publish log is kept a week.")
    entry(mem_dir, "hosting", name="hosting", description="where the pages live",
          body="Hugo, no server.\nPublish syncs the pages with `rclone`.")
    entry(mem_dir, "bucket", name="bucket", description="object storage",
          body="One bucket per season.\nPublish replaces the JSON files there.")
    entry(mem_dir, "brief", name="brief", description="what the site is for", body="\n".join(
        ["Timetables for the island ferries, readable on a phone.", "Travellers check the last boat home.",
         "Staff edit the winter times.", "Prices are not shown.", "The harbour map comes later.",
         "Guests cannot see the publish button.", "Two languages: English and Greek.", "No accounts."]
        + [f"Route {i}: times from the port office, checked by hand." for i in range(24)]))
    entry(mem_dir, "routes", name="routes", description="route data", body="One JSON per route, named by port.")
    entry(mem_dir, "team", name="team", description="who edits what", body="Maria edits the winter times.")
    return mem_dir, root


def test_once_the_gate_is_open_the_entries_whose_bodies_name_the_words_fill_the_places_left(ferry):
    """A prompt wanting two or three entries: the publish job matches on its description; the
    hosting and bucket notes, whose bodies name publishing (too common a word to match alone),
    fill the places left, before the brief, whose long body names it once: as BM25 ranks them."""
    from test_retrieval_cases import decide
    d = decide(*ferry, "what does the night job publish?")
    got = [c.id for c in d.injected]
    assert got[0] == "night-job.md" and set(got[1:]) == {"hosting.md", "bucket.md"}, got
    assert any("beside the entries matched" in r.detail for r in d.injected[1].reasons), d.injected[1].reasons
    assert [c.id for c in decide(*ferry, "what does the night job publish?", max_count=4).injected][3:] == ["brief.md"]


def test_a_second_entry_never_goes_before_one_that_matched_on_its_own(ferry):
    from test_retrieval_cases import decide
    d = decide(*ferry, "what does the night job publish?", max_count=6)
    assert [c.id for c in d.injected][:1] == ["night-job.md"]
    assert all(c.score <= d.injected[0].score for c in d.injected[1:])


def test_no_second_entry_without_words_of_its_own_or_an_open_gate(ferry):
    # nothing in the routes or the team notes names publishing: the gate being open is no fill;
    # and the common word alone opens no gate for anyone
    from test_retrieval_cases import decide
    d = decide(*ferry, "what does the night job publish?", max_count=6)
    assert not {"routes.md", "team.md"} & {c.id for c in d.injected}


def test_a_web_product_s_common_words_bridge_languages(mem_dir, root):
    """What a web product's memory is about (its site, pages, palette, fonts, backend, payments,
    users) is met from a prompt in another language, as deploy and database are."""
    from test_retrieval_cases import decide, entry
    entry(mem_dir, "brand", name="brand", description="the look of the bakery's web presence",
          body="Palette: navy #1B2A4A and sand #E8DCC4.\nHeadings use the Lora font, text Inter.")
    entry(mem_dir, "hosting", name="hosting", description="where things run",
          body="The website is static on Netlify.\nThe backend is one Flask app for orders.")
    entry(mem_dir, "checkout", name="checkout", description="how customers pay",
          body="Payment goes through Stripe Checkout.\nA user gets a receipt by mail.")
    entry(mem_dir, "hours", name="hours", description="opening hours", body="Mon-Sat 7-18.")
    assert [c.id for c in decide(mem_dir, root, "¿qué paleta de colores usamos?").injected][:1] == ["brand.md"]
    assert [c.id for c in decide(mem_dir, root, "какой шрифт у заголовков?").injected][:1] == ["brand.md"]
    assert [c.id for c in decide(mem_dir, root, "сайт статический или есть бэкенд?").injected][:1] == ["hosting.md"]
    assert [c.id for c in decide(mem_dir, root, "결제는 어떻게 처리돼?").injected][:1] == ["checkout.md"]
    assert not decide(mem_dir, root, "qual é a sua cor favorita?").injected   # small talk stays silent
