"""The secret scan's shortcuts find exactly what the plain scans find (speed only)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.secrets.assign import CORE_ANCHORS
from tui.core.secrets.detect import _ASCII_ANCHORS, _PAIR, _pairs

# pieces a login/password pair is made of, and near misses (case, words inside words, 'ſ', 'K')
PIECES = ["login", "LOG-IN", "Log in", "credentials", "creds", "user", "Username", "account", "sign-in", "signin",
          "sign in", "blogin", "users", "password", "the password is", " / ", ": ", ", ", " and ", " with ",
          "`", "'", '"', "adm1n", "s3cr3t-Pass", "hunter22", " ", "\n", "x", "uſer", "Kaccount", "é"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_pairs_are_the_full_scans(parts):
    text = "".join(parts)
    low = text.lower()
    if len(low) != len(text):
        return   # _find never asks then
    assert [m.span(2) for m in _pairs(text, low)] == [m.span(2) for m in _PAIR.finditer(text)]


def test_ascii_anchors_keep_the_order():
    assert _ASCII_ANCHORS == tuple(w for w in CORE_ANCHORS if w.isascii())
    assert all(not w.isascii() for w in CORE_ANCHORS if w not in _ASCII_ANCHORS)
