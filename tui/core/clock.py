"""The time every age is measured from."""
from __future__ import annotations

import datetime as dt
import os


def utcnow() -> dt.datetime:
    """Now, or $MEMTUI_NOW (ISO 8601) for reproducible ages in tests and child processes."""
    fixed = os.environ.get("MEMTUI_NOW")
    if fixed:
        try:
            value = dt.datetime.fromisoformat(fixed.replace("Z", "+00:00"))
            return value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
        except ValueError:
            pass
    return dt.datetime.now(dt.timezone.utc)
