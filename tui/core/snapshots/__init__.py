"""A folder read, then judged: ``MemoryStore`` makes immutable ``Snapshot``s (the files read by
``store``'s Scanner, each entry's status judged, the engine made on demand), several agents in
one session (``multi``), a large folder's first screen (``first_look``) and reading thousands of
files on every core (``forked``). Above reading, judging, layouts and the engine; below the
writes and the reports that take a snapshot (tests/test_layers.py)."""
