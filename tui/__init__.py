"""memtui: see and curate what a coding agent remembers."""
__version__ = "0.1.0"
