"""FitLine: one line of text that abbreviates to its width instead of being cut.

It is given its text from the most to the least verbose (``show(variants)``) and draws the first
that fits; when none does, the last one is cut with an ellipsis where the cut matters least (at
``cut_at``: the path in a title, not the counts after it). Resizing redraws it, so the title bar and
the status line keep the findings count and "watching" at 80 columns.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static


class FitLine(Static):
    def __init__(self, *args, head: bool = True, **kwargs) -> None:
        """``head``: when nothing fits, shorten the first part (a path) in the middle; else cut the end."""
        super().__init__(*args, **kwargs)
        self.variants: list[str] = []
        self.head = head

    def show(self, variants: list[str] | str) -> None:
        self.variants = [variants] if isinstance(variants, str) else list(variants)
        self.update(self.variants[0] if self.variants else "")   # (its content: the whole text)

    def render(self) -> Text:
        if not self.variants:
            return Text("")
        return Text(fit(self.variants, self.content_size.width or 10_000, self.head), no_wrap=True,
                    overflow="ellipsis")


def fit(variants: list[str], width: int, head: bool = True) -> str:
    """The first of ``variants`` that fits ``width`` cells; else the last, its first ' · '-separated
    part (a path) shortened in the middle so the rest (the counts) stays whole — or, without
    ``head``, cut at its end."""
    for text in variants:
        if cell_len(text) <= width:
            return text
    last = variants[-1]
    head, sep, rest = last.partition(" · ")
    room = width - cell_len(sep + rest) - 1
    if head and sep and room >= 8:
        keep = room - 1
        return head[:keep // 2] + "…" + head[len(head) - (keep - keep // 2):] + sep + rest
    return last[:max(0, width - 1)] + "…"
