"""Claude Code session transcripts written for tests, modelled on the public schema.

A transcript is `~/.claude/projects/<slug>/<session-id>.jsonl`: one compact JSON object a line
(as JavaScript's JSON.stringify writes it: no spaces, no ASCII escapes). Each line carries
`parentUuid`, `isSidechain`, `userType`, `cwd`, `sessionId`, `version`, `gitBranch`, `type`,
`uuid` and `timestamp`; a user line holds `message.content` as a string (a prompt) or a list
of `tool_result` blocks with the tool's structured `toolUseResult` beside it; an assistant
line holds `message.content[]` with `text` and `tool_use` blocks (`id`, `name`, `input`).
Edit's result carries `originalFile`; Write's carries `type: create|update`; a failed tool
call's result is `is_error: true`. Other types appear too (`summary`, `system`,
`file-history-snapshot`, `attachment`, …) and a reader must pass over them.

Nothing here is copied from a real transcript: the texts are ours, the shapes are the schema's.
"""
from __future__ import annotations

import datetime as dt
import json
import random
import uuid as _uuid
from pathlib import Path

VERSION = "2.0.31"
MODEL = "claude-sonnet-4-5-20250929"


def dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class Session:
    """One session's transcript, line by line; ``save()`` writes (or appends) it."""

    def __init__(self, folder: Path, cwd: str, start: dt.datetime, session_id: str | None = None,
                 seed: int = 1, branch: str = "main", sidechain: bool = False, agent_id: str | None = None) -> None:
        self.rnd = random.Random(seed)
        self.folder, self.cwd, self.now = Path(folder), cwd, start
        self.id = session_id or self._uuid()
        self.branch, self.sidechain, self.agent_id = branch, sidechain, agent_id
        self.lines: list[str] = []
        self.parent: str | None = None
        self.written = 0   # lines already saved

    @property
    def path(self) -> Path:
        return self.folder / f"{self.id}.jsonl"

    def _uuid(self) -> str:
        return str(_uuid.UUID(int=self.rnd.getrandbits(128), version=4))

    def _tool_id(self) -> str:
        return "toolu_01" + "".join(self.rnd.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789")
                                    for _ in range(22))

    def tick(self, seconds: float = 7) -> None:
        self.now += dt.timedelta(seconds=seconds)

    def _stamp(self) -> str:
        return self.now.astimezone(dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _base(self, kind: str) -> dict:
        self.tick(self.rnd.uniform(1, 20))
        u = self._uuid()
        base = {"parentUuid": self.parent, "isSidechain": self.sidechain, "userType": "external", "cwd": self.cwd,
                "sessionId": self.id, "version": VERSION, "gitBranch": self.branch}
        if self.agent_id:
            base["agentId"] = self.agent_id
        base.update({"type": kind, "uuid": u, "timestamp": self._stamp()})
        self.parent = u
        return base

    def add(self, obj: dict) -> dict:
        self.lines.append(dumps(obj))
        return obj

    # -- what a person types -------------------------------------------------------------------
    def user(self, text: str) -> dict:
        line = self._base("user")
        line["message"] = {"role": "user", "content": text}
        return self.add(line)

    def user_blocks(self, text: str) -> dict:
        """A prompt as a list of blocks (how a prompt with an image, or a pasted one, is kept)."""
        line = self._base("user")
        line["message"] = {"role": "user", "content": [{"type": "text", "text": text}]}
        return self.add(line)

    def meta(self, text: str) -> dict:
        """A line Claude Code adds on the user's side that the user did not type (a caveat)."""
        line = self._base("user")
        line["isMeta"] = True
        line["message"] = {"role": "user", "content": text}
        return self.add(line)

    def command(self, name: str, args: str = "") -> dict:
        line = self._base("user")
        line["message"] = {"role": "user", "content": f"<command-message>{name.lstrip('/')} is running…"
                           f"</command-message>\n<command-name>{name}</command-name>\n"
                           f"<command-args>{args}</command-args>"}
        return self.add(line)

    # -- what the model does --------------------------------------------------------------------
    def say(self, text: str) -> dict:
        line = self._base("assistant")
        line["message"] = {"id": "msg_01" + self._uuid().replace("-", "")[:22], "type": "message",
                           "role": "assistant", "model": MODEL, "content": [{"type": "text", "text": text}],
                           "stop_reason": None, "stop_sequence": None,
                           "usage": {"input_tokens": 4, "cache_creation_input_tokens": 1200,
                                     "cache_read_input_tokens": 18000, "output_tokens": 60,
                                     "service_tier": "standard"}}
        line["requestId"] = "req_011C" + self._uuid().replace("-", "")[:20]
        return self.add(line)

    def tool(self, name: str, tool_input: dict, result: str = "ok", structured=None, error: bool = False) -> str:
        """The assistant's tool_use line, then the user-side tool_result line; returns the id."""
        line = self._base("assistant")
        tid = self._tool_id()
        line["message"] = {"id": "msg_01" + self._uuid().replace("-", "")[:22], "type": "message",
                           "role": "assistant", "model": MODEL,
                           "content": [{"type": "tool_use", "id": tid, "name": name, "input": tool_input}],
                           "stop_reason": None, "stop_sequence": None,
                           "usage": {"input_tokens": 4, "output_tokens": 120, "service_tier": "standard"}}
        line["requestId"] = "req_011C" + self._uuid().replace("-", "")[:20]
        self.add(line)
        back = self._base("user")
        block = {"tool_use_id": tid, "type": "tool_result", "content": result}
        if error:
            block["is_error"] = True
        back["message"] = {"role": "user", "content": [block]}
        back["toolUseResult"] = structured if structured is not None else (f"Error: {result}" if error else result)
        self.add(back)
        return tid

    def write(self, file_path: str, content: str, before: str | None = None, error: bool = False) -> str:
        structured = {"type": "create" if before is None else "update", "filePath": file_path, "content": content,
                      "structuredPatch": []}
        if before is not None:
            structured["originalFile"] = before
        msg = ("File created successfully at: " if before is None else "The file has been updated: ") + file_path
        return self.tool("Write", {"file_path": file_path, "content": content}, msg,
                         None if error else structured, error)

    def edit(self, file_path: str, old: str, new: str, before: str | None, replace_all: bool = False,
             error: bool = False, with_original: bool = True) -> str:
        inp = {"file_path": file_path, "old_string": old, "new_string": new}
        if replace_all:
            inp["replace_all"] = True
        structured = {"filePath": file_path, "oldString": old, "newString": new, "structuredPatch": [],
                      "userModified": False, "replaceAll": replace_all}
        if with_original and before is not None:
            structured["originalFile"] = before
        return self.tool("Edit", inp, f"The file {file_path} has been updated.", None if error else structured,
                         error)

    def multi_edit(self, file_path: str, edits: list[tuple[str, str]]) -> str:
        inp = {"file_path": file_path, "edits": [{"old_string": o, "new_string": n} for o, n in edits]}
        # (what MultiEdit's structured result holds beyond the path is not relied on: the edits are
        # applied to the version before, in order)
        structured = {"filePath": file_path, "edits": inp["edits"], "structuredPatch": [], "userModified": False}
        return self.tool("MultiEdit", inp, f"Applied {len(edits)} edits to {file_path}", structured)

    def read(self, file_path: str, content: str, error: bool = False) -> str:
        lines = content.count("\n") + 1
        structured = {"type": "text", "file": {"filePath": file_path, "content": content, "numLines": lines,
                                               "startLine": 1, "totalLines": lines}}
        numbered = "\n".join(f"{n:>6}→{t}" for n, t in enumerate(content.split("\n"), 1))
        return self.tool("Read", {"file_path": file_path}, "File does not exist." if error else numbered,
                         None if error else structured, error)

    def bash(self, command: str, out: str = "") -> str:
        return self.tool("Bash", {"command": command, "description": "run it"}, out,
                         {"stdout": out, "stderr": "", "interrupted": False, "isImage": False})

    # -- other lines a transcript holds -------------------------------------------------------------
    def unknown(self) -> dict:
        """A line of a type a reader does not know (Claude Code adds new ones over time)."""
        return self.add({"type": "x-future-event", "sessionId": self.id, "timestamp": self._stamp(),
                         "payload": {"what": "something new"}})

    def snapshot_line(self) -> dict:
        return self.add({"type": "file-history-snapshot", "messageId": self._uuid(),
                         "snapshot": {"messageId": self._uuid(), "trackedFileBackups": {},
                                      "timestamp": self._stamp()}, "isSnapshotUpdate": False})

    def summary(self, text: str) -> dict:
        return self.add({"type": "summary", "summary": text, "leafUuid": self._uuid()})

    def garbage(self, text: str = "this is not JSON {") -> None:
        self.lines.append(text)

    # -- to disk ------------------------------------------------------------------------------
    def save(self, cut_last: int = 0) -> Path:
        """Append the lines not yet written; ``cut_last``: leave that many bytes off the end of the
        last line and its newline (a line still being written)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        data = "".join(line + "\n" for line in self.lines[self.written:]).encode("utf-8")
        if cut_last:
            data = data[:-cut_last]
        with open(self.path, "ab") as f:
            f.write(data)
        self.written = len(self.lines)
        return self.path


def project_folder(config_dir: Path, project: Path) -> Path:
    """Where Claude Code keeps a project's transcripts: <config>/projects/<slug>/."""
    import re
    return Path(config_dir) / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(project))


