"""Issue 37, stop 49: an entry the project tells whole — its code names lead to an instruction line
and to the code that holds them, and those lines hold most of its words — is dropped, with those
lines as its evidence. Its own reason, trap or a rule said the other way round keeps it out.
(Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run, write

CLAUDE = """# Orchard API

## Rules
1. Run `make check` before every commit.
2. Every shipment is created through `shipping.create_shipment`; never build a `Shipment` row in a view or a job.
3. Requests carry the store in the `X-Store-Code` header (`StoreResolver`); never query without the store filter.
"""

SERVICE = '''"""Shipments: the one way in."""


def create_shipment(*, order, carrier):
    """Create the shipment for an order and reserve the carrier's slot, under the order's row lock."""
    with lock_order(order):
        return Shipment.objects.create(order=order, carrier=carrier)
'''

RESOLVER = '''class StoreResolver:
    """Reads X-Store-Code from each request; answers 400 when it is missing. /ping is exempt."""

    HEADER = "X-Store-Code"
'''


def _project(root):
    write(root, "CLAUDE.md", CLAUDE)
    write(root, "shipping/__init__.py", SERVICE)
    write(root, "middleware/store.py", RESOLVER)


def test_an_entry_the_instruction_line_and_the_code_tell_whole_is_dropped_with_their_lines(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "shipments.md", "Shipments are created in one place only: create_shipment() in shipping. "
                 "Views and jobs go through it (it takes the order's row lock and reserves the carrier slot).",
                 "Where shipments get created", "project")
    triage_entry(mem_dir, "store_header.md", "Each request names its store in the `X-Store-Code` header; `StoreResolver` "
                 "reads it and answers 400 when it is missing. `/ping` is exempt.", "How the store is resolved", "project")
    got = run(mem_dir, root)
    for i in ("shipments.md", "store_header.md"):
        assert got[i].action == "drop", (i, got[i].reasons)
        cited = got[i].evidence["project"]
        assert any(p["file"] == "CLAUDE.md" for p in cited), cited
        assert any(p["file"] != "CLAUDE.md" for p in cited), cited


def test_its_own_trap_or_the_rule_turned_round_keeps_it(mem_dir, root):
    _project(root)
    triage_entry(mem_dir, "shipments_trap.md", "create_shipment() in shipping takes the order's row lock. Careful: "
                 "calling it twice for a split order deadlocks under load; pass both parcels in one call.",
                 "Split orders and create_shipment", "project")
    triage_entry(mem_dir, "store_turned.md", "Nightly reports may query without the store filter: `StoreResolver` and "
                 "the `X-Store-Code` header are skipped for the reporting endpoints and for the export job.", "Reports and the store header", "project")
    got = run(mem_dir, root)
    assert got["shipments_trap.md"].action != "drop", got["shipments_trap.md"].reasons
    assert got["store_turned.md"].action != "drop", got["store_turned.md"].reasons


def test_a_line_copied_from_the_instruction_file_is_dropped_with_that_line_as_evidence(mem_dir, root):
    write(root, "CLAUDE.md", "# Orchard\n\n- Run the linter and the unit tests with make check before each push.\n")
    triage_entry(mem_dir, "push.md", "Run the linter and the unit tests with make check before each push.",
                 "Before pushing", "feedback")
    got = run(mem_dir, root)["push.md"]
    assert got.action == "drop", got.reasons
    assert got.evidence["project"] == [{"file": "CLAUDE.md", "line": 3,
                                        "text": "- Run the linter and the unit tests with make check before each push."}]


# -- one subject, two stances -----------------------------------------------------------------------

def test_two_entries_giving_one_subject_two_stances_are_both_review(mem_dir, root):
    write(root, "app/models.py", "x = 1\n")
    triage_entry(mem_dir, "orders_kept.md", "Order rows are never removed: set `archived_at` and let the default "
                 "manager hide them; the auditors read five years back.", "Orders are never hard-deleted", "project")
    triage_entry(mem_dir, "orders_purge.md", "Cancelling an order through the admin removes the row and its lines. "
                 "The owner chose this so the shop's GDPR requests close at once.", "Order cancel = hard delete",
                 "project")
    triage_entry(mem_dir, "invoice_lang_en.md", "Invoice PDFs carry English headings; the accountant's tool parses "
                 "them.", "Invoice PDFs in English", "project")
    triage_entry(mem_dir, "invoice_lang_de.md", "Invoice PDFs must be German because the customers are in Austria.",
                 "Invoice PDFs in German", "feedback")
    got = run(mem_dir, root)
    for i in ("orders_kept.md", "orders_purge.md", "invoice_lang_en.md", "invoice_lang_de.md"):
        assert got[i].action == "review", (i, got[i].reasons)
    assert any("orders_purge.md" in r for r in got["orders_kept.md"].reasons)


def test_one_stance_said_twice_or_two_subjects_are_no_pair(mem_dir, root):
    write(root, "app/models.py", "x = 1\n")
    triage_entry(mem_dir, "orders_kept.md", "Order rows are never removed: set `archived_at` and let the default "
                 "manager hide them.", "Orders are never hard-deleted", "project")
    triage_entry(mem_dir, "orders_why.md", "Auditors read five years of orders back, so no order row is ever "
                 "hard-deleted.", "Why orders are never hard-deleted", "project")
    triage_entry(mem_dir, "docs_lang.md", "The README and the docs are written in English.", "Docs in English", "project")
    triage_entry(mem_dir, "ui_lang.md", "Button labels and the checkout flow are in Spanish for the shop's customers.",
                 "Checkout copy in Spanish", "project")
    got = run(mem_dir, root)
    for i in ("orders_kept.md", "orders_why.md", "docs_lang.md", "ui_lang.md"):
        assert got[i].action != "review", (i, got[i].reasons)


# -- one line of the moment among lines that hold ------------------------------------------------------

def test_a_line_left_half_way_or_waiting_on_a_reviewer_is_edited_out(mem_dir, root):
    write(root, "app/models.py", "x = 1\n")
    triage_entry(mem_dir, "alembic.md", "- Generate with `alembic revision --autogenerate` and read the diff.\n"
                 "- Never edit a revision that has reached staging; add a new one.\n"
                 "- Currently half-way through AddOrderNotes (3 Mar) - do not run it locally yet.",
                 "How schema changes are made", "project")
    triage_entry(mem_dir, "jsonb.md", "A JSONB column must be registered with the dialect before a query filters on "
                 "it, otherwise the filter compares text.\n"
                 "MR !88 with the GIN index experiment is still open, waiting for Priya to approve.",
                 "JSONB filters need the dialect", "project")
    got = run(mem_dir, root)
    assert got["alembic.md"].action == "edit" and got["alembic.md"].lines == [9], got["alembic.md"].reasons
    assert got["jsonb.md"].action == "edit" and got["jsonb.md"].lines == [8], got["jsonb.md"].reasons


def test_a_state_inside_a_definition_or_a_condition_is_no_status(mem_dir, root):
    write(root, "app/models.py", "x = 1\n")
    triage_entry(mem_dir, "carrier_api.md", "The carrier's tracking API answers 200 even on errors; the outcome is in "
                 "`state`. `HOLD` means their depot system is down - poll again after 5 minutes. When the label "
                 "service is paused, labels queue on their side.", "How the carrier API behaves", "reference")
    triage_entry(mem_dir, "carrier_now.md", "The carrier's label service is down since this morning; labels queue.",
                 "Carrier outage", "project")
    got = run(mem_dir, root)
    assert got["carrier_api.md"].action == "keep", got["carrier_api.md"].reasons
    assert got["carrier_now.md"].action == "archive", got["carrier_now.md"].reasons


def test_two_clocks_for_one_column_are_both_review(mem_dir, root):
    write(root, "app/models.py", "x = 1\n")
    triage_entry(mem_dir, "pickup_utc.md", "`Pickup.due_at` is stored in UTC; the kiosk converts for display.",
                 "Store pickup times in UTC", "project")
    triage_entry(mem_dir, "pickup_local.md", "`due_at` keeps the shop's wall-clock time, so the printed slip shows "
                 "what the clerk typed.", "Pickup times are local shop time", "project")
    triage_entry(mem_dir, "dev_local.md", "Run the app locally with `make up`.", "Local dev setup", "project")
    got = run(mem_dir, root)
    assert got["pickup_utc.md"].action == "review", got["pickup_utc.md"].reasons
    assert got["pickup_local.md"].action == "review", got["pickup_local.md"].reasons
    assert got["dev_local.md"].action != "review", got["dev_local.md"].reasons
