"""Promotion of memories into a reviewed instruction file (SPEC §6).

``plan_promotion`` is pure apart from reading the target: where the text goes, the
exact unified diff, what is already there, the size against known budgets, and the
gates run on the promoted text. ``apply_promotion`` writes only that plan, and only
if the target is byte-for-byte what the plan was made from.
"""
from __future__ import annotations

import dataclasses
import difflib
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import journal
from ..judging.anchors import confine
from ..reading.entry import MemoryEntry
from ..faults import Changed
from ..instructions import INSTRUCTION_FILES
from ..judging.findings import Finding
from ..judging.gates import secret_findings, sensitive_findings, transient_findings
from ..reading.frontmatter import NotEditable, set_fields
from ..snapshots.memory import Memory
from .change import change, writing

SECTION_TITLE = "Learned conventions"
_SECTION_WORDS = re.compile(r"(?i)\b(learned|learnt|conventions?|lessons|memor(?:y|ies)|promoted|gotchas)\b")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# the shared instruction files a promotion is offered into (the personal CLAUDE.local.md is not shared)
KNOWN_TARGETS = tuple(n for n in INSTRUCTION_FILES if n != "CLAUDE.local.md")
# (what reads it, limit, unit): sizes the agents are documented to warn at or cut at
BUDGETS = {
    "CLAUDE.md": ("Claude Code warns above", 40_000, "characters"),
    "AGENTS.md": ("Codex reads AGENTS.md up to", 32 * 1024, "bytes"),
}


@dataclass
class Promotion:
    target: Path                  # absolute
    rel: str                      # as shown to the person
    kind: str                     # markdown | cursor-rule
    exists: bool
    before: str
    after: str
    diff: str
    added: list[str] = field(default_factory=list)          # entry ids whose text is added
    already: dict[str, str] = field(default_factory=dict)   # entry id → where it already is
    refused: list[Finding] = field(default_factory=list)    # secret / sensitive / traversal
    warnings: list[str] = field(default_factory=list)
    budget: list[str] = field(default_factory=list)
    signature: tuple | None = None

    @property
    def ok(self) -> bool:
        return not self.refused

    @property
    def changes(self) -> bool:
        return self.ok and self.after != self.before


def signature(path: Path) -> tuple | None:
    """What the target was when the plan was made: missing, or (size, sha256)."""
    return _digest(journal.read(path))


def _digest(data: bytes | None) -> tuple | None:
    return None if data is None else (len(data), hashlib.sha256(data).hexdigest())


def rule_text(e: MemoryEntry) -> str:
    """The entry's own words as a bullet: never paraphrased (a reworded "don't" can flip)."""
    lines = [ln.rstrip() for ln in e.body.strip().split("\n")] if e.body.strip() else [e.description]
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        return ""
    first = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", lines[0]).lstrip("# ").strip()
    return "\n".join([f"- {first}"] + [f"  {ln.strip()}" for ln in lines[1:]])


def _norm(line: str) -> str:
    line = re.sub(r"^\s*(?:[-*+>]|\d+\.)\s*", "", line.lower())
    return " ".join(re.sub(r"[`*_\"'“”‘’.,;:!?()]", "", line).split())


def already_there(text: str, target_text: str) -> int | None:
    """Line number in the target where an equivalent statement already stands, if any."""
    wanted = [_norm(ln) for ln in text.split("\n") if len(_norm(ln).split()) >= 3]
    if not wanted:
        return None
    have = {}
    for n, ln in enumerate(target_text.split("\n"), 1):
        have.setdefault(_norm(ln), n)
    hits = [have[w] for w in wanted if w in have]
    if len(hits) == len(wanted):
        return hits[0]
    joined = " ".join(wanted)
    flat = " ".join(_norm(ln) for ln in target_text.split("\n"))
    if joined and joined in flat:
        return 1 + target_text[: max(0, target_text.lower().find(wanted[0][:20]))].count("\n")
    return None


