"""How sure a secret finding is, and what is never a value at all.

A finding is ``high`` when its shape says so by itself: a provider's token, a private key
block, a password inside a URL, or a value under a key-like name that is random *by
measure*. A short or word-like value after a password-like name is only ``possible``:
shown masked, as a warning, never failing a run by itself. After a name that is an
ordinary word in prose (*pass*, *auth*, *key*, *login*, *user*) only a random value counts.

Measured on ../shared/corpus/realworld-dev (tests/ledger): every error-severity secret but
one was an identifier, a template, a path, a regex or a word after such a name.
"""
from __future__ import annotations

import base64
import re

from ..mentions import EXTENSIONS
from .assign import SECRET_KEY_WORDS, entropy
from .labels import chosen_name, passphrase
from .rules import identifier, wordy

# gitleaks' generic-api-key rule asks 3.5 bits a character; we ask it of 16 characters or
# more, since a shorter string cannot reach it reliably (16 random alphanumerics average
# ~3.75 bits, a phrase of words ~3.2-3.4).
RANDOM_MIN_LEN = 16
RANDOM_MIN_BITS = 3.5

# public by design: Stripe's publishable keys; the Azure storage emulator's documented key
_PUBLIC = re.compile(r"pk_(?:live|test)_|Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq")
_TEMPLATE = re.compile(r"\$\{[\w.:-]+\}|\{\{\s*[\w.]+\s*\}\}|\{[A-Za-z_][\w.]+\}|%\(\w+\)s|<[A-Za-z_][\w-]*>|^\$[A-Z_][A-Z0-9_]{2,}$")
# a glob: a star at an end, after a slash or before a dot (NEXT_PUBLIC_*, /_hub/*, *.log), never inside a password
_GLOB = re.compile(r"^\*|\*$|/\*|\*\.")
# regex syntax: \b \d, a character range, a quantified class, a group option
_REGEX = re.compile(r"\\[bdwsSWDB]|\[[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*\]|[\])][+*?]|\(\?|\.\*|\.\+")
_KWARG = re.compile(r"([A-Za-z_][\w.]{0,30})=[\w./-]{1,24}")            # tilt=off, max_pos=12/cap
_FILE = re.compile(r"[\w./-]*\w\.([a-z]{1,5})(?::\d+(?:-\d+)?)?")   # cache.py:45-78, verifyJwt.js (a known extension)
_CODE = re.compile(r"^[(\[]|^[A-Za-z_][\w.]*\(.*\)$|process\.env|os\.environ|\benv\.")
_PERCENT = re.compile(r"\d%(?!\w)")                                 # 10.4%: a measure
# a URL or a scope named by one (https://www.googleapis.com/auth/drive): a password inside a URL is
# the url-credentials rule's, a URL itself is an address
_URL = re.compile(r"[a-z][a-z0-9+.-]{1,15}://[^\s:@]+$")
_PLACEHOLDER = re.compile(r"(?i)replace[_-]?with|^your[_-]|[_-]here$|^x{4,}|^a1b2c3|^1a2b3c|^<.*>$|^\[.*\]$")
_SEGMENT = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+")
_LETTERS = re.compile(r"[^\W\d_]+")


_CONSONANT_RUN = re.compile(r"[^aeiouyAEIOUY\d]{4,}")


def _is_word(seg: str) -> bool:
    """A word or an acronym (any script): a quarter of its letters vowels and no five
    consonants in a row, or three letters or fewer."""
    if seg.isdigit():
        return len(seg) <= 4
    if not seg.isascii() or len(seg) <= 3:
        return True
    # random letters hold vowels by chance: a long part is held to more
    vowels = sum(c in "aeiouyAEIOUY" for c in seg) / len(seg)
    runs = len(_CONSONANT_RUN.findall(seg))
    if len(seg) >= 8 or seg.isupper():
        return vowels >= 0.3 and runs == 0
    return vowels >= 0.2 and runs <= 1


