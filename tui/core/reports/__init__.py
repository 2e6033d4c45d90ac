"""Reports over a snapshot: the audit (and its JSON, SARIF and Markdown forms) and the triage's one suggested action per entry."""
