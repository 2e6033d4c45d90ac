"""Stop 48 review (read48): readers of one long line that grew with its square, found with 50 KB lines."""
from __future__ import annotations

from conftest import growth, write


def test_login_pairs_of_one_long_line_grow_linearly():
    """Every login pair of a line searched the whole line up to it for a demo word (its label):
    a 48 KB line of 'login: ab/…' pairs took the audit 2 s, 96 KB 7 s."""
    from tui.core.secrets.logins import login_pairs

    def pairs(text):
        return list(login_pairs(text, text.lower()))
    row = "login: ab/bbbbbb1 "
    assert growth(pairs, row * 300, row * 2400, tries=5) < 28
    # what a pair is worth is unchanged: a demo label anywhere before it on its line, not after
    assert [t for *_, t in pairs("Test accounts: alice/Harbor42x, bob/Quay77xyz")] == [False, False]
    assert [t for *_, t in pairs("Accounts: alice/Harbor42x\nTest login: bob/Quay77xyz")] == [True, False]
    assert [t for *_, t in pairs("Demo: x. login: ops@host.io / Harbor42!")] == [True]
    assert [t for *_, t in pairs("Demo: x. login: tester/tester01")] == [False]

