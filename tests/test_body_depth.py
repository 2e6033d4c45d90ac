"""Issue 40, stop 39 round 3: how far a body is read (evidence.BODY_CHARS). An answer in the
middle of a long entry is found; past the bar it is not, in both indexes alike."""
import pytest

from test_lazyindex import index, same
from test_retrieval_cases import decide, entry
from tui.core.engine.evidence import BODY_CHARS

FILLER = "The morning stand-up went over the usual checklist and nothing changed. "


def long_body(answer: str, at: int) -> str:
    """A session log ``at`` characters long before its one telling line."""
    head = (FILLER * (at // len(FILLER) + 1))[:at]
    return head + "\n" + answer + "\n" + FILLER * 3


@pytest.fixture
def logs(mem_dir, root):
    entry(mem_dir, "mid", name="session-2026-03-02", description="a day's session log",
          body=long_body("The staging bucket is called quokka-assets; never write to it by hand.", 4500))
    entry(mem_dir, "deep", name="session-2026-03-09", description="another day's session log",
          body=long_body("The nightly export runs under the wombat service account.", BODY_CHARS + 500))
    for i, topic in enumerate(("lunch orders", "office plants", "holiday calendar", "printer toner")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}.")
    return mem_dir, root


def test_an_answer_at_4500_characters_is_found(logs):
    """Past the old bar (3,000), within this one: the entry answers on its one telling word."""
    assert BODY_CHARS >= 4500 + 200
    d = decide(*logs, "which bucket is quokka-assets?")
    assert [c.id for c in d.injected] == ["mid.md"], d.injected


def test_an_answer_past_the_bar_is_not_read(logs):
    assert decide(*logs, "which account is wombat?").injected == []


def test_the_kept_index_reads_as_far(logs):
    index(*logs)
    same(*logs, ["which bucket is quokka-assets?", "which account is wombat?", "session log"])
