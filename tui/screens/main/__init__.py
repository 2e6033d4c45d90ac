"""The main screen and its internals: the screen (``main_screen``), the work its workers run
(``background``), the curation flows (``curation``), the first view kept from the last reading
(``firstview``), what the agent wrote since launch (``agent_writes``), watching the folder
(``folder_watch``), one audit at a time (``audit_runs``), the preview's index (``preview_index``)
and the triage panes (``triage_view``)."""
