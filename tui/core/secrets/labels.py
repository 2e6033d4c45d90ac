"""Credentials a person chose and wrote down as a label and its value (issue 36): what no
token shape and no randomness measure finds.

- a value alone on the line under the line that names it ("`jasypt.encryptor.password`:" and,
  below, the passphrase; YAML's plain scalar on its next line reads the same);
- a passphrase of run-together words after a password's or a secret's name
  (``SESSION_SECRET=orangebicycletoast``): letters only, longer than words run;
- an app password in its groups of four (Google's ``abcd efgh ijkl mnop``);
- an environment variable's name, then words, then its value in backticks, on one line ("the host's
  SHOP_REFRESH_TOKEN is not updated yet → set it to `…`", "- [ ] update SHOP_REFRESH_TOKEN (`…`)"):
  ``named_later`` finds the pair, detect.py keeps it only when the value announces itself.

Each is ``possible`` at most but the grouped app password, whose shape is the provider's:
word-like values after a password's name are wrong often enough that they never fail a run.
"""
from __future__ import annotations

import re
from typing import Iterator

from .assign import entropy, looks_placeholder

# names a person sets a value for: passwords and passphrases, a session's or a signing secret
# (tokens and keys are generated: never a run of words)
_CHOSEN = re.compile(r"(?i)passw|pass(?:\b|_)|pwd|passphrase|contrase|secret|senha|пароль|비밀번호|암호|パスワード|密码|密碼|口令|"
                     r"密钥|秘钥|私钥|秘密鍵|署名鍵|비밀키")
# the line that names it ends with the name (in code or bold, perhaps a note in brackets), or ends
# leading a value in: a colon, '=', 'is' ("jasypt.encryptor.password is set in the run config:")
_NAME_ENDS = re.compile(r"""[`*'"]*[ \t]*(?:\([^()\n]{0,30}\))?[ \t]*(?::|=|：|\bis\b:?|->|→)?[ \t]*$""")
_LEADS_IN = re.compile(r"""(?i)(?::|=|：|\bis\b:?|->|→)[ \t]*$""")
# the next line: one token, perhaps a list item, in code or quotes
_LONE = re.compile(r"""[ \t]*(?:[-*+][ \t]+)?[`'"]?([^\s`'"]{6,128})[`'"]?[ \t]*$""")
_STAND_IN = re.compile(r"(?i)example|sample|dummy|placeholder|changeme|change.?me|replace|your|redacted|notreal|"
                       r"required|optional|undefined|unchanged|configured|environment|configuration")
# Google's (four groups of four lower-case letters) and WordPress's (six of four letters and digits)
# a mail provider's app password by its CJK names (the SMTP "authorization code" of QQ, 163, Gmail's
# app password): only ever read with the four-groups shape below
_APP_LABEL = re.compile(r"授权码|授權碼|密码|密碼|パスワード|비밀번호|пароль")
_APP_NAME = re.compile(r"(?i)\bapp(?:lication)?[ -]?pass(?:word)?s?\b|授权码|授權碼|应用专用密码|應用程式密碼|アプリパスワード|"
                       r"앱 비밀번호|senha de app|contraseña de aplicaci")
_APP_PASSWORD = re.compile(r"(?<![\w-])([a-z]{4}(?: [a-z]{4}){3}|[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5})(?![\w-])")


# three or more lower-case words joined by one hyphen or underscore each (a kebab or snake passphrase),
# or two words and the number people add to one (lanternfish-copper-42, as password rules ask for a digit)
_JOINED = re.compile(r"[a-z0-9]{3,}(?:[-_][a-z0-9]{3,}){2,}|[a-z]{3,}(?:[-_][a-z]{3,})+[-_]\d{1,4}")


def chosen_name(name: str) -> bool:
    return _CHOSEN.search(name) is not None


def passphrase(value: str, alone: bool = False) -> bool:
    """Run-together words (orangebicycletoast), perhaps with digits: in one case, 15 letters or more — longer than words run (10 when the value stands
    alone on its own line under its name: prose would go on in a sentence there)."""
    v = value.strip()
    # words joined by hyphens or underscores read the same (orange-bicycle-toast): the joins go
    if _JOINED.fullmatch(v):
        v = v.replace("-", "").replace("_", "")
    # (digits among the letters too: a chosen signing secret is words and a year, acmeportalsigning2024key;
    # acmeportal2024key, 13 letters, only when it stands alone under its name)
    if not v.isascii() or not v.isalnum() or sum(c.isalpha() for c in v) < (10 if alone else 15):
        return False
    if not (v.islower() or v.isupper()):
        return False   # words capitalised one by one are a name in code (GetSecretValueCommand)
    return not _STAND_IN.search(v) and not looks_placeholder(v) and entropy(v) >= 2.8


def listed(text: str, vstart: int) -> bool:
    """A bare value right after a word and a comma: the next item of a list of names
    ("PasswordBearerScheme, issue_access_token, load_user"), not a value given to the name before it."""
    return text[vstart - 2:vstart] == ", " and text[vstart - 3:vstart - 2].isalnum()


