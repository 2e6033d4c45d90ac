"""AuditScreen: findings grouped by kind, one line per cause; enter jumps to the entry.

A tree line is one line, cut at the screen's edge: the highlighted finding is shown whole below
the tree, wrapped (both sides of a conflict, the fix), so nothing is lost at 80 columns.
The tree is built lazily: a kind's findings become nodes only when its group is opened,
a page at a time, so the view opens at once with tens of thousands of findings; a cause
seen in several places lists them when it is opened. Possible findings (resting on wording
alone) are folded into one line at the end until ``a`` shows them.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static, Tree
from textual.widgets.tree import TreeNode

from ..core.judging.findings import AuditReport, Finding, by_confidence, folded_note, group_severity, safe_message
from ..core.judging.findings import Place, kind_title, lines_said, place_label, safe_text
from ..render.styles import DEFAULT, Styles
from ..widgets.fit_line import FitLine

# findings made into nodes per opening of a group, and again each time the cursor reaches
# its "… more" line: about three screens, so moving down never waits
PAGE = 100


class AuditScreen(Screen[str | None]):
    DEFAULT_CSS = """
    AuditScreen #audit-title { height: 1; padding: 0 1; text-style: bold; background: $panel; }
    AuditScreen Tree { height: 1fr; }
    AuditScreen #audit-empty { padding: 1 2; }
    AuditScreen #audit-detail { height: auto; max-height: 45%; padding: 0 1; border-top: solid $panel; }
    """
    BINDINGS = [Binding("escape,q,A", "close", "Back"), Binding("enter", "jump", "Go to entry", show=True),
                Binding("a", "toggle_possible", "Possible findings", show=True),
                # j and k move as they do in the main table (the tree's own keys are the arrows)
                Binding("j", "move(1)", "Down", show=False), Binding("k", "move(-1)", "Up", show=False)]

    def __init__(self, report: AuditReport | None, styles: Styles = DEFAULT) -> None:
        super().__init__()
        self.report, self.colours = report, styles
        self.show_all = False
        # node id -> the findings not yet made into children: for a group (its own findings
        # from that offset) and for its "… more" line (the group it continues)
        self._unmade: dict[int, tuple[list[Finding], int]] = {}
        self._more: dict[int, TreeNode[str | None]] = {}
        self._causes: dict[int, Finding] = {}   # a cause's node -> the cause, its places made when opened
        self._fold: int | None = None           # the node of the line that stands for the possible findings
        # node id -> its finding (the detail below shows it), and for a place's node that place
        self._finding: dict[int, tuple[Finding, Place | None]] = {}

    def _split(self) -> tuple[list[Finding], list[Finding]]:
        rep = self.report
        if rep is None:
            return [], []
        return (list(rep.findings), []) if self.show_all else by_confidence(rep.findings)

    def _title(self) -> list[str]:
        """From the most to the least verbose: the header stays one line at 80 columns."""
        rep = self.report
        if rep is None:
            return ["Audit — still running…"]
        n = len(self._split()[0])
        possible = sum(1 for f in rep.findings if f.confidence == "possible")
        if possible and not self.show_all:
            more = f" and {possible} possible (a: show)"
        elif possible:
            more = f", {possible} of them possible (a: fold)"
        else:
            more = ""
        head = f"Audit — {n} finding{'s' if n != 1 else ''} in {rep.entries} entries{more}"
        short = f"Audit — {n} in {rep.entries} entries" + (f", +{possible} possible (a)" if possible and not self.show_all
                                                           else f", {possible} possible (a: fold)" if possible else "")
        return [head + " · enter: go to the entry", short + " · enter: the entry", head, short]

    def compose(self) -> ComposeResult:
        title = FitLine(id="audit-title", head=False)
        title.show(self._title())
        yield title
        tree: Tree[str | None] = Tree("findings", id="audit-tree")
        tree.show_root = False
        tree.guide_depth = 3
        self._fill(tree)
        yield tree
        rep = self.report
        yield Static("", id="audit-detail")
        if rep is not None and not rep.findings:
            said = ("No memories in this folder yet: nothing to audit." if not rep.entries
                    else "✔ No findings — nothing here is unsafe to share.")
            yield Static(Text(said, self.colours.ok if rep.entries else "dim"), id="audit-empty")
        yield Footer()

    def _fill(self, tree: Tree[str | None]) -> None:
        shown, folded = self._split()
        by_kind: dict[str, list[Finding]] = {}
        for f in shown:
            by_kind.setdefault(f.kind, []).append(f)
        for kind, items in by_kind.items():
            sev = group_severity(items)
            node = tree.root.add(Text.assemble((f"{sev.upper():7} ", self.colours.severity(sev)),
                                               (kind_title(kind), "bold"), f"  ×{len(items)}"),
                                 data=None, allow_expand=True)
            self._unmade[node.id] = (items, 0)
            if sev == "error":   # errors open at once, their first page made now
                self._make_page(node)
                node.expand()
        if folded:
            self._fold = tree.root.add_leaf(Text(folded_note(folded, "a shows them", width=self.app.size.width - 4), "dim italic"), data=None).id

    def _make_page(self, group: TreeNode[str | None]) -> None:
        """Make the group's next page of findings into nodes, and a "… more" line if some are left."""
        pending = self._unmade.pop(group.id, None)
        if pending is None:
            return
        findings, start = pending
        end = min(len(findings), start + PAGE)
        for f in findings[start:end]:
            own = f.places and f.id and all(p.id == f.id for p in f.places)   # a cause's lines in its file
            where = (f.id or "(folder)") + (f" {lines_said(f, 6)}" if own else f":{f.line}" if f.line else "")
            label = Text.assemble((where, "bold"), "  ", safe_message(f),
                                  (f"  ({lines_said(f, 6)})", "dim") if f.places and not own else "",
                                  ("  (possible)", "dim italic") if f.confidence == "possible" else "")
            jump = f.id or (f.places[0].id if f.places else None) or None
            if len({p.note for p in f.places}) > 1:   # each place says its own: they open under the cause
                node = group.add(label, data=jump, allow_expand=True)
                self._causes[node.id] = f
            else:
                node = group.add_leaf(label, data=jump)
            self._finding[node.id] = (f, None)
        if end < len(findings):
            more = group.add_leaf(Text(f"… {len(findings) - end} more",
                                       "italic"), data=None)
            self._more[more.id] = group
            self._unmade[group.id] = (findings, end)

    def _make_places(self, node: TreeNode[str | None]) -> None:
        f = self._causes.pop(node.id, None)
        if f is None:
            return
        for p in f.places:
            leaf = node.add_leaf(Text.assemble((place_label(p, f), "bold"), "  ", safe_text(p.note)),
                                 data=p.id or None)
            self._finding[leaf.id] = (f, p)

    def _show_more(self, more: TreeNode[str | None]) -> None:
        group = self._more.pop(more.id)
        more.remove()
        self._make_page(group)

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.focus()
        self._to_first_finding(tree)

    def _to_first_finding(self, tree: Tree[str | None]) -> None:
        """The cursor on the first finding, its group opened, the finding in full below: the view
        opens on something to read, not on a group's title with nothing under the tree."""
        first = next(iter(tree.root.children), None)
        if first is not None and first.id in self._unmade and not first.children:
            first.expand()
            self._make_page(first)
        tree.cursor_line = 1 if first is not None and first.children else 0
        node = tree.cursor_node
        self._show_detail(*self._finding.get(node.id, (None, None)) if node is not None else (None, None))

    def action_move(self, step: int) -> None:
        tree = self.query_one(Tree)
        (tree.action_cursor_down if step > 0 else tree.action_cursor_up)()

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        if event.node.id in self._causes:
            self._make_places(event.node)
        elif not event.node.children:   # its first opening; later pages come from its "more" line
            self._make_page(event.node)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        if event.node.id in self._more:   # the cursor reached the end of what is made: make more
            self._show_more(event.node)
        self._show_detail(*self._finding.get(event.node.id, (None, None)))

    def _show_detail(self, f: Finding | None, place: Place | None = None) -> None:
        """The highlighted finding in full, wrapped: what the tree's one line may have cut (for a
        place of a cause: that place, then the cause)."""
        detail = self.query_one("#audit-detail", Static)
        detail.display = f is not None
        if f is None:
            return
        sure = " · possible: check it" if f.confidence == "possible" else ""
        if place is not None:
            where, said = place_label(place, f), safe_text(place.note) + "\n" + safe_message(f)
        else:
            own = f.places and f.id and all(p.id == f.id for p in f.places)
            where = (f.id or "(folder)") + (f" {lines_said(f, 6)}" if own else f":{f.line}" if f.line else "")
            said = safe_message(f) + (f" ({lines_said(f, 12)})" if f.places and not own else "")
        detail.update(Text.assemble((where, "bold"), (f"  {f.kind} · {f.severity}{sure}\n", "dim"),
                                    said, (f"\n→ {f.fix}" if f.fix else "", "dim")))

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.id in self._more:
            self._show_more(event.node)
        elif event.node.id == self._fold:
            self.action_toggle_possible()
        elif event.node.data:
            self.dismiss(event.node.data)

    def action_jump(self) -> None:
        node = self.query_one(Tree).cursor_node
        if node is None:
            return
        if node.id in self._more:
            self._show_more(node)
        elif node.id == self._fold:
            self.action_toggle_possible()
        elif node.data:
            self.dismiss(node.data)
        else:
            node.toggle()

    def action_toggle_possible(self) -> None:
        """Show the possible findings among the others, or fold them into one line again."""
        if self.report is None or not any(f.confidence == "possible" for f in self.report.findings):
            self.notify("No possible findings here: every finding is already shown", timeout=4)
            return
        self.show_all = not self.show_all
        tree = self.query_one(Tree)
        tree.clear()
        self._unmade.clear()
        self._more.clear()
        self._causes.clear()
        self._finding.clear()
        self._fold = None
        self._fill(tree)
        self._show_detail(None)
        self.query_one("#audit-title", FitLine).show(self._title())
        self._to_first_finding(tree)

    def action_close(self) -> None:
        self.dismiss(None)
