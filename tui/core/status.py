"""The status of each entry (SPEC §3): anchor, mentioned paths, age, load, flags."""
from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .anchors import AnchorChecker, AnchorResult
from .entry import MemoryEntry
from .index import MemoryIndex

STALE_DAYS = 30

_EXT = (
    "py pyi js mjs cjs ts tsx jsx json jsonc md mdx rst txt yaml yml toml ini cfg conf env lock "
    "sh bash zsh fish ps1 bat go rs rb java kt kts scala c h cc cpp cxx hpp hh cs fs php swift m mm "
    "sql html htm css scss sass less vue svelte astro xml svg gradle mk cmake proto graphql gql tf hcl "
    "lua pl pm r dart ex exs erl hrl hs ml mli clj cljs edn nix zig vim el ipynb csv tsv log "
    "dockerfile service plist pem crt"
).split()
_EXTS = set(_EXT)
_NAMED = {"makefile", "dockerfile", "procfile", "gemfile", "rakefile", "justfile", "jenkinsfile",
          "vagrantfile", "brewfile", "podfile", "caddyfile", "license", "readme", "changelog"}
_NOT_FILES = {"node.js", "vue.js", "next.js", "nuxt.js", "express.js", "three.js", "d3.js", "chart.js",
              "socket.io", "react.js", "ember.js", "angular.js", "moment.js", "p5.js", "solid.js",
              "deno.js", "bun.js", "e.g", "i.e", "etc.", "vs.", "asp.net", "readme.io"}
# `console.log`, `process.env`: code, not files
_CODE_OBJECTS = {"console", "process", "module", "exports", "json", "math", "window", "document", "os", "sys",
                 "self", "this", "np", "pd", "req", "res", "ctx", "app", "object", "array", "string", "promise"}
_BACKTICK = re.compile(r"`([^`\n]{1,200})`")
_BARE = re.compile(r"(?<![\w/.@:-])((?:\.{0,2}/)?(?:[A-Za-z0-9_.@-]+/)+[A-Za-z0-9_.@-]*|[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z][A-Za-z0-9]{0,9})(?::\d+){0,2}(?![\w/])")
_LINECOL = re.compile(r"(?::\d+){1,2}$|#L\d+(?:-L?\d+)?$")


_SEG = re.compile(r"[/.]")
_NUMERIC = re.compile(r"[\d/.-]+")
_LETTER = re.compile(r"[A-Za-z]")
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]*://\S+")


def _random_looking(seg: str) -> bool:
    """Mixed case and digits with few repeats: a token or key material, not a file name."""
    has = (any(c.islower() for c in seg), any(c.isupper() for c in seg), any(c.isdigit() for c in seg))
    return sum(has) >= 3 or (sum(has) == 2 and len(set(seg)) > 0.6 * len(seg) and len(seg) >= 24)


def mentioned_paths(body: str) -> list[str]:
    """Project paths a body names: backticked path-like tokens, or path-like words. Text
    inside a secret is never a path (it would be quoted back as "missing")."""
    from .secrets import blank_secrets
    body = blank_secrets(body)
    found: list[str] = []
    seen: set[str] = set()

    def add(token: str, backticked: bool) -> None:
        t = _LINECOL.sub("", token.strip().strip("'\"").rstrip(".,;:)!?"))
        if not t or t in seen or " " in t or "://" in t or t.startswith(("-", "$", "@", "#")):
            return
        low = t.lower()
        if len(t) >= 16 and any(len(seg) >= 16 and _random_looking(seg) for seg in _SEG.split(t)):
            return  # base64 lines of a key, tokens: never echo them back as "paths"
        if low in _NOT_FILES or ("@" in t and "/" not in t) or any(c in t for c in "*?{}<>|"):
            return
        if "/" not in t and low.split(".", 1)[0] in _CODE_OBJECTS:
            return
        last = t.rstrip("/").rsplit("/", 1)[-1]
        ext = last.rsplit(".", 1)[-1].lower() if "." in last.strip(".") else ""
        if "/" in t:
            if _NUMERIC.fullmatch(t):  # dates and fractions: 2026/10/01, 1/2
                return
            if not (backticked or ext in _EXTS or t.endswith("/") or t.startswith("./") or t.count("/") >= 2):
                return
            if not _LETTER.search(t):
                return
        elif not (ext in _EXTS or (backticked and last.lower() in _NAMED)):
            return
        seen.add(t)
        found.append(t)

    if "://" in body:
        body = _URL.sub(" ", body)
    rest = body
    if "`" in body:
        for m in _BACKTICK.finditer(body):
            add(m.group(1), True)
        rest = _BACKTICK.sub(" ", body)
    for m in _BARE.finditer(rest):
        add(m.group(0), False)
    return found


@dataclass
class EntryStatus:
    anchor: str = "none"                  # verified | broken | unsafe | none
    anchor_detail: str = "no anchor"
    anchor_results: list[AnchorResult] = field(default_factory=list)
    load: str = "on-demand"               # resident | beyond-index-cut | on-demand
    age_days: int | None = None
    mentioned: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    unsafe_paths: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)


class RootFiles:
    """Basenames of files under the root, to tell whether a bare `server.ts` exists anywhere."""

    SKIP = {".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", "dist", "build", "target"}
    LIMIT = 50_000

    def __init__(self, root: Path):
        self.root = root
        self._names: set[str] | None = None

    def has(self, name: str) -> bool:
        if self._names is None:
            self._names = set()
            count = 0
            for folder, dirs, files in os.walk(self.root):
                dirs[:] = [d for d in dirs if d not in self.SKIP]
                self._names.update(files)
                self._names.update(dirs)
                count += len(files)
                if count > self.LIMIT:
                    break
        return name in self._names


def assess(entry: MemoryEntry, checker: AnchorChecker, index: MemoryIndex, now: dt.datetime,
           root_files: RootFiles | None = None) -> EntryStatus:
    st = EntryStatus(load=index.load_of(entry.id))
    if entry.updated is not None:
        st.age_days = max(0, (now - entry.updated).days)
    if not entry.readable:
        st.anchor, st.anchor_detail = "none", "not checked (unreadable)"
        st.flags.append("unreadable")
        return st
    st.anchor, st.anchor_detail, st.anchor_results = checker.check_entry(entry)
    for p in entry.paths:
        ok, why = checker.exists(p)
        if ok is None:
            st.unsafe_paths.append(p)
    st.mentioned = mentioned_paths(entry.body)
    for p in st.mentioned:
        ok, why = checker.exists(p)
        if ok is None:
            st.unsafe_paths.append(p)
        elif not ok:
            bare = "/" not in p.rstrip("/")
            if not (bare and root_files is not None and root_files.has(p.rstrip("/"))):
                st.missing.append(p)
    if st.anchor == "none" and st.age_days is not None and st.age_days > STALE_DAYS:
        st.flags.append("old-unverifiable")
    if st.anchor in ("broken", "unsafe"):
        st.flags.append(f"anchor-{st.anchor}")
    if st.unsafe_paths:
        st.flags.append("unsafe-path")
    if st.missing:
        st.flags.append("path-missing")
    if any(w.kind == "yaml-truncated" for w in entry.warnings):
        st.flags.append("yaml-truncated")
    if entry.superseded_by:
        st.flags.append("superseded")
    if entry.promoted_to:
        st.flags.append("promoted")
    return st
