"""Issue 36 (stop 38): what owners rejected at `high` on the stop-37 held-out review, as
principles, and the access recipe. Own text; each rule with a case found and a look-alike not."""
from __future__ import annotations

from conftest import write

from tui.core.judging.access_recipe import access_recipes
from tui.core.judging.gates import identifying_findings
from tui.core.reports.audit import audit_dir

FM = "---\nname: {0}\ndescription: {0} notes\ntype: reference\n---\n"


def _kinds(tmp_path, files: dict[str, str], root_files: dict[str, str] | None = None):
    mem, root = tmp_path / "mem", tmp_path / "proj"
    root.mkdir()
    for rel, text in files.items():
        write(mem, rel, text)
    for rel, text in (root_files or {}).items():
        write(root, rel, text)
    rep = audit_dir(str(mem), str(root), git=False)
    return {(f.id, f.kind) for f in rep.findings}, rep


def test_recipe_login_key_and_public_host_on_one_line_is_a_secret(tmp_path):
    text = (FM.format("hosts") + "- Box up: key at `/srv/keys/box.pem`, user root, IP 52.14.77.203.\n"
            "- `ssh -i ~/.ssh/id_ed25519 deploy@18.222.41.9` for the nightly job.\n"
            "- Status page on 52.14.77.203.\n"                      # an address alone: identifying
            "- Example: `ssh -i ~/.ssh/key.pem root@<IP>` once up.\n"   # no real host: nothing
            "- `ssh root@52.14.77.203 uptime` checks load.\n")     # no key file: identifying
    found = access_recipes("h.md", text, identifying_findings("h.md", text))
    assert sorted((f.kind, f.line) for f in found) == [
        ("identifying", 8), ("identifying", 10), ("secret", 6), ("secret", 7)]
    recipe = [f for f in found if f.kind == "secret"][0]
    assert "52.14" not in recipe.message and "box.pem" not in recipe.message   # nothing echoed


def test_an_address_ending_a_sentence_is_still_an_address():
    assert [f.rule for f in identifying_findings("a.md", "The host is 52.14.77.203.\n")] == ["public-ip"]
    assert identifying_findings("a.md", "Saved as 52.14.77.203.json and 1.2.3.4.5 too\n") == []


def test_a_template_is_no_status_report(tmp_path):
    report = ("# PROGRESS\n\n## Current position\n- Module: \n- Next up: \n\n## Session log\n"
              "- [ ] first\n- [ ] second\n- [ ] third\n")
    kinds, _ = _kinds(tmp_path, {"MEMORY.md": "- [a](tutor/PROGRESS.md)\n- [b](tutor/refs/PROGRESS_TEMPLATE.md)\n",
                                 "tutor/PROGRESS.md": report, "tutor/refs/PROGRESS_TEMPLATE.md": report})
    assert ("tutor/PROGRESS.md", "process") in kinds
    assert not {k for k in kinds if k[0].endswith("TEMPLATE.md")}


def test_a_skills_material_needs_no_frontmatter_and_a_loose_note_does(tmp_path):
    kinds, rep = _kinds(tmp_path, {
        "MEMORY.md": "- [t](tutor/SKILL.md)\n- [c](tutor/refs/CURRICULUM.md)\n- [n](note.md)\n- [b](board.md)\n",
        "board.md": "---\nname: board\ndescription: the sensor board\n---\nThe board is an ESP32.\n",
        "tutor/SKILL.md": "---\nname: tutor\ndescription: teaches\n---\nRead refs/CURRICULUM.md.\n",
        "tutor/refs/CURRICULUM.md": "# Curriculum\n\n1. Toolchain\n2. Sensors\n",
        "note.md": "# A note\n\nThe build uses make.\n"})
    no_fm = [f for f in rep.findings if f.kind == "no-frontmatter"]
    assert no_fm and all("CURRICULUM" not in str(f.locations) + f.id for f in no_fm)


def test_a_wiki_link_to_a_folder_of_the_project_is_no_broken_link(tmp_path):
    body = FM.format("review") + "Follow the [[design-review]] skill, and see [[nowhere-at-all]].\n"
    kinds, rep = _kinds(tmp_path, {"MEMORY.md": "- [r](review.md)\n", "review.md": body},
                        {"skills/design-review/SKILL.md": "x\n"})
    broken = [f.message for f in rep.findings if f.kind == "link-broken"]
    assert broken == ["[[nowhere-at-all]] links to no entry"]


