"""Assignments in every syntax people paste, and the judgement of their values.

``assignments`` finds ``name OP value`` wherever a name holds a key-like word or a
provider's name: ``KEY=v``, ``key: v``, ``"key": "v"``, ``\\"key\\": \\"v\\"``, YAML block
scalars, ``<key>v</key>``, ``<add key="Password" value="v"/>``, Go ``var k string = "v"``
and ``k := "v"``, Kotlin ``val k: String = "v"``, Make ``?= ::= +=``, PHP ``.=``,
``k => "v"``, ``setProperty("K", "v")``, ``(def k "v")``, PowerShell ``-Secret 'v'``,
``k,v,`` and prose "the password is v".

``judge_value`` decides from the value alone whether it reads as a credential: varied
enough, not a word, a slug, a reference to a variable, a template, a path or a URL.
"""
from __future__ import annotations

import re
from typing import Iterator

from ..hints import trie_pattern
from .rules import PROVIDERS, identifier, wordy
from ..textutil import entropy, lazy_re

_PLACEHOLDER = lazy_re(
    r"(?i)(x{4,}|\*{3,}|\.{3}|…|<[^>]*>|example|sample|dummy|placeholder|your[_-]?(?:api|key|token|secret|pass)|"
    r"(?:token|key|secret|password)[_-]?here|redacted|changeme|change[_-]me|replace[_-]?me|fake|not[_-]?a[_-]?real|notreal|0{8,}|1234567890|abcdef(?:gh|12))")


def looks_placeholder(value: str) -> bool:
    if _PLACEHOLDER.search(value):
        return True
    core = re.sub(r"[^A-Za-z0-9]", "", value)
    if len(set(core)) <= 3:
        return True
    top = max((core.count(c) for c in set(core)), default=0)
    return top > len(core) * 0.5   # one character is most of it (AAAA…): a filler, not a key


def random_enough(value: str, min_entropy: float = 3.0) -> bool:
    """The second test after a shape matched: not a placeholder, and varied enough."""
    return not looks_placeholder(value) and entropy(value) >= min_entropy

# words that make a name key-like (substrings), and name segments that do on their own
# "password" in the languages memory is written in (ko, ja, zh, pt, ru, fr)
PASSWORD_WORDS = ("비밀번호", "암호", "パスワード", "密码", "密碼", "口令", "senha", "пароль")   # fr: mot de passe
# "secret key" as written in zh (密钥, the common 秘钥, 私钥), ja (秘密鍵, 署名鍵), ko (비밀키): a key's label, not a password's
SECRET_KEY_WORDS = ("密钥", "秘钥", "私钥", "秘密鍵", "署名鍵", "비밀키")
_KEY_SUBSTRINGS = PASSWORD_WORDS + SECRET_KEY_WORDS + ("token", "secret", "passw", "pwd", "apikey", "api_key", "api-key", "credential", "creds",
                   "authorization",
                   "bearer", "privatekey", "private_key", "passphrase", "contrase", "auth_key", "authkey",
                   "client_key", "access_key", "accesskey", "signing_key", "session_key", "master_key")
_KEY_SEGMENTS = {"key", "pass", "passe", "auth", "pw", "psk", "sas", "sig", "signature", "cookie", "sessionid", "dsn"}
# a last segment that says the value is about the credential, not the credential
_NOT_VALUE = {"id", "ids", "name", "names", "url", "uri", "urls", "endpoint", "file", "path", "dir", "length", "len",
              "size", "type", "count", "limit", "version", "format", "prefix", "suffix", "env", "var", "ttl",
              "fingerprint", "hash", "digest", "checksum", "expiry", "expires", "expiration", "timeout", "mode", "field", "column", "policy", "scope", "provider",
              "algorithm", "alg", "method", "rotation", "hint", "label", "description", "max", "min", "enabled",
              "required", "location", "ref", "arn", "kind", "template", "pattern", "regex", "header", "param",
              "helper", "storage", "store", "manager", "vault", "source", "command", "cmd", "flag", "lifetime",
              "age", "usage", "count", "budget", "estimate", "mint", "index", "idx", "bucket", "table", "list"}
