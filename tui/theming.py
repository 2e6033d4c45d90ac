"""Theme files (themes/<name>.yaml) → textual Theme, checked strictly.

Keys map one-to-one to `textual.theme.Theme`; `name` must equal the file stem;
unknown keys and colours that do not parse are errors. A bad file is reported
(one message for all problems) and skipped; the app falls back to its default.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from textual.color import Color, ColorParseError
from textual.theme import Theme

from .core.reading.discover import bundled

COLOUR_KEYS = ("primary", "secondary", "accent", "foreground", "background", "surface", "panel",
               "warning", "error", "success", "boost")
ALLOWED = set(COLOUR_KEYS) | {"name", "dark", "variables", "luminosity_spread", "text_alpha"}
DEFAULT_DARK = "memtui-dark"
DEFAULT_LIGHT = "memtui-light"


def themes_dir() -> Path:
    return bundled("themes")


def load_theme(path: Path) -> Theme:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise ValueError(f"{path.name}: cannot be read: {e}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: not a mapping of theme keys")
    problems = []
    unknown = sorted(set(data) - ALLOWED)
    if unknown:
        problems.append(f"unknown key(s) {', '.join(unknown)}")
    if data.get("name") != path.stem:
        problems.append(f"name {data.get('name')!r} must equal the file name {path.stem!r}")
    if "primary" not in data:
        problems.append("'primary' is required")
    for key in COLOUR_KEYS:
        if key in data:
            try:
                Color.parse(str(data[key]))
            except ColorParseError:
                problems.append(f"{key}: {data[key]!r} is not a colour")
    variables = data.get("variables") or {}
    if not isinstance(variables, dict):
        problems.append("variables must be a mapping")
        variables = {}
    if problems:
        raise ValueError(f"{path.name}: " + "; ".join(problems))
    for key in ("luminosity_spread", "text_alpha"):
        if key in data and not (isinstance(data[key], (int, float)) and 0 <= data[key] <= 1):
            problems.append(f"{key}: {data[key]!r} is not a number from 0 to 1")
    if problems:
        raise ValueError(f"{path.name}: " + "; ".join(problems))
    kwargs = {k: str(data[k]) for k in COLOUR_KEYS if k in data}
    kwargs.update({k: float(data[k]) for k in ("luminosity_spread", "text_alpha") if k in data})
    return Theme(name=data["name"], dark=bool(data.get("dark", True)),
                 variables={str(k): str(v) for k, v in variables.items()}, **kwargs)


def load_themes(folder: Path | None = None) -> tuple[list[Theme], list[str]]:
    """(themes that loaded, one problem line per file that did not)."""
    folder = folder or themes_dir()
    themes, problems = [], []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            themes.append(load_theme(path))
        except ValueError as e:
            problems.append(str(e))
    return themes, problems
