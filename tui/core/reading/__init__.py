"""Reading a memory folder's files: entries and frontmatter, the index (MEMORY.md), one file read
safely from disk (load), where the folder is (discover), the hook's stat pass (prefetch). It judges
nothing: a folder read and then judged is a snapshot (snapshots/); the one walk is in the base."""
