"""Stop 51 (issue 36): a list of notes closed by "§" lines (an agent's MEMORY.md / USER.md) in which a
later note says again what an earlier one says is a duplicate, once per later note, at its nearest
earlier note; notes that share a topic but say different things are not, nor paragraphs of an ordinary
entry. Text written for these tests."""
from __future__ import annotations

from conftest import write

from tui.core.layouts import detect
from tui.core.reports.audit import audit_dir

NOTES = [
    ("The owner is a backend Go developer in Lyon who wants terse answers, reviews every single diff line by "
     "line and dislikes long explanations."),
    "Prefers dark terminal themes and the Helix editor over Neovim for everyday editing work.",
    "Image prompts: wants watercolour landscapes with soft morning light, muted greens and wide framing.",
    ("Reviews every single diff line by line, dislikes long explanations and wants terse answers; the owner is "
     "a backend Go developer based in Lyon."),
    "Deploys go through the staging cluster first, then the canary pool, then production after an hour.",
    "Watercolour landscapes with soft morning light and muted greens, wide framing, for every image prompt.",
]


def _audit(tmp_path, body: str, name: str = "USER.md"):
    mem = tmp_path / "proj" / "memory"
    write(mem, name, body)
    if name != "MEMORY.md":
        write(mem, "MEMORY.md", "# Memory\n- [notes](USER.md)\n")
    return [f for f in audit_dir(str(mem), str(tmp_path / "proj"), git=False, layout=detect(mem).layout.name).findings
            if f.kind == "duplicate"]


def test_a_note_said_again_in_a_section_list_is_a_duplicate(tmp_path):
    found = _audit(tmp_path, "\n§\n".join(NOTES) + "\n")
    assert [(f.rule, f.line, f.confidence) for f in found] == [("restated-note", 7, "possible")]
    assert [(p.line, p.note.split(" (")[0]) for p in found[0].places] == [
        (7, "the note at line 7 says again what the note at line 1 says"),
        (11, "the note at line 11 says again what the note at line 5 says")]


def test_notes_on_one_topic_that_say_different_things_are_not(tmp_path):
    body = "\n§\n".join([NOTES[0], NOTES[1], NOTES[4],
                         "Deploys to production are frozen on Fridays; hotfixes need a second reviewer first.",
                         "The Go developer in Lyon also maintains the billing service and its nightly jobs."])
    assert _audit(tmp_path, body + "\n") == []


def test_paragraphs_of_an_ordinary_entry_are_not_notes(tmp_path):
    body = "---\nname: owner\ndescription: the owner\ntype: user\n---\n\n" + "\n\n".join(NOTES) + "\n"
    assert _audit(tmp_path, body, "user_owner.md") == []



def test_the_index_kept_as_a_list_of_notes_is_read_too(tmp_path):
    """The agent that keeps its notes in MEMORY.md itself (the file every session loads)."""
    found = _audit(tmp_path, "\n§\n".join(NOTES) + "\n", "MEMORY.md")
    assert [(f.id, f.rule, [p.line for p in f.places]) for f in found] == [("MEMORY.md", "restated-note", [7, 11])]
