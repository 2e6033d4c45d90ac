"""Stop 51 (issue 36): status and transient wording. Every text here is written for the test."""


def _time_words(text, entry_id="notes.md"):
    from tui.core.judging.wording import transient_findings
    return [f.line for f in transient_findings(entry_id, text) if f.rule == "time-word"]


_RULE = "---\nname: sieve rule\ndescription: never sieve wet clay slip twice\ntype: feedback\n---\n"
_NOTE = "---\nname: kiln\ndescription: kiln notes\ntype: project\n---\n"


# -- a rule's Why: its whole paragraph is the reason, not only its first line ----------------------

def test_a_time_word_on_a_why_paragraph_s_next_line_is_background():
    text = _RULE + ("Sieve the slip once, through the 80 mesh.\n\n"
                    "**Why:** a second pass thins it too much and the mugs warp;\n"
                    "yesterday a whole board of them slumped in the bisque.\n"
                    "**How to apply:** one pass, then let it rest overnight,\n"
                    "for now with the lid on, until the new bucket comes.\n")
    assert _time_words(text) == []


def test_the_story_after_a_why_paragraph_in_a_note_is_background():
    text = _NOTE + ("# Kiln\n\nThe vent stays open to 600 degrees.\n\n"
                    "Why: the fumes set off the hall alarm,\n"
                    "and yesterday the caretaker came up twice.\n")
    assert _time_words(text) == []


def test_a_paragraph_after_the_why_is_not_its_reason():
    text = _RULE + ("Sieve the slip once.\n\n"
                    "**Why:** a second pass thins it too much.\n\n"
                    "The 80 mesh sieve is currently cracked at the rim.\n")
    assert _time_words(text) == [10]
    text = _RULE + ("Sieve the slip once.\n\n"
                    "**Why:** a second pass thins it too much.\n"
                    "**Status:** the 80 mesh sieve is currently cracked at the rim.\n")
    assert _time_words(text) == [9]


def test_the_day_a_program_compares_against_is_no_moment():
    text = _NOTE + ("# Reminders\n\n- **Reminders:** the app compares each due date with today\n"
                    "- **Como funciona:** calculado no frontend comparando datas com hoje\n"
                    "- 提醒：前端把到期日与今天比较。\n"
                    "- The reminder service is down today.\n")
    assert _time_words(text) == [11]


def test_a_how_to_s_steps_still_say_how_things_stand():
    text = _RULE + ("Sieve the slip once.\n\n"
                    "**How to apply:** before every glaze day:\n"
                    "1. Check the sieve for tears.\n"
                    "2. Pour through it once (currently only the 60 mesh, the 80 is cracked).\n")
    assert _time_words(text) == [10]