# -- a project whose memory several sessions wrote, edited and read ----------------------------------
TOKEN = "ghp_" + "Q7v2Lm9XcR4tY8uB1nK6wE3sD0fG5hJ2pZ9a"   # shaped like a GitHub token; not a real one

DEPLOY_V1 = """---
name: deploy-fly
description: Production deploys go to Fly.io, app ledger-prod
type: project
---
We deploy with Fly.io: the app is `ledger-prod`, region ams.
Run `fly deploy --remote-only` from main.
"""
DEPLOY_V2 = DEPLOY_V1.replace("region ams", "region fra")
RELEASE_V1 = """---
name: release-process
description: How releases are cut
type: project
---
Releases are tagged from main once CI is green.
The changelog is written by hand before the tag.
"""
RELEASE_V2 = RELEASE_V1.replace("once CI is green", "once CI and the smoke test are green").replace(
    "written by hand", "generated by git-cliff")
INDEX_V1 = "- [Deploy](deploy-fly.md) — Fly.io, ledger-prod\n"
INDEX_V2 = INDEX_V1 + "- [Releases](release-process.md) — tagged from main\n"


class Scene:
    """Three sessions over three months: the person asks the agent to remember the deploy target
    (stated), the agent notes the release process by itself after a message holding a token
    (inferred), a later session reads the memory and edits both entries (one Edit, one MultiEdit),
    a last one reads MEMORY.md, fails a read and a write, and is cut mid-line; a line that is not
    JSON and a line of an unknown type sit among them."""

    def __init__(self, tmp: Path, monkeypatch) -> None:
        self.config = tmp / "claude-config"
        monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(self.config))
        self.project = tmp / "ledger"
        self.project.mkdir(parents=True)
        self.folder = project_folder(self.config, self.project)
        self.memory = self.folder / "memory"
        self.memory.mkdir(parents=True)
        cwd = str(self.project)
        m = str(self.memory)
        t0 = dt.datetime(2026, 9, 8, 19, 20, tzinfo=dt.timezone.utc)
        s1 = self.s1 = Session(self.folder, cwd, t0, seed=11)
        s1.snapshot_line()
        s1.user("We deploy with Fly.io: the app is ledger-prod, region ams, and we run fly deploy --remote-only "
                "from main. Remember that for next time.")
        s1.say("I'll save that to memory.")
        s1.write(f"{m}/deploy-fly.md", DEPLOY_V1)
        s1.write(f"{m}/MEMORY.md", INDEX_V1)
        s1.user(f"here is the token {TOKEN} to push the release tag, use it once")
        s1.bash("git push origin v1.4.0", "ok")
        s1.say("Pushed. Noting how releases are cut.")
        s1.write(f"{m}/release-process.md", RELEASE_V1)
        s1.edit(f"{m}/MEMORY.md", INDEX_V1, INDEX_V2, INDEX_V1)
        s1.summary("Deploy and release notes")
        s1.save()
        s2 = self.s2 = Session(self.folder, cwd, dt.datetime(2026, 10, 1, 9, 0, tzinfo=dt.timezone.utc), seed=22)
        s2.user("the payments test is flaky again, can you look")
        s2.read(f"{m}/deploy-fly.md", DEPLOY_V1)
        s2.bash("npm test -- payments", "1 failing")
        s2.say("Region moved; updating the memory.")
        s2.edit(f"{m}/deploy-fly.md", "region ams", "region fra", DEPLOY_V1)
        s2.multi_edit(f"{m}/release-process.md", [("once CI is green", "once CI and the smoke test are green"),
                                                  ("written by hand", "generated by git-cliff")])
        s2.unknown()
        s2.garbage('{"type":"assistant","message":{"content":[{"type":"tool_use","input":{"file_path":"'
                   f'{m}/deploy-fly.md"')   # a line torn by a crash: not JSON
        s2.save()
        s3 = self.s3 = Session(self.folder, cwd, dt.datetime(2026, 11, 20, 15, 0, tzinfo=dt.timezone.utc), seed=33)
        s3.user_blocks("what do you remember about deploys?")
        s3.read(f"{m}/MEMORY.md", INDEX_V2)
        s3.read(f"{m}/test-runner.md", "", error=True)
        s3.write(f"{m}/deploy-fly.md", "---\nname: x\n---\nwrong\n", DEPLOY_V2, error=True)
        s3.say("Deploys go to Fly.io (ledger-prod, fra).")
        s3.read(f"{m}/deploy-fly.md", DEPLOY_V2)
        # the agent is still writing: the read's call line is cut 40 bytes short, its result not there yet
        self.cut = len((s3.lines[-1] + "\n").encode()) + 40
        s3.save(cut_last=self.cut)
        for name, text in (("deploy-fly.md", DEPLOY_V2), ("release-process.md", RELEASE_V2),
                           ("MEMORY.md", INDEX_V2)):
            (self.memory / name).write_text(text, encoding="utf-8")
        import os
        import time
        now = time.time()
        for p in self.memory.iterdir():   # a fresh clone: every mtime is today
            os.utime(p, (now, now))

    def finish_s3(self) -> None:
        """The rest of the last line arrives."""
        s3 = self.s3
        tail = "".join(line + "\n" for line in s3.lines[-2:]).encode()[-self.cut:]
        with open(s3.path, "ab") as f:
            f.write(tail)


