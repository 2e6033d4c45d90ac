"""Secrets, matched by shape (SPEC §5), and the one redaction every output uses.

Three passes over a text, each cheap to skip:

1. the catalog's self-announcing tokens (``rules.TOKENS``), tried only when one of their keywords is in the text;
2. credentials in fixed syntaxes: passwords inside URLs, ``curl -u user:pass``, ``Authorization: Basic/Bearer …``,
   a Kubernetes Secret's ``data:``, a login and password as a pair in prose (``logins``), a password after its
   label in any language or on a command line (``prose``);
3. assignments in every syntax people paste (``KEY=…``, ``key: …``, JSON, YAML blocks,
   XML elements and attributes, Go/Kotlin/Java/C#/PHP/Make/PowerShell, function calls):
   a provider's key when the name names the provider (``rules.PROVIDERS``), else a
   generic secret when the name is key-like *and* the value itself looks random. The name
   alone never makes a secret: "keep the key in OPENAI_API_KEY" is a good memory.

Nothing here returns a secret's text: a hit carries the rule, the span, a public prefix of
at most 6 characters (so no 8-character piece is ever shown) and the length.
"""
from __future__ import annotations

import base64
import functools
import re
from dataclasses import dataclass

from ..hints import starting_at, trie_pattern
from .assign import (_PROVIDER_RX, CORE_ANCHORS, PROVIDER_WORDS, assignments,  # noqa: F401 (re-exported)
                            entropy, judge_value, keylike_name, looks_placeholder, provider_rule, random_enough)
from .kube import kubernetes_values
from .logins import after_a_login, login_pairs
from .labels import app_passwords, chosen_name, labels_a_key, listed, named_later, passphrase, values_below
from .prose import prose_credentials
from .grade import alike, code_name, grade, plain_base64, never_a_value, provider_shaped, public_by_design, random_by_measure, url_level
from .rules import TOKENS, wordy
from ..textutil import lazy_re

PREFIX_MAX = 6


@dataclass(frozen=True)
class SecretHit:
    rule: str
    start: int
    end: int
    prefix: str       # public, at most PREFIX_MAX characters
    length: int
    title: str
    confidence: str = "high"   # "possible": a short or word-like value after a password-like name

    def mask(self) -> str:
        shown = f"{self.prefix}…" if self.prefix else ""
        return f"[{self.rule} {shown}{self.length} chars redacted]"


# -- the pass-2 shapes: a URL's password (the user may be empty: redis://:pass@host) -------------------
_URL_CREDS = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://[^\s:/@\"'`<>]{0,64}:([^\s/@\"'`<>]{3,128})@[A-Za-z0-9.\-_\[\]]+")
_BASIC = re.compile(r"(?i)\bBasic\s+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])")
_BEARER = lazy_re(r"(?i)\b(?:Bearer|Token|Api-Key)\s+([A-Za-z0-9\-._~+/]{20,}=*)(?![A-Za-z0-9\-._~+/=])")
# -u user:pass, -u "user:pass", -u ":pass", -u "pass:" (an empty side), --user name:'pass'
_CURL_USER = re.compile(r"""(?:^|\s)(?:-u|--user)(?:\s+|=)(?:"([^"\n]{4,200})"|'([^'\n]{4,200})'|"""
                        r"""([^\s"':]{1,64}):["']?([^\s"']{3,128})["']?)""")
_PAIR = lazy_re(r"(?i)\b(?:login|log-in|credentials?|creds|user(?:name)?|account|sign[ -]?in)\b[^\n`'\"]{0,40}"
                   r"[`'\"]([^`'\"\s]{2,64})[`'\"]\s*(?:/|:|,|and|with)\s*(?:(?:the\s+)?(?:password|pass|pwd|pw)\s*(?:is\s*)?[:=]?\s*)?"
                   r"[`'\"]([^`'\"\s]{4,128})[`'\"]")
