"""The secret scan's shortcuts find exactly what the plain scans find (speed only)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.hints import starting_at as _starting_at
from tui.core.secrets.assign import CORE_ANCHORS
from tui.core.secrets.detect import _AS_THE_HINT, _ASCII_ANCHORS, _BEARER, _BEARER_STARTS, _PAIR, _PAIR_STARTS

# what the one-pass hint replaced: each closing quote before each word, tested with ``in``
_AS_THE_HINTS = tuple(q + w for q in "`'\"" for w in (" as ", " is ", " for "))

# pieces a login/password pair is made of, and near misses (case, words inside words, 'ſ', 'K')
PIECES = ["login", "LOG-IN", "Log in", "credentials", "creds", "user", "Username", "account", "sign-in", "signin",
          "sign in", "blogin", "users", "password", "the password is", " / ", ": ", ", ", " and ", " with ",
          "`", "'", '"', "adm1n", "s3cr3t-Pass", "hunter22", " ", "\n", "x", "uſer", "Kaccount", "é",
          "Bearer", "bearer", "TOKEN", "token", "tokens", "Api-Key", "api-keys", "\t", "eyJhbGciOiJIUzI1NiJ9.abcDEF0123456789xyz",
          "Zx9-Q2_w8.e~R+t/Y0uI3oP5aS=", "==", " as ", " is ", " for ", "as", "is", "for"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_the_shortcuts_find_what_the_full_scans_find(parts):
    text = "".join(parts)
    low = text.lower()
    if len(low) != len(text):
        return   # _find never asks then
    assert [m.span(2) for m in _starting_at(_PAIR, _PAIR_STARTS, text, low)] == \
        [m.span(2) for m in _PAIR.finditer(text)]
    assert [m.span(1) for m in _starting_at(_BEARER, _BEARER_STARTS, text, low)] == \
        [m.span(1) for m in _BEARER.finditer(text)]
    assert (_AS_THE_HINT.search(text) is not None) == any(h in text for h in _AS_THE_HINTS)


def test_ascii_anchors_keep_the_order():
    assert _ASCII_ANCHORS == tuple(w for w in CORE_ANCHORS if w.isascii())
    assert all(not w.isascii() for w in CORE_ANCHORS if w not in _ASCII_ANCHORS)
