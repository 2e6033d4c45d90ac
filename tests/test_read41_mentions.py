"""Stop 47 second read: a line suffix of thousands of digits ('x.py:1111…', a dump) crashed every
command that reads mentions (ValueError: int of more than 4300 digits; audit exited 3)."""
from __future__ import annotations

from tui.core.mentions import as_path


def test_a_line_number_of_thousands_of_digits_is_no_line_number():
    as_path("src/app.py:" + "1" * 5000, False)   # no ValueError
    assert as_path("src/app.py:" + "1" * 5000, False) is None


def test_a_line_number_still_read():
    m = as_path("src/app.py:42", False)
    assert m is not None and m.line == 42
