"""Stop 40's second read: each test is a problem found by reading the change, on text written here."""
from __future__ import annotations

from test_retrieval_cases import decide, entry  # noqa: F401 (fixtures mem_dir, root from conftest)
from conftest import write


def test_a_pointer_names_headings_never_a_code_blocks_comments(mem_dir, root):
    """blocks._matched_heads read any line opening with '#' as a heading: a shell comment in a
    fenced block ('# restart the cash drawer service') or an indented one was named as a section
    of the note in the pointer that stands for it."""
    body = ("## Morning: printer setup\n" + "Installed the label printer driver. " * 30 + "\n"
            "```bash\n# restart the cash drawer service\nsudo systemctl restart drawer\n```\n"
            "    # the cash drawer log, indented code\n"
            "## Afternoon: the cash drawer hangs\n" + "Don't reboot the till while the drawer is open. " * 30 + "\n")
    write(mem_dir, "day-notes.md", body)
    entry(mem_dir, "till", name="till-basics", description="the till's menu", body="The till menu has three tabs.")
    d = decide(mem_dir, root, "why does the cash drawer hang", max_chars=1200)
    c = next(c for c in d.injected if c.id == "day-notes.md")
    assert "“Afternoon: the cash drawer hangs”" in c.block
    assert "restart the cash drawer service" not in c.block and "indented code" not in c.block, c.block
