"""The main screen and its internals. The screen (``main_screen``) owns the store and the reading
shown. Its children each own their state and answer by messages: the readings and the watch
(``reader``, ``folder_watch``, the first view kept from the last reading in ``firstview``), one
audit at a time (``audit_runs``), the triage and its pass (``triage_view``), the agent's record
(``record_view``), the preview and its index (``previews``, ``preview_index``), the writes off the
UI thread (``writer``) and the edit session (``editing``). The flows (``curation``,
``history_flow``, ``hook_setup``) ask the screen only what ``host.MainHost`` offers and post
messages (``tui.messages``) for the rest; ``keys`` is the one table of actions; ``background``
is the work the workers run; ``agent_writes`` is what the agent wrote since launch."""
