"""Reading a memory folder: the one walk, the scan, entries and frontmatter, the index (MEMORY.md), snapshots and their store, several agents at once, where the folder is."""
