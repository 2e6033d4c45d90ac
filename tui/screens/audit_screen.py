"""AuditScreen: findings grouped by kind; enter jumps to the entry."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static, Tree

from ..core.findings import AuditReport, group_severity, safe_message
from ..core.audit_format import KIND_TITLE
from ..render.styles import DEFAULT, Styles



class AuditScreen(Screen[str | None]):
    DEFAULT_CSS = """
    AuditScreen #audit-title { padding: 0 1; text-style: bold; background: $panel; }
    AuditScreen Tree { height: 1fr; }
    AuditScreen #audit-empty { padding: 1 2; }
    """
    BINDINGS = [Binding("escape,q,A", "close", "Back"), Binding("enter", "jump", "Go to entry", show=True)]

    def __init__(self, report: AuditReport | None, styles: Styles = DEFAULT) -> None:
        super().__init__()
        self.report, self.colours = report, styles

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
            for kind, count in rep.by_kind.items():
                sev = group_severity([x for x in rep.findings if x.kind == kind])
                node = tree.root.add(Text.assemble((f"{sev.upper():7} ", self.colours.severity(sev)),
                                                   (KIND_TITLE.get(kind, kind), "bold"), f"  ×{count}"),
                                     expand=sev == "error", data=None)
                for f in (x for x in rep.findings if x.kind == kind):
                    where = (f.id or "(folder)") + (f":{f.line}" if f.line else "")
                    node.add_leaf(Text.assemble((where, "bold"), "  ", safe_message(f),
                                                ("  (possible)", "dim italic") if f.confidence == "possible" else ""),
                                  data=f.id or None)
        yield tree
        if rep is not None and not rep.findings:
            yield Static(Text("✔ No findings — nothing here is unsafe to share.", self.colours.ok), id="audit-empty")
        yield Footer()

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.focus()
        tree.cursor_line = 0

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data:
            self.dismiss(event.node.data)

    def action_jump(self) -> None:
        node = self.query_one(Tree).cursor_node
        if node is not None and node.data:
            self.dismiss(node.data)
        elif node is not None:
            node.toggle()

    def action_close(self) -> None:
        self.dismiss(None)
