"""Stop 47 second read: a list of autolinks (<https://…>) is a reference, not a form never filled."""
from __future__ import annotations


def test_a_list_of_autolinks_is_no_template():
    # a reference file of links written <https://…> read as a form never filled: drop (triage) and
    # no status finding (cline)
    from tui.core.judging.blanks import unfilled
    from tui.core.reports.triage_template import template_only
    body = ("## Stripe\n- <https://docs.stripe.com/api/checkout/sessions>\n\n## Tailwind\n"
            "- <https://tailwindcss.com/docs/theme>\n\n## Supabase\n- <https://supabase.com/docs/guides/auth>\n\n"
            "## Support\n- <mailto:help@example.org>\n")
    assert template_only(body) is None
    assert not unfilled(body)


def test_a_template_still_found():
    from tui.core.judging.blanks import unfilled
    from tui.core.reports.triage_template import template_only
    body = "## Focus\n- <fill in the focus>\n\n## Next\n- (next task 1)\n- (next task 2)\n\n## Decisions\n- [decision 1]\n"
    assert template_only(body) == "- <fill in the focus>"
    assert unfilled(body)