def test_a_version_the_manifest_contradicts_is_one_conflict_naming_each(tmp_path):
    pkg = '{"dependencies": {"chart.js": "^4.4.1"}, "devDependencies": {"vite": "^6.2.1", "typescript": "~5.8.2"}}'
    table = (FM.format("stack") + "| Package | Use | Version |\n|---|---|---|\n| Vite | bundler | ^4.3.0 |\n"
             "| TypeScript | types | 5.8 |\n| @vitejs/plugin-react | plugin for Vite | ^4.0.0 |\n"
             "\nCharts with Chart.js 3 here.\n")
    agree = FM.format("ok") + "We build with Vite 6 and TypeScript 5.8.\nUpgrade from Vite 4 to 6 went fine.\n"
    _, rep = _kinds(tmp_path, {"MEMORY.md": "- [s](stack.md)\n- [o](ok.md)\n", "stack.md": table, "ok.md": agree},
                    {"package.json": pkg})
    [f] = [f for f in rep.findings if f.kind == "conflict"]
    assert (f.id, f.rule, f.confidence, f.related) == ("stack.md", "manifest-version", "possible", "package.json")
    assert [p.line for p in f.places] == [8, 12] and "^6.2.1" in f.message and "Chart.js 3" in f.message


def test_no_remote_in_spanish_meets_a_published_address(tmp_path):
    files = {"MEMORY.md": "- [a](a.md)\n- [b](b.md)\n- [c](c.md)\n",
             "a.md": FM.format("a") + "**Sin remoto**, por decisión: todo queda en la máquina.\n",
             "b.md": FM.format("b") + "El plugin vive publicado en\ngithub.com/someone/tool (privado).\n",
             "c.md": FM.format("c") + "See github.com/other/lib for the parser we vendor.\n"}
    _, rep = _kinds(tmp_path, files)
    [f] = [f for f in rep.findings if f.kind == "conflict"]
    assert {p.id for p in f.places} == {"a.md", "b.md"} and "\n" not in f.message


def test_audit_and_triage_read_one_contradiction_detector(tmp_path):
    """judging/conflicts is the one detector: a pair triage sends to review is the audit's one
    finding naming both places, and a look-alike neither reports."""
    from conftest import NOW
    from tui.core.reports.audit import audit
    from tui.core.reports.triage import Usage, triage
    from tui.core.snapshots.memory import Memory
    mem_dir, root = tmp_path / "m", tmp_path / "p"
    root.mkdir()
    files = {"MEMORY.md": "- [a](a.md)\n- [b](b.md)\n- [c](c.md)\n- [d](d.md)\n",
             "a.md": FM.format("a") + "The webhook queue timeout is 30 s; shorter drops retries from the bank.\n",
             "b.md": FM.format("b") + "Webhook queue: timeout 90 s since the provider slowed down.\n",
             "c.md": FM.format("c") + "PDF invoices are not built yet; the PDF viewer is built and verified.\n",
             "d.md": FM.format("d") + "The 3D viewer uses Three.js; the charts are built with Chart.js.\n"}
    for rel, text in files.items():
        write(mem_dir, rel, text)
    mem = Memory.load(mem_dir, root, now=NOW)
    found = audit(mem, git=False).findings
    [f] = [f for f in found if f.kind == "conflict"]
    assert (f.id, f.related, f.confidence) == ("a.md", "b.md", "possible")
    assert [(p.id, p.line) for p in f.places] == [("a.md", 6), ("b.md", 6)]
    got = triage(mem, found, Usage(), NOW).by_id()
    assert got["a.md"].action == got["b.md"].action == "review"
    assert any("b.md" in r for r in got["a.md"].reasons)
    assert got["c.md"].action != "review" or not any("d.md" in r for r in got["c.md"].reasons)


def test_an_open_state_written_as_a_mark_is_status_at_its_line():
    from tui.core.judging.status_blocks import status_block_findings
    found = ["Notes on the pilot. **Pilot pending, not started yet.**", "**Pendente VPS:** aplicar as migrações.",
             "- **Run 2** (registry): IN PROGRESS — results land in the csv", "## Full evaluation (In Progress)",
             "- 3단계: 진행 중", "Paper mode runs. **Live blocked** until the broker issues a client id."]
    clean = ["The pending orders table holds unpaid carts.", "Mark the ticket as IN PROGRESS when you start.",
             "States: pending, in progress, done.", "Orders move from PENDING to PAID.", "| Phase 2 | IN PROGRESS |",
             "Never leave a job BLOCKED overnight.", "We keep a list of pending questions in questions.md.",
             "**Why:** It was a pending priority for the microscope mode.",       # a closing ** opens nothing
             "- **Check pending migrations before merging** — compare the table",  # inside a phrase: a rule
             "- **Concurrency cancel-in-progress** cancelled the earlier run",     # a name
             "- `outbox` queue. Status: pending|sent|failed",                      # a list of states
             "**STATUS 2026-05-15: R&D PAUSED — DROPPED FROM PRODUCTION**"]        # closed
    for body in found:
        text = "# Notes\n\nThe build uses make.\n" + body + "\n"
        [f] = status_block_findings("n.md", text, text)
        assert (f.kind, f.confidence, f.line) == ("process", "possible", 4), body
    for body in clean:
        text = "# Notes\n\n" + body + "\n"
        assert status_block_findings("n.md", text, text) == [], body
