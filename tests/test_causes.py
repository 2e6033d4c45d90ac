"""One finding per cause (issue 36 item 1, SPEC §5): a cause that shows in many places is one
finding that lists them — in the report, JSON (``line`` the first, ``locations`` all), SARIF
(one result, the others as related locations), Markdown, the text report and the TUI."""
from __future__ import annotations

import json

from conftest import NOW, write

from tui.cli import main
from tui.core.judging.causes import one_per_cause
from tui.core.judging.findings import Finding, Place
from tui.core.snapshots.memory import Memory
from tui.core.reports import audit_format as fmt
from tui.core.reports.audit import audit

FM = "---\nname: {0}\ndescription: {0}\ntype: project\n---\n"


def _audit(mem, root):
    return audit(Memory.load(mem, root, now=NOW), git=False)


def _of(rep, kind):
    return [f for f in rep.findings if f.kind == kind]


def test_findings_of_one_rule_in_one_file_are_one_that_lists_its_lines():
    found = [Finding("a.md", "path-missing", "mentioned-path-missing", n, f"mentions src/{n}.ts, which does not exist",
                     "update it") for n in (9, 3, 5)]
    found.append(Finding("b.md", "path-missing", "mentioned-path-missing", 2, "mentions x.ts", "update it"))
    out = one_per_cause(found)
    assert len(out) == 2
    a = next(f for f in out if f.id == "a.md")
    assert a.line == 3 and [p.line for p in a.places] == [3, 5, 9]
    assert a.places[0].note == "mentions src/3.ts, which does not exist"
    assert a.message == "3 mentioned paths that are gone" and a.fix == "update it"
    b = next(f for f in out if f.id == "b.md")
    assert b.places == () and b.locations == (Place("b.md", 2, ""),)


def test_a_rule_a_confidence_and_another_side_are_each_their_own_cause():
    found = [Finding("a.md", "transient", "time-word", 1, "x"), Finding("a.md", "transient", "time-word", 2, "y",
                                                                        confidence="possible"),
             Finding("a.md", "path-missing", "mentioned-path-moved", 4, "m"),
             Finding("a.md", "path-missing", "mentioned-path-missing", 5, "n"),
             Finding("a.md", "conflict", "version", 6, "c", related="b.md"),
             Finding("a.md", "conflict", "version", 7, "d", related="c.md")]
    assert len(one_per_cause(found)) == 6


def test_a_habit_of_the_folder_is_one_finding_for_the_folder():
    found = [Finding(f"{n}.md", "no-frontmatter", "no-frontmatter", 1, "no frontmatter", "add it") for n in "cab"]
    (one,) = one_per_cause(found)
    assert one.id == "" and one.line is None and one.message == "3 files without frontmatter"
    assert [p.id for p in one.places] == ["a.md", "b.md", "c.md"]
    # one file alone is that file's finding, as before
    (alone,) = one_per_cause(found[:1])
    assert alone.id == "c.md" and alone.places == ()


def test_the_paths_a_session_log_names_fold_into_its_process_finding():
    found = [Finding("log.md", "process", "session-log", 1, "reads like a session log"),
             *[Finding("log.md", "path-missing", "mentioned-path-missing", n, f"p{n}") for n in range(2, 16)],
             Finding("rule.md", "path-missing", "mentioned-path-missing", 3, "q")]
    out = one_per_cause(found)
    assert [(f.id, f.kind) for f in out] == [("log.md", "process"), ("rule.md", "path-missing")]
    assert "14 paths it names that are gone" in out[0].message


