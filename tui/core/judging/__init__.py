"""Judging entries: anchors and status, mentioned paths, the write gates (wording, personal data, paths), the agent's write gate, cross-entry checks, and the Finding they report."""
