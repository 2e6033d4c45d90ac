"""The user's config file: defaults that flags override (semantics never change).

$XDG_CONFIG_HOME/memtui/config.json (default ~/.config/memtui/config.json), e.g.
{"max_count": 3, "max_chars": 2000, "theme": "memtui-dark"}. A bad file is ignored
with a note on stderr, never fatal.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# the injection's limits when neither a flag nor the config sets them (the engine's defaults too)
DEFAULT_COUNT = 3
DEFAULT_CHARS = 2000


def config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "memtui" / "config.json"


def state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "memtui"


def load_config() -> dict:
    path = config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        print(f"memtui: ignoring {path}: {e}", file=sys.stderr)
        return {}


def save_config(updates: dict) -> None:
    from .fsutil import atomic_write
    data = load_config()
    data.update(updates)
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(data, indent=2) + "\n")


def limits(count: int | None, chars: int | None) -> tuple[int, int]:
    cfg = load_config() if count is None or chars is None else {}
    def pick(flag, key, default):
        if flag is not None:
            return flag
        v = cfg.get(key)
        return v if isinstance(v, int) and v > 0 else default
    return pick(count, "max_count", DEFAULT_COUNT), pick(chars, "max_chars", DEFAULT_CHARS)
