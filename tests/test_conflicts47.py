"""Issue 36 items 5-6 / issue 37 review, stop 47: contradictions of one subject in one scope — an
amount of one setting (a refund window of 14 days and of 30), a rule and its negation ("always
squash-merge" / "never squash-merge", "never deploy from a laptop" / "Deploy … from your laptop"),
a version of one named thing — and never two subjects or two scopes, history or a change. Every
text here is written for the test (a made-up bakery's online shop)."""
from __future__ import annotations

from conftest import ENTRY_FM, audit_files, triage_entry as entry, triaged as run
from tui.core.judging.amount_claims import amounts, same_setting, tells_change
from tui.core.judging.rule_claims import contradict, rules_of


def _conflicts(tmp_path, files):
    return [f for f in audit_files(tmp_path, {k: ENTRY_FM.format(k[:-3]) + v for k, v in files.items()})
            if f.kind == "conflict"]


# -- amounts of one setting ----------------------------------------------------------------------

def test_two_refund_windows_are_one_possible_finding_naming_both(tmp_path):
    got = _conflicts(tmp_path, {"refunds.md": "Cake orders: the refund window is 10 days from pickup.\n",
                                "policy.md": "Refund window: 21 days, as printed on the receipt.\n"})
    assert len(got) == 1, got
    f, = got
    assert f.confidence == "possible" and {p.id for p in f.places} == {"refunds.md", "policy.md"}
    assert "10 days" in f.message and "21 days" in f.message


def test_a_window_said_with_within_meets_the_same_window_named(tmp_path):
    a, = amounts("Customers may ask for a refund within 10 days of pickup.")
    b, = amounts("El plazo de reembolso es de 21 días.") or [None]
    c, = amounts("The refund window is 21 days.")
    assert same_setting(a, c) and not same_setting(a, b)   # (no glossary bridges reembolso: no claim across)


def test_two_windows_of_two_things_or_two_scopes_are_no_conflict(tmp_path):
    assert not _conflicts(tmp_path, {"a.md": "The refund window is 10 days for wedding cakes.\n",
                                     "b.md": "The refund window is 21 days for bread subscriptions.\n",
                                     "c.md": "The free plan keeps invoices for 30 days (retention).\n",
                                     "d.md": "Pro plan retention: 365 days.\n"})


def test_a_measurement_a_bound_a_range_or_history_is_no_setting():
    for text in ("The nightly build takes 12 minutes.", "Refunds reach the card in about 5 days.",
                 "Delivery window: 2-4 days.", "The refund window was 14 days until the new terms.",
                 "We changed the refund window to 30 days.", "Should the refund window be 30 days?",
                 "Login attempts: max 5 por minuto."):
        assert amounts(text) == [], text


def test_a_bare_setting_word_names_no_one_setting(tmp_path):
    assert not _conflicts(tmp_path, {"a.md": "Flour stock: max 20% of the weekly order.\n",
                                     "b.md": "Sugar stock: max 5% of the weekly order.\n"})


def test_amounts_in_cjk_pair_by_their_words():
    a, = amounts("退款期限为14天")
    b, = amounts("退款期限是30天")
    c, = amounts("会话期限 7天")
    assert same_setting(a, b) and not same_setting(a, c)


# -- a rule and its negation ---------------------------------------------------------------------

def test_always_and_never_of_one_verb_are_a_conflict(tmp_path):
    got = _conflicts(tmp_path, {"git.md": "Always rebase-merge pull requests into main.\n",
                                "review.md": "Never rebase-merge: the history must show each review round.\n"})
    assert len(got) == 1 and got[0].confidence == "possible", got


def test_a_forbidden_way_and_an_instruction_doing_it_are_review(mem_dir, root):
    entry(mem_dir, "release.md", "Publish the shop only through the CI job; never publish from a personal laptop.")
    entry(mem_dir, "howto.md", "Publish by running ./publish.sh from your personal laptop.")
    got = run(mem_dir, root)
    assert got["release.md"].action == "review" and "howto.md" in got["release.md"].reasons[0]


def test_two_scopes_two_ways_or_a_condition_are_no_conflict():
    pairs = [("Never stub the oven API in end-to-end tests.", "Always stub the oven API in unit tests."),
             ("Never run the price import by hand.", "Run the price import with `make prices`."),
             ("Never push to main.", "Always push to main after the checks are green."),
             ("The admin always sees every order.", "A baker never sees the order totals.")]
    for a, b in pairs:
        never = frozenset(r.verb for r in rules_of(a) + rules_of(b) if r.sense == "never")
        ra, rb = rules_of(a) + rules_of(a, 0, never), rules_of(b) + rules_of(b, 0, never)
        assert not any(contradict(x, y) for x in ra for y in rb), (a, b)


def test_a_spanish_no_is_a_rule_only_at_the_clause_start():
    assert [r.sense for r in rules_of("No hagas deploy desde el portátil.")] == ["never"]
    assert [r.sense for r in rules_of("No uses la rama main para pruebas.")] == ["never"]
    assert rules_of("There are no classes here, and the cache has no rows.") == []


def test_history_and_quotes_are_no_rule():
    assert rules_of("We used to always squash-merge; now we rebase.") == []
    assert rules_of('The bot replies "never share the recipe" to strangers.') == []


# -- superseding ---------------------------------------------------------------------------------

