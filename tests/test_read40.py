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


def test_a_travel_documents_name_the_pattern_knows_is_looked_for_in_every_case_it_reads():
    """personal_ids tried _TRAVEL_DOC only where one of _TRAVEL_HINTS is in the text; no hint was
    in Portuguese 'passaporte' ('asaporte' is Spanish's, 'passaporte' has 'assaporte') nor in
    capital 'REISEPASS' or 'PASSEPORT': the pattern named them and never ran on them."""
    from tui.core.judging.personal_ids import personal_id_findings
    for line in ("Número do passaporte: FX482913", "PASSAPORTE: FX482913", "REISEPASS: C01X00T47",
                 "PASSEPORT n° 18AV12345"):
        assert [f.rule for f in personal_id_findings("t.md", line)] == ["travel-document"], line


def test_a_workspace_memory_folder_is_told_in_one_pass_over_its_notes(tmp_path):
    """openclaw._workspace_memory ran a regex per day log over every note's text (its
    '(?<!memory/)' lookbehind defeats the fast literal search and each pattern was compiled
    anew): 1,200 day logs beside 60 long notes took 41 s in `memtui audit`. Same answers, one pass."""
    import datetime as dt
    from conftest import growth
    from tui.core.layouts.openclaw import _workspace_memory
    d0 = dt.date(2024, 1, 1)

    def workspace(days):
        m = tmp_path / f"ws-{days}" / "memory"
        m.mkdir(parents=True)
        for i in range(days):
            (m / f"{d0 + dt.timedelta(i)}.md").write_text("- worked on the thing\n")
        for i in range(12):
            (m / f"note{i}.md").write_text(("Words about memory/2024-01-05.md and the project. " * 1300)[:60000])
        return m
    small, big = workspace(50), workspace(800)
    assert _workspace_memory(big)                     # named from the workspace only: OpenClaw's
    # sixteen times the day logs over the same notes: one pass barely grows (a longer listing),
    # a pattern per day log over every note grew sixteen times
    assert growth(_workspace_memory, small, big) < 6
    for n, (linked, want) in enumerate((("see 2024-01-07.md", False), ("[[2024-01-07]]", False),
                                        ("memory/2024-01-07.md", True), ("2024-01-0", True),
                                        ("x memory/2024-01-07.md and 2024-01-08.md", False))):
        m = tmp_path / f"ws{n}" / "memory"   # (a folder's listing is read once)
        m.mkdir(parents=True)
        for i in range(3):
            (m / f"{d0 + dt.timedelta(6 + i)}.md").write_text("- worked on the thing\n")
        (m / "MEMORY.md").write_text(linked + "\n")
        assert _workspace_memory(m) is want, linked


def test_a_file_label_is_met_by_a_section_of_that_file_in_a_subfolder():
    """evaluate.meets said a file's label is met by any entry read from that file, but matched
    'MEMORY.md#…' and '…/NOW.md', not a section of a file in a folder: an OpenClaw MEMORY.md kept
    inside memory/ (heldout40's layout) gives 'memory/MEMORY.md#gateway', which 'MEMORY.md' missed."""
    from tui.core.engine.evaluate import meets
    assert meets("MEMORY.md", "memory/MEMORY.md#gateway") and meets("memory/MEMORY.md", "memory/MEMORY.md#gateway")
    assert not meets("MEMORY.md", "memory/MEMORY.md.bak#x") and not meets("NOW.md", "memory/KNOW.md#a")


def test_a_passport_number_the_sensitive_gate_names_is_one_finding(tmp_path):
    """'Passport no. K70394826' and '护照号码：G47302918' were a government ID (sensitive, error)
    and, on the same line, a travel document's number (identifying, possible): one number, one
    cause, two findings. The travel document is kept where no government ID is said."""
    from conftest import audit_files
    fm = "---\nname: trip\ndescription: trip notes\ntype: project\n---\n"
    found = audit_files(tmp_path, {"trip.md": fm + "Passport no. K70394826\n护照号码：G47302918\nPasaporte: FX482913\n"})
    on = sorted((p.line, f.rule) for f in found if f.kind in ("sensitive", "identifying") for p in f.locations)
    assert on == [(6, "government-id"), (7, "government-id"), (8, "travel-document")], on


def test_the_passport_library_and_a_compact_date_are_no_travel_document():
    """'passport' is also Node's auth library (passport.js, passport-jwt) and a plural ('PASSPORTS: 3
    scanned') names no document; a build stamp '20251103' is a date: each was a travel document's number."""
    from tui.core.judging.personal_ids import personal_id_findings
    for line in ("passport-jwt strategy broke, see issue 482913", "passport.js upgraded, build 20251103",
                 "PASSPORTS: 3 scanned, batch 4419027", "Passport renewed, receipt 20251103"):
        assert personal_id_findings("t.md", line) == [], line
    for line in ("Passport no. K70394826", "passport-number: K70394826", "Reisepass-Nr.: C01X00T47"):
        assert [f.rule for f in personal_id_findings("t.md", line)] == ["travel-document"], line
