"""OpenClaw's workspace: a curated MEMORY.md whose sections or top-level bullets are entries,
and append-only daily logs memory/YYYY-MM-DD*.md (process: shown, never injected)."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from ..reading.entry import MemoryEntry
from ..judging.findings import Finding
from ..project_marks import marks_project
from ..reading.workspace import WORKSPACE_LOW
from .base import ENTRY, SHARED, Layout, Part, Reading, Role, head, listing
from .markdown import BREAK, HEADING, Block, bare, bullets, headings, section_end, slugify, split_lines, \
    title_of, unique


CURATED = ("MEMORY.md", "memory.md")
BOOTSTRAP = WORKSPACE_LOW   # its workspace files, lower-cased (reading/workspace names them)
# a day's log anywhere under memory/ (archive/, year folders), with -HHMM, -slug, _slug or " 18" after the date
DAILY = re.compile(r"^memory/(?:[^/]+/)*(\d{4}-\d{2}-\d{2})(?:[-_T ][^/]*)?\.md$", re.I)
# a lasting rule written into a day's log: worth moving to MEMORY.md before the log ages out
RULE = re.compile(r"(?i)\b(always|never|must(?:n't| not)?|don'?t ever|from now on|remember to|prefers?|"
                  r"convention is|rule:|lesson:|decision:)\b|总是|永远|不要|必须|以后都")


# a link to a file beside MEMORY.md (what an index holds); one leaving the folder (../, /, ~) names a
# project document the memory refers to, not an entry it indexes
_FILE_LINK = re.compile(r"\]\((?!https?:|#|\.\./|/|~)[^)\s]+\)|\[\[[^\]]+\]\]")



def _index_alone(folder: Path) -> bool:
    """MEMORY.md links to no file and holds text, and it is the folder's one Markdown file (nothing
    else but files), or the folder is a project's top (README.md, AGENTS.md and code beside it are
    the project's, not memory): written-in memory, which Claude Code's reading (MEMORY.md as an
    index, never an entry) would show as nothing."""
    items = listing(folder)
    names = [n for n, _ in items if not n.startswith(".")]
    if "memory.md" not in (low := [n.lower() for n in names]):
        return False
    at_top = any(marks_project(n) for n, _ in items)
    alone = [n for n in low if n.endswith(".md")] == ["memory.md"] and all(r for n, r in items if not n.startswith("."))
    if not (alone or at_top):
        return False
    text = head(folder / names[low.index("memory.md")], 65536)
    return bool(text.strip()) and _FILE_LINK.search(text) is None


def index_alone_label(folder: Path | None, sections: int) -> str | None:
    """What a folder holding only a MEMORY.md of written-in sections is, said as such ("a MEMORY.md
    with 4 sections"): read the OpenClaw way (its sections are the entries), but no OpenClaw
    workspace (no daily logs, no workspace files), so naming the agent would mislead."""
    if folder is None or not _index_alone(folder):
        return None
    return f"a MEMORY.md with {sections} section{'' if sections == 1 else 's'}"


_DAY_FILE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[-_T ][^/]*)?\.md$", re.I)


def _workspace_memory(folder: Path) -> bool:
    """``folder`` is an OpenClaw workspace's memory/ (the user named it, not the workspace): named
    memory, it holds day logs (2026-03-08.md) that no Markdown file beside them links to, and no
    note in it opens with frontmatter — Claude Code's memory/ indexes its files, writes each with
    frontmatter, and sits beside the project's session logs (*.jsonl)."""
    if folder.name.lower() != "memory":
        return False
    names = [n for n, regular in listing(folder) if regular]
    days = [n for n in names if _DAY_FILE.match(n) and daily_date("memory/" + n)]
    if not days or any(n.endswith(".jsonl") for n, _ in listing(folder.parent)):
        return False
    # Claude Code's entries open with frontmatter (name:, description:); OpenClaw's notes never
    # need it, so one such note in the folder says Claude Code whatever its name
    notes = [n for n in names if n.lower().endswith(".md") and n not in CURATED]
    if any(head(folder / n, 8).lstrip("\ufeff").startswith("---") for n in notes):
        return False
    linked = " ".join(head(folder / n, 65536) for n in names if n.lower().endswith(".md") and n not in days)
    return not _names_a_day(linked, days)


_A_DATE_AT = re.compile(r"(?=\d{4}-\d{2}-\d{2})")


def _names_a_day(linked: str, days: list[str]) -> bool:
    """Whether ``linked`` names one of ``days`` as a note beside it: "memory/2026-03-19.md" is how
    an OpenClaw MEMORY.md names a day log (from the workspace); an index beside its notes names them
    as they sit ("2026-03-19.md", "[[2026-03-19"). One pass over the text, at each date in it (a
    pattern per day log was 40 s for 1,200 logs beside a few MB of notes)."""
    by_date: dict[str, list[str]] = {}
    for d in days:
        by_date.setdefault(d[:10], []).append(d)
    for m in _A_DATE_AT.finditer(linked):
        i = m.start()
        for d in by_date.get(linked[i:i + 10], ()):
            if linked.startswith(d, i) and not linked.endswith("memory/", 0, i) or \
                    linked.endswith("[[", 0, i) and linked.startswith(d[:-3], i):
                return True
    return False


def daily_date(file_id: str) -> dt.date | None:
    m = DAILY.match(file_id)
    if not m:
        return None
    try:
        return dt.date.fromisoformat(m.group(1))
    except ValueError:
        return None


class OpenClaw(Layout):
    name = "openclaw"
    detect_rank = 4
    agent = "OpenClaw"
    record = "openclaw-sessions"   # ~/.openclaw/agents/*/sessions/*.jsonl (pi's session format)
    appends_to = ("MEMORY.md", "memory.md")
    archives = True   # into its own daily log
    max_count = 6      # memory_search's default number of results
    whole_when_no_parts = True   # a MEMORY.md of plain paragraphs is one entry
    profiles = ("USER.md",)      # the workspace's profile of the user, loaded at every session start
    instructions = ("AGENTS.md",)   # the workspace's instruction file, loaded at every session start
    followed = ("OpenClaw workspace memory (docs.openclaw.ai/concepts/memory, 2026): MEMORY.md and "
                "memory/YYYY-MM-DD.md, today's and yesterday's logs loaded at session start")

    @staticmethod
    def daily_log(now: dt.datetime) -> str:
        """Today's log (the local date, as ``daily_date`` reads it back), where archived lines go."""
        return f"memory/{now.astimezone().date().isoformat()}.md"

    def detect(self, folder: Path) -> Path | None:
        curated = any((folder / n).is_file() for n in CURATED)
        logs = folder / "memory"
        has_logs = logs.is_dir() and any(daily_date("memory/" + p.name) for p in _safe_iter(logs))
        boot = sum((folder / n.upper().replace(".MD", ".md")).is_file() for n in BOOTSTRAP)
        # a memory/ folder alone is no mark of OpenClaw: a Claude Code folder may nest one (with
        # its own MEMORY.md); its marks are the daily logs or its workspace files
        if has_logs or (curated and (logs.is_dir() and boot >= 1 or boot >= 2)):
            return folder
        if curated and _index_alone(folder):
            return folder   # a MEMORY.md of written-in sections and nothing it indexes: its sections are the memory
        if _workspace_memory(folder):
            return folder.parent   # pointed at the workspace's memory/: read the workspace
        return None

    def role(self, file_id: str) -> Role:
        if file_id in CURATED:
            return SHARED
        low = file_id.lower()
        if low.startswith("memory/"):
            if low.endswith(".md"):
                return ENTRY
            return Role("other", "not Markdown (OpenClaw reads memory/*.md; not memory)")
        if "/" not in file_id and low in BOOTSTRAP:
            return Role("other", "workspace bootstrap file (instructions and persona, not memory)")
        return Role("other", "not part of OpenClaw's memory")

    def folder_label(self, folder, entries: int) -> str | None:
        return index_alone_label(folder, entries)

    def prune(self, folder_id: str) -> str | None:
        low = folder_id.lower()
        return None if low == "memory" or low.startswith("memory/") else "a workspace folder outside memory/ (not memory)"

    def parts(self, file_id: str, text: str) -> list[Part]:
        """Sections are entries; a section that is a list gives one entry per bullet, and one that
        mixes lists with other text is split at its subsections, if it has any."""
        lines = split_lines(text)
        heads = [h for h in headings(lines)]
        blocks = []
        top = heads[0][0] if heads else len(lines)
        blocks += bullets(lines, 0, top)              # bullets before any heading
        levels = sorted({lvl for _, lvl, _ in heads})
        if len(levels) > 1 and sum(1 for _, v, _ in heads if v == levels[0]) == 1:
            levels = levels[1:]                       # a lone `# Title` over the sections
        level = levels[0] if levels else 0
        for n, lvl, title in heads:
            if lvl == level:
                blocks += _section(lines, heads, n, lvl, title)
        blocks = unique(sorted(blocks, key=lambda b: b.start))
        return [Part(b, title_of(b.title), {"load": "resident", "about": _over(b, heads, level)}) for b in blocks]

    def settle(self, e: MemoryEntry, now: dt.datetime) -> None:
        if e.id in CURATED:
            e.load = "resident"
            return
        day = daily_date(e.id)
        if day is None:
            e.load = "on-demand"          # a topic file: found by memory search, not loaded
            return
        e.kind = "process"
        e.load = "resident" if (now.date() - day).days in (0, 1) else "on-demand"
        stamp = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)
        if not any(k in e.meta for k in ("created", "updated", "modified", "date")):
            e.created = stamp
            # a log belongs to its day: a later mtime is a copy or a clone, not a newer log
            if e.updated is None or e.updated.date() > day:
                e.updated = stamp

    def findings(self, mem: Reading) -> list[Finding]:
        out = _workspace_file_findings(Path(mem.dir))
        kept = _words(" ".join(e.text for e in mem.sorted_entries()
                               if e.id.split("#", 1)[0].rsplit("/", 1)[-1] in CURATED))   # (memory/MEMORY.md too)
        for e in mem.sorted_entries():
            if e.kind != "process" or not e.readable:
                continue
            when = "loaded at session start (today's or yesterday's)" if e.load == "resident" else \
                "no longer loaded at session start (older than yesterday)"
            out.append(Finding(e.id, "process", "daily-log", None,
                               f"a daily log: a record of one day's work, {when}; never injected by memtui",
                               "keep it as a log; move anything that should last into MEMORY.md"))
            for n, line in enumerate(e.text.split("\n"), 1):
                if RULE.search(line) and len(line.strip()) > 12 and not _said_in(line, kept):
                    out.append(Finding(e.id, "process", "durable-rule-in-log", n,
                                       "a lasting rule in a daily log: it stops being loaded after two days",
                                       "move it to MEMORY.md (a bullet) if it still holds"))
                    break
        return out


