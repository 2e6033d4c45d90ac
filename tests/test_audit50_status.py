"""Stop 50 (issue 36): status said by its shape in labels the blocks missed — a state's or a phase's
label whose value dates or measures the moment, a share of the work done, a process's id, a dated
session summary as a label, the next step in the singular, "still pending:" opening a plain line —
and their look-alikes. Texts written for these tests, modelled on the shapes seen, none copied."""
import pytest

from tui.core.judging.status_blocks import status_block_findings

HEAD = "---\nname: ledger export\ndescription: how the ledger export is built\ntype: project\n---\n\n# Ledger export\n\n"


def _lines(body):
    text = HEAD + body + "\n\nAmounts are stored in cents.\n"
    return [f.line for f in status_block_findings("notes.md", text, text) if f.rule == "status-block"]


AT = HEAD.count("\n") + 1   # the body's first line


@pytest.mark.parametrize("line", [
    "**Status**: schema phase complete (2026-05-03); the importer comes next.",
    "**状態**: スキーマ設計フェーズ完了（2026-05-03）",
    "- **Phase:** import phase started, roughly 40% done",
    "**フェーズ:** 移行フェーズ 開始",
    "**阶段**：导入阶段开始",
    "Progress: 40% complete, the CSV half is left.",
    "The import is about 60% done.",
    "The worker (PID 51873) was restarted at 09:12 after the deploy.",
    "Session recap 2026-05-03: fixed the cents rounding, began the CSV writer.",
    "Resumen de sesión 2026-05-03: arreglado el redondeo.",
    "Next step: wire the CSV writer into the export screen.",
    "Próximo paso: conectar el exportador CSV.",
    "Nächster Schritt: den CSV-Export anbinden.",
    "Still pending: the CSV writer and the e-mail summary.",
    "**Status**: waiting for the bank's sandbox keys (2026-05-03)",
])
def test_a_status_by_its_shape_is_a_block(line):
    assert _lines(line) == [AT]


@pytest.mark.parametrize("line", [
    "**Status**: RESOLVED (2026-05-04), the cause was the rounding mode.",
    "**Estado**: decidido (2026-03-02), los cobros van por Stripe.",
    "Status values: draft, posted, void (see the Ledger model).",
    "**Phase 2 of the export**: the CSV is written after the totals.",
    "The exporter runs in a container where PID 1 is tini.",
    "Write the PID to /run/ledger.pid so the deploy can stop it.",
    "Coverage must stay above 85% before merging.",
    "99% of exports complete within 3 s.",
    "Fee: 2% on card payments.",
    "Pending: the entry exists but is not posted.",
    "When a phase starts, note it in the channel.",
    "Session handling (2026-04-11 rewrite): tokens rotate on login.",
    "Fase de pruebas: cada PR corre los tests de integración.",
    "The migration phase runs before the app starts.",
])
def test_its_look_alikes_are_not(line):
    assert _lines(line) == []


def test_a_status_line_inside_a_status_section_is_a_place_of_its_one_finding():
    text = HEAD + ("## Current status\n\n- **Phase:** import phase started\n- **Overall:** about 40% done\n\n"
                   "## Rules\n\nAmounts are stored in cents.\n")
    found = [f for f in status_block_findings("notes.md", text, text) if f.rule == "status-block"]
    assert len(found) == 1
    assert [p.line for p in found[0].places] == [AT, AT + 2, AT + 3]


def test_a_label_dated_to_the_day_inside_a_status_section_is_a_place_of_it():
    text = HEAD + ("## Status — May 2026\n\nWork on the export.\n\n**Benchmark results (2026-05-03):**\n"
                   "- export of 10k rows: 4 s\n\n## Rules\n\nAmounts are stored in cents.\n")
    found = [f for f in status_block_findings("notes.md", text, text) if f.rule == "status-block"]
    assert [p.line for p in found[0].places] == [AT, AT + 4]