_NOT_KEY_NAMES = lazy_re(
    r"public|publishable|pub_?key|pubkey|csrf|xsrf|(?:cache|sort|primary|foreign|partition|idempotency|dedup|lookup|"
    r"hash|row|composite|shard|routing|react|i18n|translation|locale|redis|map|dict|object|bucket|hot|idx|natural|"
    r"schema|sequence|turn|monkey|don)[_.-]?key|key[_.-]?(?:alias|board|code|frame|id|length|mesh|name|pair|"
    r"press(?:ed)?|ring|selector|size|stone|storetype|word|up|down|left|right|stroke|map|space|s)\b|keyboard|"
    r"keychain|keyring|keyword|keynote|keystore|keyframe|author(?!i[sz]ation)|oauth_?(?:url|uri|endpoint)|max_tokens|tokens?_?limit|"
    r"tokeniz|token_?(?:count|usage|budget|type|bucket)|bypass|compass|passport|passage|passenger")
_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")


def keylike_name(name_low: str, name: str | None = None) -> bool:
    if _NOT_KEY_NAMES.search(name_low):
        return False
    segments = [s.lower() for s in _SPLIT.split(name or name_low) if s]
    if segments and segments[-1] in _NOT_VALUE:
        return False
    if any(map(name_low.__contains__, _KEY_SUBSTRINGS)):
        return True
    return any(s in _KEY_SEGMENTS for s in segments)


# -- finding assignments -------------------------------------------------------------------------
CORE_ANCHORS = ("token", "secret", "pass", "pwd", "key", "auth", "credential", "creds", "bearer", "contrase", "cookie",
                "sig", "dsn", "psk") + PASSWORD_WORDS + SECRET_KEY_WORDS
PROVIDER_WORDS = sorted({k for r in PROVIDERS for k in r.keywords})
_PROVIDER_BY_WORD = {k: [r for r in PROVIDERS if k in r.keywords] for k in PROVIDER_WORDS}
_PROVIDER_RX = lazy_re(lambda: trie_pattern(PROVIDER_WORDS))   # the longest provider word at each place


def provider_rule(name_low: str, value: str):
    """The provider rule whose keyword the name holds and whose format the value has, if any."""
    for m in _PROVIDER_RX.finditer(name_low):
        for rule in _PROVIDER_BY_WORD[m.group()]:
            if rule.pattern.match(value):
                return rule
    return None
_NAME_RUN = re.compile(r"[\w.\-]{0,60}")
_AFTER = lazy_re(r"""
    (?:\\?["'`])?\]?(?:\\?["'`])?                       # the name's closing quote or bracket: "k":  ['k']  \"k\"
    (?:\*\*?|__?)?                                       # Markdown emphasis: **Password**: v
    (?:\[\])?                                           # char k_token[] =
    (?:[ \t]*:[ \t]*(?:[A-Za-z_][\w.<>\[\]?]*(?=[ \t]+=(?!=))|(?:String|string|str|Int|number)(?==(?!=))))?
                          # Kotlin / TypeScript type: k: String =  (glued to '=' only a known type:
                          # in 'k: b_x9=Zq…' the value holds the '=', it is not a type)
    (?:[ \t]+(?:string|String|str|&str|\[\]byte|var|val)(?=[ \t]*=(?!=)))?   # Go: var k string =
    [ \t]*
    (?:\([^()\n]{1,30}\)[ \t]*(?=[:=：]))?                # password (prod): v
    (?P<op>\|(?!\|)|—|–|→|：|-(?=[ \t])(?<=[ \t]-)|:::=|::=|:=|\?\?=|\|\|=|\?=|\+=|\.=|=>|->|=(?!=)|:(?![:/\\])|,|\(|>|\bis\b:?|\bwas\b:?|(?=[ \t]["'`@])|[ \t](?=[ \t]*[A-Za-z0-9+/_-]{16}))
    (?:(?<=:)(?:\*\*?|__?)(?=[ \t]))?                     # **Password:** v
    [ \t]*@?""", re.X)