def _workspace_file_findings(folder: Path) -> list[Finding]:
    """Secrets and personal data in the workspace files OpenClaw loads into every session (USER.md,
    TOOLS.md, …): no memory entries, but text the agent is given and a shared folder carries. Only
    what the audit says of any text before sharing; what the files are for is theirs to say."""
    from ..judging.gates import identifying_findings, secret_findings
    from ..judging.personal_ids import personal_id_findings
    from ..secrets.detect import scrub, secret_pieces
    out = []
    for name, regular in listing(folder):
        if not regular or name.lower() not in BOOTSTRAP:
            continue
        text = head(folder / name, 262144)
        found = secret_findings(name, text) + identifying_findings(name, text) + personal_id_findings(name, text)
        pieces = secret_pieces(text) if found else set()
        for f in found:
            f.message = scrub(f.message, pieces) if pieces else f.message
        out.extend(found)
    return out


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{3,}", text.lower()))


_NEGATIONS = {"never", "not", "don", "dont", "nie", "nicht", "nunca", "jamais", "jangan", "tidak", "никогда"}


def _said_in(line: str, kept: set[str]) -> bool:
    """A log's rule MEMORY.md already holds (most of its words are there, its "never" too):
    promoted, nothing to move. ("Always pnpm, never npm" is not "always use npm scripts".)"""
    words = _words(line)
    return bool(words) and len(words & kept) >= 0.6 * len(words) and not (words & _NEGATIONS) - kept


