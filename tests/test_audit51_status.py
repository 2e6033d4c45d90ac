"""Stop 51 (issue 36): status and transient wording. Every text here is written for the test."""


def _time_words(text, entry_id="notes.md"):
    from tui.core.judging.wording import transient_findings
    return [f.line for f in transient_findings(entry_id, text) if f.rule == "time-word"]


_RULE = "---\nname: sieve rule\ndescription: never sieve wet clay slip twice\ntype: feedback\n---\n"
_NOTE = "---\nname: kiln\ndescription: kiln notes\ntype: project\n---\n"


# -- a rule's Why: its whole paragraph is the reason, not only its first line ----------------------

def test_a_time_word_on_a_why_paragraph_s_next_line_is_background():
    text = _RULE + ("Sieve the slip once, through the 80 mesh.\n\n"
                    "**Why:** a second pass thins it too much and the mugs warp;\n"
                    "yesterday a whole board of them slumped in the bisque.\n"
                    "**How to apply:** one pass, then let it rest overnight,\n"
                    "for now with the lid on, until the new bucket comes.\n")
    assert _time_words(text) == []


def test_the_story_after_a_why_paragraph_in_a_note_is_background():
    text = _NOTE + ("# Kiln\n\nThe vent stays open to 600 degrees.\n\n"
                    "Why: the fumes set off the hall alarm,\n"
                    "and yesterday the caretaker came up twice.\n")
    assert _time_words(text) == []


def test_a_paragraph_after_the_why_is_not_its_reason():
    text = _RULE + ("Sieve the slip once.\n\n"
                    "**Why:** a second pass thins it too much.\n\n"
                    "The 80 mesh sieve is currently cracked at the rim.\n")
    assert _time_words(text) == [10]
    text = _RULE + ("Sieve the slip once.\n\n"
                    "**Why:** a second pass thins it too much.\n"
                    "**Status:** the 80 mesh sieve is currently cracked at the rim.\n")
    assert _time_words(text) == [9]


# -- status said as statements: a plan for tomorrow, a section of the work at hand, a mixed checklist --

def _blocks(text, entry_id="notes.md"):
    from tui.core.judging.status_blocks import status_block_findings
    from tui.core.textutil import without_code
    return [f for f in status_block_findings(entry_id, text, without_code(text)) if f.rule == "status-block"]


def _lines(found):
    return sorted({p.line for f in found for p in (f.places or ())} | {f.line for f in found})


def test_a_plan_for_tomorrow_is_status_in_any_language():
    for line in ("Glaze test failed twice; tomorrow Mara mixes a new batch and we fire again.",
                 "两版釉料都不理想，明天她自己再配一版。",
                 "釉薬は二回とも失敗した。明日もう一度焼く。",
                 "유약 테스트 두 번 실패. 내일 새로 섞어서 다시 굽는다.",
                 "La prueba falló; mañana Mara prepara otra mezcla.",
                 "二号窑即将进入试烧阶段，一号窑已在2026.3.2验收。"):
        (f,) = _blocks(_NOTE + "# Kiln\n\nCone 6, lid propped to 600.\n\n" + line + "\n")
        assert f.line == 10, line


def test_tomorrow_in_a_rule_or_a_name_is_not_a_plan():
    for line in ("If the kiln is still warm, unload it tomorrow, never the same night.",
                 "Always leave the lid propped until tomorrow morning after a glaze firing.",
                 "We read the Kiln Tomorrow newsletter for new glaze recipes.",
                 "Por la mañana la cocción empieza a las seis.",
                 "令牌即将过期时自动刷新。",
                 "第三集钩子：即将揭晓谁偷了钥匙。",
                 # what a program does each day (the second reader's case): a behaviour, not a plan
                 "The reminder job runs at 17:30 and texts every customer whose kiln slot is tomorrow.",
                 "Cada noche el script avisa a los clientes con recogida mañana."):
        assert _blocks(_NOTE + "# Kiln\n\n" + line + "\n") == [], line


def test_a_plan_far_into_its_line_is_quoted_where_it_is_said():
    line = "Cone 6 glaze on the small test tiles cracked in two places near the rim; tomorrow we refire them."
    (f,) = _blocks(_NOTE + "# Kiln\n\n" + line + "\n")
    assert "tomorrow" in f.message, f.message


def test_a_checklist_with_done_and_open_items_is_where_the_work_stood():
    text = _NOTE + ("# Kiln rebuild\n\n- Progress:\n  - ✅ Stage 1: new floor bricks\n  - ✅ Stage 2: walls\n"
                    "  - ⏳ Stage 3: lid hinge\n  - ⏳ Stage 4: controller\n")
    (f,) = _blocks(text)
    assert 11 in _lines([f])
    text = _NOTE + "# Kiln rebuild\n\n- [x] floor bricks\n- [x] walls\n- [ ] lid hinge\n- [ ] controller\n"
    (f,) = _blocks(text)
    assert 10 in _lines([f])


