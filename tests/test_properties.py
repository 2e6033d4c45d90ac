"""Property-based tests: no input raises, and the engine's promises hold for any input.

Arbitrary bytes as a memory file, arbitrary frontmatter, arbitrary prompts, arbitrary
paths and anchors; invariants: a score-0 entry is never injected, the count and character
limits are never exceeded, a broken or unsafe anchor is never injected, no path outside
the root is ever opened, and no output contains an 8-character piece of a secret.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import NOW, SAMPLE

from tui.core.judging.anchors import AnchorChecker
from tui.core.reading.entry import read_entry
from tui.core.snapshots.memory import Snapshot
from tui.core.secrets.assign import looks_placeholder
from tui.core.secrets.detect import find_secrets, redact
from tui.core.engine.select import Engine

pytestmark = pytest.mark.slow
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
_ENGINE: list = []


def engine() -> Engine:
    if not _ENGINE:
        _ENGINE.append(Engine.from_memory(Snapshot.load(SAMPLE / "memory", SAMPLE / "project", NOW)))
    return _ENGINE[0]


@SETTINGS
@given(st.binary(max_size=4000))
def test_any_bytes_parse_without_raising(data):
    e = read_entry(Path("/nonexistent/x.md"), "x.md", 1, len(data), data=data)
    assert e.error is None or isinstance(e.error, str)


_KEY = st.sampled_from(["name", "description", "type", "source", "created", "updated", "paths", "keywords",
                        "anchor", "metadata", "date", "modified", "x"])
_VALUE = st.one_of(st.text(max_size=40), st.integers(), st.lists(st.text(max_size=10), max_size=3),
                   st.just("[unclosed"), st.just("a: b: c"), st.just("2026-13-45"), st.just("&a [*a]"))


@SETTINGS
@given(st.lists(st.tuples(_KEY, _VALUE), max_size=8), st.text(max_size=300))
def test_any_frontmatter_parses_without_raising(fields, body):
    yaml = "\n".join(f"{k}: {v}" for k, v in fields)
    data = f"---\n{yaml}\n---\n{body}".encode("utf-8", "surrogatepass")
    read_entry(Path("/nonexistent/x.md"), "x.md", 1, len(data), data=data)


@SETTINGS
@given(st.text(max_size=300), st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=3000))
def test_any_prompt_keeps_the_engines_promises(query, count, chars):
    d = engine().decide(query, count, chars)
    assert len(d.injected) <= count and d.chars <= chars
    assert all(c.score > 0 for c in d.injected)
    status = engine().status
    assert all(status[c.id].anchor not in ("broken", "unsafe") for c in d.injected)


_SEGMENT = st.sampled_from(["..", ".", "src", "a b", "%2e%2e", "..%2f", "~", "", "\\", "/etc", "C:", "x.ts",
                            "link-out", "\x00", "ü", "//"])


@SETTINGS
@given(st.lists(_SEGMENT, min_size=1, max_size=6), st.text(max_size=30))
def test_no_path_or_anchor_opens_anything_outside_the_root(tmp_path_factory, parts, quote):
    root = tmp_path_factory.mktemp("root")
    (root / "src").mkdir(exist_ok=True)
    outside = root.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.txt").write_text("TOPSECRET")
    link = root / "link-out"
    if not link.exists():
        os.symlink(outside, link)
    raw = "/".join(parts)
    checker = AnchorChecker(root)
    c = checker.confine(raw)
    real_root = os.path.realpath(root)
    if c.path is not None:
        real = os.path.realpath(c.path)
        assert real == real_root or real.startswith(real_root + os.sep), raw
    from tui.core.reading.entry import Anchor
    r = checker.check(Anchor(raw, quote or None))
    assert r.status in ("verified", "broken", "unsafe")
    assert "TOPSECRET" not in (r.detail or "")


_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_SHAPES = [lambda r: "ghp_" + "".join(r.choice(_ALNUM) for _ in range(36)),
           lambda r: "AKIA" + "".join(r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16)),
           lambda r: "sk_live_" + "".join(r.choice(_ALNUM) for _ in range(24)),
           lambda r: "xoxb-" + "".join(r.choice("0123456789") for _ in range(12)) + "-" +
           "".join(r.choice(_ALNUM) for _ in range(24))]
_WRAP = ["{s}", "token: {s}", 'API_KEY="{s}"', "`{s}`", "see {s}.", "{s}/{s}", "<k>{s}</k>", "x={s}&y=1"]


@SETTINGS
@given(st.integers(0, len(_SHAPES) - 1), st.integers(0, 2**32), st.sampled_from(_WRAP), st.text(max_size=60),
       st.text(max_size=60))
def test_no_redacted_output_holds_a_piece_of_a_secret(shape, seed, wrap, before, after):
    rng = random.Random(seed)   # drawn by hypothesis: a failure replays exactly
    secret = _SHAPES[shape](rng)
    while looks_placeholder(secret):   # a draw that spells FAKE or EXAMPLE reads as a placeholder by design
        secret = _SHAPES[shape](rng)
    text = before + " " + wrap.replace("{s}", secret) + " " + after
    out = redact(text)
    pieces = {secret[i:i + 8] for i in range(len(secret) - 7)}
    assert not any(p in out for p in pieces), (text, out)
    assert find_secrets(text)


@SETTINGS
@given(st.text(alphabet="ab/._-:1`'\"()[]{}<>|,;*!? \n", max_size=120))
def test_the_mention_scan_finds_what_the_plain_pattern_finds(text):
    """The look-behind in mentions._CANDIDATE is there for speed only: same matches as without it."""
    import re
    from tui.core.mentions import _CANDIDATE
    plain = re.compile(r"[^\s`'\"()<>\[\]{}|,;*!?]*[/.][\w.][^\s`'\"()<>{}|,;*!?]*")
    assert [m.span() for m in _CANDIDATE.finditer(text)] == [m.span() for m in plain.finditer(text)]


_AFTER_PARTS = ["is", "was", "str", "string", "String", "val", "var", "=", "==", ":", "::=", "+=", "->", "=>", ",",
                "(", ">", "'", '"', "`", "@", "\\", "[]", "&str", " ", "\t", "\n", "a", "Ab", "x9", "abcdefgh",
                "ABCDEFGH12345678", "/", "_", "-", "+", "."]


@settings(max_examples=3000, deadline=None)   # cheap examples; the rare orders need many
@given(st.sampled_from(["", " ", "  ", "\t", " \t"]), st.lists(st.sampled_from(_AFTER_PARTS), max_size=8))
def test_the_prose_shortcut_never_skips_an_assignment(space, parts):
    """secret_assign._prose_after only spares the _AFTER match where it could not match."""
    from tui.core.secrets.assign import _AFTER, _prose_after
    text = "token" + space + "".join(parts)
    if _prose_after(text, 5):
        assert _AFTER.match(text, 5) is None, text


_CLAIM_PARTS = ["Use ", "use ", "always use ", "ALWAYS USE ", "never use ", "Don't use ", "dont add ", "do not ", "avoid ",
                "prefer ", "switched to ", "migrated to ", "we use ", "must not use ", "stop using ", "no longer use ",
                "pnpm", "yarn", "node 20", "Python 3.12", "port 8080", ". ", "; ", "\n", "- ", "* ", "the ", "x"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_CLAIM_PARTS), max_size=10))
def test_the_claim_gates_skip_no_claim(parts):
    """crossfile.claims runs each rule only when its phrases are there: the same claims as
    running every rule."""
    from tui.core.judging import crossfile as C
    text = "".join(parts)
    out = []
    for rx, value in ((C._ALWAYS, "always"), (C._NEVER, "never")):
        for m in rx.finditer(text):
            tool = m.group(1).lower().rstrip(".,;:")
            if tool not in C._COMMON and len(tool) >= 2:
                out.append((f"use {tool}", value, m.start(), m.group(0)))
    # (a rule's value carries its scope after '@' since stop 35: the rule is what is compared here)
    got = [(c[0], c[1].partition("@")[0], *c[2:]) for c in C.claims(text) if c[1].partition("@")[0] in ("always", "never")]
    assert got == out, text


@SETTINGS
@given(st.text(alphabet="ab c\nA_é1.-", max_size=60))
def test_the_shingle_hashes_are_those_of_the_shingles(text):
    """An entry's whole hashes (passages.read, C-level maps) are those of its word 3-grams: the
    crc32 of each 3-gram's words joined by one space, sorted; under three words, the crc32 of what
    there is. Its passages' hashes are those of their own tokens' 3-grams, however they were read
    (a plain passage's taken from the whole's, a passage with one run left out from either side)."""
    import re
    import types
    import zlib
    from tui.core.judging.passages import gram_hashes, read
    words = re.findall(r"\w+", text.lower())
    e = types.SimpleNamespace(body=text, body_line=1)
    whole = read(e)[0]
    if len(text.split()) < 4:
        assert whole is None
    elif len(words) < 3:
        assert whole == ((zlib.crc32(" ".join(words).encode()),) if words else ())
    else:
        assert whole == tuple(sorted({zlib.crc32(" ".join(g).encode()) for g in zip(words, words[1:], words[2:])}))
    assert gram_hashes(words) == tuple(sorted({zlib.crc32(" ".join(g).encode()) for g in zip(words, words[1:], words[2:])}))


@SETTINGS
@given(st.lists(st.sampled_from(["a", "b", "c"]), max_size=14))
def test_the_in_code_shingle_set_is_that_of_the_shingles(words):
    """gates._shingle_set (zip, in C) holds exactly the keys of gates._shingles."""
    from tui.core.judging.gates import _shingle_set, _shingles
    assert _shingle_set(words) == set(_shingles(words))


def _hint_pieces() -> list[str]:
    from tui.core import hints
    from tui.core.judging import sensitive, wording  # noqa: F401 (they register their words)
    words = sorted(hints._WORDS)
    return words + [w[:k] for w in words for k in (2, 4) if len(w) > k] + [w[-3:] for w in words] + [" ", "x", "-", "'"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_hint_pieces()), max_size=12))
def test_the_shared_hint_pass_finds_every_word_a_substring_test_finds(parts):
    """hints.present (one trie pass) gives exactly the registered words that `in` finds."""
    from tui.core import hints
    low = "".join(parts)
    assert hints.present(low) == {w for w in hints._WORDS if w in low}, low


def _other_pieces() -> list[str]:
    from tui.core.judging import sensitive, wording
    words = sensitive._OTHER_WORDS + wording._OTHER_HINTS
    return words + [w[:k] for w in words for k in (1, 3) if len(w) > k] + [w[-2:] for w in words] + [" ", "—", "x"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_other_pieces()), max_size=10))
def test_the_non_ascii_hint_finders_find_every_word_a_substring_test_finds(parts):
    """hints.finder (only the words whose first non-ASCII letter the text holds) gives exactly
    the words that `in` finds."""
    from tui.core.judging import sensitive, wording
    low = "".join(parts)
    for words, find in ((sensitive._OTHER_WORDS, sensitive._OTHER_PRESENT), (wording._OTHER_HINTS, wording._OTHER_PRESENT)):
        assert sorted(find(low)) == [w for w in words if w in low], low


def _keyword_pieces() -> list[str]:
    from tui.core.secrets.assign import PROVIDER_WORDS
    from tui.core.secrets.detect import _RULES_OF
    words = sorted(set(_RULES_OF) | set(PROVIDER_WORDS))
    return words + [w[:k] for w in words for k in (1, 3) if len(w) > k] + ["_", " ", "x", "9"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_keyword_pieces()), max_size=10))
def test_a_trie_of_the_keywords_finds_what_their_alternation_finds(parts):
    """The secret catalog's keyword and provider regexes are tries (hints.trie_pattern): the same
    matches as the alternation of the words, longest first."""
    import re
    from tui.core.secrets.assign import PROVIDER_WORDS, _PROVIDER_RX
    from tui.core.secrets.detect import _KEYWORD_RX, _RULES_OF
    text = "".join(parts)
    for words, rx in ((_RULES_OF, _KEYWORD_RX), (PROVIDER_WORDS, _PROVIDER_RX)):
        flat = re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))
        assert [m.span() for m in rx.finditer(text)] == [m.span() for m in flat.finditer(text)], text


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(["Bearer ", "token ", "Token: ", "api-key ", "abcdefghij", "ABCDEFGHIJ", "0123456789",
                                 "-._~+/", "==", " ", "\n", "ſ", "K", "é"]), max_size=10))
def test_the_bearer_gate_skips_no_bearer_token(parts):
    """secrets._find tries _BEARER in ASCII text only when a _RUN of 20 is there: every text
    _BEARER matches has one."""
    from tui.core.secrets.detect import _BEARER, _RUN
    text = "".join(parts)
    if text.isascii() and _BEARER.search(text):
        assert any(m.end() - m.start() >= 20 for m in _RUN.finditer(text.lower())), text
