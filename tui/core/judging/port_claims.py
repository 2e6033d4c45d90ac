"""Two entries that give one named thing two ports (SPEC §6: a contradiction is review, naming
both entries and lines): "the metrics endpoint listens on :9090" here, "Der Metrics-Endpunkt
läuft auf :9102" there. The agent would believe whichever it read last; a person says which holds.

A port claim is a port (``:9102``, ``port 9102``, ``puerto 9102``, ``ポート 9102``; 1024–65535, or
80/443 after a word of port) bound to the words just before it in its clause (``metrics``,
``endpunkt``); generic words (server, service, local, port, runs on …) bind nothing. Two claims
conflict when they share a bound word, one's words are all among the other's (the research
database and the synthesis database are two things), they give different ports, and neither
entry names the other's port for that word (an entry that says both is telling what changed, or two things).
A word bound in many claims (a folder that names the API's port everywhere, dev and prod) is
skipped. Only the standard library.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ..textutil import line_span
from .conflicts import Conflict

_PORT = re.compile(r"(?i)(?:(?<![\w:/.])(?:localhost|127\.0\.0\.1|0\.0\.0\.0)?:(\d{4,5})\b(?![:.]\d)|"
                   r"\b(?:port|puerto|porta|porto|ports?|порт)\s*[:=]?\s*(\d{2,5})\b(?![:.]\d)|"
                   r"(?:ポート|端口|포트)\s*[:：]?\s*(\d{2,5})(?!\d))")
_CLAUSE = re.compile(r"[,;()\[\]。，；、]|\s[—–]\s|\.\s|\b(?:damit|so that|because|weil|porque|pero|but|aber|y|and|und)\b")
# a clause word that ends where a port begins ("damitポート 8080"): a break only when the line is cut there
_CLAUSE_END = re.compile(r"\b(?:damit|so that|because|weil|porque|pero|but|aber|y|and|und)$")
_WORD = re.compile(r"[^\W\d_]{4,}")
GENERIC = frozenset("""port ports puerto porta porto server servers service services servicio serviço dienst
listens listen listening runs running läuft corre roda läuft auf with mit con com dans sur from the this that
local localhost lokal lokalen default http https host hosts always never must uses using used usa usar nutzt
also auch también también también tambien then dann luego running endpoint endpoints endpunkt""".split())
_MAX_CLAIMS = 6


@dataclass
class PortClaim:
    entry: str
    line: int
    port: str
    words: frozenset


def claims_in(entry_id: str, lines) -> list[PortClaim]:
    """The port claims of one entry's lines (triage_lines.Line: n, text)."""
    out = []
    for ln in lines:
        if ln.kind == "code" or not any(c in ln.text for c in (":", "ort", "ポート", "端口", "포트", "порт")):
            continue
        text, read = ln.text, None
        for m in _PORT.finditer(text):
            port = next(g for g in m.groups() if g)
            n = int(port)
            if not (1024 <= n <= 65535 or n in (80, 443) and not m.group(1)):
                continue
            read = read or _Read(text)
            words = [w for w in read.words_before(m.start()) if w not in GENERIC]
            if words:
                out.append(PortClaim(entry_id, ln.n, port, frozenset(words)))
    return out


class _Read:
    """One line's clause breaks and words, found once: the words just before each of its ports
    are then looked up, where splitting the line up to every port again grew with the square of
    a long line (a pasted table of a hundred ports)."""

    def __init__(self, text: str):
        self.text = text
        self.breaks = [b.end() for b in _CLAUSE.finditer(text)]
        self.words = [(w.start(), w.end()) for w in _WORD.finditer(text)]
        self.starts = [a for a, _ in self.words]

    def words_before(self, at: int) -> list[str]:
        """The last four words (of four letters or more, lower case) of the clause that ``at`` ends."""
        k = bisect_right(self.breaks, at) - 1
        begin = self.breaks[k] if k >= 0 else 0
        if _CLAUSE_END.search(self.text[max(0, at - 9):at]):
            return []
        lo, hi = bisect_left(self.starts, begin), bisect_left(self.starts, at)
        got = [self.text[a:min(b, at)].lower() for a, b in self.words[max(lo, hi - 5):hi]]
        return [w for w in got if len(w) >= 4][-4:]


def port_conflicts(lines_of: dict) -> dict[str, list[Conflict]]:
    """entry id → the port conflicts it is part of; ``lines_of``: id → its content lines."""
    claims = [c for i, lines in lines_of.items() for c in claims_in(i, lines)]
    by_word: dict[str, list[PortClaim]] = {}
    for c in claims:
        for w in c.words:
            by_word.setdefault(w, []).append(c)
    out: dict[str, list[Conflict]] = {}
    for w, cs in by_word.items():
        if len(cs) > _MAX_CLAIMS:
            continue
        ports = {}
        for c in cs:
            ports.setdefault(c.entry, set()).add(c.port)
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                if a.entry == b.entry or a.port == b.port or a.port in ports[b.entry] or b.port in ports[a.entry]:
                    continue
                if not (a.words <= b.words or b.words <= a.words):
                    continue   # "research postgres" and "synthesis postgres": two databases, not one
                for x, y in ((a, b), (b, a)):
                    reason = f"line {x.line} gives {w} port {x.port}; {y.entry}:{y.line} gives {y.port} — which holds?"
                    mine = out.setdefault(x.entry, [])
                    if not any(k.reason.split(";")[1:] == reason.split(";")[1:] for k in mine):
                        mine.append(Conflict(x.line, reason))
    return out


# where a value holds: one service's port differs between these by design ("locally on 3000")
_ENV = re.compile(r"(?i)\b(local(?:ly|host)?|dev(?:elopment)?|prod(?:uction)?|stag(?:e|ing)|test(?:ing)?|ci|docker|"
                  r"containers?|remote|lokal|producci[oó]n|produ[cç][aã]o|desarrollo|desenvolvimento)\b")
_ENV_ROOT = (("local", "local"), ("lokal", "local"), ("dev", "dev"), ("desa", "dev"), ("desen", "dev"), ("prod", "prod"),
             ("stag", "staging"), ("test", "test"), ("container", "docker"))


def environment(text: str, at: int) -> frozenset[str]:
    """The environments the line holding ``at`` names (local, dev, prod, staging, test, ci, docker,
    remote), each under one root: two ports of one service in two of them both hold."""
    line = text[slice(*line_span(text, at))].lower()
    return frozenset(next((root for p, root in _ENV_ROOT if w.startswith(p)), w) for w in _ENV.findall(line))