def test_a_checklist_all_done_or_all_open_or_a_do_and_dont_list_is_not():
    assert _blocks(_NOTE + "# Kiln\n\n- ✅ floor bricks\n- ✅ walls\n- ✅ lid hinge\n") == []
    assert _blocks(_NOTE + "# Loading\n\n- [ ] shelves cooled\n- [ ] wadding on every foot\n- [ ] lid propped\n") == []
    assert _blocks(_NOTE + "# Glazing\n\n- ✅ wax the feet\n- ❌ glaze the foot ring\n- ✅ wipe the rim\n- ❌ stack glazed pieces\n") == []


def test_a_status_table_with_a_to_install_row_is_a_progress_table():
    text = _NOTE + ("# Tools\n\n| Tool | Use | 状态 |\n|---|---|---|\n| pyrometer | reads the heat | ✅ on the shelf |\n"
                    "| cone pack | witness cones | ✅ box 3 |\n| vent fan | fumes | ❌ 待安装 |\n| relay | spare | ❌ 待获取 |\n")
    (f,) = _blocks(text)
    assert f.line == 12


def test_a_section_of_the_work_at_hand_or_the_next_step_is_status():
    for head in ("## Current focus", "## 当前开发重点", "## Đang làm", "## 1. 現在の作業焦点 (Current Focus)",
                 "## Next steps", "## 下一步：应用到其他窑", "## Próximos pasos"):
        text = _NOTE + "# Kiln\n\nCone 6, lid propped to 600.\n\n" + head + "\n\n- fit the new relay\n- test the vent\n"
        (f,) = _blocks(text)
        assert f.line == 10, head


def test_a_section_about_current_things_that_last_is_not():
    for head in ("## Current architecture", "## Next.js routing", "## Next steps for a new contributor",
                 "## 当前架构", "## Current limits of the controller"):
        text = _NOTE + "# Kiln\n\nCone 6, lid propped to 600.\n\n" + head + "\n\n- the relay is on pin 4\n- the vent on pin 5\n"
        assert _blocks(text) == [], head


def test_still_open_and_a_blocker_in_capitals_are_open_marks():
    text = _NOTE + ("# Kiln\n\nCone 6.\n\n**BLOCKER — the new relay has not arrived.** Firings wait for it.\n\n"
                    "**Still open (controller):** ramp presets, the vent schedule.\n")
    (f,) = _blocks(text)
    assert _lines([f]) == [10, 12]


def test_a_status_section_lists_the_line_right_under_its_heading():
    text = _NOTE + ("# Kiln\n\nCone 6.\n\n## Estado (2026-03-02)\n\nEl horno nuevo funciona. Falta el ventilador.\n\n"
                    "## Glazes\n\nClear and celadon.\n")
    (f,) = _blocks(text)
    assert _lines([f]) == [10, 12]


def test_a_session_log_s_one_finding_lists_where_it_says_the_moment(tmp_path):
    from conftest import audit_files
    text = ("# Last session summary\n\n> Updated: 2026-03-17\n\n## Done\n- rebuilt the kiln lid\n- new relay fitted\n\n"
            "## Doing now\n- step 2: the vent schedule\n\n## Next steps\n- test firing to cone 6\n")
    found = [f for f in audit_files(tmp_path, {"last_session.md": text}) if f.kind == "process"]
    assert [f.rule for f in found] == ["session-log"]
    lines = [p.line for p in found[0].places]
    assert 10 in lines and 13 in lines


def test_the_day_a_program_compares_against_is_no_moment():
    text = _NOTE + ("# Reminders\n\n- **Reminders:** the app compares each due date with today\n"
                    "- **Como funciona:** calculado no frontend comparando datas com hoje\n"
                    "- 提醒：前端把到期日与今天比较。\n"
                    "- The reminder service is down today.\n")
    assert _time_words(text) == [11]


def test_a_how_to_s_steps_still_say_how_things_stand():
    text = _RULE + ("Sieve the slip once.\n\n"
                    "**How to apply:** before every glaze day:\n"
                    "1. Check the sieve for tears.\n"
                    "2. Pour through it once (currently only the 60 mesh, the 80 is cracked).\n")
    assert _time_words(text) == [10]


def test_an_open_label_over_a_list_is_a_block_with_its_items():
    text = _NOTE + ("# Kiln\n\nCone 6.\n\n**Pending (todo.md):**\n- vent schedule\n- lid hinge: done ✓\n\n"
                    "## Glazes\n\nClear.\n")
    (f,) = _blocks(text)
    assert _lines([f]) == [10, 11]
    assert f.places[0].end == 12


