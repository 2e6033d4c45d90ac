"""Every change on disk. Start at ``change.py``: the one write path (the folder's lock, one
journal transaction, compare-before-replace against the bytes the person saw) that every write
of a file an agent also writes goes through. Then the writes built on it: the gated write of a
memory (``write``), another layout's bullets (``layout_writes``), the trash and restore
(``trash``, ``snippets``), archive (``archive``, ``daily_log``), promotion and its mark
(``promote``), Claude Code's settings (``claude_settings``), the agent's write gate for a tool
call (``tool_gate``) and the injection log (``injection_log``); and the steps they share
(``locking``, ``journal``, ``merge``; the atomic write ``fsutil`` and ``faults``, write faults in
the user's terms, are in the base below)."""
