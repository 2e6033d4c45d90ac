"""Issue 37, stop 50 (tp50): triage inside a labelled project. (Texts written for these tests.)

- A line that tells an event by the day it was written ("last night's outage … was rolled back by
  the 09:30 deploy", "last week's outage is over") is where work stood that day: next time "last night" is another night. Among
  lines that hold, it is an edit of that line; in a **Why:** it is the reason for the rule and holds. So is work not done yet ("the
  export for 2028 is not written yet").
- Two entries on one subject whose headlines each name another value of a list the project declares
  (an enum's members on one line: ``DRAFT, SUBMITTED, APPROVED``) give the subject two values: both
  are review, each naming the other. Values the project never lists together decide nothing.
- A handover (the British word for a handoff) left for an absence — its rule "while I am away" holds
  for the absence only — and a one-off list of steps whose
  line closes "all done", record where work stood on those days: archive. So does a headline that
  says a numbered release went out ("Release 3.4 shipped") or that it is the status of a piece of work
  ("Status of the search rewrite").
- A path the project makes at run time (not in the checkout) is still stated by the project when a
  line writes it whole, or one line its folder and another its file name, both as values: an entry
  that says nothing more is drop, citing those lines.
- One setting, two amounts, in any unit a setting is given in: a percentage, a size in bytes, a count
  of workers, a length, pixels, a weight — not only durations and tries. One setting, two values of one
  family named in the headlines (a value and the same value cut short, "41.3%" / "41.37%", are one): a file's separator, a temperature's unit, a switch on or off. A title
  written in words is read whole: its "No" is the stance ("No dark mode in release 1" / "Dark mode in
  the settings"), not a slug's short word to skip.
- A rule the instruction file holds, said the other way about ("do not X without Y" / "Y before any X"):
  the entry's line holds every concept of the instruction line, the same way round, and little more —
  drop with that line, never promote.
- A setting named by its key as the config file spells it ("max-body-kb 512") is a fact the project
  states when the config holds that key with that value: drop, citing the line. So is a version given
  as a floor ("Ruby 3.3 or newer") that the manifest states as one (">= 3.3").
"""
from __future__ import annotations

from conftest import triage_entry, triaged as run


def test_a_line_that_tells_an_event_of_the_day_before_is_an_edit(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "kiosk_idle_logout.md",
                 "Sessions of the kiosk app expire after 12 minutes of no input, not the usual hour:\n"
                 "the tablets stand in a public hallway and a left session showed a stranger's basket.\n"
                 "Last night's outage (the basket page timed out for everyone) was rolled back by the 09:30 deploy.",
                 description="Why the kiosk logs out so soon")
    got = run(mem, root)["kiosk_idle_logout.md"]
    assert got.action == "edit", got.reasons
    assert got.lines == [9], got.lines


def test_a_why_that_tells_the_day_before_holds(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "refund_twice.md",
                 "Refunds are issued by the ledger job only, never from the admin page.\n\n"
                 "**Why:** yesterday's double refund happened because the admin page and the job both paid out.",
                 description="Refunds go through the ledger job")
    got = run(mem, root)["refund_twice.md"]
    assert got.action in ("keep", "promote"), got.reasons


CLAIM_STATES = 'from enum import Enum\n\n\nclass ClaimState(Enum):\n    DRAFT, SUBMITTED, APPROVED, PAID = range(4)\n'


def _claims(mem, root, states: str):
    (root / "claims").mkdir(parents=True)
    (root / "claims" / "state.py").write_text(states)
    triage_entry(mem, "claims_edit_submitted.md",
                 "An employee may edit a SUBMITTED claim until a manager approves it; each edit is written to the "
                 "claim's history.\n\n**Why:** finance wanted fewer withdrawn-and-resent claims.",
                 description="Editing submitted expense claims is allowed", title="Submitted expense claims stay editable")
    triage_entry(mem, "claims_edit_draft_only.md",
                 "An employee can change a claim only while it is a draft. Once sent, it has to be withdrawn "
                 "first; the endpoint answers 409.\n\n**Why:** managers approved amounts that changed under them.",
                 description="Editing rule for expense claims", title="Only draft expense claims are editable")
    return run(mem, root)


def test_two_headlines_naming_two_members_of_one_declared_list_are_review(tmp_path):
    got = _claims(tmp_path / "memory", tmp_path / "project", CLAIM_STATES)
    for me, other in (("claims_edit_submitted.md", "claims_edit_draft_only.md"),
                      ("claims_edit_draft_only.md", "claims_edit_submitted.md")):
        assert got[me].action == "review", (me, got[me].reasons)
        assert other in " ".join(got[me].reasons), got[me].reasons


