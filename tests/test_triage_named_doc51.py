"""Issue 37, stop 51: a word of work in a headline that is the name of a document the entry is
about ("HANDOVER.md", "session_log.txt") names that document, not the entry as a record of work:
a note comparing the vendor's HANDOVER.md with the official reference is a lasting reference.
A headline that calls the entry itself a handover is still one. Texts written for these tests."""
from __future__ import annotations

from conftest import triage_entry as entry, triaged as run


def test_a_note_about_a_document_named_handover_is_not_a_handover(mem_dir, root):
    entry(mem_dir, "handover-vs-api-reference.md",
          "# HANDOVER.md against the API reference\n\n"
          "| field | HANDOVER.md | reference |\n|---|---|---|\n| order search | GET | POST |\n"
          "| customer phone | string | list of objects |\n| assignee | user id | mention name |\n\n"
          "**Why:** HANDOVER.md was written from an early survey and is wrong in the details.",
          "HANDOVER.md is an overview only; the official API reference differs on several endpoints. Build from the reference.",
          type_="feedback")
    got = run(mem_dir, root)["handover-vs-api-reference.md"]
    assert got.action != "archive", (got.action, got.reasons)


def test_a_headline_calling_the_entry_a_handover_is_still_one(mem_dir, root):
    entry(mem_dir, "handover-refactor.md",
          "- Moved the order parser into its own module; two tests still red\n"
          "- Next: split the invoice builder, then rerun the suite\n- Branch: refactor/orders, not pushed\n",
          "Handover: where the order refactor stopped and what to pick up next")
    got = run(mem_dir, root)["handover-refactor.md"]
    assert got.action == "archive", (got.action, got.reasons)


def test_a_document_named_in_a_sentence_without_spaces_is_still_a_document(mem_dir, root):
    entry(mem_dir, "handover-vs-reference.md",
          "| 項目 | HANDOVER | 公式 |\n|---|---|---|\n| 検索 | GET | POST |\n| 電話 | 文字列 | 配列 |\n\n"
          "**Why:** HANDOVERは初期調査のメモで細部が不正確。",
          "HANDOVER.mdは概要のみ。公式リファレンスと差異があるので実装は公式に従う。", type_="feedback")
    got = run(mem_dir, root)["handover-vs-reference.md"]
    assert got.action != "archive", (got.action, got.reasons)


def test_a_heading_naming_a_document_opens_no_section_of_work(mem_dir, root):
    entry(mem_dir, "reference-gaps.md",
          "# HANDOFF.md vs the API reference\n\n| field | HANDOFF.md | reference |\n|---|---|---|\n"
          "| order search | GET | POST |\n| customer phone | string | list of objects |\n\n"
          "**Why:** the handoff notes were an early survey; the reference is the contract.",
          "Where the vendor's HANDOFF.md and the API reference differ", type_="reference")
    got = run(mem_dir, root)["reference-gaps.md"]
    assert got.action != "archive", (got.action, got.reasons)


def test_an_entry_its_owner_filed_under_learnings_is_learned_not_mandated(mem_dir, root):
    """The folder an owner files an entry in says what it is, as its file name does (trap_x.md):
    learnings/ holds what the agent found out, kept as memory, not a rule to promote."""
    entry(mem_dir, "learnings/vendor-sdk-retries.md",
          "The vendor SDK retries a 429 itself, three times, before raising.\n\n"
          "**Why:** wrapping it in our own retry multiplied the calls by nine during the outage.\n\n"
          "**How to apply:** never wrap the SDK client in the retry helper; catch its RateLimited instead.",
          "The vendor SDK already retries 429s: always call it without our retry wrapper", type_="feedback")
    got = run(mem_dir, root)["learnings/vendor-sdk-retries.md"]
    assert got.action == "keep", (got.action, got.reasons)
