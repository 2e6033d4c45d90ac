"""Triage: the three sorting tests, with their near misses, and the usage evidence."""
from __future__ import annotations

import json
import shutil
import datetime as dt
from pathlib import Path

import pytest

from conftest import NOW, write
from tui.core.reports.audit import audit
from tui.core.snapshots.memory import Memory
from tui.core.reports.triage import Usage, triage
from tui.core.reports.triage_lines import read_body
from tui.core.reports.triage_rules import promotes

FIXTURE = Path(__file__).parent / "fixtures" / "triage"


def entry(mem_dir, name, fm_type, body, description="a note"):
    write(mem_dir, name, f"---\nname: {name[:-3]}\ndescription: {description}\ntype: {fm_type}\n---\n\n{body}\n")


def run(mem_dir, root, records=()):
    mem = Memory.load(mem_dir, root, now=NOW)
    return triage(mem, audit(mem, git=False).findings, Usage.from_records(list(records), mem_dir), NOW).by_id()


# -- test 2: a rule the user states vs a fact the agent learned -------------------------------------

def test_rule_the_user_states_is_promoted_a_fact_learned_is_kept(mem_dir, root):
    entry(mem_dir, "stated.md", "project", "The user wants every migration reviewed by the DBA before merge.")
    entry(mem_dir, "learned.md", "project", "Migrations merged without the DBA failed in production once: "
          "the lock timed out on the postings table and the deploy hung.")
    got = run(mem_dir, root)
    assert (got["stated.md"].action, got["stated.md"].test) == ("promote", 2)
    assert got["learned.md"].action == "keep"


def test_a_trap_written_with_never_is_learned_not_mandated():
    assert not promotes("project", "redis", "flush wipes keys", ["Never run FLUSHALL on dev redis: we hit this and "
                        "the retry worker double-posted; the root cause was the shared db."], 1)
    assert promotes("feedback", "x", "Don't mock the database in tests", ["Don't mock the database in tests."], 1)
    assert promotes(None, "x", "Always use pnpm", ["Use pnpm for installs."], 1)
    # a "never" deep in a long note is a detail, not the entry's rule
    long = [f"line {i} about the design" for i in range(8)] + ["never mind the colours"]
    assert not promotes(None, "design", "header layout", long, len(long))


# -- test 1: a dated decision that still holds vs a status line --------------------------------------

def test_dated_decision_is_kept_status_line_is_archived(mem_dir, root):
    entry(mem_dir, "decision.md", "project", "2026-05-12: decided to use advisory locks instead of row locks, "
          "because the row locks deadlocked.")
    entry(mem_dir, "status.md", "project", "2026-05-12: migration 0042 is still pending review.")
    got = run(mem_dir, root)
    assert got["decision.md"].action == "keep"
    assert (got["status.md"].action, got["status.md"].test) == ("archive", 1)
    kinds = [ln.kind for ln in read_body("Status: waiting for the DBA before merging.\nWe chose X over Y.", 1).lines]
    assert kinds == ["status", "plain"]


def test_session_record_and_transient_wording_are_archived(mem_dir, root):
    entry(mem_dir, "session_2026-11-20.md", "project", "Added the report endpoint and fixed a test.")
    entry(mem_dir, "ci.md", "project", "CI is currently failing on the import test.")
    got = run(mem_dir, root)
    assert got["session_2026-11-20.md"].action == "archive"
    assert got["ci.md"].action == "archive" and any("transient" in r for r in got["ci.md"].reasons)


# -- test 3: a fact that is in package.json vs one that only looks similar ----------------------------

def test_fact_in_package_json_is_dropped_a_similar_one_is_kept(mem_dir, root):
    write(root, "package.json", '{"scripts": {"test": "node --test test/", "lint": "eslint src"}}\n')
    entry(mem_dir, "scripts.md", "project", "package.json runs tests with `node --test test/` and lint with "
          "`eslint src`.")
    entry(mem_dir, "similar.md", "project", "package.json's `node --test test/` needs `--test-concurrency=1`, "
          "or the DB tests deadlock.")
    got = run(mem_dir, root)
    assert (got["scripts.md"].action, got["scripts.md"].test) == ("drop", 3)
    assert "package.json" in got["scripts.md"].reasons[0]
    assert got["similar.md"].action == "keep"


def test_said_by_instruction_file_or_another_entry_is_dropped_once(mem_dir, root):
    write(root, "CLAUDE.md", "# rules\n- Money is stored as integer minor units, never as floats anywhere.\n")
    entry(mem_dir, "money.md", "project", "Money is stored as integer minor units, never as floats anywhere.")
    body = ("The statement import runs nightly at 02:30 UTC from the SFTP drop, in the folder named after the "
            "bank, and moves processed files to an archive subfolder.")
    entry(mem_dir, "a.md", "project", body)
    entry(mem_dir, "b.md", "project", body)
    got = run(mem_dir, root)
    assert got["money.md"].action == "drop" and "CLAUDE.md" in got["money.md"].reasons[0]
    assert sorted(got[i].action for i in ("a.md", "b.md")) == ["drop", "keep"]


# -- review: a person decides --------------------------------------------------------------------------

def test_broken_anchor_and_secret_go_to_review_never_drop(mem_dir, root):
    write(mem_dir, "anchored.md", "---\nname: limits\ndescription: limits\nanchor: {file: src/limits.py, quote: X}\n"
          "---\nThe daily limit comes from X.\n")
    entry(mem_dir, "token.md", "reference", "The token is ghp_R4nd0mV4lu3sThatL00kL1keAT0k3n0123456 for CI.")
    got = run(mem_dir, root)
    assert got["anchored.md"].action == "review" and got["anchored.md"].test is None
    assert got["token.md"].action == "review"
    assert "ghp_R4nd0m" not in json.dumps(got["token.md"].as_json())


