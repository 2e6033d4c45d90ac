"""More claims two entries can contradict (issue 36 item 3, stop 37): the held-out pool of stop 36
held six contradictions and the audit found none. Each shape names its subject exactly, so two
lines meet only when they speak of the same named thing:

- a setting of a named component, with its number and unit: "the payments client uses a timeout of
  2 s" / "the payments client (timeout 10 s)" — the subject is "payments client timeout";
- whether a named feature is built: "the CSV export is not built yet" / "CSV export: built and
  verified" — the subject is "csv export built";
- whether the repository has a remote: "local only, no git remote" / "origin is
  https://github.com/…".

A line that says its value was replaced ("was 2 s", "previously", "→") is history, not a claim.
Every conflict from these shapes is ``possible``: a false conflict is worse than a missed one.
"""
from __future__ import annotations

import re

# each shape is found from its own words (a pattern tried at every place of every entry cost ~2 s
# over 3,000 entries); the named thing is then read back on the same line, just before them
_SETTING = re.compile(r"(?i)\b(timeout|ttl|interval|retries|retry limit|pool size|batch size|rate limit|max connections|"
                      r"concurrency)\b(?:[ \t]+(?:of|is|=|set to|at))?[ \t:=]*(\d+(?:\.\d+)?)[ \t]*"
                      r"(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?|rps|req/s|per second|per minute)?(?![\w/])")
# the component, before the setting on its line: "the payments client (timeout", "payments client uses a timeout"
_COMPONENT = re.compile(r"(?i)(?<![\w-])((?:[A-Za-z][\w-]*[ \t]){0,2}?(?:client|service|api|worker|job|queue|cache|server|"
                        r"database|db|pool|proxy|gateway|cron|webhook|consumer|producer|scheduler))\b[^.;\n]{0,40}$")
_SECONDS = {"ms": 0.001, "millisecond": 0.001, "s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60,
            "h": 3600, "hour": 3600}
# a feature said built or not: "<name> is not built yet" / "<name>: built and verified"
_STATE = re.compile(r"(?i)(?:[ \t]+(?:is|isn['’]t|are|was)|[ \t]*:)[ \t]*(?:\*\*)?[ \t]*"
                    r"(not (?:yet )?(?:built|implemented|started)(?: yet)?|(?<=n['’]t )(?:built|implemented) yet|"
                    r"(?:built|implemented|shipped) and (?:verified|tested|deployed)|(?:now )?live in production)\b")
_FEATURE = re.compile(r"(?:^|[\s(>*-])\*{0,2}((?:[A-Z]{2,5}|[a-z][\w-]*)(?:[ \t][a-z][\w-]*){0,2})\*{0,2}$", re.I)
_NO_REMOTE = re.compile(r"(?i)\b(?:no|without(?: a)?|has no|there is no)[ \t]+(?:git[ \t]+)?remote\b|"
                        r"\b(?:sin|sem|ningún|nenhum)[ \t]+(?:git[ \t]+)?remoto\b|\bpas de remote\b|\bkein(?:en)? remote\b|"
                        r"(?:没有|无|不设|沒有)(?:git[ \t]*)?远程|リモート(?:は)?(?:なし|無し|を持たない)|원격(?:이)?[ \t]*없")
# a repository's address said to be where it lives: after remote/origin, or after a word that
# says it is published or pushed there ("vive publicado en github.com/x/y", "pushed to …")
_REMOTE = re.compile(r"(?i)(?:\b(?:remote|origin|remoto)\b|\b(?:published|pushed|hosted|lives|publicado|publicada|"
                     r"subido|enviado|hospedado|publié|veröffentlicht)\b|推送到|托管在|公開先|푸시)(?:[^\n]|\n(?!\s*\n)){0,30}?"   # (a paragraph may wrap between)
                     r"(?:(?:https?://|git@)[\w.-]+[:/]|(?<![\w.])(?:github|gitlab|bitbucket|codeberg)\.(?:com|org)/)"
                     r"[\w.-]+/[\w.-]+")
_REPLACED = re.compile(r"(?i)\b(?:was|were|previously|formerly|used to|no longer|replaced|superseded|old|changed from|"
                       r"instead of|until)\b|→|->|~~")
_ARTICLES = {"the", "a", "an", "our", "its", "their"}
_NOT_FEATURES = {"it", "this", "that", "which", "what", "everything", "nothing", "something", "code", "test", "tests",
                 "everything else", "rest", "build", "note", "notes", "status", "result", "state"}
_SETTING_HINTS = ("timeout", "ttl", "interval", "retries", "retry limit", "pool size", "batch size", "rate limit",
                  "max connections", "concurrency")
_REMOTE_HINTS = ("remote", "origin", "remoto", "远程", "遠程", "リモート", "원격", "github.", "gitlab.", "bitbucket.",
                 "codeberg.")
_STATE_HINTS = ("not built", "not yet built", "not implemented", "not yet implemented", "not started", "not yet started",
                "n't built", "n't implemented", " and verified", " and tested", " and deployed", "live in production")


def _line(text: str, pos: int) -> str:
    start, end = text.rfind("\n", 0, pos) + 1, text.find("\n", pos)
    return text[start:end if end >= 0 else len(text)]


def _name(words: str) -> str:
    parts = [w for w in words.lower().split() if w not in _ARTICLES]
    return " ".join(parts)


def _seconds(number: str, unit: str | None) -> str:
    if not unit:
        return number
    u = unit.lower().rstrip("s") if unit.lower() not in ("s", "ms") else unit.lower()
    factor = _SECONDS.get(u)
    return f"{float(number) * factor:g}s" if factor else f"{number} {unit.lower()}"


def setting_claims(text: str) -> list[tuple[str, str, int, str]]:
    """(subject, value, offset, phrase) for each claim of the shapes above in ``text``."""
    low = text.lower()
    out = []
    if any(map(low.__contains__, _SETTING_HINTS)):
        for m in _SETTING.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            c = _COMPONENT.search(text, max(line_start, m.start() - 80), m.start())
            if c is not None and not _REPLACED.search(_line(text, m.start())):
                out.append((f"{_name(c.group(1))} {m.group(1).lower()}", _seconds(m.group(2), m.group(3)), c.start(1),
                            text[c.start(1):m.end()]))
    if any(map(low.__contains__, _STATE_HINTS)):
        for m in _STATE.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            f = _FEATURE.search(text, max(line_start, m.start() - 60), m.start())
            if f is None or _REPLACED.search(_line(text, m.start())):
                continue
            name = _name(f.group(1))
            if name and name not in _NOT_FEATURES:
                value = "not built" if m.group(1).lower().startswith("not") or "n't" in m.group(0) else "built"
                out.append((f"{name} built", value, f.start(1), text[f.start(1):m.end()].replace("**", "")))
    if any(map(low.__contains__, _REMOTE_HINTS)):
        for rx, value in ((_NO_REMOTE, "none"), (_REMOTE, "a url")):
            for m in rx.finditer(text):
                if not _REPLACED.search(_line(text, m.start())):
                    out.append(("git remote", value, m.start(), " ".join(m.group(0).split())))
    return out
