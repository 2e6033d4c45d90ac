"""AuditScreen: findings grouped by kind; enter jumps to the entry.

A tree line is one line, cut at the screen's edge: the highlighted finding is shown whole below
the tree, wrapped (both sides of a conflict, the fix), so nothing is lost at 80 columns.
The tree is built lazily: a kind's findings become nodes only when its group is opened,
a page at a time, so the view opens at once with tens of thousands of findings.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static, Tree
from textual.widgets.tree import TreeNode

from ..core.judging.findings import AuditReport, Finding, group_severity, safe_message
from ..core.judging.findings import kind_title
from ..render.styles import DEFAULT, Styles

# findings made into nodes per opening of a group, and again each time the cursor reaches
# its "… more" line: about three screens, so moving down never waits
PAGE = 100


class AuditScreen(Screen[str | None]):
    DEFAULT_CSS = """
    AuditScreen #audit-title { padding: 0 1; text-style: bold; background: $panel; }
    AuditScreen Tree { height: 1fr; }
    AuditScreen #audit-empty { padding: 1 2; }
    AuditScreen #audit-detail { height: auto; max-height: 45%; padding: 0 1; border-top: solid $panel; }
    """
    BINDINGS = [Binding("escape,q,A", "close", "Back"), Binding("enter", "jump", "Go to entry", show=True)]

    def __init__(self, report: AuditReport | None, styles: Styles = DEFAULT) -> None:
        super().__init__()
        self.report, self.colours = report, styles
        # node id -> the findings not yet made into children: for a group (its own findings
        # from that offset) and for its "… more" line (the group it continues)
        self._unmade: dict[int, tuple[list[Finding], int]] = {}
        self._more: dict[int, TreeNode[str | None]] = {}
        self._finding: dict[int, Finding] = {}   # leaf node id -> its finding (the detail below shows it)

    def compose(self) -> ComposeResult:
        rep = self.report
        if rep is None:
            yield Static("Audit — still running…", id="audit-title")
        else:
            n = len(rep.findings)
            yield Static(f"Audit — {n} finding{'s' if n != 1 else ''} in {rep.entries} entries "
                         "(enter: go to the entry)", id="audit-title")
        tree: Tree[str | None] = Tree("findings", id="audit-tree")
        tree.show_root = False
        tree.guide_depth = 3
        if rep is not None:
            by_kind: dict[str, list[Finding]] = {k: [] for k in rep.by_kind}
            for f in rep.findings:
                by_kind.setdefault(f.kind, []).append(f)
            for kind, count in rep.by_kind.items():
                sev = group_severity(by_kind[kind])
                node = tree.root.add(Text.assemble((f"{sev.upper():7} ", self.colours.severity(sev)),
                                                   (kind_title(kind), "bold"), f"  ×{count}"),
                                     data=None, allow_expand=True)
                self._unmade[node.id] = (by_kind[kind], 0)
                if sev == "error":   # errors open at once, their first page made now
                    self._make_page(node)
                    node.expand()
        yield tree
        yield Static("", id="audit-detail")
        if rep is not None and not rep.findings:
            yield Static(Text("✔ No findings — nothing here is unsafe to share.", self.colours.ok), id="audit-empty")
        yield Footer()

    def _make_page(self, group: TreeNode[str | None]) -> None:
        """Make the group's next page of findings into leaves, and a "… more" line if some are left."""
        pending = self._unmade.pop(group.id, None)
        if pending is None:
            return
        findings, start = pending
        end = min(len(findings), start + PAGE)
        for f in findings[start:end]:
            where = (f.id or "(folder)") + (f":{f.line}" if f.line else "")
            leaf = group.add_leaf(Text.assemble((where, "bold"), "  ", safe_message(f),
                                                ("  (possible)", "dim italic") if f.confidence == "possible" else ""),
                                  data=f.id or None)
            self._finding[leaf.id] = f
        if end < len(findings):
            more = group.add_leaf(Text(f"… {len(findings) - end} more",
                                       "italic"), data=None)
            self._more[more.id] = group
            self._unmade[group.id] = (findings, end)

    def _show_more(self, more: TreeNode[str | None]) -> None:
        group = self._more.pop(more.id)
        more.remove()
        self._make_page(group)

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.focus()
        tree.cursor_line = 0

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        if not event.node.children:   # its first opening; later pages come from its "more" line
            self._make_page(event.node)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        if event.node.id in self._more:   # the cursor reached the end of what is made: make more
            self._show_more(event.node)
        self._show_detail(self._finding.get(event.node.id))

    def _show_detail(self, f: Finding | None) -> None:
        """The highlighted finding in full, wrapped: what the tree's one line may have cut."""
        detail = self.query_one("#audit-detail", Static)
        detail.display = f is not None
        if f is None:
            return
        where = (f.id or "(folder)") + (f":{f.line}" if f.line else "")
        sure = " · possible: check it" if f.confidence == "possible" else ""
        detail.update(Text.assemble((where, "bold"), (f"  {f.kind} · {f.severity}{sure}\n", "dim"),
                                    safe_message(f), (f"\n→ {f.fix}" if f.fix else "", "dim")))

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.id in self._more:
            self._show_more(event.node)
        elif event.node.data:
            self.dismiss(event.node.data)

    def action_jump(self) -> None:
        node = self.query_one(Tree).cursor_node
        if node is None:
            return
        if node.id in self._more:
            self._show_more(node)
        elif node.data:
            self.dismiss(node.data)
        else:
            node.toggle()

    def action_close(self) -> None:
        self.dismiss(None)