# -- evidence: usage from the injection log ------------------------------------------------------------

def test_usage_counts_only_this_folders_records(mem_dir, root, tmp_path):
    entry(mem_dir, "used.md", "project", "A learned trap: the import hangs on month end.")
    entry(mem_dir, "unused.md", "project", "Another trap: the FX API fails on weekends.")
    t = lambda d: (NOW - dt.timedelta(days=d)).isoformat().replace("+00:00", "Z")
    records = [{"dir": str(mem_dir), "time": t(40), "injected": []},
               {"dir": str(mem_dir), "time": t(45), "injected": [{"id": "used.md"}]},
               {"dir": str(mem_dir), "time": t(2), "injected": [{"id": "used.md"}]},
               {"dir": "/elsewhere", "time": t(1), "injected": [{"id": "unused.md"}]},
               {"dir": str(mem_dir), "time": "not a time", "injected": [{"id": "unused.md"}]},
               "not a record"]
    got = run(mem_dir, root, [r for r in records if isinstance(r, dict)])
    assert got["used.md"].evidence["injected_total"] == 2 and got["used.md"].evidence["injected_30d"] == 1
    assert got["used.md"].evidence["last_injected"].startswith(t(2)[:10])
    assert got["unused.md"].evidence["injected_total"] == 0
    assert got["unused.md"].evidence["never_injected_days"] == 0   # written today: unused for no time yet
    assert not any("never injected" in r for r in got["unused.md"].reasons)


def test_cli_json_shape_and_folder_unchanged(tmp_path, monkeypatch, capsys):
    from tui.cli import main
    shutil.copytree(FIXTURE, tmp_path / "case")
    mem_dir, root = tmp_path / "case" / "memory", tmp_path / "case" / "project"
    log = (tmp_path / "case" / "injections.jsonl").read_text().replace("@MEMORY@", str(mem_dir))
    state = tmp_path / "xdg-state" / "memtui"
    state.mkdir(parents=True)
    (state / "injections.jsonl").write_text(log)
    monkeypatch.setenv("MEMTUI_NOW", "2026-11-29T12:00:00Z")
    before = {p: p.read_bytes() for p in mem_dir.rglob("*") if p.is_file()}
    assert main(["triage", "--json", "--dir", str(mem_dir), "--root", str(root)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {p: p.read_bytes() for p in mem_dir.rglob("*") if p.is_file()} == before
    labels = json.loads((FIXTURE / "labels.json").read_text())
    got = {e["id"]: e for e in out["entries"]}
    assert set(out["summary"]) == {"keep", "promote", "archive", "edit", "drop", "review"}
    assert set(got["trap_test_db_port.md"]["evidence"]) >= {"age_days", "source", "anchor", "injected_30d",
                                                            "injected_total", "last_injected"}
    assert got["trap_test_db_port.md"]["evidence"]["injected_total"] > 0
    assert got["fx_rates_quirk.md"]["evidence"]["injected_total"] == 0   # another folder's records do not count
    right = sum(got[i]["action"] == a for i, a in labels.items())
    assert right / len(labels) >= 0.85


def test_a_script_package_json_defines_is_in_the_code(mem_dir, root):
    write(root, "package.json", '{"scripts": {"test": "vitest run", "build": "tsc -p ."}}\n')
    write(root, "Makefile", "migrate:\n\tpsql -f schema.sql\n")
    entry(mem_dir, "cmds.md", "project", "package.json: `pnpm test` runs the tests, `pnpm run build` compiles.")
    entry(mem_dir, "make.md", "project", "The Makefile has `make migrate` and `make seed-demo-data` for the DB.")
    got = run(mem_dir, root)
    assert got["cmds.md"].action == "drop"
    assert got["make.md"].action == "keep"   # `make seed-demo-data` is no target of the Makefile


def test_every_mentioned_path_gone_is_for_a_person(mem_dir, root):
    write(root, "src/app.ts", "export {}\n")
    entry(mem_dir, "gone.md", "project", "The retry logic lives in `src/payments/retry.ts`.")
    entry(mem_dir, "partly.md", "project", "Start at `src/app.ts`; the old `src/legacy/boot.ts` wrapper is gone.")
    got = run(mem_dir, root)
    assert got["gone.md"].action == "review" and "path-missing" in got["gone.md"].reasons[0]
    assert got["partly.md"].action != "review"


def test_a_value_the_entry_says_twice_is_named_once_in_test_3(mem_dir, root):
    entry(mem_dir, "render.md", "project", "Each episode renders for 12min on the laptop; the intro alone takes "
          "12min if the cache is cold, so the first render of a day takes longer than the later ones.")
    reasons = " ".join(run(mem_dir, root)["render.md"].reasons)
    assert "12min" in reasons and "12min, 12min" not in reasons


def test_a_value_random_as_keys_are_is_never_quoted_in_a_reason(mem_dir, root):
    token = "Zr9Kx4Tb8Mn3Vc6Yh1Jd5Fs0Lp7Qw2"   # made up; no label names it, so no secret rule finds it
    entry(mem_dir, "relay.md", "project", f"The sandbox relay answers to `{token}` when it is asked for its id, "
          "and the live relay to another value.")
    got = run(mem_dir, root)["relay.md"]
    assert token not in " ".join(got.reasons) and token[:12] not in " ".join(got.reasons)
