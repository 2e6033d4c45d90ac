"""The agent's own memory writes, judged before they land (the PreToolUse write gate).

Claude Code writes its memory files with its Write, Edit and MultiEdit tools, never through
``write_memory``. The hook hands each such call here: ``memory_id`` says whether the file lies
in the memory folder (symlinks and ``..`` resolved), ``after_call`` what the file would hold
after the call, and ``judge`` runs the same gates as ``memtui remember`` over what the call
adds — the lines that are new, so an old problem elsewhere in the file never blocks an
unrelated edit. Only a high-confidence finding of a kind that stops a write denies; anything
else is allowed and recorded. Nothing here prints, and no reason or record carries a piece of
a secret: a denied value is never echoed, not even its public prefix.
"""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..judging.findings import REJECT_ON_WRITE, Finding

WRITE_TOOLS = ("Write", "Edit", "MultiEdit")


class NoDecision(Exception):
    """The call cannot be judged (unknown tool, malformed input, an edit that does not apply):
    the hook says nothing and logs this reason; Claude Code's own checks decide."""


@dataclass(frozen=True)
class Edit:
    old: str
    new: str
    replace_all: bool = False


@dataclass(frozen=True)
class ToolCall:
    """One file-writing tool call as Claude Code sends it (``tool_input`` of the hook payload)."""

    tool: str
    file_path: str
    content: str | None = None          # Write
    edits: tuple[Edit, ...] = ()        # Edit (one), MultiEdit (several, applied in order)


def _text(value, what: str) -> str:
    if not isinstance(value, str):
        raise NoDecision(f"{what} is not text")
    return value


def parse_call(tool_name, tool_input) -> ToolCall:
    """The call, or NoDecision saying why it is not one this gate reads."""
    if tool_name not in WRITE_TOOLS:
        raise NoDecision(f"tool {str(tool_name)[:40]!r} does not write a file this gate reads")
    if not isinstance(tool_input, dict):
        raise NoDecision("tool_input is not an object")
    path = _text(tool_input.get("file_path"), "tool_input.file_path")
    if not path:
        raise NoDecision("tool_input.file_path is empty")
    if tool_name == "Write":
        return ToolCall(tool_name, path, content=_text(tool_input.get("content"), "tool_input.content"))
    raw = tool_input.get("edits") if tool_name == "MultiEdit" else [tool_input]
    if not isinstance(raw, list) or not raw:
        raise NoDecision("tool_input.edits is not a list of edits")
    edits = []
    for n, e in enumerate(raw, 1):
        if not isinstance(e, dict):
            raise NoDecision(f"edit {n} is not an object")
        edits.append(Edit(_text(e.get("old_string"), f"edit {n}: old_string"),
                          _text(e.get("new_string"), f"edit {n}: new_string"), e.get("replace_all") is True))
    return ToolCall(tool_name, path, edits=tuple(edits))


def memory_id(file_path: str, mem_dir: Path) -> str | None:
    """The file's id in the memory folder ('/'-separated), or None when it lies outside it.
    Both sides are resolved: a symlink into the folder is in it, a '..' out of it is not."""
    target = os.path.realpath(file_path)
    folder = os.path.realpath(mem_dir)
    try:
        if os.path.commonpath([target, folder]) != folder or target == folder:
            return None
    except ValueError:   # different drives, or a relative path against an absolute one
        return None
    return os.path.relpath(target, folder).replace(os.sep, "/")


def claude_folder_of(file_path: str, config_dir: str | None = None) -> Path | None:
    """The Claude Code memory folder a path lies in by its shape alone
    (``<~/.claude or $CLAUDE_CONFIG_DIR>/projects/<slug>/memory/…``), whichever project it is
    of: an agent may write the memory of a folder other than the one it runs in."""
    parts = Path(os.path.realpath(file_path)).parts
    config = Path(os.path.realpath(config_dir)).parts if config_dir else None
    for i in range(3, len(parts) - 1):
        if parts[i] == "memory" and parts[i - 2] == "projects" and \
                (parts[i - 3] == ".claude" or (config is not None and parts[:i - 2] == config)):
            return Path(*parts[:i + 1])
    return None


def after_call(call: ToolCall, before: str | None) -> str:
    """What the file would hold after the call (``before``: None when it does not exist yet).
    An edit that would fail in Claude Code (its old text missing, or not unique) is NoDecision:
    the call fails there anyway, and a guess here could deny a write that never happens."""
    if call.content is not None:
        return call.content
    text = before
    for n, e in enumerate(call.edits, 1):
        if text is None or (e.old == "" and text == ""):
            if e.old != "":
                raise NoDecision("an edit of a file that does not exist")
            text = e.new   # an empty old_string creates the file
            continue
        count = text.count(e.old) if e.old else 0
        if count == 0:
            raise NoDecision(f"edit {n}: the text to replace is not in the file")
        if count > 1 and not e.replace_all:
            raise NoDecision(f"edit {n}: the text to replace is not unique and replace_all is not set")
        text = text.replace(e.old, e.new) if e.replace_all else text.replace(e.old, e.new, 1)
    return "" if text is None else text


def added_lines(before: str | None, after: str) -> set[int]:
    """1-based numbers of the lines of ``after`` that ``before`` did not have there."""
    new = after.splitlines()
    if not before:
        return set(range(1, len(new) + 1))
    out: set[int] = set()
    matcher = difflib.SequenceMatcher(None, before.splitlines(), new, autojunk=False)
    for op, _, _, j1, j2 in matcher.get_opcodes():
        if op in ("replace", "insert"):
            out.update(range(j1 + 1, j2 + 1))
    return out


