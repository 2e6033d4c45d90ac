"""Subcommands: name → (module, function). Each module is imported only when its command runs,
so the hook and the JSON paths start without rich or textual."""
from __future__ import annotations

import importlib

TABLE = {
    "list": ("listing", "run"),
    "preview": ("preview", "run"),
    "eval": ("evaluate", "run"),
    "audit": ("audit", "run"),
    "remember": ("writes", "remember"),
    "delete": ("writes", "delete"),
    "restore": ("writes", "restore"),
    "promote": ("promote", "run"),
    "triage": ("triage", "run"),
    "archive": ("writes", "archive"),
    "hook": ("hook", "run"),
}


def run(name: str, args) -> int:
    module, func = TABLE[name]
    return getattr(importlib.import_module(f".{module}", __name__), func)(args)