# a quoted value compared with a key-like name: "s3cr3t…" == password
_COMPARED = re.compile(r"""(["'`])([^"'`\s]{6,200})\1[ \t]*[!=]==?[ \t]*([A-Za-z_$][\w.$]{0,60})""")
# a quoted value, then the name it is: "use `…` as the deploy_token"
_AS_THE = re.compile(r"""[`'"]([^`'"\s]{8,200})[`'"][ \t]+(?:as|is|for)[ \t]+(?:(?:the|our|my|a|an)[ \t]+)?([\w.-]{3,60}(?:[ \t][\w.-]{3,30})?)""")
# a closing quote, then the word: the hint that _AS_THE may match, in one pass
_AS_THE_HINT = re.compile(r"""[`'"] (?:as|is|for) """)
# a quoted string of base64 that reads random (detect-secrets' high-entropy strings), when no name
# before it says what it is: "…": 32+ characters, both cases and a digit, 4.5 bits a character
_QUOTED_B64 = re.compile(r"""(?<![\w\\])(["'])([A-Za-z0-9+/_-]{32,300}={0,2})\1""")
_NAMED_BEFORE = re.compile(r"""([A-Za-z_][\w.-]{0,60})["'\]]?[ \t]*(?::|=|=>|:=)[ \t]*$""")
_WHAT_IT_IS = re.compile(r"(?i)(?:^|[_.-])(?:ids?|hash|digest|checksum|sha\d*|md5|etag|integrity|fingerprint|commit|rev|"
                         r"revision|version|uuid|guid|url|uri|path|slug|file|name|key_?id)$|[a-z](?:Id|Hash|Digest|Url|Path)$")
_WEAK = {"password", "pass", "passwd", "pwd", "secret", "token", "user", "username", "pw", "changeme", "example",
         "none", "null", "admin", "root", "guest"}


# Which rules to try: each rule's keywords are tested as substrings of the text's long
# mixed runs only (a few dozen characters), not of the whole text; a keyword holding a
# space (a PEM header) is tested against the whole text.
_TOKEN_KEYWORDS = [(k, i) for i, r in enumerate(TOKENS) for k in r.keywords]
_RULES_OF: dict[str, list[int]] = {}
for _k, _i in _TOKEN_KEYWORDS:
    _RULES_OF.setdefault(_k, []).append(_i)
_KEYWORD_RX = lazy_re(lambda: trie_pattern(_RULES_OF))   # the longest keyword at each place
_SPACED = [(k, i) for k, i in _TOKEN_KEYWORDS if " " in k]
# a provider's name right before a long run may name a key that has no key-like word
# ("ADAFRUIT_IO=…", "BUNDLE_GEMS__CONTRIBSYS__COM: …"): assign._PROVIDER_RX


_QUICK = re.compile(r"[^\s]{6,}")
_RUN = re.compile(r"[a-z0-9_\-+/=.~:|]{14,}")
_MIXED = re.compile(r"[0-9_\-=|~+]")
_CAPS = re.compile(r"[A-Z][^a-z]*[A-Z]")   # two capitals with no lower case between: AKIAVSGCLCYF…


def might_hold_secret(text: str) -> bool:
    """False means surely no secret (no run of six non-space characters); True: look closer."""
    return _QUICK.search(text) is not None


def find_secrets(text: str) -> list[SecretHit]:
    """Every secret in ``text``, by shape, without overlaps, in order."""
    if not text or _QUICK.search(text) is None:
        return []
    return list(_find_cached(text))


# the audit, the status and redaction ask about the same texts: one scan per text per process, and
# a file's hits come from the parse cache when it did not change (``seed``)
_MEMO: dict[str, tuple[SecretHit, ...]] = {}
_MEMO_MAX = 60_000


def _find_cached(text: str) -> tuple[SecretHit, ...]:
    hits = _MEMO.get(text)
    if hits is None:
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        hits = _MEMO[text] = tuple(_find(text))
    return hits


def seed(text: str, hits: tuple[SecretHit, ...]) -> None:
    """What an earlier run found in ``text`` (from the parse cache): not scanned again."""
    if len(_MEMO) < _MEMO_MAX:
        _MEMO[text] = hits


def known(text: str) -> tuple[SecretHit, ...] | None:
    """The hits already found in ``text`` in this process, if it was scanned."""
    return _MEMO.get(text)


