"""Retrieval, stop 48 (issue 40): once the gate is open, the places left are filled as a plain
BM25 top 3 fills them, by the entries whose bodies hold the prompt's words (evidence.seconds);
the gate alone keeps small talk silent."""
from __future__ import annotations

import pytest


@pytest.fixture
def garden(mem_dir, root):
    """A small bank about a community-garden booking app. The setup note says where the booking
    API runs and on which port; the long running log says, in one of its many lines, that the
    port changed once; the patterns note says, once among many rules, how the booking form sends.
    Each holds one of the prompt's words, too common to match alone, and neither speaks of it
    nearly as much as the setup note (the old share of 0.4): a plain BM25 top 3 has both."""
    from test_retrieval_cases import write
    write(mem_dir, "techContext.md", "# Tech\n\n- The booking API is FastAPI on port 7300.\n"
          "- The port is set in settings.toml.\n- SQLite holds the plots.\n")
    days = [f"- week {i}: watering rota for bed {i} printed, seed order checked" for i in range(40)]
    days[31] = "- week 31: moved to another port after a clash with the greenhouse sensor"
    write(mem_dir, "activeContext.md", "# Now\n\n" + "\n".join(days) + "\n")
    write(mem_dir, "systemPatterns.md", "# Patterns\n\n" + "\n".join(
        [f"- rule {i}: plot names stay short, colours follow the seed packets" for i in range(30)]
        + ["- the booking form goes through the store, never straight to the server"]) + "\n")
    write(mem_dir, "projectbrief.md", "# Brief\n\nNeighbours book a raised bed for a season.\n")
    write(mem_dir, "progress.md", "# Progress\n\n- [x] plot map\n- [ ] thank-you mails, cheers to the volunteers\n")
    return mem_dir, root


def test_the_places_left_go_to_the_bodies_that_name_the_words(garden):
    from test_retrieval_cases import decide
    d = decide(*garden, "what port is the booking API on?")
    got = [c.id for c in d.injected]
    assert got[0] == "techContext.md" and set(got[1:]) == {"activeContext.md", "systemPatterns.md"}, got
    assert all(any("beside the entries matched" in r.detail for r in c.reasons) for c in d.injected[1:])


def test_a_body_with_none_of_the_words_or_only_small_talk_s_is_no_fill(garden):
    # the brief names nothing the prompt says; the progress list holds 'thanks' (small talk's word)
    from test_retrieval_cases import decide
    got = [c.id for c in decide(*garden, "thanks! what port is the booking API on?", max_count=6).injected]
    assert got[0] == "techContext.md" and not {"projectbrief.md", "progress.md"} & set(got), got


def test_the_gate_still_keeps_small_talk_silent(garden):
    from test_retrieval_cases import decide
    for prompt in ("thanks, that was great!", "good morning, how are you?", "what a lovely sunny morning"):
        assert decide(*garden, prompt).injected == [], prompt


def test_a_path_hit_opens_the_gate_too(mem_dir, root):
    """The prompt names the file an entry is attached to: the gate is open, and a note whose body
    names the prompt's words fills the place left."""
    from test_retrieval_cases import entry
    from test_retrieval_cases import decide
    entry(mem_dir, "settings", name="settings-file", description="where the app reads its settings",
          paths=["config/settings.toml"], body="Read once at start.")
    entry(mem_dir, "ports", name="ports", description="services and their ports",
          body="The sensor bridge listens beside the booking API.\nRestart it after a reboot.")
    entry(mem_dir, "plants", name="plants", description="what grows where", body="Tomatoes in bed 4.")
    got = [c.id for c in decide(mem_dir, root, "does settings.toml set the sensor bridge?").injected]
    assert got[:1] == ["settings.md"] and "ports.md" in got and "plants.md" not in got, got
