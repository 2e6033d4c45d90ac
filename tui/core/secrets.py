"""Secrets, matched by shape (SPEC §5), and redaction that never echoes them.

A hit is a known token shape (prefix and alphabet), a private-key block, a
password inside a URL, or a random-looking value assigned to a key-like name.
Entropy is only ever a *second* test after a shape matched: on its own it flags
integrity hashes and commit SHAs, which score higher than real tokens.

Nothing here returns a secret's text: a hit carries the rule, the span, a short
public prefix (at most 6 characters, so no 8-character piece of the value can be
shown) and the length.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

PREFIX_MAX = 6


@dataclass(frozen=True)
class SecretHit:
    rule: str
    start: int
    end: int
    prefix: str       # public, at most PREFIX_MAX characters
    length: int
    title: str

    def mask(self) -> str:
        shown = f"{self.prefix}…" if self.prefix else ""
        return f"[{self.rule} {shown}{self.length} chars redacted]"


def entropy(s: str) -> float:
    """Shannon entropy in bits per character."""
    if not s:
        return 0.0
    counts: dict[str, int] = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_PLACEHOLDER = re.compile(
    r"(?i)(x{4,}|\*{3,}|\.{3}|…|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%\(?\w*\)?s|example|sample|dummy|placeholder|"
    r"your[_-]?|redacted|changeme|replace[_-]?me|fake|test[_-]?key|not[_-]?a[_-]?real|0{8,}|1234567890|abcdef(?:gh|12))")


def looks_placeholder(value: str) -> bool:
    if _PLACEHOLDER.search(value):
        return True
    core = re.sub(r"[^A-Za-z0-9]", "", value)
    return len(set(core)) <= 3 or bool(re.search(r"(.)\1{7,}", value))


def random_enough(value: str, min_entropy: float = 3.0) -> bool:
    """The second test: not a placeholder, and not a run of one character class pattern."""
    if looks_placeholder(value):
        return False
    return entropy(value) >= min_entropy


# (rule, title, pattern, group holding the secret (0 = whole), shown prefix, min entropy of the random part)
_E = r"(?![A-Za-z0-9_\-])"        # a token ends where its alphabet ends (',' '.' '，' end it too)
_B = r"(?<![A-Za-z0-9_\-])"
RULES: list[tuple[str, str, re.Pattern, int, int, float]] = [
    ("private-key", "private key block",
     re.compile(r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:\\[rn]|\s)*"
                r"(?:[A-Za-z0-9+/=:\- ,]|\\[rn]|\s){40,}?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?=[\"'`]|$))"),
     0, 0, 0.0),
    ("aws-access-key-id", "AWS access key id",
     re.compile(_B + r"((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})" + _E), 1, 4, 2.8),
    ("aws-secret-access-key", "AWS secret access key",
     re.compile(r"(?i)aws.{0,24}?(?:secret|private)[_\- ]?(?:access[_\- ]?)?key.{0,6}?[\s:=\"'`]+"
                r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"), 1, 0, 3.8),
    ("github-token", "GitHub token",
     re.compile(_B + r"((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{40,255})" + _E), 1, 4, 3.0),
    ("gitlab-token", "GitLab token", re.compile(_B + r"(glpat-[A-Za-z0-9_\-]{20,})" + _E), 1, 6, 3.0),
    ("slack-webhook", "Slack webhook URL",
     re.compile(r"(https://hooks\.slack\.com/(?:services|workflows)/T[A-Z0-9]{6,}/[A-Z0-9]{6,}/[A-Za-z0-9]{16,})"),
     1, 0, 3.0),
    ("slack-token", "Slack token", re.compile(_B + r"(xox[baprse]-[A-Za-z0-9\-]{10,})" + _E), 1, 5, 3.0),
    ("stripe-secret-key", "Stripe secret key",
     re.compile(_B + r"((?:sk|rk)_live_[A-Za-z0-9]{16,})" + _E), 1, 6, 3.0),
    ("anthropic-key", "Anthropic API key",
     re.compile(_B + r"(sk-ant-[A-Za-z0-9_\-]{20,})" + _E), 1, 6, 3.0),
    ("openai-key", "OpenAI API key",
     re.compile(_B + r"(sk-(?:proj-|svcacct-|admin-)?(?!ant-)[A-Za-z0-9_\-]{20,})" + _E), 1, 3, 3.2),
    ("google-api-key", "Google API key", re.compile(_B + r"(AIza[0-9A-Za-z_\-]{35})" + _E), 1, 4, 3.0),
    ("twilio-api-key", "Twilio API key", re.compile(_B + r"(SK[0-9a-f]{32})" + _E), 1, 2, 3.0),
    ("sendgrid-key", "SendGrid API key",
     re.compile(_B + r"(SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{30,64})" + _E), 1, 3, 3.0),
    ("npm-token", "npm token", re.compile(_B + r"(npm_[A-Za-z0-9]{36})" + _E), 1, 4, 3.0),
    ("pypi-token", "PyPI token", re.compile(_B + r"(pypi-[A-Za-z0-9_\-]{50,})" + _E), 1, 5, 3.0),
    ("huggingface-token", "Hugging Face token", re.compile(_B + r"(hf_[A-Za-z0-9]{30,})" + _E), 1, 3, 3.0),
    ("digitalocean-token", "DigitalOcean token",
     re.compile(_B + r"((?:dop|doo|dor)_v1_[a-f0-9]{64})" + _E), 1, 6, 3.0),
    ("azure-storage-key", "Azure storage account key",
     re.compile(r"AccountKey=([A-Za-z0-9+/]{40,}={0,2})"), 1, 0, 3.5),
    ("jwt", "JSON Web Token",
     re.compile(_B + r"(eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,})" + _E), 1, 3, 3.0),
    ("stripe-webhook-secret", "Stripe webhook signing secret",
     re.compile(_B + r"(whsec_[A-Za-z0-9]{24,})" + _E), 1, 6, 3.0),
    ("google-oauth-secret", "Google OAuth client secret",
     re.compile(_B + r"(GOCSPX-[A-Za-z0-9_\-]{24,})" + _E), 1, 6, 3.0),
    ("mailgun-key", "Mailgun API key", re.compile(_B + r"(key-[0-9a-f]{32})" + _E), 1, 4, 3.0),
    ("shopify-token", "Shopify access token", re.compile(_B + r"(shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32})" + _E), 1, 6, 3.0),
    ("databricks-token", "Databricks token", re.compile(_B + r"(dapi[a-f0-9]{32}(?:-\d)?)" + _E), 1, 4, 3.0),
    ("square-token", "Square access token", re.compile(_B + r"(sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,})" + _E), 1, 6, 3.0),
    ("telegram-bot-token", "Telegram bot token",
     re.compile(r"(?<![\w:])(\d{8,10}:AA[A-Za-z0-9_\-]{33})" + _E), 1, 0, 3.0),
    ("basic-auth", "HTTP Basic credentials",
     re.compile(r"(?i)\bBasic\s+([A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])"), 1, 0, 3.0),
    ("bearer-token", "bearer token",
     re.compile(r"(?i)\bBearer\s+([A-Za-z0-9\-._~+/]{24,}=*)(?![A-Za-z0-9\-._~+/=])"), 1, 0, 3.3),
    ("url-credentials", "password inside a URL",
     re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://[^\s:/@\"'`<>]{1,64}:([^\s/@\"'`<>]{3,128})@[A-Za-z0-9.\-_\[\]]+"),
     1, 0, 0.0),
]

# A name is key-like when it holds one of these (checked on the name alone, see _assignments).
_KEY_WORDS = (r"api[_\-.]?key|apikey|secret|token|passwd|password|pwd|"
              r"auth[_\-]?key|credential|access[_\-]?key|private[_\-]?key|client[_\-]?secret|signing[_\-]?key|"
              r"session[_\-]?key|encryption[_\-]?key|bearer")
_KEY_WORD = re.compile(f"(?i){_KEY_WORDS}")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
_DIGEST = re.compile(r"(?i)(?:sha1|sha256|sha384|sha512|md5|blake2b?)[:\-=]")
_ENV_REF = re.compile(r"^(?:\$\w+|\$\{\w+\}|%\w+%|process\.env\.\w+|os\.environ|env\(|getenv|[A-Z][A-Z0-9_]{2,})$")


_ANCHOR_WORDS = ("key", "secret", "token", "passw", "pwd", "credential", "bearer")
_TAIL = re.compile(
    r"([A-Za-z0-9_.\-]*)[\"'`]?\s*(?:=|:|:=|=>|\bis\b)\s*"
    r"(?:\"([^\"\n]{6,200})\"|'([^'\n]{6,200})'|`([^`\n]{6,200})`|([^\s\"'`,;)\]}，。]{6,200}))")


def _assignments(text: str):
    """(name, value match) for every `key-like-name = value` in text.

    Found with str.find on a few anchor words and one anchored regex each: a
    case-insensitive alternation over the whole text cost ~100 µs per memory.
    """
    low = text.lower()
    if len(low) != len(text):   # lower() changed lengths (rare Unicode): positions would drift
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    seen = set()
    for word in _ANCHOR_WORDS:
        i = low.find(word)
        while i >= 0:
            m = _TAIL.match(text, i + len(word))
            if m is not None:
                start = i
                while start > 0 and i - start < 40 and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
                    start -= 1
                name = low[start:m.end(1)]
                if start not in seen and _KEY_WORD.search(name):
                    seen.add(start)
                    yield name, m
            i = low.find(word, i + 1)


def _generic(text: str, taken: list[tuple[int, int]]) -> list[SecretHit]:
    hits = []
    for name, m in _assignments(text):
        gi = next(i for i in (2, 3, 4, 5) if m.group(i) is not None)
        value, start, end = m.group(gi), m.start(gi), m.end(gi)
        value = value.strip()
        if any(s < end and start < e for s, e in taken):
            continue
        if _ENV_REF.match(value) or _UUID.match(value) or _DIGEST.match(value) or looks_placeholder(value):
            continue
        if " " in value or value.startswith(("http://", "https://")) or "(" in value:
            continue
        passwordish = any(k in name for k in ("passw", "pwd"))
        has_letter = re.search(r"[A-Za-z]", value) is not None
        has_other = re.search(r"[0-9]", value) is not None or re.search(r"[^A-Za-z0-9]", value) is not None
        if passwordish:
            ok = len(value) >= 6 and has_letter and has_other and entropy(value) >= 2.3
        else:
            ok = len(value) >= 16 and has_letter and re.search(r"[0-9]", value) is not None \
                and entropy(value) >= 3.0
        if ok:
            hits.append(SecretHit("generic-secret", start, end, "", end - start,
                                  "secret-looking value assigned to a key-like name"))
    return hits


# Every rule needs one of these somewhere in the text: one search rules out almost every memory.
_TRIGGER = re.compile(
    r"AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|glpat-|xox[baprse]-|hooks\.slack|[sr]k_live_|sk-|AIza|SK[0-9a-f]{32}|"
    r"SG\.|npm_|pypi-|hf_|do[por]_v1_|AccountKey=|eyJ|PRIVATE KEY|://|whsec_|GOCSPX-|shp|dapi|sq0|:AA|"
    r"(?i:key|secret|token|passw|pwd|credential|bearer|basic)")


def might_hold_secret(text: str) -> bool:
    """False means surely no secret (one regex search); True means look closer."""
    return _TRIGGER.search(text) is not None


# Literal strings one of which a rule's match must contain: a substring test skips the regex.
NEEDLES = {
    "private-key": ("PRIVATE KEY",), "aws-access-key-id": ("AKIA", "ASIA", "ABIA", "ACCA"),
    "aws-secret-access-key": ("aws", "AWS", "Aws"), "github-token": ("gh", "github_pat_"), "gitlab-token": ("glpat-",),
    "slack-webhook": ("hooks.slack.com",), "slack-token": ("xox",), "stripe-secret-key": ("_live_",),
    "anthropic-key": ("sk-ant-",), "openai-key": ("sk-",), "google-api-key": ("AIza",), "twilio-api-key": ("SK",),
    "sendgrid-key": ("SG.",), "npm-token": ("npm_",), "pypi-token": ("pypi-",), "huggingface-token": ("hf_",),
    "digitalocean-token": ("_v1_",), "azure-storage-key": ("AccountKey=",), "jwt": ("eyJ",),
    "url-credentials": ("://",), "stripe-webhook-secret": ("whsec_",), "google-oauth-secret": ("GOCSPX-",),
    "mailgun-key": ("key-",), "shopify-token": ("shp",), "databricks-token": ("dapi",), "square-token": ("sq0",),
    "telegram-bot-token": (":AA",), "basic-auth": ("Basic", "basic", "BASIC"),
    "bearer-token": ("Bearer", "bearer", "BEARER"),  # the rules are case-insensitive; so are these
}
_GENERIC_TRIGGER = re.compile(r"(?i)key|secret|token|passw|pwd|credential|bearer")


def find_secrets(text: str) -> list[SecretHit]:
    """Every secret in ``text``, by shape, without overlaps, in order."""
    if not _TRIGGER.search(text):
        return []
    hits: list[SecretHit] = []
    taken: list[tuple[int, int]] = []
    for rule, title, rx, group, shown, min_ent in RULES:
        if not any(n in text for n in NEEDLES[rule]):
            continue
        for m in rx.finditer(text):
            start, end = m.span(group)
            value = m.group(group)
            if any(s < end and start < e for s, e in taken):
                continue
            if rule == "url-credentials":
                if looks_placeholder(value) or value.lower() in _WEAK_PLACEHOLDERS or value.startswith(("$", "%")):
                    continue
            elif rule != "private-key":
                tail = value[shown:] if shown else value
                if not random_enough(tail, min_ent):
                    continue
            hits.append(SecretHit(rule, start, end, value[:min(shown, PREFIX_MAX)], end - start, title))
            taken.append((start, end))
    if _GENERIC_TRIGGER.search(text):
        hits += _generic(text, taken)
    hits.sort(key=lambda h: h.start)
    return hits


_WEAK_PLACEHOLDERS = {"password", "pass", "passwd", "pwd", "secret", "token", "user", "username", "pw",
                      "changeme", "example", "none", "null"}


def redact(text: str, hits: list[SecretHit] | None = None) -> str:
    """``text`` with every secret replaced by its mask (rule, ≤6-char prefix, length)."""
    hits = find_secrets(text) if hits is None else hits
    if not hits:
        return text
    out, pos = [], 0
    for h in hits:
        out.append(text[pos:h.start])
        out.append(h.mask())
        pos = h.end
    out.append(text[pos:])
    return "".join(out)
