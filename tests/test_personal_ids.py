"""Issue 36 item 5 (stop 36): phone numbers in local formats and national numbers whose check
digits hold are found; look-alike numbers (versions, ids, ISBNs, fillers, URLs) are not. Own text."""
from __future__ import annotations

import pytest

from tui.core.judging.personal_ids import personal_id_findings

FOUND = [
    ("담당자 김민수 010-3847-2915", "phone", "high"), ("携帯: 090-4821-7736", "phone", "high"),
    ("Contato: (11) 98372-4410", "phone", "high"), ("móvil +34 612 384 907", "phone", "high"),
    ("手机 13917284635", "phone", "high"), ("电话：139 1728 4635", "phone", "high"),
    ("phone 415 882 3917", "phone", "high"), ("Office (Abay av. 10, +7 727 271-05-13)", "phone", "possible"),
    ("CPF 529.982.247-25", "government-id", "high"),
    ("DNI 48392017V", "government-id", "high"), ("주민번호 900101-1234568", "government-id", "high"),
]
CLEAN = ["010-0000-0000", "010-1234-5678", "version 1.2.3-45", "order id 13917284635", "build 2026-04-16 12:30",
         "timeout 30000 ms", "ISBN 978-3-16-148410-0", "port 5432, pid 90817", "https://x.io/p/010-3847-2915",
         "sample id 529.982.247-26", "file 48392017V.png", "사업자등록번호: 220-81-62518", "DNI 12345678Z",
         # stop 49: a business registration number is public by law (shown in every shop's footer), even
         # when its check digit holds: an owner's look-alike, not a personal datum
         "상호 한빛상사 | 사업자등록번호: 220-81-62517", "사업자번호 220-81-62517 (통신판매업 신고)"]


@pytest.mark.parametrize("line,rule,confidence", FOUND)
def test_found(line, rule, confidence):
    [f] = personal_id_findings("a.md", line)
    assert (f.rule, f.confidence) == (rule, confidence)


@pytest.mark.parametrize("line", CLEAN)
def test_look_alikes_stay_clean(line):
    assert personal_id_findings("a.md", line) == []
