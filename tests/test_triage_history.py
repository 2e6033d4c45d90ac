"""Issue 37, stop 39 round 3: a changelog of dated rounds is archive as a whole (triage_history),
even where a line reads as a lesson. Every text here is written for the test (a bicycle-repair shop)."""
from __future__ import annotations

from conftest import write
from test_triage_stop39 import entry, run

ROUNDS = ("## Round 3 (2026-05-02)\n\nRoot cause: the wheel jig drifted; constraint: recalibrate weekly.\n\n"
          "## Round 2 (2026-04-20)\n\nTightened the spoke order; lesson: lace from the valve hole.\n\n"
          "## Round 1 (2026-04-01)\n\nFirst version of the truing steps.\n")


def test_a_changelog_of_dated_rounds_is_archive(mem_dir, root):
    write(mem_dir, "truing-guide-changelog.md", "# truing guide changelog\n\n" + ROUNDS)
    entry(mem_dir, "wheel_history_zh.md", "## 第三轮（2026-05-02）\n\n根因：夹具偏了。\n\n## 第二轮（2026-04-20）\n\n"
          "改了辐条顺序。\n\n## 第一轮（2026-04-01）\n\n初版。", "车轮校正流程的精进记录", title="车轮校正精进记录")
    got = run(mem_dir, root)
    for name in ("truing-guide-changelog.md", "wheel_history_zh.md"):
        d = got[name]
        assert (d.action, d.test) == ("archive", 1), (name, d.action, d.reasons)
        assert "dated rounds" in d.reasons[0], d.reasons


def test_a_design_history_or_a_short_changelog_is_not_archived_by_it(mem_dir, root):
    # a decision record that tells how it was reached, and a changelog of two rounds only
    entry(mem_dir, "wheel-design.md", "## Options (2026-03-01)\n\nA jig or a stand.\n\n## Tried (2026-03-08)\n\n"
          "The stand wobbled.\n\n## Chosen (2026-03-15)\n\nThe jig: it holds 0.1 mm.\n\n**Why:** repeatable.",
          "Full history of the truing design exploration and the final jig decision")
    write(mem_dir, "short-changelog.md", "# short changelog\n\n" + ROUNDS.split("## Round 1")[0])
    got = run(mem_dir, root)
    for name in ("wheel-design.md", "short-changelog.md"):
        assert not any("dated rounds" in r for r in got[name].reasons), (name, got[name].action, got[name].reasons)
