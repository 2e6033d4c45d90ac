"""A headline that only names to-dos as a subject ('待办管理', a to-do manager skill) is no record
of work: bare 待办 weighs as bare 'todo' does (a weak word), while 'this week's to-dos' (本周待办)
stays a record of work (seen in an OpenClaw workspace after stop 48's measure)."""
from __future__ import annotations

from tui.core.reports.triage_process import headline_is_process


def test_a_todo_manager_named_is_no_record_of_work():
    assert headline_is_process("MEMORY.md#skills", "todo-manager - 待办管理", "") == "weak"
    assert headline_is_process("MEMORY.md#skills", "todo-manager - todo", "") == "weak"


def test_this_weeks_todos_stay_a_record_of_work():
    assert headline_is_process("notes.md", "本周待办", "") == "strong"
    assert headline_is_process("notes.md", "今天待办", "") == "strong"
