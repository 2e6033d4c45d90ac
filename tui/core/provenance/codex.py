"""Codex's record: the sessions (rollouts) its memories were made from.

Codex writes its memory itself, when it consolidates: a rollout summary per session it learned
from (``thread_id``, ``updated_at``, ``rollout_path`` at the top of the file) and MEMORY.md task
groups that cite those summaries. So each entry's record is the session(s) it cites: when, which
session, and the person's first message in that session's rollout
(``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``: ``response_item`` lines whose payload is a
``message`` with ``role: user``). No diff is kept (consolidation rewrites the files whole), and
no read: Codex injects memory_summary.md at every start and reads the rest with shell commands.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from . import places, stated
from .model import Act, Record

CITED = re.compile(r"rollout_summaries/[^\s)`'\"]+\.md")
_BOILERPLATE = ("<user_instructions>", "<environment_context>", "# AGENTS.md", "<permissions")


def _keys(text: str) -> dict[str, str]:
    from ..layouts.codex import leading_keys
    return leading_keys(text)[0]


def _path(raw: str) -> Path:
    home = os.environ.get("CODEX_HOME")
    if raw.startswith("~/.codex/") and home:
        return Path(home) / raw[len("~/.codex/"):]
    return Path(raw).expanduser()


def codex_record(memory_dir: Path) -> Record:
    record = Record(places.CODEX, places.LABEL[places.CODEX], [str(memory_dir / "rollout_summaries")],
                    dialect="rollout")
    summaries: dict[str, Act] = {}
    folder = Path(memory_dir) / "rollout_summaries"
    try:
        names = sorted(p.name for p in folder.iterdir() if p.suffix == ".md")
    except OSError:
        names = []
    for name in names:
        file_id = f"rollout_summaries/{name}"
        try:
            text = (folder / name).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        keys = _keys(text)
        if not keys.get("thread_id") and not keys.get("rollout_path"):
            continue
        rollout = _path(keys.get("rollout_path", "")) if keys.get("rollout_path") else None
        offset, prompt = first_prompt(rollout) if rollout is not None else (-1, None)
        if rollout is not None and rollout.is_file():
            record.files += 1
            record.size += rollout.stat().st_size
        act = Act("write", "consolidation", f"codex:{keys.get('thread_id', name)}", file_id,
                  keys.get("thread_id", ""), _iso(keys.get("updated_at", "")), str(rollout or ""), -1,
                  prompt=offset, stated=stated.judge(prompt, text))
        summaries[file_id] = act
    acts = list(summaries.values())
    index = Path(memory_dir) / "MEMORY.md"
    if index.is_file():
        from ..layouts.codex import Codex
        text = index.read_text(encoding="utf-8", errors="replace")
        lines = text.split("\n")
        for part in Codex().parts("MEMORY.md", text):
            block = "\n".join(lines[part.block.start:part.block.end])
            for cited in dict.fromkeys(CITED.findall(block)):
                src = summaries.get(cited)
                if src is not None:
                    acts.append(Act(src.kind, src.tool, f"{src.tool_id}:{part.block.slug}",
                                    f"MEMORY.md#{part.block.slug}", src.session, src.at, src.file, -1,
                                    prompt=src.prompt, stated=src.stated))
    record.acts = sorted(acts, key=lambda a: (a.at, a.target))
    if not acts:
        record.note = "no rollout summaries cite a session (Codex has not consolidated memories here yet)"
    return record


def _iso(value: str) -> str:
    from .model import parse_time
    t = parse_time(value.strip()) if value else None
    return t.isoformat().replace("+00:00", "Z") if t else ""


def prompt_text(obj: dict) -> str | None:
    """The person's message, when this rollout line is one (``response_item`` → ``message``,
    ``role: user``; older rollouts put the message at the top level)."""
    item = obj.get("payload") if obj.get("type") == "response_item" else obj
    if not isinstance(item, dict) or item.get("type") != "message" or item.get("role") != "user":
        return None
    content = item.get("content")
    if isinstance(content, list):
        content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict)
                            and isinstance(b.get("text"), str))
    if not isinstance(content, str) or not content.strip() or content.lstrip().startswith(_BOILERPLATE):
        return None
    return content.strip()


def first_prompt(rollout: Path | None, limit: int = 4 << 20) -> tuple[int, str | None]:
    """(offset, text) of the first message the person typed in a rollout, or (-1, None)."""
    try:
        f = open(rollout, "rb")
    except (OSError, TypeError):
        return -1, None
    with f:
        offset = 0
        for raw in f:
            if offset > limit:
                break
            at, offset = offset, offset + len(raw)
            if b'"user"' not in raw:
                continue
            try:
                obj = json.loads(raw)
            except ValueError:
                continue
            text = prompt_text(obj) if isinstance(obj, dict) else None
            if text:
                return at, text
    return -1, None
