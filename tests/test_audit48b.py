"""Stop 48 round 2 (issue 36): a word means what it means in its line's language; one reader of
"history / no longer" shared by the claim rules; the owner's own address."""
from tui.core.judging.line_language import reads_as_other
from tui.core.judging.wording import transient_findings


def _days(text, entry="notes.md"):
    return [f for f in transient_findings(entry, text) if f.rule == "time-word"]


def test_german_hier_is_here_not_yesterday():
    text = ("# Hinweise für den Agenten\n\n"
            "Alle hier gesammelten Regeln gelten für jede Sitzung und sind zu befolgen.\n"
            "- (Hier kommen später weitere Regeln hinzu)\n"
            "- Die Build-Skripte liegen hier im Ordner tools.\n")
    assert _days(text) == []


def test_french_hier_still_yesterday():
    text = "# Journal\n\nLe déploiement a échoué hier sur la préproduction, il faut le relancer.\n"
    assert [f.line for f in _days(text)] == [3]


def test_cross_language_homographs():
    # Dutch "hier" (here); a German line never makes the Spanish or Italian word, and the reverse
    assert reads_as_other("De configuratie staat hier in de map van het project", "fr")
    assert reads_as_other("Die Einstellungen sind hier und nicht im Code", "fr")
    assert not reads_as_other("Le serveur est tombé hier et nous avons relancé", "fr")
    assert not reads_as_other("El servidor se cayó hoy por la mañana", "es")
    assert not reads_as_other("Oggi il server non risponde", "it")
    assert not reads_as_other("Heute ist der Server nicht erreichbar", "de")
    # a line with no word of any language: its text decides
    assert reads_as_other("(Hier)", "fr", "Die Datei ist für den Agenten und nicht für Menschen.")
    assert not reads_as_other("(Hier)", "fr", "Le fichier est pour les agents et pas pour les humains.")


def test_day_word_in_a_line_of_another_language_is_no_finding():
    # an English word inside a German sentence, a German one inside an English sentence: read each
    # line in its own language
    text = ("# Notes\n\n"
            "The deploy is blocked today because the staging database is down.\n"
            "Die Übersicht zeigt heute die Zahlen der Woche, nicht mehr.\n")
    lines = sorted(f.line for f in _days(text))
    assert 3 in lines


def test_until_and_instead_open_rules_not_history():
    from tui.core.judging.rule_claims import _HISTORY, rules_of
    rule_claims_history = _HISTORY.search
    assert rules_of("Never merge a branch until CI is green", 1)
    assert not rule_claims_history("Always use pnpm instead of npm in this repo")
    assert rules_of("Never push to main; this used to be allowed", 1) == []


def test_one_history_core_read_by_every_claim_rule():
    from tui.core.judging import amount_claims, manifest_claims, rule_claims
    said = ["The build no longer runs on Vite 4", "We used to pin Vite 4 here", "~~Vite 4~~ dropped",
            "El plan ya no usa Vite 4", "此前的方案不再使用 Vite 4"]
    for line in said:
        for rx in (rule_claims._HISTORY, amount_claims._CHANGE, amount_claims._NOT_NOW, manifest_claims._HISTORY):
            assert rx.search(line), (rx, line)
    # the readers' own words stay theirs
    assert amount_claims._CHANGE.search("actualizado a 5 minutos") and amount_claims._NOT_NOW.search("maybe 5 min?")
    assert not rule_claims._HISTORY.search("Never deploy until the smoke tests pass")


def _git_repo(root, remote, email=None):
    import subprocess
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "remote", "add", "origin", remote], check=True)
    if email:
        subprocess.run(["git", "-C", str(root), "config", "user.email", email], check=True)


def test_owner_handle_as_address_is_not_personal(tmp_path):
    from conftest import ENTRY_FM, write
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    _git_repo(root, "git@github.com:quillfen7-labs/ledger-notes.git", email="qf.commits@mailbox.org")
    mem = root / ".claude" / "memory"
    write(mem, "user_mail.md", ENTRY_FM.format("mail") + "Reports go to quillfen7@gmail.com every Friday.\n"
                                "Commits are signed as qf.commits@mailbox.org.\n")
    write(mem, "project_team.md", ENTRY_FM.format("team") + "Invoices: ask dora.ventris@posteo.de first.\n")
    emails = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.rule == "email"]
    assert [f.id for f in emails] == ["project_team.md"], emails


def test_no_repository_spares_no_address(tmp_path):
    from conftest import ENTRY_FM, write
    from tui.core.reports.audit import audit_dir
    root = tmp_path / "proj"
    root.mkdir()
    mem = tmp_path / "memory"
    write(mem, "user_mail.md", ENTRY_FM.format("mail") + "Reports go to quillfen7@gmail.com every Friday.\n")
    emails = [f for f in audit_dir(str(mem), str(root), git=False).findings if f.rule == "email"]
    assert [f.id for f in emails] == ["user_mail.md"]


def test_owner_names_from_remote_urls():
    from tui.core.judging.owner_mail import _OWNER, is_owners
    for url in ("https://github.com/quillfen7/notes.git", "git@gitlab.com:quillfen7/notes.git",
                "ssh://git@codeberg.org/quillfen7/notes"):
        assert _OWNER.match(url).group("owner") == "quillfen7"
    owners = frozenset({"quillfen7-labs"})
    assert is_owners("quillfen7@gmail.com", owners, frozenset())
    assert is_owners("quillfen7+ci@proton.me", owners, frozenset())
    assert not is_owners("quill@gmail.com", frozenset({"quill-labs"}), frozenset())   # too short to tell
    assert not is_owners("dora.ventris@posteo.de", owners, frozenset())