def _insert_in_section(text: str, block: str) -> tuple[str, str]:
    """Append ``block`` to the section for learned conventions, or add that section at the end."""
    lines = text.split("\n")
    for i, ln in enumerate(lines):
        m = _HEADING.match(ln)
        if m and _SECTION_WORDS.search(m.group(2)):
            level = len(m.group(1))
            end = len(lines)
            for j in range(i + 1, len(lines)):
                mj = _HEADING.match(lines[j])
                if mj and len(mj.group(1)) <= level:
                    end = j
                    break
            k = end
            while k > i + 1 and not lines[k - 1].strip():
                k -= 1
            new = lines[:k] + block.split("\n") + ([""] if end < len(lines) else []) + lines[end:]
            out = "\n".join(new)
            if text.endswith("\n") and not out.endswith("\n"):
                out += "\n"
            return out, f"section “{m.group(2)}”"
    base = text.rstrip("\n")
    sep = "\n\n" if base else ""
    return f"{base}{sep}## {SECTION_TITLE}\n\n{block}\n", f"new section “{SECTION_TITLE}”"


def _cursor_rule(entries: list[MemoryEntry], body: str) -> str:
    globs = []
    for e in entries:
        for p in e.paths:
            p = p.strip().strip("/")
            if not p:
                continue
            globs.append(p if "." in p.rsplit("/", 1)[-1] or "*" in p else f"{p}/**")
    desc = "; ".join(e.description or e.name for e in entries)
    desc = desc.replace('"', "'")
    glob_line = ",".join(dict.fromkeys(globs))
    return (f"---\ndescription: \"{desc[:200]}\"\nglobs: {glob_line}\nalwaysApply: {'false' if globs else 'true'}\n"
            f"---\n\n{body}\n")


def resolve_target(root: Path, to: str) -> tuple[Path | None, str, str]:
    """(absolute path, shown path, kind) — or (None, why, '') when the path escapes the project."""
    raw = to.strip()
    p = Path(raw)
    if p.is_absolute():
        try:
            raw = str(p.resolve().relative_to(Path(root).resolve()))
        except ValueError:
            return None, f"{to} is outside the project root {root}", ""
    c = confine(Path(root), raw)
    if c.unsafe or c.path is None:
        return None, f"{to}: {c.unsafe}", ""
    kind = "cursor-rule" if c.rel.endswith(".mdc") else "markdown"
    return Path(root) / c.rel, c.rel, kind


def plan_promotion(mem: Memory, ids: list[str], to: str) -> Promotion:
    target, rel, kind = resolve_target(mem.root, to)
    if target is None:
        return Promotion(Path(to), to, "markdown", False, "", "", "",
                         refused=[Finding("", "traversal", "target-escapes-root", None, rel,
                                          "promote into a file inside the project")])
    try:
        before = target.read_text(encoding="utf-8")
        exists = True
    except FileNotFoundError:
        before, exists = "", False
    except (OSError, UnicodeDecodeError) as e:
        return Promotion(target, rel, kind, True, "", "", "",
                         refused=[Finding("", "unreadable", "target", None, f"cannot read {rel}: {e}", "")])
    plan = Promotion(target, rel, kind, exists, before, before, "", signature=signature(target))
    chosen: list[MemoryEntry] = []
    blocks: list[str] = []
    for i in ids:
        e = mem.entries.get(i)
        if e is None:
            plan.refused.append(Finding(i, "unreadable", "missing", None, f"no entry {i!r}", ""))
            continue
        if not e.readable:
            plan.refused.append(Finding(i, "unreadable", "unreadable", None, f"{i} is unreadable: {e.error}", ""))
            continue
        text = rule_text(e)
        gated = secret_findings(i, text) + sensitive_findings(i, text)
        if gated:
            plan.refused += gated
            continue
        if transient_findings(i, text):
            plan.warnings.append(f"{i} reads like a 'right now' statement; an instruction file should state rules")
        st = mem.status.get(i)
        if st is not None and st.anchor in ("broken", "unsafe"):
            plan.warnings.append(f"{i}: its anchor is {st.anchor} ({st.anchor_detail}); check it still holds")
        where = already_there(text, before)
        if where is not None:
            plan.already[i] = f"{rel}:{where}"
            continue
        chosen.append(e)
        blocks.append(text)
        plan.added.append(i)
    if plan.refused or not blocks:
        plan.after = before
    elif kind == "cursor-rule":
        plan.after = _cursor_rule(chosen, "\n".join(blocks)) if not before.strip() else \
            _insert_in_section(before, "\n".join(blocks))[0]
    else:
        plan.after, where = _insert_in_section(before, "\n".join(blocks))
        plan.warnings.insert(0, f"goes into the {where} of {rel}")
    plan.diff = "".join(difflib.unified_diff(before.splitlines(keepends=True), plan.after.splitlines(keepends=True),
                                             fromfile=f"a/{rel}" if exists else "/dev/null", tofile=f"b/{rel}"))
    plan.budget = budget_lines(rel, before, plan.after)
    for i in plan.added + list(plan.already):
        e = mem.entries[i]
        if e.read_only:
            plan.warnings.append(f"{i} is a record of an export: the export is not changed (remove it in the service)")
        elif e.file is not None:
            plan.warnings.append(f"{i} moves: its lines leave {e.file} (to the trash; memtui restore brings them back)")
    return plan


