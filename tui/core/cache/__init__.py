"""What is kept between runs, keyed by file signature: the parse cache (parse) here; the last audit and
listing (reports/audit_cache), the hook's kept layout detection (layouts/detection), the project's
file index (judging/project_cache) above it; all in one SQLite file per memory folder (kept)
under $XDG_CACHE_HOME/memtui/. How each is checked and what it saves, measured:
tests/bench/README.md, "Speed: what is kept between runs"."""
