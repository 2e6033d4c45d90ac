"""One entry's history (SPEC §7 `history`, §9): every version from the agent's record — when,
which session, which tool, the person's message before it, whether they stated it, the diff
against the version before — and every time a session read it.

Versions are rebuilt from the record's calls in order: a Write's text, an Edit's or MultiEdit's
old/new strings applied to the version before (the file as an Edit's result holds it,
``originalFile``, when there is one). Where the record and the rebuilt text disagree, something
changed the file outside the record (a person, another tool): that shows as a version of its
own, and so does a file on disk that differs from the last version. Git adds the versions a
committed folder holds from before the record. Texts are read again from the record when asked
(never kept by memtui) and masked before they are shown.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

from . import gitlog, lines, stated
from .lines import EDIT, READ, WRITE
from .model import Record, parse_time
from .show import PROMPT_CHARS, hunks, masked, unified

def _codex_prompt(obj: dict):
    from .codex import prompt_text
    return prompt_text(obj)


_PROMPT = {"claude": lines.claude_prompt, "pi": lines.pi_prompt, "rollout": _codex_prompt}
_SOURCE = {"pi": "session-log", "rollout": "rollout"}


@dataclass
class Version:
    at: str | None
    by: str                      # user | model | unknown (who the words are from)
    session: str | None
    tool: str
    prompt: str | None           # the person's message before it, masked
    user_stated: bool | None
    evidence: str
    diff: str
    source: str                  # transcript | session-log | git | file (changed outside the record)
    text: str | None = field(default=None, repr=False)   # the whole file after it (None: not known); never printed
    note: str = ""
    commit: str | None = None
    side: bool = False

    def as_json(self) -> dict:
        out = {"at": self.at, "by": self.by, "session": self.session, "tool": self.tool, "prompt": self.prompt,
               "user_stated": self.user_stated, "evidence": self.evidence, "diff": self.diff,
               "source": self.source, "content_known": self.text is not None}
        if self.commit:
            out["commit"] = self.commit
        if self.note:
            out["note"] = self.note
        if self.side:
            out["subagent"] = True
        return out


@dataclass
class Read:
    at: str
    session: str
    how: str   # the file itself | MEMORY.md (the entry is in its loaded part)

    def as_json(self) -> dict:
        return {"at": self.at, "session": self.session, "via": self.how}


class _Lines:
    """Lines of the record read again by offset (each file opened once)."""

    def __init__(self) -> None:
        self.files: dict[str, object] = {}

    def at(self, name: str, offset: int) -> dict | None:
        if offset < 0:
            return None
        f = self.files.get(name)
        if f is None:
            try:
                f = self.files[name] = open(name, "rb")
            except OSError:
                self.files[name] = False
                return None
        if f is False:
            return None
        try:
            f.seek(offset)
            obj = json.loads(f.readline())
        except (OSError, ValueError):
            return None
        return obj if isinstance(obj, dict) else None

    def close(self) -> None:
        for f in self.files.values():
            if f:
                f.close()


def versions(record: Record, target: str, current: str | None, mtime: dt.datetime | None) -> list[Version]:
    """Every version of the file ``target`` the record shows, oldest first, then the file as it
    is now when it differs from the last one."""
    source = _SOURCE.get(record.dialect, "transcript")
    prompt_of = _PROMPT.get(record.dialect, lines.claude_prompt)
    out: list[Version] = []
    text: str | None = None
    known = False   # whether ``text`` is the file after the last version
    read = _Lines()
    try:
        for act in record.of(target):
            call = read.at(act.file, act.offset)
            got = lines.call_args(call, act.tool_id) if call else None
            change = lines.changes(*got) if got else None
            before = lines.original(read.at(act.file, act.result) or {}) if act.result >= 0 else None
            if before is not None:
                if known and text != before:
                    out.append(_outside(text, before, target))
                text, known = before, True
            prompt = masked(prompt_of(read.at(act.file, act.prompt) or {}), PROMPT_CHARS) if act.prompt >= 0 else None
            v = Version(act.at, "user" if act.stated else "model", act.session or None, act.tool, prompt,
                        bool(act.stated), stated.evidence(act.stated), "", source, side=act.side)
            if change is None:
                v.note = ("made from this session when Codex consolidated its memories (it rewrites the files "
                          "whole: no diff is kept)" if record.dialect == "rollout" else
                          "the record no longer holds this call (its file is gone): what it changed is not known")
                text, known = None, False
            elif change[0] == WRITE:
                v.diff = unified(text if known else None, change[1], target)
                if not known and out:
                    v.note = "the version before is not known: the diff shows the whole text"
                text, known = change[1], True
            else:
                after = _apply(text, change[1]) if known else None
                if after is None:
                    v.diff = hunks([(o, n) for o, n, _ in change[1]], target)
                    v.note = ("the version before is not in the record: only the edit's own lines are shown"
                              if not known else "the edit does not apply to the version before: the file was "
                              "changed outside the record")
                    text, known = None, False
                else:
                    v.diff = unified(text, after, target)
                    text = after
            v.text = text if known else None
            out.append(v)
    finally:
        read.close()
    if out and known and current is not None and current != text:
        now = _outside(text, current, target)
        now.at = mtime.isoformat().replace("+00:00", "Z") if mtime else None
        now.note = "the file on disk differs from the last version the record shows (changed since, outside it)"
        out.append(now)
    return out


def _outside(before: str | None, after: str, target: str) -> Version:
    return Version(None, "unknown", None, "outside", None, None,
                   "not in the record: a person, another tool, or a write the record does not show",
                   unified(before, after, target), "file", text=after,
                   note="changed between two recorded versions")


def _apply(text: str | None, edits: list[tuple[str, str, bool]]) -> str | None:
    """The text after the edits, in order; None when one of them does not apply."""
    if text is None:
        return None
    for old, new, every in edits:
        if old == "":
            if text:
                return None
            text = new
            continue
        if old not in text:
            return None
        text = text.replace(old, new) if every else text.replace(old, new, 1)
    return text


def git_versions(folder: Path, target: str, shown: list[Version]) -> tuple[list[Version], str]:
    """The committed versions of ``target`` the record does not already show (before its first
    version, or all of them when it shows none), and a note of the others."""
    found = gitlog.commits(folder, target)
    if not found:
        return [], ""
    texts = {v.text: v for v in shown if v.text is not None}
    first = min((parse_time(v.at) for v in shown if v.at), default=None)
    out, before, matched = [], None, 0
    for c in found:
        same = texts.get(c.text) if c.text is not None else None
        if same is not None:
            same.commit = same.commit or c.sha[:12]
            matched += 1
        elif first is None or c.at < first:
            out.append(Version(c.at.isoformat().replace("+00:00", "Z"), "unknown", None, "git commit", None, None,
                               f"committed by {masked(c.author)}: {masked(c.subject, 120)}",
                               unified(before, c.text, target) if c.text is not None else "", "git",
                               text=c.text, commit=c.sha[:12]))
        before = c.text if c.text is not None else before
    rest = len(found) - len(out) - matched
    note = f"{rest} later commit(s) of this file hold texts the record shows otherwise" if rest > 0 else ""
    return out, note


def reads(record: Record, target: str, resident: bool, index_name: str = "MEMORY.md") -> list[Read]:
    """Every time a session read the file (or the index, when the entry is in its loaded part)."""
    out = []
    for a in record.acts:
        if a.kind != READ or a.failed:
            continue
        if a.target == target:
            out.append(Read(a.at, a.session, "the file itself"))
        elif resident and a.target == index_name and target != index_name:
            out.append(Read(a.at, a.session, f"{index_name} (this entry is in its loaded part)"))
    return out


def assemble(record: Record, target: str, current: str | None, mtime: dt.datetime | None,
             folder: Path, git: bool = True) -> tuple[list[Version], list[str]]:
    """(versions, notes): the record's, with git's older ones first."""
    shown = versions(record, target, current, mtime) if record.exists else []
    notes = []
    if git and gitlog.in_git(folder):
        older, note = git_versions(folder, target, shown)
        shown = [*older, *shown]
        if note:
            notes.append(note)
    failed = sum(1 for a in record.acts if a.target == target and a.kind in (WRITE, EDIT) and a.failed)
    if failed:
        notes.append(f"{failed} write(s) of this file failed (the tool reported an error): not versions")
    return shown, notes