def _find(text: str) -> list[SecretHit]:
    low = text.lower()
    if len(low) != len(text):   # lower() changed lengths (rare Unicode): positions must not drift
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    hits: list[SecretHit] = []
    taken: list[tuple[int, int]] = []

    def add(rule: str, title: str, start: int, end: int, shown: int = 0, confidence: str = "high") -> None:
        if start >= end or any(s < end and start < e for s, e in taken):
            return
        hits.append(SecretHit(rule, start, end, text[start:start + min(shown, PREFIX_MAX)], end - start, title,
                              confidence))
        taken.append((start, end))

    def graded(rule: str, title: str, start: int, end: int, name: str | None) -> None:
        """A generic rule's value: kept as sure or possible by its measure, or dropped (secrets/grade)."""
        sure = grade(text[start:end], name)
        if sure is not None:
            add(*provider_shaped(rule, title, text[start:end], sure, name), start, end, confidence=sure)

    # a token lives in a long run of its alphabet holding a digit or a separator: try the
    # catalog only on such runs (plain words and bare paths never hold one)
    every_run = list(_RUN.finditer(low))
    long_runs = [m for m in every_run if _MIXED.search(m.group()) or _CAPS.search(text, m.start(), m.end())]
    runs = " ".join(m.group() for m in long_runs)
    wanted = {i for k in set(_KEYWORD_RX.findall(runs)) for i in _RULES_OF[k]} if runs else set()
    wanted.update(i for k, i in _SPACED if k in low)
    for i in sorted(wanted):
        rule = TOKENS[i]
        group = 1 if rule.pattern.groups else 0
        for m in rule.pattern.finditer(text):
            start, end = m.span(group)
            value = m.group(group)
            if rule.entropy and not random_enough(value[rule.shown:] or value, rule.entropy):
                continue
            if rule.not_words and wordy(value[rule.shown:]):
                continue
            if public_by_design(value):
                continue   # the Azure storage emulator's documented key
            add(rule.id, rule.title, start, end, rule.shown)
    if "://" in text:
        for m in _URL_CREDS.finditer(text):
            v = m.group(1)
            if not _stand_in(v) and not never_a_value(v, words=False) and (level := url_level(m.group(0), v)):
                add("url-credentials", "password inside a URL", *m.span(1), confidence=level)
    if "basic" in low:
        for m in _BASIC.finditer(text):
            if random_enough(m.group(1), 3.0):
                add("basic-auth", "HTTP Basic credentials", *m.span(1),
                    confidence="high" if random_by_measure(m.group(1)) else "possible")
    # a bearer value is 20 characters of an alphabet inside _RUN's: only a run that long can hold
    # one (in ASCII text: elsewhere re.I also matches 'ſ' for s and 'K' for k)
    if ("bearer" in low or "token " in low or "api-key" in low) and \
            (not text.isascii() or any(m.end() - m.start() >= 20 for m in every_run)):
        for m in starting_at(_BEARER, _BEARER_STARTS, text, low):
            if random_enough(m.group(1), 3.3):
                graded("bearer-token", "bearer token", *m.span(1), "bearer")
    if "-u" in low:
        for m in _CURL_USER.finditer(text):
            g = next(i for i in (1, 2, 4) if m.group(i) is not None)
            start, end = m.span(g)
            if g in (1, 2):   # quoted "user:pass": the password side, or the one side given
                value = m.group(g)
                if ":" not in value:
                    continue
                user, _, pw = value.partition(":")
                if pw:
                    start = m.start(g) + len(user) + 1
                else:
                    end = start + len(user)
            v = text[start:end]
            if len(v) < 3 or _stand_in(v) or any(c in v for c in "<>[]"):
                continue
            graded("curl-user", "credentials in curl -u", start, end, "password")
    if "data:" in low and "secret" in low:
        kubernetes_values(text, add)
    anchors = list(filter(low.__contains__, _ASCII_ANCHORS if text.isascii() else CORE_ANCHORS))
    if long_runs:
        near = " ".join(low[max(0, m.start() - 40):m.end()] for m in long_runs)
        named = _PROVIDER_RX.findall(near)   # a trie: half the time of testing the 87 words with `in`
        if named:
            anchors += sorted(set(named) - set(anchors))
    for name, vstart, vend, how in assignments(text, low, anchors, _judged_name):
        value = text[vstart:vend]
        name_low = name.lower()
        rule = provider_rule(name_low, value)
        # ten digits carry at most 3.3 bits a character; 16 random ones fall under 2.5 one time in 20
        if rule is not None and random_enough(value, min(rule.entropy, 2.2) if value.isdigit() else rule.entropy):
            if not never_a_value(value, words=False):
                add(rule.id, rule.title, vstart, vend)
        elif name_low == "pass" and after_a_login(text, vstart, name):
            # "user: shopsync pass: …": 'pass' is a password's label beside a login; only a value made
            # as passwords are (three classes, eight characters or more) is one ("pass: yes" is prose)
            if grade(value, "password") == "high" and not never_a_value(value, words=False):
                add("generic-secret", "a password after a login", vstart, vend)
        elif keylike_name(name_low, name) and (judge_value(value, name_low, how) or _wrapped_secret(value)):
            graded("generic-secret", "secret-looking value assigned to a key-like name", vstart, vend, name)
        elif how in ("quoted", "unquoted") and chosen_name(name) and keylike_name(name_low, name) and passphrase(value) and not listed(text, vstart):
            add("generic-secret", "a passphrase assigned to a password's or a secret's name", vstart, vend, confidence="possible")
    if "\n" in text and anchors and (any(map(low.__contains__, _CHOSEN_WORDS)) or labels_a_key(low)):
        for name, vstart, vend in values_below(text, low):   # a key's or a token's: generated, or not one
            v = text[vstart:vend]
            sure = grade(v, name) if chosen_name(name) else "high" if random_by_measure(v) and not never_a_value(v) else None
            if sure is None and passphrase(v, alone=True) and keylike_name(name.lower(), name):
                sure = "possible"
            if sure is not None:
                add("generic-secret", "a value on the line under its name", vstart, vend, confidence=sure)
    if long_runs:   # "SHOP_REFRESH_TOKEN is not updated yet → set it to `…`": only a value that announces itself
        for name, vstart, vend in named_later(text):
            v = text[vstart:vend]
            if grade(v, name) == "high":
                rule, title = provider_shaped("generic-secret", "", v, "high", name)
                if rule != "generic-secret":
                    add(rule, title, vstart, vend)
    prose_credentials(text, low, add)   # "비밀번호 …", "senha: …", sshpass -p …, echo '…' | sudo -S
    for vstart, vend in app_passwords(text, low):
        add("app-password", "an app password", vstart, vend)
    if "==" in text:
        for m in _COMPARED.finditer(text):
            name = m.group(3)
            if keylike_name(name.lower(), name) and judge_value(m.group(2), name.lower(), "quoted"):
                graded("generic-secret", "secret-looking value compared with a key-like name", *m.span(2), name)
    if long_runs and _AS_THE_HINT.search(text) is not None:
        for m in _AS_THE.finditer(text):
            value, name = m.group(1), m.group(2)
            rule = provider_rule(name.lower(), value)
            if rule is not None and random_enough(value, rule.entropy):
                if not never_a_value(value, words=False):
                    add(rule.id, rule.title, *m.span(1))
            elif keylike_name(name.lower(), name) and judge_value(value, name.lower(), "unquoted"):
                graded("generic-secret", "secret-looking value named as a key-like thing", *m.span(1), name)
    # 32 characters of base64 with a digit lie in a long run of 32 (most texts have none)
    if ('"' in text or "'" in text) and len(runs) >= 32 and any(m.end() - m.start() >= 32 for m in long_runs):
        for m in _QUOTED_B64.finditer(text):
            _quoted_random(text, m, add)
    # a login and a password both quoted: four quote marks at least ("type: user" alone has none)
    if ("pass" in low or "login" in low or "cred" in low or "user" in low) and \
            text.count("`") + text.count("'") + text.count('"') >= 4:
        for m in starting_at(_PAIR, _PAIR_STARTS, text, low):
            v = m.group(2)
            if not _stand_in(v) and not alike(m.group(1), v) and not code_name(v):
                graded("login-password", "a login and its password", *m.span(2), "password")
    for start, end, typed in login_pairs(text, low):   # unquoted, in prose: a value random by measure is
        sure = grade(text[start:end], "password") == "high" and not never_a_value(text[start:end])   # sure,
        if sure or typed:   # a seeded login's (admin/admin2025) worth a look
            add("login-password", "a login and its password", start, end, confidence="high" if sure else "possible")
    hits.sort(key=lambda h: h.start)
    return hits


