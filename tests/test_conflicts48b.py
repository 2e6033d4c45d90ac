"""Stop 48 (b): the duplicate and conflict readers' cost and one cause, one finding (issue 36 point 6).

A passage's 3-gram hashes read from the whole entry's are those of its own tokens; the claims of one
long line are read in time that grows with the line, not its square; and two places that repeat a
fact with one value changed are one conflict, never a conflict beside a duplicate. Every text here
is written for the test."""
from __future__ import annotations

import types

from conftest import NOW, growth, write


def _audit(mem_dir, root):
    from tui.core.reports.audit import audit
    from tui.core.snapshots.memory import Snapshot
    return audit(Snapshot.load(mem_dir, root, NOW), git=False, jobs=1).findings


def _read(text):
    from tui.core.judging import passages
    return passages.read(types.SimpleNamespace(body=text, body_line=1))


def _own(toks):
    from tui.core.judging.passages import gram_hashes
    return gram_hashes(toks)


LONG = ("the cold storage sync copies each tenant bucket to the archive region every night and keeps "
        "thirty days of versions before the lifecycle rule expires them")


def test_a_plain_passage_under_a_heading_has_its_own_words_hashes():
    got = _read(f"# Sync\n{LONG}\n\n## Other\nshort line here\n")[1]
    assert got == ((2, _own(LONG.split())),)


def test_a_passage_with_one_code_span_or_path_left_out_has_the_hashes_of_what_is_left():
    text = f"{LONG} using `rclone sync --fast` at the end\nand a second line to close it\n"
    left = (LONG + " using at the end and a second line to close it").split()
    assert _read(text)[1] == ((1, _own(left)),)
    text = f"start here src/app/sync.py {LONG} and `one` more then `two` done"
    left = ("start here " + LONG + " and more then done").split()
    assert _read(text)[1] == ((1, _own(left)),)


def test_a_passage_in_another_script_is_hashed_from_its_own_tokens():
    text = "同步任务每天夜里把每个租户的存储桶复制到归档区域并保留三十天的版本 then the rule expires them all"
    toks = list("同步任务每天夜里把每个租户的存储桶复制到归档区域并保留三十天的版本") + "then the rule expires them all".split()
    assert _read(text)[1] == ((1, _own(toks)),)


def test_the_claims_of_one_long_line_of_versions_and_rules_grow_linearly():
    from tui.core.judging.crossfile import claims

    def line(n):
        return " ".join(f"node 18.{i % 30}.{i % 7} uses python 3.{i % 12} and Always use pnpm{i} in ci" for i in range(n))
    small, big = line(400), line(3200)
    assert len(claims(big)) > 7 * len(claims(small)) > 0
    assert growth(claims, small, big) < 20   # 8x the text: ~8x the time (it was ~64x)


PASSAGE = ("The staging deploy builds the image on the shared runner, pushes it to the private registry, "
           "restarts the workers one by one and runs on Node {v} with the lockfile frozen before any release.")


def test_a_passage_repeated_with_one_value_changed_is_one_conflict_not_a_duplicate_too(mem_dir, root):
    write(mem_dir, "deploy.md", f"---\nname: deploy\n---\n# Deploy\n\n{PASSAGE.format(v=18)}\n")
    write(mem_dir, "runbook.md", f"---\nname: runbook\n---\n# Runbook\n\nBackups are weekly.\n\n{PASSAGE.format(v=20)}\n")
    found = [(f.kind, f.rule) for f in _audit(mem_dir, root) if f.kind in ("conflict", "duplicate")]
    assert [k for k, _ in found] == ["conflict"], found


def test_a_passage_repeated_as_it_stands_is_a_duplicate(mem_dir, root):
    write(mem_dir, "deploy.md", f"---\nname: deploy\n---\n# Deploy\n\n{PASSAGE.format(v=20)}\n")
    write(mem_dir, "runbook.md", f"---\nname: runbook\n---\n# Runbook\n\nBackups are weekly.\n\n{PASSAGE.format(v=20)}\n")
    found = [(f.kind, f.rule) for f in _audit(mem_dir, root) if f.kind in ("conflict", "duplicate")]
    assert [k for k, _ in found] == ["duplicate"], found


def test_a_known_gap_gives_the_hashes_of_what_is_left_wherever_the_span_stands():
    """A line with one span left out is read from the whole's words (the gap's place known, not
    searched for): a span at the start or end of a line, with no words, on a passage's second line,
    or a second span on a later line (two gaps: hashed anew) give the hashes of what is left."""
    cases = [
        (f"`npm run build` {LONG}", LONG),
        (f"{LONG} `x`", LONG),
        (f"{LONG} `--` and then", LONG + " and then"),
        (f"the first line of it\n{LONG} \"a quoted phrase in it\" last", "the first line of it " + LONG + " last"),
        (f"one `a b` two three four\n{LONG} `c` end", "one two three four " + LONG + " end"),
        (f"run run `run run` run {LONG}", "run run run " + LONG),
    ]
    for text, left in cases:
        assert _read(text)[1] == ((1, _own(left.split())),), text
