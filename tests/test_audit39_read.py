"""Stop 39, the second read: rules the reviewer confirmed broken, each with a case and a look-alike.
Own text (no pool words)."""
from __future__ import annotations

from tui.core.judging.gates import secret_findings

UUID = "7c1e9a4b-3f2d-4e8a-b6c5-0d9f8e7a1b2c"


def _secrets(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.confidence) for f in secret_findings("e", text)]


# -- 1. a public key's name counts on its own line only --------------------------------------------

def test_a_password_on_the_line_after_a_site_key_is_still_found():
    text = ("RECAPTCHA_SITE_KEY=6LcQx9ApAAAAAJbT3kWm7rNfZq2VhYc8dLs0Ue4P\n"
            "DB_PASSWORD=Vq7#mZ2rPx9LwT4kNc8s\n")
    assert ("high" in [c for _, c in _secrets(text)])


def test_a_token_a_line_from_an_anon_key_is_still_found():
    text = ("SUPABASE_ANON_KEY=pub-ok\n"
            f"STRIPE_KEY_X={UUID.replace('-', '')}Zq9\n")
    assert [c for _, c in _secrets(text)] == ["high"]


def test_the_site_key_itself_stays_public():
    text = "RECAPTCHA_SITE_KEY=6LcQx9ApAAAAAJbT3kWm7rNfZq2VhYc8dLs0Ue4P\n"
    assert _secrets(text) == []


# -- 3. a Claude Code memory/ with a dated note in frontmatter is no OpenClaw workspace -------------

def test_a_claude_memory_folder_with_an_unlinked_dated_note_stays_claude(tmp_path):
    from conftest import write
    from tui.core.layouts import detect
    proj = tmp_path / "proj"
    write(proj, "memory/MEMORY.md", "# Memory\n- [Deploy steps](deploy_steps.md) — how we ship\n")
    write(proj, "memory/deploy_steps.md", "---\nname: deploy steps\n---\nRun the smoke test first.\n")
    write(proj, "memory/2025-11-03.md", "---\nname: outage\ntype: project\n---\nThe queue stalled at noon.\n")
    assert detect(proj / "memory").layout.name == "claude-code"


def test_an_openclaw_memory_folder_without_frontmatter_is_still_openclaw(tmp_path):
    from conftest import write
    from tui.core.layouts import detect
    ws = tmp_path / "ws"
    write(ws, "memory/MEMORY.md", "# Long-term\n## Habits\n- tea at four\n")
    write(ws, "memory/2025-11-04.md", "# 2025-11-04\n- planted the beans\n")
    seen = detect(ws / "memory")
    assert (seen.layout.name, seen.dir) == ("openclaw", ws)


# -- 5. an interval is the form beside its number, not a duration with "every" elsewhere -----------

def test_a_duration_is_no_interval_and_an_interval_still_is():
    from tui.core.judging.conflicts import Said, claims_of

    def keys(t):
        return [(c.key, c.value) for c in claims_of("x", [Said(1, "plain", t)])]
    for t in ("The build takes 40 seconds, every run.", "Alle Tests im Ordner dauern 10 Sekunden.",
              "Each upload call gives up after 5 s, and every client logs it."):
        assert not [k for k, _ in keys(t) if k == "interval"], t
    for t, v in (("The backup runs every 15 minutes.", "900000ms"), ("Backup interval: 15 minutes.", "900000ms"),
                 ("每 30 分钟备份一次", "1.8e+06ms"), ("백업은 10분마다 실행", "600000ms"),
                 ("Das Backup läuft alle 30 Minuten.", "1.8e+06ms")):
        assert ("interval", v) in keys(t), t


# -- 9. one entry's "built" and "not built" meet only when they name the same thing ----------------

def test_a_qualified_thing_in_one_entry_is_another_thing(mem_dir, root):
    from test_conflict_states import conflicts
    from test_triage_conflicts import entry
    entry(mem_dir, "reports.md", "The export is built.\n\nSome notes on the report screen.\n\n"
                                 "The PDF export is not built yet.")
    assert conflicts(mem_dir, root) == []
    entry(mem_dir, "reports.md", "The export is built.\n\nSome notes on the report screen.\n\n"
                                 "The export is not built yet.")
    assert len(conflicts(mem_dir, root)) == 1


# -- 6. a label ending in a day word keeps its time word; a name's last word does not --------------

def test_a_label_with_today_is_a_time_word_and_a_name_is_not():
    from tui.core.judging.wording import transient_findings
    for said in ("# Standup\nStatus Today: the sync is red.\n", "# Standup\n**Blocked Today:** the payment flow.\n",
                 "# Standup\n- Deploy Today: paused until review.\n",
                 "# Standup\n## Blockers Today\n- the staging key is missing\n"):
        assert len(transient_findings("standup.md", said)) == 1, said
    names = "# Reading\n- Garden Design Today — paywalled\n- Psychology Today: habit articles\n"
    assert transient_findings("reading.md", names) == []