def made_of_words(v: str) -> bool:
    """Words joined by punctuation or case (member-SELECTION, BASKET_NAMECAP, verifyJwt): every
    part a word, and parts of four characters or more on average, where random characters
    change case or class every two or so."""
    if v.isalpha() and len(v) < 16 and (v.islower() or v.isupper() or v[1:].islower()):
        return True   # one word, in any script: workflow, Contraseña
    segs = _SEGMENT.findall(v) + [s for s in _LETTERS.findall(v) if not s.isascii()]
    if not segs:
        return False
    alnum = len(re.sub(r"[^A-Za-z0-9]", "", v))
    if sum(len(s) for s in segs if s.isascii()) != alnum:
        return False   # capitals glued to a word (TOus): not how names are cased
    return all(_is_word(s) for s in segs) and alnum >= 4 * len(segs)


# what code and scopes put around a name: a sigil or member prefix, a private underscore or a
# one-letter prefix (x_, m_), dunder ends, a call's parentheses; a version at the end (V2, _v2, 2)
_CODE_AFFIX = re.compile(r"^(?:[$@]|(?:self|this|cls|ctx)\.|_{1,2}|[a-z]_(?=[A-Za-z]))|(?:_{1,2}|\(\))$")
_VERSION_END = re.compile(r"[_.-]?[vV]?\d{1,3}$")
_JOINT = re.compile(r"::|[._:-]")
_INNER_VERSION = re.compile(r"(?:(?<=[a-z])V|^[vV])\d{1,2}(?=[A-Z]|$)")
_CAMEL = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+")
_CODE_WORD = re.compile(r".*[^aeiouyAEIOUY]{5}.*")   # five consonants together: no word has them (a miss, not a word)


def code_name(v: str) -> bool:
    """A name as code or an API spells it: words joined the ways names join them (camelCase,
    snake_case, SCREAMING_SNAKE, kebab, ``Class::method``, ``obj.member``, a scope's
    ``read:org`` or ``Files.ReadWrite.All``), with a sigil, a private underscore or a version at
    the end (x_getAccessTokenV2, serviceClient_v2, __init_cache__). Two words of three letters
    or more, every part a word or an acronym, digits only as the version: random characters
    turn up single letters and digits inside within a few characters (measured with
    tests/bench/probe_secrets.py: no value drawn from gitleaks' rules reads as one)."""
    core = v.strip()
    for _ in range(2):
        core = _CODE_AFFIX.sub("", core)
    core = _VERSION_END.sub("", core)
    if not core or not core.isascii():
        return False
    words = short = 0
    for part in _JOINT.split(core):
        part = _INNER_VERSION.sub("", part)   # apiV2Client, v2Service: a version tag between words
        if not part:
            continue
        if not part.isalpha():
            return False   # a digit inside (Hunter2.Secret): not how names are versioned
        segs = _CAMEL.findall(part)
        if "".join(segs) != part:
            return False   # a lone capital glued on (aBcD): random, not cased as names are
        for s in segs:
            if len(s) >= 3 and _CODE_WORD.fullmatch(s) is None and sum(c in "aeiouyAEIOUY" for c in s) >= 0.2 * len(s):
                words += 1
            elif len(s) <= 4:
                short += 1   # by, id, Http, KIS: a short word or an acronym
            else:
                return False   # a long part that is no word
    return words >= 2 and short <= words


def _flag(v: str) -> bool:
    """A command-line option (--sonnet, -p, --dry-run): a switch's name, never a credential."""
    return re.fullmatch(r"--?[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*", v) is not None


# names a command lists (grep -E '^(API_KEY|DB_PASSWORD)=', env | grep 'TOKEN|SECRET'): variable
# names joined by a regex's or a shell's punctuation, no value among them
_ENV_NAME = re.compile(r"[A-Z][A-Z]+(?:_[A-Z0-9]+)*")
_NAME_LIST_PUNCT = re.compile(r"[()|^$=\[\]*.+?,;]+")


def _names_listed(v: str) -> bool:
    parts = [p for p in _NAME_LIST_PUNCT.split(v) if p]
    return bool(parts) and v != parts[0] and all(
        _ENV_NAME.fullmatch(p) and all(len(w) <= 3 or re.search("[AEIOUY]", w) for w in p.split("_")) for p in parts)


def public_by_design(v: str) -> bool:
    return _PUBLIC.match(v) is not None


def _shown(v: str) -> str | None:
    """The value without its quotes; None when it is empty or holds white space (prose, no value)."""
    v = v.strip().strip("`'\"")
    return v if v and not any(c.isspace() for c in v) else None


