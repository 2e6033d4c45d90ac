"""Paths a memory's body mentions (SPEC §3): what reads as a project path, and where in it.

A mention is reported missing only when it plainly is a path, so every rule here says
what is *not* one, each seen in real memory folders: URLs and domains, word lists
(``xlsx/pdf/docx``, ``Left/Right``), branches (``feat/x``, ``origin/main``), ``owner/repo``
slugs, CSS utility classes (``hover:bg-muted/50``, ``w-1/2``), npm scopes, dates and
versions, ``KEY=path`` glue, absolute paths outside the project, and any text inside a
secret. Suffixes name a place in the file: ``:12``, ``:12-30``, ``:670+``, ``#L12``,
``#L12-L30``, ``::Symbol``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .textutil import entropy

EXTENSIONS = set((
    "py pyi js mjs cjs ts tsx jsx json jsonc md mdx rst txt yaml yml toml ini cfg conf env lock "
    "sh bash zsh fish ps1 bat go rs rb java kt kts scala c h cc cpp cxx hpp hh cs fs php swift m mm "
    "sql html htm css scss sass less vue svelte astro xml svg gradle mk cmake proto graphql gql tf hcl "
    "lua pl pm r dart ex exs erl hrl hs ml mli clj cljs edn nix zig vim el ipynb csv tsv log "
    "dockerfile service plist pem crt prisma sol tex bib jinja j2 tmpl hbs ejs pug"
).split())
NAMED = {"makefile", "dockerfile", "procfile", "gemfile", "rakefile", "justfile", "jenkinsfile",
         "vagrantfile", "brewfile", "podfile", "caddyfile", "license", "readme", "changelog"}
# a word list's members: file formats and media types people list with slashes
_FORMAT_WORDS = EXTENSIONS | {"pdf", "docx", "doc", "xlsx", "xls", "pptx", "ppt", "png", "jpg", "jpeg", "gif",
                              "webp", "mp4", "mp3", "wav", "zip", "tar", "gz", "hwp", "hwpx", "odt", "rtf",
                              "epub", "heic", "avif", "ico", "woff", "woff2", "ttf", "otf"}
_TOP_DIRS = {"src", "lib", "app", "apps", "packages", "pkg", "cmd", "internal", "test", "tests", "spec", "specs",
             "docs", "doc", "scripts", "script", "bin", "config", "configs", "public", "static", "assets",
             "components", "pages", "api", "server", "client", "web", "frontend", "backend", "tools", "examples",
             "infra", "deploy", "migrations", "db", "data", "build", "dist", "vendor", "modules", "services",
             "notes", "plans", "supabase", "prisma", "electron", "android", "ios", "crates", ".github", ".claude",
             ".vscode", ".cursor", "include", "resources", "templates", "styles", "hooks", "utils", "types"}
_BRANCH_HEADS = {"feat", "feature", "fix", "bugfix", "hotfix", "release", "chore", "refactor", "perf", "docs-",
                 "origin", "upstream", "refs", "heads", "remotes", "wip", "exp", "experiment", "dependabot",
                 "renovate", "codex", "claude", "cursor", "copilot"}
_NOT_FILES = {"node.js", "vue.js", "next.js", "nuxt.js", "express.js", "three.js", "d3.js", "chart.js",
              "socket.io", "react.js", "ember.js", "angular.js", "moment.js", "p5.js", "solid.js", "deno.js",
              "bun.js", "e.g", "i.e", "etc.", "vs.", "asp.net", "readme.io", "vercel.app", "pages.dev"}
_CODE_OBJECTS = {"console", "process", "module", "exports", "json", "math", "window", "document", "os", "sys",
                 "self", "this", "np", "pd", "req", "res", "ctx", "app", "object", "array", "string", "promise"}
_TLD = re.compile(r"^(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|app|co|me|so|sh|xyz|info|biz|gov|edu|tech|cloud|"
                  r"site|page|pages|kr|jp|cn|uk|de|fr|us|ca|au|in|ru|br|vn|tw|hk)$", re.I)
# (a line number has nine digits at most: a run of thousands is a dump, and int() refuses it)
_SUFFIX = re.compile(r"(?::(\d{1,9})(?:[-–](\d{1,9})|(\+))?(?::\d{1,9})?|#L(\d{1,9})(?:-L?(\d{1,9}))?|"
                     r"(?:::|#)([A-Za-z_][\w.]*))$")
# a token with a '/' or a '.' before a word character: words and sentence ends are never tried.
# The look-behind changes no match (one never starts inside a run of its first class, as the
# run's start would have matched first) but spares the engine a rescan from every letter.
# CJK and full-width punctuation (：（）·、，。「」【】) ends a token as its ASCII kin do: `：index.js`,
# `a.tsx·b.tsx` were read as one name
_STOPS = "\\s`'\"()<>{}|,;*!?：（）·、，。「」【】；！？"
_CANDIDATE = re.compile(rf"(?<![^{_STOPS}\[\]])[^{_STOPS}\[\]]*[/.][\w.][^{_STOPS}]*")
_CUT_AT = re.compile(r"[<{\[]|\((?:[A-Za-z_'\")])")   # a template's brace, or a call: x.json(), f.read(n)
_PLACEHOLDER = re.compile(r"(?:^|[/_-])(?:FILE|FILENAME|FILE_NAME|NAME|SLUG|MODULE|COMPONENT)(?:\.|/|$)|"
                          r"\bpath/to/|YYYY|(?:^|/)<|\.\.\.|(?:^|[/_-])(?:xxx+|XXX+)(?=[/._-]|$)")
_KINDS_AFTER = re.compile(r"[ \t]+(?:files|folders|directories|dirs|docs|pages|modules)\b")
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_TICKED = re.compile(r"`([^`\n]{1,200})`")
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]*://\S+|\bwww\.\S+")
_MEASURE = re.compile(r"(?:^|/)[A-Za-z]{0,4}\d+\.\d+(?:/|$)")   # 25.99/Sh1.67/Cal1.28: figures, not folders
_LIBRARY = re.compile(r"[A-Z][A-Za-z0-9]+\.js")
_RANDOM = re.compile(r"(?=[^/.]*[a-z])(?=[^/.]*[A-Z])(?=[^/.]*\d)[A-Za-z\d_-]{16,}")


@dataclass(frozen=True)
class Mention:
    path: str                  # relative path as written, without its suffix (a trailing / kept)
    line: int | None = None    # the first line named
    end: int | None = None     # the last line of a range; -1 for "and on" (`:670+`)
    symbol: str | None = None  # `::Symbol`
    strong: bool = True        # False: could be an owner/repo slug; missing only if its first folder exists

    def __str__(self) -> str:
        if self.symbol:
            return f"{self.path}::{self.symbol}"
        if self.line is None:
            return self.path
        return f"{self.path}:{self.line}" + ("+" if self.end == -1 else f"-{self.end}" if self.end else "")


def mentions(body: str) -> list[Mention]:
    """Every project path ``body`` names, in order, each once (secrets must be blanked first)."""
    out: dict[str, Mention] = {}
    # (each pass only where its marker is: most bodies have no URL, many no backticks)
    text = _URL.sub(" ", body) if "://" in body or "www." in body else body
    spans = [(m.group(1), True) for m in _TICKED.finditer(text)] if "`" in text else []
    rest = _TICKED.sub(" ", text) if spans else text
    for inner, _ in spans:
        if "\\" in inner and " " in inner or re.match(r"[A-Za-z]:\\", inner):
            continue   # `G:\My Drive\x\y.py`: a Windows path outside the project, cut at its spaces
        words = inner.split()
        for w in words:   # a lone backticked word is a deliberate mention; words of a command are not
            _add(out, w, backticked=len(words) == 1)
    stack: set[str] = set()
    for m in _CANDIDATE.finditer(rest):
        if _CUT_AT.match(rest, m.end()) or _KINDS_AFTER.match(rest, m.end()) and "." not in m.group(0):
            continue   # r.json(), cohort_<Q>.csv, pubsub-{x}.js: a call, a name cut at its template;
            # "updates docs/plan/chapter files": kinds of files, listed
        if "/" not in m.group(0) and _in_stack(rest, m.start(), m.end()):
            stack.add(m.group(0).rstrip(".,;:)!?»”’"))
            continue   # "Node.js + Express + sql.js (SQLite WASM) + Socket.io": a stack's parts, not files
        _add(out, m.group(0), backticked=False)
    # a name read as a library in a stack is that library wherever else the memory names it
    return [v for k, v in out.items() if k not in stack] if stack else list(out.values())



def _in_stack(text: str, start: int, end: int) -> bool:
    """A bare name joined by ' + ' to the others of its line (three parts or more), one of which is
    a plain word naming no file ("Express"): a list of technologies, whose '.js' is a library's name."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    line = text[ls:le if le >= 0 else len(text)]
    if line.count(" + ") < 2:
        return False
    parts, at, pos, mine = line.split(" + "), start - ls, 0, None
    for i, part in enumerate(parts):
        if pos <= at < pos + len(part):
            mine = i
        pos += len(part) + 3
    words = [part.split()[0] if i > mine else part.split()[-1]
             for i, part in enumerate(parts) if i != mine and part.strip()] if mine is not None else []
    return any(re.fullmatch(r"[^\W\d_][\w-]*", w) for w in words)



