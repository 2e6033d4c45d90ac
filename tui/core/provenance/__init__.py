"""Provenance from the agent's own record (SPEC §9): who wrote each memory, when, after which
message, every edit as a diff, and which sessions read it.

- ``places``: where each agent's record lives and how its paths name an entry;
- ``lines``: what one line of a transcript (Claude Code) or session log (pi / OpenClaw) says;
- ``scan``: the incremental reader (``keep``: its progress in the folder's kept file; ``model``:
  the acts it finds, pointers into the record with no text);
- ``stated``: whether the person stated a memory or the model inferred it;
- ``history``: one file's versions and reads, ``gitlog``: what git adds, ``show``: masking;
- ``dating``: each entry's written_at / written_by / age and where they come from;
- ``report``: what the command line and the app ask (``record_of``, ``overlay``, ``entry_history``);
- ``restore``: an earlier version written back through the one write path.

Pure: no textual, rich or watchdog. The hook never imports it.
"""
