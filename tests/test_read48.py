"""Stop 48 review (read48): readers of one long line that grew with its square, found with 50 KB lines."""
from __future__ import annotations

from conftest import growth, write


def test_login_pairs_of_one_long_line_grow_linearly():
    """Every login pair of a line searched the whole line up to it for a demo word (its label):
    a 48 KB line of 'login: ab/…' pairs took the audit 2 s, 96 KB 7 s."""
    from tui.core.secrets.logins import login_pairs

    def pairs(text):
        return list(login_pairs(text, text.lower()))
    row = "login: ab/bbbbbb1 "
    assert growth(pairs, row * 300, row * 2400, tries=5) < 28
    # what a pair is worth is unchanged: a demo label anywhere before it on its line, not after
    assert [t for *_, t in pairs("Test accounts: alice/Harbor42x, bob/Quay77xyz")] == [False, False]
    assert [t for *_, t in pairs("Accounts: alice/Harbor42x\nTest login: bob/Quay77xyz")] == [True, False]
    assert [t for *_, t in pairs("Demo: x. login: ops@host.io / Harbor42!")] == [True]
    assert [t for *_, t in pairs("Demo: x. login: tester/tester01")] == [False]


def test_number_facts_of_one_long_line_grow_linearly(tmp_path):
    """Each number of a line read the words of every project line holding its value again: a
    24 KB line of 'timeout 30 seconds' took triage 4.7 s, 12 KB 1.3 s (the project's line is the
    same long line when the memory folder is inside the project)."""
    from tui.core.judging.project_index import ProjectIndex
    from tui.core.judging.root_files import RootFiles
    from tui.core.reports.triage_facts import Found, _number, facts_of
    row = "timeout 30 seconds; retries 3 times. "

    def run(text):
        root = tmp_path / str(len(text))
        if not root.exists():
            write(root, "config.yaml", text + "\n")
        idx = ProjectIndex.build(root, RootFiles(root))
        for f in facts_of(text, 1):
            if f.kind == "number":
                _number(f, idx, Found(f))
    assert growth(run, row * 80, row * 640, tries=3) < 28


def test_says_more_of_one_long_line_grows_linearly():
    """Each fact of a line read the words of the project line citing it again, one and the same long
    line for all of them: a 48 KB line of 'timeout 30 seconds' took triage 17 s (24 KB: 4.7 s)."""
    from tui.core.judging.project_index import ProjectLine
    from tui.core.reports.triage_facts import Found, facts_of, says_more
    from tui.core.reports.triage_lines import Line
    row = "timeout 30 seconds; retries 3 times. "

    def run(text):
        cited = ProjectLine("config.yaml", 1, text)
        says_more(Line(6, "plain", text), [Found(f, [cited]) for f in facts_of(text, 6)])
    assert growth(run, row * 80, row * 640, tries=3) < 28
    # what it answers is unchanged: the words of the line's own, past those of the lines citing it
    line = "timeout 30 seconds because the upstream gateway drops idle sockets after that long, so clients reconnect quietly"
    cited = [Found(f, [ProjectLine("config.yaml", 3, "timeout: 30s")]) for f in facts_of(line, 6)]
    assert says_more(Line(6, "plain", line), cited) and not says_more(Line(6, "plain", "timeout 30 seconds"), cited)



def test_prepare_of_many_lines_grows_linearly(tmp_path):
    """Every line of an entry split the whole body again to find its raw text: a file of 12,000
    short lines took triage 2.4 s (6,000: 0.6 s)."""
    from tui.core.reports.triage_decide import prepare
    from tui.core.snapshots.memory import Memory

    def entry(text):
        mem = tmp_path / f"m{len(text)}"
        write(mem, "notes.md", "---\nname: notes\ndescription: many lines\ntype: project\n---\n" + text)
        return next(iter(Memory.load(mem, tmp_path).entries.values()))
    assert growth(prepare, entry("- wait 3s\n" * 1000), entry("- wait 3s\n" * 12000), tries=3) < 36
    row = "- retry 3 times, timeout `30s`\n"
    got = prepare(entry("intro\n" + row * 2))   # each fact from its own line's raw text, with its file line
    assert sorted((f.kind, f.line, f.value or f.text) for f in got.facts) == [
        ("number", 7, "3"), ("number", 8, "3"), ("span", 7, "30s"), ("span", 8, "30s")]