def test_a_log_out_of_the_index_is_where_it_belongs(mem_dir, root):
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [A](a.md) — alpha\n")
    write(mem_dir, "a.md", FM.format("a") + "alpha\n")
    write(mem_dir, "development-log.md", FM.format("dev log") + "What was built, phase by phase.\n")
    write(mem_dir, "session_2026-06-01.md", FM.format("session") + "## Session summary\nIn this session we fixed "
          "the flaky test.\n- [x] a\n- [x] b\n- [ ] c\n")
    write(mem_dir, "deploy.md", FM.format("deploy") + "Deploys run from CI.\n")
    (f,) = [f for f in _audit(mem_dir, root).findings if f.kind == "index-overflow"]
    assert f.id == "deploy.md" and f.rule == "not-in-index"   # the log by its name, the session log by its finding


def _broken_index(mem, n=6):
    write(mem, "a.md", FM.format("a") + "alpha\n")
    write(mem, "plain.md", "a note with no frontmatter\n")
    links = "".join(f"- [Gone {i}](gone-{i}.md) — was here\n" for i in range(n))
    write(mem, "b.md", FM.format("b") + "beta\n")   # (two of three with frontmatter: the folder's habit)
    write(mem, "MEMORY.md", "# Memory\n\n- [A](a.md) — alpha\n" + links + "- [Plain](plain.md) — plain\n"
                            "- [B](b.md) — beta\n")


def test_the_broken_links_of_one_index_are_one_finding(mem_dir, root):
    _broken_index(mem_dir)
    (f,) = _of(_audit(mem_dir, root), "link-broken")
    assert f.id == "MEMORY.md" and f.line == 4 and [p.line for p in f.places] == list(range(4, 10))
    assert "gone-0.md" in f.places[0].note and "gone-5.md" in f.places[-1].note


def test_json_keeps_line_and_adds_every_location(mem_dir, root, capsys):
    _broken_index(mem_dir)
    main(["audit", "--dir", str(mem_dir), "--root", str(root), "--format", "json", "--fail-on", ""])
    data = json.loads(capsys.readouterr().out)
    (f,) = [f for f in data["findings"] if f["kind"] == "link-broken"]
    assert f["line"] == 4 and [loc["line"] for loc in f["locations"]] == list(range(4, 10))
    assert all(loc["id"] == "MEMORY.md" and loc["note"] for loc in f["locations"])
    single = next(f for f in data["findings"] if f["kind"] != "link-broken")
    assert "locations" not in single   # one place: its id and line say it (the JSON stays as small at 10k)


def test_sarif_gives_one_result_with_the_other_places_related(mem_dir, root):
    _broken_index(mem_dir)
    sarif = fmt.to_sarif(_audit(mem_dir, root))
    (r,) = [r for r in sarif["runs"][0]["results"] if r["ruleId"].startswith("link-broken")]
    assert r["locations"][0]["physicalLocation"]["region"]["startLine"] == 4
    related = r["relatedLocations"]
    assert [x["physicalLocation"]["region"]["startLine"] for x in related] == list(range(5, 10))
    assert [x["id"] for x in related] == [1, 2, 3, 4, 5] and all(x["message"]["text"] for x in related)


def test_markdown_and_text_show_the_cause_once_with_its_lines(mem_dir, root, capsys):
    _broken_index(mem_dir)
    md = fmt.to_markdown(_audit(mem_dir, root))
    rows = [ln for ln in md.splitlines() if ln.startswith("| `MEMORY.md`") and "links" in ln.lower()]
    assert len(rows) == 1 and "4–9" in rows[0]
    main(["audit", "--dir", str(mem_dir), "--root", str(root), "--all"])   # (possible since stop 40: --all)
    out = capsys.readouterr().out
    assert out.count("MEMORY.md:4") == 1 and "6 broken links" in out
    assert "line 9" in out or "… and 1 more" in out


