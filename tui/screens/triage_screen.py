"""TriageScreen: the entries whose suggested action is not keep, one at a time (T).

Each shows the suggestion, the test that decided it, its reasons and evidence, above the entry.
One key per action; it decides nothing on disk: ``act(action, id, then)`` (the main screen's
curation) opens that action's own confirmation — promote its dialog (and, once written, the
offer to move the entry to the trash), drop the delete confirmation, archive its confirmation,
edit $EDITOR on the line to edit — and calls ``then(done)`` when the last of them closes; only
then does the pass go on. What was not done (cancelled, refused, a target that changed) stays
the current entry. Review leaves the pass and opens the entry. ``k`` records the owner's own
decision to keep the entry as it is (``core/decisions``, in the user's state directory): it
leaves the pass and stops counting as its suggestion until its text changes.

A file that is no entry but gets a suggestion of its own (Claude Code's MEMORY.md, the folder's
index: a line linking nothing, an entry it does not list) is in the pass too, as ``memtui
triage`` prints it: its reasons above its text, and e opens the editor on the line it names.
"""
from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..core.judging.findings import Finding
from ..core.snapshots.memory import Snapshot
from ..core.reports.triage import Suggestion, TriageReport
from ..core.reports.triage_files import FileSuggestion
from ..render.styles import DEFAULT, Styles
from ..widgets.detail_pane import DetailPane
from ..widgets.key_footer import KeyFooter

ORDER = ("review", "archive", "edit", "drop", "promote")   # what needs a person first
# the footer's labels where 80 columns cannot hold the full ones: every key of the pass stays shown
SHORT = {"act('drop')": "Drop", "act('edit')": "Edit", "keep": "Keep"}


