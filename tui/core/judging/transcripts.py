"""A chat transcript saved into memory (SPEC §5 ``process``): the turns of a session kept whole."""
from __future__ import annotations

import re

from .findings import Finding
from ..textutil import without_code


# a chat transcript: the turns of a session saved whole ("user: …" / "assistant: …" at the start of
# lines, as OpenClaw's session hook and pasted chats keep them). Memory keeps what lasts; a transcript
# keeps everything said (names, ids, what was tried), where the agent reads it back as if it mattered
_TURN = re.compile(r"(?im)^[ \t]*(?:\*\*)?(user|human|assistant|ai)(?:\*\*)?[ \t]*[:：]")


def transcript_findings(entry_id: str, text: str) -> list[Finding]:
    """One finding when the file holds four speaker turns or more, two of them the user's."""
    # a user's label first, as plain substrings (most texts hold none), then the turns at line starts
    low = text.lower()
    if not ("user:" in low or "user**" in low or "user：" in low or "human:" in low) \
            or sum(1 for _ in zip(range(4), _TURN.finditer(text))) < 4:
        return []
    scan = without_code(text)
    turns = [m for m in _TURN.finditer(scan)]
    users = sum(m.group(1).lower() in ("user", "human") for m in turns)
    # both sides speak, or the labels are a dump's (lower case): "User: …" alone heads each request of a
    # work log, whose record the agent wrote (a session log's finding, not a transcript's)
    dump = len(turns) > users or all(m.group(1).islower() for m in turns)
    if len(turns) < 4 or users < 2 or not dump:
        return []
    return [Finding(entry_id, "process", "transcript", 1,   # (the file as a whole: its top says what it is)
                    f"a chat transcript kept as memory ({len(turns)} turns): everything said in a session, read "
                    "back by the agent as if it lasted",
                    "keep what lasts (a line in MEMORY.md or an entry) and delete the transcript",
                    confidence="possible")]
