"""Stop 40 round 2 (issue 36, recall): status owners listed, on text written here."""
from __future__ import annotations

from conftest import ENTRY_FM, audit_files

FM = ENTRY_FM


def test_a_current_state_section_is_one_status_finding_holding_its_now_words(tmp_path):
    index = ("# Orchard memory\n\n- [notes](notes.md) — picking rules\n\n## 当前状态\n\n"
             "- 灌溉泵尚未更换，目前使用备用泵。\n- 东区苗木现在已经移栽。\n\n## 规则\n\n- 采摘前检查天气。\n")
    found = audit_files(tmp_path, {"MEMORY.md": index, "notes.md": FM.format("notes") + "Pick at dawn.\n"})
    mine = [(f.rule, f.line) for f in found if f.id == "MEMORY.md" and f.kind in ("process", "transient")]
    assert mine == [("status-block", 5)]


def test_a_dated_section_keeps_its_own_now_word_finding(tmp_path):
    body = "Rules.\n\n## Estado em prod (deploy 2031-05-05)\n\n- Alerta ainda não configurado hoje.\n"
    found = audit_files(tmp_path, {"pomar.md": FM.format("pomar") + body})
    assert "time-word" in {f.rule for f in found}
