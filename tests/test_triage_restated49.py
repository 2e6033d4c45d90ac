"""Issue 37, after stop 49: an entry that restates a rule CLAUDE.md already holds is **drop**, with
that line, never promote — also when it names the rule's code facts with a few values of its own
("Fees (setup, monthly) are `Decimal` …") or says the rule in other words under a headline that
restates it and quotes the same code span. Said the other way round, or with an exception of its
own, it stays. (Texts written for these tests.)"""
from __future__ import annotations

from conftest import triage_entry, triaged as run, write

CLAUDE = """# ledgerline

## Rules
1. Run `make test` before every commit.
2. Database changes only through a new Alembic revision `rev_<n>_<slug>.py`; never edit a revision that has run.
3. Amounts are `Decimal` (two places) in Python and `NUMERIC(14,2)` in SQL; never `float`/`double`.
"""


def test_naming_every_code_fact_of_the_rule_with_values_of_its_own_is_drop(mem_dir, root):
    write(root, "CLAUDE.md", CLAUDE)
    triage_entry(mem_dir, "amounts_decimal.md", "Fees (setup, monthly, overage) are Decimal two places in Python and "
                 "NUMERIC(14,2) in Postgres. Never float or double.\n\n**Why:** rounding drift in invoices.\n"
                 "**How to apply:** use Decimal in models and schemas.", "No float for fees", "feedback")
    got = run(mem_dir, root)["amounts_decimal.md"]
    assert got.action == "drop", got.reasons
    assert any(p["file"] == "CLAUDE.md" and p["line"] == 6 for p in got.evidence["project"]), got.evidence


def test_the_headline_restates_it_and_the_body_quotes_its_code_span_the_same_way_is_drop(mem_dir, root):
    write(root, "CLAUDE.md", CLAUDE)
    triage_entry(mem_dir, "alembic_new_rev.md", "Leave rev_1/rev_2 alone once they ran anywhere. Every database change "
                 "is a new `rev_<n>_<slug>.py`.\n\n**Why:** a changed revision leaves staging and prod on different "
                 "schemas.\n**How to apply:** add a new revision, even for one column.",
                 "Database changes go in a new Alembic revision", "feedback")
    got = run(mem_dir, root)["alembic_new_rev.md"]
    assert got.action == "drop", got.reasons


def test_the_code_facts_said_the_other_way_round_or_with_an_exception_stay(mem_dir, root):
    write(root, "CLAUDE.md", CLAUDE)
    triage_entry(mem_dir, "chart_float.md", "Chart series may use float instead of Decimal: NUMERIC(14,2) values are "
                 "converted to double for plotting only, never stored back.\n\n**Why:** the chart library takes "
                 "floats.", "Charts plot amounts as floats", "feedback")
    triage_entry(mem_dir, "fx_rates.md", "Amounts are Decimal two places in Python and NUMERIC(14,2) in SQL, never "
                 "float or double, except FX rates: those are NUMERIC(18,8).\n\n**Why:** rates need eight places.",
                 "Amounts and FX rates", "feedback")
    got = run(mem_dir, root)
    for i in ("chart_float.md", "fx_rates.md"):
        assert got[i].action != "drop", (i, got[i].reasons)


CLAUDE_PROSE = """# tallyhouse

Django 5.1 / Python 3.12 web app for a village market: stallholders book pitches,
the organisers approve them, visitors browse the map.
PostgreSQL 15 via psycopg, background jobs by Celery, auth = django-allauth (Google).

## Rules
1. Run `make test` before every commit.
"""


def test_a_stack_told_by_the_instruction_files_wrapped_paragraph_is_drop(mem_dir, root):
    write(root, "CLAUDE.md", CLAUDE_PROSE)   # its version found in the compose file: the paragraph's other lines hold the rest
    write(root, "docker-compose.yml", "services:\n  db:\n    image: postgres:15-alpine\n")
    triage_entry(mem_dir, "stack.md", "tallyhouse is Django 5.1 + Python 3.12, PostgreSQL 15 through psycopg,\n"
                 "Celery for the background jobs and django-allauth as Google login (OAuth). The local DB comes from "
                 "docker compose.", "What tallyhouse is built on", "project")
    got = run(mem_dir, root)["stack.md"]
    assert got.action == "drop", got.reasons
    assert any(p["file"] == "CLAUDE.md" for p in got.evidence["project"]), got.evidence


def test_a_stack_with_a_trap_of_its_own_is_kept(mem_dir, root):
    write(root, "CLAUDE.md", CLAUDE_PROSE)
    triage_entry(mem_dir, "stack_trap.md", "tallyhouse is Django 5.1 + Python 3.12, PostgreSQL 15 through psycopg;\n"
                 "Celery workers silently drop tasks when the broker restarts, so the pitch reminders are re-queued hourly.",
                 "What tallyhouse is built on", "project")
    got = run(mem_dir, root)["stack_trap.md"]
    assert got.action != "drop", got.reasons