def test_tomorrow_named_quoted_or_defined_is_no_plan():
    for body in ("- Date parsing: hoy/mañana/lunes and month names in four languages\n",
                 'Change the banner text to "Checklist for tomorrow" on the kiln screen.\n',
                 "## Verdicts\n\n- **FIRE** (cone ok): load and fire tonight\n- **WAIT** (cone low): re-check tomorrow\n"
                 "- **SKIP** (cracked): set the piece aside\n"):
        assert _blocks(_NOTE + "# Kiln\n\n" + body) == [], body


def test_a_checklist_in_a_dated_record_is_that_day_s():
    text = _NOTE + "# Kiln rebuild\n\n- [x] floor bricks\n- [x] walls\n- [ ] lid hinge\n"
    assert _blocks(text, "retrospective_2026-05.md") == []


def test_a_passed_next_step_s_finding_lists_the_file_s_moments(tmp_path):
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit_dir
    mem, root = tmp_path / "memory-bank", tmp_path / "proj"
    mem.mkdir()
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_kiln.py").write_text("def test_ok():\n    pass\n", encoding="utf-8")
    (mem / "projectbrief.md").write_text("# Brief\nA kiln controller.\n", encoding="utf-8")
    (mem / "activeContext.md").write_text(
        "# Active context\n\n## Current focus\n\n- Start the test phase: write the first tests.\n\n"
        "## Next steps\n\n1. Create `tests/test_kiln.py` with a first test.\n", encoding="utf-8")
    found = [f for f in audit_dir(str(mem), str(root), git=False, layout=detect(mem).layout.name).findings
             if f.kind == "process"]
    assert [f.rule for f in found] == ["next-step-done"]
    lines = [p.line for p in found[0].places]
    assert lines[0] == 9 and 5 in lines


def test_a_session_log_s_dated_headings_are_places_of_its_one_finding(tmp_path):
    # (after stop 51) a log of sessions under headings dated to the day, the date beside other words
    # ("Session changes — kiln (2026-05-07)", "Was heute (2026-06-22) gemacht wurde"): each heading is
    # one session's record the owner moves out, listed on the log's one finding, no finding of its own
    from conftest import audit_files
    text = ("# Kiln status\n\nCurrent focus (as of 2026-05-07): the vent schedule.\n\n"
            "## Session changes — relay (2026-05-06)\n\n- fitted the new relay\n\n"
            "## Was heute (2026-05-07) gemacht wurde\n\n- Deckel neu gebaut\n\n"
            "## Glazes\n\nClear and celadon, never on the bottom shelf.\n")
    found = [f for f in audit_files(tmp_path, {"kiln_status.md": text}) if f.kind in ("process", "transient")]
    assert [f.rule for f in found] == ["session-log"]
    lines = [p.line for p in found[0].places]
    assert 5 in lines and 9 in lines and 13 not in lines


def test_a_dated_heading_in_a_memory_not_read_as_a_log_is_no_place():
    # a decision dated to the day is a record, not a session: no finding for the heading alone
    from tui.core.judging.status_blocks import status_block_findings
    text = _NOTE + "# Kiln\n\n## Decision (2026-05-06): one relay per kiln\n\nTwo relays tripped together.\n"
    assert status_block_findings("kiln.md", text, text) == []


def test_a_next_step_label_in_capitals_is_one_in_any_language():
    # (after stop 51) "NEXT:" was read in capitals, its words in other languages only as "Próximos pasos:"
    for label in ("**СЛЕДУЮЩИЙ ШАГ**: перебрать реле", "PRÓXIMOS PASOS: cambiar el relé",
                  "**NÄCHSTER SCHRITT:** das Relais tauschen"):
        text = _NOTE + "# Kiln\n\nCone 6, lid propped to 600.\n\n" + label + "\n\n## Glazes\n\nClear.\n"
        assert _lines(_blocks(text)) == [10], label
        inside = _NOTE + ("# Kiln\n\n## Status (2026-03-27)\n\nThe relay clicks.\n\n- vent fitted\n\n"
                          + label + "\n\n## Glazes\n\nClear.\n")
        (f,) = _blocks(inside)
        assert 14 in _lines([f]), label


def test_a_word_in_capitals_inside_a_sentence_is_no_next_step_label():
    text = _NOTE + "# Kiln\n\nEl manual dice SIGUIENTE PASO en la pantalla: pulsa OK.\n"
    assert _blocks(text) == []


def test_next_steps_after_a_how_tos_procedure_go_on_with_it():
    """A reference how-to (numbered steps, then "## Next steps": run a check, ask someone): the
    procedure's next steps each time it is followed, not where work stands (the second reader's case)."""
    howto = ("## Steps\n1. Copy the template kiln profile to a new file.\n2. Set the cone and the hold time.\n\n"
             "## Next steps\nFire a test tile with the new profile, then note the result in the kiln log.\n")
    assert _blocks(_NOTE + howto) == []
    assert _blocks(_NOTE + "## Next steps\nFire a test tile with the new profile, then note the result.\n")