def test_an_upgrade_line_is_history_not_a_second_version(mem_dir, root):
    entry(mem_dir, "upgrade.md", "We upgraded the till app from Expo SDK 50 to SDK 53 in spring.")
    entry(mem_dir, "stack.md", "The till app is built with Expo SDK 53.")
    got = run(mem_dir, root)
    assert got["upgrade.md"].action != "review" and got["stack.md"].action != "review", (got["upgrade.md"].reasons,
                                                                                        got["stack.md"].reasons)
    assert tells_change("以前は14日だった") and tells_change("antes eran 3 reintentos")


# -- the interval of two jobs that share one word ------------------------------------------------

def test_intervals_of_two_jobs_that_share_one_word_do_not_meet(tmp_path):
    assert not _conflicts(tmp_path, {
        "monitor.md": "- **Poll interval:** 30 s for remote APIs, 1 s for a local file.\n",
        "kiosk.md": "- The order kiosk has no socket, so it polls `GET /orders` every 5 s (an rxjs interval).\n"})


# -- one thing named in two languages ------------------------------------------------------------

def test_built_and_not_built_of_one_thing_named_in_two_languages_are_review(mem_dir, root):
    entry(mem_dir, "inventory_export.md", "The CSV inventory export is built and verified with the supplier's sheet.")
    entry(mem_dir, "exportacion_es.md", "La exportación CSV del inventario no está construida; no la prometas.")
    got = run(mem_dir, root)
    assert got["inventory_export.md"].action == got["exportacion_es.md"].action == "review"


def test_two_things_in_two_languages_stay_apart(mem_dir, root):
    entry(mem_dir, "viewer.md", "The PDF receipt viewer is built and tested.")
    entry(mem_dir, "visor_es.md", "El visor 3D de tartas no está construido.")
    got = run(mem_dir, root)
    assert got["viewer.md"].action != "review" and got["visor_es.md"].action != "review"


# -- more ways to say one window and one rule ----------------------------------------------------

def test_a_window_said_before_its_name_or_as_a_limit_meets_the_named_one(tmp_path):
    got = _conflicts(tmp_path, {"a.md": "Every cake order comes with a 7-day return policy.\n",
                                "b.md": "Return policy: 21 days from pickup.\n"})
    assert len(got) == 1, got
    up_to, = amounts("Refunds: up to 10 days after pickup.")
    named, = amounts("The refund window is 21 days.")
    assert same_setting(up_to, named)


def test_an_estimate_is_no_limit():
    assert amounts("The refund takes about 10 days to reach the card.") == []
    assert amounts("Proofing takes at least 12 hours.") == []


def test_a_day_forbidden_and_a_statement_doing_it_on_that_day_meet(mem_dir, root):
    entry(mem_dir, "freeze.md", "Never deploy on Saturdays: the bakery's busiest day.")
    entry(mem_dir, "release_day.md", "Deploys go out on Saturdays.")
    entry(mem_dir, "weekday.md", "Deploys go out on Tuesdays.")
    got = run(mem_dir, root)
    assert got["freeze.md"].action == got["release_day.md"].action == "review"
    assert got["weekday.md"].action != "review"


def test_two_rates_of_one_tax_meet_and_a_rate_for_one_group_stays_apart(tmp_path):
    for d in ("a", "b", "c"):
        (tmp_path / d).mkdir()
    assert len(_conflicts(tmp_path / "a", {"tax.md": "The IVA rate is 8%.\n", "till.md": "IVA: 21% on every ticket.\n"})) == 1
    assert len(_conflicts(tmp_path / "b", {"a.md": "Card fee: 1.5%\n", "b.md": "The card fee is 2.9%.\n"})) == 1
    assert not _conflicts(tmp_path / "c", {"a.md": "Member discount: 10% for bakers' club members.\n",
                                           "b.md": "Member discount: 5% for staff.\n"})


def test_a_manner_adverb_does_not_hide_a_forbidden_way():
    never, = rules_of("Never publish from main directly.")
    do, = rules_of("Publish with the release script from main.", 0, frozenset({"publish"}))
    assert contradict(never, do)


def test_more_ways_to_say_a_window_meet():
    have, = amounts("Customers have 10 days to return a cake.")
    window, = amounts("Return window: 21 days.")
    period, = amounts("The return period is 21 days.")
    assert same_setting(have, window) and same_setting(have, period)
    assert amounts("We need 5 days to bake the wedding order.") == []


def test_two_times_of_one_scheduled_job_meet_and_another_job_or_day_does_not():
    a, = amounts("The nightly stock export runs at 01:00 UTC.")
    b, = amounts("Stock exports run at 04:30 UTC.")
    c, = amounts("The oven log upload runs at 04:30 UTC.")
    d, = amounts("The stock export runs at 06:00 on Sundays.")
    assert same_setting(a, b) and not same_setting(a, c) and not same_setting(b, d)
    assert amounts("Opening hours 07:00-19:00") == [] and amounts("At 14:32 the oven alarm fired") == []


def test_an_english_no_is_a_statement_of_absence_not_a_rule():
    # "No stop loss" / "no X yet" say what is not there; an instruction starting with the noun is no verb
    # (tried as a rule on the corpus: 13 findings, none right)
    assert rules_of("No stop loss on the sourdough orders.") == []
    assert rules_of("No SV_TIGHT guard yet.") == []
