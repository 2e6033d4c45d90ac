"""Test 3: a fact the entry names another way than the project writes it (issue 37, stop 51).

A setting named by its path of keys (.NET's ``Booking:WindowHours``, ``Booking__WindowHours`` in the
environment, a dotted ``mail.from_address``) is the line that sets its last key under its earlier
keys, or in a file they name (Laravel's ``config/mail.php``); a route as the docs write it
(``POST /checkin/{bookingId}``) is the line that maps it with its method and its own parameter
syntax. Each answers the one project line that states it (a fact file first), or none.
"""
from __future__ import annotations

import re

from ..judging.project_index import _FACT_FILE


def named_elsewhere(text: str, idx) -> list:
    """The project line that states ``text`` (a route or a path of keys) in the project's own way."""
    if (route := _ROUTE.match(text)):
        return _route(route, idx)
    if _KEY_PATH.match(text):
        return _key_path(text, idx)
    if _PLACEHOLDER.search(text):
        return _templated(text, idx)
    return []


def _first(idx, ids, test) -> list:
    for i in sorted(ids, key=lambda i: not _FACT_FILE.search(idx.file_name(i))):
        pl = idx.line(i)
        if test(pl, i):
            return [pl]
    return []


# a setting named by its path of keys, as the code or the docs read it: .NET's ``Booking:WindowHours``
# (``Booking__WindowHours`` in the environment), a dotted ``mail.from.address``; the config file holds
# it nested, or in a file named by its first part (Laravel's ``config/mail.php``)
_KEY_PATH = re.compile(r"^[A-Za-z_][\w-]*(?:(?::|__|\.)[A-Za-z_][\w-]*)+$")
_KEY_PART = re.compile(r":|__|\.")


def _key_line(key: str) -> re.Pattern:
    """A line that gives ``key`` a value or opens its block: ``"Key": 12``, ``key: 12``, ``key = 12``,
    ``'key' => 12``, ``[key]``, ``<Key>12</Key>``."""
    k = re.escape(key)
    return re.compile(rf"(?i)^\s*(?:-\s*)?(?:[\"']?{k}[\"']?\s*(?:=>|[:=])|\[(?:[\w.-]+\.)?{k}\]|<{k}>)")


def _key_path(text: str, idx) -> list:
    """The line that sets the path's last key, in a file where each earlier part is a key opened
    above it (less indented) or a part of the file's name."""
    parts = [p for p in _KEY_PART.split(text) if p]
    last, parents = parts[-1], parts[:-1]
    this, opens = _key_line(last), [(p.lower(), _key_line(p)) for p in parents]

    def test(pl, i):
        if not this.match(pl.text):
            return False
        f, n = idx.where(i)
        lines, named = idx._text_of(f), set(re.split(r"[/._\-]+", pl.file.lower()))
        depth = len(pl.text) - len(pl.text.lstrip())
        for low, opener in opens:
            if low in named:
                continue
            for k in range(n - 2, -1, -1):
                above = lines[k]
                if len(above) - len(above.lstrip()) < depth and opener.match(above):
                    break
            else:
                return False
        return True
    return _first(idx, idx.lines_with(last.lower()), test)


# a route as the docs write it, ``POST /checkin/{bookingId}``: the code declares it with its method
# (``MapPost``, ``@PostMapping``, ``Route::post``, ``router.post``) and its parameters in its own way
# (``{bookingId:guid}``, ``:bookingId``, ``<int:booking_id>``)
_ROUTE = re.compile(r"(?i)^(get|post|put|patch|delete)\s+(/[\w/{}:<>\[\].-]*)$")
_ROUTE_PARAM = re.compile(r"\{[^}/]*\}|<[^>/]*>|\[[^\]/]*\]|(?<=/):\w+")


def _route(m, idx) -> list:
    method, path = m.group(1).lower(), _ROUTE_PARAM.sub("{}", m.group(2).rstrip("/"))
    fixed = [w for w in re.split(r"[^a-z0-9_]+", _ROUTE_PARAM.sub(" ", m.group(2)).lower()) if len(w) >= 2]
    if not fixed:
        return []

    def said(text: str) -> bool:   # the method as a word or a part of one (MapPost, @PostMapping, Route::post)
        return method in re.split(r"[^a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).lower())

    def test(pl, i):
        for lit in re.findall(r"[\"'](/[^\"'\s]*)[\"']", pl.text):
            if _ROUTE_PARAM.sub("{}", lit.rstrip("/")).lower() == path.lower():
                return said(pl.text)
        return False
    return _first(idx, idx.lines_with(*sorted(set(fixed), key=len, reverse=True)[:2]), test)


# a value written with a placeholder, ``<env>/terraform.tfstate``, ``s3://{bucket}/logs``: the project
# writes the same value with the same name as its own variable (``$(ENV)`` in a Makefile, ``${env}``
# in a shell or HCL string, ``{{ .Values.env }}`` in a template, ``%ENV%``); another name is another value
_PLACEHOLDER = re.compile(r"<([A-Za-z_][\w-]{0,30})>|\{([A-Za-z_][\w-]{0,30})\}|\$\{?([A-Za-z_]\w{0,30})\}?")


def _variable(name: str) -> str:
    n = re.escape(name)
    return (rf"(?:\$\(\s*{n}\s*\)|\$\{{\s*(?:var\.|local\.)?{n}\s*\}}|\${n}(?!\w)|<{n}>|\{{{n}\}}|%{n}%|"
            rf"\{{\{{-?\s*\.?(?:[\w]+\.)*{n}\s*-?\}}\}})")


def _templated(text: str, idx) -> list:
    pattern, at, names = "", 0, []
    for m in _PLACEHOLDER.finditer(text):
        name = next(g for g in m.groups() if g)
        pattern += re.escape(text[at:m.start()]) + _variable(name)
        at, names = m.end(), names + [name]
    pattern += re.escape(text[at:])
    fixed = [w for w in re.split(r"[^a-z0-9_]+", _PLACEHOLDER.sub(" ", text).lower()) if len(w) >= 3]
    if not fixed or sum(map(len, fixed)) < 6:
        return []   # "<env>/<app>": no literal of its own to find
    found = re.compile(rf"(?i)(?<![\w/.-]){pattern}(?![\w-])")
    return _first(idx, idx.lines_with(*sorted(set(fixed), key=len, reverse=True)[:2]),
                  lambda pl, i: bool(found.search(pl.text)))