_BLOCK = re.compile(r"[|>][-+]?[ \t]*\n[ \t]+")
_QUOTED = re.compile(r"""\\"((?:[^"\\\n]|\\[^"\n])*)\\"|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`\n]*)`""")
# an unquoted value ends at white space, a quote, or full-width punctuation: CJK prose goes on
# after a value with no space ("apiKey=…，workspace=…"); no generated key holds those marks
_UNQUOTED = re.compile(r"[^\s\"'`<，、；。：（）【】「」]+")
# what follows the operator and is not a value: a call (get_secret("…")), a YAML tag
# (!vault |, Home Assistant's !secret name: a reference)
_NOT_A_VALUE = re.compile(r"[A-Za-z_$][\w.$:]*\(|![A-Za-z]")
_THEN_VALUE = re.compile(r"""["']\s+value\s*=""", re.I)
_XML_ATTR = re.compile(r"""(?i)\b(?:key|name)\s*=\s*["']([^"'<>]{1,80})["'][^<>]{0,40}?\bvalue\s*=\s*["']([^"'<>]*)["']""")


def assignments(text: str, low: str, anchors, judged=None) -> Iterator[tuple[str, int, int, str]]:
    """(name, value start, value end, how) for each assignment to a name holding one of
    ``anchors`` (words present in ``low``); how is 'quoted', 'unquoted', 'space' (a name,
    white space, a bare value) or 'prose'. ``judged(name)`` False: the caller would drop any
    value of that name, so none is looked for (the costly part)."""
    seen: set[int] = set()
    named: set[str] = set()
    for word in anchors:
        i = low.find(word)
        while i >= 0:
            start = _name_start(text, i)
            end = _NAME_RUN.match(text, i + len(word)).end()
            if start > 0 and text[start - 1] in "$@":
                start -= 1     # $password (PHP, shell), @password
            if start not in seen and not (start > 0 and text[start - 1] in ":/"):   # not inside a URL or path
                seen.add(start)
                name = text[start:end].lstrip("$@-.").rstrip(".-")
                found = _value_after(text, start, end) if judged is None or judged(name) else None
                if found is not None and name.lower() in ("key", "name") and _THEN_VALUE.match(text, found[1]):
                    found = None   # <add key="ApiToken" value="…"/>: the key attribute holds a name
                if found is not None:
                    named.add(text[start:end])
                    yield (name, *found)
            i = low.find(word, end)
    if "value" in low:
        for m in _XML_ATTR.finditer(text):
            if m.group(1) not in named and m.group(2):
                yield m.group(1), m.start(2), m.end(2), "quoted"


def _name_start(text: str, i: int) -> int:
    """Where the name holding ``text[i]`` starts: the run of word characters, dots and dashes
    ending at i, at most 60 characters back (a loop: the regex search it replaces tried every
    start in the window)."""
    j, lo = i, max(0, i - 60)
    while j > lo:
        c = text[j - 1]
        if not (c.isalnum() or c in "_.-"):
            break
        j -= 1
    return j


# up to six words between a name and "is": "the deploy_token for staging is …" (prose, judged as such)
_WORDS_THEN_IS = re.compile(r"(?:[ \t]+(?!is\b|was\b)[A-Za-z][\w-]{0,20}){1,6}(?:[ \t]+(?:is|was)|:)[ \t]+"
                            r"(?=[`'\"]?[\w+/-]{8})")
_SPACE_THEN_WORD = re.compile(r"[ \t]+(?=[A-Za-z0-9_/])([A-Za-z]*)[A-Za-z0-9+/_-]*")   # not "+=" or "->"
_AFTER_WORDS = {"is", "was", "string", "String", "str", "var", "val"}   # words _AFTER can take after a space