def _never_a_secret(v: str) -> bool:
    """What no secret of any kind looks like: a template or reference, a regex, code, a
    placeholder, a public-by-design key, a home path."""
    return bool(_PUBLIC.match(v) or _TEMPLATE.search(v) or _REGEX.search(v) or _CODE.search(v)
                or _PLACEHOLDER.search(v) or v.startswith("~") or _flag(v) or _names_listed(v)
                or _URL.match(v))


def never_a_value(v: str, words: bool = True) -> bool:
    """Shapes no credential has: those of _never_a_secret, a glob, a keyword argument, a file name
    (with a line), a measure, and (``words``) words or an identifier — not asked where a provider's
    name stands before the value, whose own format was already matched."""
    v = _shown(v)
    return v is None or _never_a_secret(v) or bool(_GLOB.search(v) or _kwarg(v) or _file(v) or _PERCENT.search(v)) \
        or _an_address(v) or words and (_path_of_words(v) or made_of_words(v) or identifier(v) or code_name(v)
                                        or _NAMESPACED.fullmatch(v) is not None)


# a key of a namespace, written as words joined by colons before the id it ends on
# ("agent:main:telegram:direct:u_81f2…", an ARN's "arn:aws:sns:…", a URN): it says where, it opens nothing
_NAMESPACED = re.compile(r"(?:[A-Za-z][a-z-]{1,20}:){3,}:?[\w.:/@+-]+")


_ADDRESS = re.compile(r"(?:([\w.-]+):)?([\w.+-]+)@[\w-]+(?:\.[\w-]+)+")


def _an_address(v: str) -> bool:
    """An e-mail address, or a profile's name before one ('openai-codex:me@example.com'): who, not a
    secret (the identifying rules judge it). 'user:pass@host' stays a secret when the part before
    the '@' is random as passwords are."""
    m = _ADDRESS.fullmatch(v)
    return m is not None and (m.group(1) is None or not random_by_measure(m.group(2)))


def _file(v: str) -> bool:
    m = _FILE.fullmatch(v)
    return m is not None and m.group(1) in EXTENSIONS


def _no_password(v: str) -> bool:
    """After a password-like name only the shapes no secret has count against a value, and a
    path of words, a plain single word (done, workflow) or an env var's name (BASKET_TOPN):
    Summer2024!, hunter22, Hunter2.Secret are passwords, however word-like."""
    v = _shown(v)
    return v is None or _never_a_secret(v) or _path_of_words(v) or v.isalpha() \
        or re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+", v) is not None


def _kwarg(v: str) -> bool:
    m = _KWARG.fullmatch(v)
    # a name of words (tilt, max_pos, desiredCount), not random characters before an '=' of the value
    return m is not None and re.fullmatch(r"[a-z]{2,}(?:[_.][a-z]{2,})*|[a-z]+(?:[A-Z][a-z]+)+", m.group(1)) is not None


def _path_of_words(v: str) -> bool:
    """/_blazor/, deploy_8l/{…}, /onboarding: every part between slashes words or short."""
    if "/" not in v:
        return False
    parts = [p for p in v.split("/") if p]
    # (an npm-style scope '@name' and a snake_case part are words too: '@wordpulse/guess_progress_v1')
    return bool(parts) and all(len(p) <= 3 or made_of_words(p.lstrip("@")) or _FILE.fullmatch(p)
                               or never_a_value(p.lstrip("@")) for p in parts)


def random_by_measure(v: str) -> bool:
    """Random as keys are: 16+ characters, 3.5+ bits each, letters and digits (or both
    cases), and not words joined together."""
    v = v.strip()
    if len(v) < RANDOM_MIN_LEN or never_a_value(v):
        return False
    classes = any(c.islower() for c in v) + any(c.isupper() for c in v) + any(c.isdigit() for c in v)
    return classes >= 2 and entropy(v) >= RANDOM_MIN_BITS


# a name that says "credential" by itself, vs one that is an ordinary word in prose
_STRONG = ("passw", "pwd", "passphrase", "secret", "token", "apikey", "api_key", "api-key", "credential", "creds",
           "private_key", "privatekey", "bearer", "client_key", "access_key", "accesskey", "signing_key",
           "session_key", "master_key", "auth_key", "authkey", "contrase", "비밀번호", "암호", "パスワード",
           "密码", "密碼", "口令", "senha", "пароль", "密钥", "秘钥", "私钥", "秘密鍵", "署名鍵", "비밀키")


