"""Test 3 for a path the checkout does not hold (a cache, an output the code writes at run time): the
project states it when one line writes it whole, or one line gives its folder and another its file
name, each as a quoted value (``reports_dir = "build/reports"``, ``/ "weekly_totals.csv"``)."""
from __future__ import annotations

import re

from ..judging.project_index import ProjectIndex, ProjectLine, words


def made_path(path: str, idx: ProjectIndex) -> list[ProjectLine]:
    """The lines that make ``path`` (its folder's and its name's, or the one that writes it whole); []."""
    ws = [w for w in words(path) if len(w) >= 2]
    if not ws or "/" not in path or re.search(r"[<>{}*]", path):
        return []
    whole = re.compile(rf"(?<![\w/.-]){re.escape(path)}(?![\w/-])")
    if (hit := _first(idx, ws, whole.search)) is not None:
        return [hit]
    folder, name = path.rsplit("/", 1)
    if not folder or "." not in name:
        return []
    out = []
    for value in (folder, name):
        quoted = re.compile(rf"[\"']{re.escape(value)}/?[\"']")
        hit = _first(idx, [w for w in words(value) if len(w) >= 2], quoted.search)
        if hit is None:
            return []
        out.append(hit)
    return out


def _first(idx: ProjectIndex, ws: list[str], test) -> ProjectLine | None:
    for i in idx.lines_with(*sorted(set(ws), key=len, reverse=True)[:4]):
        pl = idx.line(i)
        if test(pl.text):
            return pl
    return None