def _prose_after(text: str, name_end: int) -> bool:
    """The name is followed by white space and a plain short word ("auth token refresh"): no form
    of _AFTER can match there (its operators are punctuation, "is"/"was", a type word before "=",
    a quote, or a run of 16 token characters), so the costly match is skipped. Exact: a property
    test compares it with _AFTER."""
    m = _SPACE_THEN_WORD.match(text, name_end)
    if m is None:
        return False   # not a space then a word: an operator or a quote may follow
    return m.end() - m.start(1) < 16 and m.group(1) not in _AFTER_WORDS


def _value_after(text: str, name_start: int, name_end: int) -> tuple[int, int, str] | None:
    if _prose_after(text, name_end):
        near = text[name_end:name_end + 150]
        if " is " not in near and " was " not in near and ":" not in near:
            return None   # no "is" close after the name: prose, and no value in it
        w = _WORDS_THEN_IS.match(text, name_end)   # "the algolia_api_key for staging is …"
        if w is None:
            return None
        op, pos = "is", w.end()
    else:
        m = _AFTER.match(text, name_end)
        if m is None:
            return None
        op, pos = m.group("op"), m.end()
    if op == ">" and not (name_start > 0 and text[name_start - 1] == "<"):
        return None   # a comparison, not an XML element
    b = _BLOCK.match(text, pos)
    if b is not None and op in (":", "=") and text[pos] in "|>":
        pos = b.end()   # YAML block scalar: the value is on the next line
    if op == ">":   # <kToken>value</kToken>, possibly over lines
        close = text.find("<", pos)
        inner = text[pos:close if close >= 0 else len(text)]
        stripped = inner.strip()
        if not stripped or any(c.isspace() for c in stripped):
            return None
        s = pos + inner.index(stripped)
        return s, s + len(stripped), "quoted"
    q = _QUOTED.match(text, pos)
    if q is not None:
        g = next(i for i in range(1, 5) if q.group(i) is not None)
        return q.start(g), q.end(g), "prose" if op.rstrip(":") in ("is", "was") else "quoted"
    if op in ("(", ""):
        return None   # a call, or a name then a space, takes quoted values only
    u = _UNQUOTED.match(text, pos)
    if u is None or _NOT_A_VALUE.match(text, pos):
        return None
    s, e = u.span()
    value = text[s:e]
    if op == "," and e < len(text) and text[e] in "\"'`" and re.fullmatch(r"[A-Za-z_]\w{0,30}=", value):
        return None   # f(payload, key, algorithm="HS256"): a keyword argument follows, not a value
    cut = re.search(r"&\w+=", value)
    if cut:
        e = s + cut.start()
    while e > s and text[e - 1] in ",;.:" or (e > s and text[e - 1] in ")]}" and _unbalanced(text[s:e])):
        e -= 1
    how = "prose" if op.rstrip(":") in ("is", "was") else ("space" if op.isspace() else "unquoted")
    return (s, e, how) if e > s else None


def _unbalanced(value: str) -> bool:
    closer = value[-1]
    opener = {")": "(", "]": "[", "}": "{"}[closer]
    return value.count(opener) < value.count(closer)


