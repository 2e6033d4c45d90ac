"""Issue 40, stop 40: a Cline status file is matched like any entry (a journal of past days is
not); between entries of equal points, the one whose body speaks of the prompt's words more
goes first (evidence.mentions), before source and age."""
import pytest

from conftest import write
from test_lazyindex import index, same
from test_retrieval_cases import NOW, decide, entry
from tui.core.engine.select import Engine
from tui.core.layouts import get
from tui.core.snapshots.memory import Memory

from tui.core.engine.evidence import mentions
from tui.core.engine.postings import line_counts
from tui.core.engine.tokens import terms


@pytest.fixture
def bank(tmp_path):
    mem = tmp_path / "memory-bank"
    write(mem, "projectbrief.md", "# Project brief\n\nA landing site for a small bakery: menu, hours, contact page.\n")
    write(mem, "activeContext.md", "# Active context\n\nWorking on the opening hours table.\n")
    write(mem, "productContext.md", "# Product context\n\nCustomers look up hours and call ahead.\n")
    write(mem, "techContext.md", "# Tech context\n\nStatic HTML, one stylesheet, deployed by rsync to the host.\n")
    write(mem, "progress.md", "# Progress\n\n## Known issues\n- The map pin on the contact page still shows the "
                              "old street; the embed code was never updated.\n")
    write(mem, "journal/2026-11-02.md", "# 2 November\n\nLooked at the map pin on the contact page, no fix yet.\n")
    return mem, tmp_path


def test_a_cline_status_file_is_injected_when_it_answers(bank):
    """The known issue lives in progress.md (Cline reads it at every task start): a prompt about it
    gets it; the journal of a past day stays a log, listed with its own reason."""
    mem, root = bank
    mem_ = Memory.load(mem, root, now=NOW, layout=get("cline"))
    assert mem_.entries["progress.md"].current and not mem_.entries["journal/2026-11-02.md"].current
    d = Engine.from_memory(mem_).decide("why is the map pin on the contact page wrong?")
    assert [c.id for c in d.injected][:1] == ["progress.md"], d.injected
    assert {x.id: x.why for x in d.excluded}.get("journal/2026-11-02.md") == "process"


def test_lines_are_counted_once_each():
    got = line_counts("timeout on the gateway\n\ntimeout again, timeout\nnothing here\n")
    (timeout,), (gateway,) = terms("timeout"), terms("gateway")
    assert got[timeout] == 2 and got[gateway] == 1


def test_mentions_saturate():
    # (stop 47: a count is weighed against the body's length, evidence.focus; here a typical 35 lines)
    from tui.core.engine.evidence import focus
    assert mentions(focus(1, 35), 1.0) == 100 and mentions(focus(2, 35), 1.0) < 2 * mentions(focus(1, 35), 1.0)
    assert mentions(focus(50, 50), 1.0) < 220 and mentions(focus(3, 35), 0.5) < mentions(focus(3, 35), 1.0)


@pytest.fixture
def tie(mem_dir, root):
    entry(mem_dir, "a-gateway", name="edge-notes", description="notes on the gateway", source="model",
          updated="2026-01-01", body="Timeout is 30 s.\nA timeout retries twice.\nThe timeout log is in /var.")
    entry(mem_dir, "b-gateway", name="proxy-notes", description="the gateway settings", source="user",
          updated="2026-11-01", body="Timeout is 30 s; see the runbook.")
    for i, topic in enumerate(("lunch orders", "office plants", "holiday calendar", "printer toner")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}.")
    return mem_dir, root


def test_at_equal_points_the_body_that_speaks_of_it_more_goes_first(tie):
    """Both match 'gateway' in the description and 'timeout' in the body, for the same points;
    source and age would put the user's newer note first, but the other one's body is about it."""
    mem_dir, root = tie
    d = decide(mem_dir, root, "gateway timeout?")
    assert [c.id for c in d.injected][:2] == ["a-gateway.md", "b-gateway.md"], d.injected
    # (stop 49: how much a body speaks of a word is in its points, evidence.body_tenths, not a tie
    # broken after them: three lines of three beat one line of one)
    assert d.injected[0].score > d.injected[1].score
    for c in d.injected:
        assert round(sum(r.points for r in c.reasons), 1) == c.score, c.reasons


def test_the_kept_index_keeps_the_line_counts(tie):
    mem_dir, root = tie
    index(mem_dir, root)
    same(mem_dir, root, ["gateway timeout?", "timeout", "gateway"])


def test_a_file_label_is_met_by_the_entries_read_from_that_file():
    from tui.core.engine.evaluate import _known, meets
    assert meets("MEMORY.md", "MEMORY.md#team") and meets("NOW.md", "memory/NOW.md")
    assert not meets("NOW.md", "memory/KNOW.md") and not meets("MEMORY.md", "memory/MEMORY.md.bak")
    assert _known("NOW.md", {"memory/NOW.md", "MEMORY.md#a"}) == "memory/NOW.md"
    assert _known("gone.md", {"memory/NOW.md"}) is None
