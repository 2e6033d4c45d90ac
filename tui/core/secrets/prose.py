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
from .grade import grade, random_by_measure

# the word for password, in the languages agents write memory in
# (a word of a script written without spaces is a word wherever it stands: 数据库密码, 默认密码是)
_WORD = re.compile(r"(?i)(?<![\w-])(?:pass(?:word|wort|wd)|(?P<short>pwd|pw|mdp)|senha|contrase(?:ñ|n)a|mot de passe|"
                   r"[şs]ifre(?:si)?|parola|wachtwoord|has[łl]o|m[ậa]t kh[ẩa]u|пароль|비밀번호|암호)(?![\w-])|"
                   r"パスワード|密码|密碼|口令")
# between the word and the value: a colon, '=', an arrow or dash, 'is' in a few languages, a
# particle (は, 는, 是), or only white space
# whose password, before the label's colon: "password for staging:", "Пароль от сервера:", "senha do banco:"
# (not "password policy:", "password reset:": a compound names a thing about passwords, not one)
# or an account's name right after the word ("Senha Root:", "Contraseña admin:", "Password DB:")
_LINK = re.compile(r"""(?:[ \t]+(?:for|of|to|on|de|do|da|del|della|des|du|für|pour|от|для|của|cho)"""
                   r"""(?:[ \t]+[^\W\d_][\w.-]{0,19}){1,2}(?=[ \t]*(?:\*\*)?[ \t]*[:：=])|"""
                   r"""[ \t]+(?i:root|admin|administrator|sudo|db|bd|ssh|ftp|sftp|mysql|postgres|wifi|wi-fi)"""
                   r"""(?=[ \t]*(?:\*\*)?[ \t]*[:：=]))?"""
                   r"""[ \t]*(?:\([^()\n]{0,30}\)[ \t]*)?(?:\*\*?[ \t]*)?(?P<op>[:：=]|->|→|—|–|\bis\b|\bes\b|\bé\b|\best\b|\bist\b|\bera\b|"""
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
        # a colon, '=' or a value in backticks is a label's; "is" is prose's, which goes on in words; a
        # particle (密码是 …, パスワードは …) labels a value typed in ASCII (prose there is in its own script)
        op, v = m.group("op") or "a", m.group("v")
        yield m.start("v"), m.end("v"), op in ":：=->→—–" or text[m.start("v") - 1] == "`" or \
            op in "はがは是为為는은" and v.isascii()


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


# A label, a word for the kind of credential, then the value in backticks (issue 36, stop 37):
# "GITHUB_PAT: token `…`", "DB: password `…`", "Redis: auth `…`", "NAS: passphrase `…`". The
# backticks say the value is given as such; the label (a name and a colon or '=') says what of.
_KIND_WORDS = r"(?:token|pat|password|passwd|pass|pwd|pw|passphrase|secret|api[ _-]?key|auth|credential|creds|" \
              r"senha|contrase(?:ñ|n)a|mot de passe|passwort|пароль|비밀번호|パスワード|密码|密碼)"
# (found from the word and its backtick, then the line read from its start: the whole pattern tried
# at every line cost ~0.3 s over 3,000 entries)
_KIND_BEFORE = re.compile(r"(?<![\w-])" + _KIND_WORDS + r"(?:\*\*)?[ \t]*[:=]?[ \t]*$")   # on the lower-cased text
_LABEL_WORD_TICKS = re.compile(r"(?i)[ \t>*+-]*(?:\*\*)?[\w .@/-]{1,40}?(?:\*\*)?[ \t]*(?:[:：=]|\*\*:)[ \t]*(?:\*\*)?"
                               r"(?:[\w-]+[ \t]+){0,2}?" + _KIND_WORDS + r"(?:\*\*)?[ \t]*[:=]?[ \t]*`([^`\s]{6,128})`")
# A service's label, then a login and its password: "FTP=deploy/`…`", "SMTP: mailer / Xv9…"
_SERVICES = r"(?:s?ftps?|ssh|smtp|imap|pop3?|db|database|mysql|mariadb|postgres(?:ql)?|psql|mongo(?:db)?|redis|rdp|vnc|" \
            r"wi-?fi|router|admin|root|cpanel|plesk|wordpress|wp-admin|jenkins|grafana|kibana|rabbitmq|nas|vpn|mail|" \
            r"webmail|server|servidor|서버|サーバー|服务器)"
_SERVICE_START = re.compile(r"(?m)^[ \t>*+-]*(?:\*\*)?" + _SERVICES + r"\b")   # on the lower-cased text
_SERVICE_PAIR = re.compile(r"(?im)[ \t>*+-]*(?:\*\*)?" + _SERVICES + r"\b[\w .()-]{0,24}?(?:\*\*)?[ \t]*(?:[:：=]|\*\*:)"
                           r"[ \t]*(?:\*\*)?`?([\w.@+-]{2,40})`?[ \t]*/[ \t]*(?:(`)([^`\s]{4,128})`|([^\s`/]{6,128})(?=[\s,;.]*$))")
_PAIR_HINTS = ("ftp", "ssh", "smtp", "imap", "pop", "db", "database", "sql", "postgres", "mongo", "redis", "rdp", "vnc",
               "wi", "router", "admin", "root", "panel", "plesk", "wordpress", "wp-", "jenkins", "grafana", "kibana",
               "rabbit", "nas", "vpn", "mail", "server", "servidor", "서버", "サーバー", "服务器")
_KIND_HINTS = ("token", "pat", "pass", "pw", "secret", "api", "auth", "cred", "senha", "contrase", "mot de passe",
               "пароль", "비밀번호", "パスワード", "密码", "密碼")
_LOGIN_WORDS = frozenset(("user", "username", "login", "usuario", "usuário", "benutzer", "utilisateur", "name", "id"))
_PASS_WORDS = frozenset(("pass", "password", "pwd", "pw", "senha", "contraseña", "passwort", "mdp", "secret"))


def _stand_in(v: str) -> bool:
    """A placeholder, a variable, or an env var's name in a value's place (<password>, ${X}, GITHUB_TOKEN)."""
    return bool(_STAND_IN.search(v) or _NEVER.match(v) or re.fullmatch(r"[A-Z][A-Z0-9_]{2,}", v))


# a name, not a value: lower-case words joined by _ - : (id_rsa, read:org, created_at), or elided (ghp_...)
_A_NAME = re.compile(r"[a-z][a-z0-9]*(?:[_:-][a-z0-9]+)+|.*(?:\.\.\.|…).*")


def labelled_values(text: str, low: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, how) of each value in backticks after a label and a credential's word, and of
    each password after a service's label and a login (``how``: 'ticks' when given in backticks)."""
    if len(low) != len(text):   # lower() changed lengths (İ): positions must not drift
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    if "`" in text and any(map(low.__contains__, _KIND_HINTS)):
        lines = set()
        i = text.find("`")
        while i >= 0:   # each backtick with a credential's word just before it
            if _KIND_BEFORE.search(low, max(0, i - 24), i):
                lines.add(text.rfind("\n", 0, i) + 1)
            i = text.find("`", i + 1)
        for start in sorted(lines):
            m = _LABEL_WORD_TICKS.match(text, start)
            if m is None:
                continue
            v = m.group(1)
            if not _stand_in(v) and "." not in v.strip(".") and not _A_NAME.fullmatch(v):
                yield m.start(1), m.end(1), "ticks"   # (an env var's name, secrets.X: names, not values)
    if "/" in text and any(map(low.__contains__, _PAIR_HINTS)):
        for start in _SERVICE_START.finditer(low):
            m = _SERVICE_PAIR.match(text, start.start())
            if m is None:
                continue
            user, ticked = m.group(1), m.group(2) is not None
            g = 3 if ticked else 4
            v = m.group(g)
            if user.lower() in _LOGIN_WORDS or v.lower() in _PASS_WORDS or _STAND_IN.search(v) or _NEVER.match(v) \
                    or _A_NAME.fullmatch(v) \
                    or re.fullmatch(r"[A-Z][A-Z0-9_]{2,}|\d+|[a-z]+|[\w-]+\.\w{1,5}", v):
                continue   # "user / pass", "host/port", "8080/tcp", a word, a file name: no login and password
            yield m.start(g), m.end(g), "ticks" if ticked else "bare"


# a key named in another language, then its value quoted within a few characters (密钥 `…`, clave "…")
_KEY_WORDS = ("密钥", "密鑰", "秘钥", "秘鑰", "金鑰", "비밀키", "암호키", "암호화 키", "暗号鍵", "鍵", "キー", "clave", "chave",
              "clé", "schlüssel")
_KEYED = re.compile(r"(?i)(?:" + "|".join(map(re.escape, _KEY_WORDS)) + r")[^`'\"\n]{0,12}[`'\"]([^`'\"\s]{12,128})[`'\"]")
# an HTTP header that carries a credential, with a literal value (X-Deploy-Token: …, Authorization: Bearer …)
_HEADER = re.compile(r"(?i)(?<![\w-])(?:x-[a-z0-9-]*(?:token|key|secret|auth)|authorization|api-key)[ \t]*:[ \t]*"
                     r"(?:(?:bearer|token|basic)[ \t]+)?([^\s\"'`\\]{12,200})")


_CODE = re.compile(r"[(),;]|^(?:this|self|process|os|env|config|settings|request|req)\.")   # code, not a value: this.apiKey


def keyed_values(text: str, low: str) -> Iterator[tuple[int, int, bool]]:
    """(start, end, generated) of a value after a key's name in another language (only when random
    as keys are) or after a credential-carrying HTTP header (a static token may be words)."""
    if any(w in low for w in _KEY_WORDS):
        for m in _KEYED.finditer(text):
            if random_by_measure(m.group(1)):
                yield m.start(1), m.end(1), True
    if "x-" in low or "authorization" in low or "api-key" in low:   # (the header names _HEADER knows)
        for m in _HEADER.finditer(text):
            v = m.group(1)
            if not _stand_in(v) and not _CODE.search(v):
                yield m.start(1), m.end(1), False


def prose_credentials(text: str, low: str, add) -> None:
    """``add(rule, title, start, end, confidence=…)`` each password written after its label or
    given on a command line, graded as after a password's name (secrets/grade)."""
    for start, end, label in labelled(text, low):
        sure = grade(text[start:end], "password")
        if sure == "high" or sure == "possible" and label:
            add("generic-secret", "a password written after its label", start, end, confidence=sure)
    for start, end, how in labelled_values(text, low):
        sure = grade(text[start:end], "password")
        if sure == "high" or sure == "possible" and how == "ticks":
            add("generic-secret", "a credential written after its label", start, end, confidence=sure)
    for start, end, generated in keyed_values(text, low):
        sure = "high" if generated else grade(text[start:end], "password")
        if sure is not None:
            add("generic-secret", "a key or token written after its name", start, end, confidence=sure)
    for start, end in command_values(text, low):
        sure = grade(text[start:end], "password")
        if sure is not None:
            add("generic-secret", "a password given on a command line", start, end, confidence=sure)
