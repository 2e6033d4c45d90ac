"""Issue 40, stop 39: whether to inject is the evidence's; which entries, once it has put one in,
may fill the places left with entries whose body holds the prompt's telling words (engine/fill.py)."""
import pytest

from test_lazyindex import index, same
from test_retrieval_cases import decide, entry


@pytest.fixture
def shop(mem_dir, root):
    entry(mem_dir, "deploy", name="deploy-steps", description="how the shop is deployed",
          body="Run the build, then push the image.")
    entry(mem_dir, "rollback", name="incident-2026-03", description="the March outage",
          body="The canary was skipped; since then every release waits for the canary to pass.")
    for i, topic in enumerate(("lunch orders", "office plants", "holiday calendar", "printer toner")):
        entry(mem_dir, f"other-{i}", name=f"other-{i}", description=topic, body=f"Notes on {topic}.")
    return mem_dir, root


def test_a_body_below_the_bar_fills_a_place_once_the_evidence_opened_the_gate(shop):
    mem_dir, root = shop
    d = decide(mem_dir, root, "before we deploy, is there a canary?")
    ids = [c.id for c in d.injected]
    assert ids == ["deploy.md", "rollback.md"], ids
    filled = d.injected[1]
    kinds = [r.kind for r in filled.reasons]
    assert "fill" in kinds and any("canary (body" in r.detail for r in filled.reasons), filled.reasons
    assert filled.score < d.injected[0].score   # a filled entry ranks after every match


def test_the_same_body_word_alone_opens_no_gate(shop):
    """Small talk stays silent: a body word below the bar is no evidence on its own."""
    mem_dir, root = shop
    assert decide(mem_dir, root, "is the canary singing today?").injected == []


def test_an_excluded_entry_never_fills_and_the_budget_holds(shop, root):
    mem_dir, _ = shop
    entry(mem_dir, "zz-evil", name="zz-evil", description="x", body="canary canary", anchor={"file": "../../etc/passwd"})
    entry(mem_dir, "zz-long", name="zz-long", description="", body="canary " * 400)
    d = decide(mem_dir, root, "before we deploy, is there a canary?", max_chars=600)
    ids = [c.id for c in d.injected]
    assert "zz-evil.md" not in ids and "zz-long.md" not in ids, ids
    assert d.chars <= 600


def test_the_kept_index_fills_alike(shop):
    mem_dir, root = shop
    index(mem_dir, root)
    same(mem_dir, root, ["before we deploy, is there a canary?", "deploy canary", "canary", "deploy"])


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