# a value under its name is looked for where a password's or a secret's name is, or a line labels a key (rare)
_CHOSEN_WORDS = ("passw", "pwd", "passphrase", "contrase", "secret", "senha")
# the anchor words an ASCII text can hold, in the same order (another script's "password" cannot be in it)
_ASCII_ANCHORS = tuple(w for w in CORE_ANCHORS if w.isascii())
# where a match of _PAIR or _BEARER can start: their first words (lower case), each a prefix of an alternative
_PAIR_STARTS = ("log", "cred", "user", "account", "sign")
_BEARER_STARTS = ("bearer", "token", "api-key")


@functools.lru_cache(maxsize=4096)   # the same few names ("token", "auth", "key") come back in every file
def _judged_name(name: str) -> bool:
    """Could a value of this name be a secret here? The loop above keeps a value only for a
    key-like name or one naming a provider, whatever the value."""
    low = name.lower()
    return keylike_name(low, name) or _PROVIDER_RX.search(low) is not None


def _quoted_random(text: str, m: re.Match, add) -> None:
    value = m.group(2)
    if not (any(c.islower() for c in value) and any(c.isupper() for c in value) and any(c.isdigit() for c in value)):
        return   # hex and single-case strings are hashes and ids far more often than keys
    if entropy(value) < 4.5 or looks_placeholder(value) or wordy(value) or \
            re.match(r"(?i)(?:sha\d+|md5)-|AAAA[A-Z0-9]3NzaC1", value):
        return   # a digest, an SSH public key's body
    line_start = text.rfind("\n", 0, m.start()) + 1
    before = text[line_start:m.start()].rstrip()
    if before and before[-1].isalnum():
        return   # spreadsheet "1Bxi…": prose names what it quotes
    named = _NAMED_BEFORE.search(text, line_start, m.start())
    if named and _WHAT_IT_IS.search(named.group(1)):
        return   # "commit": "…", fileId: "…": the name says it is not a key
    if plain_base64(value) or never_a_value(value):
        return   # base64 of plain words is an encoding, not a key; a public key (pk_live_…)
    add("high-entropy-string", "random-looking quoted string", *m.span(2))


