"""The pure core of memtui: parsing, status, injection policy, gates, audit, writes.

Nothing here imports textual, rich or watchdog (tests/test_core_purity.py checks it),
so the CLI, the agent hook and the TUI share exactly one engine.

Its folders form an order: each imports only folders below it (a helper two folders need lives
in the lower one). tests/test_layers.py enforces it, imports inside functions included
(``if TYPE_CHECKING:`` ones excepted). Lowest first:

  base        the modules at this top: clock, config, forking, instructions, the atomic write
              (fsutil, faults), text helpers (textutil, hints, mentions), the one walk (walk)
  cache       what is kept between runs by file signature (kept) and the parse cache (parse)
  secrets     secret rules and their detector
  reading     one file, frontmatter and MEMORY.md read from disk; where the folder is; the hook's stat pass
  judging     what is wrong with an entry or the index: status, anchors, gates, findings
  layouts     one reader per agent (a layout's own findings); detecting which one a folder is
  engine      the injection policy, its index and the evaluation
  snapshots   a folder read, then judged: MemoryStore and its Snapshots, several agents at once
  writes      the one write path: lock, journal, compare-before-replace; trash, archive, promote
  reports     audit and triage, built on the above; the kept audit; entries as JSON
  provenance  an entry's history from the agent's record
"""

