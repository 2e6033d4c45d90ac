"""What the project says, indexed once: the seed's third test ("could you learn it by reading
the code once?") asked of every entry without a grep of the repository per entry.

``ProjectIndex.build`` reads the project's text files (the walk ``RootFiles`` already makes:
its folders, its skip list) into one inverted index — each word of each line → the lines that
hold it — and the lines of the instruction files an agent loads (CLAUDE.md, AGENTS.md,
GEMINI.md, CLAUDE.local.md, .github/copilot-instructions.md, .claude/CLAUDE.md,
.claude/rules/*.md, and the CLAUDE.md of every folder above the root, as Claude Code reads
them). A look-up intersects postings; the line's text is read back only to show it and to check
what the words alone cannot (the file is read once per process).

What is kept between runs (``judging/project_cache``) is this object; it holds while every indexed
file and every walked folder has the signature it had (a new, removed or edited file, or an
edited instruction file, makes it again). Lock files, minified and binary files, data dumps,
the memory folder itself and what the walk skips are never read. Bounds: MAX_FILES files,
MAX_BYTES a file, MAX_LINES lines in all (config files first, so a huge source tree never
pushes package.json out).

Only the standard library; nothing here writes.
"""
from __future__ import annotations

import os
import re
from array import array
from dataclasses import dataclass, field
from pathlib import Path

from ..instructions import INSTRUCTION_FILES

MAX_FILES = 3000
MAX_BYTES = 256_000
MAX_LINES = 300_000
MAX_LINE = 400          # characters of a line that are indexed

_SKIP_NAMES = {"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "cargo.lock", "gemfile.lock",
               "composer.lock", "go.sum", "uv.lock", "pipfile.lock", "bun.lockb", "npm-shrinkwrap.json"}
_SKIP_EXT = {"png", "jpg", "jpeg", "gif", "webp", "ico", "svg", "pdf", "zip", "gz", "tgz", "bz2", "xz", "7z",
             "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "mov", "wav", "avi", "webm", "bin", "exe",
             "dll", "so", "dylib", "a", "o", "class", "jar", "pyc", "wasm", "sqlite", "db", "parquet",
             "csv", "tsv", "xlsx", "xls", "docx", "pptx", "map", "lock", "snap", "glb", "gltf", "psd"}
# files that state a project's facts: read first, never dropped by the bounds
_FACT_FILE = re.compile(
    r"(?i)(?:^|/)(?:package\.json|tsconfig[\w.-]*\.json|jsconfig\.json|pyproject\.toml|setup\.cfg|setup\.py|"
    r"requirements[\w.-]*\.txt|cargo\.toml|go\.mod|gemfile|composer\.json|pom\.xml|build\.gradle(?:\.kts)?|"
    r"makefile|gnumakefile|justfile|taskfile\.ya?ml|dockerfile[\w.-]*|(?:docker-)?compose[\w.-]*\.ya?ml|"
    r"\.env(?:\.[\w-]+)?|[\w.-]*\.env|\.nvmrc|\.node-version|\.python-version|\.ruby-version|\.tool-versions|"
    r"[\w.-]*\.config\.[cm]?[jt]s|[\w.-]*rc(?:\.json|\.ya?ml|\.js)?|[\w.-]+\.toml|[\w.-]+\.ini|"
    r"\.github/workflows/[\w.-]+\.ya?ml|\.gitlab-ci\.yml|procfile|vercel\.json|netlify\.toml|fly\.toml|"
    r"app\.json|app\.config\.[jt]s|eas\.json|angular\.json|nx\.json|turbo\.json|deno\.jsonc?)$")
_WORD = re.compile(r"[A-Za-z0-9_$@]+(?:[.\-:/][A-Za-z0-9_$@]+)*")
_PARTS = re.compile(r"[.\-:/]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_STOP = frozenset("the and for with that this from into when then than are was were have has not but all any "
                  "use using used you your our its can will should must always never only also each every "
                  # the function words of the other languages instruction files are written in: a Spanish
                  # restatement shares "con", "los", "para" with nothing it means
                  "con los las una uno para por del que com uma dos das nos nas les des une avec pour par dans "
                  "aux sur est der die das den dem ein eine mit von und oder auf ist sind gli per della "
                  "是 的 了 在 和 与 或 を は が に の と で".split())


def words(text: str) -> list[str]:
    """The look-up words of a text: lower-cased runs of letters, digits and ``_$@``, joined by
    ``.-:/`` (``52.0.0``, ``test:unit``, ``max_retries``), and each of their parts."""
    out = []
    for w in _WORD.findall(text.lower()):
        if len(w) > 64:
            continue
        out.append(w)
        if _PARTS.search(w):
            out.extend(p for p in _PARTS.split(w) if p)
    return out


