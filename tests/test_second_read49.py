"""Bugs a second read of stop 49 proved: input shapes that made the audit's status reading and
triage's line reading slow enough to hang a hook (a write gate must answer at once)."""
import time

from tui.core.judging import status_blocks
from tui.core.reports import triage_lines


def _fast(fn, *args, limit=1.0):
    start = time.process_time()
    fn(*args)
    return time.process_time() - start < limit


def test_an_item_with_a_long_run_of_spaces_before_an_open_word_is_read_at_once():
    # inline code blanked to spaces (without_code) before "pending": three quantifiers over spaces
    line = "-" + " " * 3000 + "pending review by ops"
    assert _fast(status_blocks._OPEN_MARK.search, line)
    assert status_blocks._OPEN_MARK.search("- Still pending: the last two tests")


def test_a_huge_joined_line_of_conditioned_states_is_linear():
    assert _fast(triage_lines._is_status, "if it is pending " * 20000)
    assert not triage_lines._is_status("If the job is pending, retry it once.")
