"""OpenClaw's workspace files, by name: the one list the layout (layouts/openclaw.BOOTSTRAP) and the
audit (judging/index_audit) both read. Kept apart, with no imports, so that detecting a layout on
the hook's path does not load the audit's modules."""
from __future__ import annotations

# the agent's instructions, persona, user and tools
WORKSPACE_FILES = ("AGENTS.md", "SOUL.md", "USER.md", "TOOLS.md", "IDENTITY.md", "HEARTBEAT.md", "BOOTSTRAP.md",
                   "BOOT.md")
WORKSPACE_LOW = frozenset(n.lower() for n in WORKSPACE_FILES)
