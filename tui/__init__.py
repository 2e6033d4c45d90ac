"""memtui: see and curate what a coding agent remembers.

How the code is laid out, for a newcomer to the code (the README is for users;
tests/bench/README.md holds the internals and the measurements). Each layer imports only
the ones below it; a test over the import graph checks it, that there is no import cycle
anywhere (imports inside functions count, `TYPE_CHECKING` ones do not run) and that no
module is over 400 lines.

- `tui/core/` is pure (no textual, rich or watchdog). Its folders form an order, lowest
  first, and each imports only folders below it (`tests/test_layers.py`; the map with what
  each holds is `tui/core/__init__.py`): base (the modules at its top: `clock`, `config`,
  `forking`, `instructions`, the atomic write `fsutil` and `faults`, text helpers `textutil`,
  `hints`, `mentions`, and the one walk of a memory folder, `walk`: its rules for dot-files,
  symlinks, `.git`, the trash and a layout's pruning) < `cache/` (`kept`: signatures and the
  folder's one SQLite file; `parse`) < `secrets/` (`detect`, `rules`, `assign`, `grade`) <
  `reading/` (one file read safely, `load`; `entry`, `frontmatter`, `index`; the hook's stat
  pass, `prefetch`) < `judging/` (`status`, `anchors`; the gates, `wording`, `time_context`,
  `sensitive`, `gates`, `path_judging`, `crossfile`; the project's files; and `findings`) <
  `layouts/` (one module per agent; `detection`) < `engine/` (`select`, over the index
  interface of `postings`: in memory, or the hook's kept SQLite postings in `lazyindex`;
  `tokens`, `evaluate`) < `snapshots/` (a folder read, then judged: `memory`, `store`, `multi`,
  `first_look`, `forked`) < `writes/` (the one write path: `change`, `write`, `trash`,
  `archive`, `promote`, the lock and the journal; `tool_gate`, `injection_log`,
  `claude_settings`) < `reports/` (`audit`, its kept form `audit_cache`, `audit_format`,
  `triage`, `serialize`) < `provenance/`. `snapshots.memory.MemoryStore` owns a folder and
  produces immutable, generation-numbered `Snapshot`s; everything above computes on a snapshot. Nothing
  changes a published snapshot or its entries (a test checks there is no
  `object.__setattr__` in the tree): each reading has its own anchor checker, the
  engine is made from a snapshot on demand and kept in its `EngineSlot`, and the
  app's background audit judges copies, which the store's next reading takes.
- `tui/render/` turns core results into Rich renderables, one per concept
  (listing, preview, audit, promotion plan, an entry's detail, an injection-log
  record, the usage chart, the title bar), coloured through `render/styles.py`
  (the CLI uses the default styles, the TUI builds them from its theme); it never
  imports Textual, a widget or a screen.
- `tui/commands/` are the subcommands: one table in `commands/__init__.py` holds each
  command's help, arguments and module, and `tui/cli.py` (the entry point) builds its
  parser from it; shared helpers are in `commands/common.py`.
- One registry per concept: the layouts (`core/layouts/__init__.py`: each layout's
  class carries its name, aliases and what memtui may do there — remember, archive,
  the trash, the audit; `--layout` takes its names) and the finding kinds
  (`core/judging/findings.py` `KIND`: severity, title, table flag, whether a write stops).
- The app: `app.py` (themes, config, the screen stack); the main screen and its
  internals live in `screens/main/`: `main_screen.py`
  (the table, panes and bindings; workers post `Rescanned`/`Audited`/`Previewed`
  messages tagged with the generation or request they answer, and stale ones are
  dropped; a reading is diffed against the rows shown, so a skipped one loses
  nothing), `keys.py` (the one table of actions: bindings, footer, palette, help; and when each applies).
  The views with state are the screen's children, each owning it and answering by
  messages: `reader.py` (the readings, watched from before the first by `folder_watch.py`),
  `audit_runs.py` (one audit at a time; the newest finished is shown), `triage_view.py`
  (the triage and its pass), `record_view.py` (the agent's record), `previews.py` (the
  prompt's preview), `writer.py` (writes off the UI thread) and `editing.py` (add, edit,
  their drafts). The flows `curation.py` (delete, archive, restore, review, promote:
  dialogs return data, the writes happen there through the core) and `history_flow.py`
  ask the screen only what `host.MainHost` offers (9 members) and post messages
  (`tui/messages.py`) for the rest; `background.py` is the work the workers run,
  `agent_writes.py` what the agent wrote since launch (our own writes are known by file
  signature). Nothing in the package imports the screen back. The other screens and modals are
  in `screens/`, one widget per module in `widgets/`.
- Benchmarks and measurements: `tests/bench/` (its README says what each measures).
"""
__version__ = "0.1.0"
