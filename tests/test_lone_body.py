"""Issue 40, stop 39: the gate. A body alone opens it when the prompt's telling words it holds
are rare enough (evidence.LONE_BODY), never on the words small talk is made of (smalltalk.py);
a name few entries hold opens it alone (names.py). No place is filled below that bar."""
import pytest

from test_lazyindex import index, same
from test_retrieval_cases import decide, entry


@pytest.fixture
def shop(mem_dir, root):
    entry(mem_dir, "deploy", name="deploy-steps", description="how the shop is deployed",
          body="Run the build, then push the image.")
    entry(mem_dir, "rollback", name="incident-2026-03", description="the March outage",
          body="The canary was skipped; since then every release waits for the canary to pass.")
    entry(mem_dir, "widgets", name="dashboard-widgets", description="the home screen",
          body="The weather card refreshes hourly; cat the log when the coffee counter sticks.")
    for i, topic in enumerate(("lunch orders", "office plants", "holiday calendar", "printer toner")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}.")
    return mem_dir, root


def test_one_telling_word_a_body_holds_opens_the_gate(shop):
    """'canary' is in one body only: rare enough to stand alone (a stranger's prompt names its
    one telling word, and BM25 would find it)."""
    mem_dir, root = shop
    d = decide(mem_dir, root, "is the canary still required?")
    assert [c.id for c in d.injected] == ["rollback.md"], d.injected
    assert any(r.detail == "canary (body)" for r in d.injected[0].reasons), d.injected[0].reasons


@pytest.mark.parametrize("prompt", ["how's the weather over there?", "I need coffee", "what's a good name for a cat?"])
def test_small_talk_words_never_open_the_gate_alone(shop, prompt):
    mem_dir, root = shop
    assert decide(mem_dir, root, prompt).injected == []


def test_a_small_talk_word_still_counts_beside_a_telling_one(shop):
    mem_dir, root = shop
    assert [c.id for c in decide(mem_dir, root, "the weather card is blank").injected][:1] == ["widgets.md"]


def test_a_common_body_word_opens_no_gate_but_fills_the_places_left(shop):
    """'notes' is in most bodies: alone it opens no gate; beside the deploy entry, which matched
    on its own, the notes that hold it fill the places left, after it (stop 48: as BM25's top 3)."""
    mem_dir, root = shop
    assert decide(mem_dir, root, "notes?").injected == []
    got = [c.id for c in decide(mem_dir, root, "deploy notes").injected]
    assert got[0] == "deploy.md" and all(g.startswith("other-") for g in got[1:]), got


def test_the_kept_index_opens_alike(shop):
    mem_dir, root = shop
    index(mem_dir, root)
    same(mem_dir, root, ["is the canary still required?", "deploy canary", "I need coffee", "deploy notes"])


@pytest.fixture
def react(mem_dir, root):
    entry(mem_dir, "teach", name="teach-principles", description="explain the why, not only the fix",
          body="When a hook like useMemo or useCallback comes up, explain when it pays off before writing it.")
    entry(mem_dir, "deploy", name="deploy-notes", description="how the app ships", body="Run npm ci, then the build.")
    for i, topic in enumerate(("lunch orders", "office plants", "holiday calendar", "printer toner")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}; npm is not used here.")
    return mem_dir, root


@pytest.mark.parametrize("prompt", ["useMemo 언제 써야 하는지 모르겠어", "зачем тут useMemo?", "when is useMemo worth it"])
def test_a_name_few_entries_hold_matches_a_body_alone(react, prompt):
    """names.py: an identifier (or a Latin word in a prompt of another script) is evidence alone."""
    mem_dir, root = react
    d = decide(mem_dir, root, prompt)
    assert [c.id for c in d.injected][:1] == ["teach.md"], d.injected
    assert any("(body, a name)" in r.detail for r in d.injected[0].reasons), d.injected[0].reasons


@pytest.mark.parametrize("prompt", ["спасибо, ok!", "почему npm такой медленный?", "thanks, see you on MONDAY"])
def test_a_common_name_or_small_talk_stays_silent(react, prompt):
    """'npm' is in most bodies here: not rare enough to stand alone; small talk holds no rare name."""
    mem_dir, root = react
    assert decide(mem_dir, root, prompt).injected == []


def test_a_library_named_like_a_file_meets_the_entry_that_names_it(mem_dir, root):
    """'Next.js' in a prompt is a bare file name (a path), but an entry's text names the library
    the same way: both sides must read it as one term ('next' alone is a stop word)."""
    entry(mem_dir, "stack", name="frontend-stack", description="what the site is built with",
          body="The site runs on Next.js with the app router.")
    entry(mem_dir, "team", name="team-roles", description="who reviews what", body="Ana reviews copy.")
    entry(mem_dir, "deploys", name="deploy-steps", description="releases", body="Tag, then push.")
    d = decide(mem_dir, root, "explain next.js from scratch")
    assert [c.id for c in d.injected] == ["stack.md"], d.injected
    assert decide(mem_dir, root, "the error is in src/next.js").injected == []   # a real path stays a path


@pytest.mark.parametrize("prompt", ["I NEED COFFEE", "how's the WEATHER?", "a good name for a CAT?"])
def test_small_talk_in_capitals_is_no_name(shop, prompt):
    """An all-capital word is a name (names.py), but a small-talk word shouted stays small talk."""
    mem_dir, root = shop
    assert decide(mem_dir, root, prompt).injected == []


@pytest.fixture
def desk(mem_dir, root):
    """'follow' and 'check' in two bodies of six: rare enough for a name (NAME_RARE), not for a body alone (LONE_BODY)."""
    entry(mem_dir, "support", name="support-desk", description="the support desk",
          body="Tickets older than a week get a follow email and a check; see react-query for the cache.")
    entry(mem_dir, "sales", name="sales-pipeline", description="the sales pipeline",
          body="Leads that go quiet get a follow call and a check; the board uses react-query too.")
    for i, topic in enumerate(("lunch orders", "office plants", "holiday calendar", "printer toner")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}.")
    return mem_dir, root


@pytest.mark.parametrize("prompt", ["ok, any follow-up?", "time for a check-in?"])
def test_a_hyphenated_ordinary_word_is_no_name_in_its_pieces(desk, prompt):
    """'follow-up' is a name as a whole; its piece 'follow' is an ordinary word that needs company."""
    mem_dir, root = desk
    assert decide(mem_dir, root, prompt).injected == []


def test_a_hyphenated_name_still_matches_as_a_whole(desk):
    mem_dir, root = desk
    d = decide(mem_dir, root, "react-query again")
    assert sorted(c.id for c in d.injected) == ["sales.md", "support.md"], d.injected