def test_twin_labels_of_one_files_sections_never_show_their_anchors():
    """Two sections of one file under one heading fell back to their ids, whose anchor is the
    heading lowered: a name the table redacts (a token in a heading) was shown again beside it."""
    from tui.widgets.entry_rows import twin_labels
    token = "AKIA" + "Q7RZ2WX4MN5KT8VB"
    anchor = "deploy-with-" + token.lower()
    got = twin_labels([(f"GEMINI.md#{anchor}", f"deploy with {token}"), (f"GEMINI.md#{anchor}-2", f"deploy with {token}"),
                       ("a/x.md", "notes"), ("a/y.md", "notes")])
    assert got == {f"GEMINI.md#{anchor}": "GEMINI.md §1", f"GEMINI.md#{anchor}-2": "GEMINI.md §2",
                   "a/x.md": "a/x.md", "a/y.md": "a/y.md"}


def test_owner_names_of_a_config_not_in_utf8(tmp_path):
    """A repository whose .git/config holds a Latin-1 byte (a name typed on an old system) made the
    audit of its memory folder raise UnicodeDecodeError where git's answer was decoded."""
    import subprocess
    from tui.core.judging.owner_mail import owner_names
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    with open(repo / ".git" / "config", "ab") as f:
        f.write(b'[user]\n\temail = jos\xe9@corp.io\n[remote "origin"]\n\turl = git@github.com:quillfen7/app.git\n')
    (repo / "memory").mkdir()
    owners, mails = owner_names(str(repo / "memory"), str(repo))
    assert owners == {"quillfen7"} and any(m.endswith("@corp.io") for m in mails)


def test_a_file_of_blank_lines_is_drop_like_an_empty_one(tmp_path):
    """A 0-byte file became drop this stop; a file of blank lines stayed review, its reasons the
    same thing twice and one of them wrong ('its frontmatter does not parse': it has none)."""
    from conftest import triaged
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "blank.md", "\n\n  \n")
    got = triaged(mem, root)["blank.md"]
    assert (got.action, got.reasons) == ("drop", ["an empty file (only white space): nothing to keep"])


async def test_the_triage_pass_offers_no_promote_on_an_unreadable_entry(tmp_path):
    """The main screen stopped offering promote on an unreadable file this stop (a dialog that
    only refuses); the triage pass (T) still named 'p promote' and opened that dialog."""
    from textual.widgets import Static
    from conftest import make_app, settle
    from tui.screens.triage_screen import TriageScreen
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    write(mem, "broken.md", "---\nname: broken\ndescription: [unclosed\n---\n\nbody\n")
    app = make_app(mem, root, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("T")
        await settle(pilot)
        assert isinstance(app.screen, TriageScreen) and app.screen.queue[0].id == "broken.md"
        title = str(app.screen.query_one("#triage-title", Static).render())
        assert "p promote" not in title and "d drop" in title, title
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, TriageScreen), "no promote dialog that only refuses"


def test_gone_files_of_one_long_code_span_grow_linearly():
    """A file name in backticks was read with a lazy run before its name's word: a long code span
    with no extension at its end (a pasted blob on a line saying 'removed') backtracked over every
    split of it (8 KB: 0.15 s, 50 KB: ~6 s)."""
    from tui.core.judging.gone_files import gone_files
    assert growth(lambda n: gone_files("removed `" + "a" * n + "`"), 1000, 8000, tries=3) < 28
    assert gone_files("Removed `src/auth/authClient.ts` and `a-b.c.tar.gz`; `x.py` 已删除") == \
        ["a-b.c.tar.gz", "authclient.ts", "x.py"]
    assert gone_files("removed the `--force` flag") == []
