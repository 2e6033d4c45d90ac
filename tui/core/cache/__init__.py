"""What is kept between runs, keyed by file signature: the parse cache (parse), the last audit and
listing (audit), the hook's kept layout detection (detection), all in one SQLite file per memory
folder (kept) under $XDG_CACHE_HOME/memtui/. How each is checked and what it saves, measured:
tests/bench/README.md, "Speed: what is kept between runs"."""
