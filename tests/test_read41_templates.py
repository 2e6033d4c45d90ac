"""Stop 47 second read: a list of autolinks (<https://…>) is a reference, not a form never filled."""
from __future__ import annotations


def test_a_list_of_autolinks_is_no_template():
    # a reference file of links written <https://…> read as a form never filled: drop (triage) and
    # no status finding (cline)
    from tui.core.judging.blanks import unfilled
    from tui.core.judging.blanks import template_only
    body = ("## Stripe\n- <https://docs.stripe.com/api/checkout/sessions>\n\n## Tailwind\n"
            "- <https://tailwindcss.com/docs/theme>\n\n## Supabase\n- <https://supabase.com/docs/guides/auth>\n\n"
            "## Support\n- <mailto:help@example.org>\n")
    assert template_only(body) is None
    assert not unfilled(body)


def test_a_template_still_found():
    from tui.core.judging.blanks import unfilled
    from tui.core.judging.blanks import template_only
    body = "## Focus\n- <fill in the focus>\n\n## Next\n- (next task 1)\n- (next task 2)\n\n## Decisions\n- [decision 1]\n"
    assert template_only(body) == "- <fill in the focus>"
    assert unfilled(body)


def test_the_audit_and_triage_read_one_form_alike():
    # a status file's title says what the file is for and a closing note asks to keep it up to date:
    # the audit (no work in progress) and triage (drop) once read this form in two ways and disagreed
    from tui.core.judging.blanks import template_only, unfilled
    form = ("# activeContext.md\n\nThis file records the current focus and the next steps.\n\n"
            "## Current focus\n(what is being worked on)\n\n## Recent changes\n- (change 1)\n- (change 2)\n\n"
            "## Next steps\n- [next task 1]\n- [next task 2]\n\n## Notes\nKeep this file up to date.\n")
    assert template_only(form) == "(what is being worked on)" and unfilled(form)
    half = ("# techContext\n\n## Stack\n- Python 3.12, FastAPI\n\n## Tools\n- uv, ruff\n\n## Constraints\n"
            "- answers within 300 ms\n\n## Dependencies\n- (dependency 1)\n\n## Notes\n- TBD\n\n## Links\n- (link)\n")
    assert template_only(half) is None and not unfilled(half)   # three sections hold: no form
