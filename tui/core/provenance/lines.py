"""What one line of an agent's record says about a memory folder: the tool calls on its files,
the results of earlier calls, and whether it is a message the person typed.

Two dialects, one shape (``Said``):

- **Claude Code** transcripts: ``type`` user/assistant, ``sessionId``, ``timestamp``,
  ``isSidechain``; an assistant line's ``message.content[]`` holds ``tool_use`` blocks
  (``id``, ``name``: Write | Edit | MultiEdit | Read, ``input.file_path``); the result comes on
  a later user line as a ``tool_result`` block (``tool_use_id``, ``is_error``) with the tool's
  structured ``toolUseResult`` beside it (Edit's holds ``originalFile``: the file before).
- **pi** session logs (OpenClaw): a header line ``{type: session, id, cwd}``, then ``type:
  message`` lines whose ``message.role`` is user | assistant | toolResult; an assistant's
  ``content[]`` holds ``toolCall`` blocks (``id``, ``name``: write | edit | read, ``arguments``
  with ``path`` or ``file_path``); a ``toolResult`` message has ``toolCallId`` and ``isError``.

Any other line (a summary, a snapshot, an attachment, a type added next month) says nothing.
Nothing here keeps text: what a call wrote is handed to the caller and dropped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

WRITE, EDIT, READ = "write", "edit", "read"
_KIND = {"Write": WRITE, "Edit": EDIT, "MultiEdit": EDIT, "Read": READ,
         "write": WRITE, "edit": EDIT, "read": READ, "memory_get": READ}


@dataclass(slots=True)
class Call:
    """One tool call on a file of the memory folder."""

    kind: str       # write | edit | read
    tool: str       # the tool's name as the record has it
    tool_id: str
    target: str     # the entry's file id
    text: str = ""  # what it puts in (for the user-stated test only; never kept)
    old: str = ""   # what an edit takes out


@dataclass(slots=True)
class Said:
    """What one decoded line says."""

    session: str = ""
    at: str = ""
    side: bool = False            # a subagent's line
    calls: list[Call] = field(default_factory=list)
    results: list[tuple[str, bool]] = field(default_factory=list)   # (tool id, failed)


def _str(x) -> str:
    return x if isinstance(x, str) else ""


# -- Claude Code ---------------------------------------------------------------------------------
def claude(obj: dict, place, cwd: str | None = None) -> Said:
    said = Said(_str(obj.get("sessionId")), _str(obj.get("timestamp")), obj.get("isSidechain") is True)
    message = obj.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return said
    kind = obj.get("type")
    for block in content:
        if not isinstance(block, dict):
            continue
        if kind == "assistant" and block.get("type") == "tool_use":
            call = _call(_str(block.get("name")), block.get("input"), _str(block.get("id")), place,
                         _str(obj.get("cwd")) or cwd)
            if call is not None:
                said.calls.append(call)
        elif kind == "user" and block.get("type") == "tool_result" and isinstance(block.get("tool_use_id"), str):
            said.results.append((block["tool_use_id"], block.get("is_error") is True))
    return said


def _call(name: str, args, tool_id: str, place, cwd: str | None) -> Call | None:
    kind = _KIND.get(name)
    if kind is None or not isinstance(args, dict) or not tool_id:
        return None
    target = place.locate(_str(args.get("file_path")) or _str(args.get("path")), cwd)
    if target is None:
        return None
    new, old = "", ""
    change = changes(name, args)
    if change is not None:
        how, what = change
        if how == WRITE:
            new = what
        else:
            new = "\n".join(n for _, n, _ in what)
            old = "\n".join(o for o, _, _ in what)
    return Call(kind, name, tool_id, target, new, old)


def changes(tool: str, args: dict):
    """What a write or an edit does to the file: ("write", the whole text) or ("edit", [(old,
    new, replace_all), …] in the order they apply); None when it is neither (or malformed)."""
    kind = _KIND.get(tool)
    if kind == WRITE and isinstance(args.get("content"), str):
        return WRITE, args["content"]
    if kind != EDIT:
        return None
    edits = args.get("edits") if isinstance(args.get("edits"), list) else [args]
    out = []
    for e in edits:
        if not isinstance(e, dict):
            return None
        old = e.get("old_string", e.get("oldText"))
        new = e.get("new_string", e.get("newText"))
        if not isinstance(old, str) or not isinstance(new, str):
            return None
        out.append((old, new, e.get("replace_all") is True))
    return (EDIT, out) if out else None


def call_args(obj: dict, tool_id: str) -> tuple[str, dict] | None:
    """(tool name, its input) of the call ``tool_id`` on this line (either dialect)."""
    message = obj.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    for block in content if isinstance(content, list) else ():
        if isinstance(block, dict) and block.get("id") == tool_id:
            args = block.get("input", block.get("arguments"))
            if isinstance(args, dict):
                return _str(block.get("name")), args
    return None


def original(obj: dict) -> str | None:
    """The file as it was before the call, when the result line holds it (Claude Code's Edit and
    Write results: ``originalFile``)."""
    result = obj.get("toolUseResult")
    if isinstance(result, dict) and isinstance(result.get("originalFile"), str):
        return result["originalFile"]
    return None


# what Claude Code writes on the user's side that the person did not type
_NOT_TYPED = ("<local-command-stdout>", "<local-command-stderr>", "Caveat: ", "[Request interrupted",
              "<bash-stdout>", "<bash-stderr>", "<user-memory-input>")
_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
_ARGS = re.compile(r"<command-args>(.*?)</command-args>", re.S)
_NAME = re.compile(r"<command-name>(.*?)</command-name>", re.S)


def claude_prompt(obj: dict) -> str | None:
    """The text the person typed, when this line is such a message (not a tool result, not a
    line Claude Code added, not a subagent's task, not a summary of a compacted session)."""
    if obj.get("type") != "user" or obj.get("isMeta") or obj.get("isSidechain") or obj.get("isCompactSummary") \
            or "toolUseResult" in obj:
        return None
    message = obj.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
            return None
        text = "\n".join(_str(b.get("text")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    else:
        return None
    text = _REMINDER.sub("", text).strip()
    if text.startswith(("<command-name>", "<command-message>")):   # a slash command: its name and what followed it
        name, args = _NAME.search(text), _ARGS.search(text)
        text = " ".join(x for x in ((name.group(1) if name else ""), (args.group(1) if args else "")) if x).strip()
    if not text or text.startswith(_NOT_TYPED):
        return None
    return text


# -- pi (OpenClaw) -------------------------------------------------------------------------------
def pi(obj: dict, place, cwd: str | None = None, session: str = "") -> Said:
    said = Said(session, _str(obj.get("timestamp")))
    message = obj.get("message")
    if obj.get("type") != "message" or not isinstance(message, dict):
        return said
    role = message.get("role")
    if role == "toolResult" and isinstance(message.get("toolCallId"), str):
        said.results.append((message["toolCallId"], message.get("isError") is True))
    elif role == "assistant" and isinstance(message.get("content"), list):
        for block in message["content"]:
            if isinstance(block, dict) and block.get("type") == "toolCall":
                call = _call(_str(block.get("name")), block.get("arguments"), _str(block.get("id")), place, cwd)
                if call is not None:
                    said.calls.append(call)
    return said


def pi_prompt(obj: dict) -> str | None:
    message = obj.get("message")
    if obj.get("type") != "message" or not isinstance(message, dict) or message.get("role") != "user":
        return None
    content = message.get("content")
    if isinstance(content, list):
        content = "\n".join(_str(b.get("text")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return content.strip() or None if isinstance(content, str) else None


def pi_header(obj: dict) -> tuple[str, str] | None:
    """(session id, working folder) of a pi session file's first line."""
    if isinstance(obj, dict) and obj.get("type") == "session":
        return _str(obj.get("id")), _str(obj.get("cwd"))
    return None


# the byte string a user line of each dialect holds (a quick test before decoding one)
USER_MARK = {"claude": re.compile(rb'"type"\s*:\s*"user"'), "pi": re.compile(rb'"role"\s*:\s*"user"')}