class PiSession:
    """An OpenClaw session log in pi's format: a header line (``type: session``), then ``type:
    message`` lines whose ``message.role`` is user, assistant (``toolCall`` blocks with
    ``arguments``) or toolResult (``toolCallId``, ``isError``); entries chained by id/parentId."""

    def __init__(self, folder: Path, cwd: str, start: dt.datetime, session_id: str, seed: int = 3) -> None:
        self.rnd = random.Random(seed)
        self.folder, self.cwd, self.now, self.id = Path(folder), cwd, start, session_id
        self.parent: str | None = None
        self.lines = [dumps({"type": "session", "version": 3, "id": session_id, "timestamp": self._stamp(),
                             "cwd": cwd})]

    @property
    def path(self) -> Path:
        return self.folder / f"{self.id}.jsonl"

    def _stamp(self) -> str:
        return self.now.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _entry(self, message: dict) -> None:
        self.now += dt.timedelta(seconds=self.rnd.uniform(2, 30))
        eid = "".join(self.rnd.choice("0123456789abcdef") for _ in range(8))
        self.lines.append(dumps({"type": "message", "id": eid, "parentId": self.parent, "timestamp": self._stamp(),
                                 "message": {**message, "timestamp": int(self.now.timestamp() * 1000)}}))
        self.parent = eid

    def user(self, text: str) -> None:
        self._entry({"role": "user", "content": [{"type": "text", "text": text}]})

    def tool(self, name: str, arguments: dict, result: str = "ok", error: bool = False) -> str:
        cid = "call_" + "".join(self.rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(16))
        self._entry({"role": "assistant", "content": [{"type": "toolCall", "id": cid, "name": name,
                                                       "arguments": arguments}],
                     "api": "anthropic-messages", "provider": "anthropic", "model": "claude-sonnet-4-5",
                     "stopReason": "toolUse"})
        self._entry({"role": "toolResult", "toolCallId": cid, "toolName": name,
                     "content": [{"type": "text", "text": result}], "isError": error})
        return cid

    def save(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path.write_text("".join(line + "\n" for line in self.lines), encoding="utf-8")
        return self.path