def test_lines_past_the_cut_are_one_finding_that_lists_them(mem_dir, root):
    write(mem_dir, "a.md", FM.format("a") + "alpha\n")
    filler = "".join(f"Note {i}: a line of the index\n" for i in range(205))
    late = "".join(f"- [E{i}](e{i}.md) — entry {i}\n" for i in range(4))
    for i in range(4):
        write(mem_dir, f"e{i}.md", FM.format(f"e{i}") + "body\n")
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [A](a.md) — alpha\n\n" + filler + late)
    (f,) = [f for f in _audit(mem_dir, root).findings if f.kind == "index-overflow"]
    # the cut, then the run of index lines past it (one place: lines 210–213, its entries named)
    assert f.rule == "past-the-cut" and [(p.line, p.end) for p in f.places] == [(201, None), (210, 213)]
    assert "not load" in f.places[0].note and f.places[1].note == "e0.md, e1.md, e2.md and 1 more"
    assert f.line == f.places[0].line == 201


def test_files_the_index_does_not_list_are_one_finding(mem_dir, root):
    write(mem_dir, "MEMORY.md", "# Memory\n\n- [A](a.md) — alpha\n")
    for n in "abcd":
        write(mem_dir, f"{n}.md", FM.format(n) + "body\n")
    (f,) = [f for f in _audit(mem_dir, root).findings if f.kind == "index-overflow"]
    assert f.rule == "not-in-index" and f.id == "" and [p.id for p in f.places] == ["b.md", "c.md", "d.md"]
    assert f.message.startswith("3 files not listed in MEMORY.md")


def test_the_tui_keeps_each_file_s_part_of_a_folder_wide_cause():
    from tui.messages import Audited
    from tui.core.judging.findings import AuditReport
    f = one_per_cause([Finding(f"{n}.md", "no-frontmatter", "no-frontmatter", 1, "none") for n in "ab"])
    msg = Audited(1, AuditReport(f, 2))
    assert set(msg.by_id) >= {"a.md", "b.md"} and msg.kinds["a.md"] == ("no-frontmatter",)


def test_a_note_never_carries_a_secret(mem_dir, root):
    token = "ghp_" + "Zq8LmN2xR4tV6yB0cD3fG5hJ7kP9sW1uE2iO"
    write(mem_dir, "a.md", FM.format("a") + f"token {token} in src/gone/{token[4:12]}.ts\n"
          f"see src/gone/{token[4:12]}/b.ts and src/gone/{token[4:12]}/c.ts\n")
    write(mem_dir, "MEMORY.md", "- [A](a.md) — a\n")
    rep = _audit(mem_dir, root)
    text = json.dumps(fmt.to_json(rep)) + json.dumps(fmt.to_sarif(rep)) + fmt.to_markdown(rep)
    assert token not in text and token[4:20] not in text


def test_the_subprocess_audit_keeps_the_places(mem_dir, root):
    from tui.screens.main.background import audit_in_subprocess
    _broken_index(mem_dir)
    rep = audit_in_subprocess(mem_dir, root, NOW)
    (f,) = _of(rep, "link-broken")
    assert [p.line for p in f.places] == list(range(4, 10)) and f.places[0].note


def test_a_cause_is_the_same_whatever_order_its_places_came_in():
    found = [Finding("a.md", "path-missing", "mentioned-path-moved", n, f"mentions old/{n}.ts; it is at new/{n}.ts",
                     f"if it is the same file, write new/{n}.ts") for n in (4, 2, 9)]
    one, = one_per_cause(list(found))
    other, = one_per_cause(list(reversed(found)))
    assert one == other and one.fix == ""                     # each place carries its own fix
    assert one.places[0].note.endswith("— if it is the same file, write new/2.ts")


def test_fixes_that_differ_in_a_quoted_word_are_one_fix():
    found = [Finding("a.md", "transient", "time-word", n, f"a 'right now' statement ('{w}')",
                     f"drop '{w}' and rewrite it as a fact") for n, w in ((3, "today"), (5, "currently"), (9, "today"))]
    (one,) = one_per_cause(found)
    assert one.fix == "drop 'today' / 'currently' and rewrite it as a fact"
    assert [p.note for p in one.places] == [f.message for f in found]
