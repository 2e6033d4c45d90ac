"""Stop 48 (perf48b): prefilters that skip work and change no finding."""
import random

from tui.core.judging import conflicts, run_logs, sensitive, wording
from tui.core.judging.sensitive_i18n import RULES


def test_word_hints_need_a_whole_word_in_ascii_text():
    it = next(i for i, (lang, _, _) in enumerate(wording.TRANSIENT) if lang == "it")
    assert it not in wording._rules_hinted("we turned on debug logging for the worker", False)
    assert it in wording._rules_hinted("il server è giù oggi", False)
    assert it in wording._rules_hinted("oggi: il server è giù", False)


def test_word_hints_keep_every_finding():
    rnd = random.Random(48)
    words = sorted(wording._WORD_HINTS) + ["per ora", "non ancora", "pour l'instant", "im moment", "aujourd'hui"]
    base = ["The deploy is green.\n", "Turned on logging for the hierarchy.\n", "- note: update the gate\n"]
    for _ in range(400):
        text = "".join(rnd.choice(base) for _ in range(4))
        for _ in range(3):
            i, w = rnd.randrange(len(text) + 1), rnd.choice(words)
            text = text[:i] + rnd.choice([w, w.upper(), "x" + w, w + "s", " " + w + " "]) + text[i:]
        low = text.lower()
        old = {i for h in [*(wording.hints.present(low) & wording._ASCII_HINTS)] for i in wording._RULES_OF_HINT[h]}
        new = wording._rules_hinted(low, False)
        assert new <= old
        for i in old - new:   # a rule left out finds nothing there
            assert wording.TRANSIENT[i][2].search(text) is None, (i, text)


def test_spanish_religion_rule_not_tried_on_update():
    es = next(r for r in RULES if r[0] == "religion" and "budista" in r[2] and "hindú" in r[2])
    assert "ate" not in es[2] and {"ateo", "atea"} <= set(es[2])
    assert sensitive.sensitive_findings("a.md", "Run the update and regenerate the docs.\n") == []
    assert [f.rule for f in sensitive.sensitive_findings("a.md", "Pedro es ateo y lo dice.\n")] == ["religion"]


def test_run_log_needs_a_stamp():
    assert run_logs.run_log_findings("a.md", "# Notes\n\nplain words\n") == []
    log = "".join(f"2026-03-0{d} 10:00:0{d} ran the sync\n" for d in range(1, 6))
    assert [f.rule for f in run_logs.run_log_findings("a.md", log)] == ["run-log"]


def test_might_claim_is_the_substring_test():
    rnd = random.Random(7)
    words = list(conflicts._SAID_OR_RULE) + list(conflicts._FORMS)
    for _ in range(2000):
        text = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz 0123\n") for _ in range(rnd.randrange(0, 60)))
        if rnd.random() < 0.5:
            w = rnd.choice(words)
            i = rnd.randrange(len(text) + 1)
            text = text[:i] + w[:rnd.randrange(1, len(w) + 1)] + text[i:]
        want = any(w in text for w in conflicts._SAID_OR_RULE) or conflicts._DIGIT.search(text) is not None and \
            (any(w in text for w in conflicts._FORMS) or conflicts.amount_claims.might_amount(text))
        assert conflicts.might_claim(text) == want


def test_word_hints_belong_to_word_bounded_rules_only():
    for h in wording._WORD_HINTS:
        assert all(wording.TRANSIENT[i][0] in ("es", "pt", "it", "fr", "de") for i in wording._RULES_OF_HINT[h]), h
    assert "oturum" not in wording._WORD_HINTS   # Turkish: 'bu oturumda'
