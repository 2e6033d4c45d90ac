"""Stop 50, the second reading of the stop's diff: what it proved wrong, mended. Texts written here."""
from conftest import ENTRY_FM, audit_files


def test_an_empty_file_does_not_hide_a_file_that_breaks_the_frontmatter_habit(tmp_path):
    # two of three readable notes carry frontmatter; an empty file has no habit to count
    files = {"MEMORY.md": "".join(f"- [{n}]({n}.md) — {n} notes\n" for n in "abcd")}
    for n in "ab":
        files[f"{n}.md"] = ENTRY_FM.format(n) + f"Notes about {n} and its upkeep.\n"
    files["c.md"] = "# c\n\nNotes about c and its upkeep.\n"
    files["d.md"] = ""
    found = audit_files(tmp_path, files)
    assert [f.id for f in found if f.rule == "no-frontmatter"] == ["c.md"]
    assert any(f.rule == "empty-file" for f in found)


def test_a_long_blank_run_in_a_status_section_is_read_in_linear_time(tmp_path):
    # a line of ten thousand blanks made the dated-label pattern backtrack for half a minute; the
    # section's dated label is still a place of its one finding
    blank = " \t" * 5000
    files = {"MEMORY.md": "- [Rollout](rollout.md) — rollout\n",
             "rollout.md": ENTRY_FM.format("rollout") + "## Current status\n" + blank + "four services\n"
                           + blank + "Status" + " " * 5000 + "waiting on review\n"
                           + "- Results (2026-03-31): two of four services moved\n"}
    (f,) = [f for f in audit_files(tmp_path, files) if f.rule == "status-block"]
    assert any("Results (2026-03-31)" in p.note for p in f.places)


def test_a_triage_reason_never_quotes_a_home_address_or_a_local_phone_number():
    # the audit flags both as identifying; a triage reason quoting the line showed them whole
    from tui.core.reports.triage_shape import quote
    said = quote("- Home address: 14 Rue des Lilas, 69003 Lyon, Mobile 06 48 21 37 90")
    assert "Lilas" not in said and "48 21" not in said and said.startswith("Home address:")
    assert "37 90" not in quote("Mobile 06 48 21 37 90 for urgent calls")
    assert quote("Deploy with fly deploy on 2026-03-31, port 8080") == "Deploy with fly deploy on 2026-03-31, port 8080"


def test_a_stopped_work_headline_is_read_only_at_a_headline_s_length():
    # a 20k run of "(" in a description took two minutes in the stopped-work pattern (backtracking)
    from tui.core.reports.triage_process import stopped_work
    assert stopped_work("notes", "(" * 20000, []) is None
    assert stopped_work("notes", "Billing rewrite — paused", []).action == "archive"
