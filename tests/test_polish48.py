"""Stop 48 polish: readers that grow with a line's length, account lists, the folded line's hint."""
from __future__ import annotations

from conftest import NOW, growth, write


def _one_line_folder(tmp_path, line: str):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir(exist_ok=True)
    write(mem, "notes.md", "---\nname: notes\ndescription: a long pasted table\ntype: project\n---\n\n" + line + "\n")
    return mem, root


def _triage_once(tmp_path, line: str) -> None:
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    mem, root = _one_line_folder(tmp_path, line)
    loaded = Memory.load(mem, root, now=NOW)
    triage(loaded, audit(loaded, git=False).findings, Usage(), NOW)


# a pasted table row, repeated: many quoted commands, env names, numbers with units and ports on ONE line
_ROW = "| `make check` before merge | WORKER_POOL_SIZE | 30s timeout | api on 8080 | `docker compose up` | 3 retries "


def test_triage_of_one_long_line_grows_linearly(tmp_path):
    """One 50 KB line took triage 16-33 s where the audit took 0.3 s: every quoted span searched
    the whole line again for a word of CI, every number scanned the facts found before it."""
    line = "`run the linter` then `open a pull request` "
    small, big = line * 100, line * 800     # ~4 KB and ~35 KB: linear is ~8x, the square ~64x
    assert growth(lambda text: _triage_once(tmp_path, text), small, big) < 22


def test_facts_of_one_line_grow_linearly():
    from tui.core.reports.triage_facts import facts_of
    assert growth(lambda text: facts_of(text, 6), _ROW * 100, _ROW * 800) < 22
    # what a line states is unchanged: each value once, a port not read again as a number
    facts = facts_of(_ROW * 3, 6)
    assert sorted({(f.kind, f.value or f.text) for f in facts}) == [
        ("env", "WORKER_POOL_SIZE"), ("number", "3"), ("number", "30"), ("port", "8080"),
        ("script", "check"), ("span", "docker compose up")]


def test_port_claims_of_one_long_line_grow_linearly():
    """A pasted table of ports: the words before each port were found by splitting the whole line
    up to that port again."""
    from tui.core.judging.port_claims import claims_in
    from tui.core.reports.triage_lines import Line

    def claims(text):
        return claims_in("a.md", [Line(6, "plain", text)])
    row = "the metrics exporter listens on :9090 and the admin panel on port 8443 "
    assert growth(claims, row * 200, row * 1600) < 22
    got = claims(row + "weil der Endpunkt auf :9102 läuft, damitポート 8080")
    assert [(c.port, sorted(c.words)) for c in got] == [
        ("9090", ["exporter", "metrics"]), ("8443", ["admin", "panel"])]   # generic words and a break bind nothing
