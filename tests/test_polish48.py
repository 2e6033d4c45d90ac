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
    small, big = line * 100, line * 800     # ~4 KB and ~35 KB: linear is ~8x, the square ~64x (a busy machine: 8-17x)
    assert growth(lambda text: _triage_once(tmp_path, text), small, big, tries=5) < 28


def test_facts_of_one_line_grow_linearly():
    from tui.core.reports.triage_facts import facts_of
    assert growth(lambda text: facts_of(text, 6), _ROW * 100, _ROW * 800, tries=5) < 28
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
    assert growth(claims, row * 400, row * 3200, tries=5) < 28
    got = claims(row + "weil der Endpunkt auf :9102 läuft, damitポート 8080")
    assert [(c.port, sorted(c.words)) for c in got] == [
        ("9090", ["exporter", "metrics"]), ("8443", ["admin", "panel"])]   # generic words and a break bind nothing


# -- a list of logins under an accounts label -----------------------------------------------------------

_LIST_FM = "---\nname: staging logins\ndescription: who can sign in on staging\ntype: reference\n---\n\n"


def test_a_list_of_login_password_pairs_is_one_finding_with_every_pair(tmp_path):
    from conftest import audit_files
    text = _LIST_FM + "Staging is reset every night.\n\nAccounts: alice/pa55word1, bob/hunter2x, carol/Tr0ub4dor9\n"
    found = [f for f in audit_files(tmp_path, {"logins.md": text}) if f.kind == "secret"]
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert f.line == 9 and [(p.line, p.note.split(":")[0]) for p in f.locations] == [
        (9, "pair 1, its password at column 17"), (9, "pair 2, its password at column 32"),
        (9, "pair 3, its password at column 48")]
    shown = " ".join([f.message, f.fix] + [p.note for p in f.locations])
    assert "3 logins" in f.message
    for value in ("pa55word1", "hunter2x", "Tr0ub4dor9"):
        assert value not in shown


def test_one_pair_under_an_accounts_label_is_still_one_place(tmp_path):
    from conftest import audit_files
    found = [f for f in audit_files(tmp_path, {"logins.md": _LIST_FM + "Accounts: alice/pa55word1\n"})
             if f.kind == "secret"]
    assert [(f.line, len(f.locations), "a login and its password" in f.message) for f in found] == [(7, 1, True)]


def test_lists_that_are_no_logins_stay_clean(tmp_path):
    from conftest import audit_files
    text = _LIST_FM + ("Account roles: admin/owner, viewer/readonly, billing/finance\n\n"
                       "Accounts: GitHub/GitLab, Slack/Discord, Figma/Miro\n\n"
                       "Account pages: settings/profile2, billing/invoices3\n\n"
                       "Test accounts: qa1/qa1pass22, qa2/qa2pass33\n")
    assert [f.message for f in audit_files(tmp_path, {"logins.md": text}) if f.kind == "secret"] == []


# -- the folded line of possible findings keeps its hint ---------------------------------------------

def test_the_folded_line_names_its_hint_before_the_kinds_and_fits_its_width():
    from tui.core.judging.findings import Finding, folded_note
    kinds = ["transient", "process", "identifying", "unreadable", "stale", "path-missing", "no-frontmatter",
             "index-overflow", "link-broken"]
    possible = [Finding("a.md", k, "r", 1, "m", confidence="possible") for k in kinds]
    for width in (120, 80, 60):
        note = folded_note(possible, "--all shows them", width=width)
        assert len(note) <= width and "--all shows them" in note and note.startswith("and 9 possible findings")
    assert "+" not in folded_note(possible, "a shows them")          # no width: every kind named
    assert folded_note(possible[:1], "a shows them", width=80) == \
        "and 1 possible finding to check by hand, a shows them (transient)"


def test_the_text_report_keeps_the_hint_on_the_folded_line(sample):
    from rich.console import Console
    from tui.core.reports.audit import audit_dir
    from tui.render.audit import print_audit
    mem, root = sample
    rep = audit_dir(str(mem), str(root), git=False)
    for width in (120, 80):
        con = Console(width=width, record=True)
        print_audit(rep, con)
        line = next(x for x in con.export_text().splitlines() if "possible finding" in x)
        assert line.rstrip().endswith(")") and "--all shows them" in line and len(line.rstrip()) <= width


async def test_the_audit_view_keeps_the_hint_on_the_folded_line(sample, tmp_path):
    from rich.text import Text
    from textual.widgets import Tree
    from conftest import make_app, settle
    mem, root = sample
    for size in ((120, 40), (80, 24)):
        app = make_app(mem, root, tmp_path)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("A")
            await pilot.pause()
            label = app.screen.query_one(Tree).root.children[-1].label
            assert "a shows them" in str(label) and Text(str(label)).cell_len <= size[0] - 4, (size, str(label))
