"""The instruction files an agent reads beside its memory (CLAUDE.md, AGENTS.md, …): what the
duplicate check compares memory with and what a kept audit watches. Only a constant here, so
a warm command that needs the names does not load the checks that use them."""

INSTRUCTION_FILES = ("CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md", "CLAUDE.local.md")
