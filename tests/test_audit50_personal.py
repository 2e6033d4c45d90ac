"""Stop 50 (issue 36 item 5): a person's mobile number as France, the UK and Germany write it (no label
needed, possible), a German phone label, and a home address after a label that says it is one's home;
their look-alikes (an id, a build, a SKU or a version in a phone's shape; a firm's address, an address
field's rule, a host). Texts written for these tests, numbers made up."""
import pytest

from tui.core.judging.personal_ids import personal_id_findings


def _found(line):
    return [(f.rule, f.confidence) for f in personal_id_findings("people.md", f"# People\n\n{line}\n")]


@pytest.mark.parametrize("line,level", [
    ("Ring Odile on 06 73 18 42 95 when the van is late.", "possible"),
    ("Odile: 06.73.18.42.95", "possible"),
    ("He is on 07832 615904.", "possible"),
    ("Backup contact +44 7832 615904", "possible"),
    ("Jonas erreichbar unter 0157 62839417", "possible"),
    ("Handy: 0157 62839417", "high"),
    ("Portable de Odile : 06 12 35 48 79", "high"),   # (climbing groups, but a phone's label names it one)
])
def test_a_mobile_as_its_country_writes_it_is_a_phone(line, level):
    assert _found(line) == [("phone", level)]


@pytest.mark.parametrize("line", [
    "Build 07832 615904 is the last green one.",
    "SKU 0157 62839417 is the 2 kg bag.",
    "Firmware version 06.73.18.42.95 ships next.",
    "Order # 06 73 18 42 95 was refunded.",
    "Test number: 06 12 34 56 78",
])
def test_an_other_number_in_a_phones_shape_is_not(line):
    assert _found(line) == []


@pytest.mark.parametrize("line", [
    "Home address: 9 Rua das Flores, 2º esq, 1200-195 Lisboa",
    "- **Domicilio**: Calle Río Duero 17, 4ºC, 47014 Valladolid",
    "She lives at 48 Larch Avenue, Leeds LS6 2QB.",
    "住址：杭州市西湖区文三路 77 号 2 单元 301",
    "自宅: 大阪府吹田市江坂町3-5-12",
    "집 주소: 서울시 마포구 월드컵로 12길 34",
])
def test_a_home_address_after_its_label_is_possible(line):
    assert _found(line) == [("home-address", "possible")]


@pytest.mark.parametrize("line", [
    "The bakery's shop is at 3 Mill Lane, Leeds (on its website).",
    "Domicilio fiscal de la empresa: Calle Mayor 5, Madrid",
    "Home address field: max 120 characters, checked on save.",
    "住址字段最多 120 个字符。",
    "The config lives at ~/.config/bakery/settings.json",
    "The API lives at 10.0.4.12:8443",
    "Home page: https://bakery.example.org/home/2026",
])
def test_what_is_not_someones_home_is_not(line):
    assert _found(line) == []


@pytest.mark.parametrize("line", [
    "- Home address: required, up to 120 characters, validated server-side",
    "- Morada: campo obrigatório, no máximo 120 caracteres",
    "- 住址：必填，最多 100 字",
    "- 自宅: 週3日（月・水・金）",
    "- Domicilio: obligatorio, máximo 80 caracteres",
    "- 집 주소: 필수, 최대 100자",
])
def test_a_home_address_field_s_rule_or_a_schedule_is_no_address(line):
    """(stop 50, a second reader) the label alone is not enough: its value must read as a place."""
    assert _found(line) == []


@pytest.mark.parametrize("line", [
    "Sprint review weeks are 06 08 10 12 14 this half.",
    "Lotto draw kept for the demo: 07 13 22 38 41",
    "Pages to reprint: 06 11 19 27 33",
])
def test_a_list_of_numbers_in_a_mobile_s_shape_is_no_phone(line):
    """(stop 50, a second reader) groups climbing one after another are a list, not a number to ring."""
    assert _found(line) == []