@dataclass
class GateDecision:
    """What the gate says about one write: ``denied`` findings stop it; ``noted`` ones
    (possible, or of a kind that only warns) let it through and are recorded."""

    entry_id: str
    denied: list[Finding] = field(default_factory=list)
    noted: list[Finding] = field(default_factory=list)
    secret_pieces: set[str] = field(default_factory=set)   # what no text built from this may contain

    @property
    def deny(self) -> bool:
        return bool(self.denied)

    def why(self, f: Finding) -> dict:
        """A finding as the log keeps it: kind, rule, line, confidence, the public message."""
        return {"kind": f.kind, "rule": f.rule, "line": f.line, "confidence": f.confidence,
                "message": self.public(f.message)}

    def public(self, text: str) -> str:
        """``text`` with no piece of a secret in it, not even a token's public prefix."""
        from ..secrets.detect import redact, scrub
        return scrub(redact(_NO_PREFIX.sub(r"(\1)", text)), self.secret_pieces)

    def reason(self) -> str:
        """What Claude is told (verbatim): what was found, and how to rewrite it."""
        lines = [f"memtui blocked this write to the memory file {self.public(self.entry_id)}: nothing was written."]
        seen = set()
        for f in self.denied:
            key = (f.kind, f.rule, f.message)
            if key in seen:
                continue
            seen.add(key)
            where = f" (line {f.line})" if f.line else ""
            lines.append(f"- {f.kind}{where}: {self.public(f.message)}")
            fix = AGENT_ROTATE if f.kind == "secret" else f.fix
            if fix:
                lines.append(f"  fix: {self.public(fix)}")
            if f.kind == "transient":   # the gate misfires on names: say how to write one
                lines.append(f"  {NAMED_WORD}")
        lines.append("Rewrite the memory as the fixes say and write it again; memtui checks it again then.")
        return "\n".join(lines)


# the write never happened, but the value is in the conversation: rotate it all the same
AGENT_ROTATE = ("rotate this credential: it has been in this conversation (and its transcript), so treat it "
                "as exposed; write the memory again naming the environment variable that holds it "
                "(for example: \"the deploy token is read from $DEPLOY_TOKEN\"), never the value")

NAMED_WORD = ("if the word is a name here, not a time (a field, a flag, a preset, a column), write it in "
              "backticks or quotes: quoted words and code are not read as statements")

# a secret's message shows its public prefix ("(sk-…, 51 characters)"); to the agent, none of it
_NO_PREFIX = re.compile(r"\((?:[^()\n]{1,12}…, )(\d+ characters)\)")


def judge(mem_dir: Path, root: Path, entry_id: str, before: str | None, after: str) -> GateDecision:
    """Run the write gates over the lines the call adds to ``entry_id``."""
    from ..secrets.detect import secret_pieces
    added = added_lines(before, after)
    if not added:
        return GateDecision(entry_id)
    found = _findings(mem_dir, root, entry_id, after)
    old: set = set()
    if before and any(f.line is None for f in found):
        old = {(g.kind, g.rule, g.message) for g in _findings(mem_dir, root, entry_id, before)}
    decision = sort_findings(entry_id, found, added, old)
    if decision.denied or decision.noted:   # only then is any text built from the findings
        decision.secret_pieces = secret_pieces(after)
    return decision


def sort_findings(entry_id: str, found: list[Finding], added: set[int], old: set) -> GateDecision:
    """The decision on the findings of the file as it would be: only those on an added line
    count (or, said of no line, not said of the old file: ``old`` holds (kind, rule, message));
    of those, a high-confidence one of a kind that stops a write denies, the rest are noted."""
    decision = GateDecision(entry_id)
    for f in found:
        if (f.line not in added) if f.line is not None else ((f.kind, f.rule, f.message) in old):
            continue
        stops = f.kind in REJECT_ON_WRITE and f.confidence == "high"
        (decision.denied if stops else decision.noted).append(f)
    return decision


def _findings(mem_dir: Path, root: Path, entry_id: str, text: str) -> list[Finding]:
    """Every gate for an entry file that parses; the text-only gates for anything else (the
    index, a file with broken frontmatter, a file of another kind): its lines are still text
    that the agent will be shown."""
    from ..reading.index import INDEX_NAME
    if entry_id.endswith(".md") and entry_id.rpartition("/")[2] != INDEX_NAME:
        from .write import check
        entry, found = check(Path(mem_dir), Path(root), entry_id, text)
        if entry.error is None:
            return found
    return _text_findings(mem_dir, entry_id, text)


def _text_findings(mem_dir: Path, entry_id: str, text: str) -> list[Finding]:
    """The gates that need nothing but the text (secret, sensitive, transient, …)."""
    from ..reading.entry import MemoryEntry
    from ..judging.gates import content_findings
    loose = MemoryEntry(id=entry_id, path=Path(mem_dir) / entry_id, name=entry_id, text=text, body=text,
                        file=entry_id)   # a part of no cache: judged afresh
    return content_findings(loose)


def judge_new_text(mem_dir: Path, call: ToolCall, entry_id: str) -> GateDecision:
    """For an edit that would not apply (so the file after it is unknown): its new text alone,
    by the gates that need nothing else. Claude Code fails such a call anyway, so a deny costs
    the agent nothing, and it learns before it retries with the same secret."""
    from ..secrets.detect import secret_pieces
    text = "\n".join(e.new for e in call.edits)
    found = _text_findings(mem_dir, entry_id, text)
    for f in found:
        f.line = None   # a line of the fragment is no line of the file
    decision = sort_findings(entry_id, found, set(), set())
    if decision.denied or decision.noted:
        decision.secret_pieces = secret_pieces(text)
    return decision