# -- judging a value -----------------------------------------------------------------------------
_NOT_SECRET = lazy_re(r"""(?x)^(?:
      (?i:true|false|null|none|nil|undefined|yes|no|on|off|empty|required|optional|string|secret|password|token)
    | \$\{\{[^}]*\}\} | \$[A-Za-z_]\w* | \$\(\w[^)]*\) | %{1,2}[\w.]+%{1,2} | @[\w.]+@ | \{\{[\s\w.|()'"\-]+\}\}
    | \{[\w.]*\} | <[^>]*> | \[[^\]]*\]
    | (?i:this|self|process|os|env|config|settings|props|params|args|request|req|ctx|window|document|import|secrets|
         vars|inputs|environ|system|context|options|opts)(?:\.|\[|\b).*
    | [a-z_]+(?:[-_.][a-z_]+)* | [A-Z_]+(?:[-_.][A-Z_]+)*      # words and slugs: my-secret-name, SECRET_NAME
    | (?:\d{0,2}[a-z]{2,}\d{0,2}|[a-z]{1,2}\d[a-z]?)(?:[-_.](?:\d{0,2}[a-z]{2,}\d{0,2}|[a-z]{1,2}\d[a-z]?|\d{1,4}))+
                                                    # slugs with a number in a word: my-s3-token-name, k8s-ci-2fa,
                                                    # generate-with-openssl-rand-base64-32
    | [a-z][a-z0-9+-]*:(?:[\w.-]+/)+[\w.-]+(?:\#[\w.-]+)?        # a reference: vault:secret/data/app#token
    | (?:[A-Z]?[a-z]{2,})+(?:[-_.](?:[A-Z]?[a-z]{2,})+)*          # CamelCase words: MySecretName
    | v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?           # a version
    | \d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?          # a date
    | (?i:ssh-(?:rsa|ed25519|dss))|ecdsa-sha2-\S+|sk-ssh-\S+          # a key's type, not the key
    | [a-z][a-z0-9+.\-]*://.* | (?:/|\./|\.\./|~/)?(?:\d{0,2}[A-Za-z_.\-]+\d{0,4}[A-Za-z_.\-]*/)+(?:\d{0,2}[A-Za-z_.\-]+\d{0,4}[A-Za-z_.\-]*)?  # a path of words
    | [\w.\-]+\.(?:json|ya?ml|pem|key|txt|env|p12|crt|cfg|conf|ini|toml)
)$""")
_NEVER = re.compile(r"(?i)(?:sha1|sha256|sha384|sha512|md5|blake2b?)[:\-=]|\$\{[^}\s]+\}$|[a-z]:[\\/]|"
                    r".*[\\/][\w.-]+\.(?:json|ya?ml|pem|key|txt|env|p12|pfx|jks|p8|crt|cfg|conf|ini|toml)$|"
                    r"(?:my|your|the|some|a)?[-_]?(?:password|passw0rd|p@ssw0rd|admin|secret|test|changeme|letmein|qwerty|"
                    r"welcome)[!@#]?\d{0,4}[!@#]?$")
_PASSWORDISH = ("passw", "pwd", "passphrase", "contrase") + PASSWORD_WORDS
_ONE_WORD = re.compile(r"[^\W\d_][^\W\d_A-Z]+")   # a word in any script, capitalised or not: Contraseña
_SCRIPT_WORDS = re.compile(r"[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_CODE = re.compile(r"[\w.$:]*\(.*\)$|\[.*\]$|\w+\[")   # a call, a list, an index
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_YEARISH = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])?(?:[0-3]\d)?")   # a date, not a password
_SEQUENCE = re.compile(r"0123|1234|2345|3456|4567|5678|6789|abcd|qwer")
# in 20 random characters or more, four in a row turn up by chance ('…e72345f…'); five rarely do
_LONG_SEQUENCE = re.compile(r"01234|12345|23456|34567|45678|56789|abcde|qwert")


_CONSONANTS = re.compile(r"[^aeiouyAEIOUY]{4,}")


def _few_vowels(v: str) -> bool:
    """Letters drawn at random (a Cloudant key: rnebxlovsqnq…): under 3 in 10 are vowels, and
    four consonants stand together twice (or six once), where run-together words have 4
    vowels in 10 and one such cluster at most ("passphrase"). Measured: ~75 % of random
    24-letter strings; of ten run-together phrases, only 'strengthsrhythmsnymphs'."""
    if sum(c in "aeiouAEIOU" for c in v) >= 0.3 * len(v):
        return False
    runs = _CONSONANTS.findall(v)
    return len(runs) >= 2 or any(len(r) >= 6 for r in runs)


_LETTER_RUN = re.compile(r"[A-Za-z]{10,}")
_PARTS = re.compile(r"[/._\-]+")


