"""Codex memories (~/.codex/memories): memory_summary.md (injected into every session),
MEMORY.md made of `# Task Group:` blocks (a searchable registry), raw_memories.md (the
raw extraction the consolidation reads), rollout_summaries/*.md, skills/."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from ..reading.entry import MemoryEntry, first_line as _first_line, to_datetime
from ..judging.findings import Finding
from .base import ENTRY, SHARED, Layout, Part, Reading, Role, head
from .markdown import Block, bare, slugify, split_lines, unique


GROUP = re.compile(r"^#{1,2}[ \t]+Task Group:[ \t]*(.+?)[ \t]*$", re.I)
KEYLINE = re.compile(r"^([A-Za-z_][\w-]*):[ \t]*(.*)$")
MARKERS = ("memory_summary.md", "raw_memories.md")
# written by Codex for its consolidation agent ("read this first and do not edit"): a record of
# the raw memories changed since the last consolidation, never read as memory
WORKSPACE_DIFF = "phase2_workspace_diff.md"


def leading_keys(text: str) -> tuple[dict[str, str], int]:
    """`key: value` lines at the top of a file with no `---` (rollout summaries): the keys and
    how many lines they take."""
    keys: dict[str, str] = {}
    lines = text.split("\n")
    n = 0
    for n, line in enumerate(lines):
        m = KEYLINE.match(line.strip("\ufeff"))
        if not m:
            break
        keys[m.group(1)] = m.group(2).strip()
    else:
        n = len(lines)
    return keys, n


class Codex(Layout):
    name = "codex"
    detect_rank = 2
    agent = "Codex"
    remember_advice = "Codex writes these files itself when it consolidates its memories"
    archive_advice = "Codex rewrites these files when it consolidates its memories: let it, or delete the entry"
    whole_when_no_parts = True   # a MEMORY.md without task groups is one entry
    record = "codex-rollouts"    # the sessions (rollouts) each memory cites; Codex writes memory itself
    followed = "Codex CLI memories (codex-rs/core/templates/memories, 2026): memory_summary.md v1"

    def detect(self, folder: Path) -> Path | None:
        for base in (folder, folder / "memories"):
            if any((base / m).is_file() for m in MARKERS) or (base / "rollout_summaries").is_dir():
                return base
            if _has_group(base / "MEMORY.md"):
                return base
            if _in_codex_home(base) and (base / "MEMORY.md").is_file():
                return base   # a young or hand-kept memories/ with no task group yet: its place says it
        return None

    def role(self, file_id: str) -> Role:
        if file_id == "MEMORY.md":
            return SHARED
        if file_id.startswith("skills/"):
            return Role("other", "a skill (SKILL.md and its files), not memory")
        if file_id.lower().endswith(".md"):
            return ENTRY
        return Role("other", "not Markdown (session data, not memory)")

    def parts(self, file_id: str, text: str) -> list[Part]:
        lines = split_lines(text)
        starts = [(n, GROUP.match(bare(ln)).group(1)) for n, ln in enumerate(lines) if GROUP.match(bare(ln))]
        blocks = []
        for k, (n, title) in enumerate(starts):
            end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
            blocks.append(Block(slugify(title), title, n, end, 1))
        out = []
        for b in unique(blocks):
            body = [bare(ln) for ln in lines[b.start:b.end]]
            fields: dict = {"load": "on-demand"}
            scope = next((ln.split(":", 1)[1].strip() for ln in body if ln.lower().startswith("scope:")), "")
            if scope:
                fields["description"] = scope[:300]
            kw = _keywords(body)
            if kw:
                fields["keywords"] = kw
            latest = _latest(body)
            if latest is not None:
                fields["updated"] = latest
            out.append(Part(b, f"Task Group: {b.title}", fields))
        return out

    def settle(self, e: MemoryEntry, now: dt.datetime) -> None:
        if e.id == "memory_summary.md":
            e.load = "resident"        # injected into every session's instructions
            e.name = "memory summary"
            if e.readable and e.description.strip() == "v1":
                e.description = _first_line(e.text.split("\n", 1)[1] if "\n" in e.text else "")
            return
        e.load = "on-demand"
        if e.id in ("raw_memories.md", WORKSPACE_DIFF):
            e.kind = "process"         # what consolidation reads (the extraction, its diff); never the agent
            return
        if not e.has_frontmatter and e.readable:
            keys, n = leading_keys(e.text)
            if keys:
                e.meta = dict(keys)
                e.body = "\n".join(e.text.split("\n")[n:]).lstrip("\n")
                e.updated = to_datetime(keys.get("updated_at")) or e.updated
                e.created = to_datetime(keys.get("created_at")) or e.created
                e.description = keys.get("description") or keys.get("summary") or _first_line(e.body)

    def findings(self, mem: Reading) -> list[Finding]:
        out = []
        summary = mem.entries.get("memory_summary.md")
        if summary is not None and summary.readable:
            first = next((ln.strip() for ln in summary.text.split("\n") if ln.strip()), "")
            if first != "v1":
                out.append(Finding(summary.id, "layout", "codex-no-v1", 1,
                                   "memory_summary.md does not start with its 'v1' line: Codex may not read it "
                                   "as a memory summary of this format",
                                   "let Codex rewrite the summary, or put 'v1' on the first line"))
        elif summary is None and "MEMORY.md" in {e.file_id for e in mem.entries.values()}:
            out.append(Finding("", "layout", "codex-no-summary", None,
                               "no memory_summary.md: Codex injects nothing from this folder at session start",
                               "let Codex consolidate its memories again"))
        raw = mem.entries.get("raw_memories.md")
        if raw is not None and raw.readable:
            out.append(Finding(raw.id, "process", "raw-memories", None,
                               "raw extractions waiting for consolidation: a record of sessions, not memory "
                               "the agent reads", "nothing to do; Codex folds these into MEMORY.md"))
        diff = mem.entries.get(WORKSPACE_DIFF)
        if diff is not None and diff.readable:
            out.append(Finding(diff.id, "process", "consolidation-diff", None,
                               "the workspace diff Codex writes for its next consolidation: a record of changed "
                               "raw memories, not memory the agent reads", "nothing to do; Codex replaces it"))
        return out


def _in_codex_home(base: Path) -> bool:
    """Is ``base`` the `memories` folder of a Codex home (`~/.codex/memories`, `$CODEX_HOME/memories`)?"""
    base = base.absolute()
    return base.name == "memories" and (base.parent.name == ".codex" or (base.parent / "config.toml").is_file())


def _has_group(path: Path) -> bool:
    """Does the file hold a `# Task Group:` line? Only lines starting with '#' are tried: a Claude
    Code index of 10k links would otherwise be lower-cased (~6 ms) at every detection, that is
    at every prompt the hook sees."""
    return any("task group:" in line.lower() and GROUP.match(line.rstrip("\r"))
               for line in _hash_lines(head(path, 1_000_000)))


def _hash_lines(text: str):
    """Each line of ``text`` that starts with '#', found with str.find (no pass over every line)."""
    pos = 0 if text.startswith("#") else _next_hash_line(text, 0)
    while pos >= 0:
        end = text.find("\n", pos)
        yield text[pos:] if end < 0 else text[pos:end]
        if end < 0:
            return
        pos = _next_hash_line(text, end)


def _next_hash_line(text: str, start: int) -> int:
    k = text.find("\n#", start)
    return k + 1 if k >= 0 else -1


def _keywords(body: list[str]) -> list[str]:
    """The words of every `### keywords` list of a task group (one comma-separated line each)."""
    words: dict[str, None] = {}
    for k, ln in enumerate(body):
        if ln.strip().lower().lstrip("#").strip() == "keywords":
            nxt = next((x for x in body[k + 1:] if x.strip()), "")
            for w in nxt.strip().lstrip("-*+").split(","):
                if w.strip():
                    words.setdefault(w.strip())
    return list(words)[:30]


UPDATED = re.compile(r"updated_at[=:][ \t]*([0-9T:.+-]{10,})")


def _latest(body: list[str]):
    """The newest `updated_at` a task group cites (its rollouts), as a datetime."""
    stamps = [to_datetime(m.group(1)) for ln in body for m in UPDATED.finditer(ln)]
    stamps = [s for s in stamps if s is not None]
    return max(stamps) if stamps else None