def budget_lines(rel: str, before: str, after: str) -> list[str]:
    name = rel.rsplit("/", 1)[-1]
    b_chars, a_chars = len(before), len(after)
    b_bytes, a_bytes = len(before.encode()), len(after.encode())
    out = [f"{rel}: {b_chars:,} → {a_chars:,} characters ({b_bytes:,} → {a_bytes:,} bytes)"]
    if name in BUDGETS:
        who, limit, unit = BUDGETS[name]
        size = a_chars if unit == "characters" else a_bytes
        state = "OVER" if size > limit else f"{size / limit:.0%} of"
        out.append(f"{who} {limit:,} {unit}: {state} the budget after this change")
    else:
        out.append("loaded whole every session: keep it short")
    return out


class TargetChanged(Exception):
    """The target changed on disk after the plan was shown: nothing was written."""


def apply_promotion(mem: Memory, plan: Promotion, mark: bool = True) -> list[str]:
    """Write the plan atomically (only if the target is unchanged), then mark the entries.
    Returns notes for the person. One transaction under the locks of the memory folder and
    the target: a fault midway (a full disk) leaves the target and the entries as they were."""
    if not plan.ok:
        raise ValueError("a refused plan cannot be applied")
    with writing(mem.dir, plan.target):
        return _apply_promotion(mem, plan, mark)


def _apply_promotion(mem: Memory, plan: Promotion, mark: bool) -> list[str]:
    changed = TargetChanged(f"{plan.rel} changed on disk since the diff was shown; nothing was written")
    seen = journal.read(plan.target)
    if _digest(seen) != plan.signature:
        shown = plan.before.encode("utf-8")
        if seen is None or not plan.before.endswith("\n") or not seen.startswith(shown):
            raise changed
        # the agent only appended: its lines stay below ours, and the diff shown is still the change made
        if plan.after.startswith(plan.before) and plan.after.endswith("\n"):   # ours goes at the end too: right after what was shown
            try:
                plan = dataclasses.replace(plan, after=plan.after + seen[len(shown):].decode("utf-8"))
            except UnicodeDecodeError:
                raise changed from None
        else:
            seen = shown   # ours is inside: merged with their lines (change() refuses a clash)
    notes = []
    if plan.after != plan.before:
        journal.mkdir(plan.target.parent)
        try:   # compared again just before the rename: the diff shown is the change made, or nothing
            change(plan.target, plan.target, plan.after, seen=seen, merged=False)
        except Changed:
            raise changed from None
        notes.append(f"wrote {plan.rel}")
    if mark:
        done = plan.added + list(plan.already)
        parts = [i for i in done if mem.entries[i].file is not None and not mem.entries[i].read_only]
        for i in done:
            if i not in parts and not mem.entries[i].read_only:
                notes += mark_promoted(mem, i, plan.rel)
        if parts:   # a bullet of a shared file moves out of it: promoted_to has nowhere to go
            from .trash import apply_delete, plan_delete
            res = apply_delete(mem.dir, plan_delete(mem.dir, parts, mem.layout))
            notes += [f"moved {i} out of {mem.entries[i].file} (memtui restore brings it back)" for i in res.moved]
    return notes


def mark_promoted(mem: Memory, entry_id: str, rel: str) -> list[str]:
    e = mem.entries.get(entry_id)
    if e is None or e.promoted_to == rel:
        return []
    if not e.has_frontmatter:
        return [f"{entry_id} has no frontmatter; not marked (promoted_to would change its format)"]
    refused = []

    def mark(text: str | None) -> str | None:   # on the entry as it is now: the agent's edit stays
        try:
            return None if text is None else set_fields(text, {"promoted_to": rel})
        except NotEditable as why:
            refused[:] = [str(why)]
            return None
    change(mem.dir, e.path, mark)
    if refused:
        return [f"{entry_id} was not marked promoted_to: {refused[0]} (memtui changes only that field's line)"]
    return [f"marked {entry_id} promoted_to: {rel}"]