def _drawn_at_random(v: str) -> bool:
    """Ten letters or more in a row that no word has (yvmobpqppt in yvmobpqppt87hlev…/s69Z), or a
    part that mixes cases as no name does (KUmz31MlOZ in /KUmz31MlOZuntIUhDy/): what tells a
    random value from a slug or a path of words that has the same shape."""
    for part in _PARTS.split(v):
        if len(part) >= 8 and not part.islower() and not part.isupper() and not wordy(part):
            return True
    return any(_few_vowels(run) for run in _LETTER_RUN.findall(v))


def judge_value(value: str, name_low: str, how: str) -> bool:
    """Does ``value`` read as a credential? (The name was already found key-like.)"""
    v = value.strip()
    if len(v) < 6 or len(v) > 1000 or any(c.isspace() for c in v):
        return False
    if _NEVER.match(v) or _ONE_WORD.fullmatch(v) and not (len(v) >= 16 and _drawn_at_random(v)):
        return False   # a digest (SHA256:…), a reference (${file:…}), a well-known default password
    if _NOT_SECRET.match(v) and not (len(v) >= 16 and _drawn_at_random(v) and entropy(v) >= 3.5):
        return False   # a word, a slug or a path, unless its letters were drawn at random
    passwordish = any(k in name_low for k in _PASSWORDISH) or \
        re.search(r"(?:^|[^a-z])passe?(?:$|[^a-z])", name_low) is not None
    lower, upper = any(c.islower() for c in v), any(c.isupper() for c in v)
    digit, other = any(c.isdigit() for c in v), any(not c.isalnum() for c in v)
    classes = lower + upper + digit + other
    if looks_placeholder(v) or _SCRIPT_WORDS.search(v):
        return False   # a placeholder; words of another script (1Passwordを参照): prose, not a key
    if re.search(r"\(.*\)|\[.*\]", v) and not (how == "quoted" and not _CODE.match(v) and (
            passwordish or len(v) >= 12 and classes >= 3)):
        return False   # code (get(x), a[0]); a quoted password or key may hold brackets: "p@ss(w0rd)[x]"
    if _CONSTANT.fullmatch(v) and all(len(p) <= 3 or re.search("[AEIOU]", p) for p in v.split("_")):
        return False   # a constant's or a variable's name: STAGING_SECRET_V2
    if not passwordish and identifier(v):
        return False   # a function's or a class's name: getApiKeyFromVault2
    ent = entropy(v)
    if passwordish and v.isdigit() and 6 <= len(v) <= 16 and not _YEARISH.fullmatch(v):
        return True   # a numeric password (a database's default 88889999): weak, still the password (graded possible)
    if how == "prose" and passwordish:    # "the password is …"
        return len(v) >= 6 and classes >= 2 and ent >= 2.3
    if how in ("space", "prose"):   # no operator: only a plainly secret name, then a plainly random value
        if not any(k in name_low for k in ("secret", "token", "passw", "pwd", "apikey", "api_key", "api-key")):
            # "the (API) key is `…`": the name may be a word short, so only a plainly random value
            return how == "prose" and len(v) >= 16 and classes >= 3 and ent >= 3.5 and not wordy(v)
        if passwordish:
            return len(v) >= 8 and classes >= 2 and ent >= 3.0
        return len(v) >= 16 and ent >= 3.0 and (classes >= 3 or (len(v) >= 24 and classes >= 2 and ent >= 4.0))
    if passwordish:
        return len(v) >= 6 and classes >= 2 and ent >= 2.3
    if v.isdigit():
        return len(v) >= 14 and ent >= 2.9 and not _SEQUENCE.search(v)
    if not digit and not other:   # letters only: random when mixed case as no name is, or long with few vowels
        return (len(v) >= 20 and ent >= 3.5 and (lower and upper or _few_vowels(v))
                or len(v) >= 10 and lower and upper and ent >= 3.2 and not wordy(v))
    if len(v) < 10 or classes < 2:
        return False
    sequence = (_SEQUENCE if len(v) < 20 else _LONG_SEQUENCE).search(v.lower())
    return ent >= (2.75 if len(v) < 20 else 3.2) and not sequence or ent >= 3.8
