"""The pure core of memtui: parsing, status, injection policy, gates, audit, writes.

Nothing here imports textual, rich or watchdog (tests/test_core_purity.py checks it),
so the CLI, the agent hook and the TUI share exactly one engine.

Grouped by concern: reading/, judging/, reports/, secrets/, engine/, cache/, writes/, layouts/ (one reader per agent); clock, config, forking, injection_log and serialize are used across them.
"""
