"""Issue 37, after stop 49: two entries that give one setting two values are both **review**, each
naming the other — the value said in the description ("Default upload link is 120 minutes") counts as
much as the body's; a limit on a count ("at most one", "up to 4") is an amount. A version given as
a floor ("from API level 21 (Android 5.0)", "18+") is the oldest supported, not a second version
of the platform: it contradicts no entry. (Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run


def test_a_setting_given_two_durations_in_the_descriptions_is_review_on_both_sides(mem_dir, root):
    triage_entry(mem_dir, "upload_link_30.md", "Signed upload links must expire quickly. The owner said longer links "
                 "leaked into chat logs twice.\n\n**How to apply:** sign every upload link with this lifetime.",
                 "New photographers get a 30 min upload link by default", "feedback")
    triage_entry(mem_dir, "upload_link_120.md", "Photographers upload big RAW batches over hotel wifi, so the link "
                 "has to outlive a slow upload.\n\n**How to apply:** use it for every new upload link.",
                 "Default upload link for new photographers is 120 minutes", "feedback")
    got = run(mem_dir, root)
    for me, other in (("upload_link_30.md", "upload_link_120.md"), ("upload_link_120.md", "upload_link_30.md")):
        assert got[me].action == "review", (me, got[me].reasons)
        assert other in " ".join(got[me].reasons), got[me].reasons


def test_a_limit_on_a_count_given_two_values_is_review(mem_dir, root):
    triage_entry(mem_dir, "seat_one_device.md", "A licence seat may be signed in on at most one device; a second "
                 "sign-in logs the first device out.", "Devices per licence seat", "project")
    triage_entry(mem_dir, "seat_four_devices.md", "Teams share laptops at the front desk: allow up to 4 signed-in "
                 "devices per licence seat, the fifth sign-in is refused.", "Signed-in devices allowed per seat", "project")
    got = run(mem_dir, root)
    for me, other in (("seat_one_device.md", "seat_four_devices.md"), ("seat_four_devices.md", "seat_one_device.md")):
        assert got[me].action == "review", (me, got[me].reasons)
        assert other in " ".join(got[me].reasons), got[me].reasons


def test_a_limit_and_a_count_of_tries_are_not_two_amounts_of_one_sentence(mem_dir, root):
    triage_entry(mem_dir, "sync_retries.md", "The sync job retries at most 5 times, then parks the batch for a person.",
                 "How often the sync job retries", "project")
    got = run(mem_dir, root)
    assert got["sync_retries.md"].action != "review", got["sync_retries.md"].reasons


def test_a_version_given_as_a_floor_does_not_contradict_a_version_where_a_behaviour_starts(mem_dir, root):
    triage_entry(mem_dir, "background_location.md", "On Android 11 background location needs a separate prompt, so "
                 "the tracker asks for it only after the foreground grant. Users who refuse keep manual check-in.",
                 "Android 11 splits the background location prompt", "project")
    triage_entry(mem_dir, "supported_os.md", "We ship to Android from API level 21 (Android 5.0) and iOS 14 or later. "
                 "Ask before raising either.", "Oldest platforms we support", "project")
    got = run(mem_dir, root)
    for i in ("background_location.md", "supported_os.md"):
        assert got[i].action != "review", (i, got[i].reasons)


def test_two_entries_that_each_say_the_version_the_app_runs_still_clash(mem_dir, root):
    triage_entry(mem_dir, "runtime_a.md", "The API runs on Node 18 in production; the Dockerfile pins it.",
                 "Node runtime of the API", "project")
    triage_entry(mem_dir, "runtime_b.md", "The API runs on Node 22 in production since the base image moved.",
                 "Which Node the API runs", "project")
    got = run(mem_dir, root)
    assert got["runtime_a.md"].action == "review", got["runtime_a.md"].reasons


# -- one line of the moment among lines that hold: edit that line (test 1) -----------------------------

def test_a_state_said_with_when_it_began_is_the_line_to_edit(mem_dir, root):
    triage_entry(mem_dir, "thumbs_inline.md", "Thumbnails are rendered inline by `ImageWorker.render_small`, not by "
                 "the CDN.\n\n**Why:** the CDN plan bills per transform and the catalogue has few images.\n"
                 "Revisit past ~20k images.\n\nThe render box has been down since Tuesday, so check thumbnails "
                 "on a laptop for now.", "Why thumbnails are rendered inline", "project")
    got = run(mem_dir, root)["thumbs_inline.md"]
    assert got.action == "edit" and got.lines == [12], (got.action, got.lines, got.reasons)


def test_a_branch_still_open_with_a_weekday_deadline_is_the_line_to_edit(mem_dir, root):
    triage_entry(mem_dir, "gradle_cache.md", "When the Kotlin plugin version changes, the Gradle build fails with "
                 "\"incompatible metadata\". Fix: `./gradlew --stop && rm -rf ~/.gradle/caches/transforms-3`.\n"
                 "Branch fix/gradle-cache is still open: merge it before Thursday's beta build.\n\n"
                 "**How to apply:** do this after any Kotlin bump.", "Clear the transform cache after a Kotlin bump",
                 "project")
    got = run(mem_dir, root)["gradle_cache.md"]
    assert got.action == "edit" and got.lines == [8], (got.action, got.lines, got.reasons)


def test_a_step_done_on_one_side_and_not_yet_on_the_other_is_archived(mem_dir, root):
    triage_entry(mem_dir, "search_index_rollout.md", "Rebuilt the search index on the staging cluster on 2026-03-04. "
                 "Production not migrated yet.", "search index rebuilt on staging", "project")
    got = run(mem_dir, root)["search_index_rollout.md"]
    assert got.action == "archive", got.reasons


def test_a_checklist_written_on_one_line_is_where_work_stood(mem_dir, root):
    triage_entry(mem_dir, "release_2_1.md", "2.1 release: [x] schema v5 applied on prod, [x] feature flags exported, "
                 "[x] smoke run on the phones, [ ] store listing text.", "Release 2.1 checklist", "project")
    got = run(mem_dir, root)["release_2_1.md"]
    assert got.action == "archive", got.reasons


def test_a_weekday_rule_that_holds_every_week_is_no_status(mem_dir, root):
    triage_entry(mem_dir, "no_friday_deploys.md", "Never deploy the billing service on a Friday: nobody is on call "
                 "over the weekend.\n\n**Why:** a Friday deploy once broke invoicing until Monday.",
                 "No billing deploys on Fridays", "feedback")
    got = run(mem_dir, root)["no_friday_deploys.md"]
    assert got.action in ("promote", "keep"), got.reasons
