"""Stop 47 second read: a triage reason quotes the owner's line ('line 6 reports where work stood:
…'); an audit never shows a person's e-mail address or phone number, and a reason must not either."""
from __future__ import annotations

from tui.core.reports.triage_shape import quote


def test_a_quoted_line_shows_no_mailbox_and_no_phone():
    q = quote("Current focus: fixing the mail config for jane.doe@gmail.com, phone +49 151 2839465", 20)
    assert "jane.doe" not in q and "gmail" not in q
    assert "2839465" not in q
    assert q.startswith("Current focus: fixing the mail config for")


def test_a_quoted_line_keeps_its_dates_and_numbers():
    assert quote("Deploy 2026-03-15: pool size 10, timeout 30 s") == "Deploy 2026-03-15: pool size 10, timeout 30 s"
