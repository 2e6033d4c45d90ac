"""Stop 50 (issue 36), aa50: what the held-out pools of stop 50 showed wrong or missed, fixed by
principle. Every text here is written for the test."""
from conftest import audit_files


def _status(found):
    return [f for f in found if f.rule == "status-block"]


# -- a percentage that bounds a range describes a thing, not where the work stands --------------------

def _blocks(text):
    from tui.core.judging.status_blocks import status_block_findings
    from tui.core.textutil import without_code
    return status_block_findings("notes.md", text, without_code(text))


def test_a_range_of_percentages_in_a_feature_list_is_no_status():
    text = ("## Shipped features\n"
            "- Reading list: books between 10–90% progress show on the shelf, finished ones move to Archive\n"
            "- Night mode follows the system setting\n")
    assert _blocks(text) == []


def test_a_share_of_the_work_done_is_still_a_status():
    text = ("## Shipped features\n"
            "- Reading list rewrite: about 60% done, the sync part is left\n")
    assert len(_blocks(text)) == 1


# -- the status blocks of one file split into parts are one cause --------------------------------------

_SECTIONS = ("# Pottery course notes\n\n"
             "## Current progress (2026-02-11)\n\n"
             "**Overall**: 9/40 lessons (22%)\n"
             "**Current unit**: glazing basics\n\n"
             "## Glazes learned\n\n"
             "- Celadon: thin coat, cone 6\n"
             "- Tenmoku: breaks brown on the rims\n\n"
             "## Lesson log\n\n"
             "- Learned wedging and centring on the wheel, without wobble\n"
             "- **Four new lessons done, progress now 22%**\n\n"
             "## Kiln rules\n\n"
             "- Never open the lid above 200 degrees\n"
             "- Bisque before glaze, always\n")


def _detected(tmp_path, text):
    """The audit of a folder that holds one MEMORY.md of written-in sections, read as the CLI reads
    it (the layout detected: its sections and bullets are the entries); its process findings."""
    from tui.core.layouts import detect
    from tui.core.reports.audit import audit_dir
    mem, root = tmp_path / "mem", tmp_path / "proj"
    mem.mkdir()
    root.mkdir()
    (mem / "MEMORY.md").write_text(text, encoding="utf-8")
    found = detect(mem)
    assert found.layout.name == "openclaw"
    return [f for f in audit_dir(str(mem), str(root), git=False, layout=found.layout.name).findings
            if f.kind == "process"]


def test_status_in_two_parts_of_one_file_is_one_finding(tmp_path):
    found = _detected(tmp_path, _SECTIONS)
    assert len(found) == 1, [(f.id, f.rule, f.line) for f in found]
    (f,) = found
    # both, counted from the top (stop 51: with the line under the first part's heading, where it says its status)
    assert f.line == 3 and sorted(p.line for p in f.places) == [3, 5, 16]


def test_a_part_s_status_places_are_counted_from_the_top_of_the_file(tmp_path):
    text = ("# Pottery course notes\n\n"
            "## Kiln rules\n\n"
            "- Never open the lid above 200 degrees\n\n"
            "## Course\n\n"
            "The Thursday class at the studio, glazing first.\n\n"
            "Status (2026-02-11): unit 3 started, the wheel exam is still pending.\n"
            "Next: book the kiln for the bisque firing.\n")
    (f,) = _detected(tmp_path, text)
    assert f.rule == "status-block"
    assert f.line == 11 and all(p.line >= 11 for p in f.places), [(p.line, p.end) for p in f.places]
    assert "(line 11" in f.message, f.message


# -- a business's public line, with its opening hours, identifies no one ------------------------------

def _phones(text):
    from tui.core.judging.personal_ids import personal_id_findings
    return [f for f in personal_id_findings("venues.md", text) if f.rule == "phone"]


def test_a_venue_s_phone_beside_its_opening_hours_is_no_personal_datum():
    text = ("### Booking desk\n"
            "- Phone: (04) 3381-2260\n"
            "- Open Tue–Sat 10:00-17:30\n")
    assert _phones(text) == []
    text = "### 預約\n- 電話：(04) 3381-2260\n- 營業時間：週二至週六 10:00～17:30\n"
    assert _phones(text) == []


def test_a_person_s_phone_is_still_flagged():
    text = "### Contacts\n- Mirela (landlord), phone: (04) 3381-2260\n- Pays rent on the 5th\n"
    assert len(_phones(text)) == 1


# -- status statements said in a form the rules did not read -----------------------------------------

def test_a_next_label_in_title_case_is_a_plan():
    text = ("## Garden beds (May 2026)\n"
            "- Raised the north bed, new soil mix\n"
            "- Next: move the tomatoes out once nights stay above 10 degrees\n")
    (f,) = _blocks(text)
    assert f.line == 3


def test_a_share_of_the_work_said_complete_in_portuguese_or_spanish_is_a_status():
    assert len(_blocks("**Estado:** ~80% completo, fase de pruebas con los clientes piloto\n")) == 1
    assert len(_blocks("**Situação:** cerca de 70% completa, falta a parte de relatórios\n")) == 1