def _safe_iter(folder: Path):
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _section(lines: list[str], heads: list, n: int, level: int, title: str) -> list[Block]:
    """The entries of the section whose heading is line ``n``: its bullets when it is a list
    (``_is_list``), else its subsections' entries (with any text before the first one as an
    entry of its own), else the whole section. A label such as `**Key files**:` between two
    lists says the bullets belong together: cut apart, `- Card.cs` means nothing."""
    end = section_end(lines, heads, n, level)
    items = bullets(lines, n + 1, end)
    if items and _is_list(lines, n + 1, end, items):
        return items
    inner = [h for h in heads if n < h[0] < end]
    if inner:
        sub = min(lvl for _, lvl, _ in inner)
        subs = [h for h in inner if h[1] == sub]
        out = []
        if _has_text(lines, n + 1, subs[0][0]):
            out.append(Block(slugify(title), title, n, subs[0][0], level))
        for m, lvl, t in subs:
            out += _section(lines, heads, m, lvl, t)
        return out
    if _has_text(lines, n + 1, end):
        return [Block(slugify(title), title, n, end, level)]
    return []


def _over(b: Block, heads: list, level: int) -> str:
    """The headings an entry sits under, nearest first, as written: a bullet's ('## Deploy' over
    '- run the migrations by hand first', which none of its bullets repeats), a subsection's
    ('## Payments' over '### Refunds'), each level once, down to the sections' level (a lone
    `# Title` over the file is no topic). '' for a section at that level, or a bullet before
    any heading."""
    if not level:
        return ""
    out, below = [], b.level or 99   # (a bullet is below every heading)
    for n, lvl, t in reversed(heads):
        if n < b.start and level <= lvl < below:
            out.append(title_of(t, 160))
            below = lvl
            if lvl == level:
                break
    return " · ".join(out)


def _is_list(lines: list[str], start: int, end: int, items: list[Block]) -> bool:
    """Is the section a list: bullets and nothing else, under its heading and each of its
    subheadings (a closing line after a `---` rule aside)? A label or a paragraph around the
    bullets (`**Installed at:**`, `**Steps**:`) says they belong together: one entry."""
    covered = {k for b in items for k in range(b.start, b.end)}
    cuts = [start] + [k for k in range(start, end) if HEADING.match(bare(lines[k]))] + [end]
    for seg, (s, e) in enumerate(zip(cuts, cuts[1:])):   # (seg 0: the section's own text)
        marks = [k for k in range(s, e) if k in covered]
        text = [k for k in range(s, e) if k not in covered and _is_text(lines[k])]
        if not text:
            continue
        rule = next((k for k in range(marks[-1], e) if BREAK.match(bare(lines[k]))), None) if marks else None
        if seg > 0 or rule is None or any(k < rule for k in text):
            return False
    return True


def _is_text(line: str) -> bool:
    line = bare(line)
    return bool(line.strip()) and not HEADING.match(line) and not BREAK.match(line)


def _has_text(lines: list[str], start: int, end: int) -> bool:
    return any(_is_text(ln) for ln in lines[start:end])