def strong_name(name: str) -> bool:
    """A password- or token-like name, or a compound name in code (DB_PASS, authKey): not a
    single ordinary word of prose (pass, auth, key, login, user, cookie)."""
    low = name.lower()
    if any(k in low for k in _STRONG):
        return True
    return bool(re.search(r"[_\-.]|[a-z][A-Z]", name))


def grade(value: str, name: str | None) -> str | None:
    """'high', 'possible' or None (not a secret) for a value a generic rule found after
    ``name`` (None: nothing names it)."""
    if name is not None and _password_name(name):
        if _no_password(value):
            return None
        # db_password = Tr0ub4dor&3xq: mixed as passwords are made
        return "high" if random_by_measure(value) or _strong_password(value) else "possible"
    if never_a_value(value):
        # words a person chose for a secret (a signing key of words and a year): worth a look, never sure
        return "possible" if name is not None and chosen_name(name) and _chosen_words(_shown(value) or "") else None
    if random_by_measure(value):
        return "high"
    return "possible" if name is not None and strong_name(name) else None


def _chosen_words(v: str) -> bool:
    """Run-together words a person chose for a secret: a passphrase (labels), or 24 characters or
    more of words with digits in them (SiteSigningKey2025ForTokens): a name in code holds no year."""
    return passphrase(v) or (v.isascii() and v.isalnum() and len(v) >= 24 and sum(c.isdigit() for c in v) >= 2
                             and sum(c.isalpha() for c in v) >= 15 and entropy(v) >= 3.0)


_PASSWORDISH = re.compile(r"passw|pwd|passphrase|contrase|비밀번호|암호|パスワード|密码|密碼|口令|senha|пароль")


def _password_name(name: str) -> bool:
    """password, db_pwd, DB_PASS, dbPass, (mot de) passe — not "pass" alone, an ordinary word of
    prose ("Sanity PASS: …")."""
    low = name.lower()
    if _PASSWORDISH.search(low) or low == "passe":
        return True
    compound = re.search(r"[_\-.]|[a-z][A-Z]", name) is not None
    return compound and re.search(r"(?:^|[^a-z])pass(?:$|[^a-z])|[a-z]Pass(?:$|[^a-z])", name if "Pass" in name else low) is not None


def _strong_password(v: str) -> bool:
    """Eight characters or more of three classes (lower, upper, digit, symbol), varied: what a
    password policy asks for, and what no word or identifier is."""
    v = v.strip()
    classes = any(c.islower() for c in v) + any(c.isupper() for c in v) + any(c.isdigit() for c in v) + \
        any(not c.isalnum() for c in v)
    # a name in code after a password's name (password: getPasswordFromVault2) may be a passphrase
    # of words: worth a look, never sure
    return len(v) >= 8 and classes >= 3 and entropy(v) >= 3.0 and not code_name(v)


# a provider's key as providers now issue them: a short lower-case prefix and '_' or '-', then 20+
# random characters (re_…, sk_…, rk_live_…, glpat-…): the value announces what it is, as the catalog's
# tokens do, whatever the name (measured as generic-secret's own family at stop 40, kept sure)
_PREFIXED = re.compile(r"[a-z]{2,6}(?:_(?:live|test|prod))?[_-]([A-Za-z0-9_-]{20,200})")


# a token as services mint them when they add no prefix (InfluxDB's, a JWT signing secret, a
# base64 key): 32+ characters mixing lower case, upper case and digits. What generic-secret got wrong
# on fresh pools (a product name, a key's name, profile labels, a form's public UUID) never has that
# shape: ids and hashes are one case of hex, names are words
_LONG_MIXED = re.compile(r"[A-Za-z0-9+/_=-]{32,512}")


def _mixed_random(v: str, shape: re.Pattern) -> bool:
    """``v`` whole in ``shape``, of lower case, upper case and 2+ digits, and random by measure: a
    generated key's look (long_mixed and named_key differ only in the length ``shape`` allows)."""
    return bool(shape.fullmatch(v)) and any(c.islower() for c in v) and any(c.isupper() for c in v) \
        and sum(c.isdigit() for c in v) >= 2 and random_by_measure(v)


def long_mixed(value: str) -> bool:
    return _mixed_random(value.strip(), _LONG_MIXED)


