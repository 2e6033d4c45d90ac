"""Issue 37, stop 48: a file whose sections are entries (OpenClaw's MEMORY.md) gets a suggestion
for the whole file, the one its owner acts on: keep when every section holds, edit naming the
section that reports where work stood, archive when every section does, review when a section
needs a person. Shown by `memtui triage` (text and JSON) and in the app's detail. Text written here."""
from __future__ import annotations

import json

from conftest import NOW
from tui.core.layouts import detect
from tui.core.reports.audit import audit
from tui.core.reports.triage import Usage, triage
from tui.core.snapshots.memory import Memory

DURABLE = """# MEMORY.md

## Tooling

- Lint with ruff only; the team dropped flake8 because it disagreed with the formatter on line length.

## Deploys

- The staging box needs the VPN up before `make deploy`; without it the upload hangs at 99 % with no error.
"""
CURRENT = """
## Current state

- Migrating the billing tables: step 2 of 4 in progress.
- Next: run the backfill once finance signs off.
"""


def whole(tmp_path, text: str):
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(text, encoding="utf-8")
    seen = detect(folder, None)
    mem = Memory.load(seen.dir, tmp_path, now=NOW, layout=seen.layout)
    report = triage(mem, audit(mem, git=False).findings, Usage(), NOW)
    assert all("#" in s.id for s in report.suggestions), [s.id for s in report.suggestions]   # read as sections
    return report


def test_every_section_holds_so_the_file_is_keep(tmp_path):
    report = whole(tmp_path, DURABLE)
    (f,) = report.files
    assert f.file == "MEMORY.md" and f.action == "keep", f.reasons
    assert set(f.sections) == {s.id for s in report.suggestions}
    assert report.file_of(next(iter(f.sections))) is f
    assert report.as_json()["files"][0]["action"] == "keep"


def test_one_section_of_work_among_sections_that_hold_is_edit_naming_it(tmp_path):
    report = whole(tmp_path, DURABLE + CURRENT)
    (f,) = report.files
    assert f.action == "edit", f.reasons
    at = DURABLE.count("\n") + 2   # the '## Current state' heading's line
    assert f.lines and all(n >= at for n in f.lines), (f.lines, at)
    assert "Migrating the billing" in f.reasons[0] and "keep the file" in f.reasons[-1]


def test_a_file_of_work_only_is_archive_and_a_file_never_exists_twice(tmp_path):
    report = whole(tmp_path, "# MEMORY.md\n" + CURRENT + "\n## Done\n\n- ✅ Shipped the export on 2026-11-02\n")
    (f,) = report.files
    assert f.action == "archive", (f.reasons, f.sections)


def test_the_command_shows_the_whole_file_first(tmp_path, capsys):
    import argparse
    from tui.commands import triage as cmd
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(DURABLE + CURRENT, encoding="utf-8")
    before = (folder / "MEMORY.md").read_bytes()
    args = argparse.Namespace(dir=str(folder), root=str(tmp_path), layout=None, json=True)
    assert cmd.run(args) == 0
    got = json.loads(capsys.readouterr().out)
    assert [f["action"] for f in got["files"]] == ["edit"]
    args.json = False
    assert cmd.run(args) == 0
    text = capsys.readouterr().out
    assert text.index("MEMORY.md (the whole file)") < text.index("MEMORY.md#")
    assert (folder / "MEMORY.md").read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["MEMORY.md"]


def test_a_line_that_only_dates_the_note_reports_no_work():
    from tui.core.reports.triage_lines import _kind
    for stamp in ("- Created: 2026-03-05", "Last updated: 2026-11-02", "**Updated:** 2026-11-02", "- 创建时间：2026-04-01"):
        assert _kind(stamp, False) == "plain", stamp
    for work in ("- Created the importer for the bank CSVs", "- 2026-03-05: moved the cron to 6am"):
        assert _kind(work, False) in ("final", "status"), work


def test_a_dated_note_among_sections_that_hold_keeps_the_file(tmp_path):
    report = whole(tmp_path, DURABLE + "\n## Notes\n\n- Created: 2026-03-05\n")
    (f,) = report.files
    assert f.action == "keep", (f.reasons, f.sections)


def _bank(tmp_path, active: str):
    from conftest import write
    bank, root = tmp_path / "root" / "memory-bank", tmp_path / "root"
    write(bank, "projectbrief.md", "# Brief\n\nA booking page for a small climbing gym.\n")
    write(bank, "progress.md", "# Progress\n\n## What works\n\n- The booking form sends mail.\n")
    write(bank, "activeContext.md", active)
    seen = detect(bank, None)
    assert seen.layout.name == "cline"
    mem = Memory.load(seen.dir, root, now=NOW, layout=seen.layout)
    return triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()["activeContext.md"]


