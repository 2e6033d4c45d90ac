"""Retrieval, stop 48 round 2 (issue 40): a long note's sections past BODY_CHARS are evidence
for a place left (evidence.TAIL), never for a match of their own; 'filter' bridges languages."""
from __future__ import annotations

import pytest


@pytest.fixture
def bakery(mem_dir, root):
    """A small bank about a bakery's ordering site. The setup note names the label printer; the
    running log is long (well past the 6,000 characters read for a match), and the one line that
    says which queue the label printer reads sits near its end."""
    from test_retrieval_cases import write
    write(mem_dir, "techContext.md", "# Tech\n\n- Orders are a Flask app on SQLite.\n"
          "- The label printer is a Zebra on the shop's wifi.\n")
    days = [f"- day {i}: rye starter fed, shelf {i % 7} restocked, window card for loaf {i} redrawn"
            for i in range(120)]
    days[112] = "- day 112: the label printer now reads the print queue named kiln-labels, not the default one"
    write(mem_dir, "activeContext.md", "# Now\n\n" + "\n".join(days) + "\n")
    write(mem_dir, "projectbrief.md", "# Brief\n\nNeighbours order bread for the weekend.\n")
    return mem_dir, root


def test_an_answer_past_the_first_6000_characters_fills_a_place(bakery):
    from test_retrieval_cases import decide
    from tui.core.engine.evidence import BODY_CHARS
    text = (bakery[0] / "activeContext.md").read_text()
    assert text.index("kiln-labels") > BODY_CHARS + 500
    d = decide(*bakery, "which print queue does the label printer read?")
    got = [c.id for c in d.injected]
    assert got[0] == "techContext.md" and "activeContext.md" in got, got
    log = next(c for c in d.injected if c.id == "activeContext.md")
    assert any("beside the entries matched" in r.detail for r in log.reasons)


def test_words_past_the_first_6000_characters_never_open_the_gate(bakery):
    # only the log's far end names the queue: nothing matched on its own, so nothing goes in
    from test_retrieval_cases import decide
    assert decide(*bakery, "the kiln queue?").injected == []


def test_filter_meets_its_forms_in_other_languages(mem_dir, root):
    from test_retrieval_cases import decide, write
    write(mem_dir, "sozluk.md", "---\nname: sözlük kuralları\ndescription: kelime listesi nasıl oluşturulur\n---\n"
          "Kaba kelimeler listeye girmeden önce filtrelenir (etiket + elle engel listesi).\n")
    write(mem_dir, "yayin.md", "---\nname: yayın\ndescription: uygulama mağazaya nasıl çıkar\n---\n"
          "Sürüm numarası her yayında artırılır.\n")
    got = [c.id for c in decide(mem_dir, root, "how do we filter rude entries?").injected]
    assert got == ["sozluk.md"], got
