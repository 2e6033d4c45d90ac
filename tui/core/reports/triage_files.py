"""The whole file's suggestion for a file whose sections are entries (OpenClaw's MEMORY.md, a
Gemini file's bullets, a Codex memory file's sections): what its owner does with the file.

The owner sees one file, not its sections: triage decides each section (its id ``FILE#anchor``)
and then says what that means for the file, naming the sections that decide it:

- **review** when a section needs a person (a secret, a contradiction): the file cannot be loaded
  or shared as it is;
- **archive** / **drop** when every section is process / said elsewhere: nothing in it holds;
- **promote** when every section is a rule someone set;
- **edit** when some sections report where work stood (or are said elsewhere) among sections
  that hold: the file stays, those sections go (named, with their lines) — never the whole file
  archived for them;
- **keep** otherwise, naming a section that could be promoted.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .triage_shape import quote

OUT = ("archive", "edit", "drop")   # what an owner takes out of a file that otherwise holds
TEST = {"archive": 1, "edit": 1, "drop": 3, "promote": 2}


@dataclass
class FileSuggestion:
    """One shared file's suggestion, from its sections' (``sections``: id → action, in file order)."""

    file: str
    action: str
    test: int | None
    reasons: list[str]
    sections: dict[str, str]
    lines: list[int] = field(default_factory=list)   # edit: the lines of the sections to take out

    @property
    def id(self) -> str:   # (the app's triage pass queues a file beside entries)
        return self.file

    def as_json(self) -> dict:
        return {"file": self.file, "action": self.action, "test": self.test, "reasons": self.reasons,
                "lines": self.lines, "sections": self.sections}


def whole_files(mem, suggestions: list) -> list[FileSuggestion]:
    """A suggestion for every file of ``mem`` whose entries are its sections (exports aside: a
    service's export is never edited by hand)."""
    by_file: dict[str, list] = {}
    for s in suggestions:
        e = mem.entries.get(s.id)
        if e is not None and e.file and not e.read_only:
            by_file.setdefault(e.file, []).append((e, s))
    out = []
    for file, parts in sorted(by_file.items()):
        parts.sort(key=lambda p: p[0].first_line)
        out.append(_decide(file, parts))
    return out


def _label(e, s) -> str:
    return f"line {_at(e, s)}, section '{quote(e.name or e.id.split('#', 1)[-1], 6)}'"


def _at(e, s) -> int:
    return s.lines[0] if s.lines and s.action in ("edit", "review") else e.first_line


def _decide(file: str, parts: list) -> FileSuggestion:
    sections = {s.id: s.action for _, s in parts}
    counts = Counter(sections.values())
    n = len(parts)
    tally = ", ".join(f"{k} {a}" for a, k in counts.most_common())

    def rest(picked: list) -> str:
        others = Counter(s.action for _, s in parts if not any(s is t for _, t in picked))
        k = sum(others.values())
        return (f"the other {k} section{'' if k == 1 else 's'} of {n}: "
                + ", ".join(f"{c} {a}" for a, c in others.most_common()))

    def first(s) -> str:
        return (s.reasons or [""])[0]

    review = [(e, s) for e, s in parts if s.action == "review"]
    if review:
        why = [f"{_label(e, s)}: {first(s)}" for e, s in review[:2]]
        if len(review) > 2:
            why.append(f"and {len(review) - 2} more sections a person must decide")
        if len(review) < n:
            why.append(rest(review))
        return FileSuggestion(file, "review", None, why, sections, [_at(e, s) for e, s in review][:20])
    if len(counts) == 1 and (only := next(iter(counts))) in ("archive", "drop", "promote"):
        what = {"archive": "reports where work stood", "drop": "is said elsewhere already",
                "promote": "states a rule someone set"}[only]
        why = [f"every one of its {n} section{'' if n == 1 else 's'} {what}"] + \
              [f"{_label(e, s)}: {first(s)}" for e, s in parts[:2]]
        return FileSuggestion(file, only, TEST[only], why, sections, [e.first_line for e, _ in parts][:20])
    out = [(e, s) for e, s in parts if s.action in OUT]
    if out and len(out) < n:
        why = [f"{_label(e, s)}: {s.action} — {first(s)}" for e, s in out[:3]]
        if len(out) > 3:
            why.append(f"and {len(out) - 3} more such sections")
        why.append(rest(out) + f": they hold — keep the file, edit {'that section' if len(out) == 1 else 'those sections'} out")
        lines = sorted({n for e, s in out for n in (s.lines if s.action == "edit" and s.lines else [e.first_line])})
        return FileSuggestion(file, "edit", 1, why, sections, lines[:20])
    if out:   # nothing holds, some process and some said elsewhere
        action = "archive" if counts.get("archive", 0) + counts.get("edit", 0) >= counts.get("drop", 0) else "drop"
        why = [f"no section of its {n} holds ({tally})"] + [f"{_label(e, s)}: {first(s)}" for e, s in parts[:2]]
        return FileSuggestion(file, action, TEST[action], why, sections, [e.first_line for e, _ in parts][:20])
    promote = [(e, s) for e, s in parts if s.action == "promote"]
    holds = next(((e, s) for e, s in parts if s.action == "keep" and s.reasons), None)
    why = [f"every one of its {n} section{'' if n == 1 else 's'} holds ({tally})"]
    if holds is not None:
        why.append(f"{_label(*holds)}: {first(holds[1])}")
    why += [f"{_label(e, s)} states a rule someone set: promote that section" for e, s in promote[:2]]
    return FileSuggestion(file, "keep", None, why, sections, [])


def profile_files(mem) -> list[FileSuggestion]:
    """A keep for each file the layout loads every session as the user's profile (OpenClaw's
    USER.md) or as its instruction file (OpenClaw's AGENTS.md): the agent's bootstrap reads it, so triage does not split it into entries, yet the owner
    asks what to do with it; where the user's durable preferences belong, kept and edited by hand."""
    layout = getattr(mem, "layout", None)
    names = {n.lower() for n in getattr(layout, "profiles", ())}
    rules = {n.lower() for n in getattr(layout, "instructions", ())}   # OpenClaw's AGENTS.md
    out = []
    for f in getattr(mem, "files", None) or ():
        if f.role != "other" or f.id.lower() not in names | rules:
            continue
        try:
            if not (mem.dir / f.id).read_text(encoding="utf-8", errors="replace").strip():
                continue   # an empty profile: nothing to keep or to act on
        except OSError:
            continue
        if f.id.lower() in rules:
            out.append(FileSuggestion(f.id, "keep", None, [
                f"the workspace's instruction file, which {getattr(layout, 'agent', 'the agent')} loads at every "
                "session start: where a rule set by the user is promoted to",
                "keep it; edit a rule there by hand (memtui reads it whole, not as entries)"], {}))
            continue
        out.append(FileSuggestion(f.id, "keep", None, [
            f"the workspace's profile of the user, which {getattr(layout, 'agent', 'the agent')} loads at every "
            "session start: the place for who the user is and how they work",
            "keep it; edit a preference there when it changes (memtui reads it whole, not as entries)"], {}))
    return out


def index_files(mem) -> list[FileSuggestion]:
    """A suggestion for the folder's index (Claude Code's MEMORY.md), which is no entry yet is a
    file the owner keeps or edits: **edit** when it leaves an entry of the folder unlisted, links a
    file that is not there, or carries a line that reports where work stood (named, with its line);
    **keep** when it lists every entry and holds nothing that dates."""
    from ..reading.index import line_links
    from .triage_lines import read_body

    index = getattr(mem, "index", None)
    if index is None or not index.exists:
        return []
    out = []
    for f in getattr(mem, "files", None) or ():
        if f.role != "index":
            continue
        try:
            text = (mem.dir / f.id).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        listed = set(index.resident_ids) | set(index.beyond_ids)
        dirs = set(index.resident_dirs) | set(index.beyond_dirs)
        unlisted = sorted(i for i, e in mem.entries.items()
                          if i.lower().endswith(".md") and "#" not in i and not getattr(e, "read_only", False)
                          and i not in listed
                          and not any(i.startswith(d + "/") for d in dirs))
        links = line_links(text)
        gone = [(n, t) for n, (_, ids) in enumerate(links, 1) for t in ids
                if t and t not in mem.entries and not (mem.dir / t).exists()]
        linking = {n for n, (_, ids) in enumerate(links, 1) if any(ids)}
        status = [ln for ln in read_body(text, 1).of("status") if ln.n not in linking]
        why, lines = [], set()
        for n, t in gone[:3]:
            why.append(f"line {n} links {t}, which is not in the folder: take the line out or restore the file")
            lines.add(n)
        if unlisted:
            names = ", ".join(unlisted[:4]) + (f" and {len(unlisted) - 4} more" if len(unlisted) > 4 else "")
            why.append(f"it does not list {names}: the agent does not know {'it is' if len(unlisted) == 1 else 'they are'} there — add a line")
        for ln in status[:3]:
            why.append(f"line {ln.n} reports where work stood: '{quote(ln.text, 10)}' — it dates; edit it out")
            lines.add(ln.n)
        if why:
            out.append(FileSuggestion(f.id, "edit", 1, why, {}, sorted(lines)[:20]))
            continue
        n = len(listed)
        if not n:   # written-in memory at the index's place: the agent reads it whole
            why = ["it links no entry: its lines are what the agent reads at every session start, and none "
                   "reports where work stood", "keep it; edit a line when it stops holding"]
        else:
            why = [f"the folder's index: its links name {n} entr{'y' if n == 1 else 'ies'}, every one of the folder's, "
                   "each there", "keep it; add a line when an entry is written"]
        out.append(FileSuggestion(f.id, "keep", None, why, {}))
    return out


DAY_FOLDER_MAX = 2000   # names read of one folder the layout leaves unread (a log of years is a few hundred days)


def day_log_files(mem) -> list[FileSuggestion]:
    """An **archive** for each day's log the layout does not read as memory (an OpenClaw workspace's
    ``daily/2026-02-13.md`` beside its MEMORY.md, where OpenClaw's own logs sit in ``memory/``):
    a folder of the memory folder whose Markdown files are named by days, most of them, is the
    agent's record of days; a day older than yesterday is where work stood that day — it belongs
    in the archive, a lasting rule in it in the memory file first. Today's and yesterday's are
    left alone (still being written); a folder of notes that only some dates name is no log."""
    import os
    from .triage_history import day_of
    now = getattr(mem, "now", None)
    if now is None:
        return []
    agent = getattr(getattr(mem, "layout", None), "agent", None) or "the agent"
    out = []
    for f in getattr(mem, "files", None) or ():
        if f.role != "other" or not f.id.endswith("/") or f.id.count("/") != 1 or "archiv" in f.id.lower():
            continue   # (a folder its owner archived into already holds what is archived)
        try:
            with os.scandir(mem.dir / f.id) as it:
                names = [d.name for _, d in zip(range(DAY_FOLDER_MAX), it) if d.is_file(follow_symlinks=False)]
        except OSError:
            continue
        notes = [n for n in names if n.lower().endswith(".md")]
        days = {n: day_of(n) for n in notes}
        dated = [n for n in notes if days[n] is not None]
        if not dated or len(dated) * 2 <= len(notes):
            continue
        for n in sorted(dated):
            ago = (now.date() - days[n]).days
            if ago <= 1:
                continue
            out.append(FileSuggestion(f.id + n, "archive", 1, [
                f"a day's log: its file is named for {days[n].isoformat()}, {ago} days ago, in {f.id}, a folder of "
                f"{len(dated)} day{'' if len(dated) == 1 else 's'} that {agent} does not read as memory",
                "the day's record belongs in the archive, out of the memory folder; a lasting rule in it goes "
                "to the memory file first"], {}))
    return out
