"""Passwords written in prose and passed in commands (issue 36): a literal value after the
word for "password" in the languages memory is written in, with or without a colon
("비밀번호 …", "senha: …", "mot de passe est …", "şifre …"), and a password given on a command
line (``sshpass -p …``, ``mysql -p…``, ``redis-cli -a …``, ``echo '…' | sudo -S``).

The label alone never makes a secret: the value is graded as after any password's name
(secrets/grade), and with no colon between them (prose goes on in a sentence there) only a
value that reads as a made password (three classes, varied) or a random one is kept. A
placeholder, a variable (``$PW``, ``${X}``), a reference ("in 1Password", ".env") is no value.
"""
from __future__ import annotations

import re
from typing import Iterator

from .assign import _NEVER
from .grade import grade

# the word for password, in the languages agents write memory in
_WORD = re.compile(r"(?i)(?<![\w-])(?:pass(?:word|wort|wd)|(?P<short>pwd|pw|mdp)|senha|contrase(?:ñ|n)a|mot de passe|"
                   r"[şs]ifre(?:si)?|parola|wachtwoord|has[łl]o|m[ậa]t kh[ẩa]u|пароль|비밀번호|암호|パスワード|密码|密碼|口令)"
                   r"(?![\w-])")
# between the word and the value: a colon, '=', an arrow or dash, 'is' in a few languages, a
# particle (は, 는, 是), or only white space
_LINK = re.compile(r"""[ \t]*(?:\([^()\n]{0,30}\)[ \t]*)?(?:\*\*?[ \t]*)?(?P<op>[:：=]|->|→|—|–|\bis\b|\bes\b|\bé\b|\best\b|\bist\b|\bera\b|"""
                   r"""[はがは是为為는은]|\bequals\b)?[ \t]*(?:\*\*?[ \t]*)?[ \t]*[`'"]?(?P<v>[^\s`'"<>()\[\],;]{6,64}?)[`'"]?(?=[\s,;)\]]|[.。、](?:\s|$)|$)""")
_STAND_IN = re.compile(r"(?i)^(?:\$|%|\{|<|!|&)|x{3,}|\*{3,}|your|example|sample|changeme|placeholder|redacted|"
                       r"1password|bitwarden|keepass|lastpass|vault|\.env$|dotenv|secret_?manager|keychain")


_ASCII_WORDS = ("passw", "pwd", "pw", "senha", "contrase", "mot de passe", "sifre", "parola", "wachtwoord", "haslo",
                "mat khau")
_OTHER_WORDS = ("contraseña", "şifre", "hasło", "mật khẩu", "пароль", "비밀번호", "암호", "パスワード", "密码", "密碼", "口令")


def labelled(text: str, low: str | None = None) -> Iterator[tuple[int, int, bool]]:
    """(start, end, labelled) of each value right after the word for password."""
    low = text.lower() if low is None else low
    if not any(map(low.__contains__, _ASCII_WORDS)) and (text.isascii() or not any(map(low.__contains__, _OTHER_WORDS))):
        return   # no word for password: most texts (the pattern tried at every place costs ~1 s a corpus)
    for w in _WORD.finditer(text):
        m = _LINK.match(text, w.end())
        if m is None or _STAND_IN.search(m.group("v")) or _NEVER.match(m.group("v")) or w.group("short") and m.group("op") is None:
            continue   # "pw", "pwd" and "mdp" alone are a folder's or a command's name as often
        # a colon or '=' is a label's; "is" and a particle are prose's, which goes on in words
        yield m.start("v"), m.end("v"), (m.group("op") or "a") in ":：=->→—–"


_VALUE = r"""(?:'([^'\s]{4,128})'|"([^"\s]{4,128})"|([^\s'"|;&<>]{4,128}))"""
_COMMANDS = [
    # sshpass -p VALUE, -pVALUE
    re.compile(r"\bsshpass\s+(?:-[a-oq-zA-Z]\s+\S+\s+)*-p\s*" + _VALUE),
    # mysql/mariadb/mysqldump … -pVALUE (glued: "-p VALUE" is a prompt then a database's name)
    re.compile(r"\b(?:mysql|mariadb|mysqldump|mysqladmin|mysqlimport)\b[^\n|;&]{0,120}?\s-p" + _VALUE),
    # redis-cli … -a VALUE
    re.compile(r"\bredis-cli\b[^\n|;&]{0,120}?\s-a\s+" + _VALUE),
    # echo 'VALUE' | sudo -S / docker login --password-stdin / chpasswd
    re.compile(r"\b(?:echo|printf)\s+(?:-[ne]\s+)?" + _VALUE + r"\s*\|\s*(?:sudo\b[^\n|]*\s-S\b|[^\n|]*--password-stdin)"),
]


_COMMAND_WORDS = (("sshpass",), ("mysql", "mariadb"), ("redis-cli",), ("echo", "printf"))


def command_values(text: str, low: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each password given on a command line."""
    for words, rx in zip(_COMMAND_WORDS, _COMMANDS):
        if not any(map(low.__contains__, words)) or rx is _COMMANDS[3] and "sudo" not in low and "stdin" not in low:
            continue
        for m in rx.finditer(text):
            g = next(i for i in (1, 2, 3) if m.group(i) is not None)
            if not _STAND_IN.search(m.group(g)) and not _NEVER.match(m.group(g)):
                yield m.span(g)


def prose_credentials(text: str, low: str, add) -> None:
    """``add(rule, title, start, end, confidence=…)`` each password written after its label or
    given on a command line, graded as after a password's name (secrets/grade)."""
    for start, end, label in labelled(text, low):
        sure = grade(text[start:end], "password")
        if sure == "high" or sure == "possible" and label:
            add("generic-secret", "a password written after its label", start, end, confidence=sure)
    for start, end in command_values(text, low):
        sure = grade(text[start:end], "password")
        if sure is not None:
            add("generic-secret", "a password given on a command line", start, end, confidence=sure)
