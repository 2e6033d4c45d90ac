"""Stop 48: duplicates and contradictions an owner acts on (issue 36, points 5 and 6).

A duplicate is one fact stated in two entries (a passage repeated, in any language) or one
category written twice in a file; a contradiction is two values for one named thing (one name
spelled two ways, a file one entry says is gone and another still lists). Every text here is
written for the test."""
from __future__ import annotations

from conftest import NOW, write


def _load(mem_dir, root):
    from tui.core.snapshots.memory import Snapshot
    return Snapshot.load(mem_dir, root, NOW)


def _dups(mem_dir, root):
    from tui.core.judging.crossfile import duplicate_findings
    return duplicate_findings(_load(mem_dir, root))


def _conflicts(mem_dir, root):
    from tui.core.judging.crossfile import conflict_findings
    return conflict_findings(_load(mem_dir, root))


STEPS = ("The nightly export job reads every open order, groups them by warehouse, writes one CSV per "
         "warehouse into the outbox folder and mails the carrier a summary with the parcel counts of the day.")
STEPS_JA = "夜間の出荷バッチは未処理の注文をすべて読み込み、倉庫ごとにまとめて送信フォルダへCSVを書き出し、配送業者に当日の件数を知らせる。"


def test_a_passage_repeated_in_two_entries_is_one_possible_duplicate(mem_dir, root):
    write(mem_dir, "export_job.md", f"---\nname: export\n---\n# Export\n\n{STEPS}\n\nRuns at 02:00.\n")
    write(mem_dir, "ops_notes.md", f"---\nname: ops\n---\n# Operations\n\nBackups run weekly.\n\n- {STEPS}\n")
    found = [f for f in _dups(mem_dir, root) if f.rule == "repeated-passage"]
    assert len(found) == 1
    f = found[0]
    assert f.confidence == "possible" and f.related == "ops_notes.md"
    assert [(p.id, p.line) for p in f.places] == [("export_job.md", 6), ("ops_notes.md", 8)]


def test_a_passage_in_a_language_without_spaces_is_compared_by_its_characters(mem_dir, root):
    write(mem_dir, "a.md", f"---\nname: a\n---\n{STEPS_JA}\n")
    write(mem_dir, "b.md", f"---\nname: b\n---\n## 出荷\n{STEPS_JA}\n")
    assert [f.rule for f in _dups(mem_dir, root)] == ["repeated-passage"]


def test_two_notes_on_one_subject_in_their_own_words_are_not_duplicates(mem_dir, root):
    write(mem_dir, "a.md", f"---\nname: a\n---\n{STEPS}\n")
    write(mem_dir, "b.md", "---\nname: b\n---\nThe export job writes one CSV per warehouse every night; the "
                           "carrier gets a mail with how many parcels left, grouped by warehouse, from the outbox.\n")
    assert _dups(mem_dir, root) == []


def test_a_banner_in_four_entries_a_quotation_and_a_dated_log_are_not_duplicates(mem_dir, root):
    own = ["Pallets are counted by hand on Fridays and the count is typed into the sheet by noon.",
           "Returns come back through the side door and wait in bay four until someone scans them.",
           "The label printer jams when the roll is older than a month; keep two fresh rolls nearby.",
           "Invoices above five thousand need the second signature from finance before they go out."]
    for n in range(4):   # a template's paragraph in every entry
        write(mem_dir, f"t{n}.md", f"---\nname: t{n}\n---\n{STEPS}\n\n{own[n]} {own[n - 1]}\n")
    assert [f for f in _dups(mem_dir, root) if f.rule == "repeated-passage"] == []
    for n in range(4):
        (mem_dir / f"t{n}.md").unlink()
    quote = f'The user said: "{STEPS}"'
    write(mem_dir, "a.md", f"---\nname: a\n---\n{quote}\n")
    write(mem_dir, "b.md", f"---\nname: b\n---\nSource of this rule:\n{quote}\n")
    assert [f for f in _dups(mem_dir, root) if f.rule == "repeated-passage"] == []
    (mem_dir / "b.md").unlink()
    write(mem_dir, "a.md", f"---\nname: a\n---\n{STEPS}\n")
    write(mem_dir, "session_2026-11-02.md", f"---\nname: s\n---\nDone today:\n{STEPS}\n")
    assert [f for f in _dups(mem_dir, root) if f.rule == "repeated-passage"] == []


def test_one_section_heading_twice_under_one_parent_is_a_split_category(mem_dir, root):
    body = "# Pitfalls\n\n## Database\n- lock order\n\n## Frontend\n- stale cache\n\n## Database\n- pool size\n"
    write(mem_dir, "pitfalls.md", f"---\nname: p\n---\n{body}")
    found = _dups(mem_dir, root)
    assert [(f.rule, f.line, f.confidence) for f in found] == [("repeated-heading", 12, "possible")]
    assert [p.line for p in found[0].places] == [12, 6]