SETUP = """# Active Context

## Current focus

Setting up the Memory Bank for this repository from a first read of the code.

## Recent changes

- Created the `memory-bank` folder.
- Wrote projectbrief.md and techContext.md.

## Next steps

1. Write progress.md.

## Decisions

- The site stays static: no server to run.
- Bookings go by mail, not a database.

## Patterns

- Plain HTML and CSS, one stylesheet.
- Icons from one icon font.
- Forms validated in the browser only.
"""


def test_the_status_of_the_session_that_set_up_the_memory_bank_is_archive(tmp_path):
    got = _bank(tmp_path, SETUP)
    assert got.action == "archive", got.reasons
    assert "setting up the memory bank" in got.reasons[0] and "progress.md are in the folder" in got.reasons[0]


def test_a_status_file_whose_work_is_the_product_stays_edit_and_counts_only_real_rules(tmp_path):
    got = _bank(tmp_path, SETUP.replace("Setting up the Memory Bank for this repository from a first read of the code.",
                                        "Adding a waiting list to the booking form.")
                .replace("- Created the `memory-bank` folder.\n- Wrote projectbrief.md and techContext.md.",
                         "- The form now shows free slots per hour.\n- Mail goes through the gym's SMTP relay.")
                .replace("1. Write progress.md.", "1. Notify the first person on the waiting list."))
    assert got.action == "edit", got.reasons
    said = " ".join(got.reasons)
    assert "0 of its" in said and "lines hold a rule, a reason or a lesson" in said and "describe the project" in said


def test_a_line_bound_to_part_of_today_is_where_work_stood():
    from tui.core.reports.triage_lines import read_body
    moment = ["I reset the staging DB this morning, so its orders are fake.",
              "The nightly export broke again; trying a fix after lunch.",
              "Esta mañana borré la caché del CDN, las imágenes tardan en salir.",
              "今天早上重新导入了价格表，数量还没核对。",
              "Phase two of the catalogue is about to start next week.",
              "第二批商品即将进入审核阶段。"]
    for text in moment:
        assert read_body(text, 1).lines[0].kind == "status", text
    lasting = ["Backups run every morning at 04:00 from the cron on db-2.",
               "Never run the importer in the morning: the supplier's feed is rebuilt until 09:00.",
               "Tokens about to expire are refreshed by the client, not the server."]
    for text in lasting:
        assert read_body(text, 1).lines[0].kind != "status", text


def test_one_line_of_this_mornings_state_beside_a_procedure_is_edit(mem_dir, root):
    from conftest import triage_entry
    triage_entry(mem_dir, "deploy_fly.md",
                 "The API runs on Fly: one app, two machines, a managed Postgres. Migrations run in the release "
                 "command, never by hand.\nThe deploy of this morning stopped at the health check, retrying after lunch.",
                 description="Deploying to Fly", type_="reference")
    mem = Memory.load(mem_dir, root, now=NOW)
    got = triage(mem, audit(mem, git=False).findings, Usage(), NOW).by_id()["deploy_fly.md"]
    assert got.action == "edit" and got.lines, got.reasons


def test_a_heading_over_the_current_project_is_a_section_of_where_work_stands():
    from tui.core.reports.triage_lines import read_body
    for head in ("## 当前项目", "## Current project", "## Proyecto actual", "## 現在のプロジェクト"):
        r = read_body(f"## Layout\n\n- One folder per episode.\n\n{head}\n\n- The gold-eye script (active, 10/100)\n", 1)
        assert [ln.kind for ln in r.lines if ln.text.startswith("- ")] == ["plain", "status"], (head, r.lines)


def test_a_turkish_status_file_keeps_its_decisions_and_edits_the_rest(tmp_path):
    got = _bank(tmp_path, "# Active Context\n\n## Mevcut Odak: Faz 1 — rezervasyon formu\n\n### Tamamlanan\n"
                "- Form iskeleti\n- E-posta gönderimi\n\n### Sırada\n- [ ] Bekleme listesi\n\n### Aktif Kararlar\n"
                "- Veritabanı yok: rezervasyonlar e-posta ile gider\n- Site statik kalır\n- Tek stil dosyası\n"
                "- Formlar yalnızca tarayıcıda doğrulanır\n")
    assert got.action == "edit", got.reasons