def _add(out: dict[str, Mention], raw: str, backticked: bool) -> None:
    m = as_path(raw, backticked)
    if m is not None:
        out.setdefault(str(m), m)


@functools.lru_cache(maxsize=16384)   # a folder's memories name the same files again and again
def as_path(raw: str, backticked: bool = False) -> Mention | None:
    """The mention ``raw`` makes, or None when it is not a project path."""
    tok = raw.strip().strip("'\"").rstrip(".,;:)!?»”’")
    if "\\" in tok and "/" not in tok and re.fullmatch(r"[a-z_][\w.\\-]+", tok):
        tok = tok.replace("\\", "/")   # deploy\publish.py: a Windows agent's separator
    if "=" in tok:   # KEY=path, module=".../x.py": the path is what follows the last '='
        tok = tok.rsplit("=", 1)[1].strip("'\"")
    if not tok or tok[0] in "-$@#%&+^~\\" and not tok.startswith("~/") or "://" in tok or "*" in tok:
        return None
    if any(c in tok for c in "%→←−…") or "..." in tok.strip(".") or _MEASURE.search(tok) or re.search(r"\w\+\w", tok):
        return None   # 11.4%/Sh0.68, Vite→Next.js, apps/web/.../x.ts: measures, changes, elisions
    if _LIBRARY.fullmatch(tok):
        return None   # Cytoscape.js, Chart.js: a library's name
    line = end = symbol = None
    sm = _SUFFIX.search(tok)
    if sm:
        tok = tok[:sm.start()]
        if sm.group(1):
            line, end = int(sm.group(1)), (-1 if sm.group(3) else int(sm.group(2)) if sm.group(2) else None)
        elif sm.group(4):
            line, end = int(sm.group(4)), int(sm.group(5)) if sm.group(5) else None
        else:
            symbol = sm.group(6)
    if ":" in tok or not tok or tok.startswith(("/", "~/")):
        return None   # CSS utilities (hover:bg-x/50), drive letters; absolute paths are not the project's
    low = tok.lower()
    if low in _NOT_FILES or any(c in tok for c in "{}<>|?") or not re.search(r"[A-Za-z]", tok):
        return None
    segs = [s for s in tok.split("/") if s not in ("", ".")]
    if not segs or _PLACEHOLDER.search(tok):
        return None   # scripts/FILE.py, src/path/to/job.js, YYYY-MM-DD-slug.md, assets/04_xxx/: a pattern, not a file
    last = segs[-1]
    ext = last.rsplit(".", 1)[-1].lower() if "." in last.strip(".") else ""
    has_ext = ext in EXTENSIONS or (ext == "" and last.lower() in NAMED and (backticked or "/" in tok))
    if len(segs) > 1 and any("." in x.strip(".") and x.rsplit(".", 1)[-1].lower() in (EXTENSIONS if has_ext else {ext})
                             for x in segs[:-1]) and (has_ext or len(ext) >= 2 and ext.isalpha()):
        return None   # a.sh/b.sh, main.gd/ui.gd: a list of files, not a folder path
    if any(_RANDOM.fullmatch(s) for s in segs) or (
            not has_ext and len(tok) >= 30 and sum(any(c.isupper() for c in s) for s in segs) >= 2
            and entropy(tok) >= 4.4):
        return None   # key material, a hash: not a file name (wJalrXUtnFEMI/K7MDENG/bPxRfi…)
    if "/" not in tok.rstrip("/") and tok.endswith("/"):   # a folder: `test/`
        return Mention(tok, line, end, symbol, strong=backticked or first_is_top(segs[0]))
    if "/" not in tok:   # a bare name: only a file with a known extension (or Makefile…)
        if not has_ext or "@" in tok or low.split(".", 1)[0] in _CODE_OBJECTS:
            return None
        if ext in ("service", "timer", "socket"):
            return None   # `nginx.service`: a systemd unit on the machine, not a file of the project
        return Mention(tok, line, end, symbol)
    first = segs[0].lower()
    if (len(segs) > 1 and _TLD.match(first)) or (first in _BRANCH_HEADS and not has_ext) or first.startswith("v") and first[1:2].isdigit():
        return None   # github.com/x, feat/login, origin/main, v2/api
    if all(s.lower() in _FORMAT_WORDS or s.isdigit() for s in segs) or (len(segs) > 1 and all(s.isdigit() for s in segs[1:])):
        return None   # xlsx/pdf/docx, w-1/2, 2026/06/01
    if not has_ext and all(re.fullmatch(r"[A-Z][a-z]+", s) for s in segs):
        return None   # Left/Right/Ceiling/Floor
    explicit = tok.startswith(("./", "../")) or tok.endswith("/")
    if has_ext or explicit:
        return Mention(tok, line, end, symbol)
    if len(segs) == 2 and not backticked:
        return None   # owner/repo, and/or, read/write
    if re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", segs[-1]):
        return None   # `vet/VetVitalSignsComponent`: a class of that folder, not a file
    if first in _TOP_DIRS or len(segs) >= 3 and backticked:
        return Mention(tok, line, end, symbol)   # words with slashes in prose (a/b/c) name no file
    if backticked:
        return Mention(tok, line, end, symbol, strong=False)
    return None


def first_is_top(seg: str) -> bool:
    return seg.lower() in _TOP_DIRS