def test_a_heading_repeated_under_other_parents_or_as_a_template_is_not(mem_dir, root):
    days = "# Log\n\n## Monday\n### Done\n- a\n\n## Tuesday\n### Done\n- b\n"
    write(mem_dir, "week.md", f"---\nname: w\n---\n{days}")
    items = "# Bugs\n\n### Problem\nx\n### Fix\ny\n### Problem\nz\n### Fix\nw\n### Problem\nq\n### Fix\nr\n"
    write(mem_dir, "bugs.md", f"---\nname: b\n---\n{items}")
    assert _dups(mem_dir, root) == []


def test_one_variable_name_spelled_two_ways_is_a_possible_contradiction(mem_dir, root):
    write(mem_dir, "setup.md", "---\nname: s\n---\n- The cache lives in /var/cache/app, set by INVENTORY_CACHE_DIR.\n"
                               "- Needed: DATABASE_URL, SENTRY_DSN, INVENTARY_CACHE_DIR.\n")
    found = _conflicts(mem_dir, root)
    assert [(f.rule, f.confidence, f.line) for f in found] == [("spelled-two-ways", "possible", 4)]
    assert "INVENTARY_CACHE_DIR" in found[0].message and "INVENTORY_CACHE_DIR" in found[0].message


def test_names_of_one_family_are_not_one_name_spelled_two_ways(mem_dir, root):
    write(mem_dir, "a.md", "---\nname: a\n---\nRoles: READER_ROLE and WRITER_ROLE. Urls: API_URL, APP_URL. "
                           "Versions: SERVICE_V1, SERVICE_V2.\n")
    write(mem_dir, "b.md", "---\nname: b\n---\nFlags BUILD_TARGET_ARM and BUILD_TARGET_X86.\n")
    assert _conflicts(mem_dir, root) == []


def test_a_file_one_entry_says_is_deleted_and_another_still_lists(mem_dir, root):
    write(mem_dir, "changes.md", "---\nname: c\n---\n- Refactor: removed `legacyFetch.ts` (wrapped every call).\n")
    write(mem_dir, "stack.md", "---\nname: s\n---\n## Layers\n- `src/net/legacyFetch.ts` — the HTTP wrapper with retries\n")
    found = _conflicts(mem_dir, root)
    assert [(f.id, f.rule, f.confidence) for f in found] == [("stack.md", "superseded", "possible")]
    assert "removed" in found[0].message


def test_a_removed_file_named_again_as_removed_or_in_a_newer_dated_entry_is_not(mem_dir, root):
    write(mem_dir, "changes.md", "---\nname: c\nupdated: 2026-10-01\n---\nEliminado `legacyFetch.ts`.\n")
    write(mem_dir, "other.md", "---\nname: o\nupdated: 2026-10-02\n---\nThe wrapper `legacyFetch.ts` was deleted last month.\n")
    write(mem_dir, "later.md", "---\nname: l\nupdated: 2026-11-20\n---\n`legacyFetch.ts` is back: retries again.\n")
    assert _conflicts(mem_dir, root) == []


def test_a_port_conflict_needs_a_named_thing_and_is_sure_only_in_one_environment(mem_dir, root):
    write(mem_dir, "models.md", "---\nname: m\n---\nOllama serves on its default port 11434.\n")
    write(mem_dir, "gateway.md", "---\nname: g\n---\nThe gateway answers on the default port 18789.\n")
    assert _conflicts(mem_dir, root) == []
    # "locally": another environment, where one service's port may differ by design: worth a look
    write(mem_dir, "api_a.md", "---\nname: a\n---\nThe billing api listens on port 8080.\n")
    write(mem_dir, "api_b.md", "---\nname: b\n---\nLocally the billing api listens on port 3000.\n")
    found = _conflicts(mem_dir, root)
    assert found and all(f.confidence == "possible" for f in found)


def test_one_service_on_two_ports_in_one_environment_is_a_sure_conflict(mem_dir, root):
    # the triage fixture's pair (tests/fixtures/triage: both review): nothing tells the two apart
    write(mem_dir, "port_a.md", "---\nname: a\n---\nThe api server runs on port 8000; the proxy points there.\n")
    write(mem_dir, "port_b.md", "---\nname: b\n---\nThe api server runs on port 9000 after the change in October.\n")
    found = _conflicts(mem_dir, root)
    assert [f.confidence for f in found] == ["high"]