class TriageScreen(Screen[str | None]):
    """Dismisses with the id to open (review), or None."""

    DEFAULT_CSS = """
    TriageScreen #triage-title { padding: 0 1; text-style: bold; background: $panel; }
    TriageScreen DetailPane { height: 1fr; }
    """
    BINDINGS = [
        Binding("p", "act('promote')", "Promote"),
        Binding("d", "act('drop')", "Drop (delete)"),
        Binding("a", "act('archive')", "Archive"),
        Binding("e", "act('edit')", "Edit the lines"),
        Binding("k", "keep", "Keep (decided)", priority=True),   # (over the pane's k, which scrolls up)
        Binding("o,enter", "open", "Open"),
        Binding("n,space", "skip", "Skip"),
        Binding("escape,q", "done", "Done"),
    ]

    def __init__(self, snapshot: Snapshot, findings: dict[str, list[Finding]], report: TriageReport,
                 weekly: Callable[[str], list[int] | None], act: Callable[[str, str, Callable[[bool], None]], None],
                 styles: Styles = DEFAULT, keep: Callable[[str], bool] | None = None,
                 decided: set[str] = frozenset()) -> None:
        super().__init__()
        self.snapshot, self.findings, self.weekly, self.act, self.colours = snapshot, findings, weekly, act, styles
        self.report, self.keep = report, keep
        rank = {a: n for n, a in enumerate(ORDER)}
        self.queue: list[Suggestion | FileSuggestion] = sorted(
            [s for s in report.suggestions if s.action != "keep" and s.id in snapshot.entries
             and s.id not in decided] + own_files(report, snapshot),
            key=lambda s: (rank[s.action], s.id))
        self.total, self.done_count = len(self.queue), 0

    def compose(self) -> ComposeResult:
        yield Static("", id="triage-title")
        yield DetailPane()
        yield KeyFooter(short=SHORT, palette_when_narrow=False)

    def on_mount(self) -> None:
        self.show_current()

    def show_current(self) -> None:
        self.refresh_bindings()   # the footer shows the keys that apply to this one (a file: e and n)
        title = self.query_one("#triage-title", Static)
        pane = self.query_one(DetailPane)
        if not self.queue:
            title.update(f"Triage — done: {self.done_count} acted on, the rest left as they were")
            pane.show(None, None, [], False)
            pane.query_one("#detail-body", Static).update(
                Text("Every suggestion has been seen. esc returns to the table; the status filter (f) shows "
                     "each action's entries.", "dim"))
            return
        s = self.queue[0]
        n = self.total - len(self.queue) + 1
        at = f" (line {', '.join(map(str, s.lines[:3]))})" if s.action == "edit" and s.lines else ""
        if isinstance(s, FileSuggestion):
            title.update(f"Triage {n}/{self.total} — {s.file} (the whole file) · suggested: {s.action}{at} · "
                         "e edit · n skip")
            pane.show(None, None, [], False)
            pane.query_one("#detail-body", Static).update(self.file_view(s))
            pane.scroll_home(animate=False)
            return
        part, local = self.snapshot.locate(s.id)
        promote = " · p promote" if part.entries[local].readable else ""   # no text to move: as the main screen
        title.update(f"Triage {n}/{self.total} — {s.id} · suggested: {s.action}{at}{promote} · d drop · "
                     "a archive · e edit · k keep · o open · n skip")
        pane.show(part.entries[local], part.status[local], self.findings.get(s.id, []), False, styles=self.colours,
                  suggestion=s, weekly=self.weekly(s.id), whole=self.report.file_of(s.id))
        pane.scroll_home(animate=False)

    def file_view(self, f: FileSuggestion):
        """The file's suggestion, then its text with line numbers (what the editor will open)."""
        from rich.console import Group
        from ..render.triage import file_renderable
        part, local = self.snapshot.locate(f.file)
        try:
            text = (part.dir / local).read_text(encoding="utf-8", errors="replace")
        except OSError as err:
            text = f"(cannot be read: {err})"
        lines = text.splitlines()[:400]
        width = len(str(len(lines)))
        shown = Text()
        for n, line in enumerate(lines, 1):
            shown.append(f"{n:>{width}} ", style="dim")
            shown.append(line + "\n", style="bold" if n in f.lines else "")
        return Group(file_renderable(f, self.colours), Text(""), shown)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "keep" and self.keep is None:
            return None
        if action in ("act", "open", "skip", "keep"):
            if not (self.queue and self.app.screen is self):
                return None
            if isinstance(self.queue[0], FileSuggestion) and (action in ("open", "keep") or action == "act"
                                                               and parameters[:1] != ("edit",)):
                return None   # no entry to open, promote, delete or archive: its lines are edited
            if action == "act" and parameters[:1] == ("promote",):
                part, local = self.snapshot.locate(self.queue[0].id)
                return True if part.entries[local].readable else None   # nothing could be read to promote
            return True
        return True

    def action_act(self, action: str) -> None:
        if not self.queue:
            return
        s = self.queue[0]

        def then(done: bool) -> None:
            if done and self.queue and self.queue[0] is s:
                self.queue.pop(0)
                self.done_count += 1
            self.show_current()

        self.act(action, s.id, then)

    def action_keep(self) -> None:
        """The owner decided: keep it as it is (recorded for its current text)."""
        if self.queue and self.keep is not None and self.keep(self.queue[0].id):
            self.queue.pop(0)
            self.done_count += 1
            self.show_current()

    def action_open(self) -> None:
        if self.queue:
            self.dismiss(self.queue[0].id)

    def action_skip(self) -> None:
        if self.queue:
            self.queue.pop(0)
            self.show_current()

    def action_done(self) -> None:
        self.dismiss(None)


def own_files(report: TriageReport, snapshot: Snapshot) -> list[FileSuggestion]:
    """The files with a suggestion of their own that the pass can act on: no entry and no sections
    (the folder's index), whose suggestion is to edit lines of it."""
    return [f for f in report.files if f.action == "edit" and not f.sections and f.file not in snapshot.entries]
