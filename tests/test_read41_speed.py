"""Stop 47 second read: three readers added this stop grew with the square of one long line
(a 24 KB line cost an audit 5-14 s); each is linear now, and still reads its own cases."""
from __future__ import annotations

from conftest import growth

from tui.core.judging import amount_claims, owner_context, rule_claims


def test_a_list_of_states_is_read_in_linear_time():
    # a long line of slashes (a path list, a dump) used to be tried from every letter: 4x the
    # line cost 16x (a 24 KB line took 14 s in an audit)
    def run(n):
        line = "ab/ab/" * n + "ab1"
        owner_context.in_state_list(line, 0, 2)
    assert growth(run, 500, 2000) < 8


def test_a_list_of_states_still_found():
    line = "Estado: hecho / pendiente / descartado"
    at = line.index("pendiente")
    assert owner_context.in_state_list(line, at, at + len("pendiente"))
    line = "done | in progress | blocked"
    at = line.index("in progress")
    assert owner_context.in_state_list(line, at, at + len("in progress"))
    line = "pending / blocked by the bank"
    assert not owner_context.in_state_list(line, 0, len("pending"))


def test_amounts_of_one_long_line_are_read_in_linear_time():
    def run(n):
        amount_claims.amounts("window 5 days x " * n)
    assert growth(run, 300, 1200) < 8


def test_amounts_still_read():
    a = amount_claims.amounts("The refund window is 14 days.")
    assert [x.shown for x in a] == ["14 days"]
    assert amount_claims.amounts("Retention: 5 days or 7 days") == []   # two side by side: no one value


def test_rules_of_one_long_clause_are_read_in_linear_time():
    def run(n):
        rule_claims.rules_of("Never be " + "cashiers never be " * n)
    assert growth(run, 250, 1000) < 8


def test_rules_still_read():
    r = rule_claims.rules_of("Cashiers must never see cost")
    assert [(x.sense, x.verb, sorted(x.who)) for x in r] == [("never", "see", ["cashier"])]
