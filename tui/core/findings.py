"""A finding: what the audit reports and what a rejected write says. Never holds a secret."""
from __future__ import annotations

from dataclasses import dataclass

SEVERITY = {
    "secret": "error", "sensitive": "error", "traversal": "error",
    "transient": "warning", "process": "warning", "conflict": "warning", "duplicate": "warning",
    "identifying": "warning", "index-hidden": "warning", "index-unlinked": "info", "no-frontmatter": "info",
    "anchor-broken": "warning", "unreadable": "warning", "tracked-in-git": "warning",
    "index-overflow": "warning", "link-broken": "warning", "yaml-truncated": "warning",
    "in-code": "info", "stale": "info", "path-missing": "info", "layout": "warning",
}
KINDS = tuple(SEVERITY)
# Kinds that stop a write (SPEC §5); the others only warn.
REJECT_ON_WRITE = ("secret", "sensitive", "transient", "in-code", "traversal")


def kinds_in_order(kinds: set[str]) -> tuple[str, ...]:
    """These finding kinds, most severe first."""
    return tuple(k for k in KINDS if k in kinds)


@dataclass
class Finding:
    id: str            # entry id ('' for the directory as a whole, 'MEMORY.md' for the index)
    kind: str
    rule: str
    line: int | None
    message: str
    fix: str = ""
    related: str | None = None   # the other entry (or instruction file) of a conflict/duplicate

    @property
    def severity(self) -> str:
        return SEVERITY.get(self.kind, "warning")

    def as_json(self) -> dict:
        # the fields by hand: dataclasses.asdict deep-copies each value (a tenth of a second at 5k findings)
        return {"id": self.id, "kind": self.kind, "rule": self.rule, "line": self.line, "message": self.message,
                "fix": self.fix, "related": self.related, "severity": self.severity}