def test_values_the_project_does_not_list_together_decide_nothing(tmp_path):
    got = _claims(tmp_path / "memory", tmp_path / "project", "DRAFT = 0\n\n\nSUBMITTED = 1\n")
    assert got["claims_edit_submitted.md"].action != "review", got["claims_edit_submitted.md"].reasons


def test_a_handover_left_for_an_absence_is_archived(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "handover_conference.md",
                 "Away 2027-03-02 to 03-06 at the conference. Priya takes the on-call pager. Open: PR #88, the tax "
                 "table import, the flaky upload test. Do not touch the billing cron while I am away.",
                 description="Notes left for the week away", title="Handover before the conference")
    got = run(mem, root)["handover_conference.md"]
    assert got.action == "archive", got.reasons


def test_a_one_off_list_of_steps_all_done_is_archived(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "spring_price_update.md",
                 "Price update of 2027-02-14: supplier sheet imported, shelf labels reprinted, web shop cache cleared, "
                 "cashiers told at the morning briefing. All done.",
                 description="Steps taken for the February price update", title="February price update")
    got = run(mem, root)["spring_price_update.md"]
    assert got.action == "archive", got.reasons


def test_a_path_the_project_builds_from_its_folder_and_file_name_is_drop(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    (root / "conf").mkdir(parents=True)
    (root / "conf" / "settings.toml").write_text('[export]\nreports_dir = "build/reports"\nkeep_days = 30\n')
    (root / "export.py").write_text("from pathlib import Path\n\n\ndef write(cfg, rows):\n"
                                    "    out = Path(cfg.export.reports_dir) / \"weekly_totals.csv\"\n"
                                    "    out.write_text(render(rows))\n")
    triage_entry(mem, "reference_report_files.md",
                 "The weekly export writes `build/reports/weekly_totals.csv`.",
                 description="Where the weekly export goes", type_="reference")
    got = run(mem, root)["reference_report_files.md"]
    assert got.action == "drop", got.reasons
    shown = {p["file"] for p in got.evidence["project"]}
    assert {"conf/settings.toml", "export.py"} <= shown, got.evidence["project"]


def _pair(mem, a, b):
    for name, title, description, body in (a, b):
        triage_entry(mem, name, body, description=description, title=title)


def test_one_setting_two_amounts_in_any_unit_is_review(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    _pair(mem, ("tip_12.md", "Service charge is 12 percent", "Service charge on table bills",
                "Table bills add a 12% service charge before tax."),
          ("tip_10.md", "Table bill service charge", "Bills carry a service charge of 10%",
           "Every table bill gets a 10% service charge."))
    _pair(mem, ("label_62.md", "Shipping labels are 62 mm", "Label roll width",
                "The label printer takes the 62 mm roll; the layout is drawn for it."),
          ("label_100.md", "Label roll width for shipping", "Shipping labels 100 mm wide",
           "Shipping labels print on the 100 mm roll."))
    got = run(mem, root)
    for me, other in (("tip_12.md", "tip_10.md"), ("tip_10.md", "tip_12.md"), ("label_62.md", "label_100.md"),
                      ("label_100.md", "label_62.md")):
        assert got[me].action == "review", (me, got[me].reasons)
        assert other in " ".join(got[me].reasons), got[me].reasons


def test_one_setting_two_values_of_one_family_is_review(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    _pair(mem, ("payroll_pipes.md", "Payroll file uses pipes", "Separator of the payroll upload",
                "The payroll upload is pipe-delimited; the bank's parser rejects anything else."),
          ("payroll_commas.md", "Payroll upload is comma separated", "Payroll file separator",
           "Write the payroll upload with a comma between fields, quoted names."))
    _pair(mem, ("cache_enabled.md", "Page cache enabled on preview", "Preview page cache",
                "Preview deploys run with the page cache enabled so they behave like production."),
          ("cache_disabled.md", "Preview page cache disabled", "Page cache on preview deploys",
           "The page cache is disabled on preview deploys: editors must see their change at once."))
    got = run(mem, root)
    for me, other in (("payroll_pipes.md", "payroll_commas.md"), ("cache_enabled.md", "cache_disabled.md")):
        assert got[me].action == "review", (me, got[me].reasons)
        assert other in " ".join(got[me].reasons), got[me].reasons


def test_a_rule_the_instruction_file_holds_said_the_other_way_about_is_drop(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    (root / "CLAUDE.md").write_text("# Ledger\n\n## Rules\n- Never push to the release branch; open a merge request.\n"
                                    "- Amounts are integer cents, never floats.\n- Run `make lint` before pushing.\n"
                                    "- Do not add new endpoints without asking.\n")
    triage_entry(mem, "feedback_endpoints.md",
                 "Ask the user before adding any new endpoint to the project.",
                 description="New endpoints need approval", type_="feedback")
    got = run(mem, root)["feedback_endpoints.md"]
    assert got.action == "drop", got.reasons
    assert "CLAUDE.md:7" in " ".join(got.reasons), got.reasons


def test_a_setting_named_by_its_config_key_is_stated_by_the_config(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    (root / "server.toml").write_text('[http]\nbind = "0.0.0.0"\nmax-body-kb = 512\n')
    triage_entry(mem, "http_body_cap.md", "The upload server is configured with max-body-kb 512.",
                 description="Request body cap of the upload server", type_="reference")
    got = run(mem, root)["http_body_cap.md"]
    assert got.action == "drop", got.reasons
    assert any(p["file"] == "server.toml" and p["line"] == 3 for p in got.evidence["project"]), got.evidence


def test_a_version_floor_the_manifest_states_is_drop(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    (root / "Gemfile").write_text('source "https://rubygems.org"\n\nruby ">= 3.3"\ngem "rails", "~> 7.2"\n')
    triage_entry(mem, "ruby_floor.md", "The app runs on Ruby 3.3 or newer.", description="Which Ruby the app needs",
                 type_="reference")
    got = run(mem, root)["ruby_floor.md"]
    assert got.action == "drop", got.reasons
    assert any(p["file"] == "Gemfile" and p["line"] == 3 for p in got.evidence["project"]), got.evidence


def test_last_weeks_event_over_and_work_not_done_yet_are_edits(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "sms_gateway.md",
                 "Appointment reminders go out by SMS through the gateway, never by e-mail.\n\n"
                 "**Why:** patients ignored the e-mails and no-shows doubled.\n\n"
                 "Last week's gateway outage is over; every queued reminder has been sent.",
                 description="How reminders reach patients")
    triage_entry(mem, "fiscal_export.md",
                 "The fiscal export is one CSV per calendar year, closed on 31 January.\n\n"
                 "**Why:** the accountant files per year and refuses partial years.\n\n"
                 "The export for 2028 is not written yet.",
                 description="Shape of the fiscal export")
    got = run(mem, root)
    assert got["sms_gateway.md"].action == "edit" and got["sms_gateway.md"].lines == [11], got["sms_gateway.md"].reasons
    assert got["fiscal_export.md"].action == "edit" and got["fiscal_export.md"].lines == [11], got["fiscal_export.md"].reasons


def test_a_title_in_words_keeps_its_no(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    _pair(mem, ("dark_none.md", "No dark mode in release 1", "Dark mode is left out of release 1",
                "The owner decided against a dark theme for the first release; one light palette only."),
          ("dark_toggle.md", "Dark mode toggle in settings", "Dark mode of the app",
           "Settings has a dark mode toggle; the choice is stored per device."))
    got = run(mem, root)
    for me, other in (("dark_none.md", "dark_toggle.md"), ("dark_toggle.md", "dark_none.md")):
        assert got[me].action == "review", (me, got[me].reasons)
        assert other in " ".join(got[me].reasons), got[me].reasons


def test_a_release_shipped_and_a_status_of_work_are_archived(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    triage_entry(mem, "release_34.md", "3.4 reached the stores on 2027-01-12 with offline maps and the new onboarding.\n"
                 "A 3.4.1 build followed two days later for the crash on older tablets.",
                 description="What went out in 3.4", title="Release 3.4 shipped")
    triage_entry(mem, "search_rewrite.md", "The new ranking runs for 10% of shoppers since Monday; the rest follow "
                 "once the click-through holds for a week.\nOld index kept warm until then.",
                 description="Status of the search rewrite", title="Search rewrite")
    got = run(mem, root)
    assert got["release_34.md"].action == "archive", got["release_34.md"].reasons
    assert got["search_rewrite.md"].action == "archive", got["search_rewrite.md"].reasons


def test_a_value_and_the_same_value_cut_short_are_not_two_amounts(tmp_path):
    mem, root = tmp_path / "memory", tmp_path / "project"
    root.mkdir()
    _pair(mem, ("cache_hits_note.md", "Cache hit rate of the catalogue", "Catalogue cache hit rate",
                "The catalogue cache answers 41.3% of lookups after the warm-up."),
          ("cache_hits_bench.md", "Catalogue cache benchmark", "Hit rate measured on the catalogue cache",
           "The benchmark measured a catalogue cache hit rate of 41.37% of lookups."))
    got = run(mem, root)
    assert got["cache_hits_note.md"].action != "review", got["cache_hits_note.md"].reasons
