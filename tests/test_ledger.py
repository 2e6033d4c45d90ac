"""The trust ledger: the audit on 40 real memory folders nobody here wrote, set against a
person's verdict on each finding (tests/ledger/findings.tsv). Fails when an error-severity
finding appears that the ledger does not mark right, or when a finding marked right goes.

    python tests/bench/ledger_report.py      precision per kind and confidence, tune and held out
"""
from __future__ import annotations

import pytest

from realworld import CORPUS, Key, audit_corpus, read_ledger, read_misses, Judged

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the real-folder corpus is not here ({CORPUS}): "
                                "it lives in ../shared, beside the repository, on developers' machines and CI")


@pytest.fixture(scope="module")
def judged() -> Judged:
    return Judged(audit_corpus(), read_ledger())


def test_every_error_severity_finding_is_one_a_person_marked_right(judged):
    bad = judged.unapproved_errors()
    assert not bad, "error-severity findings the ledger does not mark right (review them with " \
        "tests/bench/ledger_report.py --worksheet):\n" + "\n".join(
            f"  {s.key.folder}/{s.key.file}:{s.line} {s.key.kind} {s.rule} [{judged.verdict(s) or 'unreviewed'}]"
            for s in bad)


def test_no_finding_marked_right_is_lost(judged):
    lost = judged.lost_rights()
    assert not lost, "findings the ledger marks right that the audit no longer gives:\n" + "\n".join(
        f"  {k.folder}/{k.file} {k.kind} {k.line_hash}" for k in lost)


def test_one_finding_per_cause_no_file_carries_more_than_three_of_a_kind(judged):
    """Issue 36: 86 broken links of one index, 44 lines past one cut, 14 paths of one session log
    were each one cause; on every corpus folder (tune and held out: a count, no text is read) no
    (file, kind) pair carries more than 3 findings."""
    from collections import Counter
    counts = Counter((s.key.folder, s.key.file, s.key.kind) for s in judged.seen)
    over = {k: n for k, n in counts.items() if n > 3}
    assert not over, over


def test_the_ledger_is_well_formed():
    ledger = read_ledger()
    assert len(ledger) >= 200
    for k, row in ledger.items():
        assert row["verdict"] in ("right", "wrong", "partly"), row
        assert row["why"].strip(), row
        assert len(k.line_hash) == 12 and all(c in "0123456789abcdef" for c in k.line_hash)
    for m in read_misses():
        assert m["kind"] and m["why"].strip(), m


def test_misses_caught_stay_caught(judged):
    """A miss the ledger records as caught (status found) must still be found."""
    now = {s.key for s in judged.seen}
    for m in read_misses():
        if m.get("status") == "found":
            assert Key(m["folder"], m["file"], m["kind"], m["line_hash"]) in now, m