def _stand_in(value: str) -> bool:
    """A value that stands in for a password rather than being one: a placeholder, a weak
    word, a variable ($X, %X%, {x})."""
    return looks_placeholder(value) or value.lower() in _WEAK or value.startswith(("$", "%", "{"))


def _wrapped_secret(value: str) -> bool:
    """A base64 value that decodes to text holding a secret (a token wrapped once)."""
    if len(value) < 16 or len(value) % 4 or not re.fullmatch(r"[A-Za-z0-9+/]+={0,2}", value):
        return False
    try:
        inner = base64.b64decode(value, validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return False
    return inner.isprintable() and bool(find_secrets(inner))


def redact(text: str, hits: list[SecretHit] | None = None) -> str:
    """``text`` with every secret replaced by its mask (rule, ≤6-char prefix, length). The one
    redaction: the TUI, the preview text, the hook's output and log, every finding."""
    hits = find_secrets(text) if hits is None else hits
    if not hits:
        return text
    out, pos = [], 0
    for h in hits:
        out.append(text[pos:h.start])
        out.append(h.mask())
        pos = h.end
    out.append(text[pos:])
    # the same secret written again in a shape not found (split by a '/', inside a file name) is
    # hidden too: no 8 characters of a secret are left anywhere in the text
    return scrub("".join(out), secret_pieces(text, hits))


def secret_pieces(text: str, hits: list[SecretHit] | None = None, n: int = 8) -> set[str]:
    """Every n-character piece of every secret in ``text``: what no output may contain."""
    hits = find_secrets(text) if hits is None else hits
    # a URL's scheme is no secret's material: "https://" would hide every other link
    return {p for h in hits for i in range(max(1, h.length - n + 1))
            if "://" not in (p := text[h.start + i:h.start + i + n])}


def scrub(s: str, pieces: set[str], n: int = 8) -> str:
    """``s`` with every stretch that shares an n-character piece with a secret replaced: the
    last guard for text quoted *next to* a secret (a "path" cut out of a key, a conflict's
    value), which redaction alone cannot see because the fragment no longer looks like one."""
    if not pieces or not s or len(s) < n:
        return s
    cover = bytearray(len(s))
    for i in range(len(s) - n + 1):
        if s[i:i + n] in pieces:
            cover[i:i + n] = b"\x01" * n
    if not any(cover):
        return s
    out, i = [], 0
    while i < len(s):
        if cover[i]:
            while i < len(s) and cover[i]:
                i += 1
            out.append("[secret]")
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def blank_secrets(text: str) -> str:
    """``text`` with each secret replaced by spaces: what matching and tokenising may see."""
    hits = find_secrets(text)
    if not hits:
        return text
    chars = list(text)
    for h in hits:
        chars[h.start:h.end] = " " * h.length
    return "".join(chars)
