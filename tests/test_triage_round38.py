"""Issue 37, stop 38 round 2: test 3 on a Rust project (the manifest's MSRV and dependencies, a
config example's default, never a README usage line), a rule CLAUDE.md holds almost word for word
is drop even when its body adds how, a tool's output is archive (drop when it is an empty
generated digest), and two TTLs said with 'expire' are a contradiction. All text written here."""
from __future__ import annotations

from conftest import NOW, write, triage_entry as entry
from tui.core.judging.findings import Finding
from tui.core.snapshots.memory import Memory
from tui.core.reports.audit import audit
from tui.core.reports.triage import Usage, triage

CARGO = """[package]
name = "birdlog"
version = "0.2.0"
edition = "2021"
rust-version = "1.74"

[dependencies]
axum = { version = "0.7", features = ["macros"] }
sqlx = { version = "0.8", default-features = false, features = ["sqlite", "runtime-tokio"] }
tracing = "0.1"
"""
EXAMPLE = """# copy to ~/.config/birdlog.toml
region = "America/Lima"
format = "csv"
"""
README = """# birdlog
    birdlog export --format json
"""
CLAUDE = """# birdlog
- No `println!` debugging left in library code.
- Commit messages: imperative mood, in English.
"""


def project(root):
    write(root, "Cargo.toml", CARGO)
    write(root, "birdlog.example.toml", EXAMPLE)
    write(root, "README.md", README)
    write(root, "CLAUDE.md", CLAUDE)


def run(mem_dir, root, extra=()):
    mem = Memory.load(mem_dir, root, now=NOW)
    return triage(mem, audit(mem, git=False).findings + list(extra), Usage(), NOW).by_id()


def test_the_manifest_msrv_and_dependencies_restated_in_any_language_are_drop_with_the_line(mem_dir, root):
    project(root)
    entry(mem_dir, "msrv.md", "The MSRV is 1.74; do not use features from newer Rust versions.")
    entry(mem_dir, "msrv_fr.md", "Le MSRV du projet est 1.74 ; rien de plus récent.")
    entry(mem_dir, "crates.md", "We use axum 0.7 with macros, sqlx 0.8 with sqlite and tracing.")
    entry(mem_dir, "msrv_other.md", "The MSRV is 1.70; do not use features from newer Rust versions.")
    entry(mem_dir, "crate_trap.md", "We use axum 0.7 and sqlx 0.8; sqlx offline mode breaks the build on CI "
                                    "when the query cache is stale, so regenerate it before pushing.")
    got = run(mem_dir, root)
    for i in ("msrv.md", "msrv_fr.md"):
        assert got[i].action == "drop" and got[i].test == 3
        assert any("Cargo.toml:5" in r for r in got[i].reasons)
    assert got["crates.md"].action == "drop" and any("Cargo.toml:8" in r for r in got["crates.md"].reasons)
    assert got["msrv_other.md"].action != "drop"   # another version than the manifest's is no restatement
    assert got["crate_trap.md"].action != "drop"   # a trap of its own


def test_a_config_example_default_is_drop_but_a_readme_usage_line_is_no_default(mem_dir, root):
    project(root)
    entry(mem_dir, "region.md", "La région par défaut est `America/Lima` (clé `region` de la configuration).")
    entry(mem_dir, "format.md", "Without `--format`, the default output is a table.")
    got = run(mem_dir, root)
    assert got["region.md"].action == "drop"
    assert any("birdlog.example.toml:2" in r for r in got["region.md"].reasons)
    assert got["format.md"].action != "drop"   # README's `--format json` is an example, not the default


def test_a_rule_claude_md_holds_is_drop_even_when_its_body_adds_how(mem_dir, root):
    project(root)
    entry(mem_dir, "no_println.md", "Never leave `println!` debugging in library code; use tracing instead.",
          description="Do not leave println debugging in library code", type_="feedback")
    entry(mem_dir, "commits_fr.md", "Les messages de commit sont écrits en anglais, à l'impératif.",
          description="Format des messages de commit", type_="feedback")
    entry(mem_dir, "println_except.md", "Never leave `println!` debugging in library code, except in the benches.",
          description="Do not leave println debugging in library code", type_="feedback")
    got = run(mem_dir, root)
    assert got["no_println.md"].action == "drop" and any("CLAUDE.md:2" in r for r in got["no_println.md"].reasons)
    assert got["commits_fr.md"].action == "drop" and any("CLAUDE.md:3" in r for r in got["commits_fr.md"].reasons)
    assert got["println_except.md"].action != "drop"   # an exception of its own is a new rule


def test_two_ttls_said_with_expire_are_both_review(mem_dir, root):
    project(root)
    entry(mem_dir, "ttl_a.md", "Cached sightings expire after 2 hours.")
    entry(mem_dir, "ttl_b.md", "We set the cache TTL to 12 hours to spare the API.")
    got = run(mem_dir, root)
    assert got["ttl_a.md"].action == got["ttl_b.md"].action == "review"


def test_a_tool_output_the_audit_names_is_archive_and_an_empty_generated_digest_is_drop(mem_dir, root):
    project(root)
    entry(mem_dir, "sync_log.md", "2026-11-02 08:00:01 sync start\n2026-11-02 08:00:09 sync done: 14 files")
    entry(mem_dir, "digest.md", "# Plans\n\nGenerated: 2026-11-02T08:00:05Z")
    line = {"sync_log.md": 7, "digest.md": 9}
    logs = [Finding(i, "process", "run-log", n, "a tool's output", "remove it") for i, n in line.items()]
    got = run(mem_dir, root, logs)
    assert got["sync_log.md"].action == "archive" and got["sync_log.md"].test == 1
    assert got["digest.md"].action == "drop"