# a key a service issued under the name of what it is (apiKey=, API_SECRET:, client_secret): 20+
# characters of lower case, upper case and 2+ digits, random. Stop 48: heldout43a's only real
# credential, a 25-character apiKey in a day log, stayed generic-secret at `possible` (no exit 1).
# What generic-secret got wrong on fresh pools never has both: a session key or an id under another
# name (sessionKey, open_id), hex ids and hashes (one case), words and code names (no digits)
_NAMED_KEY = re.compile(r"[A-Za-z0-9_-]{20,31}")
# stop 49: an environment variable named for a token (SHOP_REFRESH_TOKEN, DEPLOY_TOKEN) is a key a service
# issued too: its value is what a deployment authenticates with (a held-out pool's live refresh token, 22
# characters, was a judgement at `possible`; no exit 1). Capitals only: a name in code (nextPageToken,
# csrf_token) may hold anything
_ENV_TOKEN = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_TOKEN")


def named_key(value: str, name: str | None) -> bool:
    """A random value of mixed case and digits, 20-31 long, under an API key's, a secret's or a token
    variable's own name (in the languages the key labels are read in: 密钥, 署名鍵, 비밀키)."""
    flat = re.sub(r"[^a-z0-9]", "", (name or "").lower())
    own = flat.endswith(("apikey", "secret", "secretkey")) or any(w in (name or "") for w in SECRET_KEY_WORDS) \
        or _ENV_TOKEN.fullmatch(name or "") is not None
    if not own or "session" in flat:
        return False
    v = value.strip()
    # generated, not chosen: a person's run of words and a year (NorthwindSigning2025Key) stays a judgement
    return _mixed_random(v, _NAMED_KEY) and not wordy(v)


def provider_shaped(rule: str, title: str, value: str, sure: str, name: str | None = None) -> tuple[str, str]:
    """The rule a generic value is reported under: ``prefixed-token`` when a sure one has a provider's
    key shape, ``long-token`` when it is a long random value of mixed case and digits, ``named-key``
    when a shorter one stands under an API key's or a secret's own name (all keep their level: the
    value announces itself), else the rule it was found by."""
    if rule != "generic-secret" or sure != "high" or _PUBLIC.match(value):
        return rule, title
    m = _PREFIXED.fullmatch(value)
    if m is not None and random_by_measure(m.group(1)):
        return "prefixed-token", "a key in a provider's shape (a short prefix, then random characters)"
    if long_mixed(value):
        return "long-token", "a token's shape (32+ random characters of mixed case and digits)"
    if named_key(value, name):
        return "named-key", "a random key under an API key's, a secret's or a token variable's name (mixed case and digits)"
    return rule, title


# a host no one else reaches: this machine, or a container's own network name for it
_LOCAL_HOST = re.compile(r"(?i)(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|host\.docker\.internal)(?![\w.-])")


# a host name only a private network resolves: a compose service ("db", "rabbitmq"), *.internal, *.local
_PRIVATE_NAME = re.compile(r"(?i)(?:[a-z0-9-]+|[a-z0-9.-]+\.(?:internal|local|lan|localdomain|svc|cluster|home|corp))(?=[:/]|$)")


def url_level(url: str, password: str) -> str | None:
    """A URL's password: on a local host (a development database no one else can reach) None when it
    is the user's name again (postgres:postgres, guest:guest: an image's documented default), else
    'possible'; elsewhere 'possible' for the user's name again (a weak default left on), else 'high'."""
    user = url.split("://", 1)[1].split(":", 1)[0]
    local = bool(_LOCAL_HOST.match(url.rsplit("@", 1)[1]))
    if user and user.lower() == password.lower():
        # an image's default on this machine is no secret; on a host others reach it is a weak
        # password someone should change (admin:admin@db.example.com)
        return None if local or _PRIVATE_NAME.match(url.rsplit("@", 1)[1]) else "possible"
    return "possible" if local else "high"


def plain_base64(value: str) -> bool:
    try:
        inner = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return False
    return inner.isprintable() and sum(c.isalpha() or c == " " for c in inner) >= 0.8 * len(inner) and " " in inner


def alike(first: str, second: str) -> bool:
    """Two quoted values written alike ('user:email', 'read:org'; "Mail.Read", "User.Read.All"):
    items of one list (scopes, roles, flags), where a login and its password differ in shape."""
    marks = {c for c in first if not c.isalnum()}
    return bool(marks) and marks == {c for c in second if not c.isalnum()}