# tried on the lower-cased text; a key's or a token's value below its name counts only when it is
# random as generated keys are (detect.py grades it: a chosen word under "key:" is a name)
_NAME_WORD = re.compile(r"passw|pwd|passphrase|contrase|secret|senha|\bkey\b|\btoken\b|api[_ -]?key")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")   # kana, CJK, Hangul
_NAME_CHARS = re.compile(r"[\w.-]*")


_KEY_LABEL = re.compile(r"\b(?:key|token|api[_ -]?key)\b[^\n]{0,80}[:=：][ \t]*\n")


_LABEL_END = re.compile(r"[:=：][ \t]*\n")   # (a line that ends as a label: found in C, before the word's pattern)


def labels_a_key(low: str) -> bool:
    """A line that ends labelling a key or a token (rare: "key" alone is in most texts)."""
    return _LABEL_END.search(low) is not None and _KEY_LABEL.search(low) is not None


def values_below(text: str, low: str) -> Iterator[tuple[str, int, int]]:
    """(name, start, end) of each value alone on the line under a line that ends naming a
    password, a secret, a key or a token (the caller grades a key's or a token's as generated or
    not). Only the lines holding such a word are looked at (a few per text)."""
    hits = list(_NAME_WORD.finditer(low))
    for k, w in enumerate(hits):
        nl = text.find("\n", w.end())
        if nl < 0:
            return
        if k + 1 < len(hits) and hits[k + 1].start() < nl:
            continue   # a later such word on the line: the line's last name is judged
        line_start = text.rfind("\n", 0, w.start()) + 1
        start = w.start()
        while start > line_start and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
            start -= 1
        end = _NAME_CHARS.match(text, w.end()).end()
        if _LEADS_IN.search(text, line_start, nl) is None and (
                _NAME_ENDS.match(text, end, nl) is None or not any(c in "._" for c in text[start:end])):
            continue   # neither a label ("password:", "… is") nor a key's name ending the line: a word of prose
        nxt = text.find("\n", nl + 1)
        lone = _LONE.fullmatch(text, nl + 1, nxt if nxt >= 0 else len(text))
        if lone is not None and not _UNSPACED.search(lone.group(1)):   # (a CJK line is prose, not a token)
            yield text[start:end], lone.start(1), lone.end(1)


def app_passwords(text: str, low: str) -> Iterator[tuple[int, int]]:
    """(start, end) of a provider's app password in its four groups of four letters, on a line
    that names a password ("app password: abcd efgh ijkl mnop")."""
    if "pass" not in low and "senha" not in low and "contrase" not in low and _APP_LABEL.search(low) is None:
        return
    for m in _APP_PASSWORD.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        groups = m.group(1).split()
        v = "".join(groups)
        # Google's letters are drawn at random: a group with no vowel, or few vowels in all (four
        # words of four letters, "some have more than", have a vowel each and two in five letters)
        drawn = any(not re.search("[aeiouy]", g) for g in groups) or \
            sum(c in "aeiouy" for c in v) < 0.3 * len(v)
        # named as an app password itself ("app password:", 授权码), four groups are that password
        # whatever its letters: the label, not the vowels, rules out four words of prose
        named = _APP_NAME.search(text, start, m.start()) is not None
        mixed = len(groups) == 4 and (drawn or named) or (any(c.isdigit() for c in v) and any(c.isupper() for c in v)
                                                          and any(c.islower() for c in v))
        if mixed and (_CHOSEN.search(text, start, m.start()) or _APP_LABEL.search(text, start, m.start())) and entropy(v) >= 3.0 and not looks_placeholder(v) \
                and len(set(groups)) == len(groups):
            yield m.span(1)


# an environment variable's own name for a credential: capitals and underscores ending in what it holds
_ENV_NAME = re.compile(r"(?<![\w$.-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:TOKEN|SECRET|API_?KEY|ACCESS_KEY|PASSWORD)(?![\w-])")
_TICKED = re.compile(r"`([A-Za-z0-9_+/=.~-]{20,200})`")
_OTHER_NAME = re.compile(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+|`")
_ENV_HINTS = ("TOKEN", "SECRET", "KEY", "PASSWORD")


def named_later(text: str) -> Iterator[tuple[str, int, int]]:
    """(name, start, end) of the first value in backticks after an environment variable's credential
    name on its line, within 80 characters and with no other name or code span between: the value the
    line gives that variable, in prose of any language (the caller keeps only a generated one)."""
    if "`" not in text or not any(w in text for w in _ENV_HINTS):
        return
    for m in _ENV_NAME.finditer(text):
        after = m.end() + 1 if text.startswith("`", m.end()) else m.end()   # the name in code: `SHOP_TOKEN` → `…`
        nl = text.find("\n", after)
        tick = text.find("`", after, min(nl if nl >= 0 else len(text), after + 80))
        if tick >= 0 and _OTHER_NAME.search(text, after, tick) is None and (v := _TICKED.match(text, tick)) is not None:
            yield m.group(0), v.start(1), v.end(1)