def rule_words(text: str) -> set[str]:
    """The words a rule is compared by: content words (a plural or -ing folded), CJK bigrams."""
    out = set()
    for w in re.findall(r"[a-z0-9_]{3,}", text.lower()):
        if w in _STOP:
            continue
        for suffix in ("ing", "es", "ed", "s"):
            if len(w) > 5 and w.endswith(suffix):
                w = w[:-len(suffix)]
                break
        out.add(w)
    for run in _CJK.findall(text):
        out.update(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return out


@dataclass(frozen=True)
class ProjectLine:
    """A line of the project, as evidence: ``file:line "text"``."""

    file: str
    line: int
    text: str

    @property
    def shown(self) -> str:
        """The line as a reason or the JSON quotes it: a secret on it (a ``.env`` value) masked."""
        from ..secrets.detect import redact
        return " ".join(redact(self.text).split())

    def cite(self, width: int = 70) -> str:
        t = self.shown
        return f"{self.file}:{self.line} {t[:width]}{'…' if len(t) > width else ''}"

    def as_json(self) -> dict:
        return {"file": self.file, "line": self.line, "text": self.shown[:200]}


@dataclass
class RuleLine:
    file: str
    line: int
    text: str
    words: frozenset


@dataclass
class ProjectIndex:
    root: str
    files: list[str] = field(default_factory=list)            # indexed files, relative
    sigs: list[tuple] = field(default_factory=list)           # their signatures when read
    starts: array = field(default_factory=lambda: array("I"))  # first line id of each file
    postings: dict[str, array] = field(default_factory=dict)  # word → line ids, ascending
    rules: list[RuleLine] = field(default_factory=list)       # the instruction files' lines
    rule_files: list[tuple] = field(default_factory=list)     # (path, signature or errno)
    folders: list | None = None                               # the walk's folders, by signature
    truncated: bool = False
    _lines: dict = field(default_factory=dict, repr=False, compare=False)   # file → its lines, once read

    def __getstate__(self):   # the lines read back are not kept
        state = dict(self.__dict__)
        state["_lines"] = {}
        return state

    # -- look-ups ------------------------------------------------------------------------------
    def lines_with(self, *required: str, limit: int = 200) -> list[int]:
        """Ids of the lines that hold every one of these words (already lower-cased)."""
        lists = [self.postings.get(w) for w in required]
        if not lists or any(p is None for p in lists):
            return []
        lists.sort(key=len)
        out = lists[0]
        for other in lists[1:]:
            have = set(other)
            out = [i for i in out if i in have]
            if not out:
                return []
        return list(out[:limit])

    def where(self, line_id: int) -> tuple[int, int]:
        """(file index, 1-based line) of a line id."""
        import bisect
        f = bisect.bisect_right(self.starts, line_id) - 1
        return f, line_id - self.starts[f] + 1

    def line(self, line_id: int) -> ProjectLine:
        f, n = self.where(line_id)
        text = self._text_of(f)
        return ProjectLine(self.files[f], n, text[n - 1] if n <= len(text) else "")

    def neighbours(self, line_id: int, span: int = 1) -> str:
        """The line and ``span`` lines either side, as one text (a key on the line above its value)."""
        f, n = self.where(line_id)
        text = self._text_of(f)
        return "\n".join(text[max(0, n - 1 - span):n + span])

    def file_name(self, line_id: int) -> str:
        return self.files[self.where(line_id)[0]]

    def _text_of(self, f: int) -> list[str]:
        lines = self._lines.get(f)
        if lines is None:
            lines = self._lines[f] = _read(Path(self.root) / self.files[f]) or []
        return lines

    # -- making it -----------------------------------------------------------------------------
    @classmethod
    def build(cls, root: Path, root_files, memory_dir: Path | None = None) -> "ProjectIndex":
        """Index the project at ``root`` (``root_files``: its RootFiles, whose walk lists the files)."""
        from ..cache.kept import full_signature
        idx = cls(str(root))
        mem_rel = _relative(root, memory_dir)
        listed = root_files.files()
        # a folder with a MEMORY.md is a memory folder (a copy kept in the repository): memory, not project
        memory_copies = {f.rsplit("/", 1)[0] + "/" if "/" in f else "" for f in listed
                         if f.rsplit("/", 1)[-1] == "MEMORY.md"}
        listed = [f for f in listed if _wanted(f, mem_rel)
                  and not (f.endswith(".md") and (f.rsplit("/", 1)[0] + "/" if "/" in f else "") in memory_copies)]
        if os.path.isfile(root / ".git" / "config"):   # the repository's own URL (a reference may only restate it)
            listed.append(".git/config")
        listed.sort(key=lambda f: (not _FACT_FILE.search(f), f.count("/"), f))
        idx.folders = list(root_files.folders or [])
        lines_total = 0
        for rel in listed:
            if len(idx.files) >= MAX_FILES or lines_total >= MAX_LINES:
                idx.truncated = True
                break
            path = root / rel
            try:
                st = os.stat(path)
            except OSError:
                continue
            if st.st_size > MAX_BYTES:
                continue
            text = _read(path)
            if text is None:
                continue
            f = len(idx.files)
            idx.files.append(rel)
            idx.sigs.append(full_signature(st))
            idx.starts.append(lines_total)
            idx._lines[f] = text
            post = idx.postings
            for k, line in enumerate(text):
                lid = lines_total + k
                for w in set(words(line[:MAX_LINE])):
                    p = post.get(w)
                    if p is None:
                        post[w] = array("I", (lid,))
                    else:
                        p.append(lid)
            lines_total += len(text)
        idx.rules, idx.rule_files = instruction_rules(root, memory_dir)
        return idx

    def still_holds(self, root: Path) -> bool:
        """Whether every indexed file, walked folder and instruction file is as it was."""
        from ..cache.kept import full_signature, same_folders
        if str(root) != self.root or not same_folders(self.folders):
            return False
        for rel, sig in zip(self.files, self.sigs):
            try:
                if full_signature(os.stat(Path(root) / rel)) != sig:
                    return False
            except OSError:
                return False
        return _rule_file_sigs([p for p, _ in self.rule_files]) == self.rule_files


def _relative(root: Path, memory_dir: Path | None) -> str | None:
    if memory_dir is None:
        return None
    try:
        rel = os.path.relpath(os.path.realpath(memory_dir), os.path.realpath(root))
    except ValueError:
        return None
    return None if rel.startswith("..") else rel.replace(os.sep, "/").rstrip("/") + "/"


def _wanted(rel: str, mem_rel: str | None) -> bool:
    if mem_rel is not None and (rel + "/").startswith(mem_rel):
        return False
    name = rel.rsplit("/", 1)[-1].lower()
    if name in _SKIP_NAMES or name.endswith((".min.js", ".min.css", ".bundle.js")):
        return False
    ext = name.rsplit(".", 1)[-1] if "." in name.strip(".") else ""
    return ext not in _SKIP_EXT


def _read(path: Path) -> list[str] | None:
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError:
        return None
    if b"\x00" in data[:4096] or len(data) > MAX_BYTES:
        return None
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return None


# -- the instruction files an agent loads beside its memory --------------------------------------

def instruction_paths(root: Path, memory_dir: Path | None = None) -> list[Path]:
    """Every instruction file the agent would read for this project: the root's (INSTRUCTION_FILES,
    .claude/CLAUDE.md, .claude/rules/**/*.md) and the CLAUDE.md of each folder above the root."""
    root = Path(root)
    out = [root / n for n in INSTRUCTION_FILES] + [root / ".claude" / "CLAUDE.md"]
    rules = root / ".claude" / "rules"
    if rules.is_dir():
        out += sorted(p for p in rules.rglob("*.md") if p.is_file())
    up = root.resolve().parent
    while True:
        out.append(up / "CLAUDE.md")
        if up.parent == up:
            break
        up = up.parent
    mem = os.path.realpath(memory_dir) if memory_dir is not None else None
    return [p for p in out if mem is None or not os.path.realpath(p).startswith(mem + os.sep)]


def _rule_file_sigs(paths: list[str]) -> list[tuple]:
    from ..cache.kept import full_signature
    out = []
    for p in paths:
        try:
            out.append((p, full_signature(os.stat(p))))
        except OSError as e:
            out.append((p, e.errno))
    return out


def instruction_rules(root: Path, memory_dir: Path | None = None) -> tuple[list[RuleLine], list[tuple]]:
    """The lines of the instruction files that say something (three content words or more), and
    each file's signature (to know when they change)."""
    paths = instruction_paths(root, memory_dir)
    sigs = _rule_file_sigs([str(p) for p in paths])
    rules: list[RuleLine] = []
    for p, (_, sig) in zip(paths, sigs):
        if not isinstance(sig, tuple):
            continue
        text = _read(p)
        if not text:
            continue
        try:
            label = os.path.relpath(p, root).replace(os.sep, "/")
        except ValueError:
            label = str(p)
        in_comment = False
        for n, line in enumerate(text, 1):
            if "<!--" in line and "-->" not in line:
                in_comment = True
            if in_comment:
                in_comment = "-->" not in line
                continue
            ws = rule_words(line)
            if len(ws) >= 3:
                rules.append(RuleLine(label, n, line.strip(), frozenset(ws)))
    return rules, sigs
