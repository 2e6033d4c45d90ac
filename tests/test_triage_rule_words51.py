"""Issue 37, stop 51, test 2: the words a rule is made of in Romanian and Turkish (always, never,
mandatory, forbidden), as in the other languages read: the user's guidance written in them is a
rule someone set. Texts written for these tests, never copied."""
from __future__ import annotations

from conftest import triage_entry as entry, triaged as run
from tui.core.reports.triage_rules import is_rule


def test_romanian_and_turkish_rule_words():
    assert is_rule("Rulează INTOTDEAUNA testele înainte de commit.")
    assert is_rule("Nu folosi niciodată npm în acest proiect.")
    assert is_rule("Testleri commit öncesi her zaman çalıştır.")
    assert is_rule("Üretim veritabanına asla elle yazma.")
    assert not is_rule("Proiectul folosește Django și PostgreSQL.")
    assert not is_rule("Proje Django ve PostgreSQL kullanıyor.")


def test_romanian_guidance_with_a_topic_headline_is_promoted(mem_dir, root):
    entry(mem_dir, "feedback_lucru.md",
          "Verificare inainte de livrare: Ana vrea INTOTDEAUNA testele verzi inainte de merge.\n"
          "**Why:** a pierdut o zi cu un build rupt.\n**How to apply:** ruleaza suita completa inainte de PR.",
          "Reguli de lucru cu Ana", type_="feedback", title="Feedback lucru Ana")
    got = run(mem_dir, root)["feedback_lucru.md"]
    assert got.action == "promote", (got.action, got.reasons)


def test_a_long_romanian_guidance_that_says_who_wants_it_is_promoted(mem_dir, root):
    entry(mem_dir, "feedback_reguli.md",
          "Teste inainte de merge: Ana vrea testele verzi inainte de orice merge.\n"
          "**Why:** a pierdut o zi cu un build rupt.\n**How to apply:** ruleaza suita completa inainte de PR.\n\n"
          "Commit-uri mici: Ana a cerut explicit commit-uri de cel mult 300 de linii.\n"
          "**Why:** review-urile mari se blocheaza.\n**How to apply:** imparte munca in pasi mici.\n\n"
          "Fara costuri: Ana a cerut doar servicii gratuite.\n"
          "**Why:** proiect personal, fara buget.\n**How to apply:** propune doar planuri gratuite.",
          "Reguli de lucru deduse din discutiile cu Ana", type_="feedback", title="Feedback reguli Ana")
    got = run(mem_dir, root)["feedback_reguli.md"]
    assert got.action == "promote", (got.action, got.reasons)
